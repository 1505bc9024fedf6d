package schedule

import (
	"testing"
	"time"
)

// FuzzNextDeadline checks the documented rule's invariants for any opening
// moment and policy: the deadline is at least HourLength later (strictly later
// with only At), never on a weekend with WeekdaysOnly, and shows At unless a
// clock change jumped over it.
func FuzzNextDeadline(f *testing.F) {
	f.Add(int64(1774728000), int64(24*60), "21:00", 0, true) // London spring change
	f.Add(int64(1793502000), int64(0), "01:30", 1, false)    // New York autumn change
	f.Add(int64(1775851200), int64(48*60), "", 2, true)      // Friday evening, weekdays
	f.Add(int64(1767225600), int64(90), "02:30", 3, true)    // Lord Howe's half-hour change
	zones := []string{"Europe/London", "America/New_York", "UTC", "Australia/Lord_Howe"}
	f.Fuzz(func(t *testing.T, openedUnix, minutes int64, at string, zone int, weekdays bool) {
		if openedUnix < 0 || openedUnix > 4e9 || minutes < 0 || minutes > 60*24*30 {
			return
		}
		p := Policy{HourLength: time.Duration(minutes) * time.Minute, At: at, Zone: zones[uint(zone)%uint(len(zones))], WeekdaysOnly: weekdays}
		if p.Validate() != nil {
			return
		}
		loc, _ := p.Location()
		opened := time.Unix(openedUnix, 0)
		d := NextDeadline(p, opened)
		if d.Sub(opened) < p.HourLength || (p.HourLength == 0 && !d.After(opened)) {
			t.Fatalf("%+v opened %s: deadline %s too soon", p, opened.UTC(), d.UTC())
		}
		local := d.In(loc)
		if p.WeekdaysOnly && weekend(local.Weekday()) && (p.At != "" || local.Format("15:04:05") != "00:00:00") {
			t.Fatalf("%+v opened %s: deadline %s on a weekend", p, opened.UTC(), local)
		}
		if p.At != "" {
			h, m, _ := parseAt(p.At)
			if local.Hour() != h || local.Minute() != m {
				_, before := d.Add(-3 * time.Hour).In(loc).Zone()
				_, after := local.Zone()
				if after <= before {
					t.Fatalf("%+v opened %s: deadline %s does not show %s", p, opened.UTC(), local, p.At)
				}
			}
		}
	})
}

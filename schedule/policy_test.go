package schedule

import (
	"strings"
	"testing"
	"time"
)

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		p    Policy
		want string // "" for valid, else a fragment of the error
	}{
		{"hours only", Policy{HourLength: 48 * time.Hour}, ""},
		{"at only", Policy{At: "21:00", Zone: "Europe/London"}, ""},
		{"both", Policy{HourLength: 24 * time.Hour, At: "9:30", Zone: "America/New_York", WeekdaysOnly: true,
			Grace: time.Hour, ReminderBefore: time.Hour, ChangeOfMind: time.Minute}, ""},
		{"zero", Policy{}, "needs an hour length"},
		{"negative hours", Policy{HourLength: -time.Hour}, "negative"},
		{"hour 25", Policy{At: "25:00"}, "HH:MM"},
		{"am/pm", Policy{At: "9pm"}, "HH:MM"},
		{"bad zone", Policy{HourLength: time.Hour, Zone: "Mars/Olympus"}, "Mars/Olympus"},
		{"negative grace", Policy{HourLength: time.Hour, Grace: -1}, "grace"},
		{"negative reminder", Policy{HourLength: time.Hour, ReminderBefore: -1}, "reminder"},
		{"negative change of mind", Policy{HourLength: time.Hour, ChangeOfMind: -1}, "change-of-mind"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case tc.want != "" && err == nil:
				t.Fatalf("Validate() = nil, want error containing %q", tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Fatalf("Validate() = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// Daylight-saving changes in 2026:
// Europe/London      29 Mar 01:00 GMT -> 02:00 BST; 25 Oct 02:00 BST -> 01:00 GMT.
// America/New_York    8 Mar 02:00 EST -> 03:00 EDT;  1 Nov 02:00 EDT -> 01:00 EST.
func TestNextDeadline(t *testing.T) {
	const (
		london = "Europe/London"
		ny     = "America/New_York"
	)
	tests := []struct {
		name   string
		p      Policy
		opened string
		want   string
	}{
		{"48 hours", Policy{HourLength: 48 * time.Hour},
			"2026-04-06T10:00:00Z", "2026-04-08T10:00:00Z"},
		{"hours are real time across London spring change", Policy{HourLength: 24 * time.Hour, Zone: london},
			"2026-03-28T21:00:00Z", "2026-03-29T21:00:00Z"}, // 21:00 GMT -> 22:00 BST
		{"hours are real time across New York autumn change", Policy{HourLength: 24 * time.Hour, Zone: ny},
			"2026-11-01T01:00:00Z", "2026-11-02T01:00:00Z"}, // Sat 21:00 EDT -> Sun 20:00 EST
		{"at: later the same day", Policy{At: "21:00", Zone: london},
			"2026-03-28T12:00:00Z", "2026-03-28T21:00:00Z"},
		{"at: strictly after opening", Policy{At: "21:00", Zone: london},
			"2026-03-28T21:00:00Z", "2026-03-29T20:00:00Z"}, // Sun 21:00 BST
		{"at with minimum met exactly across London spring change", Policy{HourLength: 24 * time.Hour, At: "21:00", Zone: london},
			"2026-03-28T20:00:00Z", "2026-03-29T20:00:00Z"},
		{"at with minimum pushes to next day", Policy{HourLength: 24 * time.Hour, At: "21:00", Zone: london},
			"2026-04-06T19:00:00Z", "2026-04-07T20:00:00Z"}, // opened 20:00 BST, earliest Tue 20:00 BST
		{"at with two-day minimum", Policy{HourLength: 48 * time.Hour, At: "21:00"},
			"2026-04-06T22:00:00Z", "2026-04-09T21:00:00Z"}, // earliest Wed 22:00
		{"at in London autumn: the same wall time, an hour later in UTC", Policy{At: "21:00", Zone: london},
			"2026-10-24T21:00:00Z", "2026-10-25T21:00:00Z"}, // Sat 22:00 BST -> Sun 21:00 GMT
		{"at in London spring gap is shifted by the gap", Policy{At: "01:30", Zone: london},
			"2026-03-28T12:00:00Z", "2026-03-29T01:30:00Z"}, // 02:30 BST
		{"at in London autumn overlap is the first", Policy{At: "01:30", Zone: london},
			"2026-10-24T12:00:00Z", "2026-10-25T00:30:00Z"}, // 01:30 BST, not 01:30 GMT
		{"at in New York spring", Policy{At: "21:00", Zone: ny},
			"2026-03-08T03:00:00Z", "2026-03-09T01:00:00Z"}, // Sat 22:00 EST -> Sun 21:00 EDT
		{"at in New York autumn", Policy{At: "21:00", Zone: ny},
			"2026-11-01T02:00:00Z", "2026-11-02T02:00:00Z"}, // Sat 22:00 EDT -> Sun 21:00 EST
		{"at in New York spring gap", Policy{At: "02:30", Zone: ny},
			"2026-03-07T17:00:00Z", "2026-03-08T07:30:00Z"}, // 03:30 EDT
		{"at in New York autumn overlap is the first", Policy{At: "01:30", Zone: ny},
			"2026-10-31T17:00:00Z", "2026-11-01T05:30:00Z"}, // 01:30 EDT, not 01:30 EST
		{"weekdays: clock stops over the weekend", Policy{HourLength: 48 * time.Hour, WeekdaysOnly: true},
			"2026-04-10T20:00:00Z", "2026-04-14T20:00:00Z"}, // Fri 4h + Mon 24h + Tue 20h
		{"weekdays: opened on Saturday starts Monday", Policy{HourLength: 24 * time.Hour, WeekdaysOnly: true},
			"2026-04-11T10:00:00Z", "2026-04-14T00:00:00Z"},
		{"weekdays: ends at Friday midnight exactly", Policy{HourLength: 4 * time.Hour, WeekdaysOnly: true},
			"2026-04-10T20:00:00Z", "2026-04-11T00:00:00Z"},
		{"weekdays: weekend in zone, with London spring change", Policy{HourLength: 24 * time.Hour, WeekdaysOnly: true, Zone: london},
			"2026-03-27T12:00:00Z", "2026-03-30T11:00:00Z"}, // Fri 12h; Mon 00:00 BST + 12h = 12:00 BST
		{"weekdays: weekend in New York, not UTC", Policy{HourLength: 2 * time.Hour, WeekdaysOnly: true, Zone: ny},
			"2026-04-11T02:00:00Z", "2026-04-11T04:00:00Z"}, // Fri 22:00 EDT + 2h = Sat 00:00 EDT
		{"weekdays: at skips the weekend", Policy{At: "21:00", Zone: london, WeekdaysOnly: true},
			"2026-04-10T20:30:00Z", "2026-04-13T20:00:00Z"}, // Fri 21:30 BST -> Mon 21:00 BST
		{"weekdays: at with minimum", Policy{HourLength: 24 * time.Hour, At: "21:00", Zone: ny, WeekdaysOnly: true},
			"2026-04-10T02:00:00Z", "2026-04-14T01:00:00Z"}, // Thu 22:00 EDT; earliest Fri 22:00 -> Mon 21:00 EDT
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.p.Validate(); err != nil {
				t.Fatal(err)
			}
			got := NextDeadline(tc.p, utc(tc.opened))
			if want := utc(tc.want); !got.Equal(want) {
				t.Errorf("NextDeadline(%s) = %s, want %s", tc.opened, got.UTC().Format(time.RFC3339), tc.want)
			}
			if tc.p.At != "" {
				loc, _ := tc.p.Location()
				// Every At deadline shows At on the wall clock, except in a spring gap.
				if w := got.In(loc).Format("15:04"); w != tc.p.At && !strings.Contains(tc.name, "gap") {
					t.Errorf("deadline shows %s on the wall clock, want %s", w, tc.p.At)
				}
			}
			if tc.p.WeekdaysOnly {
				loc, _ := tc.p.Location()
				if wd := got.In(loc).Weekday(); weekend(wd) && got.In(loc).Format("15:04") != "00:00" {
					t.Errorf("deadline on a %s", wd)
				}
			}
		})
	}
}

// Over a year of hours, At deadlines always show At and always leave at least
// HourLength, across both daylight-saving changes.
func TestNextDeadlineYear(t *testing.T) {
	for _, zone := range []string{"Europe/London", "America/New_York", "Australia/Lord_Howe"} {
		p := Policy{HourLength: 20 * time.Hour, At: "02:30", Zone: zone, WeekdaysOnly: true}
		loc, err := p.Location()
		if err != nil {
			t.Fatal(err)
		}
		opened := utc("2026-01-01T00:00:00Z")
		for i := 0; i < 300; i++ {
			d := NextDeadline(p, opened)
			if d.Sub(opened) < p.HourLength {
				t.Fatalf("%s: opened %s, deadline %s is less than %s later", zone, opened, d, p.HourLength)
			}
			if weekend(d.In(loc).Weekday()) {
				t.Fatalf("%s: deadline %s on a weekend", zone, d.In(loc))
			}
			if w := d.In(loc).Format("15:04"); w != p.At {
				// Only a spring-forward gap may move it, and then forward.
				_, before := d.Add(-3 * time.Hour).In(loc).Zone()
				_, after := d.In(loc).Zone()
				if after <= before {
					t.Fatalf("%s: deadline %s shows %s, want %s", zone, d.In(loc), w, p.At)
				}
			}
			opened = d.Add(time.Hour)
		}
	}
}

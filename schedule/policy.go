package schedule

import (
	"errors"
	"fmt"
	"time"
	_ "time/tzdata" // zones known even on hosts without a zoneinfo database
)

// The sides, in the order every function visits them.
const (
	USA = "usa"
	CSA = "csa"
)

// Sides lists the sides in their fixed order.
var Sides = [...]string{USA, CSA}

// Policy says how a game's deadlines fall. The zero Policy is not valid: set
// HourLength, At, or both.
type Policy struct {
	// HourLength is the time allowed between one hour's opening and its
	// deadline. With At set it is the least time allowed instead.
	HourLength time.Duration
	// At is an optional fixed time of day ("21:00", 24-hour clock) in Zone on
	// which every deadline falls.
	At string
	// Zone is the IANA time zone of At and of WeekdaysOnly ("Europe/London").
	// Empty means UTC.
	Zone string
	// WeekdaysOnly stops the clock on Saturdays and Sundays (in Zone): no
	// deadline falls on them and their time does not count toward HourLength.
	WeekdaysOnly bool
	// Grace is how long past the deadline a late side may still send orders
	// before the hour is resolved without them.
	Grace time.Duration
	// ReminderBefore is how long before the deadline the sides that have not
	// sent orders are reminded. Zero sends no reminders.
	ReminderBefore time.Duration
	// ChangeOfMind is how long the hour stays open after both sides have sent
	// orders, so either may still send a replacement.
	ChangeOfMind time.Duration
}

// Validate reports the first thing wrong with p.
func (p Policy) Validate() error {
	if p.HourLength < 0 {
		return errors.New("schedule: hour length is negative")
	}
	if p.HourLength == 0 && p.At == "" {
		return errors.New("schedule: policy needs an hour length, a fixed time of day (At), or both")
	}
	if p.At != "" {
		if _, _, err := parseAt(p.At); err != nil {
			return err
		}
	}
	if _, err := p.Location(); err != nil {
		return err
	}
	switch {
	case p.Grace < 0:
		return errors.New("schedule: grace is negative")
	case p.ReminderBefore < 0:
		return errors.New("schedule: reminder lead time is negative")
	case p.ChangeOfMind < 0:
		return errors.New("schedule: change-of-mind delay is negative")
	}
	return nil
}

// Location loads p.Zone (UTC when empty).
func (p Policy) Location() (*time.Location, error) {
	return loadZone(p.Zone)
}

func loadZone(zone string) (*time.Location, error) {
	if zone == "" {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return nil, fmt.Errorf("schedule: time zone %q: %w", zone, err)
	}
	return loc, nil
}

// parseAt reads "HH:MM" (a single-digit hour is allowed).
func parseAt(at string) (hour, minute int, err error) {
	t, err := time.Parse("15:04", at)
	if err != nil {
		return 0, 0, fmt.Errorf("schedule: time of day %q: want HH:MM (24-hour clock)", at)
	}
	return t.Hour(), t.Minute(), nil
}

// NextDeadline returns the deadline of an hour opened at opened. p must be
// valid (see Validate); an unknown zone is taken as UTC and a malformed At is
// ignored.
//
// The rule, exactly:
//
//   - Without At, the deadline is opened + HourLength of elapsed real time, so
//     a daylight-saving change moves the wall-clock time of the deadline.
//   - With At and HourLength > 0, the deadline is the first moment showing At
//     on the wall clock in Zone that is at or after opened + HourLength.
//   - With At and HourLength = 0, it is the first such moment strictly after
//     opened.
//   - WeekdaysOnly: time on Saturdays and Sundays (midnight to midnight in
//     Zone) does not count toward HourLength, and an At deadline never falls on
//     them. An hour opened at the weekend starts counting on Monday at 00:00.
//   - An At that does not exist on a given day (the clocks spring forward over
//     it) is taken as the same wall time on the old offset, which the new
//     offset shows one gap later (01:30 becomes 02:30 BST in London). An At
//     that occurs twice (the clocks fall back over it) is the first of the two.
func NextDeadline(p Policy, opened time.Time) time.Time {
	loc, err := p.Location()
	if err != nil {
		loc = time.UTC
	}
	earliest := opened
	if p.HourLength > 0 {
		earliest = addHours(opened, p.HourLength, p.WeekdaysOnly, loc)
	}
	if p.At == "" {
		if p.HourLength == 0 {
			return opened // not valid; documented as undefined, kept harmless
		}
		return earliest
	}
	hour, minute, err := parseAt(p.At)
	if err != nil {
		return earliest
	}
	e := earliest.In(loc)
	y, m, d := e.Date()
	// A deadline is at most a week and a day past earliest (weekend skipping
	// plus one day for At already passed); the bound only guards the loop.
	for i := 0; i < 400; i++ {
		day := time.Date(y, m, d+i, 12, 0, 0, 0, loc)
		if p.WeekdaysOnly && weekend(day.Weekday()) {
			continue
		}
		c := wallTime(day.Year(), day.Month(), day.Day(), hour, minute, loc)
		if c.After(earliest) || (p.HourLength > 0 && c.Equal(earliest)) {
			return c
		}
	}
	return earliest
}

func weekend(d time.Weekday) bool { return d == time.Saturday || d == time.Sunday }

// wallTime is the instant showing hh:mm on date y-m-d in loc, resolving the
// daylight-saving cases as NextDeadline documents. Go's time.Date leaves the
// choice in those cases unspecified, so the candidates are tried explicitly:
// the wall time read as UTC, shifted by each offset in force around that day.
func wallTime(y int, m time.Month, d, hh, mm int, loc *time.Location) time.Time {
	naive := time.Date(y, m, d, hh, mm, 0, 0, time.UTC)
	_, before := naive.Add(-26 * time.Hour).In(loc).Zone()
	_, after := naive.Add(26 * time.Hour).In(loc).Zone()
	var best time.Time
	for _, off := range []int{before, after} {
		c := naive.Add(-time.Duration(off) * time.Second).In(loc)
		if c.Hour() != hh || c.Minute() != mm {
			continue
		}
		if yy, mo, dd := c.Date(); yy != y || mo != m || dd != d {
			continue
		}
		if best.IsZero() || c.Before(best) {
			best = c
		}
	}
	if best.IsZero() {
		// In the spring-forward gap: the old offset's reading.
		best = naive.Add(-time.Duration(before) * time.Second).In(loc)
	}
	return best
}

// addHours adds d of counted time to t; with weekdaysOnly, time on Saturdays
// and Sundays in loc is not counted.
func addHours(t time.Time, d time.Duration, weekdaysOnly bool, loc *time.Location) time.Time {
	if !weekdaysOnly {
		return t.Add(d)
	}
	t = t.In(loc)
	for i := 0; i < 100000; i++ {
		y, m, dd := t.Date()
		next := time.Date(y, m, dd+1, 0, 0, 0, 0, loc) // start of tomorrow
		if weekend(t.Weekday()) {
			t = next
			continue
		}
		if left := next.Sub(t); d <= left {
			return t.Add(d)
		} else {
			d -= left
		}
		t = next
	}
	return t
}

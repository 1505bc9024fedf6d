package schedule

import (
	"reflect"
	"testing"
	"time"
)

func TestDue(t *testing.T) {
	p := Policy{HourLength: 48 * time.Hour, Grace: 12 * time.Hour, ReminderBefore: 6 * time.Hour, ChangeOfMind: time.Hour}
	opened := utc("2026-04-06T21:00:00Z")
	deadline := opened.Add(48 * time.Hour)
	remindAt := deadline.Add(-6 * time.Hour)
	graceEnds := deadline.Add(12 * time.Hour)
	at := func(d time.Duration) time.Time { return opened.Add(d) }

	type subs = map[string]time.Time
	none := Sent{}
	reminded := func(sides ...string) Sent {
		s := Sent{Reminded: map[string]bool{}}
		for _, x := range sides {
			s.Reminded[x] = true
		}
		return s
	}
	tests := []struct {
		name      string
		p         Policy
		submitted subs
		sent      Sent
		now       time.Time
		want      Decision
	}{
		{"just opened: wait for the reminder time", p, nil, none, at(time.Hour),
			Decision{Wait: remindAt}},
		{"reminder time: remind both, usa first", p, nil, none, remindAt,
			Decision{Remind: []string{USA, CSA}, Wait: deadline}},
		{"reminder time, usa in: remind csa only", p, subs{USA: at(time.Hour)}, none, remindAt.Add(time.Minute),
			Decision{Remind: []string{CSA}, Wait: deadline}},
		{"usa already reminded", p, nil, reminded(USA), remindAt.Add(time.Hour),
			Decision{Remind: []string{CSA}, Wait: deadline}},
		{"both reminded: nothing until the deadline", p, nil, reminded(USA, CSA), remindAt.Add(time.Hour),
			Decision{Wait: deadline}},
		{"a zero time is no orders", p, subs{USA: {}}, none, remindAt,
			Decision{Remind: []string{USA, CSA}, Wait: deadline}},
		{"no reminders configured", Policy{HourLength: 48 * time.Hour, Grace: time.Hour}, nil, none, remindAt,
			Decision{Wait: deadline}},
		{"reminder would fall before the hour opened", Policy{HourLength: 48 * time.Hour, ReminderBefore: 49 * time.Hour, Grace: 12 * time.Hour},
			nil, none, at(time.Minute), Decision{Wait: deadline}},
		{"both in: change of mind still open", p, subs{USA: at(2 * time.Hour), CSA: at(3 * time.Hour)}, none, at(3*time.Hour + 30*time.Minute),
			Decision{Wait: at(4 * time.Hour)}},
		{"both in: change of mind over", p, subs{USA: at(2 * time.Hour), CSA: at(3 * time.Hour)}, none, at(4 * time.Hour),
			Decision{Resolve: true}},
		{"both in: a replacement restarts the change of mind", p, subs{USA: at(3*time.Hour + 50*time.Minute), CSA: at(3 * time.Hour)}, none, at(4 * time.Hour),
			Decision{Wait: at(4*time.Hour + 50*time.Minute)}},
		{"both in just before the deadline: the deadline comes first", p, subs{USA: deadline.Add(-30 * time.Minute), CSA: deadline.Add(-10 * time.Minute)}, none, deadline.Add(-5 * time.Minute),
			Decision{Wait: deadline}},
		{"both in, deadline passed: resolve without waiting", p, subs{USA: deadline.Add(-30 * time.Minute), CSA: deadline.Add(-10 * time.Minute)}, none, deadline,
			Decision{Resolve: true}},
		{"deadline passed, csa late: grace notice", p, subs{USA: at(time.Hour)}, reminded(CSA), deadline,
			Decision{GraceStarted: true, Late: []string{CSA}, Wait: graceEnds}},
		{"grace notice already sent", p, subs{USA: at(time.Hour)}, Sent{GraceNotice: true}, deadline.Add(time.Hour),
			Decision{Late: []string{CSA}, Wait: graceEnds}},
		{"no reminders past the deadline", p, nil, none, deadline.Add(time.Minute),
			Decision{GraceStarted: true, Late: []string{USA, CSA}, Wait: graceEnds}},
		{"late side sends orders in the grace: resolve", p, subs{USA: at(time.Hour), CSA: deadline.Add(2 * time.Hour)}, Sent{GraceNotice: true}, deadline.Add(2 * time.Hour),
			Decision{Resolve: true}},
		{"grace over: resolve without the late side", p, subs{USA: at(time.Hour)}, Sent{GraceNotice: true}, graceEnds,
			Decision{Resolve: true, Late: []string{CSA}}},
		{"no grace: resolve at the deadline", Policy{HourLength: 48 * time.Hour}, subs{CSA: at(time.Hour)}, none, deadline,
			Decision{Resolve: true, Late: []string{USA}}},
		{"nobody in, long past: resolve", p, nil, none, graceEnds.Add(24 * time.Hour),
			Decision{Resolve: true, Late: []string{USA, CSA}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Due(tc.p, opened, deadline, tc.submitted, tc.sent, tc.now)
			tc.want.GraceEnds = deadline.Add(tc.p.Grace)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Due at %s\n got  %+v\n want %+v", tc.now.Sub(opened), got, tc.want)
			}
		})
	}
}

func TestDueWithoutDeadline(t *testing.T) {
	p := Policy{At: "21:00", Grace: time.Hour, ReminderBefore: time.Hour, ChangeOfMind: 10 * time.Minute}
	opened := utc("2026-04-06T21:00:00Z")
	both := map[string]time.Time{USA: opened.Add(time.Hour), CSA: opened.Add(2 * time.Hour)}
	for _, tc := range []struct {
		name      string
		submitted map[string]time.Time
		now       time.Time
		want      Decision
	}{
		{"nothing in, a year on", nil, opened.Add(365 * 24 * time.Hour), Decision{}},
		{"one side in", map[string]time.Time{CSA: opened}, opened.Add(time.Hour), Decision{}},
		{"both in, change of mind open", both, opened.Add(2*time.Hour + time.Minute), Decision{Wait: opened.Add(2*time.Hour + 10*time.Minute)}},
		{"both in, change of mind over", both, opened.Add(3 * time.Hour), Decision{Resolve: true}},
	} {
		if got := Due(p, opened, time.Time{}, tc.submitted, Sent{}, tc.now); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// A daemon on a fake clock that sleeps until each Wait: every notice goes out
// exactly once, and the hour resolves exactly once, at the right moment.
func TestDueLoop(t *testing.T) {
	p := Policy{At: "21:00", HourLength: 24 * time.Hour, Zone: "Europe/London", Grace: 6 * time.Hour, ReminderBefore: 12 * time.Hour, ChangeOfMind: 30 * time.Minute}
	opened := utc("2026-03-27T21:00:00Z") // Friday; the clocks change on Sunday
	deadline := NextDeadline(p, opened)
	if want := utc("2026-03-28T21:00:00Z"); !deadline.Equal(want) {
		t.Fatalf("deadline %s, want %s", deadline, want)
	}
	tests := []struct {
		name      string
		usaAt     time.Time // zero: never
		csaAt     time.Time
		resolveAt time.Time
		reminders map[string]int
		grace     int
	}{
		{"both early", opened.Add(time.Hour), opened.Add(2 * time.Hour), opened.Add(150 * time.Minute), map[string]int{}, 0},
		{"csa after the reminder", opened.Add(time.Hour), deadline.Add(-time.Hour), deadline.Add(-30 * time.Minute), map[string]int{CSA: 1}, 0},
		{"csa in the grace", opened.Add(time.Hour), deadline.Add(time.Hour), deadline.Add(time.Hour), map[string]int{CSA: 1}, 1},
		{"csa never", opened.Add(time.Hour), time.Time{}, deadline.Add(6 * time.Hour), map[string]int{CSA: 1}, 1},
		{"nobody", time.Time{}, time.Time{}, deadline.Add(6 * time.Hour), map[string]int{USA: 1, CSA: 1}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sent := Sent{Reminded: map[string]bool{}}
			reminders := map[string]int{}
			grace := 0
			now := opened
			arrivals := []struct {
				side string
				at   time.Time
			}{{USA, tc.usaAt}, {CSA, tc.csaAt}}
			for step := 0; step < 50; step++ {
				submitted := map[string]time.Time{}
				for _, a := range arrivals {
					if !a.at.IsZero() && !a.at.After(now) {
						submitted[a.side] = a.at
					}
				}
				d := Due(p, opened, deadline, submitted, sent, now)
				for _, s := range d.Remind {
					reminders[s]++
					sent.Reminded[s] = true
				}
				if d.GraceStarted {
					grace++
					sent.GraceNotice = true
				}
				if d.Resolve {
					if !now.Equal(tc.resolveAt) {
						t.Errorf("resolved at %s, want %s", now, tc.resolveAt)
					}
					if !reflect.DeepEqual(reminders, tc.reminders) || grace != tc.grace {
						t.Errorf("reminders %v grace %d, want %v and %d", reminders, grace, tc.reminders, tc.grace)
					}
					return
				}
				if !d.Wait.After(now) {
					t.Fatalf("Wait %s is not after now %s", d.Wait, now)
				}
				// Sleep until Wait, or until mail arrives.
				next := d.Wait
				for _, a := range arrivals {
					if a.at.After(now) && a.at.Before(next) {
						next = a.at
					}
				}
				now = next
			}
			t.Fatal("never resolved")
		})
	}
}

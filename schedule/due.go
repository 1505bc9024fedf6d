package schedule

import "time"

// Sent is what the daemon has already sent for the open hour, so that each
// notice goes out once. It records it after acting on a Decision.
type Sent struct {
	// Reminded holds the sides already reminded this hour.
	Reminded map[string]bool
	// GraceNotice is true once the grace-period notice has gone out.
	GraceNotice bool
}

// Decision is what the daemon should do now about one open hour.
type Decision struct {
	// Resolve: resolve the hour now. Sides without orders have none (NMR).
	Resolve bool
	// Remind lists the sides to remind now that their orders are due.
	Remind []string
	// GraceStarted: the deadline has passed with orders missing; tell the
	// sides in Late that they have until GraceEnds.
	GraceStarted bool
	// Late lists the sides without orders once the deadline has passed.
	Late []string
	// GraceEnds is deadline + Grace: when the hour is resolved regardless.
	GraceEnds time.Time
	// Wait is the next moment this decision would change if no orders
	// arrive (after the daemon has acted on this one); sleep until then, or
	// until mail comes. Zero when Resolve is set, and when only mail can
	// change anything (an hour without a deadline).
	Wait time.Time
}

// Due decides what the daemon should do at now about the hour opened at
// opened with the given deadline. submitted holds, per side, when that side's
// latest orders arrived (missing or zero: none yet); sent says which notices
// have gone out.
//
// In order of precedence:
//
//   - Resolve when both sides have orders in and either ChangeOfMind has
//     passed since the later of them or the deadline has passed (past the
//     deadline nobody waits for a change of mind).
//   - Resolve when deadline + Grace has passed, whoever has orders in.
//   - Past the deadline (within the grace): GraceStarted, once, naming the
//     Late sides. No reminders go out past the deadline.
//   - From deadline − ReminderBefore until the deadline: Remind the sides
//     without orders not yet reminded. No reminder is due if that moment is
//     not after opened (the hour's opening mail says as much).
//
// A zero deadline means the hour has none: it resolves only once both sides'
// orders are in and ChangeOfMind has passed, and Wait is zero while orders are
// missing (nothing but mail changes the decision).
func Due(p Policy, opened, deadline time.Time, submitted map[string]time.Time, sent Sent, now time.Time) Decision {
	var missing []string
	var last time.Time
	for _, s := range Sides {
		t := submitted[s]
		if t.IsZero() {
			missing = append(missing, s)
			continue
		}
		if t.After(last) {
			last = t
		}
	}
	allIn := len(missing) == 0
	graceEnds := deadline.Add(p.Grace)
	d := Decision{GraceEnds: graceEnds}

	mindMade := last.Add(p.ChangeOfMind)
	if deadline.IsZero() {
		// No deadline: only the players' orders move the hour on.
		d.GraceEnds = time.Time{}
		if allIn && !now.Before(mindMade) {
			d.Resolve = true
		} else if allIn {
			d.Wait = mindMade
		}
		return d
	}
	if allIn && (!now.Before(mindMade) || !now.Before(deadline)) {
		d.Resolve = true
		return d
	}
	if !now.Before(graceEnds) {
		d.Resolve = true
		d.Late = missing
		return d
	}

	var wake []time.Time
	if allIn {
		wake = append(wake, mindMade, deadline)
	}
	if !now.Before(deadline) {
		d.Late = missing
		if !sent.GraceNotice {
			d.GraceStarted = true
		}
	} else {
		remindAt := deadline.Add(-p.ReminderBefore)
		if p.ReminderBefore > 0 && remindAt.After(opened) && !allIn {
			pending := false
			for _, s := range missing {
				if sent.Reminded[s] {
					continue
				}
				if now.Before(remindAt) {
					pending = true
				} else {
					d.Remind = append(d.Remind, s)
				}
			}
			if pending {
				wake = append(wake, remindAt)
			}
		}
		wake = append(wake, deadline)
	}
	wake = append(wake, graceEnds)
	for _, w := range wake {
		if w.After(now) && (d.Wait.IsZero() || w.Before(d.Wait)) {
			d.Wait = w
		}
	}
	return d
}

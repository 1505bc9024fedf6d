package shiloh1862

import (
	"github.com/shiloh-pbem/pbem/adjudicator"
)

// endOfHour closes the hour: the Army of the Ohio check at Day 1 6PM (9.1), the
// victory check after each day's 6PM hour (8.0), the end of the scenario, and the
// advance to the next hour. A finished game keeps the last hour played in st.Hour.
func (h *hour) endOfHour() {
	hr := h.st.Hour
	if hr == Day1Last {
		h.checkOhioBarred()
	}
	pts := h.st.Points()
	h.rep.Points = pts
	if winner, decided, why := victoryAt(hr, pts); decided {
		h.st.Over, h.st.Winner = true, winner
		h.event(Event{Kind: EvVictory, Side: winner, Winner: winner, Points: pts, Rule: "8.0"}.told(why))
	} else if !none(why) {
		h.event(Event{Kind: EvVictory, Points: pts, Rule: "8.0"}.told(why))
	}
	if !h.st.Over && hr >= h.sc.End {
		h.st.Over = true
		h.event(Event{Kind: EvVictory, Points: pts, Rule: "8.0"}.told(
			because("ev.scenario-ends", adjudicator.TextArg("hour", hr.String()), adjudicator.IntArg("usa", pts[0]), adjudicator.IntArg("csa", pts[1]))))
	}
	h.rep.Over, h.rep.Winner = h.st.Over, h.st.Winner
	if !h.st.Over {
		h.st.Hour++
	}
}

// victoryAt applies 8.0 after the 6PM hour of a day: Day 1 needs a difference of 10
// or more, Day 2 of 1 or more and the USA wins a tie. why explains a check that was
// made, decided or not; it is empty in other hours.
func victoryAt(hr Hour, pts [2]int) (winner Side, decided bool, why reason) {
	u, c := pts[USA.Index()], pts[CSA.Index()]
	usa, csa := adjudicator.IntArg("usa", u), adjudicator.IntArg("csa", c)
	switch hr {
	case Day1Last:
		switch {
		case u-c >= 10:
			return USA, true, because("ev.day1-usa-wins", usa, csa, adjudicator.IntArg("by", u-c))
		case c-u >= 10:
			return CSA, true, because("ev.day1-csa-wins", usa, csa, adjudicator.IntArg("by", c-u))
		}
		return NoSide, false, because("ev.day1-no-victory", usa, csa)
	case Day2Last:
		if c-u >= 1 {
			return CSA, true, because("ev.day2-csa-wins", usa, csa, adjudicator.IntArg("by", c-u))
		}
		return USA, true, because("ev.day2-usa-wins", usa, csa)
	}
	return NoSide, false, reason{}
}

// checkOhioBarred: if all three landings are CSA-friendly at the end of Day 1 6PM,
// the Army of the Ohio blocks not yet arrived never arrive (9.1).
func (h *hour) checkOhioBarred() {
	n := 0
	for _, a := range h.sc.Map.Areas {
		if !a.Landing {
			continue
		}
		n++
		if s, _ := h.control(a.ID); s != CSA {
			return
		}
	}
	if n == 0 {
		return
	}
	h.st.OhioBarred = true
	var barred []BlockID
	for _, ar := range h.sc.Arrivals {
		if !arrivalByLanding(&ar) {
			continue
		}
		for _, id := range ar.Blocks {
			if b := h.block(id); b != nil && b.Where == Pending {
				h.place(b, Absent, "")
				barred = append(barred, id)
			}
		}
		h.markArrivalDone(ar.ID)
	}
	h.event(Event{Kind: EvOhioBarred, Side: USA, Blocks: barred, Rule: "9.1"}.told(
		because("ev.ohio-barred")))
}

// arrivalByLanding reports whether a group enters at a landing of the owner's choice
// (the Army of the Ohio, 9.1).
func arrivalByLanding(ar *Arrival) bool {
	for _, o := range ar.Options {
		if o.Landing {
			return true
		}
	}
	return false
}

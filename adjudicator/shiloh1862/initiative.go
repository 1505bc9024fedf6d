package shiloh1862

import (
	"github.com/shiloh-pbem/pbem/adjudicator"
)

// initiative decides Player 1 for the hour (2.1, 9.2, 9.3.1), or lets the holder of
// the Planned Initiative marker choose when that optional rule is on (2.1 sidebar).
func (h *hour) initiative() {
	hr := h.st.Hour
	holder := NoSide
	if h.st.Options.PlannedInitiative {
		holder = h.plannedInitiative()
	}
	for _, s := range Sides {
		if h.orders(s).Initiative == InitiativeAny || s == holder {
			continue
		}
		why := because("why.no-planned-initiative")
		if holder != NoSide {
			why = because("why.marker-held", adjudicator.SideArg("side", holder))
		}
		h.result(Result{Side: s, Order: OrderRef{Kind: "initiative"}, Status: Unused, Rule: "2.1", Why: why})
	}
	if holder != NoSide {
		return
	}
	switch hr {
	case Day1First, Day2First:
		h.p1 = initialMarker(hr) // the side the day's first hour favours
		why := because("why.first-hour",
			adjudicator.SideArg("side", h.p1), adjudicator.TextArg("hour", hr.String()))
		h.rep.Initiative = Initiative{Player1: h.p1, Why: why}
		h.event(Event{Kind: EvInitiative, Side: h.p1, Rule: "2.1"})
		return
	}
	var rolls [2]int
	for _, s := range Sides {
		a := h.d.roll(because("throw.initiative", adjudicator.SideArg("side", s), adjudicator.IntArg("die", 1)))
		b := h.d.roll(because("throw.initiative", adjudicator.SideArg("side", s), adjudicator.IntArg("die", 2)))
		rolls[s.Index()] = a + b
	}
	tie := tieWinner(hr)
	u, c := rolls[USA.Index()], rolls[CSA.Index()]
	var why reason
	switch {
	case u != c:
		h.p1 = USA
		if c > u {
			h.p1 = CSA
		}
		hi, lo := rolls[h.p1.Index()], rolls[h.p1.Enemy().Index()]
		why = because("why.rolled",
			adjudicator.SideArg("side", h.p1), adjudicator.IntArg("roll", hi), adjudicator.SideArg("other", h.p1.Enemy()), adjudicator.IntArg("other-roll", lo))
	default:
		h.p1 = tie
		rule := "2.1"
		switch {
		case hr.IsNight():
			rule = "9.2"
		case hr.Day() == 2:
			rule = "9.3.1"
		}
		why = because("why.tie",
			adjudicator.IntArg("roll", u), adjudicator.SideArg("side", tie), adjudicator.TextArg("rule", rule))
	}
	h.rep.Initiative = Initiative{Rolls: rolls, Player1: h.p1, Why: why}
	h.event(Event{Kind: EvInitiative, Side: h.p1, Rule: "2.1"})
}

// tieWinner is the side that wins initiative ties: CSA on Day 1 and at night (2.1,
// 9.2), USA on Day 2 (9.3.1).
func tieWinner(hr Hour) Side {
	if hr.Day() == 2 {
		return USA
	}
	return CSA
}

// initialMarker is who holds the Planned Initiative marker at the start of a day:
// CSA on Day 1, USA on Day 2 (2.1 sidebar).
func initialMarker(hr Hour) Side {
	if hr.Day() == 2 {
		return USA
	}
	return CSA
}

// plannedInitiative returns the marker holder, who chooses to be Player 1 or 2 (optional 2.1).
// Choosing Player 1 passes the marker to the other side for the next hour; choosing
// Player 2 keeps it. A holder who sent no choice takes Player 1. The marker replaces
// the roll in every hour, 7AM included (the day's first holder is the side the 7AM
// exception favours, so the default gives the same result).
func (h *hour) plannedInitiative() Side {
	hr := h.st.Hour
	holder := h.st.InitiativeMarker
	if holder == NoSide || hr == Day1First || hr == Day2First {
		holder = initialMarker(hr)
	}
	choice := h.orders(holder).Initiative
	var why reason
	if choice == InitiativeSecond {
		h.p1 = holder.Enemy()
		h.st.InitiativeMarker = holder
		why = because("why.marker-kept", adjudicator.SideArg("side", holder))
	} else {
		h.p1 = holder
		h.st.InitiativeMarker = holder.Enemy()
		code := "why.marker-passes"
		if choice == InitiativeAny {
			code = "why.marker-passes.taken"
		}
		why = because(code, adjudicator.SideArg("side", holder), adjudicator.SideArg("to", holder.Enemy()))
	}
	h.rep.Initiative = Initiative{Player1: h.p1, Why: why}
	h.event(Event{Kind: EvInitiative, Side: h.p1, Rule: "2.1"})
	h.result(Result{Side: holder, Order: OrderRef{Kind: "initiative"}, Status: Executed, Rule: "2.1", Why: why})
	return holder
}

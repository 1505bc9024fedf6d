package shiloh1862

import (
	"sort"
	"strconv"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file deploys off-board arrivals at the start of their side's movement (5.6),
// with Lew Wallace's choice of road (5.61) and the Army of the Ohio's landings (9.1).

// PittsburgLanding is the landing the Army of the Ohio uses by default (9.1).
const PittsburgLanding AreaID = "pittsburg_landing"

// arrivalAttackLimit is the battle limit of an arrival attacking into its entry area
// from off the map (5.6).
const arrivalAttackLimit = 3

// arrivalOption picks the option a group uses this hour, or nil when it is not due.
// It records a Lew Wallace style choice in the state. choiceMade reports whether the
// group is waiting for a later option by choice.
func (h *hour) arrivalOption(ar *Arrival) (opt *ArrivalOption, waiting bool) {
	hr := h.st.Hour
	if len(ar.Options) == 0 {
		return nil, false
	}
	if len(ar.Options) == 1 || ar.Options[0].Choice == "" {
		for i := range ar.Options {
			if ar.Options[i].Hour <= hr {
				return &ar.Options[i], false
			}
		}
		return nil, false
	}
	earliest := ar.Options[0].Hour
	for _, o := range ar.Options {
		if o.Hour < earliest {
			earliest = o.Hour
		}
	}
	if hr < earliest {
		return nil, false
	}
	choice := ""
	for _, c := range h.st.ArrivalChoices {
		if c.Arrival == ar.ID {
			choice = c.Choice
		}
	}
	if choice == "" {
		// Default (docs/ENGINE.md): the earliest option due now whose area is friendly
		// or vacant; if none is, wait for the latest option.
		var pick *ArrivalOption
		for i := range ar.Options {
			o := &ar.Options[i]
			if o.Hour > hr {
				continue
			}
			if c, contested := h.control(o.Area); !contested && c != ar.Side.Enemy() {
				if pick == nil || o.Hour < pick.Hour {
					pick = o
				}
			}
		}
		if pick == nil {
			pick = &ar.Options[len(ar.Options)-1]
			for i := range ar.Options {
				if ar.Options[i].Hour > pick.Hour {
					pick = &ar.Options[i]
				}
			}
		}
		choice = pick.Choice
	}
	h.setArrivalChoice(ar.ID, choice)
	o := findChoice(ar, choice)
	if o.Hour > hr {
		return nil, true
	}
	return o, false
}

func findChoice(ar *Arrival, choice string) *ArrivalOption {
	for i := range ar.Options {
		if ar.Options[i].Choice == choice {
			return &ar.Options[i]
		}
	}
	return nil
}

func (h *hour) setArrivalChoice(id, choice string) {
	for i := range h.st.ArrivalChoices {
		if h.st.ArrivalChoices[i].Arrival == id {
			h.st.ArrivalChoices[i].Choice = choice
			return
		}
	}
	h.st.ArrivalChoices = append(h.st.ArrivalChoices, ArrivalChoice{Arrival: id, Choice: choice})
	sort.Slice(h.st.ArrivalChoices, func(i, j int) bool { return h.st.ArrivalChoices[i].Arrival < h.st.ArrivalChoices[j].Arrival })
}

func (h *hour) markArrivalDone(id string) {
	for _, d := range h.st.ArrivalsDone {
		if d == id {
			return
		}
	}
	h.st.ArrivalsDone = append(h.st.ArrivalsDone, id)
	sort.Strings(h.st.ArrivalsDone)
}

func (h *hour) arrivalDone(id string) bool {
	for _, d := range h.st.ArrivalsDone {
		if d == id {
			return true
		}
	}
	return false
}

// landingFor picks the Army of the Ohio group's landing (9.1): the owner's choice if
// friendly or vacant, else Pittsburg Landing if friendly or vacant, else the first
// friendly or vacant landing by id; "" when every landing is enemy or contested.
func (h *hour) landingFor(ar *Arrival) AreaID {
	open := func(a AreaID) bool {
		area := h.sc.Map.Area(a)
		if area == nil || !area.Landing {
			return false
		}
		c, contested := h.control(a)
		return !contested && c != ar.Side.Enemy()
	}
	for i, l := range h.orders(ar.Side).Landings {
		if l.Arrival != ar.ID {
			continue
		}
		h.mv.ordersUsed["landing"+strconv.Itoa(i)] = true
		ref := OrderRef{Kind: "landing", Index: i, Line: l.Line}
		if open(l.Area) {
			h.result(Result{Side: ar.Side, Order: ref, Status: Executed, Rule: "9.1"})
			return l.Area
		}
		st, why := Dropped, because("why.not-a-landing", placeArg("place", l.Area))
		switch a := h.sc.Map.Area(l.Area); {
		case a == nil:
			st, why = Invalid, unknownArea(l.Area)
		case a.Landing:
			why = because("why.landing-closed", placeArg("place", l.Area))
		}
		h.result(Result{Side: ar.Side, Order: ref, Status: st, Rule: "9.1", Why: why})
	}
	if open(PittsburgLanding) {
		return PittsburgLanding
	}
	for _, a := range h.sc.Map.Areas {
		if open(a.ID) {
			return a.ID
		}
	}
	return ""
}

// deployArrivals places the side's arrival groups due this hour in their entry area
// (5.6). A group whose entry area is enemy is held, unless some of its blocks have
// attack orders into that area: up to three of them attack from off the map (battle
// entries with an empty From); the rest stay off the map.
func (h *hour) deployArrivals(t *turn) {
	h.mv.ordersUsed = map[string]bool{}
	h.mv.held = map[BlockID]reason{}
	h.mv.arrivedNow = map[BlockID]string{}
	h.recordArrivalChoices(t)
	o := h.orders(t.side)
	for i := range h.sc.Arrivals {
		ar := &h.sc.Arrivals[i]
		if ar.Side != t.side || h.arrivalDone(ar.ID) {
			continue
		}
		pending := h.st.pending(ar.Blocks)
		if len(pending) == 0 {
			h.markArrivalDone(ar.ID)
			continue
		}
		opt, waiting := h.arrivalOption(ar)
		if opt == nil {
			if waiting {
				for _, id := range pending {
					h.mv.held[id] = because("why.arrival-waits", unitArg("unit", id))
				}
				h.event(Event{Kind: EvArrivalHeld, Side: t.side, Blocks: pending, Rule: "5.61"}.told(
					because("ev.arrival-waits", adjudicator.TextArg("arrival", ar.ID))))
			}
			continue
		}
		area := opt.Area
		rule := "5.6"
		if opt.Landing {
			rule = "9.1"
			area = h.landingFor(ar)
			if area == "" {
				for _, id := range pending {
					h.mv.held[id] = because("why.no-landing", unitArg("unit", id))
				}
				h.event(Event{Kind: EvArrivalHeld, Side: t.side, Blocks: pending, Rule: "9.1"}.told(
					because("ev.no-landing", adjudicator.TextArg("arrival", ar.ID))))
				continue
			}
		} else if opt.Choice != "" {
			rule = "5.61"
		}
		hold := -1
		for k, id := range o.HoldArrivals {
			if id == ar.ID {
				hold = k
				h.mv.ordersUsed["hold"+strconv.Itoa(k)] = true
			}
		}
		c, contested := h.control(area)
		if !contested && c != t.side.Enemy() {
			for _, id := range pending {
				h.mv.arrivedNow[id] = ar.ID
			}
			if hold >= 0 {
				h.result(Result{Side: t.side, Order: OrderRef{Kind: "arrival-hold", Index: hold}, Status: Illegal, Rule: "5.6",
					Why: adjudicator.Say("why.hold-not-enemy", placeArg("place", area))})
			}
			h.placeArrivals(ar, pending, area)
			h.event(Event{Kind: EvArrival, Side: t.side, Blocks: pending, Area: area, Rule: rule})
			h.markArrivalDone(ar.ID)
			continue
		}
		if hold >= 0 {
			h.result(Result{Side: t.side, Order: OrderRef{Kind: "arrival-hold", Index: hold}, Status: Executed, Rule: "5.6",
				Why: adjudicator.Say("why.held-back", placeArg("place", area))})
		}
		h.arrivalAttack(t, ar, pending, area)
	}
	h.unusedArrivalOrders(t)
}

// findArrival returns the arrival group with the id, or nil.
func (h *hour) findArrival(id string) *Arrival {
	for i := range h.sc.Arrivals {
		if h.sc.Arrivals[i].ID == id {
			return &h.sc.Arrivals[i]
		}
	}
	return nil
}

// recordArrivalChoices records the side's option choices (Lew Wallace's road, 5.61)
// for groups still to arrive; a choice may be changed until the group arrives.
func (h *hour) recordArrivalChoices(t *turn) {
	for i, c := range h.orders(t.side).ArrivalChoices {
		ref := OrderRef{Kind: "arrival", Index: i}
		ar := h.findArrival(c.Arrival)
		switch {
		case ar == nil || ar.Side != t.side:
			h.result(Result{Side: t.side, Order: ref, Status: Invalid, Rule: "5.61",
				Why: adjudicator.Say("why.not-your-arrival", quotedArg("arrival", c.Arrival))})
		case findChoice(ar, c.Choice) == nil || len(ar.Options) < 2:
			h.result(Result{Side: t.side, Order: ref, Status: Invalid, Rule: "5.61",
				Why: adjudicator.Say("why.no-such-option", adjudicator.TextArg("arrival", ar.ID), quotedArg("option", c.Choice))})
		case h.arrivalDone(ar.ID):
			h.result(Result{Side: t.side, Order: ref, Status: Unused, Rule: "5.61",
				Why: adjudicator.Say("why.arrival-done", adjudicator.TextArg("arrival", ar.ID))})
		default:
			h.setArrivalChoice(ar.ID, c.Choice)
			h.result(Result{Side: t.side, Order: ref, Status: Executed, Rule: "5.61",
				Why: adjudicator.Say("why.arrival-option", adjudicator.TextArg("arrival", ar.ID), adjudicator.TextArg("option", c.Choice))})
		}
	}
}

// unusedArrivalOrders reports landing and hold orders that did not apply this hour.
func (h *hour) unusedArrivalOrders(t *turn) {
	o := h.orders(t.side)
	report := func(kind, key string, i, line int, id string) {
		if h.mv.ordersUsed[key+strconv.Itoa(i)] {
			return
		}
		ref := OrderRef{Kind: kind, Index: i, Line: line}
		if ar := h.findArrival(id); ar == nil || ar.Side != t.side {
			h.result(Result{Side: t.side, Order: ref, Status: Invalid, Rule: "5.6",
				Why: adjudicator.Say("why.not-your-arrival", quotedArg("arrival", id))})
			return
		}
		h.result(Result{Side: t.side, Order: ref, Status: Unused, Rule: "5.6",
			Why: adjudicator.Say("why.arrival-not-due", adjudicator.TextArg("arrival", id))})
	}
	for i, l := range o.Landings {
		report("landing", "landing", i, l.Line, l.Arrival)
	}
	for i, id := range o.HoldArrivals {
		report("arrival-hold", "hold", i, 0, id)
	}
}

// placeArrivals puts arriving blocks on the map; HQs of a group with HQStrength
// arrive at that strength (Army of the Ohio HQs at 1, 9.1).
func (h *hour) placeArrivals(ar *Arrival, ids []BlockID, area AreaID) {
	for _, id := range ids {
		b := h.block(id)
		h.place(b, OnMap, area)
		if sp := h.spec(id); sp.HQKind == AHQ {
			// The army's own commander is here: an acting AHQ stands down (5.21).
			var keep []ArmyCommand
			for _, ac := range h.st.ArmyCommand {
				if ac.Army != sp.Army {
					keep = append(keep, ac)
				}
			}
			h.st.ArmyCommand = keep
		}
		if ar.HQStrength > 0 && h.spec(id).IsHQ() {
			b.Strength = ar.HQStrength
			if b.Strength > b.Max {
				b.Strength = b.Max
			}
		}
	}
}

// arrivalAttack: the group's entry area is enemy (5.6). Blocks with attack orders
// into it attack from off the map, at most three; the others are held.
func (h *hour) arrivalAttack(t *turn, ar *Arrival, pending []BlockID, area AreaID) {
	o := h.orders(t.side)
	var attackers []BlockID
	bt := h.battleIn(area)
	canAttack := !h.st.Hour.IsNight() && (bt == nil || bt.Attacker == t.side)
	for mi, m := range o.Moves {
		if m.Intent != IntentAttack || len(m.Path) != 1 || m.Path[0] != area {
			continue
		}
		for pos, id := range m.Blocks {
			if !containsBlock(pending, id) || containsBlock(attackers, id) {
				continue
			}
			t.consumed[[2]int{mi, pos}] = true
			it := &moveItem{move: mi, pos: pos, block: id}
			switch {
			case h.st.Hour.IsNight():
				t.fail(it, Dropped, "9.2.1", because("why.arrival-night"))
			case !canAttack:
				t.fail(it, Dropped, "5.6", because("why.arrival-contested", placeArg("place", area)))
			case len(attackers) >= arrivalAttackLimit:
				t.fail(it, Dropped, "5.6", because("why.arrival-limit",
					adjudicator.IntArg("limit", arrivalAttackLimit)))
			case h.spec(id).Siege:
				t.fail(it, Illegal, "6.1", because("why.arrival-siege", unitArg("unit", id)))
			default:
				attackers = append(attackers, id)
				t.out[mi].went = append(t.out[mi].went, id)
			}
		}
	}
	if len(attackers) > 0 {
		h.placeArrivals(ar, attackers, area)
		for _, id := range attackers {
			h.moved[h.bix(id)] = true
			h.enterBattle(t.side, id, "", area, false)
		}
		h.event(Event{Kind: EvArrival, Side: t.side, Blocks: attackers, Area: area, Intent: IntentAttack, Rule: "5.6"})
	}
	var held []BlockID
	for _, id := range pending {
		if !containsBlock(attackers, id) {
			held = append(held, id)
		}
	}
	for _, id := range held {
		h.mv.held[id] = because("why.entry-enemy", unitArg("unit", id), placeArg("place", area))
	}
	if len(held) > 0 {
		h.event(Event{Kind: EvArrivalHeld, Side: t.side, Blocks: held, Area: area, Rule: "5.6"}.told(
			because("ev.entry-enemy",
				h.blocksArg("blocks", held), placeArg("place", area))))
	} else {
		h.markArrivalDone(ar.ID)
	}
}

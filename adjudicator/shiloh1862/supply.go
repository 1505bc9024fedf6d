package shiloh1862

import (
	"cmp"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file implements the supply phase (7.0): supply points (7.1), camp supply (7.2),
// night supply (9.2.3), the Day 2 rule that the USA spends on each army (9.3.2), and
// the rebuilding of fallen division and corps HQs (6.91).

// supplyPerHour is the SP each side gets in a day hour (7.1) and at night (9.2.3).
const (
	supplyPerHour  = 3
	supplyAtNight  = 6
	supplyPerArea  = 2 // 7.1: at most 2 SP per area
	campSupplyGain = 2 // 7.2
)

// supplyPhase: both sides rebuild fallen HQs and spend their SP, Player 1 first (7.1).
func (h *hour) supplyPhase() {
	h.noteCamps()
	for _, s := range []Side{h.p1, h.p1.Enemy()} {
		h.rebuildFallen(s)
		h.spendSupply(s)
	}
}

// rebuildFallen puts each fallen division or corps HQ back at strength 0, maximum 1,
// firepower B1, "with any block in their division" (6.91): with the first block (by
// id) of its formation on the map whose area is below its stacking limit (3.31).
// It is never rebuilt only when all blocks of its formation are eliminated (or will
// never arrive): while one is still to arrive it stays fallen, as it does when
// every block on the map stands in a full area, and is tried again in the next
// supply phase. Army HQs are never replaced.
func (h *hour) rebuildFallen(s Side) {
	for i := range h.st.Blocks {
		b := &h.st.Blocks[i]
		spec := h.specAt(i)
		if b.Where != Fallen || spec.Side != s || spec.HQKind == AHQ {
			continue
		}
		var with BlockID
		onMap, pending := false, false
		for oi, o := range h.st.Blocks {
			if o.ID == b.ID || h.specAt(oi).Formation != spec.Formation {
				continue
			}
			if o.Where == Pending {
				pending = true
			}
			if o.Where != OnMap {
				continue
			}
			onMap = true
			if h.countIn(o.Area, NoSide) < stackLimit(h.sc.Map.Area(o.Area)) {
				with = o.ID
				break
			}
		}
		if !onMap && pending {
			h.event(Event{Kind: EvHQRebuilt, Side: s, Block: b.ID, Rule: "6.91"}.told(
				because("ev.hq-waits", unitArg("unit", b.ID))))
			continue
		}
		if !onMap {
			h.place(b, Absent, "")
			h.event(Event{Kind: EvHQRebuilt, Side: s, Block: b.ID, Rule: "6.91"}.told(
				because("ev.hq-never-rebuilt", unitArg("unit", b.ID))))
			continue
		}
		if with == "" {
			h.event(Event{Kind: EvHQRebuilt, Side: s, Block: b.ID, Rule: "6.91, 3.31"}.told(
				because("ev.hq-no-room", unitArg("unit", b.ID))))
			continue
		}
		h.place(b, OnMap, h.block(with).Area)
		b.Strength = 0
		b.Max, b.Firepower = 1, Firepower{Letter: 'B', Value: 1}
		h.event(Event{Kind: EvHQRebuilt, Side: s, Block: b.ID, Area: b.Area, Strength: 0, Rule: "6.91"}.told(
			because("ev.hq-rebuilt", unitArg("unit", b.ID), placeArg("place", b.Area))))
	}
}

// supplyPoints is the SP a side gets this hour.
func (h *hour) supplyPoints(s Side) int {
	camps := 0
	if s == CSA {
		camps = h.mv.campBonus / campSupply
	}
	return supplyOf(h.st.Hour, camps)
}

// campSupply is the SP each USA camp the CSA captures earns it that hour (7.2).
const campSupply = 2

// supplyOf is the SP a side gets in an hour in which it captured camps (7.1,
// 7.2, 9.2.3); the report tells it beside the SP spent.
func supplyOf(hour Hour, camps int) int {
	sp := supplyPerHour
	if hour.IsNight() {
		sp = supplyAtNight
	}
	return sp + camps*campSupply
}

// supplier spends one side's SP.
type supplier struct {
	h      *hour
	side   Side
	left   int
	given  map[BlockID]bool
	inArea map[AreaID]int
	// needArmy lists the armies the USA must still spend on (Day 2, 9.3.2).
	day2 bool
	paid map[Army]bool
}

// able reports whether a block can take a step now.
func (sp *supplier) able(id BlockID) bool {
	refused, _ := sp.why(id, false)
	return !refused
}

// why reports whether a block cannot take a step now, and with explain why (the
// default order asks of every block, and needs only yes or no).
func (sp *supplier) why(id BlockID, explain bool) (bool, reason) {
	h := sp.h
	spec, b := h.spec(id), h.block(id)
	var why func() reason
	switch {
	case spec == nil || spec.Side != sp.side:
		why = func() reason { return notYours(id) }
	case b.Where != OnMap:
		why = func() reason { return offMap(spec, b.Where) }
	case sp.given[id]:
		why = func() reason {
			return because("why.stepped-already", unitArg("unit", id))
		}
	case b.Strength >= b.Max:
		why = func() reason {
			return because("why.full-strength", unitArg("unit", id))
		}
	case sp.inArea[b.Area] >= supplyPerArea:
		why = func() reason {
			return because("why.area-supplied", placeArg("place", b.Area))
		}
	case sp.left == 0:
		why = func() reason { return because("why.no-supply") }
	default:
		return false, reason{}
	}
	if !explain {
		return true, reason{}
	}
	return true, why()
}

// needs lists the USA armies that have a block able to take a step and have not yet
// received one (Day 2, 9.3.2).
func (sp *supplier) needs() []Army {
	if !sp.day2 {
		return nil
	}
	var out []Army
	for _, b := range sp.h.st.Blocks {
		spec := sp.h.spec(b.ID)
		if spec.Side != sp.side || sp.paid[spec.Army] || !sp.able(b.ID) {
			continue
		}
		if !containsArmy(out, spec.Army) {
			out = append(out, spec.Army)
		}
	}
	return out
}

// reserved says whether giving a step to id would leave too few SP for the armies
// still owed one (9.3.2).
func (sp *supplier) reserved(id BlockID) bool {
	need := sp.needs()
	army := sp.h.spec(id).Army
	for _, a := range need {
		if a == army {
			return false
		}
	}
	return sp.left <= len(need)
}

func (sp *supplier) give(id BlockID) {
	h := sp.h
	b := h.block(id)
	b.Strength++
	sp.left--
	sp.given[id] = true
	sp.inArea[b.Area]++
	sp.paid[h.spec(id).Army] = true
	h.event(Event{Kind: EvSupply, Side: sp.side, Block: id, Area: b.Area, Strength: b.Strength, Rule: "7.1"})
}

// spendSupply spends a side's SP: first on the blocks of Orders.Supply in order, then
// by the documented default (docs/ENGINE.md): HQs at strength 0 first (they cannot
// activate), then the blocks missing most steps, then blocks in or next to an enemy
// or contested area, then by id. At most 2 SP per area and one step per block (7.1);
// unused SP are forfeit.
func (h *hour) spendSupply(s Side) {
	sp := &supplier{h: h, side: s, left: h.supplyPoints(s), given: map[BlockID]bool{}, inArea: map[AreaID]int{},
		paid: map[Army]bool{}, day2: s == USA && h.st.Hour.Day() == 2}
	for i, id := range h.orders(s).Supply {
		ref := OrderRef{Kind: "supply", Index: i}
		if refused, why := sp.why(id, true); refused {
			st := Dropped
			if spec := h.spec(id); spec == nil || spec.Side != s {
				st = Invalid
			}
			h.result(Result{Side: s, Order: ref, Status: st, Rule: "7.1", Why: why, Blocks: []BlockID{id}})
			continue
		}
		if sp.reserved(id) {
			h.result(Result{Side: s, Order: ref, Status: Dropped, Rule: "9.3.2", Blocks: []BlockID{id},
				Why: adjudicator.Say("why.day2-armies")})
			continue
		}
		sp.give(id)
		h.result(Result{Side: s, Order: ref, Status: Executed, Rule: "7.1", Blocks: []BlockID{id}})
	}
	for _, id := range h.defaultSupplyOrder(s) {
		if sp.left == 0 {
			break
		}
		if sp.able(id) && !sp.reserved(id) {
			sp.give(id)
		}
	}
}

// defaultSupplyOrder ranks a side's blocks for the supply default.
func (h *hour) defaultSupplyOrder(s Side) []BlockID {
	type cand struct {
		id         BlockID
		hq0, front bool
		missing    int
	}
	// The side's blocks on the map below full strength, counted first so that the
	// list is sized once.
	wants := func(i int) bool {
		b := &h.st.Blocks[i]
		return h.specAt(i).Side == s && b.Where == OnMap && b.Strength < b.Max
	}
	n := 0
	for i := range h.st.Blocks {
		if wants(i) {
			n++
		}
	}
	cs := make([]cand, 0, n)
	occ := h.occupancy()
	for i := range h.st.Blocks {
		if !wants(i) {
			continue
		}
		b, spec := &h.st.Blocks[i], h.specAt(i)
		cs = append(cs, cand{id: b.ID, hq0: spec.IsHQ() && b.Strength == 0, missing: b.Max - b.Strength, front: nearEnemyAt(h.sc.Map, occ, h.loc[i], s)})
	}
	// A total order (ids differ), so no stable sort is needed.
	slices.SortFunc(cs, func(a, b cand) int {
		switch {
		case a.hq0 != b.hq0:
			return boolFirst(a.hq0)
		case a.missing != b.missing:
			return cmp.Compare(b.missing, a.missing)
		case a.front != b.front:
			return boolFirst(a.front)
		}
		return cmp.Compare(a.id, b.id)
	})
	out := make([]BlockID, len(cs))
	for i, c := range cs {
		out[i] = c.id
	}
	return out
}

// nearEnemyAt reports whether the area with index ai is contested or next to an area
// holding enemy blocks.
func nearEnemyAt(m *Map, occ occTable, ai int, s Side) bool {
	if ai < 0 {
		return false
	}
	enemy := sideBit(s.Enemy())
	if occ.bits[ai]&enemy != 0 {
		return true
	}
	for _, e := range m.adj[ai] {
		if occ.bits[e.to]&enemy != 0 {
			return true
		}
	}
	return false
}

// boolFirst orders the true one of two different bools first.
func boolFirst(a bool) int {
	if a {
		return -1
	}
	return 1
}

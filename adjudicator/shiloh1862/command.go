package shiloh1862

import (
	"slices"
	"sort"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file implements command (5.2): activating HQs, command range (5.21), command
// integrity (5.22), mixed command (5.23), army HQs commanding any three blocks, and
// the command solver that assigns each moving block to an active HQ (DESIGN §2.5).

// action is what a move turns out to be when it is carried out (DESIGN §2.5).
type action uint8

const (
	actMove      action = iota // into a friendly or vacant area
	actAttack                  // into an enemy area, or joining one's own attack (6.1)
	actReinforce               // Player 2 joining a battle as defender reserves (5.5, 6.5)
)

func (a action) String() string {
	switch a {
	case actAttack:
		return "attack"
	case actReinforce:
		return "reinforce"
	}
	return "move"
}

// armyCapacity is how many blocks an army HQ commands (5.21: "any three blocks").
const armyCapacity = 3

// activeHQ is an HQ turned face-up for command this player turn.
type activeHQ struct {
	id   BlockID
	bi   int // index in State.Blocks
	side Side
	form int32 // its formation, as OrderOfBattle.formOf numbers it
	cr   int
	// asArmy: commanding as army HQ (any three blocks of armies, 5.21).
	asArmy bool
	armies []Army
	// used counts blocks whose move it commanded (army HQ capacity).
	used int
	// commanded lists the blocks it commanded, in order.
	commanded []BlockID
	// reach caches the HQ's command reach (5.21), valid while the HQ stands in
	// reachFrom and the enemy's occupancy is at version reachVer.
	reach     areaBits
	reachFrom int
	reachVer  int
	order     int // index in Orders.Activate
	line      int
}

// armiesCommanded lists the armies an HQ may command as army HQ now: an AHQ its own
// army, and any army of its side whose AHQs have all fallen (5.23: Grant and Buell
// command each other's troops only when one of them is eliminated); Sherman (an
// ActingAHQ) his army while its AHQ has not arrived (5.21); a successor named in
// State.ArmyCommand its army (6.91).
func armiesCommanded(sc *Scenario, st *State, id BlockID) []Army {
	spec := sc.OB.Block(id)
	b := st.Block(id)
	if spec == nil || !spec.IsHQ() || b == nil {
		return nil
	}
	var out []Army
	add := func(a Army) {
		for _, x := range out {
			if x == a {
				return
			}
		}
		out = append(out, a)
	}
	if spec.HQKind == AHQ {
		add(spec.Army)
		for _, other := range sideArmies(sc, spec.Side) {
			if other != spec.Army && armyAHQsGone(sc, st, other) {
				add(other)
			}
		}
	}
	if spec.ActingAHQ && armyAHQPending(sc, st, spec.Army) {
		add(spec.Army)
	}
	for _, ac := range st.ArmyCommand {
		if ac.HQ == id && !armyAHQOnMap(sc, st, ac.Army) {
			add(ac.Army)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// sideArmies lists the armies of a side that have an army HQ, sorted (worked out
// once with the order of battle; shared: do not modify).
func sideArmies(sc *Scenario, s Side) []Army {
	if s == USA || s == CSA {
		if a := sc.OB.sideArmies[s.Index()]; a != nil {
			return a
		}
	}
	return listSideArmies(sc.OB, s)
}

// listSideArmies works sideArmies out from the blocks.
func listSideArmies(ob *OrderOfBattle, s Side) []Army {
	var out []Army
	for i := range ob.Blocks {
		b := &ob.Blocks[i]
		if b.Side != s || b.HQKind != AHQ {
			continue
		}
		if !containsArmy(out, b.Army) {
			out = append(out, b.Army)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// armyAHQsGone: every AHQ of the army has fallen or been eliminated (6.91: AHQs are
// not replaced).
func armyAHQsGone(sc *Scenario, st *State, a Army) bool {
	n := 0
	for i := range sc.OB.Blocks {
		b := &sc.OB.Blocks[i]
		if b.HQKind != AHQ || b.Army != a {
			continue
		}
		n++
		if w := st.blockAt(sc, i).Where; w != Fallen && w != Eliminated {
			return false
		}
	}
	return n > 0
}

// armyAHQOnMap: one of the army's own AHQs is on the map, so no acting or successor
// HQ commands it (Grant has arrived, 5.21).
func armyAHQOnMap(sc *Scenario, st *State, a Army) bool {
	for i := range sc.OB.Blocks {
		b := &sc.OB.Blocks[i]
		if b.HQKind == AHQ && b.Army == a && st.blockAt(sc, i).Where == OnMap {
			return true
		}
	}
	return false
}

// armyAHQPending: the army's AHQ has not arrived yet (Grant before 9AM, 5.21).
func armyAHQPending(sc *Scenario, st *State, a Army) bool {
	for i := range sc.OB.Blocks {
		b := &sc.OB.Blocks[i]
		if b.HQKind == AHQ && b.Army == a && st.blockAt(sc, i).Where == Pending {
			return true
		}
	}
	return false
}

// reacher keeps the breadth-first search's frontiers between searches, so that the
// command solver's many range checks do not allocate.
type reacher struct {
	cur, next []int
}

// reachSet puts into set the areas within cr of the area with index fi for command
// (5.21): reached across passable borders, expanding only through friendly or vacant
// areas (an enemy or contested area can be reached, not traced through) and never
// through the river.
func (r *reacher) reachSet(m *Map, occ occTable, side Side, fi, cr int, set areaBits) {
	clear(set)
	if fi < 0 {
		return
	}
	set.add(fi)
	frontier := append(r.cur[:0], fi)
	enemy := sideBit(side.Enemy())
	for step := 1; step <= cr; step++ {
		next := r.next[:0]
		for _, a := range frontier {
			for _, e := range m.adj[a] {
				if set.has(e.to) || !e.lim.Passable {
					continue
				}
				set.add(e.to)
				if occ.bits[e.to]&enemy != 0 || m.Areas[e.to].River {
					continue // cannot trace through enemy or contested areas, nor the river
				}
				next = append(next, e.to)
			}
		}
		r.cur, r.next = next, frontier[:0]
		frontier = next
	}
	r.cur = frontier[:0]
}

// hqReach is an active HQ's command reach now, worked out again only when the HQ
// moved or the occupancy of the map changed.
func (h *hour) hqReach(a *activeHQ) areaBits {
	from := h.loc[a.bi]
	ver := h.occVer[a.side.Enemy().Index()]
	if a.reach != nil && a.reachFrom == from && a.reachVer == ver {
		return a.reach
	}
	if a.reach == nil {
		a.reach = newAreaBits(len(h.sc.Map.Areas))
	}
	h.rch.reachSet(h.sc.Map, h.occupancy(), a.side, from, a.cr, a.reach)
	a.reachFrom, a.reachVer = from, ver
	return a.reach
}

// occTable gives, per area, which sides have blocks there (bit sideBit(s)).
type occTable struct {
	bits []uint8 // by index in Map.Areas
}

// occupancy gives, per area, which sides have blocks there; one pass over the
// blocks instead of one per area looked at. Lookups only.
func occupancy(sc *Scenario, st *State) occTable {
	return occupancyInto(sc, st, nil)
}

// occupancyInto is occupancy reusing buf.
func occupancyInto(sc *Scenario, st *State, buf []uint8) occTable {
	n := len(sc.Map.Areas)
	if cap(buf) < n {
		buf = make([]uint8, n)
	}
	buf = buf[:n]
	clear(buf)
	occ := occTable{bits: buf}
	for i := range st.Blocks {
		b := &st.Blocks[i]
		if b.Where != OnMap {
			continue
		}
		if j, ok := sc.Map.areaIndex[b.Area]; ok {
			buf[j] |= sideBit(st.specAt(sc, i).Side)
		}
	}
	return occ
}

// sideBit is a side's bit in an occupancy value.
func sideBit(s Side) uint8 { return 1 << uint(s.Index()) }

// commandCheck reports whether an active HQ may command the block with index bi,
// standing in the area with index ai, to carry out act; with explain a refusal
// comes with its reason (the solver only needs yes or no, and making reasons is
// its main cost).
func (h *hour) commandCheck(a *activeHQ, bi, ai int, act action, explain bool) (bool, reason) {
	spec := h.specAt(bi)
	if !h.hqReach(a).has(ai) {
		if !explain {
			return false, reason{}
		}
		return false, because("why.out-of-range", unitArg("unit", spec.ID), unitArg("hq", a.id), adjudicator.IntArg("range", a.cr))
	}
	if a.asArmy {
		for _, ar := range a.armies {
			if ar == spec.Army {
				return true, reason{}
			}
		}
		if !explain {
			return false, reason{}
		}
		return false, because("why.other-army", unitArg("hq", a.id), unitArg("unit", spec.ID), armyArg("army", spec.Army))
	}
	if h.sc.OB.formOf[bi] == a.form {
		return true, reason{}
	}
	if ai != h.loc[a.bi] {
		if !explain {
			return false, reason{}
		}
		return false, because("why.not-of-formation", unitArg("unit", spec.ID), unitArg("hq", a.id))
	}
	switch act {
	case actReinforce:
		if !explain {
			return false, reason{}
		}
		return false, because("why.no-reinforce-command", unitArg("hq", a.id), unitArg("unit", spec.ID))
	case actAttack:
		if own := formationHQ(h.sc, spec.Formation); own != "" && own != a.id {
			if oi := h.bix(own); oi >= 0 && h.loc[oi] == ai {
				if !explain {
					return false, reason{}
				}
				return false, because("why.own-hq-present", unitArg("unit", spec.ID), unitArg("own", own), unitArg("hq", a.id))
			}
		}
	}
	return true, reason{}
}

// formationHQ returns the HQ of a formation, or "".
func formationHQ(sc *Scenario, f FormationID) BlockID {
	if fm := sc.OB.Formation(f); fm != nil {
		return fm.HQ
	}
	return ""
}

// activateHQs turns the side's listed HQs face-up (5.2): an HQ must be on the map,
// above strength 0 and not in a contested area; an HQ holding army command is
// activated either as army HQ or as its own HQ, never both (5.21, 6.91).
func (h *hour) activateHQs(t *turn) {
	o := h.orders(t.side)
	var slab []activeHQ
	var cmds []BlockID
	for i, act := range o.Activate {
		ref := OrderRef{Kind: "activate", Index: i, Line: act.Line}
		fail := func(st Status, rule string, why reason) {
			h.result(Result{Side: t.side, Order: ref, Status: st, Rule: rule, Why: why, Blocks: []BlockID{act.HQ}})
		}
		spec := h.spec(act.HQ)
		if spec == nil || spec.Side != t.side {
			fail(Invalid, "5.2", notYours(act.HQ))
			continue
		}
		hq := unitArg("unit", act.HQ)
		if !spec.IsHQ() {
			fail(Illegal, "5.2", because("why.not-an-hq", hq))
			continue
		}
		if t.activeIndex(act.HQ) >= 0 {
			fail(Illegal, "5.21", because("why.activated-already", hq))
			continue
		}
		b := h.block(act.HQ)
		if b.Where != OnMap {
			fail(Illegal, "5.2", offMap(spec, b.Where))
			continue
		}
		if b.Strength == 0 {
			fail(Illegal, "5.2", because("why.hq-at-zero", hq))
			continue
		}
		if _, contested := h.control(b.Area); contested {
			fail(Dropped, "5.2", because("why.hq-in-battle", hq))
			continue
		}
		if slab == nil {
			// Every activation in one slab, each with room for eight commanded blocks.
			// The commanded lists become results' block lists, each capped.
			slab = make([]activeHQ, 0, len(o.Activate))
			cmds = make([]BlockID, 8*len(o.Activate))
			if t.active == nil {
				t.active = make([]*activeHQ, 0, len(o.Activate))
			} else {
				t.active = slices.Grow(t.active, len(o.Activate))
			}
		}
		k := len(slab)
		hbi := h.bix(act.HQ)
		slab = append(slab, activeHQ{id: act.HQ, bi: hbi, side: t.side, form: h.sc.OB.formOf[hbi], cr: spec.CommandRange, order: i, line: act.Line,
			commanded: cmds[8*k : 8*k : 8*k+8]})
		a := &slab[k]
		armies := armiesCommanded(h.sc, h.st, act.HQ)
		switch {
		case spec.HQKind == AHQ:
			if len(armies) == 0 {
				armies = []Army{spec.Army}
			}
			a.asArmy, a.armies = true, armies
		case act.AsArmy:
			if len(armies) == 0 {
				fail(Illegal, "5.21", because("why.no-army-command", hq))
				continue
			}
			a.asArmy, a.armies = true, armies
		}
		t.active = append(t.active, a)
		ev := Event{Kind: EvActivate, Side: t.side, Block: act.HQ, Area: b.Area, Rule: "5.2"}
		if a.asArmy && spec.HQKind != AHQ {
			ev = ev.told(because("ev.as-army-hq", unitArg("unit", act.HQ)))
		}
		h.event(ev)
	}
}

// commandCandidates lists the active HQs that might command a block, best first:
// its own formation's HQ, then HQs in its area, then army HQs, each by id (the
// solver's documented preference).
func (t *turn) commandCandidates(h *hour, bi, ai int, out []int) []int {
	form := h.sc.OB.formOf[bi]
	out = out[:0]
	for i, a := range t.active {
		if !a.asArmy && a.form == form {
			out = append(out, i)
		}
	}
	byID := t.activeByID(h)
	for _, i := range byID {
		if a := t.active[i]; !a.asArmy && a.form != form && h.loc[a.bi] == ai {
			out = append(out, i)
		}
	}
	for _, i := range byID {
		if t.active[i].asArmy {
			out = append(out, i)
		}
	}
	return out
}

// activeByID lists the indexes into t.active in order of HQ id, worked out again
// only when an HQ has been activated since.
func (t *turn) activeByID(h *hour) []int {
	if len(t.byID) != len(t.active) {
		t.byID = make([]int, len(t.active))
		for i := range t.byID {
			t.byID[i] = i
		}
		stableSort(t.byID, func(a, b int) bool { return t.active[a].id < t.active[b].id })
	}
	return t.byID
}

// solveCommand assigns each block that needs command to an active HQ able to command
// it: a bipartite matching (augmenting paths) in which army HQs take at most three
// blocks and other HQs any number. Blocks are taken in order of the move orders; the
// result is the preferred assignment, re-checked when each move is carried out.
func (h *hour) solveCommand(t *turn, items []*moveItem) {
	// Only an army HQ's assignments are ever revisited (it is full at three); the
	// others take any number, so who they command is kept on the items alone.
	assigned := make([][]*moveItem, len(t.active))
	aslab := make([]*moveItem, armyCapacity*len(t.active))
	for i := range assigned {
		assigned[i] = aslab[i*armyCapacity : i*armyCapacity : (i+1)*armyCapacity]
	}
	var try func(it *moveItem, seen []bool) bool
	try = func(it *moveItem, seen []bool) bool {
		for _, c := range it.cands {
			if seen[c] {
				continue
			}
			seen[c] = true
			a := t.active[c]
			if !a.asArmy {
				it.hq = c
				return true
			}
			if len(assigned[c]) < armyCapacity {
				assigned[c] = append(assigned[c], it)
				it.hq = c
				return true
			}
			for k, other := range assigned[c] {
				if try(other, seen) {
					assigned[c][k] = it
					it.hq = c
					return true
				}
			}
		}
		return false
	}
	seen := make([]bool, len(t.active))
	// Every item's candidates live in one slab (at most len(t.active) each).
	slab := make([]int, 0, len(items)*len(t.active))
	for _, it := range items {
		it.hq = -1
		if !it.needsCommand {
			continue
		}
		ai := h.loc[it.bi]
		if ai < 0 {
			continue // not on the map (or in an area the map does not know)
		}
		cands := t.commandCandidates(h, it.bi, ai, slab[len(slab):len(slab):cap(slab)])
		it.cands = cands[:0] // filtered in place: the candidates are this item's own
		for _, c := range cands {
			if ok, _ := h.commandCheck(t.active[c], it.bi, ai, it.need, false); ok {
				it.cands = append(it.cands, c)
			}
		}
		slab = slab[:len(slab)+len(it.cands)]
		clear(seen)
		try(it, seen)
	}
}

// commandFor finds the HQ that commands a block's move now: the solver's choice if it
// still can (range and control may have changed as earlier moves were made), else
// the first other candidate with capacity left. It returns -1 and the reason when no
// active HQ can.
func (h *hour) commandFor(t *turn, it *moveItem, area AreaID, act action) (int, reason) {
	ai := h.sc.Map.aix(area)
	if it.hq >= 0 {
		a := t.active[it.hq]
		if ok, _ := h.commandCheck(a, it.bi, ai, act, false); ok && (!a.asArmy || a.used < armyCapacity) {
			return it.hq, reason{}
		}
	}
	h.candBuf = t.commandCandidates(h, it.bi, ai, h.candBuf)
	for _, c := range h.candBuf {
		a := t.active[c]
		if ok, _ := h.commandCheck(a, it.bi, ai, act, false); ok && (!a.asArmy || a.used < armyCapacity) {
			return c, reason{}
		}
	}
	// No HQ can: the same candidates again, now with their reasons (formatting them
	// is the expensive part, so only a refusal pays for it).
	var whys []Phrase
	for _, c := range h.candBuf {
		a := t.active[c]
		ok, why := h.commandCheck(a, it.bi, ai, act, true)
		switch {
		case !ok:
		case a.asArmy && a.used >= armyCapacity:
			why = because("why.army-hq-full", unitArg("hq", a.id))
		default:
			return c, reason{}
		}
		whys = append(whys, why)
	}
	unit := unitArg("unit", it.block)
	if len(whys) == 0 {
		if hq := formationHQ(h.sc, h.spec(it.block).Formation); hq != "" {
			return -1, because("why.no-hq.activate", unit, unitArg("hq", hq))
		}
		return -1, because("why.no-hq", unit)
	}
	return -1, because("why.no-hq-can", unit, actionArg("action", act), adjudicator.PhrasesArg("why", whys...))
}

// reduceActiveHQs: after commanding, each active HQ loses one step (5.2). An HQ that
// ended up commanding no move is stood down without loss (the email adaptation: the
// player could not know which moves would be possible; docs/ENGINE.md).
func (h *hour) reduceActiveHQs(t *turn) {
	for _, a := range t.active {
		ref := OrderRef{Kind: "activate", Index: a.order, Line: a.line}
		if len(a.commanded) == 0 {
			h.result(Result{Side: t.side, Order: ref, Status: Unused, Rule: "5.2", Blocks: []BlockID{a.id},
				Why: adjudicator.Say("why.stood-down", unitArg("unit", a.id))})
			continue
		}
		b := h.block(a.id)
		if b.Strength > 0 {
			b.Strength--
		}
		h.event(Event{Kind: EvHQReduced, Side: t.side, Block: a.id, Area: b.Area, Strength: b.Strength, Rule: "5.2"})
		h.result(Result{Side: t.side, Order: ref, Status: Executed, Rule: "5.2", Blocks: a.commanded,
			Why: adjudicator.Say("why.commanded", unitArg("hq", a.id), unitsArg("blocks", a.commanded), adjudicator.IntArg("strength", b.Strength))})
	}
}

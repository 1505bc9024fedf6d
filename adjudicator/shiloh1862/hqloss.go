package shiloh1862

// This file is elimination and HQ loss: a block eliminated for good (6.9, 3.6), an
// HQ falling at strength 0 (6.91), and who takes army command when an army's
// commander falls (6.91, 5.23).

import (
	"sort"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// battleEliminate removes a block for good (6.9, 3.6): the enemy scores it.
// An HQ eliminated this way (no retreat, off the map) falls like one hit at
// strength 0: every path that removes an HQ goes through hqFalls (6.91).
func (h *hour) battleEliminate(id BlockID, area AreaID, round int, rule string, why reason) {
	bs := h.block(id)
	side := h.sideOf(id)
	if h.spec(id).IsHQ() {
		h.event(Event{Kind: EvEliminated, Side: side, Block: id, Area: area, Round: round, Rule: rule}.told(why))
		h.hqFalls(id, area, round)
		return
	}
	h.place(bs, Eliminated, "")
	bs.Strength = 0
	h.st.Losses = append(h.st.Losses, Loss{Block: id, Side: side, Hour: h.st.Hour})
	h.dropSightings(id)
	h.event(Event{Kind: EvEliminated, Side: side, Block: id, Area: area, Round: round, Rule: rule}.told(why))
}

// armyHQ reports whether an HQ commands an army as its AHQ: an AHQ, or an HQ that
// assumed army command after its army's AHQ fell (6.91). Sherman acting for Grant
// before Grant arrives (5.21) is not: he falls as a division HQ.
func (h *hour) armyHQ(id BlockID) bool {
	sp := h.spec(id)
	if sp.HQKind == AHQ {
		return true
	}
	for _, ac := range h.st.ArmyCommand {
		if ac.HQ == id && !h.armyAHQPending(ac.Army) {
			return true
		}
	}
	return false
}

// armyAHQPending reports whether an army's own AHQ has yet to arrive.
func (h *hour) armyAHQPending(a Army) bool {
	for _, sp := range h.sc.OB.Blocks {
		if sp.Army == a && sp.HQKind == AHQ {
			if b := h.block(sp.ID); b != nil && b.Where == Pending {
				return true
			}
		}
	}
	return false
}

// hqFalls handles an HQ at strength 0 taking a hit (6.91): the enemy scores a
// Fallen HQ; a division or corps HQ waits to be rebuilt by the supply phase (as
// another leader, max 1, B1); an army HQ, or a successor commanding as one, is never
// replaced and army command passes on.
func (h *hour) hqFalls(id BlockID, area AreaID, round int) {
	bs := h.block(id)
	side := h.sideOf(id)
	army := h.armyHQ(id)
	var commanded []Army
	if h.spec(id).HQKind == AHQ {
		commanded = append(commanded, h.spec(id).Army)
	}
	for _, ac := range h.st.ArmyCommand {
		if ac.HQ == id && !containsArmy(commanded, ac.Army) {
			commanded = append(commanded, ac.Army)
		}
	}
	bs.Falls++
	h.place(bs, bs.Where, "")
	bs.Strength = 0
	h.st.Losses = append(h.st.Losses, Loss{Block: id, Side: side, Hour: h.st.Hour, HQFall: true})
	h.dropSightings(id)
	unit, scorer := unitArg("unit", id), adjudicator.SideArg("enemy", side.Enemy())
	why := because("ev.hq-falls", unit, scorer)
	if army {
		h.place(bs, Eliminated, "")
		why = because("ev.army-hq-falls", unit, scorer)
	} else {
		h.place(bs, Fallen, "")
	}
	h.event(Event{Kind: EvHQFallen, Side: side, Block: id, Area: area, Round: round, Rule: "6.91"}.told(why))
	sort.Slice(commanded, func(i, j int) bool { return commanded[i] < commanded[j] })
	for _, a := range commanded {
		h.succeedArmy(a, id)
	}
}

func containsArmy(as []Army, a Army) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}

// succeedArmy gives command of an army to the senior HQ on the field after its
// commander fell (6.91, 5.23). An army whose own AHQ is still on the map needs no
// successor (CSA: one AHQ falling leaves the other in command). Otherwise, for the
// USA, the other army's AHQ if it is on the map (Grant and Buell are both major
// generals, senior to every division commander: "SHERMAN would be AHQ unless BUELL
// is on the field"), else the first HQ on the map in the army's seniority list;
// for the CSA the first HQ on the map in the seniority list (Polk, then Bragg...).
func (h *hour) succeedArmy(a Army, fallen BlockID) {
	var keep []ArmyCommand
	for _, ac := range h.st.ArmyCommand {
		if ac.Army != a {
			keep = append(keep, ac)
		}
	}
	h.st.ArmyCommand = keep
	side := NoSide
	var ahqOnMap, ahqPending bool
	for _, sp := range h.sc.OB.Blocks {
		if sp.Army != a || sp.HQKind != AHQ {
			continue
		}
		side = sp.Side
		switch h.block(sp.ID).Where {
		case OnMap:
			ahqOnMap = true
		case Pending:
			ahqPending = true
		}
	}
	if ahqOnMap {
		return
	}
	var next BlockID
	var why reason
	if side == USA && !ahqPending {
		for _, sp := range h.sc.OB.Blocks {
			if sp.Side == USA && sp.Army != a && sp.HQKind == AHQ && h.block(sp.ID).Where == OnMap {
				next, why = sp.ID, because("ev.other-army-commander", unitArg("unit", sp.ID))
				break
			}
		}
	}
	if next == "" {
		for _, sn := range h.sc.OB.Seniority {
			if sn.Army != a {
				continue
			}
			for _, id := range sn.HQs {
				b := h.block(id)
				if id == fallen || b == nil || b.Where != OnMap || h.spec(id).HQKind == AHQ {
					continue
				}
				next, why = id, because("ev.senior-hq", unitArg("unit", id))
				break
			}
		}
	}
	if next == "" {
		h.event(Event{Kind: EvSuccession, Side: side, Rule: "6.91"}.told(
			because("ev.no-successor", armyTitleArg("army", a))))
		return
	}
	h.st.ArmyCommand = append(h.st.ArmyCommand, ArmyCommand{Army: a, HQ: next})
	sort.Slice(h.st.ArmyCommand, func(i, j int) bool { return h.st.ArmyCommand[i].Army < h.st.ArmyCommand[j].Army })
	h.event(Event{Kind: EvSuccession, Side: side, Block: next, Rule: "6.91"}.told(
		because("ev.successor", unitArg("unit", next), armyTitleArg("army", a), adjudicator.PhrasesArg("why", why))))
}

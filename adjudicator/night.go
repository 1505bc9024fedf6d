package adjudicator

import "fmt"

// nightFire is the only combat of the night turn (9.2.2): each USA gunboat on the
// river fires once, free (no step loss), at CSA blocks in a riverfront area. No
// order chooses the target: each gunboat in id order fires at the riverfront area
// holding the most CSA steps at that moment (ties: the lower area id). Hits follow
// 4.25 and 6.6: each on the strongest CSA block there, never eliminating one (a hit
// that would is lost). Nothing is revealed: the night's hits are not a battle.
func (h *hour) nightFire() {
	for _, sp := range h.sc.OB.Blocks {
		if sp.Side != USA || sp.Type != Gunboat {
			continue
		}
		gb := h.block(sp.ID)
		if gb == nil || gb.Where != OnMap {
			continue
		}
		name := blockTitle(h.sc, sp.ID)
		if gb.Strength == 0 {
			h.event(Event{Kind: EvPass, Side: USA, Block: sp.ID, Area: gb.Area, Rule: "9.2.2, 4.25",
				Text: fmt.Sprintf("%s is at strength 0 and cannot fire", name)})
			continue
		}
		target, steps := AreaID(""), 0
		for _, ar := range h.sc.Map.Areas {
			if !ar.Riverfront {
				continue
			}
			n := 0
			for _, id := range h.blocksIn(ar.ID, CSA) {
				n += h.block(id).Strength
			}
			if len(h.blocksIn(ar.ID, CSA)) > 0 && (target == "" || n > steps) {
				target, steps = ar.ID, n
			}
		}
		if target == "" {
			h.event(Event{Kind: EvPass, Side: USA, Block: sp.ID, Area: gb.Area, Rule: "9.2.2",
				Text: fmt.Sprintf("%s has no target: no CSA blocks in a riverfront area", name)})
			continue
		}
		fp := gb.Firepower
		dice := make([]int, gb.Strength)
		hits := 0
		for i := range dice {
			dice[i] = h.d.Roll(fmt.Sprintf("night: %s fires %s at %s, die %d of %d", name, fp, areaTitle(h.sc, target), i+1, len(dice)))
			if dice[i] <= fp.Value {
				hits++
			}
		}
		h.event(Event{Kind: EvFire, Side: USA, Block: sp.ID, Area: target, From: gb.Area, Firepower: fp, Dice: dice, Hits: hits, Rule: "9.2.2, 4.25",
			Text: fmt.Sprintf("%s's free night fire at %s (default target: the riverfront area with the most CSA steps): %s %s, %d hit(s)",
				name, areaTitle(h.sc, target), fp, diceText(dice), hits)})
		fireEv := len(h.rep.Events) - 1
		lost := 0
		for i := 0; i < hits; i++ {
			t := h.strongestFor(h.blocksIn(target, CSA), CSA, true)
			if t == "" {
				lost++
				continue
			}
			bs := h.block(t)
			bs.Strength--
			// The USA learns nothing from the night's hits: the text names no block.
			h.event(Event{Kind: EvHit, Side: CSA, Block: t, Area: target, Strength: bs.Strength, Rule: "9.2.2, 4.25",
				Text: fmt.Sprintf("a CSA block at %s loses a step to %s's fire", areaTitle(h.sc, target), name)})
		}
		if lost > 0 {
			h.rep.Events[fireEv].Text += fmt.Sprintf("; %d hit(s) lost: gunboat fire cannot eliminate CSA blocks (4.25)", lost)
		}
	}
}

package shiloh1862

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// nightFire is the only combat of the night turn (9.2.2): each USA gunboat on the
// river fires once, free (no step loss), at CSA blocks in a riverfront area. Each
// gunboat in id order fires at the riverfront area its attack order names (the
// movement phase leaves such orders unused at night) if CSA blocks are there; otherwise, by default, at the riverfront area holding the most
// CSA steps gunboat fire could take at that moment (steps above each block's last;
// ties: the lower area id), holding fire when there are none. Hits follow 4.25 and 6.6:
// each on the strongest CSA block there, never eliminating one (a hit that would is
// lost). Nothing is revealed: the night's hits are not a battle.
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
			h.event(Event{Kind: EvPass, Side: USA, Block: sp.ID, Area: gb.Area, Rule: "9.2.2, 4.25"}.told(
				because(fmt.Sprintf("%s is at strength 0 and cannot fire", name), "ev.gunboat-zero", unitArg("unit", sp.ID))))
			continue
		}
		target, steps := AreaID(""), 0
		how := "default target: the riverfront area with the most CSA steps gunboat fire could take"
		for _, m := range h.orders(USA).Moves {
			if target != "" || m.Intent != IntentAttack || len(m.Path) != 1 || !containsBlock(m.Blocks, sp.ID) {
				continue
			}
			if ar := h.sc.Map.Area(m.Path[0]); ar != nil && ar.Riverfront && h.countIn(ar.ID, CSA) > 0 {
				target, how = ar.ID, "target from its attack order"
			}
		}
		ordered := target != ""
		for _, ar := range h.sc.Map.Areas {
			if ordered || !ar.Riverfront {
				continue
			}
			n := 0
			for _, id := range h.blocksIn(ar.ID, CSA) {
				n += h.block(id).Strength
				if !h.spec(id).IsHQ() {
					n-- // the last step of a block cannot be lost to gunboats
				}
			}
			if n > steps {
				target, steps = ar.ID, n
			}
		}
		if target == "" {
			h.event(Event{Kind: EvPass, Side: USA, Block: sp.ID, Area: gb.Area, Rule: "9.2.2, 4.25"}.told(
				because(fmt.Sprintf("%s holds fire: no CSA block in a riverfront area could lose a step to gunboat fire", name), "ev.gunboat-no-target", unitArg("unit", sp.ID))))
			continue
		}
		fp := gb.Firepower
		dice := make([]int, gb.Strength)
		hits := 0
		throw := []adjudicator.Arg{unitArg("unit", sp.ID), adjudicator.TextArg("firepower", fp.String()), titleArg(h.sc, "place", target),
			adjudicator.IntArg("dice", len(dice))}
		for i := range dice {
			dice[i] = h.d.roll(because(fmt.Sprintf("night: %s fires %s at %s, die %d of %d", name, fp, areaTitle(h.sc, target), i+1, len(dice)),
				"throw.night", dieArgs(throw, i)...))
			if dice[i] <= fp.Value {
				hits++
			}
		}
		h.event(Event{Kind: EvFire, Side: USA, Block: sp.ID, Area: target, From: gb.Area, Firepower: fp, Dice: dice, Hits: hits, Rule: "9.2.2, 4.25",
			Text: fmt.Sprintf("%s's free night fire at %s (%s): %s %s, %d hit(s)",
				name, areaTitle(h.sc, target), how, fp, diceText(dice), hits)})
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
			h.event(Event{Kind: EvHit, Side: CSA, Block: t, Area: target, Strength: bs.Strength, Rule: "9.2.2, 4.25"}.told(
				because(fmt.Sprintf("a CSA block at %s loses a step to %s's fire", areaTitle(h.sc, target), name), "ev.night-hit",
					titleArg(h.sc, "place", target), unitArg("by", sp.ID))))
		}
		if lost > 0 {
			h.rep.Events[fireEv].Text += fmt.Sprintf("; %d hit(s) lost: gunboat fire cannot eliminate CSA blocks (4.25)", lost)
		}
	}
}

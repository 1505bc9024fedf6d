package shiloh1862

import (
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
		if gb.Strength == 0 {
			h.event(Event{Kind: EvPass, Side: USA, Block: sp.ID, Area: gb.Area, Rule: "9.2.2, 4.25"}.told(
				because("ev.gunboat-zero", unitArg("unit", sp.ID))))
			continue
		}
		target, steps := AreaID(""), 0
		for _, m := range h.orders(USA).Moves {
			if target != "" || m.Intent != IntentAttack || len(m.Path) != 1 || !containsBlock(m.Blocks, sp.ID) {
				continue
			}
			if ar := h.sc.Map.Area(m.Path[0]); ar != nil && ar.Riverfront && h.countIn(ar.ID, CSA) > 0 {
				target = ar.ID
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
				because("ev.gunboat-no-target", unitArg("unit", sp.ID))))
			continue
		}
		fp := gb.Firepower
		dice := make([]int, gb.Strength)
		hits := 0
		throw := []adjudicator.Arg{unitArg("unit", sp.ID), adjudicator.TextArg("firepower", fp.String()), titleArg(h.sc, "place", target),
			adjudicator.IntArg("dice", len(dice))}
		for i := range dice {
			dice[i] = h.d.roll(because("throw.night", dieArgs(throw, i)...))
			if dice[i] <= fp.Value {
				hits++
			}
		}
		h.event(Event{Kind: EvFire, Side: USA, Block: sp.ID, Area: target, From: gb.Area, Firepower: fp, Dice: dice, Hits: hits, Rule: "9.2.2, 4.25"})
		for i := 0; i < hits; i++ {
			t := h.strongestFor(h.blocksIn(target, CSA), CSA, true)
			if t == "" {
				continue // a hit that would eliminate is lost (4.25)
			}
			bs := h.block(t)
			bs.Strength--
			// The USA learns nothing from the night's hits: the reason names no block.
			h.event(Event{Kind: EvHit, Side: CSA, Block: t, Area: target, Strength: bs.Strength, Rule: "9.2.2, 4.25"}.told(
				because("ev.night-hit", titleArg(h.sc, "place", target), unitArg("by", sp.ID))))
		}
	}
}

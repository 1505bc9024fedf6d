package antietam

// This file is night game-turns (10.0): the tinted turns of the turn record have
// no Combat Phase and no bombardment (10.1), and units may neither enter an enemy
// zone of control nor leave one (10.2, rule05_movement.go). The Antietam turn
// record tints none (ob.toml's night list is empty, docs/systems/antietam.md), so
// this only bites where a club's data names night turns.

// nightWithoutCombat is 10.1: the Combat Phase is skipped, and every attack order
// is refused.
func (g *game) nightWithoutCombat() {
	g.emit(Event{Code: "night", Rule: "10.1", Side: g.phasing})
	if g.own == nil {
		return
	}
	for i := range g.own.Attacks {
		g.result(KindAttack, i+1, refuse("10.1", "why.attack.night"))
	}
}

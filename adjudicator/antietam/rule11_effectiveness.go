package antietam

// This file is the optional attack effectiveness (11.0, with the exclusive rules'
// recovery 21.0 in place of 11.4): an attacking unit that receives an Ar while
// attacking from an enemy-controlled hex turns ineffective (11.1); it may not
// attack or enter an enemy zone of control (11.2, rule05_movement.go and
// rule07_combat.go); one that begins its side's Combat Phase in an enemy zone of
// control must retreat unless the enemy around it is driven off (11.31, 11.32);
// at the start of each of its side's Combat Phases it rallies on a roll of one
// (21.0). Without the optional rule nothing here happens.

import "github.com/shiloh-pbem/pbem/adjudicator"

// loseEffectiveness is 11.1 after an Ar.
func (g *game) loseEffectiveness(c *combat) {
	if !g.st.Uses(OptAttackEffectiveness) {
		return
	}
	for i, u := range c.att {
		if c.fromZOC[i] && !g.unit(u).Ineffective {
			g.unit(u).Ineffective = true
			g.emit(Event{Code: "ineffective", Rule: "11.1", Side: g.sideOf(u), Unit: g.id(u), Combat: c.n})
		}
	}
}

// rally is 21.0: each ineffective unit of the phasing side on the map rolls; the
// data's number (a one) restores it. Units roll in id order.
func (g *game) rally() {
	if !g.st.Uses(OptAttackEffectiveness) {
		return
	}
	for u := range g.st.Units {
		if g.sideOf(u) != g.phasing || g.hexOf[u] == noHex || !g.unit(u).Ineffective {
			continue
		}
		die := g.roll(adjudicator.Say("throw.rally", adjudicator.IntArg("n", u+1), adjudicator.UnitArg("unit", string(g.id(u)))))
		ev := Event{Code: "rally-failed", Rule: "21.0", Side: g.phasing, Unit: g.id(u), Die: die}
		if die == g.sc.Charts.Optional.AttackEffectiveness.RecoveryRoll {
			g.unit(u).Ineffective = false
			ev.Code = "rallied"
		}
		g.emit(ev)
	}
}

// ineffectiveInContact lists the phasing side's ineffective units that begin the
// Combat Phase in an enemy zone of control (11.31), after the rally.
func (g *game) ineffectiveInContact() []int {
	var out []int
	if !g.st.Uses(OptAttackEffectiveness) {
		return out
	}
	for u := range g.st.Units {
		if g.sideOf(u) == g.phasing && g.hexOf[u] != noHex && g.unit(u).Ineffective && g.controls(g.phasing.Enemy(), g.hexOf[u]) {
			out = append(out, u)
		}
	}
	return out
}

// ineffectiveRetreat is 11.31 at the end of the Combat Phase: each of those units
// still in an enemy zone of control retreats (7.7); the enemy does not advance.
// One that came into contact later is not bound (11.32).
func (g *game) ineffectiveRetreat(held []int) {
	for _, u := range held {
		if g.hexOf[u] != noHex && g.controls(g.phasing.Enemy(), g.hexOf[u]) {
			g.retreat(u, 0, "11.31, 7.7")
		}
	}
}

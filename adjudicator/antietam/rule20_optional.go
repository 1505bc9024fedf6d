package antietam

// This file is the optional rules (20.0, and 11.0 with 21.0) by the names a game
// stores them under: the keys of charts.toml's [optional] tables. Each rule's
// numbers are in charts.toml; each takes effect where its rule bites (the Union
// limit in rule18_restrictions.go, effectiveness in rule11_effectiveness.go), and
// the ones about arrivals and the CRT are here.

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The optional rules' stored names.
const (
	OptGreaterUnionInitiative = "greater_union_initiative"        // 20.1
	OptTotalUnionInitiative   = "total_union_initiative"          // 20.2
	OptEarlyConfederate       = "early_confederate_reinforcement" // 20.3
	OptEarlyUnion             = "early_union_reinforcement"       // 20.4
	OptOptionalReinforcement  = "optional_reinforcement"          // 20.5
	OptNoDisorganization      = "no_confederate_disorganization"  // 20.6
	OptAttackEffectiveness    = "attack_effectiveness"            // 11.0 with 21.0
)

// OptionalRules lists the optional rules a game may use, sorted.
func OptionalRules() []string {
	out := []string{
		OptGreaterUnionInitiative, OptTotalUnionInitiative, OptEarlyConfederate,
		OptEarlyUnion, OptOptionalReinforcement, OptNoDisorganization, OptAttackEffectiveness,
	}
	slices.Sort(out)
	return out
}

// groupTurn is the game-turn from which a reinforcement group may enter (16.1-
// 16.3): earlier with 20.3 or 20.4; 0 for 16.2's group, which only 20.4 or 20.5's
// roll brings in.
func (s *Scenario) groupTurn(r Reinforcement, opts []string) int {
	o := s.Charts.Optional
	uses := func(name string) bool { return slices.Contains(opts, name) }
	switch {
	case uses(OptEarlyConfederate) && r.ID == o.EarlyConfederate.Group:
		return o.EarlyConfederate.Turn
	case uses(OptEarlyUnion) && r.ID == o.EarlyUnion.Group:
		return o.EarlyUnion.Turn
	case uses(OptEarlyUnion) && r.ID == o.EarlyUnion.ExtraGroup:
		return o.EarlyUnion.ExtraTurn
	}
	return r.Turn
}

// optionalArrival is 20.5: at the start of each Union player-turn, while 16.2's
// group may not yet enter, the Union player rolls; the data's number (a one) lets
// it in from this game-turn on.
func (g *game) optionalArrival() {
	o := g.sc.Charts.Optional.OptionalReinforcement
	gs := g.st.Group(o.Group)
	if !g.st.Uses(OptOptionalReinforcement) || g.phasing != unionSide || gs == nil || gs.From != 0 {
		return
	}
	die := g.roll(adjudicator.Say("throw.optional-reinforcement"))
	ev := Event{Code: "arrival-roll", Rule: "20.5", Side: unionSide, Group: gs.ID, Die: die}
	g.emit(ev)
	if die == o.Roll {
		gs.From = g.st.GameTurn
		g.emit(Event{Code: "arrival-allowed", Rule: "20.5, 15.0", Side: unionSide, Group: gs.ID})
	}
}

// shift is 20.6's column shift for an attack by side s at column col: Confederate
// attacks at 1-1 or better one column right, all Union attacks one column left;
// the CRT's ends hold (7.6).
func (g *game) shift(attacker sideT, col int) int {
	if !g.st.Uses(OptNoDisorganization) {
		return col
	}
	o := g.sc.Charts.Optional.NoConfederateDisorganization
	last := len(g.sc.Charts.CRT.Odds) - 1
	switch {
	case attacker == confederateSide && col >= g.sc.Charts.Column(o.ConfederateFrom):
		col += o.ConfederateShift
	case attacker == unionSide:
		col += o.UnionShift
	}
	return max(0, min(last, col))
}

package antietam

// This file holds a side's orders for one player-turn as data (DESIGN §9): the
// phasing side's moves and attacks, in the order they are carried out, and either
// side's standing orders for the choices the board game leaves to a unit's owner
// during the other side's combat (7.71, 7.75, 7.81). The grammar that writes them
// from mail comes later; docs/systems/antietam.md lists every choice with its
// default.

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Orders are one side's orders. The phasing side's Moves and Attacks are played;
// the other side's are ignored, only its Standing orders apply.
type Orders struct {
	Side adjudicator.Side `json:"side"`
	// Moves are carried out in order in the Movement Phase (5.0, 5.17).
	Moves []Move `json:"moves,omitempty"`
	// Attacks are resolved in order in the Combat Phase (7.0 procedure); the
	// attacks 7.11 and 7.12 demand that they leave out are made by default
	// (rule07_mandatory.go).
	Attacks []Attack `json:"attacks,omitempty"`
	// Standing holds the choices made for this side's units when combat moves
	// them: in its own player-turn after an Ar, in the enemy's after a Dr or
	// when they win a defence.
	Standing Standing `json:"standing"`
}

// Sender is the side that wrote the orders (adjudicator.Orders).
func (o *Orders) Sender() adjudicator.Side { return o.Side }

// Move is one unit's move (5.0): the hexes it enters, in order, not counting the
// hex it starts in (which may be given first and is then skipped). A
// reinforcement's path starts with its entry hex (15.0, 15.3).
type Move struct {
	Unit UnitID  `json:"unit"`
	Path []HexID `json:"path"`
}

// Attack is one combat (7.0-7.9, 8.0).
type Attack struct {
	// Attackers attack from hexes adjacent to every defending hex (7.15, 7.25),
	// artillery among them if it stands in an enemy zone of control (8.41).
	Attackers []UnitID `json:"attackers,omitempty"`
	// Bombard are artillery units firing from two or more hexes away, or across
	// a creek hexside (8.1, 8.45).
	Bombard []UnitID `json:"bombard,omitempty"`
	// Defenders are the hexes attacked (7.21, 7.25).
	Defenders []HexID `json:"defenders"`
	// Odds is a voluntary reduction (7.9): the attack is played at this column
	// when the computed odds are better. Empty: the computed odds.
	Odds string `json:"odds,omitempty"`
	// Advance is the unit that advances into a vacated hex after the attacker
	// wins (7.75, 7.76), and where to when two hexes are vacated (empty: the
	// first vacated defending hex, in the order of Defenders). Empty: no advance.
	Advance   UnitID `json:"advance,omitempty"`
	AdvanceTo HexID  `json:"advance_to,omitempty"`
	// Losses are the attackers an exchange eliminates first (7.6 Ex), in order;
	// when they do not make up the strength owed, the default chooses the rest.
	Losses []UnitID `json:"losses,omitempty"`
	// BombardRetreat takes an Ar for the bombarding artillery too (8.16).
	BombardRetreat bool `json:"bombard_retreat,omitempty"`
}

// Standing are a side's standing orders for combat results (7.71, 7.75, 7.81).
type Standing struct {
	// Retreats are retreat preferences: the first that names the unit, else the
	// first whose From holds the hex it retreats from, applies.
	Retreats []RetreatPref `json:"retreats,omitempty"`
	// Displace lists units to displace first when a retreat must displace a
	// friendly unit (7.81); others follow, weakest first.
	Displace []UnitID `json:"displace,omitempty"`
	// Advance lists the units that advance, the first that can, into a hex the
	// enemy's attacking units vacate when this side wins a defence (7.75).
	// Empty: no advance.
	Advance []UnitID `json:"advance,omitempty"`
}

// RetreatPref is where a unit, or any unit retreating from an area, would go
// (7.71): the hexes of To in order, then the open hex nearest Toward; when
// neither is open the default applies (rule07_retreat.go).
type RetreatPref struct {
	Unit   UnitID  `json:"unit,omitempty"`
	From   []HexID `json:"from,omitempty"`
	To     []HexID `json:"to,omitempty"`
	Toward HexID   `json:"toward,omitempty"`
}

// empty says whether the standing orders say nothing at all.
func (s Standing) empty() bool {
	return len(s.Retreats) == 0 && len(s.Displace) == 0 && len(s.Advance) == 0
}

// clone is a deep copy.
func (s Standing) clone() Standing {
	c := Standing{Displace: slices.Clone(s.Displace), Advance: slices.Clone(s.Advance)}
	for _, r := range s.Retreats {
		r.From, r.To = slices.Clone(r.From), slices.Clone(r.To)
		c.Retreats = append(c.Retreats, r)
	}
	return c
}

package antietam

// This file is the sequence of play (4.0, 4.1): one player-turn of the phasing
// side, resolved from its orders and the other side's standing orders. The
// player-turn opens (18.1's release, 20.5's roll), its Movement Phase plays the
// moves in order (rule05_movement.go), its Combat Phase the attacks in order and
// then the attacks 7.11 and 7.12 still demand (rule07_*.go; none at night, 10.1),
// and it closes by handing the turn on (14.3) or, after the last game-turn
// (16.4), by the count of 17.0.
//
// Resolve is pure: the same state, orders and dice give the same state and report,
// byte for byte.

import (
	"fmt"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

type sideT = adjudicator.Side

const (
	unionSide       = adjudicator.USA
	confederateSide = adjudicator.CSA
)

// game is a player-turn being played: the state it changes, with units indexed by
// hex, and what the turn has done so far.
type game struct {
	sc      *Scenario
	g       *geometry
	st      *State
	phasing sideT
	night   bool
	own     *Orders // the phasing side's, or nil
	other   *Orders // the other side's (its standing orders), or nil
	dice    adjudicator.Dice
	rep     *Report

	hexOf []int   // per unit slot: its hex, or noHex
	at    [][]int // per hex: the unit slots on it, in slot order

	moved      []bool // moved this Movement Phase (5.17)
	movedCount int    // of units that count against 18.1
	fought     []bool // attacked or was attacked this Combat Phase (7.14)
	advanced   []bool // advanced after combat (7.75)
	silenced   []bool // displaced artillery that had not fought (7.82)
	bombarded  []int  // per slot: the combat it bombarded in (8.14), 0 none
	combats    int
}

// newGame indexes a state (the caller's copy) for play.
func (s *Scenario) newGame(st *State, own, other *Orders, d adjudicator.Dice) *game {
	n := len(st.Units)
	g := &game{
		sc: s, g: s.geo, st: st, phasing: st.Phasing, own: own, other: other, dice: d,
		night: slices.Contains(s.OB.Game.Night, st.GameTurn),
		rep:   &Report{Turn: st.Turn()},
		hexOf: make([]int, n), at: make([][]int, len(s.geo.ids)),
		moved: make([]bool, n), fought: make([]bool, n), advanced: make([]bool, n),
		silenced: make([]bool, n), bombarded: make([]int, n),
	}
	for i, u := range st.Units {
		g.hexOf[i] = noHex
		if u.Status == OnMap {
			h, _ := s.geo.index(u.Hex)
			g.hexOf[i] = h
			g.at[h] = append(g.at[h], i)
		}
	}
	return g
}

// Resolve plays one player-turn from st: own are the phasing side's orders (nil:
// it sent none, its units hold and the mandatory attacks are made by default),
// other the other side's, of which only the standing orders are read (nil: the
// defaults). It returns the next state and the report; st is not changed. An
// error means input that does not fit: a state of another scenario, a game that is
// over, orders of the wrong side.
func (s *Scenario) Resolve(st *State, own, other *Orders, d adjudicator.Dice) (*State, *Report, error) {
	if err := s.fits(st); err != nil {
		return nil, nil, err
	}
	switch {
	case st.Over:
		return nil, nil, fmt.Errorf("antietam: the game is over")
	case own != nil && own.Side != st.Phasing:
		return nil, nil, fmt.Errorf("antietam: orders of %s in %s's player-turn", own.Side, st.Phasing)
	case other != nil && other.Side != st.Phasing.Enemy():
		return nil, nil, fmt.Errorf("antietam: standing orders of %s for %s", other.Side, st.Phasing.Enemy())
	}
	g := s.newGame(st.Clone(), own, other, d)
	g.st.keepStanding(own)
	g.st.keepStanding(other)
	g.openTurn()
	g.movementPhase()
	if g.night {
		g.nightWithoutCombat()
	} else {
		g.combatPhase()
	}
	g.closeTurn()
	return g.st, g.rep, nil
}

// openTurn is what happens as a player-turn begins: the Union movement limit
// goes in the Union player-turn after a Confederate creek crossing (18.1), and
// 20.5's roll.
func (g *game) openTurn() {
	if g.phasing == unionSide && g.st.CreekCrossed && !g.st.Released {
		g.st.Released = true
		g.emit(Event{Code: "limit-lifted", Rule: "18.1", Side: unionSide})
	}
	g.optionalArrival()
}

// closeTurn hands the turn to the other player (4.1, 14.3), or ends the game after
// the last game-turn (16.4) with the count of 17.0.
func (g *game) closeTurn() {
	first, _ := side(g.sc.OB.Game.First)
	switch {
	case g.phasing == first:
		g.st.Phasing = first.Enemy()
	case g.st.GameTurn < g.sc.OB.Game.Turns:
		g.st.GameTurn++
		g.st.Phasing = first
	default:
		g.st.Over = true
		g.endOfGame()
	}
	g.rep.Points = g.st.points()
	if g.st.Final != nil {
		g.rep.Points = g.st.Final.Points
		f := *g.st.Final
		g.rep.Final = &f
	}
}

// emit records an event.
func (g *game) emit(e Event) {
	e.Seq = len(g.rep.Events) + 1
	g.rep.Events = append(g.rep.Events, e)
}

// result records what became of an order.
func (g *game) result(kind string, index int, v verdict, units ...UnitID) {
	r := OrderResult{Order: adjudicator.OrderRef{Kind: kind, Index: index}, Status: Executed, Units: units}
	if !v.ok() {
		why := v.why
		r.Status, r.Rule, r.Why = Refused, v.rule, &why
	}
	g.rep.Results = append(g.rep.Results, r)
}

// roll throws a die and logs it with why it was thrown (DESIGN §4).
func (g *game) roll(why adjudicator.Phrase) int {
	v := g.dice.Roll(why)
	g.rep.Throws = append(g.rep.Throws, adjudicator.Throw{Why: why, Value: v})
	return v
}

// --- the position ---

func (g *game) spec(slot int) *Unit      { return g.sc.slotSpec[slot] }
func (g *game) sideOf(slot int) sideT    { return g.sc.slotSpec[slot].Side }
func (g *game) id(slot int) UnitID       { return g.st.Units[slot].ID }
func (g *game) strength(slot int) int    { return g.st.Units[slot].Strength }
func (g *game) unit(slot int) *UnitState { return &g.st.Units[slot] }

// slot finds a unit of the position.
func (g *game) slot(id UnitID) (int, bool) {
	i, ok := g.sc.slotOf[id]
	return i, ok
}

// ids names unit slots.
func (g *game) ids(slots []int) []UnitID {
	out := make([]UnitID, len(slots))
	for i, s := range slots {
		out[i] = g.id(s)
	}
	return out
}

// hexes names hex indices.
func (g *game) hexes(hs []int) []HexID {
	out := make([]HexID, len(hs))
	for i, h := range hs {
		out[i] = g.g.ids[h]
	}
	return out
}

// place puts a unit on a hex (off the one it was on), and records who holds a
// Sharpsburg hex (17.1).
func (g *game) place(slot, h int) {
	g.lift(slot)
	g.hexOf[slot] = h
	i, _ := slices.BinarySearch(g.at[h], slot)
	g.at[h] = slices.Insert(g.at[h], i, slot)
	u := g.unit(slot)
	u.Status, u.Hex = OnMap, g.g.ids[h]
	g.passes(slot, h)
}

// lift takes a unit off the map's index.
func (g *game) lift(slot int) {
	if h := g.hexOf[slot]; h != noHex {
		if i, found := slices.BinarySearch(g.at[h], slot); found {
			g.at[h] = slices.Delete(g.at[h], i, i+1)
		}
		g.hexOf[slot] = noHex
	}
}

// eliminate removes a unit from play (7.6), with why and the combat it fell in.
func (g *game) eliminate(slot, combat int, rule string, why adjudicator.Phrase) {
	hex := g.g.ids[g.hexOf[slot]]
	g.lift(slot)
	u := g.unit(slot)
	u.Status, u.Hex, u.Lost = Eliminated, "", g.rep.Turn.Key
	g.emit(Event{Code: "eliminated", Rule: rule, Side: g.sideOf(slot), Unit: u.ID, Hex: hex, Combat: combat, Why: &why})
}

// friends counts a side's units on a hex.
func (g *game) friends(h int, s sideT) int {
	n := 0
	for _, u := range g.at[h] {
		if g.sideOf(u) == s {
			n++
		}
	}
	return n
}

// occupiedBy says whether a side has a unit on a hex.
func (g *game) occupiedBy(h int, s sideT) bool { return g.friends(h, s) > 0 }

// standing are a side's standing orders for this player-turn: those its orders
// write, else those in force from its earlier orders (State.Standing).
func (g *game) standing(s sideT) *Standing {
	o := g.other
	if s == g.phasing {
		o = g.own
	}
	if o != nil && !o.Standing.empty() {
		return &o.Standing
	}
	in := g.st.StandingOf(s)
	return &in
}

// combatReason is the reason a combat's die is thrown, for the throw log.
func combatReason(n int) adjudicator.Phrase {
	return adjudicator.Say("throw.combat", adjudicator.IntArg("n", n))
}

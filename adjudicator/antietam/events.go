package antietam

// This file holds what a player-turn reports, as data: events (what happened,
// each with its code and rule), the fate of each order, and every die thrown.
// Nothing here is English: templates/words/antietam.txt words the codes, which
// codes.go lists in one table.

import "github.com/shiloh-pbem/pbem/adjudicator"

// Event is one thing that happened. Code says what (codes.go lists each with the
// fields it sets); only those fields are set. Fields are in the order of the
// JSON form.
type Event struct {
	Seq  int              `json:"seq"`
	Code string           `json:"code"`
	Rule string           `json:"rule"`
	Side adjudicator.Side `json:"side,omitempty"`
	Unit UnitID           `json:"unit,omitempty"`
	// Units are units acting or suffering together (stack mates joining an
	// attack, units cut off at the end).
	Units []UnitID `json:"units,omitempty"`
	// By is the unit that caused it (the retreating unit a displacement makes
	// room for).
	By   UnitID  `json:"by,omitempty"`
	Hex  HexID   `json:"hex,omitempty"`
	From HexID   `json:"from,omitempty"`
	To   HexID   `json:"to,omitempty"`
	Path []HexID `json:"path,omitempty"`
	// MP is the movement points a move spent (5.15).
	MP int `json:"mp,omitempty"`
	// Group is a reinforcement group (15.0, 20.5).
	Group string `json:"group,omitempty"`
	// Combat numbers the combats of the phase from 1; Order is the attack order
	// it plays (from 1), 0 for an attack made by default (7.11, 7.12).
	Combat    int      `json:"combat,omitempty"`
	Order     int      `json:"order,omitempty"`
	Attackers []UnitID `json:"attackers,omitempty"`
	Bombard   []UnitID `json:"bombard,omitempty"`
	Defenders []UnitID `json:"defenders,omitempty"`
	Hexes     []HexID  `json:"hexes,omitempty"`
	// Attack and Defence are the strengths compared (7.0), Defence after terrain
	// (7.4); Odds the column they reach, Column the one played after a reduction
	// (7.9) and 20.6's shift.
	Attack  int    `json:"attack,omitempty"`
	Defence int    `json:"defence,omitempty"`
	Odds    string `json:"odds,omitempty"`
	Column  string `json:"column,omitempty"`
	Die     int    `json:"die,omitempty"`
	CRT     Result `json:"crt,omitempty"`
	// Points are victory points, index Side.Index() (17.0); Level the 17.2 level
	// as a word code ("union-decisive").
	Points *[2]int `json:"points,omitempty"`
	Level  string  `json:"level,omitempty"`
	// Why is the reason, where an event has one (what eliminated a unit, why an
	// attack was made by default).
	Why *adjudicator.Phrase `json:"why,omitempty"`
}

// Status is what became of one order.
type Status string

const (
	// Executed orders were carried out as written (perhaps with what the rules
	// add: stack mates joining an attack, 7.22).
	Executed Status = "executed"
	// Refused orders were not carried out: the rules did not allow them when
	// their turn came. Why says which rule.
	Refused Status = "refused"
)

// OrderResult is the outcome of one order.
type OrderResult struct {
	Order  adjudicator.OrderRef `json:"order"`
	Status Status               `json:"status"`
	Rule   string               `json:"rule,omitempty"`
	Why    *adjudicator.Phrase  `json:"why,omitempty"`
	Units  []UnitID             `json:"units,omitempty"`
}

// Report is everything that happened in one player-turn.
type Report struct {
	Turn    adjudicator.Turn    `json:"turn"`
	Events  []Event             `json:"events"`
	Results []OrderResult       `json:"results"`
	Throws  []adjudicator.Throw `json:"throws"`
	// Points are the victory points after the player-turn (17.1), index
	// Side.Index(); at the end of the game, the final count.
	Points [2]int `json:"points"`
	Final  *Final `json:"final,omitempty"`
}

// Played is the turn the report is of (adjudicator.Report).
func (r *Report) Played() adjudicator.Turn { return r.Turn }

// Order kinds, as OrderRef.Kind names them.
const (
	KindMove   = "move"
	KindAttack = "attack"
)

// verdict is a rule's answer: fine (zero), or why not, with the rule.
type verdict struct {
	rule string
	why  adjudicator.Phrase
}

func (v verdict) ok() bool { return v.why.Code == "" }

// refuse builds a refusal; the code must be in codes.go's table.
func refuse(rule, code string, args ...adjudicator.Arg) verdict {
	return verdict{rule: rule, why: adjudicator.Say(code, args...)}
}

// Argument helpers for this package's ids.
func unitArg(key string, id UnitID) adjudicator.Arg { return adjudicator.UnitArg(key, string(id)) }
func hexArg(key string, h HexID) adjudicator.Arg    { return adjudicator.PlaceArg(key, string(h)) }
func intArg(key string, v int) adjudicator.Arg      { return adjudicator.IntArg(key, v) }

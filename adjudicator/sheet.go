package adjudicator

// This file is what a system hands the mail to be worded (docs/ARCHITECTURE.md §5):
// its report of a turn unit, its call for orders and its end-of-game record, cut
// from its views as phrases. templates words every phrase with the system's wording
// file (templates/words/<system id>.txt) and lays the mail out; the system decides
// what is said and in which section, and never how it is said.

// Told is implemented by a scenario whose turn units are mailed.
type Told interface {
	Named
	// Sheet is a resolved turn unit as rv's viewer reads it.
	Sheet(rv ReportView) (*Sheet, error)
	// Form is the call for orders of the turn unit v opens (or, when the game is
	// over, only the points).
	Form(v View) (*Form, error)
	// Record is the end of a finished game: its result and losses from the final
	// state, and one row per played turn unit from the GM's report views in order.
	// Nothing is hidden any more when it is read.
	Record(after State, gm []ReportView) (*Record, error)
}

// Named names the units and places of a scenario for its wording. A false answer
// keeps the id unsaid (the wording prints its fallback).
type Named interface {
	UnitName(id string) (string, bool)
	PlaceName(id string) (string, bool)
}

// Line is one sentence of a mail and how the HTML mail colours it: "own",
// "enemy", "hit", "loss", "warn" or "".
type Line struct {
	Say   Phrase
	Class string
}

// Sheet is one viewer's report of a resolved turn unit, section by section. An
// empty section is left out of the mail. The mail opens with a summary (the
// initiative, each battle's Result, the points, the Attention lines) and tells
// the details below it, each fact once.
type Sheet struct {
	Viewer     Side
	Turn       string // the turn unit played, as its Key
	Initiative Phrase // who moved first, and why (zero: nothing to say)
	// Attention is what needs the viewer's attention: the orders that failed,
	// each with why. The summary tells them; Orders does not again.
	Attention []Line
	// Orders is the rest of the viewer's orders: one line per order, as carried
	// out (with the moves it made) or why it went unused.
	Orders []Line
	// Movement is what the viewer's side did that no order line tells (arrivals,
	// stragglers); the GM's tells both sides.
	Movement []Line
	// Enemy is what the viewer saw the enemy do outside battle.
	Enemy   []Line
	Battles []Battle
	Losses  []Line
	Supply  []Line
	Points  Phrase
	Outcome Phrase // zero while the game goes on
	// Progress is the turn unit in one line for a terminal (the demo's progress),
	// from the GM's sheet.
	Progress Phrase
}

// Battle is one combat told in full: its title, what was revealed, its rounds
// and how it ended. A system with single-throw combat has no rounds.
type Battle struct {
	Title Phrase
	// Result is the battle in one line for the summary: who won and what each
	// side lost, from the lines below (zero: the summary names the Title).
	Result   Phrase
	Revealed []Line
	Rounds   []Round
	After    []Line
}

// Round is one round of a battle.
type Round struct {
	N     int
	Lines []Line
}

// Form is the call for orders of one turn unit.
type Form struct {
	Turn     string   // the turn unit now open, as its Key; "" when the game is over
	Points   Phrase   // the public score
	Arrivals []Phrase // what arrives next, one phrase per arrival
	Lines    []Phrase // the pre-filled order form, one phrase per line
}

// Record is a finished game's end-of-game record.
type Record struct {
	Result Phrase
	Losses []Phrase // one per side
	Turns  []RecordTurn
}

// RecordTurn is one played turn unit of the record and of its casualty chart.
type RecordTurn struct {
	Key   string // "Day 1 7AM"
	Short string // the chart's label: "1-7"
	First Side   // who moved first
	Lost  [2]int // steps lost, index Side.Index()
}

package shiloh1862

import (
	"strconv"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// EventKind says what happened. Events are recorded in the order they happened; a
// side's report is the subset it may see (view.go). A kind is one byte in memory (an
// hour writes hundreds of events) and its name in JSON and text.
type EventKind uint8

const (
	EvInitiative     EventKind = iota + 1 // 2.1
	EvArrival                             // 5.6, 5.61, 9.1
	EvArrivalHeld                         // 5.6 delayed arrival
	EvActivate                            // 5.2
	EvMove                                // 5.3
	EvStraggler                           // 5.2 uncommanded move roll
	EvHQReduced                           // 5.2 step loss after commanding
	EvPinned                              // 5.4
	EvBattle                              // 6.2 a battle begins; blocks revealed
	EvRound                               // 6.3
	EvReserves                            // 6.5 reserves arrive in round 2
	EvSwap                                // 6.5 attacker becomes defender
	EvFire                                // 6.6
	EvHit                                 // 6.6 one hit on one block
	EvRetreat                             // 6.7
	EvPass                                // 6.4
	EvEliminated                          // 6.9, 3.6
	EvHQFallen                            // 6.91
	EvSuccession                          // 6.91
	EvBattleEnd                           // 6.3
	EvRegroup                             // 6.8
	EvCampCaptured                        // 7.2
	EvSupply                              // 7.1
	EvHQRebuilt                           // 6.91
	EvOhioBarred                          // 9.1
	EvVictory                             // 8.0
	EvControlChanged                      // 5.1
)

// eventKindNames are the kinds' names, as written in reports.
var eventKindNames = [...]string{
	EvInitiative:     "initiative",
	EvArrival:        "arrival",
	EvArrivalHeld:    "arrival-held",
	EvActivate:       "activate",
	EvMove:           "move",
	EvStraggler:      "straggler",
	EvHQReduced:      "hq-reduced",
	EvPinned:         "pinned",
	EvBattle:         "battle",
	EvRound:          "round",
	EvReserves:       "reserves",
	EvSwap:           "swap",
	EvFire:           "fire",
	EvHit:            "hit",
	EvRetreat:        "retreat",
	EvPass:           "pass",
	EvEliminated:     "eliminated",
	EvHQFallen:       "hq-fallen",
	EvSuccession:     "succession",
	EvBattleEnd:      "battle-end",
	EvRegroup:        "regroup",
	EvCampCaptured:   "camp-captured",
	EvSupply:         "supply",
	EvHQRebuilt:      "hq-rebuilt",
	EvOhioBarred:     "ohio-barred",
	EvVictory:        "victory",
	EvControlChanged: "control-changed",
}

// String is the kind's name ("" for the zero kind).
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return "event-kind-" + strconv.Itoa(int(k))
}

// MarshalText writes the kind's name.
func (k EventKind) MarshalText() ([]byte, error) {
	if int(k) >= len(eventKindNames) {
		return nil, errorf("unknown event kind %d", int(k))
	}
	return []byte(eventKindNames[k]), nil
}

// UnmarshalText reads a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, n := range eventKindNames {
		if n == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return errorf("unknown event kind %q", b)
}

// Revealed is a block shown at its strength in battle (6.2).
type Revealed struct {
	Block     BlockID   `json:"block"`
	Side      Side      `json:"side"`
	Strength  int       `json:"strength"`
	Firepower Firepower `json:"firepower"`
	Reserve   bool      `json:"reserve,omitempty"`
}

// Event is one thing that happened. Only the fields that matter for its Kind are set.
// The fields are in the order of the documented JSON form (docs/STATE.md), which the
// verifiable record depends on.
type Event struct {
	Seq    int       `json:"seq"`
	Kind   EventKind `json:"kind"`
	Side   Side      `json:"side,omitempty"`
	Block  BlockID   `json:"block,omitempty"`
	Blocks []BlockID `json:"blocks,omitempty"` // blocks acting together (an arrival group, pinned blocks)
	Area   AreaID    `json:"area,omitempty"`   // where it happened (battle area)
	From   AreaID    `json:"from,omitempty"`
	To     AreaID    `json:"to,omitempty"`
	Via    []AreaID  `json:"via,omitempty"` // a road move's path
	Intent Intent    `json:"intent,omitempty"`
	// CommandedBy is the HQ that commanded a move (5.2).
	CommandedBy BlockID    `json:"commanded_by,omitempty"`
	Round       int        `json:"round,omitempty"`
	Firepower   Firepower  `json:"firepower,omitempty"` // effective firepower of a fire
	Dice        []int      `json:"dice,omitempty"`
	Hits        int        `json:"hits,omitempty"`
	Strength    int        `json:"strength,omitempty"` // strength after the event
	Attacker    Side       `json:"attacker,omitempty"`
	Revealed    []Revealed `json:"revealed,omitempty"`
	Winner      Side       `json:"winner,omitempty"` // of a battle or the game
	Points      [2]int     `json:"points,omitempty"` // VPs per side (index Side.Index())
	Rule        string     `json:"rule,omitempty"`
	// Why is what the report adds to the event's own sentence, as a phrase: a
	// retreat's reason, a fire's firepower changes, the cause of a hit, why an
	// arrival was held, a battle's place in the sequence. Kinds whose sentence
	// says it all carry none.
	Why adjudicator.Phrase `json:"why,omitzero"`
}

// told gives the event its reason.
func (e Event) told(r reason) Event {
	e.Why = r
	return e
}

// Status is what became of one order.
type Status string

const (
	// Executed orders were carried out as written.
	Executed Status = "executed"
	// Partial orders were carried out for some of their blocks only.
	Partial Status = "partial"
	// Dropped orders were legal when written but could not be carried out when their
	// turn came (pinned, command lost, limits used up, destination now enemy).
	Dropped Status = "dropped"
	// Invalid orders are not understood (unknown names, malformed).
	Invalid Status = "invalid"
	// Illegal orders are understood but not allowed by the rules.
	Illegal Status = "illegal"
	// Unused standing orders did not apply this hour (no battle in that area).
	Unused Status = "unused"
)

// Result is the outcome of one order, with the rule and the reason (Why, a
// phrase templates words from the reader's view).
type Result struct {
	Side   Side               `json:"side"`
	Order  OrderRef           `json:"order"`
	Status Status             `json:"status"`
	Rule   string             `json:"rule,omitempty"`
	Why    adjudicator.Phrase `json:"why,omitzero"`
	// Blocks the result is about (a partial move names the blocks that did not go).
	Blocks []BlockID `json:"blocks,omitempty"`
}

// Initiative records the hour's initiative (2.1).
type Initiative struct {
	// Rolls are the 2d6 totals, index Side.Index(); zero when no roll was made.
	Rolls   [2]int `json:"rolls"`
	Player1 Side   `json:"player1"`
	// Why says how Player 1 was decided (a roll, a tie, the day's first hour,
	// the Planned Initiative marker).
	Why adjudicator.Phrase `json:"why,omitzero"`
}

// Report is everything that happened in one hour.
type Report struct {
	Hour       Hour       `json:"hour"`
	Initiative Initiative `json:"initiative"`
	Events     []Event    `json:"events"`
	Results    []Result   `json:"results"`
	Throws     []Throw    `json:"throws"`
	// Points are victory points after the hour, index Side.Index() (8.0).
	Points [2]int `json:"points"`
	Over   bool   `json:"over,omitempty"`
	Winner Side   `json:"winner,omitempty"`
}

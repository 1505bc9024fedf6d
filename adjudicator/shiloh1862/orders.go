package shiloh1862

import "fmt"

// This file defines what one side's orders for one hour can say (DESIGN §2). The
// orders package parses plain text into these types; the engine consumes them. Every
// order keeps the Line it came from so that receipts and reports can point back at
// the player's text.

// Intent is what a move means whichever player the side turns out to be (DESIGN §2.5).
type Intent uint8

const (
	// IntentMove goes only if the destination is friendly or vacant at that moment.
	IntentMove Intent = iota
	// IntentAttack enters even an enemy area (battle limits apply); into a vacant or
	// friendly area it is a plain move.
	IntentAttack
	// IntentReinforce joins a contested area as defender reserves (5.5, 6.5) when the
	// side is Player 2; otherwise it is a plain move.
	IntentReinforce
)

func (i Intent) String() string {
	switch i {
	case IntentAttack:
		return "attack"
	case IntentReinforce:
		return "reinforce"
	}
	return "move"
}

func (i Intent) MarshalText() ([]byte, error) { return []byte(i.String()), nil }

func (i *Intent) UnmarshalText(b []byte) error {
	switch string(b) {
	case "move", "":
		*i = IntentMove
	case "attack":
		*i = IntentAttack
	case "reinforce":
		*i = IntentReinforce
	default:
		return errorf("unknown intent %q", b)
	}
	return nil
}

// Activation turns an HQ face-up for command (5.2). AsArmy asks a DHQ or CHQ that
// holds army command (Sherman before Grant, a successor after 6.91) to command as
// AHQ (any three blocks) instead of as its own division's HQ.
type Activation struct {
	HQ     BlockID `json:"hq"`
	AsArmy bool    `json:"as_army,omitempty"`
	Line   int     `json:"line,omitempty"`
}

// Move moves one or several blocks (5.3). Path holds one area, or two for a road
// move (5.31); From, when set, is where the player believes the blocks stand (an
// order whose blocks are elsewhere is rejected rather than guessed at).
type Move struct {
	Blocks []BlockID `json:"blocks"`
	From   AreaID    `json:"from,omitempty"`
	Path   []AreaID  `json:"path"`
	Intent Intent    `json:"intent"`
	// Uncommanded accepts the straggler roll of 5.2 for blocks no active HQ can
	// command (plain moves only).
	Uncommanded bool `json:"uncommanded,omitempty"`
	Line        int  `json:"line,omitempty"`
}

// DoctrineKind is a standing battle order (DESIGN §2.6).
type DoctrineKind uint8

const (
	// Hold fires every round and never retreats (the defender's default).
	Hold DoctrineKind = iota
	// WithdrawAfter retreats from round AfterRound+1 on.
	WithdrawAfter
	// WithdrawIfWeaker retreats when the side's revealed steps in the battle are
	// below the enemy's at the start of a round.
	WithdrawIfWeaker
)

func (k DoctrineKind) String() string {
	switch k {
	case WithdrawAfter:
		return "withdraw after"
	case WithdrawIfWeaker:
		return "withdraw if weaker"
	}
	return "hold"
}

func (k DoctrineKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

func (k *DoctrineKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "hold", "":
		*k = Hold
	case "withdraw after":
		*k = WithdrawAfter
	case "withdraw if weaker":
		*k = WithdrawIfWeaker
	default:
		return errorf("unknown doctrine %q", b)
	}
	return nil
}

// Doctrine is the standing order for battles in one area, or in every area when Area
// is empty. Retreat lists destinations in order of preference.
type Doctrine struct {
	Area       AreaID       `json:"area,omitempty"`
	Kind       DoctrineKind `json:"kind"`
	AfterRound int          `json:"after_round,omitempty"`
	Retreat    []AreaID     `json:"retreat,omitempty"`
	Line       int          `json:"line,omitempty"`
}

// Words says a doctrine as its order reads: a withdrawal with its round.
func (d Doctrine) Words() string {
	if d.Kind == WithdrawAfter {
		return fmt.Sprintf("withdraw after round %d", d.AfterRound)
	}
	return d.Kind.String()
}

// Regroup says where the victor's blocks go after a battle in Area (6.8). Empty
// Blocks means every block of the side there.
type Regroup struct {
	Area   AreaID    `json:"area"`
	Blocks []BlockID `json:"blocks,omitempty"`
	To     AreaID    `json:"to"`
	Line   int       `json:"line,omitempty"`
}

// Landing picks the landing an Army of the Ohio arrival group enters at (9.1).
type Landing struct {
	Arrival string `json:"arrival"`
	Area    AreaID `json:"area"`
	Line    int    `json:"line,omitempty"`
}

// InitiativeChoice is the Planned Initiative choice (optional 2.1) of the side
// holding the marker.
type InitiativeChoice uint8

const (
	InitiativeAny InitiativeChoice = iota
	InitiativeFirst
	InitiativeSecond
)

// Orders are one side's orders for one hour. A new submission replaces the previous
// one whole.
type Orders struct {
	Side     Side         `json:"side"`
	Activate []Activation `json:"activate,omitempty"`
	Moves    []Move       `json:"moves,omitempty"`
	// Battles is the battle sequence used if the side is Player 1 (6.2).
	Battles  []AreaID   `json:"battles,omitempty"`
	Doctrine []Doctrine `json:"doctrine,omitempty"`
	// LossesFirst and LossesLast order the side's own blocks for hit ties (6.6):
	// first-listed blocks take a tied hit before others, last-listed after all others.
	LossesFirst []BlockID `json:"losses_first,omitempty"`
	LossesLast  []BlockID `json:"losses_last,omitempty"`
	// Pin lists own blocks the side prefers to be pinned when defending (5.4).
	Pin     []BlockID `json:"pin,omitempty"`
	Regroup []Regroup `json:"regroup,omitempty"`
	// Supply lists blocks to rebuild in priority order (7.1).
	Supply []BlockID `json:"supply,omitempty"`
	// Arrivals chooses options for arrival groups: Lew Wallace's road "D" now or wait
	// for "E" (5.61); HoldArrivals delays groups whose entry area is enemy (5.6).
	ArrivalChoices []ArrivalChoice  `json:"arrival_choices,omitempty"`
	HoldArrivals   []string         `json:"hold_arrivals,omitempty"`
	Landings       []Landing        `json:"landings,omitempty"`
	Initiative     InitiativeChoice `json:"initiative,omitempty"`
}

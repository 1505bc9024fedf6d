package shiloh1862

// Where is a block's place in the game.
type Where uint8

const (
	// Pending blocks have not arrived yet (5.6, 5.61, 9.1).
	Pending Where = iota
	// OnMap blocks stand in an area.
	OnMap
	// Eliminated blocks are off the board and count as VPs for the enemy (6.9), as do
	// blocks that left the map (3.6, shattered brigades).
	Eliminated
	// Fallen HQs wait off the map to be rebuilt at strength 0 in the next supply
	// phase (6.91).
	Fallen
	// Absent blocks never arrive (Army of the Ohio barred by 9.1, a destroyed
	// division's HQ that is never rebuilt, or not in the scenario). They count as VPs
	// only if they were eliminated first.
	Absent
)

func (w Where) String() string {
	switch w {
	case Pending:
		return "pending"
	case OnMap:
		return "on map"
	case Eliminated:
		return "eliminated"
	case Fallen:
		return "fallen"
	case Absent:
		return "absent"
	}
	return "?"
}

func (w Where) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

func (w *Where) UnmarshalText(b []byte) error {
	for _, c := range []Where{Pending, OnMap, Eliminated, Fallen, Absent} {
		if c.String() == string(b) {
			*w = c
			return nil
		}
	}
	return errorf("unknown block place %q", b)
}

// BlockState is one block's changing facts.
type BlockState struct {
	ID       BlockID `json:"id"`
	Where    Where   `json:"where"`
	Area     AreaID  `json:"area,omitempty"`
	Strength int     `json:"strength"`
	// Max and Firepower start as on the OB card; a rebuilt HQ has max 1 and B1 (6.91).
	Max       int       `json:"max"`
	Firepower Firepower `json:"firepower"`
	// Falls counts how often this HQ has fallen (each fall gives the enemy a Fallen
	// HQ VP).
	Falls int `json:"falls,omitempty"`
}

// Loss is one VP-scoring event: a block eliminated or shattered, or an HQ fallen.
type Loss struct {
	Block BlockID `json:"block"`
	Side  Side    `json:"side"` // the side that lost it
	Hour  Hour    `json:"hour"`
	// HQFall is true for a Fallen HQ marker (the block itself may be rebuilt).
	HQFall bool `json:"hq_fall,omitempty"`
}

// ArmyCommand says which HQ commands an army as AHQ after its own AHQ fell (6.91
// succession), or while the AHQ has not arrived (Sherman before Grant, 5.21).
type ArmyCommand struct {
	Army Army    `json:"army"`
	HQ   BlockID `json:"hq"`
}

// Sighting is what one side last saw of an enemy block revealed in battle: the view
// keeps it as a "last seen" ghost.
type Sighting struct {
	Viewer   Side    `json:"viewer"`
	Block    BlockID `json:"block"`
	Area     AreaID  `json:"area"`
	Strength int     `json:"strength"`
	Hour     Hour    `json:"hour"`
}

// Visibility is a game's fog-of-war mode (DESIGN §3).
type Visibility string

const (
	// VisBlocks is the board game: enemy blocks show where they stand and how many,
	// never name or strength except in battle.
	VisBlocks Visibility = "blocks"
	// VisDoubleBlind shows enemy blocks only in or next to areas holding a friendly
	// block.
	VisDoubleBlind Visibility = "double-blind"
	// VisOpen shows everything (teaching games).
	VisOpen Visibility = "open"
)

// Options are a game's per-game switches: the visibility mode and the optional rules.
type Options struct {
	Visibility        Visibility `json:"visibility" toml:"visibility"`
	PlannedInitiative bool       `json:"planned_initiative,omitempty" toml:"planned_initiative"` // 2.1 sidebar
	Pond              bool       `json:"pond,omitempty" toml:"pond"`                             // 4.2 sidebar
	FrontlineLimits   bool       `json:"frontline_limits,omitempty" toml:"frontline_limits"`     // 5.2 sidebar
	Flanking          bool       `json:"flanking,omitempty" toml:"flanking"`                     // 6.5 sidebar
}

// State is the whole game position between hours. It is plain data with a stable JSON
// encoding (docs/STATE.md); every slice is kept sorted so that equal positions encode
// to equal bytes.
type State struct {
	Scenario string  `json:"scenario"`
	Options  Options `json:"options"`
	// Hour is the hour about to be played.
	Hour Hour `json:"hour"`
	// Over is set once victory was decided (8.0) or the last hour was played.
	Over   bool `json:"over,omitempty"`
	Winner Side `json:"winner,omitempty"`

	Blocks []BlockState `json:"blocks"` // sorted by ID, one per OB block
	Losses []Loss       `json:"losses,omitempty"`

	// CampsCaptured lists USA camps the CSA has captured at least once (7.2).
	CampsCaptured []AreaID `json:"camps_captured,omitempty"`
	// ArmyCommand lists armies commanded by a successor or acting AHQ.
	ArmyCommand []ArmyCommand `json:"army_command,omitempty"`
	// ArrivalsDone lists arrival groups that have entered or been given up.
	ArrivalsDone []string `json:"arrivals_done,omitempty"`
	// ArrivalChoices records choices made for arrival groups, e.g. Lew Wallace's
	// division waiting for road E (5.61): arrival id to option choice.
	ArrivalChoices []ArrivalChoice `json:"arrival_choices,omitempty"`
	// OhioBarred is set when all three landings were CSA at Day 1 6PM (9.1).
	OhioBarred bool `json:"ohio_barred,omitempty"`
	// InitiativeMarker holds the Planned Initiative marker (optional 2.1).
	InitiativeMarker Side `json:"initiative_marker,omitempty"`
	// Sightings remember enemy blocks revealed in battle, per viewing side.
	Sightings []Sighting `json:"sightings,omitempty"`

	// playerTwo is set on a state between the turns of a sequential hour
	// (BetweenTurns): the side whose turn comes next, whose orders a check
	// plays as Player 2's. Such a state is never stored or resolved.
	playerTwo Side
}

// ArrivalChoice is a decision made for an arrival group.
type ArrivalChoice struct {
	Arrival string `json:"arrival"`
	Choice  string `json:"choice"`
}

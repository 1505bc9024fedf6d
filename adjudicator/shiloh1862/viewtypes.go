package shiloh1862

// This file defines what one side may know (DESIGN §3). render/ and templates/
// receive a View or a ReportView, never a State or a Report: fog of war is a type
// boundary. View() and ViewReport() in view.go build them.

// OwnBlock is a friendly block as its owner sees it: everything.
type OwnBlock struct {
	ID           BlockID     `json:"id"`
	Name         string      `json:"name"`
	Side         Side        `json:"side"`
	Type         BlockType   `json:"type"`
	HQKind       HQKind      `json:"hq_kind,omitempty"`
	Army         Army        `json:"army"`
	Formation    FormationID `json:"formation"`
	Where        Where       `json:"where"`
	Area         AreaID      `json:"area,omitempty"`
	Strength     int         `json:"strength"`
	Max          int         `json:"max"`
	Firepower    Firepower   `json:"firepower"`
	CommandRange int         `json:"command_range,omitempty"`
}

// EnemyBlock is an enemy block on the map as the viewer sees it. In the blocks and
// double-blind modes only Area is known; ID, Name, Type, Strength and Firepower are
// set only in open games and for the GM. Enemy blocks are listed sorted by area
// alone, so that their order says nothing about who they are.
type EnemyBlock struct {
	Area      AreaID    `json:"area"`
	ID        BlockID   `json:"id,omitempty"`
	Name      string    `json:"name,omitempty"`
	Type      BlockType `json:"type,omitempty"`
	Strength  int       `json:"strength,omitempty"`
	Firepower Firepower `json:"firepower,omitempty"`
}

// Ghost is an enemy block last seen in battle (DESIGN §3).
type Ghost struct {
	Block     BlockID   `json:"block"`
	Name      string    `json:"name"`
	Type      BlockType `json:"type"`
	Area      AreaID    `json:"area"`
	Strength  int       `json:"strength"`
	Firepower Firepower `json:"firepower"`
	Hour      Hour      `json:"hour"`
}

// Control is an area's control as the viewer can see it (5.1). In double-blind games
// an area whose enemy occupants the viewer cannot see shows as the viewer knows it.
type Control struct {
	Area      AreaID `json:"area"`
	Side      Side   `json:"side,omitempty"`
	Contested bool   `json:"contested,omitempty"`
}

// DueArrival is an own arrival group due next hour, with its options.
type DueArrival struct {
	Arrival string          `json:"arrival"`
	Blocks  []BlockID       `json:"blocks"`
	Options []ArrivalOption `json:"options"`
}

// View is one side's knowledge of the game at the start of an hour. Viewer NoSide is
// the GM's view: every block of both sides is in Own and Enemy is empty.
type View struct {
	Scenario string     `json:"scenario"`
	Viewer   Side       `json:"viewer"`
	Mode     Visibility `json:"mode"`
	Hour     Hour       `json:"hour"`
	Over     bool       `json:"over,omitempty"`
	Winner   Side       `json:"winner,omitempty"`
	// Own is every friendly block (pending, on the map, eliminated), sorted by id.
	Own []OwnBlock `json:"own"`
	// Enemy is every enemy block on the map that the viewer can see.
	Enemy []EnemyBlock `json:"enemy"`
	// EnemyEliminated counts enemy blocks off the board (public: they are placed
	// face-up, 6.9), by type.
	EnemyEliminated []EnemyLoss `json:"enemy_eliminated,omitempty"`
	Ghosts          []Ghost     `json:"ghosts,omitempty"`
	Control         []Control   `json:"control"`
	// Points are VPs, index Side.Index() (public, 8.0).
	Points        [2]int       `json:"points"`
	CampsCaptured []AreaID     `json:"camps_captured,omitempty"`
	Arrivals      []DueArrival `json:"arrivals,omitempty"`
	// InitiativeMarker is public (Planned Initiative).
	InitiativeMarker Side `json:"initiative_marker,omitempty"`
}

// EnemyLoss is an eliminated enemy block, face-up off the board (6.9).
type EnemyLoss struct {
	Block  BlockID   `json:"block"`
	Name   string    `json:"name"`
	Type   BlockType `json:"type"`
	Hour   Hour      `json:"hour"`
	HQFall bool      `json:"hq_fall,omitempty"`
}

// ReportView is the part of an hour's Report one side may see, with the view at the
// end of the hour. Enemy events are stripped of identities the viewer never learned
// (an unseen enemy move shows as "a block moved from X to Y").
type ReportView struct {
	Viewer     Side       `json:"viewer"`
	Hour       Hour       `json:"hour"`
	Initiative Initiative `json:"initiative"`
	Events     []Event    `json:"events"`
	// Results are the viewer's own order results (both sides' for the GM).
	Results []Result `json:"results"`
	Points  [2]int   `json:"points"`
	Over    bool     `json:"over,omitempty"`
	Winner  Side     `json:"winner,omitempty"`
	After   View     `json:"after"`
}

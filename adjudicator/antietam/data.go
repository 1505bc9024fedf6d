package antietam

// This file holds the shapes of the three data files (scenarios/antietam/map.toml,
// ob.toml, charts.toml) as Go values. Each file documents its own format at its top;
// docs/systems/antietam.md says where every value comes from.

import "github.com/shiloh-pbem/pbem/adjudicator"

// HexID is a hex of the map, numbered CCRR as printed.
type HexID = adjudicator.PlaceID

// UnitID names a unit in orders, states and saved games.
type UnitID string

// Src says where a value comes from: "<tag>: <where from>", the tag one of
// ProvenanceTags.
type Src string

// ProvenanceTags are the tags a Src may carry (docs/systems/antietam.md): printed in
// the rules, following from them, forced by the deployment, placed from the real
// battlefield, or filler.
var ProvenanceTags = []string{"rules", "derived", "deployment", "geography", "guess"}

// Terrain is a hex's terrain (TEC 9.0).
type Terrain string

const (
	Clear          Terrain = "clear"
	Forest         Terrain = "forest"
	Rough          Terrain = "rough"
	ForestAndRough Terrain = "forest_and_rough"
	Town           Terrain = "town"
	River          Terrain = "river"
	RiverFerry     Terrain = "river_ferry"
)

// Feature is what a hexside carries (TEC 9.0); a board Edge lists them.
type Feature string

const (
	Creek  Feature = "creek"
	Bridge Feature = "bridge"
	Ford   Feature = "ford"
	Road   Feature = "road"
	Trail  Feature = "trail"
)

// UnitType is a unit's arm (2.4, 14.0).
type UnitType string

const (
	Infantry  UnitType = "infantry"
	Cavalry   UnitType = "cavalry"
	Artillery UnitType = "artillery"
)

// Bank is a side of Antietam Creek: west is Sharpsburg's.
type Bank string

const (
	West Bank = "west"
	East Bank = "east"
)

// Result is a Combat Results Table entry (7.6).
type Result string

const (
	AttackerEliminated Result = "Ae"
	AttackerRetreats   Result = "Ar"
	DefenderRetreats   Result = "Dr"
	DefenderEliminated Result = "De"
	Exchange           Result = "Ex"
)

// Hexside is the side between two neighbouring hexes, written "CCRR-CCRR".
type Hexside string

// --- map.toml ---

// MapData is map.toml.
type MapData struct {
	Map struct {
		ID    string `toml:"id"`
		Title string `toml:"title"`
		Src   Src    `toml:"src"`
	} `toml:"map"`
	Grid      GridSpec       `toml:"grid"`
	Terrain   []TerrainGroup `toml:"terrain"`
	Creeks    []CreekReach   `toml:"creek"`
	Crossings []Crossing     `toml:"crossing"`
	Roads     []RoadLine     `toml:"road"`
	Places    []NamedPlace   `toml:"place"`
}

// GridSpec is the hex grid: columns and rows as numbered, which columns sit low.
type GridSpec struct {
	Cols    int  `toml:"cols"`
	Rows    int  `toml:"rows"`
	EvenLow bool `toml:"even_low"`
	Src     Src  `toml:"src"`
}

// TerrainGroup gives one terrain to a group of hexes (a wood, a reach of river).
type TerrainGroup struct {
	Kind  Terrain `toml:"kind"`
	Name  string  `toml:"name"`
	Hexes []HexID `toml:"hexes"`
	Src   Src     `toml:"src"`
}

// CreekReach is one reach of Antietam Creek: the hexsides it runs along.
type CreekReach struct {
	Name  string    `toml:"name"`
	Sides []Hexside `toml:"sides"`
	Src   Src       `toml:"src"`
}

// Crossing is a bridge or ford on a creek hexside (5.25).
type Crossing struct {
	ID   string  `toml:"id"`
	Name string  `toml:"name"`
	Kind Feature `toml:"kind"`
	Side Hexside `toml:"side"`
	Src  Src     `toml:"src"`
}

// RoadLine is a road or trail as the hexes it runs through, in order (5.22, 5.23).
type RoadLine struct {
	ID    string  `toml:"id"`
	Name  string  `toml:"name"`
	Kind  Feature `toml:"kind"`
	Hexes []HexID `toml:"hexes"`
	Src   Src     `toml:"src"`
}

// NamedPlace is a named group of hexes, for orders and the map.
type NamedPlace struct {
	ID    string  `toml:"id"`
	Name  string  `toml:"name"`
	Hexes []HexID `toml:"hexes"`
	Src   Src     `toml:"src"`
}

// --- ob.toml ---

// OrderOfBattle is ob.toml.
type OrderOfBattle struct {
	Game Game `toml:"game"`
	OB   struct {
		Movement int `toml:"movement"`
		Src      Src `toml:"src"`
	} `toml:"ob"`
	Deploy         []Deployment    `toml:"deploy"`
	Reinforcements []Reinforcement `toml:"reinforcement"`
	CounterSheet   struct {
		Src      Src       `toml:"src"`
		Counters []Counter `toml:"counters"`
	} `toml:"counter_sheet"`
}

// Game is the game's length and turn order (16.4, 14.3, 10.0).
type Game struct {
	Turns int    `toml:"turns"`
	First string `toml:"first"`
	Night []int  `toml:"night"`
	Src   Src    `toml:"src"`
}

// Deployment is one formation's set-up (14.1, 14.2) and the bank of Antietam Creek
// history puts it on.
type Deployment struct {
	Formation string `toml:"formation"`
	Name      string `toml:"name"`
	Side      string `toml:"side"`
	Bank      Bank   `toml:"bank"`
	BankSrc   Src    `toml:"bank_src"`
	Units     []Unit `toml:"units"`
}

// Unit is one counter as the charts print it. Side, Formation and Group are filled
// by the loader from the record the unit is listed in.
type Unit struct {
	ID          UnitID   `toml:"id"`
	Designation string   `toml:"designation"`
	Chart       string   `toml:"chart"`
	Type        UnitType `toml:"type"`
	Strength    int      `toml:"strength"`
	Movement    int      `toml:"movement"`
	Hex         HexID    `toml:"hex"`
	Src         Src      `toml:"src"`

	Side      adjudicator.Side `toml:"-"`
	Formation string           `toml:"-"` // the deployment's formation, or ""
	Group     string           `toml:"-"` // the reinforcement's id, or ""
}

// Reinforcement is a group entering at an edge hex (15.0, 16.1-16.3). Turn 0 is
// variable (16.2 with 20.5).
type Reinforcement struct {
	ID       string `toml:"id"`
	Name     string `toml:"name"`
	Side     string `toml:"side"`
	Chart    string `toml:"chart"`
	Optional string `toml:"optional"`
	Turn     int    `toml:"turn"`
	Hex      HexID  `toml:"hex"`
	Src      Src    `toml:"src"`
	Units    []Unit `toml:"units"`
}

// Counter is one counter of the counter sheet as the text reads it.
type Counter struct {
	Line      int    `toml:"line"`
	Read      string `toml:"read"`
	Strength  int    `toml:"strength"`
	Unit      UnitID `toml:"unit"`
	Note      string `toml:"note"`
	Disagrees string `toml:"disagrees"`
}

// --- charts.toml ---

// Charts is charts.toml.
type Charts struct {
	CRT           CRT           `toml:"crt"`
	Overrides     []CRTOverride `toml:"crt_override"`
	TEC           TEC           `toml:"tec"`
	Stacking      Stacking      `toml:"stacking"`
	Artillery     ArtilleryData `toml:"artillery"`
	MovementLimit MovementLimit `toml:"movement_limit"`
	Victory       Victory       `toml:"victory"`
	Optional      Optional      `toml:"optional"`
}

// CRT is the Combat Results Table as printed (7.6): Rows[die-1][column].
type CRT struct {
	Odds     []string       `toml:"odds"`
	Rows     [][]Result     `toml:"rows"`
	Disputed []DisputedCell `toml:"disputed"`
	Src      Src            `toml:"src"`
}

// DisputedCell is a cell the three printings of 7.6 disagree on.
type DisputedCell struct {
	Die       int      `toml:"die"`
	Odds      string   `toml:"odds"`
	Printings []Result `toml:"printings"`
	Lines     []int    `toml:"lines"`
	Src       Src      `toml:"src"`
}

// CRTOverride is a club's own reading of one cell.
type CRTOverride struct {
	Die    int    `toml:"die"`
	Odds   string `toml:"odds"`
	Result Result `toml:"result"`
	Src    Src    `toml:"src"`
}

// TEC is the Terrain Effects Chart (9.0).
type TEC struct {
	Terrain  []TerrainEffect `toml:"terrain"`
	Hexsides []SideEffect    `toml:"hexside"`
}

// TerrainEffect is one hex terrain's row of the TEC.
type TerrainEffect struct {
	ID          Terrain `toml:"id"`
	Move        int     `toml:"move"`
	Defence     int     `toml:"defence"`
	BlocksSight bool    `toml:"blocks_sight"`
	Combat      bool    `toml:"combat"`
	Stop        bool    `toml:"stop"`
	ZOC         bool    `toml:"zoc"`
	OnMap       bool    `toml:"on_map"`
	Src         Src     `toml:"src"`
}

// SideEffect is one hexside terrain's row of the TEC.
type SideEffect struct {
	ID           Feature `toml:"id"`
	Cross        bool    `toml:"cross"`
	Extra        int     `toml:"extra"`
	AttackAcross bool    `toml:"attack_across"`
	Defence      int     `toml:"defence"`
	Path         int     `toml:"path"`
	PathRough    int     `toml:"path_rough"`
	OnMap        bool    `toml:"on_map"`
	Src          Src     `toml:"src"`
}

// Stacking is 5.32's limit per hex at the end of a phase.
type Stacking struct {
	Limit int `toml:"limit"`
	Src   Src `toml:"src"`
}

// ArtilleryData is the bombardment range (8.11) and the Union rifles (19.0).
type ArtilleryData struct {
	Range         int  `toml:"range"`
	UnionRange    int  `toml:"union_range"`
	UnionImmobile bool `toml:"union_immobile"`
	Src           Src  `toml:"src"`
}

// MovementLimit is 18.0: the Union limit on units moved and the Confederate units
// that may not move on game-turn one.
type MovementLimit struct {
	UnionFirstTurn          int     `toml:"union_first_turn"`
	UnionLater              int     `toml:"union_later"`
	ReinforcementsCountFrom int     `toml:"reinforcements_count_from"`
	LiftedByCreekCrossing   bool    `toml:"lifted_by_creek_crossing"`
	ConfederateNoMoveTurn   int     `toml:"confederate_no_move_turn"`
	ConfederateNoMoveHexes  []HexID `toml:"confederate_no_move_hexes"`
	Src                     Src     `toml:"src"`
}

// Victory is 17.0: the points and the levels.
type Victory struct {
	VPPerStrengthPoint int            `toml:"vp_per_strength_point"`
	Sharpsburg         []HexID        `toml:"sharpsburg"`
	SharpsburgVP       int            `toml:"sharpsburg_vp"`
	SharpsburgStart    string         `toml:"sharpsburg_start"`
	TraceHex           HexID          `toml:"trace_hex"`
	OffMapEliminated   bool           `toml:"off_map_eliminated"`
	Levels             []VictoryLevel `toml:"level"`
	Src                Src            `toml:"src"`
}

// Ratio is a ratio of Union to Confederate victory points, "U:C" in whole numbers.
type Ratio string

// VictoryLevel is one level of 17.2 as bounds on the Union:Confederate ratio; an
// empty bound is open.
type VictoryLevel struct {
	Side     string `toml:"side"`
	Name     string `toml:"name"`
	AtLeast  Ratio  `toml:"at_least"`
	MoreThan Ratio  `toml:"more_than"`
	AtMost   Ratio  `toml:"at_most"`
	LessThan Ratio  `toml:"less_than"`
	Src      Src    `toml:"src"`
}

// Optional holds the numbers of the optional rules (20.0, 11.0 with 21.0).
type Optional struct {
	GreaterUnionInitiative struct {
		Rule       string `toml:"rule"`
		UnionLater int    `toml:"union_later"`
		Src        Src    `toml:"src"`
	} `toml:"greater_union_initiative"`
	TotalUnionInitiative struct {
		Rule string `toml:"rule"`
		Src  Src    `toml:"src"`
	} `toml:"total_union_initiative"`
	EarlyConfederate struct {
		Rule        string `toml:"rule"`
		Group       string `toml:"group"`
		Turn        int    `toml:"turn"`
		LiftsNoMove bool   `toml:"lifts_no_move"`
		Src         Src    `toml:"src"`
	} `toml:"early_confederate_reinforcement"`
	EarlyUnion struct {
		Rule       string `toml:"rule"`
		Group      string `toml:"group"`
		Turn       int    `toml:"turn"`
		ExtraGroup string `toml:"extra_group"`
		ExtraTurn  int    `toml:"extra_turn"`
		Src        Src    `toml:"src"`
	} `toml:"early_union_reinforcement"`
	OptionalReinforcement struct {
		Rule  string `toml:"rule"`
		Group string `toml:"group"`
		Roll  int    `toml:"roll"`
		Src   Src    `toml:"src"`
	} `toml:"optional_reinforcement"`
	NoConfederateDisorganization struct {
		Rule             string `toml:"rule"`
		ConfederateShift int    `toml:"confederate_shift"`
		ConfederateFrom  string `toml:"confederate_from"`
		UnionShift       int    `toml:"union_shift"`
		Src              Src    `toml:"src"`
	} `toml:"no_confederate_disorganization"`
	AttackEffectiveness struct {
		Rule         string `toml:"rule"`
		RecoveryRoll int    `toml:"recovery_roll"`
		Src          Src    `toml:"src"`
	} `toml:"attack_effectiveness"`
}

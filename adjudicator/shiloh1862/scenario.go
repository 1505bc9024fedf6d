package shiloh1862

// This file holds the types of the scenario data: the map (3.0), the order of battle
// (4.0, 1.1) and a scenario's start. The data itself lives in scenarios/<name>/*.toml,
// embedded in the binary; load.go reads it and validate.go checks it.

// AreaTerrain controls stacking (3.34).
type AreaTerrain string

const (
	Clear AreaTerrain = "clear" // stack 6
	Woods AreaTerrain = "woods" // stack 4
	River AreaTerrain = "river" // the Tennessee River: gunboats only (4.25)
)

// BorderTerrain is one terrain feature of a border (3.35). A border may carry several;
// the worst applies (3.36).
type BorderTerrain string

const (
	BorderClear       BorderTerrain = "clear"        // 6/3
	BorderWoods       BorderTerrain = "woods"        // 4/2
	BorderOrchard     BorderTerrain = "orchard"      // 4/2, as woods
	BorderStream      BorderTerrain = "stream"       // 2/1
	BorderFord        BorderTerrain = "ford"         // stream ford, 4/2
	BorderBridge      BorderTerrain = "bridge"       // stream bridge, 4/2
	BorderSlope       BorderTerrain = "slope"        // 2/1 uphill, 4/2 downhill
	BorderRavine      BorderTerrain = "ravine"       // 2/1, attacker -1 first round
	BorderMarsh       BorderTerrain = "marsh"        // 1/0, no attacks
	BorderCreek       BorderTerrain = "creek"        // Lick/Owl Creek: impassable
	BorderCreekFord   BorderTerrain = "creek_ford"   // 2/1
	BorderCreekBridge BorderTerrain = "creek_bridge" // 2/1
	BorderRiver       BorderTerrain = "river"        // land/river edge: gunboat fire only
)

// Provenance says where each value of a record comes from: field name to "source: …"
// (printed in the rules), "derived: …" (follows from the rules) or "authored: …" (an
// estimate of this project's). docs/DATA.md summarises it.
type Provenance map[string]string

// Camp marks a USA division camp or a CSA corps camp (3.5).
type Camp struct {
	Side      Side        `toml:"side" json:"side"`
	Formation FormationID `toml:"formation" json:"formation"`
}

// Area is one area of the map (3.1).
type Area struct {
	ID      AreaID      `toml:"id" json:"id"`
	Name    string      `toml:"name" json:"name"`
	Aliases []string    `toml:"aliases" json:"aliases,omitempty"`
	Terrain AreaTerrain `toml:"terrain" json:"terrain"`
	// Stack is the stacking limit (3.31): 6 clear, 4 woods unless the data overrides
	// it; 0 for the river.
	Stack      int        `toml:"stack" json:"stack"`
	Camp       *Camp      `toml:"camp" json:"camp,omitempty"`
	Landing    bool       `toml:"landing" json:"landing,omitempty"`       // 9.1
	Riverfront bool       `toml:"riverfront" json:"riverfront,omitempty"` // 4.25
	River      bool       `toml:"river" json:"river,omitempty"`           // the Tennessee River area
	Entry      string     `toml:"entry" json:"entry,omitempty"`           // entry road "A".."E" (5.6)
	EntrySide  Side       `toml:"entry_side" json:"entry_side,omitempty"`
	Note       string     `toml:"note" json:"note,omitempty"`
	Provenance Provenance `toml:"provenance" json:"provenance,omitempty"`
}

// Border joins two areas (3.35).
type Border struct {
	A       AreaID          `toml:"a" json:"a"`
	B       AreaID          `toml:"b" json:"b"`
	Terrain []BorderTerrain `toml:"terrain" json:"terrain"`
	// High is the area at the top of a slope or ravine side (the dark line), so that
	// crossing from the other area is uphill. Empty when the border has no slope.
	High       AreaID     `toml:"high" json:"high,omitempty"`
	Roads      []RoadID   `toml:"roads" json:"roads,omitempty"`
	Feature    string     `toml:"feature" json:"feature,omitempty"`
	Provenance Provenance `toml:"provenance" json:"provenance,omitempty"`
}

// Other returns the area across the border from a.
func (b *Border) Other(a AreaID) AreaID {
	if b.A == a {
		return b.B
	}
	return b.A
}

// Road is a named path of areas (3.4, 5.31). Two roads through one area are separate:
// road movement follows one road.
type Road struct {
	ID         RoadID     `toml:"id" json:"id"`
	Name       string     `toml:"name" json:"name"`
	Path       []AreaID   `toml:"path" json:"path"`
	Provenance Provenance `toml:"provenance" json:"provenance,omitempty"`
}

// Map is the battlefield: areas, borders and roads, each sorted by id, with indexes
// built by the loader.
type Map struct {
	// ID names the map (the scenario directory, e.g. "shiloh1862"); drawing geometry
	// is keyed by it.
	ID      string   `json:"id"`
	Title   string   `json:"title,omitempty"`
	Areas   []Area   `json:"areas"`
	Borders []Border `json:"borders"`
	Roads   []Road   `json:"roads"`

	// areaIndex gives each area's index in Areas (built by Index).
	areaIndex   map[AreaID]int
	borderIndex map[[2]AreaID]int
	neighbours  map[AreaID][]AreaID
	// adj is neighbours by area index (for searches that run often: command range).
	adj [][]mapEdge
	// nEdges counts the directed crossings (mapEdge.id runs 0..nEdges-1).
	nEdges int
	// roadPaths are the two-area road moves from each area, by area index.
	roadPaths [][][2]AreaID
}

// mapEdge is one crossing from an area to a neighbour: the neighbour's index in
// Areas, the border's in Borders, the crossing's own number (for per-crossing
// counters such as move limits) and the limits for crossing in this direction.
type mapEdge struct {
	to, border, id int
	lim            BorderLimits
}

// Army is one of the three armies of rule 4.2.
type Army string

const (
	ArmyCSA  Army = "CSA"   // Army of the Mississippi
	ArmyUSTN Army = "US-TN" // Army of the Tennessee
	ArmyUSOH Army = "US-OH" // Army of the Ohio
)

// BlockType is the kind of block (4.2).
type BlockType string

const (
	HQ        BlockType = "hq"
	Infantry  BlockType = "infantry"
	Cavalry   BlockType = "cavalry"
	Artillery BlockType = "artillery"
	Gunboat   BlockType = "gunboat"
)

// HQKind distinguishes army, division and corps headquarters (4.21).
type HQKind string

const (
	AHQ HQKind = "AHQ"
	DHQ HQKind = "DHQ"
	CHQ HQKind = "CHQ"
)

// BlockSpec is one block's order-of-battle card entry.
type BlockSpec struct {
	ID      BlockID  `toml:"id" json:"id"`
	Name    string   `toml:"name" json:"name"`
	Aliases []string `toml:"aliases" json:"aliases,omitempty"`
	// MapName is the name the map prints where Name is shared with another
	// block ("M.L. Smith"); "" prints Name.
	MapName   string      `toml:"map_name" json:"map_name,omitempty"`
	Side      Side        `toml:"side" json:"side"`
	Army      Army        `toml:"army" json:"army"`
	Formation FormationID `toml:"formation" json:"formation"`
	Type      BlockType   `toml:"type" json:"type"`
	HQKind    HQKind      `toml:"hq_kind" json:"hq_kind,omitempty"`
	Max       int         `toml:"max" json:"max"`
	Start     int         `toml:"start" json:"start"`
	Firepower Firepower   `toml:"firepower" json:"firepower"`
	// CommandRange is 1 or 2 for HQs (5.21), 0 otherwise.
	CommandRange int `toml:"command_range" json:"command_range,omitempty"`
	// ActingAHQ: this DHQ commands as army HQ until its army's AHQ is on the map
	// (Sherman until Grant, 5.21).
	ActingAHQ bool `toml:"acting_ahq" json:"acting_ahq,omitempty"`
	// Siege: cannot attack, reinforce, retreat or regroup (Webster, 6.1).
	Siege bool `toml:"siege" json:"siege,omitempty"`
	// Pond: takes friendly fire when the optional Pond rule is on (4.2 sidebar).
	Pond       bool       `toml:"pond" json:"pond,omitempty"`
	Historical string     `toml:"historical" json:"historical,omitempty"`
	Provenance Provenance `toml:"provenance" json:"provenance,omitempty"`
}

// IsHQ reports whether the block is a headquarters.
func (b *BlockSpec) IsHQ() bool { return b.Type == HQ }

// Formation is a division (USA) or corps (CSA), or an army's own HQ group.
type Formation struct {
	ID   FormationID `toml:"id" json:"id"`
	Name string      `toml:"name" json:"name"`
	// Tag is what the map prints on the formation's blocks: "5", "II".
	Tag  string  `toml:"tag" json:"tag,omitempty"`
	Side Side    `toml:"side" json:"side"`
	Army Army    `toml:"army" json:"army"`
	HQ   BlockID `toml:"hq" json:"hq"`
}

// Seniority is an army's command seniority list (rules sidebar), most senior first,
// used for army command succession (6.91).
type Seniority struct {
	Army Army      `toml:"army" json:"army"`
	HQs  []BlockID `toml:"hqs" json:"hqs"`
}

// OrderOfBattle is every block of both sides, sorted by id.
type OrderOfBattle struct {
	Blocks     []BlockSpec `json:"blocks"`
	Formations []Formation `json:"formations"`
	Seniority  []Seniority `json:"seniority"`
	// FallenMarkers is the number of Fallen-leader HQ markers per side (4.2 note).
	FallenMarkers int `json:"fallen_markers"`

	// blockIndex gives each block's index in Blocks (built by Index).
	blockIndex map[BlockID]int
	// formOf numbers each block's formation (by block index; equal numbers, equal
	// formations), so that command checks compare numbers, not names.
	formOf []int32
	// sideArmies are each side's armies with an army HQ (command.go), by Side.Index.
	sideArmies [2][]Army
}

// ArrivalOption is one time and place at which an arrival group may enter. Lew
// Wallace's division has two (5.61); the Army of the Ohio enters at a landing of the
// owner's choice (9.1).
type ArrivalOption struct {
	Hour    Hour   `toml:"hour" json:"hour"`
	Area    AreaID `toml:"area" json:"area,omitempty"`
	Landing bool   `toml:"landing" json:"landing,omitempty"`
	// Choice names the option in orders, e.g. "D" or "E" for Lew Wallace's road.
	Choice string `toml:"choice" json:"choice,omitempty"`
}

// Arrival is a group of blocks that enters from off the map (5.6, 5.61, 9.1).
type Arrival struct {
	ID      string          `toml:"id" json:"id"`
	Side    Side            `toml:"side" json:"side"`
	Blocks  []BlockID       `toml:"blocks" json:"blocks"`
	Options []ArrivalOption `toml:"options" json:"options"`
	// HQStrength, when above 0, is the strength the group's HQs arrive at (Army of
	// the Ohio HQs arrive at strength 1, 9.1).
	HQStrength int        `toml:"hq_strength" json:"hq_strength,omitempty"`
	Note       string     `toml:"note" json:"note,omitempty"`
	Provenance Provenance `toml:"provenance" json:"provenance,omitempty"`
}

// Placement puts a block on the map at a scenario's start.
type Placement struct {
	Block    BlockID `toml:"block" json:"block"`
	Area     AreaID  `toml:"area" json:"area"`
	Strength int     `toml:"strength" json:"strength"`
	// Rebuilt marks an HQ that has already fallen once and was rebuilt (6.91):
	// maximum 1, firepower B1 (W. Wallace on the Day 2 setup card).
	Rebuilt    bool       `toml:"rebuilt" json:"rebuilt,omitempty"`
	Provenance Provenance `toml:"provenance" json:"provenance,omitempty"`
}

// FallenVP is a Fallen HQ victory point already held at a scenario's start.
type FallenVP struct {
	Holder Side    `toml:"holder" json:"holder"`
	HQ     BlockID `toml:"hq" json:"hq"`
}

// Scenario is a playable start: map, order of battle and the position at its first
// hour.
type Scenario struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Start       Hour   `json:"start"`
	End         Hour   `json:"end"`

	Map *Map           `json:"-"`
	OB  *OrderOfBattle `json:"-"`

	Setup []Placement `json:"setup"`
	// Shattered blocks were eliminated before the start and count as VPs for the
	// enemy (Day 2 setup: 12 USA and 5 CSA).
	Shattered []BlockID  `json:"shattered,omitempty"`
	Fallen    []FallenVP `json:"fallen,omitempty"`
	// Absent blocks never take part (Johnston "fallen, not replaced" on Day 2 is
	// also listed under Shattered; this is for blocks simply not in the scenario).
	Absent   []BlockID `json:"absent,omitempty"`
	Arrivals []Arrival `json:"arrivals,omitempty"`
	// CampsCaptured lists USA camps already captured once (no further 7.2 bonus).
	CampsCaptured []AreaID `json:"camps_captured,omitempty"`

	// problems are what the loader could not take in (unknown keys, road lists that
	// disagree); Validate reports them first.
	problems []Problem
	// grammar holds the order grammar's names, compiled once (grammar_names.go);
	// nil in a scenario not made by the loader.
	grammar *grammarCache
}

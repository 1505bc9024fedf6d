package adjudicator

// This file holds what a map shows, in shapes every system can fill and render can
// draw without knowing the system (docs/ARCHITECTURE.md §3.6, §7). A Picture is cut
// from a View and a ReportView only, so it can say no more than the viewer knows;
// its words (legend labels, panel headings, the title line) are the system's,
// because they speak of its rules and render prints them as given.

// Pictured is implemented by scenarios whose games render can draw.
type Pictured interface {
	// Legend is the key to the base map, the same for every view of the scenario.
	Legend(say Wording) Legend
	// Picture is what v's map shows, with the turn rv reports on it when rv is not
	// nil (the first map of a game has none). It reads v and rv, and the
	// scenario's own read-only data (names, signs), never a State.
	Picture(v View, rv ReportView, say Wording) (*Picture, error)
}

// Wording words a phrase with the system's wording file (templates/words): how a
// system puts the map's words into its Legend and Picture without writing a
// sentence itself. The renderer passes it in; the words are the wording file's.
type Wording func(Phrase) string

// Legend is the key to the base map: a heading and samples with their labels.
type Legend struct {
	Heading string       `json:"heading"`
	Items   []LegendItem `json:"items"`
}

// LegendItem is one sample of the base map and its label. The sample is the first
// of: an area of Terrain (a hex on a hex board), a border or hexside with Features
// (its fords and bridges marked; on a hex board a "road" or "trail" hexside is
// drawn as that road or trail), a road, or the Signs side by side.
type LegendItem struct {
	Label    string   `json:"label"`
	Terrain  string   `json:"terrain,omitempty"`
	Features []string `json:"features,omitempty"`
	Road     bool     `json:"road,omitempty"`
	Signs    []Sign   `json:"signs,omitempty"`
}

// Picture is one viewer's map of a position: its pieces, the marks of the last
// turn and the texts around the map.
type Picture struct {
	Viewer Side         `json:"viewer"` // NoSide: the GM
	Title  PictureTitle `json:"title"`
	// Units stand in their places in this order: a system lists its own pieces,
	// then the enemy's, then the ghosts, in an order that reveals nothing.
	Units   []UnitView     `json:"units"`
	Control []PlaceControl `json:"control,omitempty"`
	// Marks are drawn in this order: standing marks under the pieces, the last
	// turn's over them.
	Marks   []Mark       `json:"marks,omitempty"`
	Arrows  []Arrow      `json:"arrows,omitempty"`
	Battles []BattleMark `json:"battles,omitempty"`
	Losses  []PlaceCount `json:"losses,omitempty"` // units eliminated in the last turn, by place
	Tags    []PlaceTag   `json:"tags,omitempty"`   // the viewer's arrivals due, by place
	Panel   []PanelLine  `json:"panel,omitempty"`
	Key     PictureKey   `json:"key"`
}

// PictureTitle is the band above the map. Render prints the game's title with
// Turn, Notes on the line below, and Score at the right.
type PictureTitle struct {
	Turn       string   `json:"turn"`            // "Day 1 10AM"
	Notes      []string `json:"notes,omitempty"` // whose map, the mode, the last turn's facts
	Score      []Tally  `json:"score,omitempty"` // left to right
	ScoreLabel string   `json:"score_label,omitempty"`
}

// Tally is one side's score as printed: "CSA 3".
type Tally struct {
	Side Side   `json:"side"`
	Text string `json:"text"`
}

// UnitView is one piece as the viewer sees it. A Hidden piece is drawn as a blank
// in its side's colour whatever its other fields say; a Ghost is an enemy piece
// where it was last seen, Seen saying when.
type UnitView struct {
	Side     Side    `json:"side"`
	Place    PlaceID `json:"place"`
	Hidden   bool    `json:"hidden,omitempty"`
	Ghost    bool    `json:"ghost,omitempty"`
	Seen     string  `json:"seen,omitempty"`     // "10AM"
	Kind     string  `json:"kind,omitempty"`     // the symbol: "infantry", "cavalry", "artillery"
	HQ       bool    `json:"hq,omitempty"`       // a headquarters' band, and no symbol
	Name     string  `json:"name,omitempty"`     // shortened to fit the piece
	Strength int     `json:"strength,omitempty"` // 0: none printed
	Rating   string  `json:"rating,omitempty"`   // as printed on the piece: "C3"
	Corner   string  `json:"corner,omitempty"`   // a text instead of the symbol: "R2", "GB"
	// Formation is the tag of the piece's formation (division, corps) the piece
	// prints, when command depends on it: "5", "II"; the key says whose.
	Formation string `json:"formation,omitempty"`
	// Movement is the movement allowance a counter prints after its strength
	// ("4-6"); 0 prints the strength alone, as a block does.
	Movement int `json:"movement,omitempty"`
}

// PlaceControl is who holds a place as the viewer knows it.
type PlaceControl struct {
	Place     PlaceID `json:"place"`
	Side      Side    `json:"side,omitempty"`
	Contested bool    `json:"contested,omitempty"`
}

// Mark kinds.
const (
	MarkTaken    = "taken"    // a sign the enemy has taken: crossed out (standing)
	MarkChanged  = "changed"  // the place changed hands in the last turn, to Side
	MarkCaptured = "captured" // the place's sign was taken in the last turn: ringed
)

// Mark is a marker on a place.
type Mark struct {
	Place PlaceID `json:"place"`
	Kind  string  `json:"kind"`
	Side  Side    `json:"side,omitempty"`
}

// Arrow is a move of the last turn along Path: Count pieces of Side, dashed when
// they retreated, with a second head when they advanced after combat into the
// place the enemy left.
type Arrow struct {
	Side    Side      `json:"side"`
	Path    []PlaceID `json:"path"`
	Retreat bool      `json:"retreat,omitempty"`
	Advance bool      `json:"advance,omitempty"`
	Count   int       `json:"count"`
}

// BattleMark is a battle of the last turn; Winner counts once it is Over. A hex
// game's attack also says where the attackers stood (From: an arrow from each),
// the odds and the result as the system prints them ("3-1", "Dr"); empty, the
// mark is drawn as before.
type BattleMark struct {
	Place  PlaceID   `json:"place"`
	Over   bool      `json:"over,omitempty"`
	Winner Side      `json:"winner,omitempty"`
	From   []PlaceID `json:"from,omitempty"`
	Odds   string    `json:"odds,omitempty"`
	Result string    `json:"result,omitempty"`
}

// PlaceCount is a number of things at a place.
type PlaceCount struct {
	Place PlaceID `json:"place"`
	Count int     `json:"count"`
}

// PlaceTag is a short text tied to a place: "+3 next hour".
type PlaceTag struct {
	Place PlaceID `json:"place"`
	Text  string  `json:"text"`
}

// PanelLine is one entry of the panel beside the legend: a heading and its text.
type PanelLine struct {
	Heading string `json:"heading"`
	Text    string `json:"text"`
}

// PictureKey is the key to the view's symbols: sample pieces and a caption for
// each symbol. An empty caption leaves its sample out (the GM has no enemy).
type PictureKey struct {
	Unit       UnitView `json:"unit"` // an own piece; its side colours the samples
	UnitText   string   `json:"unit_text"`
	EnemyText  string   `json:"enemy_text,omitempty"`
	Ghost      UnitView `json:"ghost"`
	GhostText  string   `json:"ghost_text,omitempty"`
	Battle     string   `json:"battle"`
	Move       string   `json:"move"`
	Retreat    string   `json:"retreat"`
	Advance    string   `json:"advance,omitempty"` // the advance after combat: hex games
	Changed    string   `json:"changed"`
	Control    string   `json:"control"`
	Eliminated string   `json:"eliminated"`
	// Count is the number on an arrow that more than one piece took; Taken a
	// sign the enemy took (ringed the turn it fell); Contested a place both
	// sides hold. Empty where the system's maps never draw them.
	Count     string `json:"count,omitempty"`
	Taken     string `json:"taken,omitempty"`
	Contested string `json:"contested,omitempty"`
	// FormationText heads the list of the formation tags the map prints.
	FormationText string          `json:"formation_text,omitempty"`
	Formations    []FormationName `json:"formations,omitempty"`
}

// FormationName says whose formation a piece's tag stands for: "5" Sherman.
type FormationName struct {
	Side Side   `json:"side"`
	Tag  string `json:"tag"`
	Name string `json:"name"`
}

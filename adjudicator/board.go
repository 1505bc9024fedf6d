package adjudicator

import (
	"fmt"
	"slices"
	"sort"
)

// PlaceID names a place of a board: an area ("rea_field") or a grid cell numbered
// CCRR, column then row ("0815").
type PlaceID string

// BoardKind says how a board is divided.
type BoardKind string

const (
	Areas   BoardKind = "areas"   // irregular areas with borders (Shiloh 1862)
	Hexes   BoardKind = "hexes"   // a hex grid with hexsides (SPI's Blue & Gray, Bloody April)
	Squares BoardKind = "squares" // a square grid (Grant's Trial)
)

// Place is one area or cell as every package may know it: its id, the name players
// use, other names that orders may use, and a terrain tag the system's rules give
// meaning (stacking in Shiloh 1862, movement cost in Blue & Gray). Label, Water and
// Sign are how the map prints it, so that render draws the board without the
// system's own types.
type Place struct {
	ID      PlaceID
	Name    string
	Aliases []string
	Terrain string
	// Label is the name as the map prints it when it is shorter than Name ("Road
	// E" for "Road E (River Road…)"); "" prints Name.
	Label string
	// Water is a body of water standing as a place (the Tennessee River): its name
	// runs along it, and nobody holds it.
	Water bool
	// Sign is the mark printed before the name, or nil.
	Sign *Sign
}

// Printed is the name as the map prints it.
func (p *Place) Printed() string {
	if p.Label != "" {
		return p.Label
	}
	return p.Name
}

// Sign kinds: the marks a map prints beside a place's name.
const (
	SignCamp    = "camp"    // a side's camp: a tent in its colour, with a caption
	SignLanding = "landing" // a landing on the river: an anchor
	SignEntry   = "entry"   // an entry road: a disc in the entering side's colour with its letter
)

// Sign is a mark printed beside a place's name. Side colours it; Text is an
// entry's letter; Caption is printed above the name ("Prentiss camp").
type Sign struct {
	Kind    string `json:"kind"`
	Side    Side   `json:"side,omitempty"`
	Text    string `json:"text,omitempty"`
	Caption string `json:"caption,omitempty"`
}

// Edge is a border between two areas, or a hexside, with the features the system's
// rules give meaning ("creek", "bridge", "ford", "road", "slope"). High is the place
// at the top of a slope along it ("" when there is none): maps draw the top line on
// its side.
type Edge struct {
	A, B     PlaceID
	Features []string
	High     PlaceID
}

// Road is a named road as a path of places, for the map to name its course.
type Road struct {
	ID     string
	Name   string
	Places []PlaceID
}

// Label is a name a grid board's map prints over a group of its places: a town or
// a wood that spans several hexes, a single hex's name, a bridge or ford over the
// hexside between two hexes. On a grid a place is one cell, named by its number,
// so the names a map prints stand here rather than on the places.
type Label struct {
	Text   string
	Places []PlaceID
}

// Board is the places and their adjacency. An area board lists its borders as
// Edges; a grid board's adjacency comes from its Grid, and its Edges are only the
// hexsides that carry a feature.
type Board struct {
	ID     string // keys drawing geometry: the map's id
	Kind   BoardKind
	Places []Place // sorted by id
	Edges  []Edge
	Roads  []Road
	Grid   *Grid // nil on an area board
	// Labels are the names a grid board's map prints (an area board prints each
	// place's own name).
	Labels []Label

	index      map[PlaceID]int
	edges      map[[2]PlaceID]int
	neighbours map[PlaceID][]PlaceID
}

// NewBoard checks a board and builds its lookups: places sorted by unique ids,
// edges between known places, a grid board's places inside its grid.
func NewBoard(id string, kind BoardKind, places []Place, edges []Edge, grid *Grid) (*Board, error) {
	b := &Board{ID: id, Kind: kind, Places: slices.Clone(places), Edges: slices.Clone(edges), Grid: grid}
	if (kind == Areas) != (grid == nil) || grid != nil && grid.Kind != kind {
		return nil, fmt.Errorf("board %s: a %s board needs a grid of its kind, an area board none", id, kind)
	}
	sort.Slice(b.Places, func(i, j int) bool { return b.Places[i].ID < b.Places[j].ID })
	b.index = make(map[PlaceID]int, len(b.Places))
	for i, p := range b.Places {
		if _, dup := b.index[p.ID]; dup {
			return nil, fmt.Errorf("board %s: place %s listed twice", id, p.ID)
		}
		if grid != nil {
			if _, _, ok := grid.cell(p.ID); !ok {
				return nil, fmt.Errorf("board %s: place %s is not a cell of the %dx%d grid", id, p.ID, grid.Cols, grid.Rows)
			}
		}
		b.index[p.ID] = i
	}
	b.edges = make(map[[2]PlaceID]int, len(b.Edges))
	b.neighbours = map[PlaceID][]PlaceID{}
	for i, e := range b.Edges {
		_, okA := b.index[e.A]
		_, okB := b.index[e.B]
		if !okA || !okB || e.A == e.B {
			return nil, fmt.Errorf("board %s: edge %s–%s does not join two of its places", id, e.A, e.B)
		}
		if grid != nil && grid.Distance(e.A, e.B) != 1 {
			return nil, fmt.Errorf("board %s: hexside %s–%s joins cells that do not touch", id, e.A, e.B)
		}
		k := edgeKey(e.A, e.B)
		if _, dup := b.edges[k]; dup {
			return nil, fmt.Errorf("board %s: edge %s–%s listed twice", id, e.A, e.B)
		}
		b.edges[k] = i
		if grid == nil {
			b.neighbours[e.A] = append(b.neighbours[e.A], e.B)
			b.neighbours[e.B] = append(b.neighbours[e.B], e.A)
		}
	}
	for _, p := range b.Places {
		if grid != nil {
			for _, n := range grid.Neighbours(p.ID) {
				if _, ok := b.index[n]; ok {
					b.neighbours[p.ID] = append(b.neighbours[p.ID], n)
				}
			}
		}
		slices.Sort(b.neighbours[p.ID])
	}
	return b, nil
}

func edgeKey(a, c PlaceID) [2]PlaceID {
	if c < a {
		a, c = c, a
	}
	return [2]PlaceID{a, c}
}

// Place returns a place by id, or nil.
func (b *Board) Place(id PlaceID) *Place {
	if i, ok := b.index[id]; ok {
		return &b.Places[i]
	}
	return nil
}

// Index is the place's position in Places: systems number places by it.
func (b *Board) Index(id PlaceID) (int, bool) {
	i, ok := b.index[id]
	return i, ok
}

// Neighbours lists the places next to id, sorted.
func (b *Board) Neighbours(id PlaceID) []PlaceID { return slices.Clone(b.neighbours[id]) }

// Edge returns the border or featured hexside between two places, or nil.
func (b *Board) Edge(a, c PlaceID) *Edge {
	if i, ok := b.edges[edgeKey(a, c)]; ok {
		return &b.Edges[i]
	}
	return nil
}

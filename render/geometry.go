package render

import (
	"embed"
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The drawing geometry of each area board lives in assets/<board id>/geometry.toml.
// It is kept apart from the rules data (DESIGN §7) and keyed by the board's place
// ids, so a club can redraw an outline without touching the rules.
//
//go:embed assets
var assets embed.FS

// Point is a pixel position on the map canvas, written [x, y] in the data file.
type Point [2]int

func (p Point) fx() float64 { return float64(p[0]) }
func (p Point) fy() float64 { return float64(p[1]) }

// AreaShape is how one place is drawn: its outline (a closed polygon, not repeating
// the first point), where its name goes and where its pieces stand.
type AreaShape struct {
	ID      adjudicator.PlaceID `toml:"id"`
	Label   Point               `toml:"label"`
	Blocks  Point               `toml:"blocks"`
	Outline []Point             `toml:"outline"`
}

// Line is a named course on the map: a stream or creek (Kind "stream", "creek") or a
// road (Kind "road", ID the id of one of the board's Roads).
type Line struct {
	ID   string  `toml:"id"`
	Name string  `toml:"name"`
	Kind string  `toml:"kind"`
	Path []Point `toml:"path"`
}

// Geometry is the drawing data of one board. The file names its board under the
// key "scenario", as the first files did.
type Geometry struct {
	Board  string      `toml:"scenario"`
	Width  int         `toml:"width"`
	Height int         `toml:"height"`
	Areas  []AreaShape `toml:"area"`
	Waters []Line      `toml:"water"`
	Roads  []Line      `toml:"road"`

	// hex is the measure of a hex board's cells; nil on an area board.
	hex *hexSize

	index map[adjudicator.PlaceID]int
	// edges holds the shared boundary of each pair of touching areas, keyed by the
	// pair in id order, as chained polylines.
	edges map[[2]adjudicator.PlaceID][][]Point
}

var geomCache struct {
	sync.Mutex
	m map[string]*Geometry
}

// LoadGeometry reads the embedded drawing geometry of a board. The result is shared
// and must not be modified.
func LoadGeometry(board string) (*Geometry, error) {
	geomCache.Lock()
	defer geomCache.Unlock()
	if g, ok := geomCache.m[board]; ok {
		return g, nil
	}
	b, err := assets.ReadFile("assets/" + board + "/geometry.toml")
	if err != nil {
		return nil, fmt.Errorf("render: no geometry for board %q", board)
	}
	g, err := ParseGeometry(b)
	if err != nil {
		return nil, fmt.Errorf("render: board %q: %w", board, err)
	}
	if geomCache.m == nil {
		geomCache.m = map[string]*Geometry{}
	}
	geomCache.m[board] = g
	return g, nil
}

// GeometryFor returns the geometry that draws a scenario: a grid board's computed
// from its Grid (no outline file), an area board's the one keyed by its id (starts
// of one battle share one board), else by the scenario id.
func GeometryFor(sc adjudicator.Scenario) (*Geometry, error) {
	b := sc.Board()
	if b != nil && b.Grid != nil {
		return gridGeometry(b)
	}
	if b != nil && b.ID != "" {
		return LoadGeometry(b.ID)
	}
	return LoadGeometry(sc.ID())
}

// GeometryBoards lists the boards that have embedded geometry, sorted.
func GeometryBoards() []string {
	ents, _ := assets.ReadDir("assets")
	var ids []string
	for _, e := range ents {
		if e.IsDir() {
			ids = append(ids, e.Name())
		}
	}
	sort.Strings(ids)
	return ids
}

// ParseGeometry decodes a geometry file and builds its indexes.
func ParseGeometry(b []byte) (*Geometry, error) {
	g := &Geometry{}
	if _, err := toml.Decode(string(b), g); err != nil {
		return nil, err
	}
	return indexGeometry(g)
}

// indexGeometry checks a geometry, read from a file or computed from a grid, and
// builds its indexes: areas by id and the sides they share.
func indexGeometry(g *Geometry) (*Geometry, error) {
	if g.Width <= 0 || g.Height <= 0 {
		return nil, fmt.Errorf("geometry has no canvas size")
	}
	g.index = make(map[adjudicator.PlaceID]int, len(g.Areas))
	for i, a := range g.Areas {
		if _, dup := g.index[a.ID]; dup {
			return nil, fmt.Errorf("area %q drawn twice", a.ID)
		}
		if len(a.Outline) < 3 {
			return nil, fmt.Errorf("area %q has no outline", a.ID)
		}
		// One winding for all outlines, so that shared segments run opposite ways.
		if signedArea(a.Outline) < 0 {
			o := g.Areas[i].Outline
			for l, r := 0, len(o)-1; l < r; l, r = l+1, r-1 {
				o[l], o[r] = o[r], o[l]
			}
		}
		g.index[a.ID] = i
	}
	g.buildEdges()
	return g, nil
}

// Area returns the shape of a place, or nil.
func (g *Geometry) Area(id adjudicator.PlaceID) *AreaShape {
	i, ok := g.index[id]
	if !ok {
		return nil
	}
	return &g.Areas[i]
}

// Edge returns the boundary two places share as polylines, or nil when their outlines
// do not touch.
func (g *Geometry) Edge(a, b adjudicator.PlaceID) [][]Point {
	if b < a {
		a, b = b, a
	}
	return g.edges[[2]adjudicator.PlaceID{a, b}]
}

type segKey struct{ p, q Point }

// buildEdges finds, for every pair of areas, the outline segments they share. The
// outlines are stored so that neighbours repeat each other's points exactly.
func (g *Geometry) buildEdges() {
	owner := map[segKey]int{}
	g.edges = map[[2]adjudicator.PlaceID][][]Point{}
	segs := map[[2]adjudicator.PlaceID][]segKey{}
	for i, a := range g.Areas {
		n := len(a.Outline)
		for k := 0; k < n; k++ {
			p, q := a.Outline[k], a.Outline[(k+1)%n]
			if j, ok := owner[segKey{q, p}]; ok && j != i {
				x, y := g.Areas[j].ID, a.ID
				if y < x {
					x, y = y, x
				}
				// stored in the direction of the area with the smaller id
				s := segKey{q, p}
				if g.Areas[j].ID != x {
					s = segKey{p, q}
				}
				segs[[2]adjudicator.PlaceID{x, y}] = append(segs[[2]adjudicator.PlaceID{x, y}], s)
				continue
			}
			owner[segKey{p, q}] = i
		}
	}
	for k, ss := range segs {
		g.edges[k] = chain(ss)
	}
}

// chain joins segments that meet end to start into polylines.
func chain(ss []segKey) [][]Point {
	next := map[Point]int{}
	hasPrev := map[Point]bool{}
	for i, s := range ss {
		next[s.p] = i
		hasPrev[s.q] = true
	}
	used := make([]bool, len(ss))
	var out [][]Point
	walk := func(i int) {
		line := []Point{ss[i].p}
		for !used[i] {
			used[i] = true
			line = append(line, ss[i].q)
			j, ok := next[ss[i].q]
			if !ok {
				break
			}
			i = j
		}
		out = append(out, line)
	}
	for i, s := range ss {
		if !used[i] && !hasPrev[s.p] {
			walk(i)
		}
	}
	for i := range ss {
		if !used[i] {
			walk(i)
		}
	}
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// lineMid returns the point halfway along a polyline and the direction there.
func lineMid(pts []Point) (x, y, dx, dy float64) {
	total := 0.0
	for i := 1; i < len(pts); i++ {
		total += math.Hypot(pts[i].fx()-pts[i-1].fx(), pts[i].fy()-pts[i-1].fy())
	}
	half := total / 2
	for i := 1; i < len(pts); i++ {
		l := math.Hypot(pts[i].fx()-pts[i-1].fx(), pts[i].fy()-pts[i-1].fy())
		if l >= half && l > 0 {
			t := half / l
			dx, dy = (pts[i].fx()-pts[i-1].fx())/l, (pts[i].fy()-pts[i-1].fy())/l
			return pts[i-1].fx() + t*(pts[i].fx()-pts[i-1].fx()), pts[i-1].fy() + t*(pts[i].fy()-pts[i-1].fy()), dx, dy
		}
		half -= l
	}
	return pts[0].fx(), pts[0].fy(), 1, 0
}

// signedArea is twice the shoelace area of a polygon.
func signedArea(pts []Point) int {
	s := 0
	for i := range pts {
		j := (i + 1) % len(pts)
		s += pts[i][0]*pts[j][1] - pts[j][0]*pts[i][1]
	}
	return s
}

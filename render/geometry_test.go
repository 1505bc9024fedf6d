package render

import (
	"sort"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

func TestGeometryFiles(t *testing.T) {
	ids := GeometryBoards()
	if len(ids) == 0 {
		t.Fatal("no embedded geometry")
	}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			g, err := LoadGeometry(id)
			if err != nil {
				t.Fatal(err)
			}
			if g.Board != id {
				t.Errorf("file names board %q", g.Board)
			}
			// Every outline point on the canvas; labels and block spots inside their
			// area; no segment shared by more than two outlines.
			owners := map[segKey]int{}
			for _, a := range g.Areas {
				for _, p := range a.Outline {
					if p[0] < 0 || p[1] < 0 || p[0] > g.Width || p[1] > g.Height {
						t.Errorf("%s: point %v off the canvas", a.ID, p)
					}
				}
				if !inside(a.Outline, a.Label.fx(), a.Label.fy()) {
					t.Errorf("%s: label %v outside the outline", a.ID, a.Label)
				}
				if !inside(a.Outline, a.Blocks.fx(), a.Blocks.fy()) {
					t.Errorf("%s: block spot %v outside the outline", a.ID, a.Blocks)
				}
				n := len(a.Outline)
				for k := range a.Outline {
					p, q := a.Outline[k], a.Outline[(k+1)%n]
					if q[0] < p[0] || (q[0] == p[0] && q[1] < p[1]) {
						p, q = q, p
					}
					owners[segKey{p, q}]++
				}
			}
			for s, n := range owners {
				if n > 2 {
					t.Errorf("segment %v in %d outlines", s, n)
				}
			}
			// No outline crosses itself or another: the sum below still
			// adds up when two outlines overlap and a third leaves a hole.
			segs := make([]segKey, 0, len(owners))
			for s := range owners {
				segs = append(segs, s)
			}
			sort.Slice(segs, func(i, j int) bool { return segLess(segs[i], segs[j]) })
			for i, s := range segs {
				for _, o := range segs[i+1:] {
					if segmentsCross(s, o) {
						t.Errorf("outline segments %v and %v cross", s, o)
					}
				}
			}
			// The outlines tile the canvas: their areas add up to it.
			total := 0
			for _, a := range g.Areas {
				total += signedArea(a.Outline)
			}
			if want := 2 * g.Width * g.Height; total != want {
				t.Errorf("outlines cover %d px², canvas is %d", total/2, want/2)
			}
			for _, l := range append(append([]Line{}, g.Waters...), g.Roads...) {
				if len(l.Path) < 2 {
					t.Errorf("line %s has %d points", l.ID, len(l.Path))
				}
			}
		})
	}
}

func TestParseGeometryRejects(t *testing.T) {
	for name, src := range map[string]string{
		"no canvas":  `scenario = "x"`,
		"no outline": "width = 10\nheight = 10\n[[area]]\nid = \"a\"\noutline = [[0, 0], [1, 1]]\n",
		"twice":      "width = 10\nheight = 10\n[[area]]\nid = \"a\"\noutline = [[0, 0], [1, 0], [1, 1]]\n[[area]]\nid = \"a\"\noutline = [[0, 0], [1, 0], [1, 1]]\n",
		"not toml":   "width = = 3",
	} {
		if _, err := ParseGeometry([]byte(src)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestEdgesFollowOutlines(t *testing.T) {
	// Two unit squares side by side share one edge; a third touching at a corner
	// shares none.
	src := `width = 3
height = 2
[[area]]
id = "a"
outline = [[0, 0], [1, 0], [1, 1], [0, 1]]
[[area]]
id = "b"
outline = [[1, 0], [2, 0], [2, 1], [1, 1]]
[[area]]
id = "c"
outline = [[2, 1], [3, 1], [3, 2], [2, 2]]
`
	g, err := ParseGeometry([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if e := g.Edge("b", "a"); len(e) != 1 || len(e[0]) != 2 {
		t.Errorf("a|b edge = %v, want one segment", e)
	}
	if e := g.Edge("a", "c"); e != nil {
		t.Errorf("a|c edge = %v, want none", e)
	}
	if e := g.Edge("b", "c"); e != nil {
		t.Errorf("b|c touch at a corner only, got %v", e)
	}
}

// Every place, border and road of every scenario of every built-in system can be
// drawn: an area board's from its file, a hex board's computed from its grid.
func TestEveryScenarioHasGeometry(t *testing.T) {
	n := 0
	forEachScenario(t, func(id string, sc adjudicator.Scenario) {
		b := sc.Board()
		if b.Kind == adjudicator.Squares {
			return // render draws no square grid yet
		}
		n++
		g, err := GeometryFor(sc)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			return
		}
		for _, p := range g.Check(b) {
			t.Errorf("%s: %s", id, p)
		}
		// and the geometry draws nothing the board does not have
		for _, a := range g.Areas {
			if b.Place(a.ID) == nil {
				t.Errorf("%s: geometry has place %s, the board does not", id, a.ID)
			}
		}
	})
	if n == 0 {
		t.Fatal("no scenarios")
	}
}

// ParseGeometry reads files a club edits by hand: it must reject, never panic.
func FuzzParseGeometry(f *testing.F) {
	b, err := assets.ReadFile("assets/shiloh1862/geometry.toml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(b[:2000]))
	f.Add("width = 3\nheight = 2\n[[area]]\nid = \"a\"\noutline = [[0, 0], [1, 0], [1, 1]]\n")
	f.Fuzz(func(t *testing.T, src string) {
		g, err := ParseGeometry([]byte(src))
		if err != nil {
			return
		}
		for _, a := range g.Areas {
			for _, o := range g.Areas {
				_ = g.Edge(a.ID, o.ID)
			}
		}
	})
}

// A hand-edited outline must not make two land areas look adjacent when the
// rules say they are not: every border the Shiloh map draws between two land
// areas is a border of the board. (Water touches what it touches.)
func TestGeometryDrawsNoBorderTheBoardLacks(t *testing.T) {
	sc, g := testScenario(t)
	b := contract(t, sc).Board()
	rules := map[[2]adjudicator.PlaceID]bool{}
	for _, e := range b.Edges {
		x, y := e.A, e.B
		if y < x {
			x, y = y, x
		}
		rules[[2]adjudicator.PlaceID{x, y}] = true
	}
	n := 0
	for pair := range g.edges {
		n++
		if b.Place(pair[0]).Water || b.Place(pair[1]).Water {
			continue
		}
		if !rules[pair] {
			t.Errorf("the outlines of %s and %s share a border the rules do not have", pair[0], pair[1])
		}
	}
	if n < len(b.Edges) {
		t.Fatalf("%d drawn borders for the board's %d", n, len(b.Edges))
	}
}

func segLess(a, b segKey) bool {
	for _, d := range [][2]int{{a.p[0], b.p[0]}, {a.p[1], b.p[1]}, {a.q[0], b.q[0]}, {a.q[1], b.q[1]}} {
		if d[0] != d[1] {
			return d[0] < d[1]
		}
	}
	return false
}

// segmentsCross reports whether two segments meet anywhere but at an end they
// share: a crossing, a touch at an inner point, or an overlap along a line.
func segmentsCross(a, b segKey) bool {
	orient := func(p, q, r Point) int {
		v := (q[0]-p[0])*(r[1]-p[1]) - (q[1]-p[1])*(r[0]-p[0])
		switch {
		case v > 0:
			return 1
		case v < 0:
			return -1
		}
		return 0
	}
	// on reports whether r, collinear with p and q, lies between them.
	on := func(p, q, r Point) bool {
		return min(p[0], q[0]) <= r[0] && r[0] <= max(p[0], q[0]) && min(p[1], q[1]) <= r[1] && r[1] <= max(p[1], q[1])
	}
	shared := 0
	for _, e := range []Point{a.p, a.q} {
		if e == b.p || e == b.q {
			shared++
		}
	}
	o1, o2 := orient(a.p, a.q, b.p), orient(a.p, a.q, b.q)
	o3, o4 := orient(b.p, b.q, a.p), orient(b.p, b.q, a.q)
	if shared > 0 {
		// meeting at a shared end is how outlines join; only lying along
		// each other beyond it is wrong
		return shared == 1 && o1 == 0 && o2 == 0 &&
			((b.p != a.p && b.p != a.q && on(a.p, a.q, b.p)) || (b.q != a.p && b.q != a.q && on(a.p, a.q, b.q)) ||
				(a.p != b.p && a.p != b.q && on(b.p, b.q, a.p)) || (a.q != b.p && a.q != b.q && on(b.p, b.q, a.q)))
	}
	if o1 != o2 && o3 != o4 {
		return true
	}
	return (o1 == 0 && on(a.p, a.q, b.p)) || (o2 == 0 && on(a.p, a.q, b.q)) ||
		(o3 == 0 && on(b.p, b.q, a.p)) || (o4 == 0 && on(b.p, b.q, a.q))
}

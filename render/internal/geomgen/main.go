// Command geomgen drafts an area board's drawing geometry from area centre points: a
// Voronoi partition of the centres clipped to the battlefield, with wavy shared
// edges, a river band along the east edge, roads through the border crossings and
// streams along the stream borders. Its output, render/assets/<board>/geometry.toml,
// is the source of truth afterwards: edit that file by hand, and run this tool only to
// start a new map.
//
//	go run ./render/internal/geomgen -draft map.toml -out render/assets/shiloh1862/geometry.toml
//
// The draft file has [[area]] tables (id, x, y on a 1000x800 canvas, terrain),
// [[border]] tables (a, b, terrain, feature) and [[road]] tables (id, name, path).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"log"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/render"
)

type draft struct {
	Area []struct {
		ID      string  `toml:"id"`
		X       float64 `toml:"x"`
		Y       float64 `toml:"y"`
		Terrain string  `toml:"terrain"`
	} `toml:"area"`
	Border []struct {
		A       string `toml:"a"`
		B       string `toml:"b"`
		Terrain string `toml:"terrain"`
		Feature string `toml:"feature"`
	} `toml:"border"`
	Road []struct {
		ID   string   `toml:"id"`
		Name string   `toml:"name"`
		Path []string `toml:"path"`
	} `toml:"road"`
}

const (
	width  = 1600
	height = 1180
	// landWidth is where the land ends at the latest: east of it the Tennessee River
	// runs the whole length of the map.
	landWidth = 1530
	river     = "tennessee_river"
)

type vec struct{ x, y float64 }

func toCanvas(x, y float64) vec { return vec{30 + x*1.52, 12 + y*1.45} }

func main() {
	in := flag.String("draft", "", "draft map TOML with area centres")
	out := flag.String("out", "", "geometry TOML to write")
	board := flag.String("board", "shiloh1862", "board id (the map id the geometry is keyed by)")
	flag.Parse()
	var d draft
	if _, err := toml.DecodeFile(*in, &d); err != nil {
		log.Fatal(err)
	}
	g, missing, extra, err := build(&d, *board)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "borders without a shared edge (%d):\n  %s\n", len(missing), strings.Join(missing, "\n  "))
	fmt.Fprintf(os.Stderr, "touching areas without a border (%d):\n  %s\n", len(extra), strings.Join(extra, "\n  "))
	var buf bytes.Buffer
	buf.WriteString("# Drawing geometry of the Shiloh 1862 map, keyed by the scenario's area ids.\n" +
		"# Canvas pixels, x east, y south. Drafted by render/internal/geomgen from the area\n" +
		"# centres; this file is now the source of truth and may be edited by hand.\n" +
		"# Neighbouring outlines repeat each other's shared points exactly: that is how the\n" +
		"# renderer finds the border it styles.\n\n")
	if err := toml.NewEncoder(&buf).Encode(g); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

// build drafts the geometry and lists the borders whose areas do not touch and the
// touching areas without a border.
func build(d *draft, board string) (g *render.Geometry, missing, extra []string, err error) {
	pos := map[string]vec{}
	var ids []string
	for _, a := range d.Area {
		ids = append(ids, a.ID)
		pos[a.ID] = toCanvas(a.X, a.Y)
	}
	sort.Strings(ids)
	// The river's centre goes to the bank, so that its borders with the landings run
	// along the bank rather than poking inland.
	pos[river] = vec{landWidth - 12, pos[river].y}
	relax(ids, pos, d, 40)
	centre := pos
	vs := &vertices{}
	cellsOf := map[string][][]int{}
	for _, c := range dualCells(ids, pos, d) {
		cellsOf[c.area] = append(cellsOf[c.area], vs.ids(c.poly))
	}
	// The river strip along the east edge, sharing the land's points on its bank.
	var bankPts []int
	for id, p := range vs.pts {
		if math.Abs(p.x-landWidth) < 0.01 {
			bankPts = append(bankPts, id)
		}
	}
	sort.Slice(bankPts, func(i, j int) bool { return vs.pts[bankPts[i]].y < vs.pts[bankPts[j]].y })
	strip := []int{vs.id(vec{width, 0}), vs.id(vec{width, height})}
	for i := len(bankPts) - 1; i >= 0; i-- {
		strip = append(strip, bankPts[i])
	}
	cellsOf[river] = append(cellsOf[river], strip)
	g = &render.Geometry{Board: board, Width: width, Height: height}
	for _, id := range ids {
		loop, err := union(cellsOf[id])
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s: %v", id, err)
		}
		var outline []render.Point
		n := len(loop)
		for k := 0; k < n; k++ {
			u, v := loop[k], loop[(k+1)%n]
			outline = append(outline, pt(vs.pts[u]))
			for _, w := range wiggle(vs, u, v) {
				outline = append(outline, pt(w))
			}
		}
		outline = dedupe(outline)
		c := centre[id]
		if b, ok := labelBias[id]; ok {
			c = vec{c.x + b.x, c.y + b.y}
		}
		pole := poleOf(outline, c)
		sh := render.AreaShape{
			ID:      adjudicator.PlaceID(id),
			Label:   render.Point{pole[0], pole[1] - 38},
			Blocks:  render.Point{pole[0], pole[1] + 14},
			Outline: outline,
		}
		if id == river {
			// the name runs down the river well north of the gunboats
			sh.Label = render.Point{(landWidth + width) / 2, 300}
		}
		g.Areas = append(g.Areas, sh)
	}
	// Reparse to get the shared edges for streams and roads.
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).Encode(g); err != nil {
		return nil, nil, nil, err
	}
	pg, err := render.ParseGeometry(buf.Bytes())
	if err != nil {
		return nil, nil, nil, err
	}
	missing, extra = adjacency(pg, d)

	// Streams and creeks: the shared edges of their borders, chained per feature.
	type feat struct {
		name, kind string
		segs       [][2]render.Point
	}
	var feats []*feat
	byName := map[string]*feat{}
	for _, b := range d.Border {
		name, kind := waterName(b.Terrain, b.Feature)
		if name == "" {
			continue
		}
		f := byName[name]
		if f == nil {
			f = &feat{name: name, kind: kind}
			byName[name] = f
			feats = append(feats, f)
		}
		for _, l := range pg.Edge(adjudicator.PlaceID(b.A), adjudicator.PlaceID(b.B)) {
			for i := 1; i < len(l); i++ {
				f.segs = append(f.segs, [2]render.Point{l[i-1], l[i]})
			}
		}
	}
	for _, f := range feats {
		for i, l := range chainUndirected(f.segs) {
			if f.kind == "creek" {
				l = extendToEdge(l)
			}
			g.Waters = append(g.Waters, render.Line{ID: fmt.Sprintf("%s_%d", slug(f.name), i+1), Name: f.name, Kind: f.kind, Path: l})
		}
	}

	// Roads: from centre to centre through the middle of each shared border.
	for _, r := range d.Road {
		var pts []vec
		for i, a := range r.Path {
			sh := pg.Area(adjudicator.PlaceID(a))
			if i == 0 || i == len(r.Path)-1 {
				p := vec{float64(sh.Blocks[0]), float64(sh.Blocks[1]) - 14}
				if strings.HasPrefix(a, "road_") {
					p = edgePoint(p)
				}
				if i == 0 {
					pts = append(pts, p)
				}
				if i == len(r.Path)-1 {
					if i > 0 {
						pts = append(pts, crossing(pg, r.Path[i-1], a)...)
					}
					pts = append(pts, p)
				}
				continue
			}
			pts = append(pts, crossing(pg, r.Path[i-1], a)...)
		}
		pts = chaikin(chaikin(pts))
		var path []render.Point
		for _, p := range pts {
			path = append(path, pt(p))
		}
		g.Roads = append(g.Roads, render.Line{ID: r.ID, Name: r.Name, Kind: "road", Path: dedupe(path)})
	}

	return g, missing, extra, nil
}

// labelBias moves the point near which an area's name and blocks are placed (canvas
// pixels), where two neighbours would otherwise crowd each other.
var labelBias = map[string]vec{
	"polk_bivouac": {110, -30},
}

func pt(v vec) render.Point { return render.Point{int(math.Round(v.x)), int(math.Round(v.y))} }

func dedupe(ps []render.Point) []render.Point {
	var out []render.Point
	for _, p := range ps {
		if len(out) > 0 && out[len(out)-1] == p {
			continue
		}
		out = append(out, p)
	}
	for len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	return out
}

type vertices struct {
	pts []vec
}

func (vs *vertices) id(p vec) int {
	for i, q := range vs.pts {
		if math.Abs(p.x-q.x) < 0.6 && math.Abs(p.y-q.y) < 0.6 {
			return i
		}
	}
	vs.pts = append(vs.pts, p)
	return len(vs.pts) - 1
}

func (vs *vertices) ids(poly []vec) []int {
	var out []int
	for _, p := range poly {
		id := vs.id(p)
		if len(out) > 0 && out[len(out)-1] == id {
			continue
		}
		out = append(out, id)
	}
	for len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	return out
}

// union merges the cells of one area into a single outline by dropping the edges
// its cells share.
func union(cells [][]int) ([]int, error) {
	type e struct{ u, v int }
	have := map[e]bool{}
	for _, c := range cells {
		for k := range c {
			have[e{c[k], c[(k+1)%len(c)]}] = true
		}
	}
	next := map[int]int{}
	start := -1
	for ed := range have {
		if have[e{ed.v, ed.u}] {
			continue
		}
		if _, dup := next[ed.u]; dup {
			return nil, fmt.Errorf("outline touches itself at a vertex")
		}
		next[ed.u] = ed.v
		if start < 0 || ed.u < start {
			start = ed.u
		}
	}
	var loop []int
	for u := start; ; {
		loop = append(loop, u)
		u = next[u]
		if u == start {
			break
		}
		if len(loop) > len(next) {
			return nil, fmt.Errorf("outline does not close")
		}
	}
	if len(loop) != len(next) {
		return nil, fmt.Errorf("area is in %d pieces", 1+len(next)-len(loop))
	}
	return loop, nil
}

func onFrame(p vec) bool {
	return p.x < 0.5 || p.y < 0.5 || p.y > height-0.5 || p.x > width-0.5
}

// wiggle returns the inner points of the edge u→v: a wavy line, the same for both
// areas along it, straight on the map frame.
func wiggle(vs *vertices, u, v int) []vec {
	rev := false
	if v < u {
		u, v = v, u
		rev = true
	}
	p, q := vs.pts[u], vs.pts[v]
	if onFrame(p) && onFrame(q) {
		return nil
	}
	l := math.Hypot(q.x-p.x, q.y-p.y)
	n := int(l / 12)
	if n < 2 {
		return nil
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d-%d", u, v)
	s := h.Sum64()
	ph1 := float64(s%628) / 100
	ph2 := float64((s/628)%628) / 100
	f1 := 1 + float64((s/394384)%2)
	amp := math.Min(9, 0.07*l)
	nx, ny := -(q.y-p.y)/l, (q.x-p.x)/l
	var out []vec
	for k := 1; k < n; k++ {
		t := float64(k) / float64(n)
		o := amp * math.Sin(math.Pi*t) * (0.65*math.Sin(2*math.Pi*t*f1+ph1) + 0.35*math.Sin(2*math.Pi*t*3+ph2))
		out = append(out, vec{p.x + t*(q.x-p.x) + o*nx, p.y + t*(q.y-p.y) + o*ny})
	}
	if rev {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// poleOf finds a roomy point of the outline near c: far from the edges, not far from
// the centre point.
func poleOf(poly []render.Point, c vec) render.Point {
	minx, miny, maxx, maxy := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range poly {
		minx, maxx = math.Min(minx, float64(p[0])), math.Max(maxx, float64(p[0]))
		miny, maxy = math.Min(miny, float64(p[1])), math.Max(maxy, float64(p[1]))
	}
	best, bestScore := c, math.Inf(-1)
	// room for the name above the point and two rows of three blocks below it
	roomy := func(x, y float64) bool {
		for _, o := range [][2]float64{{-62, -38}, {62, -38}, {-56, -20}, {56, -20}, {-56, 52}, {56, 52}, {0, 52}} {
			if !inside(poly, x+o[0], y+o[1]) {
				return false
			}
		}
		return true
	}
	anyRoomy := false
	for y := miny; y <= maxy && !anyRoomy; y += 4 {
		for x := minx; x <= maxx; x += 4 {
			if roomy(x, y) {
				anyRoomy = true
				break
			}
		}
	}
	for y := miny; y <= maxy; y += 4 {
		for x := minx; x <= maxx; x += 4 {
			// the name above the point and the blocks below it must both fit
			if !inside(poly, x, y) || !inside(poly, x, y-38) || !inside(poly, x, y+14) {
				continue
			}
			if anyRoomy && !roomy(x, y) {
				continue
			}
			d := math.Min(distToEdges(poly, x, y), math.Min(distToEdges(poly, x, y-38)+20, distToEdges(poly, x, y+14)))
			score := math.Min(d, 70) - 0.25*math.Hypot(x-c.x, y-c.y)
			if score > bestScore {
				best, bestScore = vec{x, y}, score
			}
		}
	}
	return pt(best)
}

func inside(poly []render.Point, x, y float64) bool {
	in := false
	n := len(poly)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi := float64(poly[i][0]), float64(poly[i][1])
		xj, yj := float64(poly[j][0]), float64(poly[j][1])
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

func distToEdges(poly []render.Point, x, y float64) float64 {
	best := math.Inf(1)
	n := len(poly)
	for i := 0; i < n; i++ {
		a, b := poly[i], poly[(i+1)%n]
		ax, ay, bx, by := float64(a[0]), float64(a[1]), float64(b[0]), float64(b[1])
		dx, dy := bx-ax, by-ay
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, ((x-ax)*dx+(y-ay)*dy)/l))
		}
		best = math.Min(best, math.Hypot(x-ax-t*dx, y-ay-t*dy))
	}
	return best
}

func adjacency(g *render.Geometry, d *draft) (missing, extra []string) {
	want := map[[2]string]bool{}
	for _, b := range d.Border {
		a, c := b.A, b.B
		if c < a {
			a, c = c, a
		}
		want[[2]string{a, c}] = true
	}
	for k := range want {
		if g.Edge(adjudicator.PlaceID(k[0]), adjudicator.PlaceID(k[1])) == nil {
			missing = append(missing, k[0]+"|"+k[1])
		}
	}
	for i := range g.Areas {
		for j := i + 1; j < len(g.Areas); j++ {
			a, b := string(g.Areas[i].ID), string(g.Areas[j].ID)
			if b < a {
				a, b = b, a
			}
			if g.Edge(adjudicator.PlaceID(a), adjudicator.PlaceID(b)) != nil && !want[[2]string{a, b}] {
				extra = append(extra, a+"|"+b)
			}
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	return missing, extra
}

// waterName maps a stream or creek border to the course it belongs to.
func waterName(terrain, feature string) (string, string) {
	kind := ""
	switch terrain {
	case "stream", "stream_ford", "stream_bridge", "ravine":
		kind = "stream"
	case "creek", "creek_ford", "creek_bridge":
		kind = "creek"
	default:
		return "", ""
	}
	for _, n := range []string{"Tilghman Branch", "Shiloh Branch", "Locust Grove Branch", "Dill Branch", "Snake Creek", "Owl Creek", "Lick Creek", "Rea Spring"} {
		if strings.Contains(feature, n) {
			return n, kind
		}
	}
	switch {
	case strings.Contains(feature, "Lick Creek"):
		return "Lick Creek", "creek"
	case strings.Contains(feature, "Pittsburg-Purdy road crossing"):
		return "Tilghman Branch", kind
	}
	return "Branch", kind
}

func slug(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, " ", "_"))
}

// chainUndirected joins segments into polylines regardless of their direction.
func chainUndirected(segs [][2]render.Point) [][]render.Point {
	adj := map[render.Point][]int{}
	for i, s := range segs {
		adj[s[0]] = append(adj[s[0]], i)
		adj[s[1]] = append(adj[s[1]], i)
	}
	used := make([]bool, len(segs))
	var out [][]render.Point
	walk := func(p render.Point) {
		line := []render.Point{p}
		for {
			found := -1
			for _, i := range adj[p] {
				if !used[i] {
					found = i
					break
				}
			}
			if found < 0 {
				break
			}
			used[found] = true
			if segs[found][0] == p {
				p = segs[found][1]
			} else {
				p = segs[found][0]
			}
			line = append(line, p)
		}
		if len(line) > 1 {
			out = append(out, line)
		}
	}
	for i, s := range segs {
		if !used[i] && len(adj[s[0]])%2 == 1 {
			walk(s[0])
		}
		if !used[i] && len(adj[s[1]])%2 == 1 {
			walk(s[1])
		}
	}
	for i, s := range segs {
		if !used[i] {
			walk(s[0])
		}
	}
	return out
}

// extendToEdge carries a creek's ends on to the map frame or the river when they are
// near it.
func extendToEdge(l []render.Point) []render.Point {
	ext := func(p render.Point) (render.Point, bool) {
		x, y := float64(p[0]), float64(p[1])
		best, bd := p, 90.0
		try := func(q vec) {
			if d := math.Hypot(q.x-x, q.y-y); d < bd && d > 1 {
				best, bd = pt(q), d
			}
		}
		try(vec{0, y})
		try(vec{x, 0})
		try(vec{x, height})
		try(vec{width, y})
		return best, best != p
	}
	if q, ok := ext(l[0]); ok {
		l = append([]render.Point{q}, l...)
	}
	if q, ok := ext(l[len(l)-1]); ok {
		l = append(l, q)
	}
	return l
}

// edgePoint moves an entry area's road end to the nearest edge of the map.
func edgePoint(p vec) vec {
	cands := []vec{{0, p.y}, {p.x, 0}, {p.x, height}}
	best := cands[0]
	for _, c := range cands[1:] {
		if math.Hypot(c.x-p.x, c.y-p.y) < math.Hypot(best.x-p.x, best.y-p.y) {
			best = c
		}
	}
	return best
}

// crossing is where a road crosses from area a to area b: the middle of their
// shared border, or nothing when they do not touch.
func crossing(g *render.Geometry, a, b string) []vec {
	e := g.Edge(adjudicator.PlaceID(a), adjudicator.PlaceID(b))
	if e == nil {
		return nil
	}
	x, y := mid(e[0])
	return []vec{{x, y}}
}

func mid(pts []render.Point) (float64, float64) {
	total := 0.0
	for i := 1; i < len(pts); i++ {
		total += math.Hypot(float64(pts[i][0]-pts[i-1][0]), float64(pts[i][1]-pts[i-1][1]))
	}
	half := total / 2
	for i := 1; i < len(pts); i++ {
		l := math.Hypot(float64(pts[i][0]-pts[i-1][0]), float64(pts[i][1]-pts[i-1][1]))
		if l >= half && l > 0 {
			t := half / l
			return float64(pts[i-1][0]) + t*float64(pts[i][0]-pts[i-1][0]), float64(pts[i-1][1]) + t*float64(pts[i][1]-pts[i-1][1])
		}
		half -= l
	}
	return float64(pts[0][0]), float64(pts[0][1])
}

// chaikin rounds a polyline's corners, keeping its ends.
func chaikin(p []vec) []vec {
	if len(p) < 3 {
		return p
	}
	out := []vec{p[0]}
	for i := 0; i+1 < len(p); i++ {
		a, b := p[i], p[i+1]
		q := vec{0.75*a.x + 0.25*b.x, 0.75*a.y + 0.25*b.y}
		r := vec{0.25*a.x + 0.75*b.x, 0.25*a.y + 0.75*b.y}
		if i > 0 {
			out = append(out, q)
		}
		if i+2 < len(p) {
			out = append(out, r)
		}
	}
	return append(out, p[len(p)-1])
}

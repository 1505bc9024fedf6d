package main

import (
	"math"
)

// relax evens out the sizes of the areas: it moves each centre part of the way to
// the middle of its drafted region, many times over, and refuses any move that
// would make two borders cross (the tiling needs a planar drawing). The centre of
// the map, where the draft crowds many small fields, opens up; the wide bottoms at
// the edges shrink. The river stays put.
func relax(ids []string, pos map[string]vec, d *draft, rounds int) {
	type edge struct{ a, b string }
	var edges []edge
	for _, b := range d.Border {
		edges = append(edges, edge{b.A, b.B})
	}
	crosses := func(id string, p vec) bool {
		for _, e := range edges {
			if e.a != id && e.b != id {
				continue
			}
			other := e.b
			if e.b == id {
				other = e.a
			}
			for _, f := range edges {
				if f.a == id || f.b == id || f.a == other || f.b == other {
					continue
				}
				if segCross(p, pos[other], pos[f.a], pos[f.b]) {
					return true
				}
			}
		}
		return false
	}
	for r := 0; r < rounds; r++ {
		cells := dualCells(ids, pos, d)
		sum := map[string]vec{}
		area := map[string]float64{}
		for _, c := range cells {
			a, cx, cy := centroid(c.poly)
			sum[c.area] = vec{sum[c.area].x + a*cx, sum[c.area].y + a*cy}
			area[c.area] += a
		}
		for _, id := range ids {
			if id == river || area[id] == 0 {
				continue
			}
			t := vec{sum[id].x / area[id], sum[id].y / area[id]}
			p := pos[id]
			n := vec{p.x + 0.25*(t.x-p.x), p.y + 0.25*(t.y-p.y)}
			n.x = math.Max(60, math.Min(landWidth-60, n.x))
			n.y = math.Max(60, math.Min(height-95, n.y))
			if !crosses(id, n) {
				pos[id] = n
			}
		}
	}
}

// centroid returns the area and centre of mass of a polygon.
func centroid(p []vec) (float64, float64, float64) {
	var a, cx, cy float64
	for i := range p {
		q := p[(i+1)%len(p)]
		w := p[i].x*q.y - q.x*p[i].y
		a += w
		cx += (p[i].x + q.x) * w
		cy += (p[i].y + q.y) * w
	}
	if a == 0 {
		return 0, p[0].x, p[0].y
	}
	return math.Abs(a / 2), cx / (3 * a), cy / (3 * a)
}

// segCross reports whether segments pq and rs cross at an inner point.
func segCross(p, q, r, s vec) bool {
	o := func(a, b, c vec) float64 { return (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x) }
	return o(p, q, r)*o(p, q, s) < 0 && o(r, s, p)*o(r, s, q) < 0
}

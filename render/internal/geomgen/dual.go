package main

import (
	"log"
	"math"
	"sort"
)

type cell struct {
	area string
	poly []vec
}

// dualCells splits the plane among the areas so that two areas share an edge exactly
// when the border graph joins them. The graph, drawn with straight lines between the
// centres, must be planar. Each inner face gives every corner the quadrilateral
// (corner, middle of one edge, face centre, middle of the other edge); the outer face
// gives every corner the land between its edges and the frame, along rays from the
// middle of the map through the edge midpoints.
func dualCells(ids []string, pos map[string]vec, d *draft) []cell {
	nb := map[string][]string{}
	for _, b := range d.Border {
		nb[b.A] = append(nb[b.A], b.B)
		nb[b.B] = append(nb[b.B], b.A)
	}
	ang := func(from, to string) float64 {
		return math.Atan2(pos[to].y-pos[from].y, pos[to].x-pos[from].x)
	}
	for _, id := range ids {
		n := nb[id]
		sort.Slice(n, func(i, j int) bool { return ang(id, n[i]) < ang(id, n[j]) })
	}
	// next returns the neighbour of v after u in angular order: walking u→v and
	// turning to it traces a face.
	next := func(u, v string) string {
		n := nb[v]
		for i, w := range n {
			if w == u {
				return n[(i+len(n)-1)%len(n)]
			}
		}
		log.Fatalf("no edge %s-%s", u, v)
		return ""
	}
	type de struct{ u, v string }
	seen := map[de]bool{}
	var faces [][]string
	for _, u := range ids {
		for _, v := range nb[u] {
			if seen[de{u, v}] {
				continue
			}
			var f []string
			a, b := u, v
			for !seen[de{a, b}] {
				seen[de{a, b}] = true
				f = append(f, a)
				a, b = b, next(a, b)
			}
			faces = append(faces, f)
		}
	}
	area := func(f []string) float64 {
		s := 0.0
		for i := range f {
			p, q := pos[f[i]], pos[f[(i+1)%len(f)]]
			s += p.x*q.y - q.x*p.y
		}
		return s / 2
	}
	outer := 0
	for i, f := range faces {
		if math.Abs(area(f)) > math.Abs(area(faces[outer])) {
			outer = i
		}
	}
	mid := func(a, b string) vec {
		p, q := pos[a], pos[b]
		if b < a {
			p, q = q, p
		}
		return vec{(p.x + q.x) / 2, (p.y + q.y) / 2}
	}
	var cells []cell
	for i, f := range faces {
		if i == outer {
			continue
		}
		c := meanOf(f, pos)
		for k, a := range f {
			prev, nxt := f[(k+len(f)-1)%len(f)], f[(k+1)%len(f)]
			cells = append(cells, cell{a, oriented([]vec{pos[a], mid(a, nxt), c, mid(prev, a)})})
		}
	}
	// The outer ring, carried to the frame.
	f := faces[outer]
	o := meanOf(ids, pos)
	ray := func(m vec) vec { return hitFrame(o, m) }
	n := len(f)
	m1 := make([]vec, n)
	m2 := make([]vec, n)
	for k, a := range f {
		prev, nxt := f[(k+n-1)%n], f[(k+1)%n]
		m1[k], m2[k] = mid(prev, a), mid(a, nxt)
	}
	// A dead-end area (one border) is walked p, a, p: give it a short stretch of
	// border across the middle of its edge, so that it owns a wedge to the frame.
	for k, a := range f {
		p, q := f[(k+n-1)%n], f[(k+1)%n]
		if p != q {
			continue
		}
		m := mid(p, a)
		dx, dy := pos[a].x-pos[p].x, pos[a].y-pos[p].y
		nx, ny := -dy*0.4, dx*0.4 // half-width: 0.4 of the edge
		x1, x2 := vec{m.x + nx, m.y + ny}, vec{m.x - nx, m.y - ny}
		before := pos[f[(k+n-2)%n]]
		if math.Hypot(x2.x-before.x, x2.y-before.y) < math.Hypot(x1.x-before.x, x1.y-before.y) {
			x1, x2 = x2, x1
		}
		m2[(k+n-1)%n], m1[k] = x1, x1
		m2[k], m1[(k+1)%n] = x2, x2
		// the corner between the two stretches stays with the area it hangs from
		cells = append(cells, cell{p, oriented([]vec{pos[p], x1, x2})})
	}
	for k, a := range f {
		r1, r2 := ray(m1[k]), ray(m2[k])
		poly := []vec{m1[k], pos[a], m2[k], r2}
		if f[(k+n-1)%n] == f[(k+1)%n] {
			// a dead end: its centre lies out in its own wedge
			poly = []vec{m1[k], m2[k], r2}
		}
		poly = append(poly, cornersBetween(o, r2, r1)...)
		poly = append(poly, r1)
		cells = append(cells, cell{a, oriented(poly)})
	}
	return cells
}

// oriented returns the polygon wound like the frame (positive shoelace, clockwise on
// screen).
func oriented(p []vec) []vec {
	s := 0.0
	for i := range p {
		q := p[(i+1)%len(p)]
		s += p[i].x*q.y - q.x*p[i].y
	}
	if s < 0 {
		for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	}
	return p
}

// hitFrame is where the ray from o through m leaves the frame.
func hitFrame(o, m vec) vec {
	dx, dy := m.x-o.x, m.y-o.y
	t := math.Inf(1)
	if dx > 0 {
		t = math.Min(t, (landWidth-o.x)/dx)
	}
	if dx < 0 {
		t = math.Min(t, -o.x/dx)
	}
	if dy > 0 {
		t = math.Min(t, (height-o.y)/dy)
	}
	if dy < 0 {
		t = math.Min(t, -o.y/dy)
	}
	return vec{o.x + t*dx, o.y + t*dy}
}

// cornersBetween lists the frame corners met going from frame point a to frame point
// b the short way round as seen from o.
func cornersBetween(o, a, b vec) []vec {
	corners := []vec{{0, 0}, {landWidth, 0}, {landWidth, height}, {0, height}}
	aa := math.Atan2(a.y-o.y, a.x-o.x)
	ab := math.Atan2(b.y-o.y, b.x-o.x)
	span := ab - aa
	for span <= -math.Pi {
		span += 2 * math.Pi
	}
	for span > math.Pi {
		span -= 2 * math.Pi
	}
	type ca struct {
		p vec
		t float64
	}
	var in []ca
	for _, c := range corners {
		t := math.Atan2(c.y-o.y, c.x-o.x) - aa
		for t <= -math.Pi {
			t += 2 * math.Pi
		}
		for t > math.Pi {
			t -= 2 * math.Pi
		}
		if (span > 0 && t > 0 && t < span) || (span < 0 && t < 0 && t > span) {
			in = append(in, ca{c, math.Abs(t)})
		}
	}
	sort.Slice(in, func(i, j int) bool { return in[i].t < in[j].t })
	var out []vec
	for _, c := range in {
		out = append(out, c.p)
	}
	return out
}

func meanOf(ids []string, pos map[string]vec) vec {
	var c vec
	for _, a := range ids {
		c.x += pos[a].x
		c.y += pos[a].y
	}
	return vec{c.x / float64(len(ids)), c.y / float64(len(ids))}
}

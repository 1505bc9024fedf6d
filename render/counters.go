package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file draws the pieces of a hex board as SPI counters: a square of the
// side's colour with a thin cardboard edge, the unit's designation at the top,
// its type in a NATO box in the middle (infantry crossed, cavalry slashed,
// artillery dotted) and its strength and movement allowance at the bottom ("4-6").
// A hex holds one counter at its centre, two side by side and staggered so that
// both are read whole. As a block's, a counter's body is drawn once on a tile and
// composited (blocks.go); only its texts are drawn for each map.

// counterSize is a counter's side in pixels.
const counterSize = 40.0

// counterBody is what a counter's body shows.
type counterBody struct {
	fill, ink color.RGBA
	mark      string // the unit symbol (a UnitView's Kind), "" for none
	blank     bool   // no box: an enemy counter the viewer may not know
}

// counterColours are a side's counter face and the ink printed on it: Union blue
// with white, Confederate grey with black.
func counterColours(s adjudicator.Side) (fill, ink color.RGBA) {
	if s == adjudicator.CSA {
		return colCSACounter, colInk
	}
	return colUSA, colWhite
}

// drawCounterBody draws a counter's body with gg, as the tiles hold it.
func (c *canvas) drawCounterBody(x, y float64, b counterBody) {
	const n = counterSize
	// the cardboard's edge, down and to the right
	c.dc.DrawRectangle(x+1.5, y+1.5, n, n)
	c.fill(colCounterEdge)
	c.dc.DrawRectangle(x, y, n, n)
	c.fill(b.fill)
	c.dc.DrawRectangle(x+0.5, y+0.5, n-1, n-1)
	c.stroke(colInk, 1)
	if b.blank {
		return
	}
	bx, by, bw, bh := x+n/2-10, y+13, 20.0, 12.0
	c.dc.DrawRectangle(bx, by, bw, bh)
	switch b.mark {
	case kindInfantry:
		c.dc.MoveTo(bx, by)
		c.dc.LineTo(bx+bw, by+bh)
		c.dc.MoveTo(bx+bw, by)
		c.dc.LineTo(bx, by+bh)
	case kindCavalry:
		c.dc.MoveTo(bx, by+bh)
		c.dc.LineTo(bx+bw, by)
	}
	c.stroke(b.ink, 1.3)
	if b.mark == kindArtillery {
		c.dc.DrawCircle(bx+bw/2, by+bh/2, 2.6)
		c.fill(b.ink)
	}
}

func (c *canvas) counterBody(x, y float64, b counterBody) {
	c.stamp(x, y, b, counterSize+2, func(t *canvas, x, y float64) { t.drawCounterBody(x, y, b) })
}

// counter draws one counter with its top left corner at x, y.
func (d *viewDrawer) counter(u *adjudicator.UnitView, x, y float64) {
	switch {
	case u.Ghost:
		d.ghostCounter(u, x, y)
		return
	case u.Hidden:
		// nothing of the piece but its side, whatever the picture carries
		d.blankCounter(u.Side, x, y)
		return
	}
	fill, ink := counterColours(u.Side)
	d.counterBody(x, y, counterBody{fill: fill, ink: ink, mark: u.Kind})
	d.counterTexts(u, x, y, ink)
}

// counterTexts prints a counter's designation at the top and its strength and
// movement allowance at the bottom.
func (d *viewDrawer) counterTexts(u *adjudicator.UnitView, x, y float64, ink color.Color) {
	c := x + counterSize/2
	d.text(d.f.tiny, d.shorten(u.Name, counterSize-4), c, y+2, ink, 0.5, 0)
	if s := factors(u); s != "" {
		d.text(d.f.factor, s, c, y+counterSize-2, ink, 0.5, 1)
	}
}

// factors is what a counter prints at its bottom: "4-6", the strength alone
// without a movement allowance, nothing without a strength.
func factors(u *adjudicator.UnitView) string {
	switch {
	case u.Strength <= 0:
		return ""
	case u.Movement > 0:
		return fmt.Sprintf("%d-%d", u.Strength, u.Movement)
	}
	return fmt.Sprint(u.Strength)
}

// shorten fits a designation into a width the way SPI's charts abbreviate:
// "Hampton" as "Hmptn" (the vowels after the first letter go), then "G. T.
// Anderson" as its last word, then cut.
func (d *viewDrawer) shorten(name string, width float64) string {
	name = strings.TrimSpace(name)
	fits := func(s string) bool { return textWidth(d.f.tiny, s) <= width }
	if fits(name) {
		return name
	}
	if s := dropVowels(name); fits(s) {
		return s
	}
	if i := strings.LastIndexByte(name, ' '); i >= 0 {
		name = name[i+1:]
		if fits(name) {
			return name
		}
		name = dropVowels(name)
	}
	for !fits(name) && len(name) > 2 {
		name = name[:len(name)-1]
	}
	return name
}

// dropVowels leaves out the vowels of each word but its first letter:
// "Washington" is "Wshngtn", as the Antietam deployment chart prints it.
func dropVowels(s string) string {
	var b strings.Builder
	first := true
	for _, r := range s {
		switch {
		case r == ' ' || r == '/':
			first = true
		case !first && strings.ContainsRune("aeiouAEIOU", r):
			continue
		default:
			first = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// blankCounter is an enemy counter the viewer may not know: its side's colour.
func (d *viewDrawer) blankCounter(s adjudicator.Side, x, y float64) {
	fill, ink := counterColours(s)
	d.counterBody(x, y, counterBody{fill: fill, ink: ink, blank: true})
}

// ghostCounter is an enemy counter where it was last seen: pale, dashed in its
// side's colour, with its designation, factors and when.
func (d *viewDrawer) ghostCounter(u *adjudicator.UnitView, x, y float64) {
	ink := sideColour(u.Side)
	d.dc.DrawRectangle(x, y, counterSize, counterSize)
	d.fill(colGhost)
	d.dc.DrawRectangle(x+1, y+1, counterSize-2, counterSize-2)
	d.dc.SetDash(4, 3)
	d.stroke(ink, 1.6)
	d.dc.SetDash()
	c := x + counterSize/2
	d.text(d.f.tiny, d.shorten(u.Name, counterSize-4), c, y+2, ink, 0.5, 0)
	d.text(d.f.tiny, factors(u), c, y+counterSize/2, ink, 0.5, 0.5)
	d.text(d.f.tiny, u.Seen, c, y+counterSize-2, ink, 0.5, 1)
}

// counterSpots are where the counters of a hex stand, their centres' offsets
// from the hex's centre: one in the middle a little low (the hex number is at
// the top), two side by side and staggered, more spread between the two.
func counterSpots(n int) [][2]float64 {
	switch n {
	case 0:
		return nil
	case 1:
		return [][2]float64{{0, 2}}
	}
	out := make([][2]float64, n)
	for i := range out {
		t := float64(i) / float64(n-1)
		out[i] = [2]float64{-16 + 32*t, -2 + 8*t}
	}
	return out
}

// counterReach is how far from a hex's centre its n counters reach towards dx,
// dy, and a little more: where an arrow coming from there stops. Into an empty
// hex it runs on to near the centre, clear of the hex number.
func counterReach(n int, dx, dy float64) float64 {
	if n == 0 {
		return 8
	}
	spots := counterSpots(n)
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, o := range spots {
		x0, y0 = math.Min(x0, o[0]-counterSize/2), math.Min(y0, o[1]-counterSize/2)
		x1, y1 = math.Max(x1, o[0]+counterSize/2), math.Max(y1, o[1]+counterSize/2)
	}
	// leave the box they fill, from the centre
	t := math.Inf(1)
	if dx > 0 {
		t = x1 / dx
	} else if dx < 0 {
		t = x0 / dx
	}
	if dy > 0 {
		t = math.Min(t, y1/dy)
	} else if dy < 0 {
		t = math.Min(t, y0/dy)
	}
	return t + 5
}

// counterStack stands a hex's counters, the first at the back.
func (d *viewDrawer) counterStack(sh *AreaShape, its []*adjudicator.UnitView) {
	cx, cy := sh.Blocks.fx(), d.my(sh.Blocks.fy())
	for i, o := range counterSpots(len(its)) {
		d.unit(its[i], cx+o[0]-counterSize/2, cy+o[1]-counterSize/2)
	}
}

// hexBattles marks the last turn's battles on a hex board: under the defender the
// odds and the result as the picture gives them (crossed swords at its top right
// where it gives neither); a red cross at the top left of a hex where units were
// eliminated, with their number.
func (d *viewDrawer) hexBattles() {
	hs := d.g.hex
	for _, b := range d.p.Battles {
		sh := d.g.Area(b.Place)
		if sh == nil {
			continue
		}
		x, y := sh.Blocks.fx(), d.my(sh.Blocks.fy())
		col := colRed
		if b.Over && b.Winner != adjudicator.NoSide {
			col = sideColour(b.Winner)
		}
		text := strings.TrimSpace(b.Odds + " " + b.Result)
		if text == "" {
			d.swords(x+float64(hs.S)*0.46, y-float64(hs.H)*0.66, col)
			continue
		}
		d.oddsTag(x, y+float64(hs.H)*0.68, text, col)
	}
	for _, l := range d.p.Losses {
		if sh := d.g.Area(l.Place); sh != nil {
			d.elimMark(sh.Blocks.fx()-float64(hs.S)*0.46, d.my(sh.Blocks.fy())-float64(hs.H)*0.66, l.Count)
		}
	}
}

// attacks draws the arrows of the last turn's attacks, from each attacker's hex
// to the defender's: under the pieces, over the moves.
func (d *viewDrawer) attacks() {
	for _, b := range d.p.Battles {
		sh := d.g.Area(b.Place)
		if sh == nil {
			continue
		}
		for _, from := range b.From {
			if f := d.g.Area(from); f != nil {
				d.attackArrow(f.Blocks.fx(), d.my(f.Blocks.fy()), sh.Blocks.fx(), d.my(sh.Blocks.fy()))
			}
		}
	}
}

// renumber prints again the numbers of the hexes the last turn's arrows ran
// through, which they crossed: a player writes orders by them.
func (d *viewDrawer) renumber() {
	done := map[adjudicator.PlaceID]bool{}
	again := func(id adjudicator.PlaceID) {
		if p := d.board.Place(id); p != nil && !done[id] && d.g.Area(id) != nil {
			done[id] = true
			d.hexNumber(p, d.g)
		}
	}
	for _, a := range d.p.Arrows {
		for _, id := range a.Path {
			again(id)
		}
	}
	for _, b := range d.p.Battles {
		again(b.Place)
		for _, id := range b.From {
			again(id)
		}
	}
}

// attackArrow is a short red arrow from an attacker's hex towards the defender's,
// across the hexside between them, a little to the left of the line between
// their centres so that an advance along that line stays in sight.
func (d *viewDrawer) attackArrow(x1, y1, x2, y2 float64) {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l < 1 {
		return
	}
	ux, uy := dx/l, dy/l
	ox, oy := uy*9, -ux*9
	ax, ay := x1+ux*l*0.28+ox, y1+uy*l*0.28+oy
	bx, by := x2-ux*l*0.26+ox, y2-uy*l*0.26+oy
	d.dc.MoveTo(ax, ay)
	d.dc.LineTo(bx, by)
	d.dc.SetLineCapRound()
	d.stroke(colHalo, 7)
	d.arrow(ax, ay, bx, by, colRed, 4)
}

// oddsTag is a battle's odds and result in a box centred at x, y, edged in col
// (red while undecided, else the winner's colour).
func (d *viewDrawer) oddsTag(x, y float64, text string, col color.RGBA) {
	w := textWidth(d.f.name, text) + 10
	d.dc.DrawRoundedRectangle(x-w/2, y-8, w, 16, 3)
	d.fill(colHalo)
	d.dc.DrawRoundedRectangle(x-w/2, y-8, w, 16, 3)
	d.stroke(col, 2)
	d.text(d.f.name, text, x, y+0.5, colRed, 0.5, 0.5)
}

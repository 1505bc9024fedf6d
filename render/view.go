package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"sort"
	"strings"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/math/f64"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Options are the per-game texts of a map. nil means none.
type Options struct {
	// GameTitle names the game in the title band, e.g. "Club ladder game 12".
	GameTitle string
}

// drawPicture writes one viewer's map of a game as PNG: the base map with the
// picture's pieces and marks. Equal arguments give equal bytes.
func drawPicture(w io.Writer, sc adjudicator.Scenario, p *adjudicator.Picture, opts *Options) error {
	img, base, err := pictureImage(sc, p, opts)
	if err != nil {
		return err
	}
	defer putPicture(img)
	return encodePNG(w, img, base)
}

// pictures recycles map-sized pictures between drawings (9 MB each, a hex map's
// 18 MB: allocating one per map would keep the collector busy).
var pictures = make(chan *image.RGBA, 4)

func getPicture(r image.Rectangle) *image.RGBA {
	select {
	case img := <-pictures:
		if img.Bounds() == r {
			return img
		}
		// another board's size: keep it for a map of that board
		putPicture(img)
	default:
	}
	return image.NewRGBA(r)
}

func putPicture(img *image.RGBA) {
	select {
	case pictures <- img:
	default:
	}
}

// pictureImage draws the map of a picture and returns it with the base map it
// started from.
func pictureImage(sc adjudicator.Scenario, p *adjudicator.Picture, opts *Options) (*image.RGBA, *baseEntry, error) {
	d, base, err := drawnPicture(sc, p, opts)
	if err != nil {
		return nil, nil, err
	}
	return d.img, base, nil
}

// drawnPicture draws the map of a picture and returns its drawer, which holds
// the picture and what was drawn, with the base map it started from.
func drawnPicture(sc adjudicator.Scenario, p *adjudicator.Picture, opts *Options) (*viewDrawer, *baseEntry, error) {
	if p == nil {
		return nil, nil, fmt.Errorf("render: no picture")
	}
	if opts == nil {
		opts = &Options{}
	}
	g, err := GeometryFor(sc)
	if err != nil {
		return nil, nil, err
	}
	base := baseOf(sc, g)
	if base.err != nil {
		return nil, nil, base.err
	}
	img := getPicture(base.img.Bounds())
	copy(img.Pix, base.img.Pix)
	f := getFaces()
	defer putFaces(f)
	d := &viewDrawer{canvas: newCanvas(img, f), sc: sc, board: sc.Board(), g: g, p: p, opts: opts, style: styleOf(sc.Board())}
	if err := d.draw(); err != nil {
		putPicture(img)
		return nil, nil, err
	}
	return d, base, nil
}

type viewDrawer struct {
	*canvas
	sc    adjudicator.Scenario
	board *adjudicator.Board
	g     *Geometry
	p     *adjudicator.Picture
	opts  *Options
	style *pieceStyle
	// pieces counts the picture's pieces in each place
	pieces map[adjudicator.PlaceID]int
	// tile is where a piece drawn smaller is drawn first (shrunk)
	tile *canvas
	// where each area's blocks and battle marks stand (standing.go)
	standings map[adjudicator.PlaceID]*standing
	// inKey is set while the key is drawn; the symbols drawn on the map and in
	// the key, for the test that every symbol on the map is in the key
	inKey        bool
	drawn, keyed map[string]bool
}

// The symbols a map draws, each of which its key must show.
const (
	symUnit       = "unit"
	symEnemy      = "enemy"
	symGhost      = "ghost"
	symFormation  = "formation tag"
	symBattle     = "battle"
	symMove       = "move arrow"
	symCount      = "arrow's number of pieces"
	symRetreat    = "retreat arrow"
	symAdvance    = "advance arrow"
	symChanged    = "changed hands"
	symControl    = "control flag"
	symContested  = "contested flag"
	symEliminated = "eliminated"
	symTaken      = "sign taken"
	symCaptured   = "sign taken this turn"
)

// symbol notes that a symbol was drawn, on the map or in the key.
func (d *viewDrawer) symbol(s string) {
	m := &d.drawn
	if d.inKey {
		m = &d.keyed
	}
	if *m == nil {
		*m = map[string]bool{}
	}
	(*m)[s] = true
}

// pieceStyle is how a board's pieces look and stand, and how arrows run between
// them.
type pieceStyle struct {
	size float64 // a piece's side
	// draw draws a piece with its top left corner at x, y; blank an enemy piece
	// the viewer may not know; ghost one last seen.
	draw, ghost func(d *viewDrawer, u *adjudicator.UnitView, x, y float64)
	blank       func(d *viewDrawer, s adjudicator.Side, x, y float64)
	// stand draws a place's pieces.
	stand func(d *viewDrawer, sh *AreaShape, us []*adjudicator.UnitView)
	// bend is how far an arrow's leg bows to its right, as a share of its length;
	// an arrow stops trimFrom short of its start, and at its end where reach
	// says the place's pieces end.
	bend, trimFrom float64
	// reach is how far from a place's spot its n pieces reach towards dx, dy (a
	// unit vector).
	reach func(n int, dx, dy float64) float64
	// stack, where set, is the box (map coordinates) that a place's pieces
	// fill where they do not stand around its spot; an arrow into the place
	// runs to its middle and stops short of it instead of using reach.
	stack func(d *viewDrawer, id adjudicator.PlaceID) (rect, bool)
}

// pieceStyles is the style table, by the kind of board: Shiloh 1862's blocks in
// grids on an area board, SPI counters on a hex board (counters.go). A board kind
// not in it draws blocks.
var pieceStyles = map[adjudicator.BoardKind]*pieceStyle{
	adjudicator.Areas: {
		size: blockSize, draw: (*viewDrawer).block, ghost: (*viewDrawer).ghostBlock, blank: (*viewDrawer).blankBlock,
		stand: (*viewDrawer).blockGrid, bend: 0.12, trimFrom: 20,
		reach: func(int, float64, float64) float64 { return 24 },
		stack: (*viewDrawer).blockBox,
	},
	adjudicator.Hexes: {
		size: counterSize, draw: (*viewDrawer).counter, ghost: (*viewDrawer).ghostCounter, blank: (*viewDrawer).blankCounter,
		stand: (*viewDrawer).counterStack, trimFrom: 12, reach: counterReach,
	},
}

func styleOf(b *adjudicator.Board) *pieceStyle {
	if st, ok := pieceStyles[b.Kind]; ok {
		return st
	}
	return pieceStyles[adjudicator.Areas]
}

func sideColour(s adjudicator.Side) color.RGBA {
	if s == adjudicator.CSA {
		return colCSADark
	}
	return colUSA
}

func (d *viewDrawer) draw() error {
	for _, c := range d.p.Control {
		if d.g.Area(c.Place) == nil {
			return fmt.Errorf("render: picture names place %q the map does not have", c.Place)
		}
	}
	d.pieces = map[adjudicator.PlaceID]int{}
	for _, u := range d.p.Units {
		d.pieces[u.Place]++
	}
	d.marks(false)
	d.control()
	d.arrows()
	d.attacks()
	if d.g.hex != nil {
		d.renumber()
	}
	d.units()
	d.marks(true)
	d.battles()
	d.tags()
	d.title()
	d.panel()
	return nil
}

// marks draws the standing marks under the pieces (turn false: signs taken,
// crossed out) or the last turn's over them (places that changed hands, outlined
// dashed in the new holder's colour; signs taken, ringed).
func (d *viewDrawer) marks(turn bool) {
	for _, m := range d.p.Marks {
		if (m.Kind == adjudicator.MarkTaken) == turn {
			continue
		}
		switch m.Kind {
		case adjudicator.MarkTaken:
			if x, y, ok := d.signAt(m.Place); ok {
				d.taken(x, y, false)
			}
		case adjudicator.MarkChanged:
			if sh := d.g.Area(m.Place); sh != nil {
				d.symbol(symChanged)
				d.path(sh.Outline, true)
				d.dc.SetDash(10, 6)
				d.stroke(sideColour(m.Side), 4)
				d.dc.SetDash()
			}
		case adjudicator.MarkCaptured:
			if x, y, ok := d.signAt(m.Place); ok {
				d.ring(x, y)
			}
		}
	}
}

// taken crosses out a taken sign centred at x, y; in the key, over a camp's
// tent and ringed as the turn it was taken.
func (d *viewDrawer) taken(x, y float64, sample bool) {
	if sample {
		d.tent(x, y, colEdge) // whose camp it was is the map's to say
	}
	d.dc.MoveTo(x-8, y-8)
	d.dc.LineTo(x+8, y+8)
	d.dc.MoveTo(x+8, y-8)
	d.dc.LineTo(x-8, y+8)
	d.stroke(colRed, 3)
	d.symbol(symTaken)
	if sample {
		d.ring(x, y)
	}
}

// ring circles a sign taken in the last turn.
func (d *viewDrawer) ring(x, y float64) {
	d.dc.DrawCircle(x, y, 14)
	d.stroke(colRed, 3)
	d.symbol(symCaptured)
}

// signAt is where the base map put a place's camp sign.
func (d *viewDrawer) signAt(id adjudicator.PlaceID) (float64, float64, bool) {
	sh := d.g.Area(id)
	p := d.board.Place(id)
	if sh == nil || p == nil {
		return 0, 0, false
	}
	if hs := d.g.hex; hs != nil {
		// a hex has no sign: the mark goes to its top left
		return sh.Blocks.fx() - float64(hs.S)*0.46, d.my(sh.Blocks.fy()) - float64(hs.H)*0.66, true
	}
	x, y0, w, _ := d.labelBox(p, sh)
	return x - w/2 - 12, y0, true
}

// control marks each controlled area with a small flag of its side before the name,
// half and half when contested (5.1).
func (d *viewDrawer) control() {
	for _, c := range d.p.Control {
		if c.Side == adjudicator.NoSide && !c.Contested {
			continue
		}
		sh := d.g.Area(c.Place)
		p := d.board.Place(c.Place)
		if p == nil || p.Water {
			continue
		}
		var x, y float64
		if hs := d.g.hex; hs != nil {
			// right of the hex number
			x, y = sh.Blocks.fx()+13, d.my(sh.Blocks.fy()-float64(hs.H))+2
		} else {
			lx, ly, w, _ := d.labelBox(p, sh)
			x, y = lx+w/2+6, ly-6
		}
		d.flag(x, y, c.Side, c.Contested)
	}
}

// flag is a place's control flag with its top left corner at x, y: its holder's
// colour, half and half when contested.
func (d *viewDrawer) flag(x, y float64, s adjudicator.Side, contested bool) {
	if contested {
		d.dc.DrawRectangle(x, y, 6, 11)
		d.fill(colUSA)
		d.dc.DrawRectangle(x+6, y, 6, 11)
		d.fill(colCSADark)
		d.symbol(symContested)
	} else {
		d.dc.DrawRectangle(x, y, 12, 11)
		d.fill(sideColour(s))
		d.symbol(symControl)
	}
	d.dc.DrawRectangle(x, y, 12, 11)
	d.stroke(colHalo, 1)
}

const (
	blockSize  = 34.0
	blockPitch = 37.0
)

// units stands each place's pieces around its spot as the style does, in the
// picture's order, places in id order.
func (d *viewDrawer) units() {
	byPlace := map[adjudicator.PlaceID][]*adjudicator.UnitView{}
	var places []adjudicator.PlaceID
	for i := range d.p.Units {
		u := &d.p.Units[i]
		if u.Place == "" {
			continue
		}
		if _, ok := byPlace[u.Place]; !ok {
			places = append(places, u.Place)
		}
		byPlace[u.Place] = append(byPlace[u.Place], u)
	}
	sort.Slice(places, func(i, j int) bool { return places[i] < places[j] })
	for _, a := range places {
		if sh := d.g.Area(a); sh != nil {
			d.style.stand(d, sh, byPlace[a])
		}
	}
}

// blockGrid stands an area's blocks in a grid inside the area, off the names,
// nearest its spot, smaller where they do not fit at full size (stack.go),
// after any battle marks that took the grid's first cells (standing.go).
func (d *viewDrawer) blockGrid(sh *AreaShape, its []*adjudicator.UnitView) {
	s := d.standingOf(sh.ID)
	for i, u := range its {
		b := s.cells.box(s.first + i)
		d.shrunk(b.x0, d.my(b.y0), s.cells.scale, func(x, y float64) { d.unit(u, x, y) })
	}
}

// shrunk draws a piece, or what stands in a piece's place, at scale s of a
// piece's size with its top left corner at x, y; paint draws it at full size
// with its top left corner at the x, y it is given. Below full size it is
// painted whole on a tile, then scaled down onto the map, so that a piece in a
// crowded place shows all it shows elsewhere, in the same words.
func (d *viewDrawer) shrunk(x, y, s float64, paint func(x, y float64)) {
	if s == 1 {
		paint(x, y)
		return
	}
	const pad = tileMargin // room for the border's outer half
	n := int(math.Ceil(d.style.size)) + 2*pad
	if d.tile == nil || d.tile.img.Bounds().Dx() != n {
		d.tile = newCanvas(image.NewRGBA(image.Rect(0, 0, n, n)), d.f)
		d.tile.top = 0
	} else {
		clear(d.tile.img.Pix)
	}
	onMap := d.canvas
	d.canvas = d.tile
	paint(pad, pad)
	d.canvas = onMap
	// tile point (tx, ty) lands on (x + s*(tx-pad), y + s*(ty-pad))
	m := f64.Aff3{s, 0, x - s*pad, 0, s, y - s*pad}
	xdraw.CatmullRom.Transform(d.img, m, d.tile.img, d.tile.img.Bounds(), xdraw.Over, nil)
}

// labelWidth is the room for a name on a block's face.
const labelWidth = blockSize - 3

// abbrev shortens a block name to fit a block face, keeping what tells it from
// other blocks of its name: "W. Wallace" and "L. Wallace" stay "W.Wal" and
// "L.Wal", never both "Wallac". A name that fits is printed whole; initials lose
// their spaces, then the surname is cut (to one initial if there is no room
// for two letters of it). TestBlockLabelsUnique checks the result over a whole
// order of battle.
func (d *viewDrawer) abbrev(name string) string {
	fits := func(s string) bool { return textWidth(d.f.block, s) <= labelWidth }
	name = strings.TrimSpace(name)
	if fits(name) {
		return name
	}
	words := strings.Fields(name)
	last := words[len(words)-1]
	initials := ""
	for _, w := range words[:len(words)-1] {
		if !strings.HasSuffix(w, ".") {
			w = w[:1] + "."
		}
		initials += w
	}
	for _, short := range []string{strings.ReplaceAll(strings.TrimSuffix(initials, "."), ".", "") + ".", initials[:min(2, len(initials))]} {
		if initials != "" && !fits(initials+last[:min(2, len(last))]) {
			initials = short // "W.H.H." as "WHH.", then "W."
		}
	}
	if s := initials + last; fits(s) {
		return s
	}
	r := []rune(last)
	for len(r) > 2 && !fits(initials+string(r)) {
		r = r[:len(r)-1]
	}
	return initials + string(r)
}

// unit draws one piece with its top left corner at x, y, in the board's style.
func (d *viewDrawer) unit(u *adjudicator.UnitView, x, y float64) {
	d.style.draw(d, u, x, y)
}

// block draws one block with its top left corner at x, y.
func (d *viewDrawer) block(u *adjudicator.UnitView, x, y float64) {
	switch {
	case u.Ghost:
		d.ghostBlock(u, x, y)
	case u.Hidden:
		// a blank: nothing of the piece but its side, whatever the picture carries
		d.body(x, y, blockBody{fill: sideColour(u.Side)})
		d.symbol(symEnemy)
	default:
		d.symbol(symUnit)
		d.body(x, y, blockBody{fill: sideColour(u.Side), hq: u.HQ, mark: unitMark(u)})
		d.face(x, y, u, colWhite)
	}
}

// face draws the texts of a block: name on top, strength in the middle, rating
// and the corner text (an HQ's command range) at the bottom (the unit symbol is
// part of the body).
func (d *viewDrawer) face(x, y float64, u *adjudicator.UnitView, ink color.Color) {
	c := x + blockSize/2
	d.text(d.f.block, d.abbrev(u.Name), c, y+2, ink, 0.5, 0)
	if u.Strength > 0 {
		d.text(d.f.strength, fmt.Sprint(u.Strength), c, y+blockSize/2+1, ink, 0.5, 0.5)
	}
	if u.Formation != "" {
		d.formationTag(u.Formation, x+2, y+blockSize/2+1)
	}
	d.text(d.f.tiny, u.Rating, x+3, y+blockSize-2, ink, 0, 1)
	if u.Corner != "" {
		d.text(d.f.tiny, u.Corner, x+blockSize-3, y+blockSize-2, ink, 1, 1)
	}
}

// formationTag is a piece's formation tag, gold, left of its strength, with its
// left end at x and its middle at y.
func (d *viewDrawer) formationTag(tag string, x, y float64) {
	d.text(d.f.block, tag, x, y, colGold, 0, 0.5)
	d.symbol(symFormation)
}

// unitMark is the symbol in a block's lower right corner: none when the corner holds
// a text or for an HQ, whose gold band says it.
func unitMark(u *adjudicator.UnitView) string {
	if u.Corner != "" || u.HQ {
		return ""
	}
	return u.Kind
}

// blankBlock is an enemy block as the key shows it.
func (d *viewDrawer) blankBlock(s adjudicator.Side, x, y float64) {
	d.dc.DrawRoundedRectangle(x, y, blockSize, blockSize, 4)
	d.fill(sideColour(s))
	d.symbol(symEnemy)
}

// ghostBlock is an enemy block last seen in battle: pale, dashed, with when.
func (d *viewDrawer) ghostBlock(u *adjudicator.UnitView, x, y float64) {
	d.symbol(symGhost)
	d.dc.DrawRoundedRectangle(x, y, blockSize, blockSize, 4)
	d.fill(colGhost)
	d.dc.DrawRoundedRectangle(x+1, y+1, blockSize-2, blockSize-2, 4)
	d.dc.SetDash(4, 3)
	d.stroke(sideColour(u.Side), 1.6)
	d.dc.SetDash()
	c := x + blockSize/2
	ink := sideColour(u.Side)
	d.text(d.f.block, d.abbrev(u.Name), c, y+2, ink, 0.5, 0)
	d.text(d.f.tiny, fmt.Sprintf("%d %s", u.Strength, u.Rating), c, y+blockSize/2, ink, 0.5, 0.5)
	d.text(d.f.tiny, u.Seen, c, y+blockSize-2, ink, 0.5, 1)
}

// spot is where arrows to and from a place end.
func (d *viewDrawer) spot(a adjudicator.PlaceID) (float64, float64, bool) {
	sh := d.g.Area(a)
	if sh == nil {
		return 0, 0, false
	}
	return sh.Blocks.fx(), d.my(sh.Blocks.fy()), true
}

// arrows draws the last turn's moves and retreats, one per path with the number of
// pieces that took it.
func (d *viewDrawer) arrows() {
	for _, a := range d.p.Arrows {
		if pts, end, ok := d.arrowCourse(a); ok {
			d.moveArrow(pts, sideColour(a.Side), a.Count, a.Retreat, a.Advance, end)
		}
	}
}

// arrowCourse is the points an arrow runs through, in picture coordinates, and
// how far short of the last it stops: where the pieces there begin, coming
// from the point before. false: a place the map does not have.
func (d *viewDrawer) arrowCourse(a adjudicator.Arrow) ([][2]float64, float64, bool) {
	var pts [][2]float64
	for _, pl := range a.Path {
		x, y, found := d.spot(pl)
		if !found {
			return nil, 0, false
		}
		pts = append(pts, [2]float64{x, y})
	}
	if len(pts) < 2 {
		return nil, 0, false
	}
	last := a.Path[len(a.Path)-1]
	if d.style.stack != nil {
		if b, ok := d.style.stack(d, last); ok {
			// the arrow runs to the pieces' middle and stops 5 pixels short of them
			pts[len(pts)-1] = [2]float64{(b.x0 + b.x1) / 2, d.my((b.y0 + b.y1) / 2)}
			around := rect{b.x0 - 5, d.my(b.y0) - 5, b.x1 + 5, d.my(b.y1) + 5}
			return pts, lengthInside(d.curve(pts, 0), around), true
		}
	}
	p, q := pts[len(pts)-2], pts[len(pts)-1]
	dx, dy := p[0]-q[0], p[1]-q[1]
	if l := math.Hypot(dx, dy); l > 0 {
		dx, dy = dx/l, dy/l
	}
	return pts, d.style.reach(d.pieces[last], dx, dy), true
}

// blockBox is the box an area's blocks fill (and the battle marks that took
// cells of their grid): they stand where the area has room, not always at its
// spot. false: no blocks stand there.
func (d *viewDrawer) blockBox(id adjudicator.PlaceID) (rect, bool) {
	if d.pieces[id] == 0 {
		return rect{}, false
	}
	return d.standingOf(id).cells.bounds(), true
}

// lengthInside is how long the end of a line that ends inside r runs inside
// it: from where the line last enters r.
func lengthInside(line [][2]float64, r rect) float64 {
	in := func(p [2]float64) bool { return p[0] > r.x0 && p[0] < r.x1 && p[1] > r.y0 && p[1] < r.y1 }
	total := 0.0
	for i := len(line) - 1; i > 0; i-- {
		p, q := line[i-1], line[i]
		l := math.Hypot(q[0]-p[0], q[1]-p[1])
		if in(p) {
			total += l
			continue
		}
		// p is outside: halve the way to where the segment enters r
		lo, hi := 0.0, 1.0
		for range 20 {
			m := (lo + hi) / 2
			if in([2]float64{p[0] + m*(q[0]-p[0]), p[1] + m*(q[1]-p[1])}) {
				hi = m
			} else {
				lo = m
			}
		}
		return total + (1-hi)*l
	}
	return total
}

// moveArrow draws an arrow along the spots, each leg bent as the style says,
// stopping short of the pieces at its start and end pixels short of its end, with
// the number of pieces when more than one moved: dashed for a retreat, with a
// second head for an advance after combat.
func (d *viewDrawer) moveArrow(pts [][2]float64, col color.RGBA, n int, dashed, advance bool, end float64) {
	curve := d.curve(pts, end)
	if len(curve) < 2 {
		return
	}
	w := 3.0
	if n > 1 {
		w = 4
	}
	dc := d.dc
	for pass := 0; pass < 2; pass++ {
		for i, p := range curve[:len(curve)-1] {
			if i == 0 {
				dc.MoveTo(p[0], p[1])
			} else {
				dc.LineTo(p[0], p[1])
			}
		}
		if dashed {
			dc.SetDash(8, 5)
		}
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
		if pass == 0 {
			d.stroke(colHalo, w+3)
		} else {
			d.stroke(col, w)
		}
		dc.SetDash()
	}
	a, b := curve[len(curve)-2], curve[len(curve)-1]
	d.arrow(a[0], a[1], b[0], b[1], col, w)
	if advance {
		// a second head behind the first
		dx, dy := b[0]-a[0], b[1]-a[1]
		if l := math.Hypot(dx, dy); l > 0 {
			back := 6 + 2.5*w
			bx, by := b[0]-dx/l*back, b[1]-dy/l*back
			d.arrow(bx-dx/l, by-dy/l, bx, by, col, w)
		}
	}
	if n > 1 {
		m := curve[len(curve)/2]
		d.countBadge(m[0], m[1], n, col)
	}
	switch {
	case dashed:
		d.symbol(symRetreat)
	case advance:
		d.symbol(symAdvance)
	default:
		d.symbol(symMove)
	}
}

// curve is the line an arrow draws along the spots, each leg bent a little to
// its right (so that opposite moves do not overlap), trimmed at its start as
// the style says and by end at its end.
func (d *viewDrawer) curve(pts [][2]float64, end float64) [][2]float64 {
	var curve [][2]float64
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l < 1 {
			continue
		}
		bend := d.style.bend
		mx, my := (a[0]+b[0])/2-dy/l*l*bend, (a[1]+b[1])/2+dx/l*l*bend
		for k := 0; k <= 16; k++ {
			t := float64(k) / 16
			u := 1 - t
			curve = append(curve, [2]float64{u*u*a[0] + 2*u*t*mx + t*t*b[0], u*u*a[1] + 2*u*t*my + t*t*b[1]})
		}
	}
	return trim(curve, d.style.trimFrom, end)
}

// countBadge is the number of pieces that took an arrow, in a disc at x, y.
func (d *viewDrawer) countBadge(x, y float64, n int, col color.RGBA) {
	d.dc.DrawCircle(x, y, 9)
	d.fill(colHalo)
	d.dc.DrawCircle(x, y, 9)
	d.stroke(col, 1.5)
	d.text(d.f.tiny, fmt.Sprint(n), x, y+0.5, col, 0.5, 0.5)
	d.symbol(symCount)
}

// trim cuts a polyline short by a at its start and b at its end.
func trim(p [][2]float64, a, b float64) [][2]float64 {
	cut := func(p [][2]float64, n float64) [][2]float64 {
		for len(p) > 1 {
			l := math.Hypot(p[1][0]-p[0][0], p[1][1]-p[0][1])
			if l > n {
				t := n / l
				p[0] = [2]float64{p[0][0] + t*(p[1][0]-p[0][0]), p[0][1] + t*(p[1][1]-p[0][1])}
				return p
			}
			n -= l
			p = p[1:]
		}
		return p
	}
	q := append([][2]float64(nil), p...)
	q = cut(q, a)
	for i, j := 0, len(q)-1; i < j; i, j = i+1, j-1 {
		q[i], q[j] = q[j], q[i]
	}
	q = cut(q, b)
	for i, j := 0, len(q)-1; i < j; i, j = i+1, j-1 {
		q[i], q[j] = q[j], q[i]
	}
	return q
}

// battles marks each battle of the last turn with crossed swords coloured by its
// winner, and each place where pieces were eliminated with a cross and their
// number, beside the place's pieces (markSpot).
func (d *viewDrawer) battles() {
	if d.g.hex != nil {
		d.hexBattles()
		return
	}
	for _, l := range d.p.Losses {
		d.mark(l.Place, elimShape, func(x, y float64) { d.elimMark(x, y, l.Count) })
	}
	for _, b := range d.p.Battles {
		col := colRed
		if b.Over && b.Winner != adjudicator.NoSide {
			col = sideColour(b.Winner)
		}
		d.mark(b.Place, swordsShape, func(x, y float64) { d.swords(x, y, col) })
	}
}

// mark draws the mark of shape m at a place where standingOf placed it, at its
// size; paint draws it at full size centred at x, y.
func (d *viewDrawer) mark(id adjudicator.PlaceID, m markShape, paint func(x, y float64)) {
	for _, pm := range d.standingOf(id).marks {
		if pm.shape == m {
			half := d.style.size * pm.scale / 2
			d.shrunk(pm.x-half, d.my(pm.y-half), pm.scale, func(x, y float64) {
				paint(x+d.style.size/2, y+d.style.size/2)
			})
			return
		}
	}
}

// swords is the battle mark: crossed blades on a disc of the winner's colour (red
// while undecided).
func (d *viewDrawer) swords(x, y float64, col color.RGBA) {
	d.symbol(symBattle)
	dc := d.dc
	dc.DrawCircle(x, y, 12)
	d.fill(col)
	dc.DrawCircle(x, y, 12)
	d.stroke(colHalo, 2)
	for _, s := range []float64{-1, 1} {
		dc.MoveTo(x-6*s, y+6)
		dc.LineTo(x+6*s, y-7)
		dc.MoveTo(x-8*s+2*s, y+2)
		dc.LineTo(x-2*s+2*s, y+8)
	}
	dc.SetLineCapRound()
	d.stroke(colWhite, 2)
}

// elimMark is a red cross with the number of blocks eliminated in the area.
func (d *viewDrawer) elimMark(x, y float64, n int) {
	d.symbol(symEliminated)
	dc := d.dc
	dc.DrawCircle(x, y, 11)
	d.fill(colHalo)
	dc.MoveTo(x-7, y-7)
	dc.LineTo(x+7, y+7)
	dc.MoveTo(x+7, y-7)
	dc.LineTo(x-7, y+7)
	dc.SetLineCapRound()
	d.stroke(colRed, 3.5)
	if n > 1 {
		d.text(d.f.tiny, fmt.Sprint(n), x+9, y+9, colRed, 0, 0.5)
	}
}

// tags writes the picture's place tags below the places' names, in the viewer's
// colour: the arrivals due.
func (d *viewDrawer) tags() {
	col := sideColour(d.p.Viewer)
	for _, t := range d.p.Tags {
		sh := d.g.Area(t.Place)
		p := d.board.Place(t.Place)
		if sh == nil || p == nil {
			continue
		}
		var x, y float64
		if d.g.hex != nil {
			// in the lower part of the hex, above its name
			x, y = sh.Label.fx(), d.my(sh.Label.fy())-20
		} else {
			lx, ly, _, lines := d.labelBox(p, sh)
			x, y = lx, ly+float64(len(lines))*14+2
		}
		w := textWidth(d.f.tiny, t.Text) + 10
		d.dc.DrawRoundedRectangle(x-w/2, y-2, w, 14, 4)
		d.fill(colHalo)
		d.dc.DrawRoundedRectangle(x-w/2, y-2, w, 14, 4)
		d.stroke(col, 1.2)
		d.text(d.f.tiny, t.Text, x, y+5, col, 0.5, 0.5)
	}
}

// title fills the band above the map: the game and the turn, the picture's notes
// below, the score at the right.
func (d *viewDrawer) title() {
	t := d.p.Title
	fillRect(d.img, image.Rect(0, 0, imgWidth, bandTop), colBand)
	game := d.opts.GameTitle
	if game == "" {
		game = d.sc.Title()
	}
	turn := " — " + t.Turn
	for game != "" && textWidth(d.f.title, game+turn) > imgWidth-420 {
		r := []rune(strings.TrimSuffix(game, "…"))
		game = string(r[:len(r)-1]) + "…"
	}
	d.text(d.f.title, game+turn, 16, 8, colBandText, 0, 0)
	d.text(d.f.label, strings.Join(t.Notes, " · "), 16, 36, colBandText, 0, 0)
	// the score, right-aligned: the last tally at the right edge
	x := float64(imgWidth - 16)
	for i := len(t.Score) - 1; i >= 0; i-- {
		s := t.Score[i]
		d.chip(x, s.Text, sideColour(s.Side), 1)
		x -= textWidth(d.f.big, s.Text) + 28
		if i == 0 {
			x += 4 // the label stands a little closer
		}
	}
	if t.ScoreLabel != "" {
		d.text(d.f.label, t.ScoreLabel, x, bandTop/2, colBandText, 1, 0.5)
	}
}

func (d *viewDrawer) chip(right float64, s string, col color.RGBA, ax float64) {
	w := textWidth(d.f.big, s) + 16
	d.dc.DrawRoundedRectangle(right-w*ax, bandTop/2-14, w, 28, 5)
	d.fill(col)
	d.dc.DrawRoundedRectangle(right-w*ax, bandTop/2-14, w, 28, 5)
	d.stroke(colBandText, 1)
	d.text(d.f.big, s, right-w*ax+w/2, bandTop/2+1, colWhite, 0.5, 0.5)
}

// panel writes the picture's panel lines and the key to its symbols beside the
// terrain legend.
func (d *viewDrawer) panel() {
	y0 := float64(bandTop + d.g.Height)
	x := float64(viewPanelX)
	fillRect(d.img, image.Rect(viewPanelX-10, int(y0)+1, imgWidth, d.img.Bounds().Dy()), colPanel)
	d.dc.MoveTo(viewPanelX-10.5, y0+6)
	d.dc.LineTo(viewPanelX-10.5, float64(d.img.Bounds().Dy()-6))
	d.stroke(colEdge, 1)
	y := y0 + 8
	for _, l := range d.p.Panel {
		d.text(d.f.name, l.Heading, x, y, colInk, 0, 0)
		hx := x + textWidth(d.f.name, l.Heading) + 6
		width := float64(imgWidth-16) - hx
		for _, s := range wrap(d.f.label, l.Text, width) {
			d.text(d.f.label, s, hx, y+1, colInk, 0, 0)
			y += 16
		}
		y += 3
	}
	k := &d.p.Key
	if len(k.Formations) > 0 {
		d.inKey = true
		y = d.formationKey(k, x, y)
		d.inKey = false
	}
	// the key to the symbols, in two rows (a third where the captions need it)
	type entry struct {
		draw   func(x, y float64)
		w      float64
		text   string
		second bool // starts the second row
	}
	own := k.Unit.Side
	size := d.style.size
	arrow := func(retreat, advance bool) func(x, y float64) {
		return func(x, y float64) {
			d.moveArrow([][2]float64{{x - 20, y + size/2}, {x + 64, y + size/2}}, sideColour(own), 1, retreat, advance, d.style.reach(1, -1, 0))
		}
	}
	battle := func(x, y float64) { d.swords(x+12, y+size/2, colRed) }
	bw := 24.0
	if d.g.hex != nil {
		battle = func(x, y float64) { d.attackArrow(x-12, y+size/2+9, x+52, y+size/2+9) }
		bw = 40
	}
	entries := []entry{
		{func(x, y float64) { d.unit(&k.Unit, x, y) }, size, k.UnitText, false},
		{func(x, y float64) { d.style.blank(d, own.Enemy(), x, y) }, size, k.EnemyText, false},
		{func(x, y float64) { d.style.ghost(d, &k.Ghost, x, y) }, size, k.GhostText, false},
		{battle, bw, k.Battle, false},
		{func(x, y float64) { d.taken(x+14, y+size/2, true) }, 28, k.Taken, false},
		{arrow(false, false), 40, k.Move, true},
		{func(x, y float64) { d.countBadge(x+9, y+size/2, 2, sideColour(own)) }, 18, k.Count, false},
		{arrow(true, false), 40, k.Retreat, false},
		{arrow(false, true), 40, k.Advance, false},
		{func(x, y float64) {
			d.dc.DrawRectangle(x, y+6, 40, size-12)
			d.dc.SetDash(10, 6)
			d.stroke(sideColour(own), 4)
			d.dc.SetDash()
			d.symbol(symChanged)
		}, 40, k.Changed, false},
		{func(x, y float64) {
			d.dc.DrawRectangle(x, y+11, 12, 11)
			d.fill(sideColour(own))
			d.symbol(symControl)
		}, 12, k.Control, false},
		{func(x, y float64) { d.flag(x, y+11, adjudicator.NoSide, true) }, 12, k.Contested, false},
		{func(x, y float64) { d.elimMark(x+11, y+size/2, 1) }, 22, k.Eliminated, false},
	}
	// lay the rows out, then stand them as low as the panel lines let them
	type placed struct {
		e   entry
		x   float64
		row int
	}
	var at []placed
	sx, row := x, 0
	for _, e := range entries {
		if e.text == "" {
			continue
		}
		step := e.w + 8 + textWidth(d.f.small, e.text) + 14
		if (e.second && sx > x) || sx+step-14 > imgWidth-16 {
			sx, row = x, row+1
		}
		at = append(at, placed{e, sx, row})
		sx += step
	}
	// two rows stand where they always did; a third starts below the panel's
	// lines, the rows closer together where the band is short
	pitch := size + 8
	if row > 1 {
		bottom := float64(d.img.Bounds().Dy() - 4)
		y += 4
		pitch = math.Max(size+2, math.Min(pitch, (bottom-y-size)/float64(row)))
	} else {
		y = math.Max(y, y0+112)
	}
	d.inKey = true
	for _, a := range at {
		ry := y + float64(a.row)*pitch
		a.e.draw(a.x, ry)
		d.text(d.f.small, a.e.text, a.x+a.e.w+4, ry+size/2, colInk, 0, 0.5)
	}
	d.inKey = false
}

// formationKey lists the formation tags the map prints, each gold on its side's
// colour as on a block, with whose it is, wrapped to the panel; it returns the
// y below it.
func (d *viewDrawer) formationKey(k *adjudicator.PictureKey, x, y float64) float64 {
	d.text(d.f.name, k.FormationText, x, y, colInk, 0, 0)
	sx := x + textWidth(d.f.name, k.FormationText) + 6
	for _, f := range k.Formations {
		tw := textWidth(d.f.block, f.Tag) + 6
		w := tw + 3 + textWidth(d.f.label, f.Name) + 10
		if sx+w > imgWidth-16 {
			sx, y = x, y+16
		}
		d.dc.DrawRoundedRectangle(sx, y+1, tw, 14, 3)
		d.fill(sideColour(f.Side))
		d.formationTag(f.Tag, sx+3, y+8)
		d.text(d.f.label, f.Name, sx+tw+3, y+1, colInk, 0, 0)
		sx += w
	}
	return y + 19
}

func wrap(f font.Face, s string, width float64) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		t := w
		if cur != "" {
			t = cur + " " + w
		}
		if cur != "" && textWidth(f, t) > width {
			lines = append(lines, cur)
			cur = w
			continue
		}
		cur = t
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

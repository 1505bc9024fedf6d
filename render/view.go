package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"sort"
	"strings"

	"golang.org/x/image/font"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Options are the per-game texts of a map. nil means none.
type Options struct {
	// GameTitle names the game in the title band, e.g. "Club ladder game 12".
	GameTitle string
}

// DrawView writes one side's map of a game as PNG: the base map with the view's
// blocks and, when rv is not nil, the hour's visible events. It receives only what
// the viewer may know (DESIGN §3); equal arguments give equal bytes.
func DrawView(w io.Writer, sc *shiloh1862.Scenario, v *shiloh1862.View, rv *shiloh1862.ReportView, opts *Options) error {
	img, base, err := viewImage(sc, v, rv, opts)
	if err != nil {
		return err
	}
	defer putPicture(img)
	return encodePNG(w, img, base)
}

// pictures recycles map-sized pictures between drawings (9 MB each: allocating one
// per map would keep the collector busy).
var pictures = make(chan *image.RGBA, 4)

func getPicture(r image.Rectangle) *image.RGBA {
	select {
	case img := <-pictures:
		if img.Bounds() == r {
			return img
		}
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

// ViewImage draws the map of a view as DrawView does and returns the picture.
func ViewImage(sc *shiloh1862.Scenario, v *shiloh1862.View, rv *shiloh1862.ReportView, opts *Options) (*image.RGBA, error) {
	img, _, err := viewImage(sc, v, rv, opts)
	return img, err
}

// viewImage draws the map of a view and returns it with the base map it started from.
func viewImage(sc *shiloh1862.Scenario, v *shiloh1862.View, rv *shiloh1862.ReportView, opts *Options) (*image.RGBA, *baseEntry, error) {
	if v == nil {
		return nil, nil, fmt.Errorf("render: no view")
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
	d := &viewDrawer{canvas: newCanvas(img, f), sc: sc, g: g, v: v, rv: rv, opts: opts}
	if err := d.draw(); err != nil {
		putPicture(img)
		return nil, nil, err
	}
	return img, base, nil
}

type viewDrawer struct {
	*canvas
	sc   *shiloh1862.Scenario
	g    *Geometry
	v    *shiloh1862.View
	rv   *shiloh1862.ReportView
	opts *Options
	// names of blocks the viewer knows, for event lists
	names map[shiloh1862.BlockID]string
	// top right corner of each area's block grid, for battle marks
	gridTop map[shiloh1862.AreaID][2]float64
}

// showEnemy reports whether enemy identities may be drawn: in open games and for the
// GM only. In the other modes the view leaves them empty; the map does not rely on
// that alone.
func (d *viewDrawer) showEnemy() bool {
	return d.v.Mode == shiloh1862.VisOpen || d.v.Viewer == adjudicator.NoSide
}

func sideColour(s adjudicator.Side) color.RGBA {
	if s == adjudicator.CSA {
		return colCSADark
	}
	return colUSA
}

func (d *viewDrawer) draw() error {
	v := d.v
	d.names = map[shiloh1862.BlockID]string{}
	for _, b := range v.Own {
		d.names[b.ID] = b.Name
	}
	for _, b := range v.EnemyEliminated {
		d.names[b.Block] = b.Name
	}
	for _, gh := range v.Ghosts {
		d.names[gh.Block] = gh.Name
	}
	for _, a := range v.Control {
		if d.g.Area(a.Area) == nil {
			return fmt.Errorf("render: view names area %q the map does not have", a.Area)
		}
	}
	d.captured()
	d.control()
	if d.rv != nil {
		d.moves()
	}
	d.blocks()
	if d.rv != nil {
		d.battles()
	}
	d.arrivalTags()
	d.title()
	d.panel()
	return nil
}

// captured crosses out the camps the CSA has captured (7.2).
func (d *viewDrawer) captured() {
	for _, id := range d.v.CampsCaptured {
		x, y, ok := d.tentAt(id)
		if !ok {
			continue
		}
		d.dc.MoveTo(x-8, y-8)
		d.dc.LineTo(x+8, y+8)
		d.dc.MoveTo(x+8, y-8)
		d.dc.LineTo(x-8, y+8)
		d.stroke(colRed, 3)
	}
}

// tentAt is where the base map put an area's camp mark.
func (d *viewDrawer) tentAt(id shiloh1862.AreaID) (float64, float64, bool) {
	sh := d.g.Area(id)
	a := d.sc.Map.Area(id)
	if sh == nil || a == nil {
		return 0, 0, false
	}
	x, y0, w, _ := d.labelBox(a, sh)
	return x - w/2 - 12, y0, true
}

// control marks each controlled area with a small flag of its side before the name,
// half and half when contested (5.1).
func (d *viewDrawer) control() {
	for _, c := range d.v.Control {
		if c.Side == adjudicator.NoSide && !c.Contested {
			continue
		}
		sh := d.g.Area(c.Area)
		a := d.sc.Map.Area(c.Area)
		if a == nil || a.River {
			continue
		}
		x, y, w, _ := d.labelBox(a, sh)
		x += w/2 + 6
		y -= 6
		if c.Contested {
			d.dc.DrawRectangle(x, y, 6, 11)
			d.fill(colUSA)
			d.dc.DrawRectangle(x+6, y, 6, 11)
			d.fill(colCSADark)
		} else {
			d.dc.DrawRectangle(x, y, 12, 11)
			d.fill(sideColour(c.Side))
		}
		d.dc.DrawRectangle(x, y, 12, 11)
		d.stroke(colHalo, 1)
	}
}

// item is one thing standing in an area's block grid.
type item struct {
	own   *shiloh1862.OwnBlock
	enemy *shiloh1862.EnemyBlock
	ghost *shiloh1862.Ghost
}

const (
	blockSize  = 34.0
	blockPitch = 37.0
)

func (d *viewDrawer) blocks() {
	v := d.v
	byArea := map[shiloh1862.AreaID][]item{}
	var areas []shiloh1862.AreaID
	add := func(a shiloh1862.AreaID, it item) {
		if _, ok := byArea[a]; !ok {
			areas = append(areas, a)
		}
		byArea[a] = append(byArea[a], it)
	}
	for i := range v.Own {
		b := &v.Own[i]
		if b.Where == shiloh1862.OnMap && b.Area != "" {
			add(b.Area, item{own: b})
		}
	}
	for i := range v.Enemy {
		add(v.Enemy[i].Area, item{enemy: &v.Enemy[i]})
	}
	for i := range v.Ghosts {
		add(v.Ghosts[i].Area, item{ghost: &v.Ghosts[i]})
	}
	sort.Slice(areas, func(i, j int) bool { return areas[i] < areas[j] })
	d.gridTop = map[shiloh1862.AreaID][2]float64{}
	for _, a := range areas {
		sh := d.g.Area(a)
		if sh == nil {
			continue
		}
		its := byArea[a]
		n := len(its)
		cols := 3
		switch {
		case n <= 3:
			cols = n
		case n == 4:
			cols = 2
		case n > 9:
			cols = 4
		}
		rows := (n + cols - 1) / cols
		cx, cy := sh.Blocks.fx(), d.my(sh.Blocks.fy())
		x0 := cx - float64(cols)*blockPitch/2 + (blockPitch-blockSize)/2
		y0 := cy - float64(min(rows, 2))*blockPitch/2 + (blockPitch-blockSize)/2
		// keep the grid on the map
		x0 = math.Max(4, math.Min(x0, imgWidth-4-float64(cols)*blockPitch))
		y0 = math.Min(y0, d.my(float64(d.g.Height))-2-float64(rows)*blockPitch)
		d.gridTop[a] = [2]float64{x0, y0}
		for i, it := range its {
			x := x0 + float64(i%cols)*blockPitch
			y := y0 + float64(i/cols)*blockPitch
			switch {
			case it.own != nil:
				d.ownBlock(it.own, x, y)
			case it.enemy != nil:
				d.enemyBlock(it.enemy, x, y)
			default:
				d.ghostBlock(it.ghost, x, y)
			}
		}
	}
}

// abbrev shortens a block name to fit a block face.
func (d *viewDrawer) abbrev(name string) string {
	name = strings.TrimSpace(name)
	if i := strings.LastIndexByte(name, ' '); i >= 0 && textWidth(d.f.tiny, name) > blockSize-4 {
		name = name[i+1:] // "W.H.L. Wallace" -> "Wallace"
	}
	for textWidth(d.f.tiny, name) > blockSize-4 && len(name) > 2 {
		name = name[:len(name)-1]
	}
	return name
}

// face draws the texts of a block: name on top, strength in the middle, firepower
// and, for HQs, command range at the bottom (the unit symbol is part of the body).
func (d *viewDrawer) face(x, y float64, name string, strength int, fp shiloh1862.Firepower, cr int, typ shiloh1862.BlockType, ink color.Color) {
	c := x + blockSize/2
	d.text(d.f.tiny, d.abbrev(name), c, y+2, ink, 0.5, 0)
	if strength > 0 {
		d.text(d.f.strength, fmt.Sprint(strength), c, y+blockSize/2+1, ink, 0.5, 0.5)
	}
	d.text(d.f.tiny, fp.String(), x+3, y+blockSize-2, ink, 0, 1)
	switch {
	case cr > 0:
		d.text(d.f.tiny, fmt.Sprintf("R%d", cr), x+blockSize-3, y+blockSize-2, ink, 1, 1)
	case typ == shiloh1862.Gunboat:
		d.text(d.f.tiny, "GB", x+blockSize-3, y+blockSize-2, ink, 1, 1)
	}
}

// unitMark is the symbol in a block's lower right corner: none when the corner holds
// a text (an HQ's command range, GB for a gunboat) or for an HQ, whose gold band
// says it.
func unitMark(typ shiloh1862.BlockType, cr int) shiloh1862.BlockType {
	if cr > 0 || typ == shiloh1862.HQ || typ == shiloh1862.Gunboat {
		return ""
	}
	return typ
}

func (d *viewDrawer) ownBlock(b *shiloh1862.OwnBlock, x, y float64) {
	d.body(x, y, blockBody{fill: sideColour(b.Side), hq: b.Type == shiloh1862.HQ, mark: unitMark(b.Type, b.CommandRange)})
	d.face(x, y, b.Name, b.Strength, b.Firepower, b.CommandRange, b.Type, colWhite)
}

func (d *viewDrawer) enemyBlock(b *shiloh1862.EnemyBlock, x, y float64) {
	body := blockBody{fill: sideColour(d.v.Viewer.Enemy())}
	if !d.showEnemy() {
		d.body(x, y, body)
		return
	}
	body.hq, body.mark = b.Type == shiloh1862.HQ, unitMark(b.Type, 0)
	d.body(x, y, body)
	d.face(x, y, b.Name, b.Strength, b.Firepower, 0, b.Type, colWhite)
}

// ghostBlock is an enemy block last seen in battle: pale, dashed, with the hour.
func (d *viewDrawer) ghostBlock(gh *shiloh1862.Ghost, x, y float64) {
	side := d.v.Viewer.Enemy()
	d.dc.DrawRoundedRectangle(x, y, blockSize, blockSize, 4)
	d.fill(colGhost)
	d.dc.DrawRoundedRectangle(x+1, y+1, blockSize-2, blockSize-2, 4)
	d.dc.SetDash(4, 3)
	d.stroke(sideColour(side), 1.6)
	d.dc.SetDash()
	c := x + blockSize/2
	ink := sideColour(side)
	d.text(d.f.tiny, d.abbrev(gh.Name), c, y+2, ink, 0.5, 0)
	d.text(d.f.tiny, fmt.Sprintf("%d %s", gh.Strength, gh.Firepower), c, y+blockSize/2, ink, 0.5, 0.5)
	d.text(d.f.tiny, clockName(gh.Hour), c, y+blockSize-2, ink, 0.5, 1)
}

// clockName is "10AM", "D2 7AM" for the second day, "Night".
func clockName(h shiloh1862.Hour) string {
	s := h.String()
	s = strings.TrimPrefix(s, "Day 1 ")
	return strings.Replace(s, "Day 2 ", "D2 ", 1)
}

// spot is where arrows to and from an area end.
func (d *viewDrawer) spot(a shiloh1862.AreaID) (float64, float64, bool) {
	sh := d.g.Area(a)
	if sh == nil {
		return 0, 0, false
	}
	return sh.Blocks.fx(), d.my(sh.Blocks.fy()), true
}

type moveKey struct {
	side     adjudicator.Side
	from, to shiloh1862.AreaID
	via      string
	retreat  bool
}

// moves draws this hour's moves and retreats the viewer saw as arrows, one per path
// with the number of blocks that took it.
func (d *viewDrawer) moves() {
	count := map[moveKey]int{}
	var order []moveKey
	paths := map[moveKey][]shiloh1862.AreaID{}
	for _, e := range d.rv.Events {
		if (e.Kind != shiloh1862.EvMove && e.Kind != shiloh1862.EvRetreat) || e.From == "" || e.To == "" {
			continue
		}
		var via []string
		for _, a := range e.Via {
			via = append(via, string(a))
		}
		k := moveKey{e.Side, e.From, e.To, strings.Join(via, ","), e.Kind == shiloh1862.EvRetreat}
		if _, ok := count[k]; !ok {
			order = append(order, k)
			p := []shiloh1862.AreaID{e.From}
			for _, a := range e.Via {
				if a != e.From && a != e.To {
					p = append(p, a)
				}
			}
			paths[k] = append(p, e.To)
		}
		n := len(e.Blocks)
		if n == 0 {
			n = 1
		}
		count[k] += n
	}
	for _, k := range order {
		var pts [][2]float64
		ok := true
		for _, a := range paths[k] {
			x, y, found := d.spot(a)
			if !found {
				ok = false
				break
			}
			pts = append(pts, [2]float64{x, y})
		}
		if !ok || len(pts) < 2 {
			continue
		}
		d.moveArrow(pts, sideColour(k.side), count[k], k.retreat)
	}
}

// moveArrow draws a bent arrow along the spots, stopping short of the blocks at
// either end, with the number of blocks when more than one moved.
func (d *viewDrawer) moveArrow(pts [][2]float64, col color.RGBA, n int, dashed bool) {
	// bend each leg a little to its right, so that opposite moves do not overlap
	var curve [][2]float64
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l < 1 {
			continue
		}
		mx, my := (a[0]+b[0])/2-dy/l*l*0.12, (a[1]+b[1])/2+dx/l*l*0.12
		for k := 0; k <= 16; k++ {
			t := float64(k) / 16
			u := 1 - t
			curve = append(curve, [2]float64{u*u*a[0] + 2*u*t*mx + t*t*b[0], u*u*a[1] + 2*u*t*my + t*t*b[1]})
		}
	}
	curve = trim(curve, 20, 24)
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
	if n > 1 {
		m := curve[len(curve)/2]
		dc.DrawCircle(m[0], m[1], 9)
		d.fill(colHalo)
		dc.DrawCircle(m[0], m[1], 9)
		d.stroke(col, 1.5)
		d.text(d.f.tiny, fmt.Sprint(n), m[0], m[1]+0.5, col, 0.5, 0.5)
	}
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

// battles marks each battle of the hour with crossed swords coloured by its winner,
// outlines the areas that changed hands, and crosses out eliminated blocks.
func (d *viewDrawer) battles() {
	type battle struct {
		winner adjudicator.Side
		ended  bool
	}
	var areas []shiloh1862.AreaID
	bs := map[shiloh1862.AreaID]*battle{}
	elim := map[shiloh1862.AreaID]int{}
	var elimAreas []shiloh1862.AreaID
	for _, e := range d.rv.Events {
		switch e.Kind {
		case shiloh1862.EvBattle, shiloh1862.EvBattleEnd:
			if e.Area == "" {
				continue
			}
			b := bs[e.Area]
			if b == nil {
				b = &battle{}
				bs[e.Area] = b
				areas = append(areas, e.Area)
			}
			if e.Kind == shiloh1862.EvBattleEnd {
				b.ended, b.winner = true, e.Winner
			}
		case shiloh1862.EvControlChanged:
			if sh := d.g.Area(e.Area); sh != nil {
				d.path(sh.Outline, true)
				d.dc.SetDash(10, 6)
				d.stroke(sideColour(e.Side), 4)
				d.dc.SetDash()
			}
		case shiloh1862.EvCampCaptured:
			if x, y, ok := d.tentAt(e.Area); ok {
				d.dc.DrawCircle(x, y, 14)
				d.stroke(colRed, 3)
			}
		case shiloh1862.EvEliminated:
			if e.Area != "" {
				if elim[e.Area] == 0 {
					elimAreas = append(elimAreas, e.Area)
				}
				elim[e.Area]++
			}
		}
	}
	for _, a := range elimAreas {
		sh := d.g.Area(a)
		if sh == nil {
			continue
		}
		x, y := sh.Blocks.fx()-blockPitch-14, d.my(sh.Blocks.fy())+blockPitch/2
		if t, ok := d.gridTop[a]; ok {
			x, y = t[0]-14, t[1]+blockPitch+10
		}
		d.elimMark(x, y, elim[a])
	}
	for _, a := range areas {
		sh := d.g.Area(a)
		if sh == nil {
			continue
		}
		x, y := sh.Blocks.fx()-blockPitch-14, d.my(sh.Blocks.fy())-blockPitch/2+10
		if t, ok := d.gridTop[a]; ok {
			x, y = t[0]-14, t[1]+10
		}
		b := bs[a]
		col := colRed
		if b.ended && b.winner != adjudicator.NoSide {
			col = sideColour(b.winner)
		}
		d.swords(x, y, col)
	}
}

// swords is the battle mark: crossed blades on a disc of the winner's colour (red
// while undecided).
func (d *viewDrawer) swords(x, y float64, col color.RGBA) {
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

// arrivalTags marks the areas where own blocks may arrive next hour with their
// number (5.6, 5.61, 9.1): "+3 next hour".
func (d *viewDrawer) arrivalTags() {
	n := map[shiloh1862.AreaID]int{}
	var areas []shiloh1862.AreaID
	for _, a := range d.v.Arrivals {
		for _, o := range a.Options {
			if o.Area == "" {
				continue
			}
			if n[o.Area] == 0 {
				areas = append(areas, o.Area)
			}
			n[o.Area] += len(a.Blocks)
		}
	}
	col := sideColour(d.v.Viewer)
	for _, a := range areas {
		sh := d.g.Area(a)
		ar := d.sc.Map.Area(a)
		if sh == nil || ar == nil {
			continue
		}
		x, y, _, lines := d.labelBox(ar, sh)
		y += float64(len(lines))*14 + 2
		s := fmt.Sprintf("+%d next hour", n[a])
		w := textWidth(d.f.tiny, s) + 10
		d.dc.DrawRoundedRectangle(x-w/2, y-2, w, 14, 4)
		d.fill(colHalo)
		d.dc.DrawRoundedRectangle(x-w/2, y-2, w, 14, 4)
		d.stroke(col, 1.2)
		d.text(d.f.tiny, s, x, y+5, col, 0.5, 0.5)
	}
}

// title fills the band above the map: game, hour, whose map, Player 1 of the hour,
// victory points.
func (d *viewDrawer) title() {
	v := d.v
	fillRect(d.img, image.Rect(0, 0, imgWidth, bandTop), colBand)
	game := d.opts.GameTitle
	if game == "" {
		game = d.sc.Title
	}
	who := "Game master's map · every block shown"
	if v.Viewer != adjudicator.NoSide {
		who = v.Viewer.String() + " map · " + modeName(v.Mode)
	}
	hour := " — " + v.Hour.String()
	for game != "" && textWidth(d.f.title, game+hour) > imgWidth-420 {
		r := []rune(strings.TrimSuffix(game, "…"))
		game = string(r[:len(r)-1]) + "…"
	}
	d.text(d.f.title, game+hour, 16, 8, colBandText, 0, 0)
	sub := who
	if d.rv != nil {
		in := d.rv.Initiative
		sub += fmt.Sprintf(" · %s: Player 1 was %s", d.rv.Hour, in.Player1)
		if in.Rolls != [2]int{} {
			sub += fmt.Sprintf(" (initiative USA %d, CSA %d)", in.Rolls[adjudicator.USA.Index()], in.Rolls[adjudicator.CSA.Index()])
		}
	}
	if v.Over {
		if v.Winner != adjudicator.NoSide {
			sub += " · game over, " + v.Winner.String() + " wins"
		} else {
			sub += " · game over"
		}
	}
	d.text(d.f.label, sub, 16, 36, colBandText, 0, 0)
	// victory points, right-aligned
	x := float64(imgWidth - 16)
	csa := fmt.Sprintf("CSA %d", v.Points[adjudicator.CSA.Index()])
	usa := fmt.Sprintf("USA %d", v.Points[adjudicator.USA.Index()])
	d.chip(x, csa, colCSADark, 1)
	x -= textWidth(d.f.big, csa) + 28
	d.chip(x, usa, colUSA, 1)
	x -= textWidth(d.f.big, usa) + 24
	d.text(d.f.label, "Victory points", x, bandTop/2, colBandText, 1, 0.5)
}

func modeName(m shiloh1862.Visibility) string {
	switch m {
	case shiloh1862.VisBlocks:
		return "enemy blocks shown blank"
	case shiloh1862.VisDoubleBlind:
		return "double-blind: enemy seen only near own blocks"
	case shiloh1862.VisOpen:
		return "open game"
	}
	return string(m)
}

func (d *viewDrawer) chip(right float64, s string, col color.RGBA, ax float64) {
	w := textWidth(d.f.big, s) + 16
	d.dc.DrawRoundedRectangle(right-w*ax, bandTop/2-14, w, 28, 5)
	d.fill(col)
	d.dc.DrawRoundedRectangle(right-w*ax, bandTop/2-14, w, 28, 5)
	d.stroke(colBandText, 1)
	d.text(d.f.big, s, right-w*ax+w/2, bandTop/2+1, colWhite, 0.5, 0.5)
}

// panel writes the view's lists and symbols beside the terrain legend.
func (d *viewDrawer) panel() {
	v := d.v
	y0 := float64(bandTop + d.g.Height)
	x := float64(viewPanelX)
	fillRect(d.img, image.Rect(viewPanelX-10, int(y0)+1, imgWidth, d.img.Bounds().Dy()), colPanel)
	d.dc.MoveTo(viewPanelX-10.5, y0+6)
	d.dc.LineTo(viewPanelX-10.5, float64(d.img.Bounds().Dy()-6))
	d.stroke(colEdge, 1)
	y := y0 + 8
	line := func(head, body string) {
		d.text(d.f.name, head, x, y, colInk, 0, 0)
		hx := x + textWidth(d.f.name, head) + 6
		width := float64(imgWidth-16) - hx
		for _, l := range wrap(d.f.label, body, width) {
			d.text(d.f.label, l, hx, y+1, colInk, 0, 0)
			y += 16
		}
		y += 3
	}
	line("Camps not yet captured (7.2):", d.uncaptured())
	line("Arrivals next hour:", d.arrivals())
	if d.rv != nil {
		line("Eliminated this hour:", d.eliminated())
	}
	// symbols of the view
	y = math.Max(y, y0+112)
	sx := x
	sym := func(draw func(x, y float64), w float64, text string) {
		draw(sx, y)
		d.text(d.f.small, text, sx+w+4, y+blockSize/2, colInk, 0, 0.5)
		sx += w + 8 + textWidth(d.f.small, text) + 14
	}
	own := v.Viewer
	if own == adjudicator.NoSide {
		own = adjudicator.USA
	}
	sym(func(x, y float64) {
		d.ownBlock(&shiloh1862.OwnBlock{Name: "Name", Side: own, Type: shiloh1862.Infantry, Strength: 4, Firepower: shiloh1862.Firepower{Letter: 'C', Value: 3}}, x, y)
	}, blockSize, "name, strength, fire (HQ: R range)")
	if v.Viewer != adjudicator.NoSide {
		sym(func(x, y float64) {
			d.dc.DrawRoundedRectangle(x, y, blockSize, blockSize, 4)
			d.fill(sideColour(own.Enemy()))
		}, blockSize, "enemy")
		sym(func(x, y float64) {
			d.ghostBlock(&shiloh1862.Ghost{Name: "Name", Strength: 3, Firepower: shiloh1862.Firepower{Letter: 'B', Value: 2}, Hour: 3}, x, y)
		}, blockSize, "last seen")
	}
	sym(func(x, y float64) {
		d.swords(x+12, y+blockSize/2, colRed)
	}, 24, "battle: winner's colour (red: not over)")
	y += blockSize + 8
	sx = x
	sym(func(x, y float64) {
		d.moveArrow([][2]float64{{x - 20, y + blockSize/2}, {x + 64, y + blockSize/2}}, sideColour(own), 1, false)
	}, 40, "move")
	sym(func(x, y float64) {
		d.moveArrow([][2]float64{{x - 20, y + blockSize/2}, {x + 64, y + blockSize/2}}, sideColour(own), 1, true)
	}, 40, "retreat")
	sym(func(x, y float64) {
		d.dc.DrawRectangle(x, y+6, 40, blockSize-12)
		d.dc.SetDash(10, 6)
		d.stroke(sideColour(own), 4)
		d.dc.SetDash()
	}, 40, "changed hands")
	sym(func(x, y float64) {
		d.dc.DrawRectangle(x, y+11, 12, 11)
		d.fill(sideColour(own))
	}, 12, "control")
	sym(func(x, y float64) {
		d.elimMark(x+11, y+blockSize/2, 1)
	}, 22, "eliminated")
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

func (d *viewDrawer) uncaptured() string {
	done := map[shiloh1862.AreaID]bool{}
	for _, a := range d.v.CampsCaptured {
		done[a] = true
	}
	var names []string
	for _, a := range d.sc.Map.Areas {
		if a.Camp != nil && a.Camp.Side == adjudicator.USA && !done[a.ID] {
			names = append(names, shortName(&a))
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

func (d *viewDrawer) arrivals() string {
	var parts []string
	for _, a := range d.v.Arrivals {
		var where []string
		for _, o := range a.Options {
			switch {
			case o.Landing:
				where = append(where, "a landing")
			case o.Area != "":
				n := string(o.Area)
				if ar := d.sc.Map.Area(o.Area); ar != nil {
					n = shortName(ar)
				}
				if o.Choice != "" && !strings.Contains(n, o.Choice) {
					n += " (" + o.Choice + ")"
				}
				where = append(where, n)
			}
		}
		var names []string
		for _, b := range a.Blocks {
			if n := d.names[b]; n != "" {
				names = append(names, n)
			} else {
				names = append(names, string(b))
			}
		}
		parts = append(parts, fmt.Sprintf("%s at %s", strings.Join(names, ", "), strings.Join(where, " or ")))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}

func (d *viewDrawer) eliminated() string {
	var names []string
	for _, e := range d.rv.Events {
		if e.Kind != shiloh1862.EvEliminated {
			continue
		}
		n := d.names[e.Block]
		if n == "" {
			n = "a " + e.Side.String() + " block"
		} else if e.Side != adjudicator.NoSide {
			n += " (" + e.Side.String() + ")"
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

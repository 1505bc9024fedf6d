package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/antietam"
	"github.com/shiloh-pbem/pbem/internal/alarm"
)

// The Antietam system is not registered yet, and its rules engine (which will
// implement adjudicator.Pictured) is being written. These tests draw its board as
// the contract will carry it: antietamScenario stands in for the system's
// contract scenario, with the board's labels from map.toml's named places and
// crossings, and a legend of its terrain in the words of its Terrain Effects
// Chart.

// antietamScenario is the Antietam data seen through the parts of the contract
// render calls.
type antietamScenario struct {
	adjudicator.Scenario // nil: render calls only the methods below
	data                 *antietam.Scenario
	board                *adjudicator.Board
}

func (a *antietamScenario) ID() string                { return a.data.ID }
func (a *antietamScenario) Title() string             { return "Antietam, 17 September 1862 (SPI Blue & Gray)" }
func (a *antietamScenario) System() string            { return "antietam" }
func (a *antietamScenario) Board() *adjudicator.Board { return a.board }

// Legend is the terrain key of the map sheet with the TEC's effects (9.0), in
// the words of templates/words/antietam.txt.
func (a *antietamScenario) Legend(say adjudicator.Wording) adjudicator.Legend {
	label := func(code string) string { return say(adjudicator.Say("map.legend." + code)) }
	return adjudicator.Legend{
		Heading: label("heading"),
		Items: []adjudicator.LegendItem{
			{Label: label("clear"), Terrain: "clear"},
			{Label: label("forest"), Terrain: "forest"},
			{Label: label("rough"), Terrain: "rough"},
			{Label: label("town"), Terrain: "town"},
			{Label: label("river"), Terrain: "river"},
			{Label: label("river-ferry"), Terrain: "river_ferry"},
			{Label: label("creek"), Features: []string{"creek"}},
			{Label: label("bridge"), Features: []string{"creek", "bridge"}},
			{Label: label("ford"), Features: []string{"creek", "ford"}},
			{Label: label("road"), Road: true},
		},
	}
}

// UnitName and PlaceName name ids as written: the tests' pictures carry names.
func (a *antietamScenario) UnitName(id string) (string, bool)  { return id, true }
func (a *antietamScenario) PlaceName(id string) (string, bool) { return id, true }

// Picture is not called: the tests hand render their pictures.
func (a *antietamScenario) Picture(adjudicator.View, adjudicator.ReportView, adjudicator.Wording) (*adjudicator.Picture, error) {
	return nil, fmt.Errorf("the test Antietam scenario cuts no pictures")
}

var antietamOnce struct {
	sync.Once
	sc  *antietamScenario
	err error
}

// testAntietam is the embedded Antietam data as the contract's scenario.
func testAntietam(t testing.TB) *antietamScenario {
	t.Helper()
	antietamOnce.Do(func() {
		data, err := antietam.Load()
		if err != nil {
			antietamOnce.err = err
			return
		}
		if data.Board == nil {
			antietamOnce.err = fmt.Errorf("the Antietam data built no board")
			return
		}
		antietamOnce.sc = &antietamScenario{data: data, board: data.Board}
	})
	if antietamOnce.err != nil {
		t.Fatal(antietamOnce.err)
	}
	return antietamOnce.sc
}

// writeLook writes a drawn map to $RENDER_ACTUAL_DIR, to look at.
func writeLook(t testing.TB, name string, png []byte) {
	if dir := os.Getenv("RENDER_ACTUAL_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// antietamPicture is the Union's map after its player-turn of game-turn 2, built
// by hand on the set-up (14.1, 14.2): I Corps has come south into the Cornfield,
// attacked Lawton at 3-1 (Dr: he fell back and a brigade advanced after him) and
// Winder at 2-1 (De), and the rest of both armies stands as set up, stacks of two
// included. The game is open, as the board game is.
func antietamPicture(t testing.TB, sc *antietamScenario) *adjudicator.Picture {
	t.Helper()
	moved := map[antietam.UnitID]adjudicator.PlaceID{
		"2/3/I": "0910", "3/3/I": "0808", "1/3/I": "1009", "4/1/I": "0809", "lawton": "0911", "winder": "",
	}
	p := &adjudicator.Picture{
		Viewer: adjudicator.USA,
		Title: adjudicator.PictureTitle{
			Turn:       "Game-turn 2, Union player-turn",
			Notes:      []string{"Union map", "open game", "the Union moved and attacked: 2 attacks"},
			Score:      []adjudicator.Tally{{Side: adjudicator.USA, Text: "Union 3"}, {Side: adjudicator.CSA, Text: "Conf. 0"}},
			ScoreLabel: "Victory points",
		},
	}
	for _, u := range sc.data.Units {
		hex := u.Hex
		if h, ok := moved[u.ID]; ok {
			hex = h
		}
		if hex == "" {
			continue
		}
		p.Units = append(p.Units, adjudicator.UnitView{
			Side: u.Side, Place: hex, Kind: string(u.Type), Name: u.Designation, Strength: u.Strength, Movement: u.Movement,
		})
	}
	path := func(ids ...adjudicator.PlaceID) []adjudicator.PlaceID {
		for i := 1; i < len(ids); i++ {
			if sc.board.Grid.Distance(ids[i-1], ids[i]) != 1 {
				t.Fatalf("the test's path steps from %s to %s", ids[i-1], ids[i])
			}
		}
		return ids
	}
	p.Arrows = []adjudicator.Arrow{
		{Side: adjudicator.USA, Path: path("0907", "0908", "0909"), Count: 1},
		{Side: adjudicator.USA, Path: path("0806", "0807", "0808"), Count: 1},
		{Side: adjudicator.USA, Path: path("0805", "0806", "0807", "0808"), Count: 1},
		{Side: adjudicator.USA, Path: path("1008", "1009"), Count: 1},
		{Side: adjudicator.CSA, Path: path("0910", "0911"), Retreat: true, Count: 1},
		{Side: adjudicator.USA, Path: path("0909", "0910"), Advance: true, Count: 1},
		{Side: adjudicator.USA, Path: path("0808", "0809"), Advance: true, Count: 1},
	}
	p.Battles = []adjudicator.BattleMark{
		{Place: "0910", Over: true, Winner: adjudicator.USA, From: path("0909", "1009"), Odds: "3-1", Result: "Dr"},
		{Place: "0809", Over: true, Winner: adjudicator.USA, From: []adjudicator.PlaceID{"0808"}, Odds: "2-1", Result: "De"},
	}
	p.Losses = []adjudicator.PlaceCount{{Place: "0809", Count: 1}}
	for _, h := range []adjudicator.PlaceID{"0616", "0716", "0815", "0816"} {
		p.Control = append(p.Control, adjudicator.PlaceControl{Place: h, Side: adjudicator.CSA})
	}
	p.Marks = []adjudicator.Mark{{Place: "0909", Kind: adjudicator.MarkChanged, Side: adjudicator.USA}}
	p.Tags = []adjudicator.PlaceTag{{Place: "2112", Text: "IX Corps: turn 3"}}
	p.Panel = []adjudicator.PanelLine{
		{Heading: "Attacks:", Text: "Lawton (0910) 3-1, die 3: Dr, retreated to 0911, 2/3/I advanced; Winder (0809) 2-1, die 6: De, 4/1/I advanced"},
		{Heading: "Eliminated:", Text: "Winder (3 strength points)"},
		{Heading: "Next:", Text: "Confederate player-turn 2"},
	}
	p.Key = adjudicator.PictureKey{
		Unit:       adjudicator.UnitView{Side: adjudicator.USA, Kind: "infantry", Name: "1/1/I", Strength: 4, Movement: 6},
		UnitText:   "strength-movement",
		Ghost:      adjudicator.UnitView{Side: adjudicator.CSA, Ghost: true, Name: "Hood", Strength: 4, Movement: 6, Seen: "T1"},
		Battle:     "attack",
		Move:       "move",
		Retreat:    "retreat",
		Advance:    "advance",
		Changed:    "changed hands",
		Control:    "held",
		Eliminated: "eliminated",
	}
	return p
}

// Golden maps of Antietam, compared as decoded pixels as Shiloh's are
// (TestGoldenMaps): the base map, and the Union's map of game-turn 2.
func TestAntietamGoldenMaps(t *testing.T) {
	sc := testAntietam(t)
	t.Run("antietam-base", func(t *testing.T) {
		var buf bytes.Buffer
		if err := WriteBasePNG(&buf, sc); err != nil {
			t.Fatal(err)
		}
		writeLook(t, "antietam-base", buf.Bytes())
		compareGolden(t, "antietam-base", buf.Bytes())
	})
	t.Run("antietam-turn2", func(t *testing.T) {
		var buf bytes.Buffer
		if err := drawPicture(&buf, sc, antietamPicture(t, sc), &Options{GameTitle: "Test game 2"}); err != nil {
			t.Fatal(err)
		}
		writeLook(t, "antietam-turn2", buf.Bytes())
		compareGolden(t, "antietam-turn2", buf.Bytes())
	})
}

// hexCentre is where the grid puts a hex's centre on the map (picture
// coordinates), worked out here from its number as SPI numbers a map: columns of
// flat-topped hexes a hex and a half apart, the even ones half a hex lower.
func hexCentre(g *Geometry, id adjudicator.PlaceID) (x, y int) {
	c := int(id[0]-'0')*10 + int(id[1]-'0')
	r := int(id[2]-'0')*10 + int(id[3]-'0')
	s, h := g.hex.S, g.hex.H
	x = gridMargin + s + (c-1)*3*s/2
	y = bandTop + gridMargin + h + (r-1)*2*h
	if c%2 == 0 {
		y += h
	}
	return x, y
}

// The base map puts a hex's fill, a creek hexside and a hex number where the grid
// says.
func TestHexMapLandsWhereTheGridSays(t *testing.T) {
	sc := testAntietam(t)
	g, err := GeometryFor(sc)
	if err != nil {
		t.Fatal(err)
	}
	img, err := Base(sc, g)
	if err != nil {
		t.Fatal(err)
	}
	if g.hex == nil || !sc.board.Grid.EvenLow {
		t.Fatal("the test expects a computed grid with the even columns low")
	}
	// right of the centre, between the roads' directions and the symbols
	for id, want := range map[adjudicator.PlaceID]color.RGBA{
		"0303": colClear, "0710": colWoods, "1014": colRough, "0815": colTown, "0106": colRiver,
	} {
		x, y := hexCentre(g, id)
		if got := img.RGBAAt(x+g.hex.S*5/12, y); got != want {
			t.Errorf("hex %s (%s) is %v beside its centre, want %v", id, sc.board.Place(id).Terrain, got, want)
		}
	}
	// the middle of a hexside is halfway between the two centres
	for _, side := range []struct {
		a, b  adjudicator.PlaceID
		creek bool
	}{{"1410", "1411", true}, {"1312", "1411", true}, {"1216", "1316", true}, {"0303", "0304", false}, {"1411", "1511", false}} {
		if (sc.board.Edge(side.a, side.b) != nil && has(sc.board.Edge(side.a, side.b).Features, featCreek)) != side.creek {
			t.Fatalf("the data changed: creek on %s-%s is not %v", side.a, side.b, side.creek)
		}
		xa, ya := hexCentre(g, side.a)
		xb, yb := hexCentre(g, side.b)
		got := img.RGBAAt((xa+xb)/2, (ya+yb)/2)
		if (got == colCreek) != side.creek {
			t.Errorf("hexside %s-%s is %v, creek %v", side.a, side.b, got, side.creek)
		}
	}
	// the number at the top of the hex, on the hex's fill: the same pixels as the
	// number drawn alone there
	f := getFaces()
	defer putFaces(f)
	for _, id := range []adjudicator.PlaceID{"0303", "1808", "2129"} {
		x, y := hexCentre(g, id)
		top := y - g.hex.H
		box := image.Rect(x-16, top+1, x+17, top+15)
		want := image.NewRGBA(img.Bounds())
		fillRect(want, box, colClear)
		newCanvas(want, f).text(f.num, string(id), float64(x), float64(top+2), colHexNum, 0.5, 0)
		if msg := pixelDiff(img.SubImage(box), want.SubImage(box), 0, 0); msg != "" {
			t.Errorf("hex %s: its number is not at its top: %s", id, msg)
		}
		other := image.NewRGBA(img.Bounds())
		fillRect(other, box, colClear)
		newCanvas(other, f).text(f.num, "0000", float64(x), float64(top+2), colHexNum, 0.5, 0)
		if pixelDiff(img.SubImage(box), other.SubImage(box), 0, 0) == "" {
			t.Fatalf("hex %s: another number gives the same pixels: the test shows nothing", id)
		}
	}
}

// A hex board's geometry is computed from its grid, once: every hex has its
// outline, and every featured hexside lies between two of them.
func TestGeometryForHexBoard(t *testing.T) {
	sc := testAntietam(t)
	g, err := GeometryFor(sc)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := GeometryFor(sc); again != g {
		t.Error("the geometry was computed twice")
	}
	if len(g.Areas) != len(sc.board.Places) || len(g.Areas) != 21*29 {
		t.Errorf("%d hexes drawn, the board has %d", len(g.Areas), len(sc.board.Places))
	}
	if bad := g.Check(sc.board); len(bad) > 0 {
		t.Errorf("the geometry cannot draw the board: %v", bad)
	}
}

// A hidden counter is a blank whatever the picture carries.
func TestHiddenCountersDrawBlank(t *testing.T) {
	sc := testAntietam(t)
	p := antietamPicture(t, sc)
	n := 0
	for i := range p.Units {
		if u := &p.Units[i]; u.Side == adjudicator.CSA {
			*u = adjudicator.UnitView{Side: u.Side, Place: u.Place, Hidden: true}
			n++
		}
	}
	// as the Union sees a double-blind game: Hood last seen in the West Woods
	p.Units = append(p.Units, adjudicator.UnitView{Side: adjudicator.CSA, Place: "0712", Ghost: true, Name: "Hood", Strength: 4, Movement: 6, Seen: "T1"})
	p.Key.EnemyText, p.Key.GhostText = "enemy", "last seen"
	leaky := *p
	leaky.Units = append([]adjudicator.UnitView(nil), p.Units...)
	for i := range leaky.Units {
		if u := &leaky.Units[i]; u.Hidden {
			u.Name, u.Strength, u.Movement, u.Kind = "Hood", 4, 6, "infantry"
		}
	}
	var a, b bytes.Buffer
	if err := drawPicture(&a, sc, p, nil); err != nil {
		t.Fatal(err)
	}
	if err := drawPicture(&b, sc, &leaky, nil); err != nil {
		t.Fatal(err)
	}
	if n == 0 || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("a hidden counter's designation or factors reached the map (%d hidden)", n)
	}
	writeLook(t, "antietam-hidden", a.Bytes())
}

// BenchmarkDrawAntietam draws and encodes the Union's map of game-turn 2 (every
// unit on the map, two attacks) as Draw does, over the cached base map. Alarms: a
// map over 60 ms of CPU, or a PNG over 300 KB.
func BenchmarkDrawAntietam(b *testing.B) {
	sc := testAntietam(b)
	p := antietamPicture(b, sc)
	var buf bytes.Buffer
	if err := drawPicture(&buf, sc, p, nil); err != nil { // draws the base map
		b.Fatal(err)
	}
	b.ReportAllocs()
	clk := alarm.Start()
	for b.Loop() {
		buf.Reset()
		if err := drawPicture(&buf, sc, p, nil); err != nil {
			b.Fatal(err)
		}
	}
	clk.Check(b, 60*time.Millisecond, 0)
	b.ReportMetric(float64(buf.Len())/1000, "png-KB")
	b.ReportMetric(float64(len(p.Units)), "counters")
	if buf.Len() > 300_000 {
		b.Errorf("alarm: the map is %d bytes, over 300 KB", buf.Len())
	}
}

package render

import (
	"bytes"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/alarm"
	"github.com/shiloh-pbem/pbem/internal/builtin"
)

// These tests draw Antietam's board and maps as the server does: the registered
// system's scenario, its labels and legend, and the pictures it cuts from its
// own views of a player-turn played by its rules engine.

// testAntietam is the registered Antietam scenario.
func testAntietam(t testing.TB) adjudicator.Scenario {
	t.Helper()
	sc, err := builtin.Systems().FindScenario("antietam")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// antietamTurn plays the Union's first player-turn in a game of mode, with
// seeded dice: I Corps comes south toward the Cornfield and attacks what it
// meets, and the defaults make the attacks 7.11 and 7.12 demand. It returns the
// view of viewer after it and the report view of it.
func antietamTurn(t testing.TB, sc adjudicator.Scenario, mode adjudicator.Visibility, viewer adjudicator.Side) (adjudicator.View, adjudicator.ReportView) {
	t.Helper()
	st, err := sc.NewState(adjudicator.Options{Visibility: mode})
	if err != nil {
		t.Fatal(err)
	}
	o, err := sc.DecodeOrders([]byte(antietamOrders))
	if err != nil {
		t.Fatal(err)
	}
	next, rep, err := sc.Resolve(st, [2]adjudicator.Orders{o, nil}, adjudicator.NewStreamDice([]byte("antietam-turn1")))
	if err != nil {
		t.Fatal(err)
	}
	return sc.View(next, viewer), sc.ViewReport(st, rep, next, viewer)
}

// antietamOrders are the Union's orders of antietamTurn, as the store keeps them.
const antietamOrders = `{"side":"USA","moves":[
 {"unit":"2/3/I","path":["0908"]},
 {"unit":"1/3/I","path":["1009"]},
 {"unit":"3/3/I","path":["0807"]},
 {"unit":"1/2/I","path":["1007"]}],
 "attacks":[{"attackers":["1/3/I"],"defenders":["1010"],"advance":"1/3/I"}]}`

// antietamPicture is the Union's map after its first player-turn, open play.
func antietamPicture(t testing.TB, sc adjudicator.Scenario) *adjudicator.Picture {
	t.Helper()
	v, rv := antietamTurn(t, sc, "open", adjudicator.USA)
	p, err := pictureOf(sc, v, rv)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// writeLook writes a drawn map to $RENDER_ACTUAL_DIR, to look at.
func writeLook(t testing.TB, name string, png []byte) {
	if dir := os.Getenv("RENDER_ACTUAL_DIR"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Golden maps of Antietam, compared as decoded pixels as Shiloh's are
// (TestGoldenMaps): the base map, the Union's map of its first player-turn in
// open play, and the Confederate's of the same turn in double-blind play.
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
	for _, c := range []struct {
		name, title string
		mode        adjudicator.Visibility
		viewer      adjudicator.Side
	}{{"antietam-turn1", "Test game 2", "open", adjudicator.USA}, {"antietam-blind", "Test game 3", "double-blind", adjudicator.CSA}} {
		t.Run(c.name, func(t *testing.T) {
			v, rv := antietamTurn(t, sc, c.mode, c.viewer)
			var buf bytes.Buffer
			if err := Draw(&buf, sc, v, rv, &Options{GameTitle: c.title}); err != nil {
				t.Fatal(err)
			}
			writeLook(t, c.name, buf.Bytes())
			compareGolden(t, c.name, buf.Bytes())
		})
	}
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
	if g.hex == nil || !sc.Board().Grid.EvenLow {
		t.Fatal("the test expects a computed grid with the even columns low")
	}
	// right of the centre, between the roads' directions and the symbols
	for id, want := range map[adjudicator.PlaceID]color.RGBA{
		"0303": colClear, "0710": colWoods, "1014": colRough, "0815": colTown, "0106": colRiver,
	} {
		x, y := hexCentre(g, id)
		if got := img.RGBAAt(x+g.hex.S*5/12, y); got != want {
			t.Errorf("hex %s (%s) is %v beside its centre, want %v", id, sc.Board().Place(id).Terrain, got, want)
		}
	}
	// the middle of a hexside is halfway between the two centres
	for _, side := range []struct {
		a, b  adjudicator.PlaceID
		creek bool
	}{{"1410", "1411", true}, {"1312", "1411", true}, {"1216", "1316", true}, {"0303", "0304", false}, {"1411", "1511", false}} {
		if (sc.Board().Edge(side.a, side.b) != nil && has(sc.Board().Edge(side.a, side.b).Features, featCreek)) != side.creek {
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
	if len(g.Areas) != len(sc.Board().Places) || len(g.Areas) != 21*29 {
		t.Errorf("%d hexes drawn, the board has %d", len(g.Areas), len(sc.Board().Places))
	}
	if bad := g.Check(sc.Board()); len(bad) > 0 {
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
// map over 250 ms of CPU, or a PNG over 300 KB. The time took 31-42 ms on the
// loaded 2-core CI machine, within twice of the 60 ms the alarm first had.
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
	clk.Check(b, 250*time.Millisecond, 0)
	b.ReportMetric(float64(buf.Len())/1000, "png-KB")
	b.ReportMetric(float64(len(p.Units)), "counters")
	if buf.Len() > 300_000 {
		b.Errorf("alarm: the map is %d bytes, over 300 KB", buf.Len())
	}
}

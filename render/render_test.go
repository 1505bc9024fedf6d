package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/internal/alarm"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// cases are the test maps, each drawn from the hand-built Day 1 10AM position.
var cases = []struct {
	name   string
	viewer adjudicator.Side
	mode   shiloh1862.Visibility
	report bool
}{
	{"usa-blocks", adjudicator.USA, shiloh1862.VisBlocks, true},
	{"csa-double-blind", adjudicator.CSA, shiloh1862.VisDoubleBlind, true},
	{"usa-open-no-report", adjudicator.USA, shiloh1862.VisOpen, false},
	{"gm", adjudicator.NoSide, shiloh1862.VisBlocks, true},
}

func drawCase(t testing.TB, sc *shiloh1862.Scenario, viewer adjudicator.Side, mode shiloh1862.Visibility, report bool) []byte {
	t.Helper()
	v := testView(t, sc, viewer, mode)
	var rv *shiloh1862.ReportView
	if report {
		rv = testReport(v)
	}
	var buf bytes.Buffer
	if err := drawView(&buf, sc, v, rv, &Options{GameTitle: "Test game 1"}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Golden maps, compared as decoded pixels: a pixel differs when a channel is off by
// more than 40, and at most 0.05% of the pixels may differ (font rasterisers and zlib
// may change between Go versions; the picture should not).
func TestGoldenMaps(t *testing.T) {
	sc, _ := testScenario(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := drawCase(t, sc, c.viewer, c.mode, c.report)
			compareGolden(t, c.name, got)
		})
	}
	t.Run("full-stacks", func(t *testing.T) {
		var buf bytes.Buffer
		if err := drawView(&buf, sc, fullView(t, sc), nil, nil); err != nil {
			t.Fatal(err)
		}
		compareGolden(t, "full-stacks", buf.Bytes())
	})
	t.Run("base", func(t *testing.T) {
		var buf bytes.Buffer
		if err := WriteBasePNG(&buf, contract(t, sc)); err != nil {
			t.Fatal(err)
		}
		compareGolden(t, "base", buf.Bytes())
	})
}

func compareGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	gi, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	wi, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if msg := pixelDiff(gi, wi, 40, 0.0005); msg != "" {
		actual := filepath.Join(t.TempDir(), name+".png")
		if dir := os.Getenv("RENDER_ACTUAL_DIR"); dir != "" {
			actual = filepath.Join(dir, name+".png")
		}
		_ = os.WriteFile(actual, got, 0o644)
		t.Errorf("%s: %s; actual image written to %s", name, msg, actual)
	}
}

// pixelDiff describes how two images differ beyond the tolerance, or returns "".
func pixelDiff(a, b image.Image, tol int, frac float64) string {
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, want %v", a.Bounds(), b.Bounds())
	}
	r := a.Bounds()
	bad := 0
	if pa, ok := a.(*image.Paletted); ok {
		if pb, ok := b.(*image.Paletted); ok {
			// the fast way for the maps: compare palette entries by index
			for i := range pa.Pix {
				ar, ag, ab, _ := pa.Palette[pa.Pix[i]].RGBA()
				br, bg, bb, _ := pb.Palette[pb.Pix[i]].RGBA()
				if absDiff(ar, br) > tol || absDiff(ag, bg) > tol || absDiff(ab, bb) > tol {
					bad++
				}
			}
			if float64(bad) > frac*float64(r.Dx()*r.Dy()) {
				return fmt.Sprintf("%d pixels differ", bad)
			}
			return ""
		}
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			if absDiff(ar, br) > tol || absDiff(ag, bg) > tol || absDiff(ab, bb) > tol {
				bad++
			}
		}
	}
	if float64(bad) > frac*float64(r.Dx()*r.Dy()) {
		return fmt.Sprintf("%d pixels differ", bad)
	}
	return ""
}

func absDiff(a, b uint32) int {
	d := int(a>>8) - int(b>>8)
	if d < 0 {
		return -d
	}
	return d
}

func TestPixelDiffCanFail(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 10, 10))
	b := image.NewRGBA(image.Rect(0, 0, 10, 10))
	if msg := pixelDiff(a, b, 40, 0); msg != "" {
		t.Fatalf("equal images differ: %s", msg)
	}
	b.Pix[0] = 200
	if pixelDiff(a, b, 40, 0) == "" {
		t.Fatal("a changed pixel went unnoticed")
	}
	if pixelDiff(a, image.NewRGBA(image.Rect(0, 0, 9, 10)), 40, 0) == "" {
		t.Fatal("a size change went unnoticed")
	}
}

// Same view, same bytes: also when drawn at the same time from several goroutines
// (faces and pictures are pooled).
func TestDeterministic(t *testing.T) {
	sc, _ := testScenario(t)
	want := drawCase(t, sc, adjudicator.USA, shiloh1862.VisBlocks, true)
	var wg sync.WaitGroup
	got := make([][]byte, 4)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = drawCase(t, sc, adjudicator.USA, shiloh1862.VisBlocks, true)
		}()
	}
	wg.Wait()
	for i, g := range got {
		if !bytes.Equal(g, want) {
			t.Errorf("drawing %d differs from the first", i)
		}
	}
	other := drawCase(t, sc, adjudicator.CSA, shiloh1862.VisBlocks, true)
	if bytes.Equal(other, want) {
		t.Error("the CSA map equals the USA map")
	}
}

// In the blocks and double-blind modes the map draws an enemy block as a blank,
// whatever the EnemyBlock says: a view that (wrongly) carried identities and
// strengths gives the same bytes as one without. In an open game they are drawn.
func TestEnemyIdentityNeverDrawnUnlessOpen(t *testing.T) {
	sc, _ := testScenario(t)
	for _, mode := range []shiloh1862.Visibility{shiloh1862.VisBlocks, shiloh1862.VisDoubleBlind, shiloh1862.VisOpen} {
		t.Run(string(mode), func(t *testing.T) {
			v := testView(t, sc, adjudicator.USA, mode)
			open := testView(t, sc, adjudicator.USA, shiloh1862.VisOpen)
			if len(v.Enemy) == 0 {
				t.Fatal("no enemy blocks in the test view")
			}
			blank := *v
			blank.Enemy = append([]shiloh1862.EnemyBlock(nil), v.Enemy...)
			for i := range blank.Enemy {
				blank.Enemy[i] = shiloh1862.EnemyBlock{Area: blank.Enemy[i].Area}
			}
			full := *v
			full.Enemy = nil
			for _, e := range open.Enemy {
				if mode != shiloh1862.VisDoubleBlind || hasArea(v.Enemy, e.Area) {
					full.Enemy = append(full.Enemy, e)
				}
			}
			if len(full.Enemy) != len(blank.Enemy) {
				t.Fatalf("test views disagree: %d and %d enemy blocks", len(full.Enemy), len(blank.Enemy))
			}
			var a, b bytes.Buffer
			if err := drawView(&a, sc, &blank, nil, nil); err != nil {
				t.Fatal(err)
			}
			if err := drawView(&b, sc, &full, nil, nil); err != nil {
				t.Fatal(err)
			}
			same := bytes.Equal(a.Bytes(), b.Bytes())
			if mode != shiloh1862.VisOpen && !same {
				t.Error("enemy identities or strengths reached the picture")
			}
			if mode == shiloh1862.VisOpen && same {
				t.Error("an open game's enemy blocks are drawn blank")
			}
		})
	}
}

func hasArea(es []shiloh1862.EnemyBlock, a shiloh1862.AreaID) bool {
	for _, e := range es {
		if e.Area == a {
			return true
		}
	}
	return false
}

// Enemy identities that a report leaked into its events would still not reach the
// map: the arrows of enemy moves carry no names, so a report whose enemy moves name
// their blocks gives the same bytes as one that does not.
func TestFogEnemyMoveIdentities(t *testing.T) {
	sc, _ := testScenario(t)
	v := testView(t, sc, adjudicator.USA, shiloh1862.VisBlocks)
	plain := testReport(v)
	named := testReport(v)
	n := 0
	for i := range named.Events {
		e := &named.Events[i]
		if e.Side == adjudicator.CSA && e.Kind == shiloh1862.EvMove {
			e.Block = "cs_cleburne"
			for k := range e.Blocks {
				e.Blocks[k] = "cs_polk"
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("the test report has no enemy moves")
	}
	var a, b bytes.Buffer
	if err := drawView(&a, sc, v, plain, nil); err != nil {
		t.Fatal(err)
	}
	if err := drawView(&b, sc, v, named, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("enemy move identities reached the map")
	}
}

func TestDrawViewErrors(t *testing.T) {
	sc, _ := testScenario(t)
	if err := drawView(&bytes.Buffer{}, sc, nil, nil, nil); err == nil {
		t.Error("nil view: no error")
	}
	v := testView(t, sc, adjudicator.USA, shiloh1862.VisBlocks)
	v.Control = append(v.Control, shiloh1862.Control{Area: "no_such_area", Side: adjudicator.USA})
	if err := drawView(&bytes.Buffer{}, sc, v, nil, nil); err == nil {
		t.Error("unknown area: no error")
	}
	bad := *sc
	bad.ID, bad.Map = "nowhere", &shiloh1862.Map{ID: "nowhere"}
	if err := drawView(&bytes.Buffer{}, &bad, testView(t, sc, adjudicator.USA, shiloh1862.VisBlocks), nil, nil); err == nil {
		t.Error("scenario without geometry: no error")
	}
}

// The base map refuses a scenario whose map the geometry cannot draw.
func TestBaseChecksGeometry(t *testing.T) {
	sc, g := testScenario(t)
	m := *sc.Map
	m.Areas = append(append([]shiloh1862.Area(nil), sc.Map.Areas...), shiloh1862.Area{ID: "atlantis", Name: "Atlantis", Terrain: shiloh1862.Clear})
	m.Index()
	bad := *sc
	bad.ID = "test-atlantis"
	bad.Map = &m
	if _, err := Base(contract(t, &bad), g); err == nil {
		t.Error("area without outline: no error")
	}
}

// BenchmarkDrawView draws and encodes maps as DrawView does: "usa-blocks" is the
// USA map of the test position (81 blocks, an hour's report), "full-stacks" every area
// filled to its stacking limit, more blocks than a game has. It reports the CPU time
// per map (the process's, so the collector counts), the part of it spent encoding
// (quantize and deflate) and the PNG's size, and fails if a map is over maxPNGBytes or
// takes more than 500 ms of CPU (full-stacks took 95-103 ms on the 2-core test
// machine, too near the 150 ms this alarm first had).
func BenchmarkDrawView(b *testing.B) {
	sc, g := testScenario(b)
	v := testView(b, sc, adjudicator.USA, shiloh1862.VisBlocks)
	maps := []struct {
		name string
		v    *shiloh1862.View
		rv   *shiloh1862.ReportView
	}{
		{"usa-blocks", v, testReport(v)},
		{"full-stacks", fullView(b, sc), nil},
	}
	c := contract(b, sc)
	if _, err := Base(c, g); err != nil {
		b.Fatal(err)
	}
	for _, m := range maps {
		b.Run(m.name, func(b *testing.B) {
			var buf bytes.Buffer
			var draw, encode time.Duration
			b.ReportAllocs()
			for b.Loop() {
				c0 := alarm.CPUTime()
				img, base, err := viewImage(b, c, m.v, m.rv, nil)
				if err != nil {
					b.Fatal(err)
				}
				c1 := alarm.CPUTime()
				buf.Reset()
				if err := encodePNG(&buf, img, base); err != nil {
					b.Fatal(err)
				}
				putPicture(img)
				draw, encode = draw+time.Duration(c1-c0), encode+time.Duration(alarm.CPUTime()-c1)
			}
			perMap := (draw + encode) / time.Duration(b.N)
			b.ReportMetric(float64(perMap)/1e6, "cpu-ms/op")
			b.ReportMetric(float64(encode)/1e6/float64(b.N), "encode-ms/op")
			b.ReportMetric(float64(buf.Len())/1000, "png-KB")
			b.ReportMetric(float64(len(m.v.Own)+len(m.v.Enemy)), "blocks")
			if buf.Len() > maxPNGBytes {
				b.Errorf("the map is %d bytes, over %d", buf.Len(), maxPNGBytes)
			}
			if perMap > 500*time.Millisecond {
				b.Errorf("a map takes %v of CPU, over 500 ms", perMap)
			}
		})
	}
}

func BenchmarkBase(b *testing.B) {
	sc, g := testScenario(b)
	c := contract(b, sc)
	_, say, err := pictured(c)
	if err != nil {
		b.Fatal(err)
	}
	lg := c.(adjudicator.Pictured).Legend(say)
	for b.Loop() {
		if _, err := drawBase(c.Title(), c.Board(), lg, g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQuantize converts a drawn map to the palette, as encodePNG does, against
// its base map ("view") and on its own ("plain").
func BenchmarkQuantize(b *testing.B) {
	sc, _ := testScenario(b)
	v := testView(b, sc, adjudicator.USA, shiloh1862.VisBlocks)
	img, base, err := viewImage(b, contract(b, sc), v, testReport(v), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		ref  *image.RGBA
		refQ *image.Paletted
	}{{"view", base.img, base.paletted}, {"plain", nil, nil}} {
		b.Run(c.name, func(b *testing.B) {
			cpu0 := alarm.CPUTime()
			for b.Loop() {
				palettedFree <- quantize(base.pal, img, c.ref, c.refQ)
			}
			b.ReportMetric(float64(alarm.CPUTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// Converting against the base map gives the same pixels as converting every pixel.
func TestQuantizeAgainstBase(t *testing.T) {
	sc, _ := testScenario(t)
	v := testView(t, sc, adjudicator.CSA, shiloh1862.VisBlocks)
	img, base, err := viewImage(t, contract(t, sc), v, testReport(v), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer putPicture(img)
	plain := quantize(base.pal, img, nil, nil)
	fast := quantize(base.pal, img, base.img, base.paletted)
	if !bytes.Equal(plain.Pix, fast.Pix) {
		t.Error("quantizing against the base map changed pixels")
	}
	if bytes.Equal(plain.Pix, base.paletted.Pix) {
		t.Error("the view equals its base map: the test shows nothing")
	}
}

// A long game title is cut short before it runs into the victory points.
func TestLongTitle(t *testing.T) {
	sc, _ := testScenario(t)
	v := testView(t, sc, adjudicator.USA, shiloh1862.VisBlocks)
	short, _, err := viewImage(t, contract(t, sc), v, nil, &Options{GameTitle: strings.Repeat("Shiloh ", 30)})
	if err != nil {
		t.Fatal(err)
	}
	// the band between the title's end and the tally stays band-coloured
	for x := imgWidth - 400; x < imgWidth-360; x++ {
		if c := short.RGBAAt(x, 20); c != colBand {
			t.Fatalf("pixel %d,20 is %v: the title runs on", x, c)
		}
	}
}

package antietam

import (
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// dataCopy is an editable copy of the embedded data files, as a club would make.
func dataCopy(t testing.TB) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	for _, name := range []string{MapFile, OBFile, ChartsFile} {
		b, err := fs.ReadFile(Embedded(), path.Join(DataDir, name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: b}
	}
	return out
}

func mustLoad(t *testing.T) *Scenario {
	t.Helper()
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The board is the contract's hex board: every cell of the 21x29 grid, with the
// terrain and hexside features the data gives.
func TestBoard(t *testing.T) {
	s := mustLoad(t)
	b := s.Board
	if b == nil || b.Kind != adjudicator.Hexes || b.Grid == nil || b.ID != "antietam" {
		t.Fatalf("board %+v", b)
	}
	if len(b.Places) != 21*29 || b.Grid.Cols != 21 || b.Grid.Rows != 29 || !b.Grid.EvenLow {
		t.Fatalf("%d places on a %dx%d grid", len(b.Places), b.Grid.Cols, b.Grid.Rows)
	}
	for h, want := range map[HexID]Terrain{"0815": Town, "0126": RiverFerry, "0711": Forest, "1218": Rough, "0125": River, "0101": Clear} {
		if got := s.Terrain(h); got != want {
			t.Errorf("%s is %q, want %q", h, got, want)
		}
	}
	for _, c := range []struct {
		a, b HexID
		want []string
	}{
		{"1314", "1414", []string{"bridge", "creek", "road"}}, // the Middle Bridge on the Boonsboro Turnpike
		{"1408", "1508", []string{"creek", "ford"}},           // Pry's Ford
		{"1410", "1411", []string{"creek"}},
		{"0812", "0813", []string{"road"}}, // the Hagerstown Turnpike at the Dunker Church
	} {
		e := b.Edge(c.a, c.b)
		if e == nil || !slices.Equal(e.Features, c.want) {
			t.Errorf("hexside %s-%s: %+v, want %v", c.a, c.b, e, c.want)
		}
	}
	if e := b.Edge("0101", "0102"); e != nil {
		t.Errorf("a plain hexside is an edge: %+v", e)
	}
	if p := b.Place("0812"); !slices.Contains(p.Aliases, "Dunker Church") {
		t.Errorf("0812 aliases %v", p.Aliases)
	}
}

// The order of battle is the charts': the counts and strengths of 14.1, 14.2 and
// 16.1-16.3 as printed, so that an edit to them is a conscious one.
func TestOrderOfBattle(t *testing.T) {
	s := mustLoad(t)
	type tally struct{ units, strength int }
	got := map[string]tally{}
	for _, u := range s.Units {
		k := u.Side.String() + " " + u.Group
		x := got[k]
		x.units++
		x.strength += u.Strength
		got[k] = x
		if u.Movement != 6 {
			t.Errorf("%s has movement %d; every unit has 6 (2.4)", u.ID, u.Movement)
		}
	}
	want := map[string]tally{
		"USA ":                {46, 210},
		"CSA ":                {41, 126},
		"USA vi_corps":        {6, 33},
		"USA couch_humphreys": {5, 25},
		"CSA ap_hill":         {1, 16},
	}
	if !maps.Equal(got, want) {
		t.Errorf("units and strength by side and group %v, want %v", got, want)
	}
	// 18.2: the five no-move hexes hold the ten units of the chart's first block.
	n := 0
	for _, u := range s.Units {
		if slices.Contains(s.Charts.MovementLimit.ConfederateNoMoveHexes, u.Hex) {
			n++
		}
	}
	if n != 10 {
		t.Errorf("%d units in the 18.2 hexes, want 10", n)
	}
	if u := s.Unit("2/1/IV"); u == nil || u.Group != "couch_humphreys" || u.Strength != 5 {
		t.Errorf("2/1/IV: %+v", u)
	}
	if g := s.OB.Game; g.Turns != 10 || g.First != "union" || s.Charts.Stacking.Limit != 2 {
		t.Errorf("game %+v, stacking %d", g, s.Charts.Stacking.Limit)
	}
}

// The CRT holds the majority of the three printings, the five disputed cells are
// listed, and a club's override wins over the printed cell.
func TestCRT(t *testing.T) {
	s := mustLoad(t)
	var disputed []string
	for _, d := range s.Charts.CRT.Disputed {
		r, _ := s.Charts.Result(d.Odds, d.Die)
		disputed = append(disputed, d.Odds+"/"+string(rune('0'+d.Die))+"="+string(r))
	}
	want := []string{"4-1/2=Dr", "1-1/4=Ar", "6-1/4=Dr", "2-1/5=Ar", "3-1/5=Dr"}
	if !slices.Equal(disputed, want) {
		t.Errorf("disputed cells %v, want %v", disputed, want)
	}
	for _, c := range []struct {
		odds string
		die  int
		want Result
	}{{"1-5", 4, AttackerEliminated}, {"3-1", 1, DefenderEliminated}, {"6-1", 6, Exchange}, {"1-3", 1, DefenderRetreats}} {
		if r, ok := s.Charts.Result(c.odds, c.die); !ok || r != c.want {
			t.Errorf("%s at %d: %q %v, want %q", c.odds, c.die, r, ok, c.want)
		}
	}
	for _, bad := range []struct {
		odds string
		die  int
	}{{"7-1", 1}, {"1-1", 0}, {"1-1", 7}} {
		if _, ok := s.Charts.Result(bad.odds, bad.die); ok {
			t.Errorf("%s at %d read", bad.odds, bad.die)
		}
	}
	fsys := dataCopy(t)
	fsys[ChartsFile].Data = append(fsys[ChartsFile].Data, "\n[[crt_override]]\ndie = 2\nodds = \"4-1\"\nresult = \"De\"\nsrc = \"rules: 7.6 as our copy prints it, line 985\"\n"...)
	club, err := LoadFS(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := club.Charts.Result("4-1", 2); r != DefenderEliminated {
		t.Errorf("override not applied: %s", r)
	}
	if p := club.Validate(); len(p) != 0 {
		t.Errorf("a valid override is a problem: %v", p)
	}
}

// The victory levels of 17.2, with the chosen Confederate decisive level, read
// the ratio at and around every boundary.
func TestVictoryLevels(t *testing.T) {
	v := &mustLoad(t).Charts.Victory
	for _, c := range []struct {
		u, c       int
		side, name string
	}{
		{20, 10, "union", "decisive"}, {1, 0, "union", "decisive"},
		{19, 10, "union", "substantive"}, {15, 10, "union", "substantive"},
		{14, 10, "union", "marginal"}, {11, 10, "union", "marginal"},
		{10, 10, "confederate", "marginal"}, {0, 0, "confederate", "marginal"}, {41, 50, "confederate", "marginal"},
		{40, 50, "confederate", "substantive"}, {21, 30, "confederate", "substantive"},
		{20, 30, "confederate", "decisive"}, {0, 5, "confederate", "decisive"},
	} {
		l := v.Level(c.u, c.c)
		if l == nil || l.Side != c.side || l.Name != c.name {
			t.Errorf("%d:%d is %+v, want %s %s", c.u, c.c, l, c.side, c.name)
		}
	}
}

// A club's folder loads the same as the embedded copy; a syntax error or a missing
// file is an error, not a problem.
func TestLoadFS(t *testing.T) {
	fsys := dataCopy(t)
	s, err := LoadFS(fsys, ".")
	if err != nil || len(s.Validate()) != 0 {
		t.Fatalf("club copy: %v %v", err, s.Validate())
	}
	fsys[OBFile].Data = []byte("[game\nturns = 10")
	if _, err := LoadFS(fsys, "."); err == nil || !strings.Contains(err.Error(), "ob.toml") {
		t.Errorf("syntax error: %v", err)
	}
	delete(fsys, ChartsFile)
	fsys[OBFile] = dataCopy(t)[OBFile]
	if _, err := LoadFS(fsys, "."); err == nil {
		t.Error("missing charts.toml not an error")
	}
}

// FuzzDataFiles feeds arbitrary text as one of the three files, the other two as
// embedded, to the loader and the validator: neither may panic, and data without
// problems has a board.
func FuzzDataFiles(f *testing.F) {
	base := dataCopy(f)
	names := []string{MapFile, OBFile, ChartsFile}
	for i, n := range names {
		f.Add(uint8(i), base[n].Data)
	}
	f.Add(uint8(0), []byte("[grid]\ncols = 99\nrows = 99\n[[road]]\nhexes = [\"0101\", \"9999\", \"x\"]\n[[creek]]\nsides = [\"0101-0101\", \"-\"]\n"))
	f.Add(uint8(2), []byte("[crt]\nodds = [\"0-0\", \"1-1\"]\nrows = [[\"Ar\"]]\n[[crt.disputed]]\ndie = 9\n[[victory.level]]\nat_least = \"1:0\"\nmore_than = \"x\"\n"))
	f.Add(uint8(1), []byte("[[deploy]]\nside = \"union\"\nunits = [{ id = \"a\", hex = \"0126\" }, { id = \"a\", hex = \"\" }]\n[[reinforcement]]\nturn = -1\nhex = \"0000\"\n"))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		fsys := fstest.MapFS{}
		for n, file := range base {
			fsys[n] = &fstest.MapFile{Data: file.Data}
		}
		fsys[names[int(which)%len(names)]] = &fstest.MapFile{Data: data}
		s, err := LoadFS(fsys, ".")
		if err != nil {
			return
		}
		if probs := s.Validate(); len(probs) == 0 && s.Board == nil {
			t.Error("no problems but no board")
		}
	})
}

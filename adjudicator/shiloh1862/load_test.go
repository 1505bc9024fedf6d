package shiloh1862

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

const (
	fullFile = "scenarios/shiloh1862/full.toml"
	day2File = "scenarios/shiloh1862/day2.toml"
)

// freshScenario returns a private, modifiable copy of an embedded scenario file: a
// deep copy (through JSON) of the shared one, which is quicker than parsing again.
func freshScenario(t testing.TB, file string) *Scenario {
	t.Helper()
	name := "shiloh1862"
	if file == day2File {
		name = "shiloh1862-day2"
	}
	src := mustLoad(t, name)
	deepCopy := func(from, to any) {
		b, err := json.Marshal(from)
		if err == nil {
			err = json.Unmarshal(b, to)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	sc := &Scenario{Map: &Map{}, OB: &OrderOfBattle{}}
	deepCopy(src, sc)
	deepCopy(src.Map, sc.Map)
	deepCopy(src.OB, sc.OB)
	sc.Map.Index()
	sc.OB.Index()
	return sc
}

func mustLoad(t testing.TB, name string) *Scenario {
	t.Helper()
	sc, err := LoadScenario(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestScenariosList(t *testing.T) {
	got := Scenarios()
	want := []string{"shiloh1862", "shiloh1862-day2"}
	if !slices.Equal(got, want) {
		t.Fatalf("Scenarios() = %v, want %v", got, want)
	}
	if _, err := LoadScenario("no-such"); err == nil {
		t.Fatal("LoadScenario of an unknown name succeeded")
	}
}

// TestLoadScenarioShared loads from many goroutines (run with -race) and expects the
// one shared pointer.
func TestLoadScenarioShared(t *testing.T) {
	var wg sync.WaitGroup
	got := make([]*Scenario, 16)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc, err := LoadScenario(Scenarios()[i%2])
			if err != nil {
				t.Error(err)
				return
			}
			got[i] = sc
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[i%2] {
			t.Fatalf("load %d returned a different pointer", i)
		}
	}
	if got[0].Map != got[1].Map || got[0].OB != got[1].OB {
		t.Fatal("the two scenarios of one directory do not share map and order of battle")
	}
}

func TestLoadedSizes(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	if sc.Map.ID != "shiloh1862" {
		t.Errorf("map id %q", sc.Map.ID)
	}
	if n := len(sc.Map.Areas); n != 51 {
		t.Errorf("%d areas, want the draft's 51", n)
	}
	if n := len(sc.Map.Borders); n != 123 {
		t.Errorf("%d borders, want 123", n)
	}
	if n := len(sc.Map.Roads); n != 12 {
		t.Errorf("%d roads, want 12", n)
	}
	if n := len(sc.OB.Blocks); n != 90 {
		t.Errorf("%d blocks, want 90", n)
	}
	if sc.Start != Day1First || sc.End != Day2Last {
		t.Errorf("full battle runs %s to %s", sc.Start, sc.End)
	}
	d2 := mustLoad(t, "shiloh1862-day2")
	if d2.Start != Day2First || d2.End != Day2Last {
		t.Errorf("day 2 runs %s to %s", d2.Start, d2.End)
	}
}

// TestRulesCrossChecks holds the map and OB to what the rules text says of them.
func TestRulesCrossChecks(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	m, ob := sc.Map, sc.OB
	adj := func(a, b AreaID) *Border {
		t.Helper()
		bd := m.Border(a, b)
		if bd == nil {
			t.Errorf("%s and %s are not adjacent", a, b)
		}
		return bd
	}
	// Command & Move example: Sherman in his camp, Shiloh Church, next to these.
	for _, n := range []AreaID{"crescent_field", "ben_howell_field", "thomil_field", "rea_field"} {
		adj("shiloh_church", n)
	}
	if c := m.Area("shiloh_church").Camp; c == nil || c.Formation != "us_tn_5" || ob.Formation("us_tn_5").HQ != "us_sherman" {
		t.Error("Shiloh Church is not Sherman's camp")
	}
	// Battle Reserves example: Seay Field to Rea Field via the ford, Shoup (artillery)
	// attacking along a road; Peabody and Munch reinforce from the woods to the east.
	if b := adj("seay_field", "rea_field"); b != nil {
		l := b.Limits("seay_field")
		if l.Move != 4 || l.Battle != 2 || !l.Road || !hasTerrain(b, BorderFord) {
			t.Errorf("Seay-Rea: %+v %v, want a ford 4/2 on a road", l, b.Terrain)
		}
	}
	if b := adj("rea_woods", "rea_field"); b != nil {
		if m.Area("rea_woods").Terrain != Woods || !b.Limits("rea_woods").Road || b.Limits("rea_woods").Battle < 2 {
			t.Error("Rea Woods must be woods with a road into Rea Field for Munch and room for two reserves")
		}
	}
	// Battle Turn example: a clear area attacked over a woods border and a clear road
	// border (the artillery's).
	found := false
	for _, a := range m.Areas {
		if a.Terrain != Clear {
			continue
		}
		var woods, clearRoad bool
		for _, n := range m.Neighbours(a.ID) {
			b := m.Border(a.ID, n)
			woods = woods || slices.Equal(b.Terrain, []BorderTerrain{BorderWoods})
			clearRoad = clearRoad || slices.Equal(b.Terrain, []BorderTerrain{BorderClear}) && len(b.Roads) > 0
		}
		found = found || woods && clearRoad
	}
	if !found {
		t.Error("no clear area with both a woods border and a clear road border (Battle Turn example)")
	}
	// Dill Branch is a ravine along its length; Lick and Owl creeks are impassable
	// except at fords and bridges (2/1).
	dill := 0
	for i := range m.Borders {
		b := &m.Borders[i]
		if strings.Contains(b.Feature, "Dill Branch") {
			dill++
			if l := b.Limits(b.A); !l.Ravine || l.Move != 2 || l.Battle != 1 {
				t.Errorf("Dill Branch crossing %s-%s: %+v", b.A, b.B, l)
			}
		}
		if hasTerrain(b, BorderCreek) && b.Limits(b.A).Passable {
			t.Errorf("creek %s-%s passable", b.A, b.B)
		}
		if hasTerrain(b, BorderCreekFord) || hasTerrain(b, BorderCreekBridge) {
			if l := b.Limits(b.A); l.Move != 2 || l.Battle != 1 {
				t.Errorf("creek crossing %s-%s: %+v", b.A, b.B, l)
			}
		}
	}
	if dill < 4 {
		t.Errorf("only %d Dill Branch crossings", dill)
	}
	if b := m.Border("thomil_field", "road_d"); b == nil || !hasTerrain(b, BorderCreekBridge) {
		t.Error("Road D should enter over the Owl Creek bridge")
	}
	// Brown's Ferry stacks 4; the riverfront is the three landings and Haggy Field;
	// the river touches exactly those.
	if a := m.Area("browns_ferry"); a.Stack != 4 || !a.Landing {
		t.Errorf("Brown's Ferry: %+v", a)
	}
	var front []AreaID
	for _, a := range m.Areas {
		if a.Riverfront {
			front = append(front, a.ID)
		}
	}
	want := []AreaID{"browns_ferry", "haggy_field", "pittsburg_landing", "upper_landing"}
	if !slices.Equal(front, want) || !slices.Equal(m.Neighbours("tennessee_river"), want) {
		t.Errorf("riverfront %v, river neighbours %v, want %v", front, m.Neighbours("tennessee_river"), want)
	}
	for _, e := range []struct {
		id   AreaID
		road string
		side Side
	}{{"road_a", "A", CSA}, {"road_d", "D", USA}, {"road_e", "E", USA}} {
		if a := m.Area(e.id); a.Entry != e.road || a.EntrySide != e.side {
			t.Errorf("%s: entry %q for %s", e.id, a.Entry, a.EntrySide)
		}
	}
	// Ratings the rules print.
	fp := func(id BlockID, want string) *BlockSpec {
		t.Helper()
		b := ob.Block(id)
		if b.Firepower.String() != want {
			t.Errorf("%s firepower %s, want %s", id, b.Firepower, want)
		}
		return b
	}
	if b := fp("us_myers", "B2"); b.Type != Artillery {
		t.Error("Myers is artillery")
	}
	if b := fp("us_webster", "A3"); !b.Siege || b.Type != Artillery {
		t.Error("Webster is siege artillery")
	}
	j, bg := fp("cs_johnston", "B3"), ob.Block("cs_beauregard")
	if j.CommandRange >= bg.CommandRange || j.HQKind != AHQ || bg.HQKind != AHQ {
		t.Error("Johnston has a lesser CR than Beauregard; both are AHQs")
	}
	if b := fp("us_sherman", "B3"); !b.ActingAHQ || b.CommandRange != 1 {
		t.Error("Sherman: DHQ CR1, acting AHQ until Grant")
	}
	fp("cs_bragg", "B1")
	fp("cs_cleburne", "C3")
	fp("us_hildebrand", "C2")
	fp("us_peabody", "C2")
	fp("cs_shoup", "A2")
	fp("us_munch", "A2")
	if b := fp("us_sweeny", "C4"); b.Max != 3 {
		t.Error("Sweeny has strength 3, 2 or 1")
	}
	for _, id := range []BlockID{"us_tyler", "us_lexington"} {
		if b := fp(id, "A3"); b.Type != Gunboat {
			t.Errorf("%s is a gunboat", id)
		}
	}
	if !ob.Block("cs_pond").Pond {
		t.Error("Pond carries the optional friendly-fire rule")
	}
	if g := ob.Block("us_grant"); g.CommandRange != 2 || g.HQKind != AHQ {
		t.Error("Grant is an AHQ with CR2")
	}
	// Aliases a player may write.
	for _, c := range []struct {
		alias string
		id    BlockID
	}{{"Sweeney", "us_sweeny"}, {"McClelland", "us_mcclernand"}} {
		if !slices.Contains(ob.Block(c.id).Aliases, c.alias) {
			t.Errorf("%s lacks alias %q", c.id, c.alias)
		}
	}
	for _, c := range []struct {
		alias string
		id    AreaID
	}{{"Hornets Nest", "hornets_nest"}, {"McClelland's Camp", "mcclernand_camp"}, {"Sarah Bell Field", "sarah_bell_field"}, {"Sherman's Camp", "shiloh_church"}} {
		if !slices.Contains(m.Area(c.id).Aliases, c.alias) {
			t.Errorf("%s lacks alias %q", c.id, c.alias)
		}
	}
}

func TestArrivals(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	byID := map[string]Arrival{}
	for _, a := range sc.Arrivals {
		byID[a.ID] = a
	}
	h := func(s string) Hour {
		v, err := ParseHour(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		id      string
		hqs     int
		options []ArrivalOption
	}{
		{"usa_grant", 0, []ArrivalOption{{Hour: h("D1 9AM"), Area: "pittsburg_landing"}}},
		{"usa_lew_wallace", 0, []ArrivalOption{{Hour: h("D1 3PM"), Area: "road_d", Choice: "D"}, {Hour: h("D1 5PM"), Area: "road_e", Choice: "E"}}},
		{"usa_nelson", 1, []ArrivalOption{{Hour: h("D1 6PM"), Landing: true}}},
		{"usa_mccook", 1, []ArrivalOption{{Hour: NightHour, Landing: true}}},
		{"usa_crittenden", 1, []ArrivalOption{{Hour: h("D2 7AM"), Landing: true}}},
	} {
		a, ok := byID[c.id]
		if !ok {
			t.Errorf("no arrival %s", c.id)
			continue
		}
		if !slices.Equal(a.Options, c.options) || a.HQStrength != c.hqs {
			t.Errorf("%s: options %+v hq_strength %d, want %+v %d", c.id, a.Options, a.HQStrength, c.options, c.hqs)
		}
	}
	if !slices.Contains(byID["usa_nelson"].Blocks, "us_buell") {
		t.Error("Buell arrives with Nelson (9.1)")
	}
}

func blockState(t *testing.T, st *State, id BlockID) BlockState {
	t.Helper()
	for _, b := range st.Blocks {
		if b.ID == id {
			return b
		}
	}
	t.Fatalf("no block %s in state", id)
	return BlockState{}
}

func TestNewStateFull(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	st, err := NewState(sc, Options{PlannedInitiative: true})
	if err != nil {
		t.Fatal(err)
	}
	if st.Hour != Day1First || st.Scenario != "shiloh1862" || st.Options.Visibility != VisBlocks {
		t.Errorf("hour %s scenario %q visibility %q", st.Hour, st.Scenario, st.Options.Visibility)
	}
	if len(st.Blocks) != 90 || !slices.IsSortedFunc(st.Blocks, func(a, b BlockState) int { return strings.Compare(string(a.ID), string(b.ID)) }) {
		t.Fatalf("%d blocks, sorted: want 90 sorted by id", len(st.Blocks))
	}
	if b := blockState(t, st, "us_sherman"); b.Where != OnMap || b.Area != "shiloh_church" || b.Strength != 2 {
		t.Errorf("Sherman %+v", b)
	}
	if b := blockState(t, st, "us_grant"); b.Where != Pending {
		t.Errorf("Grant %+v", b)
	}
	if b := blockState(t, st, "us_buell"); b.Where != Pending || b.Strength != 1 {
		t.Errorf("Buell arrives at strength 1: %+v", b)
	}
	if b := blockState(t, st, "us_rousseau"); b.Where != Pending || b.Strength != 3 {
		t.Errorf("Rousseau %+v", b)
	}
	if !slices.Equal(st.ArmyCommand, []ArmyCommand{{Army: ArmyUSTN, HQ: "us_sherman"}}) {
		t.Errorf("army command %+v, want Sherman acting for US-TN", st.ArmyCommand)
	}
	if st.InitiativeMarker != CSA || len(st.Losses) != 0 || len(st.CampsCaptured) != 0 {
		t.Errorf("marker %s losses %v camps %v", st.InitiativeMarker, st.Losses, st.CampsCaptured)
	}
}

func TestNewStateDay2(t *testing.T) {
	sc := mustLoad(t, "shiloh1862-day2")
	st, err := NewState(sc, Options{PlannedInitiative: true})
	if err != nil {
		t.Fatal(err)
	}
	var lost [2]int
	for _, l := range st.Losses {
		lost[l.Side.Index()]++
	}
	if lost[USA.Index()] != 12 || lost[CSA.Index()] != 5 {
		t.Errorf("losses USA %d CSA %d, want the card's 12 and 5", lost[USA.Index()], lost[CSA.Index()])
	}
	w := blockState(t, st, "us_whl_wallace")
	if w.Where != OnMap || w.Strength != 0 || w.Max != 1 || w.Firepower.String() != "B1" || w.Falls != 1 {
		t.Errorf("W. Wallace rebuilt: %+v", w)
	}
	if j := blockState(t, st, "cs_johnston"); j.Where != Eliminated || j.Falls != 1 {
		t.Errorf("Johnston %+v", j)
	}
	if p := blockState(t, st, "us_peabody"); p.Where != Eliminated {
		t.Errorf("Peabody %+v", p)
	}
	if !slices.Equal(st.ArmyCommand, []ArmyCommand{{Army: ArmyCSA, HQ: "cs_beauregard"}}) {
		t.Errorf("army command %+v, want Beauregard for the CSA", st.ArmyCommand)
	}
	if st.InitiativeMarker != USA || st.Hour != Day2First {
		t.Errorf("marker %s hour %s", st.InitiativeMarker, st.Hour)
	}
	if len(st.CampsCaptured) != 3 {
		t.Errorf("camps captured %v", st.CampsCaptured)
	}
	// A scenario that forgets a block is corrupt input.
	bad := freshScenario(t, day2File)
	bad.Setup = bad.Setup[1:]
	if _, err := NewState(bad, Options{}); err == nil {
		t.Error("NewState accepted a scenario that leaves a block out")
	}
}

// copyFS copies the embedded data into a MapFS so that a test can edit one file.
func copyFS(t *testing.T) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(embeddedScenarios, scenarioRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(embeddedScenarios, p)
		out[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestLoaderReportsUnknownKeys(t *testing.T) {
	fsys := copyFS(t)
	f := fsys["scenarios/shiloh1862/ob.toml"]
	f.Data = []byte(strings.Replace(string(f.Data), "firepower = \"C4\"", "firepower = \"C4\"\nfirepowr = \"C3\"", 1))
	m := fsys["scenarios/shiloh1862/map.toml"]
	m.Data = []byte(strings.Replace(string(m.Data), "stack = 4\n", "stack = 4\nstackk = 3\n", 1))
	sc, err := LoadScenarioFS(fsys, fullFile)
	if err != nil {
		t.Fatal(err)
	}
	probs := fmt.Sprint(Validate(sc))
	for _, k := range []string{"firepowr", "stackk"} {
		if !strings.Contains(probs, k) {
			t.Errorf("unknown key %s not reported: %s", k, probs)
		}
	}
	// A syntax error is an error.
	f.Data = append(f.Data, []byte("\n[[block\n")...)
	if _, err := LoadScenarioFS(fsys, fullFile); err == nil {
		t.Error("syntax error not reported")
	}
}

func TestLoaderChecksDeclaredBorderRoads(t *testing.T) {
	fsys := copyFS(t)
	m := fsys["scenarios/shiloh1862/map.toml"]
	old := "a = \"seay_field\"\nb = \"fraley_field\"\n"
	if !strings.Contains(string(m.Data), old) {
		t.Fatal("test data moved")
	}
	m.Data = []byte(strings.Replace(string(m.Data), old, old+"roads = [\"bark\"]\n", 1))
	scs, err := LoadScenariosFS(fsys, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(Validate(scs[0])); !strings.Contains(got, "road paths cross this border with [pittsburg_corinth]") {
		t.Errorf("declared roads that disagree were not reported: %s", got)
	}
}

func TestLoadFromDirectory(t *testing.T) {
	// A club's copy on disk, read through os.DirFS as the CLI does.
	scs, err := LoadScenariosFS(os.DirFS("scenarios"), ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(scs) != 2 || scs[0].ID != "shiloh1862" || scs[1].ID != "shiloh1862-day2" {
		t.Fatalf("loaded %d scenarios", len(scs))
	}
	if p := Validate(scs[1]); len(p) != 0 {
		t.Errorf("problems: %v", p)
	}
	if _, err := LoadScenariosFS(os.DirFS("testdata"), "."); err == nil {
		t.Error("a directory without scenario files loaded")
	}
}

// --- The Day 2 setup card ---

type cardEntry struct {
	line     int
	group    string // "1".."6", "OH", "MS" or "" (army troops, Breckinridge)
	name     string
	strength int
	area     string // "" when the card gives none
}

type card struct {
	armies    []string
	shattered map[Side]int
	entries   []cardEntry
	byArmy    map[int]Army // entry index to army
	notes     []string     // "Note:" texts and special lines, checked by hand
}

var (
	cardEntryRE = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z.' ]*?)\s+(\d)\s*[,.]?\s*$`)
	cardAreaRE  = regexp.MustCompile(`^\s*\(([^)]*)\)\s*[,.]?\s*$`)
	cardGroupRE = regexp.MustCompile(`^(\d)\.\s+|^(OH|MS):\s+`)
)

// parseCard reads the transcribed card: one HQ group per line, "Name N" entries
// separated by commas, an area in parentheses after the entries it places.
func parseCard(t *testing.T, text string) *card {
	c := &card{shattered: map[Side]int{}, byArmy: map[int]Army{}}
	var army Army
	notes := false
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			c.armies = append(c.armies, line)
			notes = line == "[Notes]"
			switch {
			case strings.Contains(line, "Tennessee"):
				army = ArmyUSTN
			case strings.Contains(line, "Ohio"):
				army = ArmyUSOH
			case strings.HasPrefix(line, "[CSA"):
				army = ArmyCSA
			}
			continue
		}
		if notes {
			c.notes = append(c.notes, line)
			continue
		}
		if n, ok := strings.CutSuffix(line, " shattered blocks."); ok {
			v, err := strconv.Atoi(n)
			if err != nil {
				t.Fatalf("card line %d: %v", i+1, err)
			}
			side := USA
			if army == ArmyCSA {
				side = CSA
			}
			c.shattered[side] = v
			continue
		}
		group := ""
		if m := cardGroupRE.FindStringSubmatch(line); m != nil {
			group = m[1] + m[2]
			line = line[len(m[0]):]
		}
		if body, note, ok := strings.Cut(line, "Note:"); ok {
			c.notes = append(c.notes, strings.TrimSpace(note))
			line = body
		}
		if body, ok := strings.CutSuffix(line, "Johnston fallen (not replaced)."); ok {
			c.notes = append(c.notes, "Johnston fallen (not replaced).")
			line = body
		}
		if strings.HasSuffix(line, ": All shattered.") {
			c.notes = append(c.notes, group+". "+line)
			continue
		}
		// Split into entries and areas; ". (" also separates ("Beauregard 1. (…)").
		line = strings.ReplaceAll(line, ". (", ", (")
		line = strings.ReplaceAll(line, " (", ", (")
		var pending []int
		for _, part := range strings.Split(line, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			if m := cardAreaRE.FindStringSubmatch(part); m != nil {
				for _, k := range pending {
					c.entries[k].area = m[1]
				}
				pending = nil
				continue
			}
			m := cardEntryRE.FindStringSubmatch(part)
			if m == nil {
				t.Fatalf("card line %d: cannot read %q", i+1, part)
			}
			s, _ := strconv.Atoi(m[2])
			c.byArmy[len(c.entries)] = army
			pending = append(pending, len(c.entries))
			c.entries = append(c.entries, cardEntry{line: i + 1, group: group, name: m[1], strength: s})
		}
	}
	return c
}

// nameMatches compares a card name with a block's name and aliases, normalised; a
// bare surname matches the last word of the name ("Wallace" for "W. Wallace").
func nameMatches(card string, b *BlockSpec) bool {
	k := normName(card)
	for _, n := range append([]string{b.Name}, b.Aliases...) {
		if normName(n) == k {
			return true
		}
	}
	f := strings.Fields(b.Name)
	return len(f) > 1 && normName(f[len(f)-1]) == k
}

func areaMatches(card string, a *Area) bool {
	k := normName(card)
	for _, n := range append([]string{a.Name}, a.Aliases...) {
		if normName(n) == k {
			return true
		}
	}
	return false
}

// compareWithCard lists every difference between a Day 2 scenario and the card.
func compareWithCard(t *testing.T, sc *Scenario, c *card) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	placed := map[BlockID]Placement{}
	for _, p := range sc.Setup {
		placed[p.Block] = p
	}
	seen := map[BlockID]bool{}
	lineFormation := map[int]FormationID{}
	for i, e := range c.entries {
		army := c.byArmy[i]
		var want FormationID
		switch {
		case e.group == "OH":
			want = "us_oh_army"
		case e.group == "MS":
			want = "cs_army"
		case e.group != "" && army == ArmyCSA:
			want = FormationID("cs_" + e.group)
		case e.group != "" && army == ArmyUSTN:
			want = FormationID("us_tn_" + e.group)
		case e.group != "":
			want = FormationID("us_oh_" + e.group)
		default:
			want = lineFormation[e.line] // "" for a line's first entry: search the army
		}
		var match []*BlockSpec
		for j := range sc.OB.Blocks {
			b := &sc.OB.Blocks[j]
			if b.Army == army && (want == "" || b.Formation == want) && nameMatches(e.name, b) {
				match = append(match, b)
			}
		}
		if len(match) != 1 {
			add("card line %d: %q matches %d blocks of %s %s", e.line, e.name, len(match), army, want)
			continue
		}
		b := match[0]
		if lineFormation[e.line] == "" {
			lineFormation[e.line] = b.Formation
		}
		seen[b.ID] = true
		p, ok := placed[b.ID]
		if !ok {
			add("card line %d: %s (%s) is not placed", e.line, e.name, b.ID)
			continue
		}
		if p.Strength != e.strength {
			add("card line %d: %s strength %d, card %d", e.line, b.ID, p.Strength, e.strength)
		}
		if e.area != "" && !areaMatches(e.area, sc.Map.Area(p.Area)) {
			add("card line %d: %s in %s, card %q", e.line, b.ID, p.Area, e.area)
		}
		if b.IsHQ() && e.area == "" && b.Type != Gunboat {
			add("card line %d: HQ %s without an area on the card", e.line, b.ID)
		}
	}
	for _, p := range sc.Setup {
		if !seen[p.Block] {
			add("%s is placed but not on the card", p.Block)
		}
	}
	for _, side := range Sides {
		n := 0
		for _, id := range sc.Shattered {
			if sc.OB.Block(id).Side == side {
				n++
			}
		}
		for _, f := range sc.Fallen {
			if sc.OB.Block(f.HQ).Side == side {
				n++
			}
		}
		if n != c.shattered[side] {
			add("%s: %d shattered blocks and fallen HQs, card %d", side, n, c.shattered[side])
		}
	}
	notes := strings.Join(c.notes, "\n")
	shattered := map[BlockID]bool{}
	for _, id := range sc.Shattered {
		shattered[id] = true
	}
	if strings.Contains(notes, "6. Prentiss: All shattered.") {
		for _, b := range sc.OB.Blocks {
			if b.Formation == "us_tn_6" && !shattered[b.ID] {
				add("Prentiss: all shattered, but %s is not", b.ID)
			}
		}
	} else {
		add("card note on Prentiss missing")
	}
	if strings.Contains(notes, "CSA have Fallen Wallace VP.") {
		if !slices.Contains(sc.Fallen, FallenVP{Holder: CSA, HQ: "us_whl_wallace"}) || !placed["us_whl_wallace"].Rebuilt {
			add("CSA hold the Fallen W. Wallace VP and Wallace is rebuilt")
		}
	} else {
		add("card note on Wallace missing")
	}
	if strings.Contains(notes, "Johnston fallen (not replaced).") {
		if !shattered["cs_johnston"] {
			add("Johnston fallen, not replaced, but not shattered")
		}
	} else {
		add("card note on Johnston missing")
	}
	if strings.Contains(notes, "USA has initiative 7AM") && sc.Start != Day2First {
		add("the card starts at Day 2 7AM (USA initiative by 2.1), scenario at %s", sc.Start)
	}
	return diffs
}

func readCard(t *testing.T) *card {
	b, err := os.ReadFile("testdata/scenarios/day2-card.txt")
	if err != nil {
		t.Fatal(err)
	}
	c := parseCard(t, string(b))
	if len(c.entries) != 30+30+14-0 || c.shattered[USA] != 12 || c.shattered[CSA] != 5 {
		t.Fatalf("card read as %d entries, shattered %v", len(c.entries), c.shattered)
	}
	return c
}

// TestDay2MatchesCard compares the embedded Day 2 scenario with the rulebook's setup
// card line by line.
func TestDay2MatchesCard(t *testing.T) {
	c := readCard(t)
	for _, d := range compareWithCard(t, mustLoad(t, "shiloh1862-day2"), c) {
		t.Error(d)
	}
}

// TestCardComparisonCatches proves the comparison can fail.
func TestCardComparisonCatches(t *testing.T) {
	c := readCard(t)
	for name, breakIt := range map[string]func(sc *Scenario){
		"strength": func(sc *Scenario) { sc.Setup[0].Strength++ },
		"hq area": func(sc *Scenario) {
			for i := range sc.Setup {
				if sc.Setup[i].Block == "cs_polk" {
					sc.Setup[i].Area = "polk_bivouac"
				}
			}
		},
		"missing": func(sc *Scenario) { sc.Setup = sc.Setup[:len(sc.Setup)-1] },
		"extra shattered": func(sc *Scenario) {
			sc.Shattered = append(sc.Shattered, sc.Setup[0].Block)
			sc.Setup = sc.Setup[1:]
		},
		"fallen": func(sc *Scenario) { sc.Fallen = nil },
	} {
		sc := freshScenario(t, day2File)
		breakIt(sc)
		if d := compareWithCard(t, sc, c); len(d) == 0 {
			t.Errorf("%s: change not caught", name)
		}
	}
}

// FuzzScenarioFile feeds arbitrary scenario start files (with the real map and order
// of battle) to the loader, the validator and NewState: none may panic.
func FuzzScenarioFile(f *testing.F) {
	for _, name := range []string{fullFile, day2File} {
		b, err := fs.ReadFile(embeddedScenarios, name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("[scenario]\nid = \"x\"\nstart = \"night\"\nend = \"D1 07:00\"\n[[setup]]\nblock = \"us_grant\"\narea = \"nowhere\"\nstrength = -3\n"))
	shared, err := LoadScenario("shiloh1862")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"x.toml": &fstest.MapFile{Data: data}}
		// The shared map and order of battle are only read.
		sc, err := loadStart(fsys, "x.toml", shared.Map, shared.OB, nil)
		if err != nil {
			return
		}
		probs := Validate(sc)
		st, err := NewState(sc, Options{PlannedInitiative: true})
		if len(probs) == 0 && err != nil {
			t.Errorf("valid scenario but NewState failed: %v", err)
		}
		if err == nil && len(st.Blocks) != len(sc.OB.Blocks) {
			t.Errorf("%d block states for %d blocks", len(st.Blocks), len(sc.OB.Blocks))
		}
	})
}

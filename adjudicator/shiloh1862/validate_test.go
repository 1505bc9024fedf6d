package shiloh1862

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestEmbeddedScenariosValid is the check `pbem scenario check` runs, for every
// embedded scenario.
func TestEmbeddedScenariosValid(t *testing.T) {
	names := Scenarios()
	if len(names) == 0 {
		t.Fatal("no embedded scenarios")
	}
	for _, n := range names {
		sc := mustLoad(t, n)
		for _, p := range Validate(sc) {
			t.Errorf("%s: %s", n, p)
		}
	}
}

func setupIndex(t *testing.T, sc *Scenario, id BlockID) int {
	t.Helper()
	for i, p := range sc.Setup {
		if p.Block == id {
			return i
		}
	}
	t.Fatalf("%s not in setup", id)
	return -1
}

func moveTo(t *testing.T, sc *Scenario, id BlockID, to AreaID) {
	sc.Setup[setupIndex(t, sc, id)].Area = to
}

func borderOf(t *testing.T, sc *Scenario, a, b AreaID) *Border {
	t.Helper()
	bd := sc.Map.Border(a, b)
	if bd == nil {
		t.Fatalf("no border %s-%s", a, b)
	}
	return bd
}

// TestValidatorCatches breaks the embedded data one way at a time and expects the
// validator to name the problem.
func TestValidatorCatches(t *testing.T) {
	cases := []struct {
		name   string
		file   string
		rule   string
		text   string
		break_ func(t *testing.T, sc *Scenario)
	}{
		{"border twice", fullFile, "3.1", "listed twice", func(t *testing.T, sc *Scenario) {
			b := *borderOf(t, sc, "rea_field", "seay_field")
			b.A, b.B = b.B, b.A
			sc.Map.Borders = append(sc.Map.Borders, b)
			sc.Map.Index()
		}},
		{"border to nowhere", fullFile, "3.1", "does not exist", func(t *testing.T, sc *Scenario) {
			sc.Map.Borders = append(sc.Map.Borders, Border{A: "rea_field", B: "atlantis", Terrain: []BorderTerrain{BorderClear}})
			sc.Map.Index()
		}},
		{"unknown border terrain", fullFile, "3.35", "unknown border terrain", func(t *testing.T, sc *Scenario) {
			borderOf(t, sc, "rea_field", "seay_field").Terrain = []BorderTerrain{"swamp"}
		}},
		{"unreachable area", fullFile, "3.1", "cannot be reached", func(t *testing.T, sc *Scenario) {
			borderOf(t, sc, "polk_bivouac", "road_a").Terrain = []BorderTerrain{BorderCreek}
		}},
		{"road over a creek", fullFile, "3.35", "crosses the impassable border", func(t *testing.T, sc *Scenario) {
			borderOf(t, sc, "road_d", "thomil_field").Terrain = []BorderTerrain{BorderCreek}
		}},
		{"road gap", fullFile, "3.4", "not adjacent", func(t *testing.T, sc *Scenario) {
			r := sc.Map.Road("lower_corinth")
			r.Path = []AreaID{"shiloh_church", "hardee_bivouac"}
		}},
		{"slope without top", fullFile, "3.35", "slope needs high", func(t *testing.T, sc *Scenario) {
			borderOf(t, sc, "prentiss_camp", "barnes_field").High = ""
		}},
		{"Dill Branch not a ravine", fullFile, "3.35", "Dill Branch", func(t *testing.T, sc *Scenario) {
			b := borderOf(t, sc, "cloud_field", "wicker_field")
			b.Terrain, b.High = []BorderTerrain{BorderSlope}, "cloud_field"
		}},
		{"river beside a field", fullFile, "4.25", "not a riverfront area", func(t *testing.T, sc *Scenario) {
			sc.Map.Borders = append(sc.Map.Borders, Border{A: "tennessee_river", B: "mcculler_field", Terrain: []BorderTerrain{BorderRiver}})
			sc.Map.Index()
		}},
		{"riverfront count", fullFile, "4.25", "riverfront areas", func(t *testing.T, sc *Scenario) {
			sc.Map.Area("haggy_field").Riverfront = false
		}},
		{"camp count", fullFile, "3.5", "camps", func(t *testing.T, sc *Scenario) {
			sc.Map.Area("cloud_field").Camp = nil
		}},
		{"stack of a woods area", fullFile, "3.34", "stacks 6, not 4", func(t *testing.T, sc *Scenario) {
			sc.Map.Area("hornets_nest").Stack = 6
		}},
		{"duplicate area name", fullFile, "data", "also used by", func(t *testing.T, sc *Scenario) {
			a := sc.Map.Area("stacy_field")
			a.Aliases = append(a.Aliases, "Hornets Nest")
		}},
		{"block-type totals", fullFile, "4.2", "BLOCK TYPES", func(t *testing.T, sc *Scenario) {
			sc.OB.Block("us_hare").Type = Cavalry
		}},
		{"HQ command range", fullFile, "5.21", "command range 3", func(t *testing.T, sc *Scenario) {
			sc.OB.Block("us_grant").CommandRange = 3
		}},
		{"division without blocks", fullFile, "6.91", "has no blocks", func(t *testing.T, sc *Scenario) {
			for i := range sc.OB.Blocks {
				if b := &sc.OB.Blocks[i]; b.Formation == "us_tn_6" && !b.IsHQ() {
					b.Formation = "us_tn_5"
				}
			}
		}},
		{"ambiguous block alias", fullFile, "data", "also names", func(t *testing.T, sc *Scenario) {
			b := sc.OB.Block("us_thayer")
			b.Aliases = append(b.Aliases, "Sweeney")
		}},
		{"block of no formation", fullFile, "5.22", "unknown formation", func(t *testing.T, sc *Scenario) {
			sc.OB.Block("cs_pond").Formation = "cs_9"
		}},
		{"seniority incomplete", fullFile, "6.91", "us_hurlbut is missing", func(t *testing.T, sc *Scenario) {
			for i := range sc.OB.Seniority {
				s := &sc.OB.Seniority[i]
				if s.Army == ArmyUSTN {
					s.HQs = []BlockID{"us_grant", "us_sherman", "us_mcclernand", "us_prentiss", "us_lew_wallace", "us_whl_wallace"}
				}
			}
		}},
		{"seniority head", fullFile, "6.91", "not an AHQ", func(t *testing.T, sc *Scenario) {
			for i := range sc.OB.Seniority {
				s := &sc.OB.Seniority[i]
				if s.Army == ArmyUSOH {
					s.HQs[0], s.HQs[1] = s.HQs[1], s.HQs[0]
				}
			}
		}},
		{"provenance prefix", fullFile, "data", "must start with", func(t *testing.T, sc *Scenario) {
			sc.OB.Block("us_hare").Provenance["max"] = "guess"
		}},
		{"provenance missing", fullFile, "data", "no provenance for terrain", func(t *testing.T, sc *Scenario) {
			delete(sc.Map.Area("rea_field").Provenance, "terrain")
		}},
		{"setup in unknown area", fullFile, "1.1", "does not exist", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "us_hare", "atlantis")
		}},
		{"block left out", fullFile, "1.1", "not placed, arriving, shattered or absent", func(t *testing.T, sc *Scenario) {
			i := setupIndex(t, sc, "us_hare")
			sc.Setup = append(sc.Setup[:i], sc.Setup[i+1:]...)
		}},
		{"block twice", day2File, "1.1", "appears 2 times", func(t *testing.T, sc *Scenario) {
			sc.Absent = append(sc.Absent, "us_hare")
		}},
		{"stacking", fullFile, "3.31", "stacking limit 4", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "cs_gibson", "hardee_bivouac")
		}},
		{"USA two per area", fullFile, "1.1", "at most two per area", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "us_hare", "mcclernand_camp")
		}},
		{"DHQ out of camp", fullFile, "1.1", "camp of us_tn_5", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "us_sherman", "crescent_field")
		}},
		{"CHQ out of camp", fullFile, "1.1", "camp of cs_3", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "cs_hardee", "fraley_field")
		}},
		{"CSA AHQ out of camp", fullFile, "1.1", "CSA AHQ deploys in a CSA camp", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "cs_johnston", "fraley_field")
		}},
		{"Stuart in his historical camp", fullFile, "5.21", "not within CR1 of us_sherman", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "us_stuart", "larkin_bell_field")
		}},
		{"command range blocked by the enemy", fullFile, "5.21", "not within CR2 of cs_polk", func(t *testing.T, sc *Scenario) {
			// Lindsay in Ben Howell Field is two areas from Polk through Hardee's
			// camp; with a USA block there the range is cut.
			moveTo(t, sc, "cs_lindsay", "thomil_field")
		}},
		{"both sides in one area", fullFile, "1.1", "both sides", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "cs_cleburne", "rea_field")
		}},
		{"gunboat ashore", fullFile, "4.25", "only ever occupy the river", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "us_tyler", "pittsburg_landing")
		}},
		{"strength above max", fullFile, "4.12", "strength 4", func(t *testing.T, sc *Scenario) {
			sc.Setup[setupIndex(t, sc, "us_hare")].Strength = 4
		}},
		{"day 2 block beyond CR2", day2File, "5.21", "not within CR2 of cs_breckinridge", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "cs_forrest", "road_c")
		}},
		{"day 2 USA block beyond CR1", day2File, "5.21", "not within CR1 of us_nelson", func(t *testing.T, sc *Scenario) {
			moveTo(t, sc, "us_bruce", "mulberry_field")
		}},
		{"rebuilt without a fall", day2File, "6.91", "no Fallen HQ VP", func(t *testing.T, sc *Scenario) {
			sc.Fallen = nil
		}},
		{"fallen VP held by the wrong side", day2File, "6.91", "held by the enemy", func(t *testing.T, sc *Scenario) {
			sc.Fallen[0].Holder = USA
		}},
		{"camp captured is not a camp", day2File, "7.2", "not a USA camp", func(t *testing.T, sc *Scenario) {
			sc.CampsCaptured = append(sc.CampsCaptured, "hardee_bivouac")
		}},
		{"arrival after the end", fullFile, "5.6", "outside the scenario", func(t *testing.T, sc *Scenario) {
			sc.End = Day1Last
		}},
		{"arrival at a non-entry area", fullFile, "5.6", "not a CSA entry area", func(t *testing.T, sc *Scenario) {
			for i := range sc.Arrivals {
				if sc.Arrivals[i].ID == "csa_wharton" {
					sc.Arrivals[i].Options[0].Area = "road_d"
				}
			}
		}},
		{"Lew Wallace options unnamed", fullFile, "5.61", "distinct choice names", func(t *testing.T, sc *Scenario) {
			for i := range sc.Arrivals {
				if sc.Arrivals[i].ID == "usa_lew_wallace" {
					sc.Arrivals[i].Options[1].Choice = "D"
				}
			}
		}},
		{"CSA at a landing", fullFile, "9.1", "only the USA lands", func(t *testing.T, sc *Scenario) {
			sc.Arrivals[len(sc.Arrivals)-1].Options[0] = ArrivalOption{Hour: Day1Last, Landing: true}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := freshScenario(t, c.file)
			if p := Validate(sc); len(p) != 0 {
				t.Fatalf("unbroken data has problems: %v", p)
			}
			c.break_(t, sc)
			probs := Validate(sc)
			for _, p := range probs {
				if p.Rule == c.rule && strings.Contains(p.Text, c.text) {
					return
				}
			}
			t.Errorf("want a rule %s problem containing %q, got %v", c.rule, c.text, probs)
		})
	}
}

func TestProblemString(t *testing.T) {
	p := Problem{Where: "map: area x", Rule: "3.31", Text: "too many"}
	if got := p.String(); got != "map: area x: too many (rule 3.31)" {
		t.Errorf("String() = %q", got)
	}
	if got := (Problem{Where: "w", Text: "t"}).String(); got != "w: t" {
		t.Errorf("String() = %q", got)
	}
}

func TestProvenanceKind(t *testing.T) {
	for in, want := range map[string]string{
		"source: rules 9.1": "source", "derived: x": "derived", "authored: y": "authored",
		"authored (y)": "", "": "",
	} {
		if got := ProvenanceKind(in); got != want {
			t.Errorf("ProvenanceKind(%q) = %q, want %q", in, got, want)
		}
	}
}

var updateDataDoc = flag.Bool("update-data-doc", false, "rewrite the provenance tables in docs/DATA.md")

const (
	dataDoc        = "../../docs/DATA.md"
	countsBegin    = "<!-- provenance counts: generated by go test ./adjudicator/shiloh1862 -update-data-doc -->"
	countsEnd      = "<!-- end of provenance counts -->"
	provenanceKeys = "source derived authored"
)

// provenanceTables counts the provenance of every value of the embedded data, per
// category and per field, as markdown tables.
func provenanceTables(t *testing.T) string {
	full, day2 := mustLoad(t, "shiloh1862"), mustLoad(t, "shiloh1862-day2")
	type tally struct {
		records int
		kinds   map[string]int
		fields  map[string]map[string]int
	}
	order := []string{}
	tallies := map[string]*tally{}
	count := func(cat string, p Provenance) {
		tl := tallies[cat]
		if tl == nil {
			tl = &tally{kinds: map[string]int{}, fields: map[string]map[string]int{}}
			tallies[cat] = tl
			order = append(order, cat)
		}
		tl.records++
		for k, v := range p {
			kind := ProvenanceKind(v)
			tl.kinds[kind]++
			if tl.fields[k] == nil {
				tl.fields[k] = map[string]int{}
			}
			tl.fields[k][kind]++
		}
	}
	for _, a := range full.Map.Areas {
		count("areas", a.Provenance)
	}
	for _, b := range full.Map.Borders {
		count("borders", b.Provenance)
	}
	for _, r := range full.Map.Roads {
		count("roads", r.Provenance)
	}
	for _, b := range full.OB.Blocks {
		count("blocks", b.Provenance)
	}
	for _, p := range full.Setup {
		count("full battle: setup", p.Provenance)
	}
	for _, a := range full.Arrivals {
		count("full battle: arrivals", a.Provenance)
	}
	for _, p := range day2.Setup {
		count("Day 2: setup", p.Provenance)
	}
	kinds := strings.Fields(provenanceKeys)
	var b strings.Builder
	b.WriteString(countsBegin + "\n\n| data | records | source | derived | authored |\n|---|---:|---:|---:|---:|\n")
	for _, cat := range order {
		tl := tallies[cat]
		fmt.Fprintf(&b, "| %s | %d |", cat, tl.records)
		for _, k := range kinds {
			fmt.Fprintf(&b, " %d |", tl.kinds[k])
		}
		b.WriteString("\n")
	}
	b.WriteString("\nPer field (values, not records):\n\n| data | field | source | derived | authored |\n|---|---|---:|---:|---:|\n")
	for _, cat := range order {
		tl := tallies[cat]
		fields := make([]string, 0, len(tl.fields))
		for f := range tl.fields {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		for _, f := range fields {
			fmt.Fprintf(&b, "| %s | %s |", cat, f)
			for _, k := range kinds {
				fmt.Fprintf(&b, " %d |", tl.fields[f][k])
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("\n" + countsEnd)
	return b.String()
}

// TestDataDocCounts keeps docs/DATA.md's provenance tables equal to the data.
func TestDataDocCounts(t *testing.T) {
	doc, err := os.ReadFile(dataDoc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, countsBegin), strings.Index(s, countsEnd)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the provenance count markers", dataDoc)
	}
	want := provenanceTables(t)
	got := s[i : j+len(countsEnd)]
	if got == want {
		return
	}
	if *updateDataDoc {
		if err := os.WriteFile(dataDoc, []byte(s[:i]+want+s[j+len(countsEnd):]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s provenance tables are stale; run go test ./adjudicator/shiloh1862 -run TestDataDocCounts -update-data-doc\nwant:\n%s", dataDoc, want)
}

func BenchmarkLoadScenarios(b *testing.B) {
	for b.Loop() {
		if _, err := LoadScenariosFS(embeddedScenarios, scenarioRoot); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	sc := mustLoad(b, "shiloh1862")
	for b.Loop() {
		if p := Validate(sc); len(p) != 0 {
			b.Fatal(p)
		}
	}
}

func BenchmarkNewState(b *testing.B) {
	sc := mustLoad(b, "shiloh1862-day2")
	for b.Loop() {
		if _, err := NewState(sc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

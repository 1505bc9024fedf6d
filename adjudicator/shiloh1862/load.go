package shiloh1862

// This file reads the scenario data: scenarios/<map>/map.toml (areas, borders, roads),
// scenarios/<map>/ob.toml (blocks, formations, seniority) and one more TOML file per
// scenario start in the same directory. The format is documented at the top of each
// file and in docs/DATA.md. Values the loader cannot place (unknown keys, a club's
// typo) become Problems that Validate reports.

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/datafile"
)

//go:embed scenarios
var embeddedScenarios embed.FS

const (
	scenarioRoot = "scenarios"
	mapFileName  = "map.toml"
	obFileName   = "ob.toml"
)

type mapFile struct {
	Map struct {
		ID    string `toml:"id"`
		Title string `toml:"title"`
	} `toml:"map"`
	Areas   []Area   `toml:"area"`
	Borders []Border `toml:"border"`
	Roads   []Road   `toml:"road"`
}

type obFile struct {
	OB struct {
		FallenMarkers int `toml:"fallen_markers"`
	} `toml:"ob"`
	Formations []Formation `toml:"formation"`
	Seniority  []Seniority `toml:"seniority"`
	Blocks     []BlockSpec `toml:"block"`
}

// setupRecord is a Placement whose strength may be left out (then the block's start
// strength applies); 0 is a real strength for an HQ.
type setupRecord struct {
	Block      BlockID    `toml:"block"`
	Area       AreaID     `toml:"area"`
	Strength   *int       `toml:"strength"`
	Rebuilt    bool       `toml:"rebuilt"`
	Provenance Provenance `toml:"provenance"`
}

type scenarioFile struct {
	Scenario struct {
		ID            string    `toml:"id"`
		Title         string    `toml:"title"`
		Description   string    `toml:"description"`
		Start         *Hour     `toml:"start"`
		End           *Hour     `toml:"end"`
		Shattered     []BlockID `toml:"shattered"`
		Absent        []BlockID `toml:"absent"`
		CampsCaptured []AreaID  `toml:"camps_captured"`
	} `toml:"scenario"`
	Fallen   []FallenVP    `toml:"fallen"`
	Setup    []setupRecord `toml:"setup"`
	Arrivals []Arrival     `toml:"arrival"`
}

// Problem is one thing wrong with scenario data: where it is, the rule it breaks
// ("data" for the file format) and what is wrong. The rule systems share it.
type Problem = datafile.Problem

// decodeStrict decodes one TOML file and reports every key the types do not know.
func decodeStrict(fsys fs.FS, name string, v any) ([]Problem, error) {
	probs, err := datafile.DecodeStrict(fsys, name, v, "scenario data")
	if err != nil {
		return nil, errorf("%v", err)
	}
	return probs, nil
}

// LoadMapFS reads map.toml and ob.toml from dir of fsys and indexes them. The
// problems are unknown keys and road lists of borders that disagree with the roads.
func LoadMapFS(fsys fs.FS, dir string) (*Map, *OrderOfBattle, []Problem, error) {
	var mf mapFile
	probs, err := decodeStrict(fsys, path.Join(dir, mapFileName), &mf)
	if err != nil {
		return nil, nil, nil, err
	}
	var of obFile
	p2, err := decodeStrict(fsys, path.Join(dir, obFileName), &of)
	if err != nil {
		return nil, nil, nil, err
	}
	probs = append(probs, p2...)
	m := &Map{ID: mf.Map.ID, Title: mf.Map.Title, Areas: mf.Areas, Borders: mf.Borders, Roads: mf.Roads}
	m.Index()
	probs = append(probs, fillBorderRoads(m)...)
	ob := &OrderOfBattle{
		Blocks:        of.Blocks,
		Formations:    of.Formations,
		Seniority:     of.Seniority,
		FallenMarkers: of.OB.FallenMarkers,
	}
	ob.Index()
	return m, ob, probs, nil
}

// fillBorderRoads sets every border's Roads from the road paths, so that the data
// says each road once. A border that lists roads itself must list the same ones.
func fillBorderRoads(m *Map) []Problem {
	declared := make([][]RoadID, len(m.Borders))
	for i := range m.Borders {
		declared[i] = m.Borders[i].Roads
		m.Borders[i].Roads = nil
	}
	for _, r := range m.Roads {
		for i := 1; i < len(r.Path); i++ {
			b := m.Border(r.Path[i-1], r.Path[i])
			if b == nil {
				continue // Validate reports the gap
			}
			if !containsRoad(b.Roads, r.ID) {
				b.Roads = append(b.Roads, r.ID)
			}
		}
	}
	m.indexLimits() // the crossings' Road flags
	var probs []Problem
	for i := range m.Borders {
		b := &m.Borders[i]
		sort.Slice(b.Roads, func(x, y int) bool { return b.Roads[x] < b.Roads[y] })
		if declared[i] == nil {
			continue
		}
		d := append([]RoadID(nil), declared[i]...)
		sort.Slice(d, func(x, y int) bool { return d[x] < d[y] })
		if fmt.Sprint(d) != fmt.Sprint(b.Roads) {
			probs = append(probs, Problem{
				Where: "map: border " + string(b.A) + "–" + string(b.B),
				Rule:  "3.4",
				Text:  fmt.Sprintf("roads = %v, but the road paths cross this border with %v", d, b.Roads),
			})
		}
	}
	return probs
}

func containsRoad(rs []RoadID, id RoadID) bool {
	for _, r := range rs {
		if r == id {
			return true
		}
	}
	return false
}

// LoadScenarioFS reads one scenario start file of fsys (for example a club's edited
// copy: os.DirFS(dir) and "day2.toml"), with map.toml and ob.toml from the same
// directory. The Scenario is new and owned by the caller. A TOML syntax error is an
// error; everything else wrong with the data is reported by Validate, including keys
// the loader did not understand.
func LoadScenarioFS(fsys fs.FS, file string) (*Scenario, error) {
	m, ob, probs, err := LoadMapFS(fsys, path.Dir(file))
	if err != nil {
		return nil, err
	}
	return loadStart(fsys, file, m, ob, probs)
}

func loadStart(fsys fs.FS, file string, m *Map, ob *OrderOfBattle, mapProbs []Problem) (*Scenario, error) {
	var sf scenarioFile
	probs, err := decodeStrict(fsys, file, &sf)
	if err != nil {
		return nil, err
	}
	s := sf.Scenario
	sc := &Scenario{
		ID:            s.ID,
		Title:         s.Title,
		Description:   s.Description,
		Map:           m,
		OB:            ob,
		Shattered:     s.Shattered,
		Fallen:        sf.Fallen,
		Absent:        s.Absent,
		Arrivals:      sf.Arrivals,
		CampsCaptured: s.CampsCaptured,
		grammar:       new(grammarCache),
	}
	if sc.ID == "" {
		sc.ID = strings.TrimSuffix(path.Base(file), ".toml")
		probs = append(probs, Problem{Where: path.Base(file) + ": scenario", Rule: "data", Text: "no id; using the file name"})
	}
	if s.Start == nil || s.End == nil {
		probs = append(probs, Problem{Where: path.Base(file) + ": scenario", Rule: "data", Text: "start and end hours are required"})
	} else {
		sc.Start, sc.End = *s.Start, *s.End
	}
	for _, r := range sf.Setup {
		p := Placement{Block: r.Block, Area: r.Area, Rebuilt: r.Rebuilt, Provenance: r.Provenance}
		switch {
		case r.Strength != nil:
			p.Strength = *r.Strength
		case ob.Block(r.Block) != nil:
			p.Strength = ob.Block(r.Block).Start
		}
		sc.Setup = append(sc.Setup, p)
	}
	sc.problems = append(append([]Problem(nil), mapProbs...), probs...)
	return sc, nil
}

// scenarioFiles lists the scenario start files of fsys under root: every .toml file
// of a directory holding a map.toml, except map.toml and ob.toml.
func scenarioFiles(fsys fs.FS, root string) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return nil
		}
		base := path.Base(p)
		if base == mapFileName || base == obFileName {
			return nil
		}
		if _, err := fs.Stat(fsys, path.Join(path.Dir(p), mapFileName)); err != nil {
			return nil
		}
		out = append(out, p)
		return nil
	})
	sort.Strings(out)
	return out, err
}

// LoadScenariosFS loads every scenario start found under root of fsys (a directory
// with map.toml, ob.toml and one file per start, or a tree of such directories),
// sorted by id. Scenarios of one directory share their Map and OrderOfBattle.
func LoadScenariosFS(fsys fs.FS, root string) ([]*Scenario, error) {
	files, err := scenarioFiles(fsys, root)
	if err != nil {
		return nil, errorf("scenario data: %v", err)
	}
	if len(files) == 0 {
		return nil, errorf("scenario data: no scenario files (a directory with map.toml, ob.toml and a start file) under %q", root)
	}
	type loaded struct {
		m     *Map
		ob    *OrderOfBattle
		probs []Problem
	}
	maps := map[string]loaded{}
	var out []*Scenario
	for _, f := range files {
		dir := path.Dir(f)
		l, ok := maps[dir]
		if !ok {
			m, ob, probs, err := LoadMapFS(fsys, dir)
			if err != nil {
				return nil, err
			}
			l = loaded{m, ob, probs}
			maps[dir] = l
		}
		sc, err := loadStart(fsys, f, l.m, l.ob, l.probs)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// The embedded scenarios are parsed once, on first use, and shared. A one-slot
// channel serves as the lock: the engine's files may not import sync, and the
// channel is enough for a cache filled once.
var embedded = struct {
	lock chan struct{}
	done bool
	byID map[string]*Scenario
	// rules are the same scenarios seen through the contract, each Board built
	// once: the server looks a game's rules up for every mail it handles.
	rules map[string]adjudicator.Scenario
	ids   []string
	err   error
}{lock: make(chan struct{}, 1)}

func loadEmbedded() (map[string]*Scenario, []string, error) {
	embedded.lock <- struct{}{}
	defer func() { <-embedded.lock }()
	if !embedded.done {
		embedded.done = true
		scs, err := LoadScenariosFS(embeddedScenarios, scenarioRoot)
		if err != nil {
			embedded.err = err
		} else {
			embedded.byID = make(map[string]*Scenario, len(scs))
			embedded.rules = make(map[string]adjudicator.Scenario, len(scs))
			for _, sc := range scs {
				c, err := Contract(sc)
				if err != nil {
					embedded.err = err
					break
				}
				embedded.byID[sc.ID], embedded.rules[sc.ID] = sc, c
				embedded.ids = append(embedded.ids, sc.ID)
			}
		}
	}
	return embedded.byID, embedded.ids, embedded.err
}

// embeddedRules is an embedded scenario seen through the contract, built once.
func embeddedRules(id string) (adjudicator.Scenario, error) {
	if _, err := LoadScenario(id); err != nil {
		return nil, err
	}
	return embedded.rules[id], nil
}

// Scenarios lists the ids of the embedded scenarios, sorted ("shiloh1862" is the full
// battle, "shiloh1862-day2" the Day 2 historical start).
func Scenarios() []string {
	_, ids, _ := loadEmbedded()
	return append([]string(nil), ids...)
}

// LoadScenario returns an embedded scenario by id. The data is parsed once and the
// same *Scenario is returned to every caller, from any goroutine: it is shared and
// read-only, and callers must not modify it (use LoadScenarioFS for a private copy).
func LoadScenario(name string) (*Scenario, error) {
	byID, ids, err := loadEmbedded()
	if err != nil {
		return nil, err
	}
	sc, ok := byID[name]
	if !ok {
		return nil, errorf("no scenario %q (have %s)", name, strings.Join(ids, ", "))
	}
	return sc, nil
}

// NewState builds the position at the scenario's first hour. Every block of the order
// of battle gets a BlockState, sorted by id: placed blocks are on the map at their
// setup strength, arriving blocks pending (HQs of a group with hq_strength at that
// strength), shattered blocks eliminated with a Loss each, absent blocks absent. An HQ
// placed as rebuilt has maximum 1 and firepower B1 (6.91). Fallen HQ VPs already held
// become Losses. Army command is set where an army's own AHQ is not on the map: an
// acting AHQ (Sherman before Grant, 5.21) or the senior HQ on the field (6.91).
func NewState(sc *Scenario, opts Options) (*State, error) {
	if sc == nil || sc.OB == nil || sc.Map == nil {
		return nil, errorf("NewState: scenario not loaded")
	}
	if opts.Visibility == "" {
		opts.Visibility = VisBlocks
	}
	st := &State{Scenario: sc.ID, Options: opts, Hour: sc.Start}
	lossHour := sc.Start - 1
	if lossHour < 0 {
		lossHour = 0
	}
	if lossHour == NightHour {
		lossHour = Day1Last // the Day 2 card's losses were taken on Day 1
	}
	placed := map[BlockID]*Placement{}
	for i := range sc.Setup {
		p := &sc.Setup[i]
		if placed[p.Block] != nil {
			return nil, errorf("NewState: %s placed twice", p.Block)
		}
		placed[p.Block] = p
	}
	arriving := map[BlockID]*Arrival{}
	for i := range sc.Arrivals {
		for _, b := range sc.Arrivals[i].Blocks {
			arriving[b] = &sc.Arrivals[i]
		}
	}
	shattered := map[BlockID]bool{}
	for _, b := range sc.Shattered {
		shattered[b] = true
	}
	absent := map[BlockID]bool{}
	for _, b := range sc.Absent {
		absent[b] = true
	}
	falls := map[BlockID]int{}
	for _, f := range sc.Fallen {
		falls[f.HQ]++
	}
	for _, spec := range sc.OB.Blocks {
		bs := BlockState{ID: spec.ID, Max: spec.Max, Firepower: spec.Firepower, Falls: falls[spec.ID]}
		switch {
		case placed[spec.ID] != nil:
			p := placed[spec.ID]
			bs.Where, bs.Area, bs.Strength = OnMap, p.Area, p.Strength
			if p.Rebuilt {
				bs.Max, bs.Firepower = 1, Firepower{Letter: 'B', Value: 1}
			}
		case arriving[spec.ID] != nil:
			bs.Where, bs.Strength = Pending, spec.Start
			if a := arriving[spec.ID]; spec.IsHQ() && a.HQStrength > 0 {
				bs.Strength = a.HQStrength
			}
		case shattered[spec.ID]:
			bs.Where = Eliminated
			if spec.IsHQ() {
				bs.Falls++
			}
			st.Losses = append(st.Losses, Loss{Block: spec.ID, Side: spec.Side, Hour: lossHour, HQFall: spec.IsHQ()})
		case absent[spec.ID]:
			bs.Where = Absent
		default:
			return nil, errorf("NewState: scenario %s does not place block %s (setup, arrival, shattered or absent)", sc.ID, spec.ID)
		}
		st.Blocks = append(st.Blocks, bs)
	}
	for _, f := range sc.Fallen {
		spec := sc.OB.Block(f.HQ)
		if spec == nil {
			return nil, errorf("NewState: fallen HQ %s is not in the order of battle", f.HQ)
		}
		st.Losses = append(st.Losses, Loss{Block: f.HQ, Side: spec.Side, Hour: lossHour, HQFall: true})
	}
	sort.Slice(st.Losses, func(i, j int) bool {
		a, b := st.Losses[i], st.Losses[j]
		if a.Hour != b.Hour {
			return a.Hour < b.Hour
		}
		if a.Block != b.Block {
			return a.Block < b.Block
		}
		return !a.HQFall && b.HQFall
	})
	st.CampsCaptured = append([]AreaID(nil), sc.CampsCaptured...)
	sort.Slice(st.CampsCaptured, func(i, j int) bool { return st.CampsCaptured[i] < st.CampsCaptured[j] })
	st.ArmyCommand = startingArmyCommand(sc, st)
	if opts.PlannedInitiative {
		// 2.1 sidebar: the CSA start Day 1 with the marker, the USA Day 2.
		st.InitiativeMarker = CSA
		if sc.Start.Day() == 2 {
			st.InitiativeMarker = USA
		}
	}
	return st, nil
}

// startingArmyCommand finds, per army, who commands as AHQ when the army's most
// senior HQ (its AHQ) is not on the map: a DHQ marked acting_ahq while the AHQ is
// still to arrive, else the senior HQ on the map (the seniority list, 6.91).
func startingArmyCommand(sc *Scenario, st *State) []ArmyCommand {
	where := map[BlockID]Where{}
	for _, b := range st.Blocks {
		where[b.ID] = b.Where
	}
	var out []ArmyCommand
	for _, sen := range sc.OB.Seniority {
		if len(sen.HQs) == 0 {
			continue
		}
		first := sen.HQs[0]
		if where[first] == OnMap {
			continue
		}
		var cmd BlockID
		if where[first] == Pending {
			for _, b := range sc.OB.Blocks {
				if b.Army == sen.Army && b.ActingAHQ && where[b.ID] == OnMap {
					cmd = b.ID
					break
				}
			}
		} else {
			for _, id := range sen.HQs[1:] {
				if where[id] == OnMap {
					cmd = id
					break
				}
			}
		}
		if cmd != "" {
			out = append(out, ArmyCommand{Army: sen.Army, HQ: cmd})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Army < out[j].Army })
	return out
}

// LoadFiles reads a club's copy of the data files (docs/DATA.md): every start in
// a folder, or one start file with map.toml and ob.toml beside it. pbem's tools
// find it by its signature (cmd/pbem clubFiles).
func (system) LoadFiles(fsys fs.FS, name string) ([]adjudicator.Scenario, error) {
	var scs []*Scenario
	if fi, err := fs.Stat(fsys, name); err == nil && fi.IsDir() {
		if scs, err = LoadScenariosFS(fsys, name); err != nil {
			return nil, err
		}
	} else {
		sc, err := LoadScenarioFS(fsys, name)
		if err != nil {
			return nil, err
		}
		scs = []*Scenario{sc}
	}
	out := make([]adjudicator.Scenario, len(scs))
	for i, sc := range scs {
		c, err := Contract(sc)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

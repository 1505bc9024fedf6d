package antietam

// This file checks the data against the rules and against the battle: the map
// (5.2, 5.24, 5.25, 9.0, 22.1), the order of battle and its set-up (5.32, 14.0-16.4,
// 18.2), the charts (7.6, 9.0, 17.0, 18.0, 19.0, 20.0, 21.0), and where the
// project's authored map meets history (the creek between the armies). It runs in a
// test over the embedded data, in `pbem scenario check`, and on a club's copy.
// docs/systems/antietam.md lists what it proves.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The hexes the rules name; everything else on the map is authored.
var (
	sharpsburgHexes = []HexID{"0815", "0816", "0716", "0616"} // 17.1
	botelersFord    = HexID("0126")                           // 16.3, 17.1, 22.1
	fourthBridgeHex = HexID("1128")                           // 22.1
	unionEntry      = HexID("2112")                           // 16.1, 16.2
)

// requiredPlaces are the named places issue 15 asks the map for, with the hexes
// the rules fix (nil: placed from geography).
var requiredPlaces = []struct {
	id    string
	hexes []HexID
}{
	{"sharpsburg", sharpsburgHexes},
	{"botelers_ford", []HexID{botelersFord}},
	{"fourth_bridge", []HexID{fourthBridgeHex}},
	{"union_entry", []HexID{unionEntry}},
	{"dunker_church", nil},
	{"cornfield", nil},
	{"east_woods", nil},
	{"west_woods", nil},
	{"north_woods", nil},
	{"sunken_road", nil},
	{"nicodemus_heights", nil},
}

// requiredBridges are the bridges over Antietam Creek the battle was fought for
// (22.1 and the history); the fourth must touch 1128.
var requiredBridges = []string{"upper_bridge", "middle_bridge", "burnside_bridge", "iron_works_bridge"}

// requiredRoads are the two turnpikes.
var requiredRoads = []string{"hagerstown_pike", "boonsboro_pike"}

var _ adjudicator.Validated = (*Scenario)(nil)

// Validate lists every problem with the data, one line each; none when the data is
// sound (the contract's adjudicator.Validated).
func (s *Scenario) Validate() []string {
	var out []string
	for _, p := range s.Problems() {
		out = append(out, p.String())
	}
	return out
}

// Problems checks the data and returns every problem found, in a stable order:
// the loader's first, then provenance, map, order of battle and charts.
func (s *Scenario) Problems() []Problem {
	v := &validator{s: s}
	v.probs = append(v.probs, s.problems...)
	v.provenance()
	if s.Board == nil {
		v.add("map", "data", "no board: the rest of the map and the set-up cannot be checked")
	} else {
		v.grid()
		v.terrain()
		v.creek()
		v.crossings()
		v.roads()
		v.places()
		v.banks()
	}
	v.tec()
	v.game()
	v.units()
	if s.Board != nil {
		v.setup()
		v.reinforcements()
		v.trace()
	}
	v.counters()
	v.crt()
	v.victory()
	v.limits()
	v.optional()
	return v.probs
}

type validator struct {
	s     *Scenario
	probs []Problem
	// bank numbers every land hex by the region it shares when creek hexsides, river
	// and ferry hexes are barriers; west and east are Sharpsburg's and 2112's.
	bank       map[HexID]int
	west, east int
}

func (v *validator) add(where, rule, format string, args ...any) {
	v.probs = append(v.probs, Problem{Where: where, Rule: rule, Text: fmt.Sprintf(format, args...)})
}

// unique records an id and reports one that is empty or already taken.
func (v *validator) unique(seen map[string]bool, where, id string) {
	if id == "" || seen[id] {
		v.add(where, "data", "id %q is empty or already taken: each needs one of its own", id)
	}
	seen[id] = true
}

// flood returns the hexes reached from start, stepping to a neighbour only where
// pass allows.
func (v *validator) flood(start HexID, pass func(from, to HexID) bool) map[HexID]bool {
	seen := map[HexID]bool{start: true}
	queue := []HexID{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, x := range v.s.Board.Neighbours(h) {
			if !seen[x] && pass(h, x) {
				seen[x] = true
				queue = append(queue, x)
			}
		}
	}
	return seen
}

// onMap says whether a hex is a cell of the board.
func (v *validator) onMap(h HexID) bool { return v.s.Board != nil && v.s.Board.Place(h) != nil }

// --- provenance ---

func (v *validator) src(where string, s Src) {
	tag, rest, ok := strings.Cut(string(s), ":")
	switch {
	case s == "":
		v.add(where, "data", "no src (provenance): say where the value comes from")
	case !ok || !slices.Contains(ProvenanceTags, tag) || strings.TrimSpace(rest) == "":
		v.add(where, "data", "src %q: want \"<tag>: <where from>\", the tag one of %s", s, strings.Join(ProvenanceTags, ", "))
	case tag == "rules" && !strings.ContainsAny(rest, "0123456789"):
		v.add(where, "data", "src %q cites no rule number or line", s)
	}
}

func (v *validator) provenance() {
	s := v.s
	m, ob, ch := &s.Map, &s.OB, &s.Charts
	v.src("map.toml: [map]", m.Map.Src)
	v.src("map.toml: [grid]", m.Grid.Src)
	for _, t := range m.Terrain {
		v.src("map.toml: terrain "+t.Name, t.Src)
	}
	for _, c := range m.Creeks {
		v.src("map.toml: creek "+c.Name, c.Src)
	}
	for _, c := range m.Crossings {
		v.src("map.toml: crossing "+c.ID, c.Src)
	}
	for _, r := range m.Roads {
		v.src("map.toml: road "+r.ID, r.Src)
	}
	for _, p := range m.Places {
		v.src("map.toml: place "+p.ID, p.Src)
	}
	v.src("ob.toml: [game]", ob.Game.Src)
	v.src("ob.toml: [ob]", ob.OB.Src)
	for _, d := range ob.Deploy {
		v.src("ob.toml: deploy "+d.Formation+" bank", d.BankSrc)
	}
	for _, r := range ob.Reinforcements {
		v.src("ob.toml: reinforcement "+r.ID, r.Src)
	}
	for _, u := range s.Units {
		v.src("ob.toml: unit "+string(u.ID), u.Src)
	}
	v.src("ob.toml: [counter_sheet]", ob.CounterSheet.Src)
	v.src("charts.toml: [crt]", ch.CRT.Src)
	for _, d := range ch.CRT.Disputed {
		v.src(fmt.Sprintf("charts.toml: disputed cell %d at %s", d.Die, d.Odds), d.Src)
	}
	for _, o := range ch.Overrides {
		v.src(fmt.Sprintf("charts.toml: crt_override %d at %s", o.Die, o.Odds), o.Src)
	}
	for _, t := range ch.TEC.Terrain {
		v.src("charts.toml: tec terrain "+string(t.ID), t.Src)
	}
	for _, h := range ch.TEC.Hexsides {
		v.src("charts.toml: tec hexside "+string(h.ID), h.Src)
	}
	v.src("charts.toml: [stacking]", ch.Stacking.Src)
	v.src("charts.toml: [artillery]", ch.Artillery.Src)
	v.src("charts.toml: [movement_limit]", ch.MovementLimit.Src)
	v.src("charts.toml: [victory]", ch.Victory.Src)
	for _, l := range ch.Victory.Levels {
		v.src("charts.toml: victory level "+l.Side+" "+l.Name, l.Src)
	}
	o := &ch.Optional
	for _, x := range []struct {
		name string
		src  Src
	}{
		{"greater_union_initiative", o.GreaterUnionInitiative.Src},
		{"total_union_initiative", o.TotalUnionInitiative.Src},
		{"early_confederate_reinforcement", o.EarlyConfederate.Src},
		{"early_union_reinforcement", o.EarlyUnion.Src},
		{"optional_reinforcement", o.OptionalReinforcement.Src},
		{"no_confederate_disorganization", o.NoConfederateDisorganization.Src},
		{"attack_effectiveness", o.AttackEffectiveness.Src},
	} {
		v.src("charts.toml: optional "+x.name, x.src)
	}
}

// --- the map ---

// grid checks that the hexes the rules name fit, the entry hexes on the edge (15.0).
func (v *validator) grid() {
	for _, h := range append(slices.Clone(sharpsburgHexes), botelersFord, fourthBridgeHex, unionEntry) {
		if !v.onMap(h) {
			v.add("map.toml: [grid]", "22.1", "hex %s, which the rules name, is not on the %dx%d grid", h, v.s.Map.Grid.Cols, v.s.Map.Grid.Rows)
		}
	}
}

// edge says whether a hex lies on the map's edge (fewer than six neighbours).
func (v *validator) edge(h HexID) bool {
	return v.onMap(h) && len(v.s.Board.Grid.Neighbours(h)) < v.s.Board.Grid.Directions()
}

func (v *validator) terrain() {
	seen := map[HexID]string{}
	for _, t := range v.s.Map.Terrain {
		w := "map.toml: terrain " + t.Name
		if e := v.s.Charts.TerrainEffect(t.Kind); e == nil {
			v.add(w, "9.0", "terrain %q has no row in the TEC", t.Kind)
		} else if !e.OnMap {
			v.add(w, "9.0", "the TEC puts no %s on the Antietam map", t.Kind)
		}
		if t.Kind == Clear {
			v.add(w, "data", "clear is the default: list only other terrain")
		}
		if len(t.Hexes) == 0 {
			v.add(w, "data", "no hexes")
		}
		for _, h := range t.Hexes {
			if !v.onMap(h) {
				v.add(w, "data", "hex %s is not on the map", h)
			}
			if other, dup := seen[h]; dup {
				v.add(w, "data", "hex %s is also in %s", h, other)
			}
			seen[h] = t.Name
		}
	}
}

// creek checks each creek hexside once, on the map, beside no river hex (5.25).
func (v *validator) creek() {
	seen := map[[2]HexID]bool{}
	for _, c := range v.s.Map.Creeks {
		w := "map.toml: creek " + c.Name
		if len(c.Sides) == 0 {
			v.add(w, "data", "no sides")
		}
		for _, h := range c.Sides {
			a, b, ok := h.Ends()
			if !ok {
				continue // the loader said so
			}
			k := sideKey(a, b)
			if seen[k] {
				v.add(w, "data", "hexside %s listed twice", h)
			}
			seen[k] = true
			for _, x := range []HexID{a, b} {
				if t := v.s.Terrain(x); t == River || t == RiverFerry {
					v.add(w, "5.25", "hexside %s runs beside the river hex %s: the creek ends at the river", h, x)
				}
			}
		}
	}
}

// crossings checks the bridges and fords: on creek hexsides (5.25), ids unique,
// the battle's bridges present, the fourth at 1128, more than one ford (22.1).
func (v *validator) crossings() {
	ids := map[string]bool{}
	sides := map[[2]HexID]string{}
	fords := 0
	for _, c := range v.s.Map.Crossings {
		w := "map.toml: crossing " + c.ID
		v.unique(ids, w, c.ID)
		switch c.Kind {
		case Bridge:
		case Ford:
			fords++
		default:
			v.add(w, "5.25", "kind %q: a crossing is a bridge or a ford", c.Kind)
		}
		a, b, ok := c.Side.Ends()
		if !ok {
			continue
		}
		if other, dup := sides[sideKey(a, b)]; dup {
			v.add(w, "data", "hexside %s is also crossing %s", c.Side, other)
		}
		sides[sideKey(a, b)] = c.ID
		if !v.s.Has(a, b, Creek) {
			v.add(w, "5.25", "%s %s is not on a creek hexside", c.Kind, c.Side)
		}
		if c.ID == "iron_works_bridge" && a != fourthBridgeHex && b != fourthBridgeHex {
			v.add(w, "22.1", "the fourth bridge is at hex %s, not at %s", fourthBridgeHex, c.Side)
		}
	}
	for _, id := range requiredBridges {
		if c := v.crossing(id); c == nil || c.Kind != Bridge {
			v.add("map.toml: crossings", "22.1", "no bridge %q", id)
		}
	}
	if fords < 2 {
		v.add("map.toml: crossings", "22.1", "%d fords: 22.1 speaks of the lower fords, and Pry's Ford lies above them", fords)
	}
}

func (v *validator) crossing(id string) *Crossing {
	for i := range v.s.Map.Crossings {
		if v.s.Map.Crossings[i].ID == id {
			return &v.s.Map.Crossings[i]
		}
	}
	return nil
}

// roads checks each road: a known kind the TEC puts on this map, its hexes on the
// map and each next to the last (5.22), out of river hexes, over the creek only at
// a bridge or ford (5.25); every bridge carries a road; the turnpikes are there.
func (v *validator) roads() {
	ids := map[string]bool{}
	for _, r := range v.s.Map.Roads {
		w := "map.toml: road " + r.ID
		v.unique(ids, w, r.ID)
		if e := v.s.Charts.SideEffect(r.Kind); e == nil || e.Path == 0 {
			v.add(w, "5.22", "kind %q is neither road nor trail", r.Kind)
		} else if !e.OnMap {
			v.add(w, "9.0", "the TEC puts no %s on the Antietam map", r.Kind)
		}
		if len(r.Hexes) < 2 {
			v.add(w, "data", "a road runs through at least two hexes")
		}
		for i, h := range r.Hexes {
			if !v.onMap(h) {
				v.add(w, "data", "hex %s is not on the map", h)
				continue
			}
			if v.s.Terrain(h) == River {
				v.add(w, "5.24", "runs into the river hex %s", h)
			}
			if i == 0 || !v.onMap(r.Hexes[i-1]) {
				continue
			}
			a := r.Hexes[i-1]
			if v.s.Board.Grid.Distance(a, h) != 1 {
				continue // the loader said so
			}
			if v.s.Has(a, h, Creek) && !v.s.Has(a, h, Bridge) && !v.s.Has(a, h, Ford) {
				v.add(w, "5.25", "crosses the creek between %s and %s with neither bridge nor ford", a, h)
			}
		}
	}
	for _, c := range v.s.Map.Crossings {
		a, b, ok := c.Side.Ends()
		if ok && c.Kind == Bridge && !v.s.Has(a, b, Road) {
			v.add("map.toml: crossing "+c.ID, "5.22", "no road runs over the bridge %s", c.Side)
		}
	}
	for _, id := range requiredRoads {
		if !ids[id] {
			v.add("map.toml: roads", "data", "no road %q", id)
		}
	}
	if !v.onRoad(unionEntry) {
		v.add("map.toml: roads", "16.1", "the Union entry %s is on no road", unionEntry)
	}
}

func (v *validator) onRoad(h HexID) bool {
	for _, r := range v.s.Map.Roads {
		if slices.Contains(r.Hexes, h) {
			return true
		}
	}
	return false
}

// places checks the named places: ids unique, hexes on the map, the ones issue 15
// asks for present, and the rules' anchors where the rules put them.
func (v *validator) places() {
	byID := map[string]*NamedPlace{}
	ids := map[string]bool{}
	for i := range v.s.Map.Places {
		p := &v.s.Map.Places[i]
		w := "map.toml: place " + p.ID
		v.unique(ids, w, p.ID)
		byID[p.ID] = p
		if p.Name == "" || len(p.Hexes) == 0 {
			v.add(w, "data", "a place needs a name and hexes")
		}
		for _, h := range p.Hexes {
			if !v.onMap(h) {
				v.add(w, "data", "hex %s is not on the map", h)
			}
		}
	}
	for _, r := range requiredPlaces {
		p := byID[r.id]
		switch {
		case p == nil:
			v.add("map.toml: places", "data", "no place %q", r.id)
		case r.hexes != nil && !sameHexes(p.Hexes, r.hexes):
			v.add("map.toml: place "+r.id, "22.1", "hexes %v, but the rules put it at %v", p.Hexes, r.hexes)
		}
	}
	for _, id := range []string{"west_woods", "north_woods", "east_woods"} {
		if p := byID[id]; p != nil {
			for _, h := range p.Hexes {
				if v.s.Terrain(h) != Forest {
					v.add("map.toml: place "+id, "9.0", "hex %s of a wood is %s, not forest", h, v.s.Terrain(h))
				}
			}
		}
	}
	if v.s.Terrain(botelersFord) != RiverFerry {
		v.add("map.toml: place botelers_ford", "5.24", "Boteler's Ford %s is %q: the only way over the Potomac is a river ferry hex", botelersFord, v.s.Terrain(botelersFord))
	}
	for _, h := range []HexID{botelersFord, unionEntry} {
		if !v.edge(h) {
			v.add("map.toml: [grid]", "15.0", "entry hex %s is not on the edge of the map", h)
		}
	}
}

func sameHexes(a, b []HexID) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// banks finds the two banks of Antietam Creek, every creek hexside (bridged or
// not), river and ferry hex a barrier: Sharpsburg's (west) and the Union entry's
// (east) must differ, and each crossing must join them.
func (v *validator) banks() {
	v.bank = map[HexID]int{}
	n := 0
	pass := func(from, to HexID) bool { return v.land(to) && !v.s.Has(from, to, Creek) }
	for _, p := range v.s.Board.Places {
		if _, done := v.bank[p.ID]; done || !v.land(p.ID) {
			continue
		}
		n++
		for h := range v.flood(p.ID, pass) {
			v.bank[h] = n
		}
	}
	v.west, v.east = v.bank[sharpsburgHexes[0]], v.bank[unionEntry]
	if v.west == 0 || v.east == 0 || v.west == v.east {
		v.add("map.toml: creeks", "5.25", "Antietam Creek does not divide the map: Sharpsburg and the Union entry %s are on one bank (or in the river)", unionEntry)
		return
	}
	for _, c := range v.s.Map.Crossings {
		x, y, ok := c.Side.Ends()
		if !ok {
			continue
		}
		got := []int{v.bank[x], v.bank[y]}
		slices.Sort(got)
		want := []int{min(v.west, v.east), max(v.west, v.east)}
		if !slices.Equal(got, want) {
			v.add("map.toml: crossing "+c.ID, "5.25", "%s does not join the west bank to the east bank", c.Side)
		}
	}
}

// land is a hex a unit may stand on, in the TEC's terms.
func (v *validator) land(h HexID) bool {
	e := v.s.Charts.TerrainEffect(v.s.Terrain(h))
	return e != nil && e.Move > 0 && e.Stop
}

// --- the TEC ---

func (v *validator) tec() {
	seenT := map[Terrain]bool{}
	for _, t := range v.s.Charts.TEC.Terrain {
		w := "charts.toml: tec terrain " + string(t.ID)
		if !slices.Contains([]Terrain{Clear, Forest, Rough, ForestAndRough, Town, River, RiverFerry}, t.ID) || seenT[t.ID] {
			v.add(w, "9.0", "unknown or repeated terrain")
		}
		seenT[t.ID] = true
		if t.Move < 0 || t.Move > 6 || t.Defence < 1 {
			v.add(w, "9.0", "move %d (0 to 6), defence %d (1 or more)", t.Move, t.Defence)
		}
		if t.Move == 0 && (t.Stop || t.Combat) {
			v.add(w, "5.24", "a terrain no unit may enter cannot be stood in or fought in")
		}
	}
	for _, t := range []Terrain{Clear, Forest, Rough, ForestAndRough, Town, River, RiverFerry} {
		if !seenT[t] {
			v.add("charts.toml: tec", "9.0", "no row for terrain %s", t)
		}
	}
	seenF := map[Feature]bool{}
	for _, h := range v.s.Charts.TEC.Hexsides {
		w := "charts.toml: tec hexside " + string(h.ID)
		if !slices.Contains([]Feature{Creek, Bridge, Ford, Road, Trail}, h.ID) || seenF[h.ID] {
			v.add(w, "9.0", "unknown or repeated hexside terrain")
		}
		seenF[h.ID] = true
		if h.Extra < 0 || h.Defence < 1 || h.Path < 0 || h.PathRough < 0 {
			v.add(w, "9.0", "extra %d, defence %d, path %d: none may be negative, defence at least 1", h.Extra, h.Defence, h.Path)
		}
	}
	for _, f := range []Feature{Creek, Bridge, Ford, Road, Trail} {
		if !seenF[f] {
			v.add("charts.toml: tec", "9.0", "no row for hexside %s", f)
		}
	}
	if c := v.s.Charts.SideEffect(Creek); c != nil && c.Cross {
		v.add("charts.toml: tec hexside creek", "5.25", "units may never cross a creek hexside except at a bridge or ford")
	}
}

// --- the order of battle ---

func (v *validator) game() {
	g := v.s.OB.Game
	if g.Turns < 1 {
		v.add("ob.toml: [game]", "16.4", "%d game-turns", g.Turns)
	}
	if _, ok := side(g.First); !ok {
		v.add("ob.toml: [game]", "14.3", "first player %q is neither union nor confederate", g.First)
	}
	for _, n := range g.Night {
		if n < 1 || n > g.Turns {
			v.add("ob.toml: [game]", "10.0", "night game-turn %d is not a game-turn", n)
		}
	}
	if v.s.OB.OB.Movement < 1 {
		v.add("ob.toml: [ob]", "2.4", "movement allowance %d", v.s.OB.OB.Movement)
	}
}

func (v *validator) units() {
	seen := map[string]bool{}
	for _, u := range v.s.Units {
		w := "ob.toml: unit " + string(u.ID)
		v.unique(seen, w, string(u.ID))
		if u.Designation == "" {
			v.add(w, "2.4", "no designation")
		}
		if !slices.Contains([]UnitType{Infantry, Cavalry, Artillery}, u.Type) {
			v.add(w, "14.0", "type %q: infantry, cavalry or artillery", u.Type)
		}
		if u.Strength < 1 {
			v.add(w, "2.4", "strength %d", u.Strength)
		}
		if u.Movement < 1 {
			v.add(w, "2.4", "movement allowance %d", u.Movement)
		}
		if u.Group != "" && u.Hex != "" {
			v.add(w, "15.0", "a reinforcement has no set-up hex; it enters at its group's")
		}
	}
	forms := map[string]bool{}
	for _, d := range v.s.OB.Deploy {
		v.unique(forms, "ob.toml: deploy "+d.Formation, d.Formation)
		if d.Bank != West && d.Bank != East {
			v.add("ob.toml: deploy "+d.Formation, "data", "bank %q: west or east", d.Bank)
		}
	}
}

// setup checks the initial deployment (14.1, 14.2): every unit on the map in a
// hex it may stand in (5.24, 9.0), at most the stacking limit per hex (5.32), no
// hex shared with the enemy (5.12), each formation on its historical bank, and
// 18.2's no-move hexes held by Confederates.
func (v *validator) setup() {
	limit := v.s.Charts.Stacking.Limit
	count := map[HexID]int{}
	sides := map[HexID]adjudicator.Side{}
	for _, u := range v.s.Units {
		if u.Group != "" {
			continue
		}
		w := "ob.toml: unit " + string(u.ID)
		switch {
		case !v.onMap(u.Hex):
			v.add(w, "14.0", "set-up hex %q is not on the map", u.Hex)
			continue
		case !v.land(u.Hex):
			v.add(w, "5.24", "set up in %s, %s terrain, where no unit may stand", u.Hex, v.s.Terrain(u.Hex))
		}
		count[u.Hex]++
		if s, ok := sides[u.Hex]; ok && s != u.Side {
			v.add(w, "5.12", "set up in %s with an enemy unit", u.Hex)
		}
		sides[u.Hex] = u.Side
	}
	hexes := make([]HexID, 0, len(count))
	for h := range count {
		hexes = append(hexes, h)
	}
	slices.Sort(hexes)
	for _, h := range hexes {
		if count[h] > limit {
			v.add("ob.toml: set-up", "5.32", "%d units in %s: at most %d stack", count[h], h, limit)
		}
	}
	if v.west != 0 && v.west != v.east {
		for _, d := range v.s.OB.Deploy {
			want := v.west
			if d.Bank == East {
				want = v.east
			}
			for _, u := range d.Units {
				if v.onMap(u.Hex) && v.bank[u.Hex] != want {
					v.add("ob.toml: unit "+string(u.ID), "14.0", "%s (%s) sets up at %s, off the %s bank of Antietam Creek where %s stood", u.ID, d.Name, u.Hex, d.Bank, d.Name)
				}
			}
		}
	}
	for _, h := range v.s.Charts.MovementLimit.ConfederateNoMoveHexes {
		if count[h] == 0 || sides[h] != adjudicator.CSA {
			v.add("charts.toml: [movement_limit]", "18.2", "hex %s holds no Confederate unit at set-up", h)
		}
	}
}

// reinforcements checks each group: a known side, a game-turn of the game (0 only
// for an optional group), an entry hex on the map's edge that a unit may enter and
// leave (15.3, 5.24) onto its own side's bank of the creek, at the hex the rules
// name (16.1-16.3).
func (v *validator) reinforcements() {
	ids := map[string]bool{}
	for _, r := range v.s.OB.Reinforcements {
		w := "ob.toml: reinforcement " + r.ID
		v.unique(ids, w, r.ID)
		sd, _ := side(r.Side)
		if r.Turn < 0 || r.Turn > v.s.OB.Game.Turns || r.Turn == 0 && r.Optional == "" {
			v.add(w, "16.0", "game-turn %d: 1 to %d, or 0 (variable) for an optional group", r.Turn, v.s.OB.Game.Turns)
		}
		if len(r.Units) == 0 {
			v.add(w, "16.0", "no units")
		}
		want := unionEntry
		if sd == adjudicator.CSA {
			want = botelersFord
		}
		if r.Hex != want {
			v.add(w, "16.0", "enters at %s; the rules bring %s reinforcements in at %s", r.Hex, r.Side, want)
		}
		if !v.onMap(r.Hex) {
			continue
		}
		// That the entry hex is on the edge (15.0) is checked once, for the
		// named places (places).
		landing := v.landings(r.Hex)
		if len(landing) == 0 {
			v.add(w, "5.24", "no unit can enter at %s and end its move on the map", r.Hex)
			continue
		}
		bank := v.west
		if sd == adjudicator.USA {
			bank = v.east
		}
		if v.west != 0 && v.west != v.east && !slices.ContainsFunc(landing, func(h HexID) bool { return v.bank[h] == bank }) {
			v.add(w, "16.0", "%s reinforcements entering at %s do not reach their own bank of Antietam Creek", r.Side, r.Hex)
		}
	}
}

// landings are the hexes a unit entering at hex h can end its move in: h itself, or,
// for a ferry, the land across it within the allowance left after the point 15.3
// charges for the placing.
func (v *validator) landings(h HexID) []HexID {
	e := v.s.Charts.TerrainEffect(v.s.Terrain(h))
	switch {
	case e == nil || e.Move == 0:
		return nil
	case e.Stop:
		return []HexID{h}
	}
	left := v.s.OB.OB.Movement - 1
	var out []HexID
	for _, x := range v.s.Board.Neighbours(h) {
		if !v.land(x) || v.s.Has(h, x, Creek) && !v.s.Has(h, x, Bridge) && !v.s.Has(h, x, Ford) {
			continue
		}
		if te := v.s.Charts.TerrainEffect(v.s.Terrain(x)); te.Move <= left {
			out = append(out, x)
		}
	}
	return out
}

// trace checks 17.1 at the start: every Confederate unit, and every Sharpsburg
// hex, can trace a line of hexes to 0126 free of Union units and of their zones of
// control (6.6: none through a creek hexside without a bridge or ford, none into a
// ferry hex).
func (v *validator) trace() {
	target := v.s.Charts.Victory.TraceHex
	if !v.onMap(target) {
		return // victory() says so
	}
	blocked := map[HexID]bool{}
	for _, u := range v.s.Units {
		if u.Group != "" || u.Side != adjudicator.USA || !v.onMap(u.Hex) {
			continue
		}
		blocked[u.Hex] = true
		for _, x := range v.s.Board.Neighbours(u.Hex) {
			if v.s.ZOCExtends(u.Hex, x) {
				blocked[x] = true
			}
		}
	}
	// Search back from 0126 over hexes a trace may pass: on land or the ford itself.
	reach := v.flood(target, func(_, to HexID) bool { return v.land(to) && !blocked[to] })
	for _, h := range v.s.Charts.Victory.Sharpsburg {
		if v.onMap(h) && !reach[h] {
			v.add("charts.toml: [victory]", "17.1", "Sharpsburg hex %s cannot trace to %s at the start", h, target)
		}
	}
	for _, u := range v.s.Units {
		if u.Group == "" && u.Side == adjudicator.CSA && v.onMap(u.Hex) && !reach[u.Hex] {
			v.add("ob.toml: unit "+string(u.ID), "17.1", "set up at %s, from where no trace reaches %s: it would count as eliminated", u.Hex, target)
		}
	}
}

// counters checks the order of battle against the counter sheet: one counter per
// unit, of the unit's strength unless the data says why the chart is kept.
func (v *validator) counters() {
	n := map[UnitID]int{}
	for _, c := range v.s.OB.CounterSheet.Counters {
		w := fmt.Sprintf("ob.toml: counter %q (line %d)", c.Read, c.Line)
		u := v.s.Unit(c.Unit)
		if u == nil {
			v.add(w, "2.3", "matched to %q, which is no unit", c.Unit)
			continue
		}
		n[c.Unit]++
		switch {
		case c.Strength != u.Strength && c.Disagrees == "":
			v.add(w, "2.3", "strength %d, but the charts give %s %d (say why in disagrees)", c.Strength, u.ID, u.Strength)
		case c.Strength == u.Strength && c.Disagrees != "":
			v.add(w, "2.3", "disagrees, but its strength %d is the chart's", c.Strength)
		}
	}
	for _, u := range v.s.Units {
		if n[u.ID] != 1 {
			v.add("ob.toml: unit "+string(u.ID), "2.3", "%d counters on the counter sheet, want one", n[u.ID])
		}
	}
}

// --- the charts ---

// results are the entries of the CRT (7.6).
var results = []Result{AttackerEliminated, AttackerRetreats, DefenderRetreats, DefenderEliminated, Exchange}

func (v *validator) crt() {
	c := &v.s.Charts.CRT
	const w = "charts.toml: [crt]"
	if len(c.Odds) == 0 {
		v.add(w, "7.6", "no odds columns")
	}
	last := 0.0
	for i, o := range c.Odds {
		a, b, ok := Ratio(strings.Replace(o, "-", ":", 1)).Parse()
		if !ok || a == 0 || (a != 1 && b != 1) {
			v.add(w, "7.6", "odds column %q: want 1-N or N-1", o)
			continue
		}
		if r := float64(a) / float64(b); i > 0 && r <= last {
			v.add(w, "7.6", "odds column %q is not above the one before", o)
		} else {
			last = r
		}
	}
	if len(c.Rows) != 6 {
		v.add(w, "7.6", "%d rows: the die has six faces", len(c.Rows))
	}
	for d, row := range c.Rows {
		if len(row) != len(c.Odds) {
			v.add(w, "7.6", "die %d: %d results for %d odds columns", d+1, len(row), len(c.Odds))
		}
		for i, r := range row {
			if !slices.Contains(results, r) {
				v.add(w, "7.6", "die %d, column %d: %q is no result (Ae Ar Dr De Ex)", d+1, i+1, r)
			}
		}
	}
	cell := func(die int, odds string) (Result, bool) {
		col := slices.Index(c.Odds, odds)
		if die < 1 || die > len(c.Rows) || col < 0 || col >= len(c.Rows[die-1]) {
			return "", false
		}
		return c.Rows[die-1][col], true
	}
	for _, d := range c.Disputed {
		dw := fmt.Sprintf("charts.toml: disputed cell %d at %s", d.Die, d.Odds)
		got, ok := cell(d.Die, d.Odds)
		if !ok {
			v.add(dw, "7.6", "no such cell")
			continue
		}
		if len(d.Printings) != 3 || len(d.Lines) != 3 {
			v.add(dw, "7.6", "the text prints the table three times: want three printings and three lines")
			continue
		}
		votes := map[Result]int{}
		for _, p := range d.Printings {
			votes[p]++
		}
		if len(votes) == 1 {
			v.add(dw, "7.6", "the printings agree: not a disputed cell")
		}
		major := Result("")
		for _, p := range d.Printings {
			if votes[p] >= 2 {
				major = p
			}
		}
		if major != got {
			v.add(dw, "7.6", "the table reads %s but the majority of the printings %v is %q", got, d.Printings, major)
		}
	}
	for _, o := range v.s.Charts.Overrides {
		ow := fmt.Sprintf("charts.toml: crt_override %d at %s", o.Die, o.Odds)
		if _, ok := cell(o.Die, o.Odds); !ok {
			v.add(ow, "7.6", "no such cell")
		}
		if !slices.Contains(results, o.Result) {
			v.add(ow, "7.6", "%q is no result (Ae Ar Dr De Ex)", o.Result)
		}
	}
}

// victory checks 17.0: Sharpsburg is the four town hexes the rules name and the
// only town; the trace hex is Boteler's Ford; the points are positive;
// and the levels of 17.2 give every end of the game exactly one level, a Union one
// only when the Union has more points.
func (v *validator) victory() {
	vc := &v.s.Charts.Victory
	const w = "charts.toml: [victory]"
	if !sameHexes(vc.Sharpsburg, sharpsburgHexes) {
		v.add(w, "17.1", "Sharpsburg is %v; the rules say %v", vc.Sharpsburg, sharpsburgHexes)
	}
	if vc.TraceHex != botelersFord {
		v.add(w, "17.1", "trace hex %s; the rules say %s", vc.TraceHex, botelersFord)
	}
	if vc.VPPerStrengthPoint < 1 || vc.SharpsburgVP < 1 {
		v.add(w, "17.1", "victory points must be positive")
	}
	if sd, ok := side(vc.SharpsburgStart); !ok || sd != adjudicator.CSA {
		v.add(w, "17.1", "the Confederates hold Sharpsburg at the start, not %q", vc.SharpsburgStart)
	}
	if v.s.Board != nil {
		v.town(vc.Sharpsburg)
	}
	for _, l := range vc.Levels {
		lw := "charts.toml: victory level " + l.Side + " " + l.Name
		if _, ok := side(l.Side); !ok {
			v.add(lw, "17.2", "side %q is neither union nor confederate", l.Side)
		}
		for _, r := range []Ratio{l.AtLeast, l.MoreThan, l.AtMost, l.LessThan} {
			if _, _, ok := r.Parse(); r != "" && !ok {
				v.add(lw, "17.2", "ratio %q: want U:C in whole numbers", r)
			}
		}
	}
	// Every end from 0 to 120 points a side; the bounds are ratios of small numbers,
	// so each boundary falls on such a pair.
	const most = 120
	var gaps, overlaps, wrong []string
	for u := 0; u <= most; u++ {
		for c := 0; c <= most; c++ {
			n := 0
			var found *VictoryLevel
			a, b := u, c
			if a == 0 && b == 0 {
				a, b = 1, 1
			}
			for i := range vc.Levels {
				if vc.Levels[i].holds(a, b) {
					n++
					found = &vc.Levels[i]
				}
			}
			at := fmt.Sprintf("%d:%d", u, c)
			switch {
			case n == 0:
				gaps = append(gaps, at)
			case n > 1:
				overlaps = append(overlaps, at)
			case (found.Side == "union") != (u > c):
				wrong = append(wrong, at)
			}
		}
	}
	for _, x := range []struct {
		list []string
		text string
	}{
		{gaps, "no level for the points"},
		{overlaps, "more than one level for the points"},
		{wrong, "a level for the side with fewer points (17.0: the side with more wins; equal points are Confederate, 17.2)"},
	} {
		if len(x.list) > 0 {
			v.add(w, "17.2", "%s %s", x.text, strings.Join(x.list[:min(len(x.list), 5)], ", "))
		}
	}
}

// town checks that the town hexes are exactly Sharpsburg's and join up.
func (v *validator) town(sharpsburg []HexID) {
	var town []HexID
	for _, p := range v.s.Board.Places {
		if Terrain(p.Terrain) == Town {
			town = append(town, p.ID)
		}
	}
	if !sameHexes(town, sharpsburg) {
		v.add("map.toml: terrain", "17.1", "town hexes %v; Sharpsburg is %v and the only town", town, sharpsburg)
	}
}

// limits checks 18.0 and the stacking, artillery numbers of 5.32, 8.11 and 19.0.
func (v *validator) limits() {
	ml := &v.s.Charts.MovementLimit
	const w = "charts.toml: [movement_limit]"
	if ml.UnionFirstTurn < 1 || ml.UnionLater < 1 {
		v.add(w, "18.1", "the Union may move %d units on game-turn one and %d after: both must be positive", ml.UnionFirstTurn, ml.UnionLater)
	}
	turns := v.s.OB.Game.Turns
	if ml.ReinforcementsCountFrom < 1 || ml.ReinforcementsCountFrom > turns+1 {
		v.add(w, "18.1", "reinforcements count from game-turn %d, not a turn of the game", ml.ReinforcementsCountFrom)
	}
	if ml.ConfederateNoMoveTurn < 1 || ml.ConfederateNoMoveTurn > turns {
		v.add(w, "18.2", "no-move game-turn %d is not a turn of the game", ml.ConfederateNoMoveTurn)
	}
	if len(ml.ConfederateNoMoveHexes) == 0 {
		v.add(w, "18.2", "no hexes")
	}
	for _, h := range ml.ConfederateNoMoveHexes {
		if !v.onMap(h) {
			v.add(w, "18.2", "hex %s is not on the map", h)
		}
	}
	if v.s.Charts.Stacking.Limit < 1 {
		v.add("charts.toml: [stacking]", "5.32", "limit %d", v.s.Charts.Stacking.Limit)
	}
	a := &v.s.Charts.Artillery
	if a.Range < 2 || a.UnionRange < a.Range {
		v.add("charts.toml: [artillery]", "8.11", "range %d (at least 2: a bombardment is from beyond the adjacent hex) and Union range %d (no less)", a.Range, a.UnionRange)
	}
}

// optional checks the optional rules' numbers: groups that exist, turns of the game,
// die rolls a die can show, an odds column of the CRT.
func (v *validator) optional() {
	o := &v.s.Charts.Optional
	turns := v.s.OB.Game.Turns
	group := func(where, id string) {
		for _, r := range v.s.OB.Reinforcements {
			if r.ID == id {
				return
			}
		}
		v.add(where, "20.0", "no reinforcement group %q", id)
	}
	turn := func(where string, t int) {
		if t < 1 || t > turns {
			v.add(where, "20.0", "game-turn %d is not a turn of the game", t)
		}
	}
	roll := func(where string, r int) {
		if r < 1 || r > 6 {
			v.add(where, "20.0", "die roll %d is not on a die", r)
		}
	}
	const w = "charts.toml: optional "
	if o.GreaterUnionInitiative.UnionLater < 1 {
		v.add(w+"greater_union_initiative", "20.1", "union_later %d", o.GreaterUnionInitiative.UnionLater)
	}
	group(w+"early_confederate_reinforcement", o.EarlyConfederate.Group)
	turn(w+"early_confederate_reinforcement", o.EarlyConfederate.Turn)
	group(w+"early_union_reinforcement", o.EarlyUnion.Group)
	turn(w+"early_union_reinforcement", o.EarlyUnion.Turn)
	group(w+"early_union_reinforcement", o.EarlyUnion.ExtraGroup)
	turn(w+"early_union_reinforcement", o.EarlyUnion.ExtraTurn)
	group(w+"optional_reinforcement", o.OptionalReinforcement.Group)
	roll(w+"optional_reinforcement", o.OptionalReinforcement.Roll)
	roll(w+"attack_effectiveness", o.AttackEffectiveness.RecoveryRoll)
	nd := &o.NoConfederateDisorganization
	if v.s.Charts.Column(nd.ConfederateFrom) < 0 {
		v.add(w+"no_confederate_disorganization", "20.6", "%q is no odds column of the CRT", nd.ConfederateFrom)
	}
	if nd.ConfederateShift <= 0 || nd.UnionShift >= 0 {
		v.add(w+"no_confederate_disorganization", "20.6", "the Confederate shift is to the right (positive), the Union's to the left (negative)")
	}
	for _, r := range v.s.OB.Reinforcements {
		if r.Optional != "" && r.ID != o.OptionalReinforcement.Group {
			v.add("ob.toml: reinforcement "+r.ID, "20.5", "optional group, but the optional reinforcement rule brings in %q", o.OptionalReinforcement.Group)
		}
	}
}

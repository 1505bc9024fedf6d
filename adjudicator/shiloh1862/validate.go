package shiloh1862

// This file checks scenario data against the rules: the map (3.0), the order of
// battle (4.2, the seniority sidebar), and a scenario's start (1.1, the Day 2 setup
// card, 5.6, 9.1). It runs for every embedded scenario in a test and in
// `pbem scenario check`, and on a club's edited copy.

import (
	"fmt"
	"sort"
	"strings"
)

// BlockTypeCounts is rule 4.2's BLOCK TYPES table.
var BlockTypeCounts = map[Army]map[BlockType]int{
	ArmyCSA:  {HQ: 6, Infantry: 16, Cavalry: 5, Artillery: 8, Gunboat: 0},
	ArmyUSTN: {HQ: 7, Infantry: 19, Cavalry: 6, Artillery: 7, Gunboat: 2},
	ArmyUSOH: {HQ: 4, Infantry: 8, Cavalry: 0, Artillery: 2, Gunboat: 0},
}

var (
	armies     = []Army{ArmyCSA, ArmyUSTN, ArmyUSOH}
	blockTypes = []BlockType{HQ, Infantry, Cavalry, Artillery, Gunboat}
)

// Validate checks a loaded scenario and returns every problem found, in a stable
// order (loader problems first, then map, order of battle and start). No problems
// means the data obeys every rule the validator knows; docs/DATA.md lists them.
func Validate(sc *Scenario) []Problem {
	v := &validator{sc: sc}
	v.probs = append(v.probs, sc.problems...)
	if sc.Map == nil || sc.OB == nil {
		v.add("scenario "+sc.ID, "data", "no map or order of battle")
		return v.probs
	}
	v.mapAreas()
	v.mapBorders()
	v.mapReach()
	v.mapRoads()
	v.obBlocks()
	v.obCounts()
	v.obFormations()
	v.obSeniority()
	v.provenance()
	v.start()
	return v.probs
}

type validator struct {
	sc    *Scenario
	probs []Problem
}

func (v *validator) add(where, rule, format string, args ...any) {
	v.probs = append(v.probs, Problem{Where: where, Rule: rule, Text: fmt.Sprintf(format, args...)})
}

func areaWhere(id AreaID) string { return "map: area " + string(id) }
func borderWhere(b *Border) string {
	return "map: border " + string(b.A) + "–" + string(b.B)
}
func blockWhere(id BlockID) string { return "ob: block " + string(id) }

// normName folds a name for comparison: lower case, letters and digits only.
func normName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (v *validator) mapAreas() {
	m := v.sc.Map
	seen := map[AreaID]bool{}
	names := map[string]AreaID{}
	var rivers, landings, riverfront int
	var usaCamps, csaCamps int
	entries := map[string]AreaID{}
	for i := range m.Areas {
		a := &m.Areas[i]
		w := areaWhere(a.ID)
		if a.ID == "" {
			v.add("map: area #"+fmt.Sprint(i+1), "data", "no id")
			continue
		}
		if seen[a.ID] {
			v.add(w, "data", "area listed twice")
		}
		seen[a.ID] = true
		if a.Name == "" {
			v.add(w, "data", "no name")
		}
		for _, n := range append([]string{a.Name}, a.Aliases...) {
			k := normName(n)
			if k == "" {
				continue
			}
			if other, ok := names[k]; ok && other != a.ID {
				v.add(w, "data", "name or alias %q is also used by %s", n, other)
			}
			names[k] = a.ID
		}
		switch a.Terrain {
		case Clear, Woods:
			def := 6
			if a.Terrain == Woods {
				def = 4
			}
			if a.Stack <= 0 {
				v.add(w, "3.31", "land area with stacking limit %d", a.Stack)
			} else if a.Stack != def && a.Provenance["stack"] == "" {
				v.add(w, "3.34", "%s area stacks %d, not %d (give a provenance for stack if the map says so)", a.Terrain, a.Stack, def)
			}
			if a.River {
				v.add(w, "4.25", "the river area must have terrain \"river\"")
			}
		case River:
			rivers++
			if !a.River {
				v.add(w, "4.25", "terrain river but river = false")
			}
			if a.Stack != 0 {
				v.add(w, "4.25", "the river holds only gunboats; stack must be 0")
			}
		default:
			v.add(w, "3.34", "unknown area terrain %q (clear, woods or river)", a.Terrain)
		}
		if a.Landing {
			landings++
			if !a.Riverfront {
				v.add(w, "4.25", "a landing is a riverfront area")
			}
		}
		if a.Riverfront {
			riverfront++
		}
		if a.Camp != nil {
			f := v.sc.OB.Formation(a.Camp.Formation)
			switch {
			case f == nil:
				v.add(w, "3.5", "camp of unknown formation %q", a.Camp.Formation)
			case f.Side != a.Camp.Side:
				v.add(w, "3.5", "camp side %s but formation %s is %s", a.Camp.Side, f.ID, f.Side)
			}
			switch a.Camp.Side {
			case USA:
				usaCamps++
			case CSA:
				csaCamps++
			default:
				v.add(w, "3.5", "camp without a side")
			}
		}
		if a.Entry != "" {
			if len(a.Entry) != 1 || a.Entry[0] < 'A' || a.Entry[0] > 'E' {
				v.add(w, "5.6", "entry %q is not a road letter A to E", a.Entry)
			}
			if other, ok := entries[a.Entry]; ok {
				v.add(w, "5.6", "entry road %s is also %s", a.Entry, other)
			}
			entries[a.Entry] = a.ID
			if a.EntrySide == NoSide {
				v.add(w, "5.6", "entry road %s without entry_side", a.Entry)
			}
		} else if a.EntrySide != NoSide {
			v.add(w, "5.6", "entry_side without an entry letter")
		}
	}
	if rivers != 1 {
		v.add("map", "4.25", "%d river areas; the Tennessee River is one area", rivers)
	}
	if landings != 3 {
		v.add("map", "9.1", "%d landings; the rules have three", landings)
	}
	if riverfront != 4 {
		v.add("map", "4.25", "%d riverfront areas; the rules have four (the three landings and Haggy Field)", riverfront)
	}
	if usaCamps != 5 || csaCamps != 3 {
		v.add("map", "3.5", "%d USA and %d CSA camps; the rules have five and three", usaCamps, csaCamps)
	}
	for _, l := range []string{"A", "D", "E"} {
		if entries[l] == "" {
			v.add("map", "5.61", "no entry road %s (named by the rules)", l)
		}
	}
}

func knownBorderTerrain(t BorderTerrain) bool {
	switch t {
	case BorderClear, BorderWoods, BorderOrchard, BorderStream, BorderFord, BorderBridge,
		BorderSlope, BorderRavine, BorderMarsh, BorderCreek, BorderCreekFord,
		BorderCreekBridge, BorderRiver:
		return true
	}
	return false
}

func hasTerrain(b *Border, t BorderTerrain) bool {
	for _, x := range b.Terrain {
		if x == t {
			return true
		}
	}
	return false
}

func (v *validator) mapBorders() {
	m := v.sc.Map
	seen := map[[2]AreaID]bool{}
	riverBorders := map[AreaID]bool{}
	for i := range m.Borders {
		b := &m.Borders[i]
		w := borderWhere(b)
		aa, ab := m.Area(b.A), m.Area(b.B)
		if aa == nil || ab == nil {
			v.add(w, "3.1", "joins an area that does not exist")
			continue
		}
		if b.A == b.B {
			v.add(w, "3.1", "border of an area with itself")
			continue
		}
		key := [2]AreaID{b.A, b.B}
		if seen[key] {
			v.add(w, "3.1", "border listed twice (borders are symmetric: give each once)")
		}
		seen[key] = true
		if len(b.Terrain) == 0 {
			v.add(w, "3.35", "no terrain")
		}
		for _, t := range b.Terrain {
			if !knownBorderTerrain(t) {
				v.add(w, "3.35", "unknown border terrain %q", t)
			}
		}
		slope := hasTerrain(b, BorderSlope)
		switch {
		case slope && b.High != b.A && b.High != b.B:
			v.add(w, "3.35", "slope needs high = one of its two areas (the top of the slope)")
		case !slope && b.High != "":
			v.add(w, "3.35", "high is set but the border has no slope")
		}
		river := hasTerrain(b, BorderRiver)
		isRiverArea := aa.River || ab.River
		switch {
		case isRiverArea && !river:
			v.add(w, "4.25", "a border of the river area must have terrain river")
		case river && !isRiverArea:
			v.add(w, "4.25", "terrain river, but neither area is the river")
		case river:
			land := aa
			if aa.River {
				land = ab
			}
			if !land.Riverfront {
				v.add(w, "4.25", "the river touches %s, which is not a riverfront area", land.ID)
			}
			riverBorders[land.ID] = true
		}
		if strings.Contains(strings.ToLower(b.Feature), "dill branch") && !hasTerrain(b, BorderRavine) {
			v.add(w, "3.35", "Dill Branch is a ravine along its whole length (sidebar), but this crossing is %v", b.Terrain)
		}
	}
	for _, a := range m.Areas {
		if a.Riverfront && !riverBorders[a.ID] {
			v.add(areaWhere(a.ID), "4.25", "riverfront area without a border to the river")
		}
	}
}

// mapReach checks that every land area can be reached from every other by land.
func (v *validator) mapReach() {
	m := v.sc.Map
	var start AreaID
	land := 0
	for _, a := range m.Areas {
		if !a.River {
			land++
			if start == "" {
				start = a.ID
			}
		}
	}
	if start == "" {
		return
	}
	seen := map[AreaID]bool{start: true}
	queue := []AreaID{start}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, n := range m.Neighbours(a) {
			na := m.Area(n)
			if seen[n] || na == nil || na.River {
				continue
			}
			if !m.Border(a, n).Limits(a).Passable {
				continue
			}
			seen[n] = true
			queue = append(queue, n)
		}
	}
	for _, a := range m.Areas {
		if !a.River && !seen[a.ID] {
			v.add(areaWhere(a.ID), "3.1", "cannot be reached by land from %s", start)
		}
	}
}

func (v *validator) mapRoads() {
	m := v.sc.Map
	seen := map[RoadID]bool{}
	for _, r := range m.Roads {
		w := "map: road " + string(r.ID)
		if seen[r.ID] {
			v.add(w, "data", "road listed twice")
		}
		seen[r.ID] = true
		if len(r.Path) < 2 {
			v.add(w, "3.4", "a road needs at least two areas")
		}
		inPath := map[AreaID]bool{}
		for i, a := range r.Path {
			if m.Area(a) == nil {
				v.add(w, "3.4", "runs through unknown area %s", a)
				continue
			}
			if m.Area(a).River {
				v.add(w, "3.4", "runs through the river")
			}
			if inPath[a] {
				v.add(w, "5.31", "passes %s twice", a)
			}
			inPath[a] = true
			if i == 0 || m.Area(r.Path[i-1]) == nil {
				continue
			}
			b := m.Border(r.Path[i-1], a)
			if b == nil {
				v.add(w, "3.4", "%s and %s are not adjacent", r.Path[i-1], a)
				continue
			}
			if !b.Limits(a).Passable {
				v.add(w, "3.35", "crosses the impassable border %s–%s (%v)", b.A, b.B, b.Terrain)
			}
		}
	}
}

func (v *validator) obBlocks() {
	ob := v.sc.OB
	seen := map[BlockID]bool{}
	for i := range ob.Blocks {
		b := &ob.Blocks[i]
		w := blockWhere(b.ID)
		if b.ID == "" {
			v.add("ob: block #"+fmt.Sprint(i+1), "data", "no id")
			continue
		}
		if seen[b.ID] {
			v.add(w, "data", "block listed twice")
		}
		seen[b.ID] = true
		if b.Name == "" {
			v.add(w, "data", "no name")
		}
		switch b.Army {
		case ArmyCSA:
			if b.Side != CSA {
				v.add(w, "4.2", "army CSA but side %s", b.Side)
			}
		case ArmyUSTN, ArmyUSOH:
			if b.Side != USA {
				v.add(w, "4.2", "army %s but side %s", b.Army, b.Side)
			}
		default:
			v.add(w, "4.2", "unknown army %q (CSA, US-TN, US-OH)", b.Army)
		}
		if f := ob.Formation(b.Formation); f == nil {
			v.add(w, "5.22", "unknown formation %q", b.Formation)
		} else if f.Army != b.Army {
			v.add(w, "5.22", "formation %s belongs to army %s, block to %s", f.ID, f.Army, b.Army)
		}
		known := false
		for _, t := range blockTypes {
			known = known || t == b.Type
		}
		if !known {
			v.add(w, "4.2", "unknown block type %q", b.Type)
		}
		if b.IsHQ() {
			switch b.HQKind {
			case AHQ, DHQ, CHQ:
			default:
				v.add(w, "4.21", "HQ without hq_kind AHQ, DHQ or CHQ")
			}
			if b.HQKind == DHQ && b.Side != USA || b.HQKind == CHQ && b.Side != CSA {
				v.add(w, "4.21", "%s is not a %s HQ kind", b.HQKind, b.Side)
			}
			if b.CommandRange < 1 || b.CommandRange > 2 {
				v.add(w, "5.21", "command range %d (HQs have CR 1 or 2)", b.CommandRange)
			}
		} else {
			if b.HQKind != "" {
				v.add(w, "4.21", "hq_kind on a block that is not an HQ")
			}
			if b.CommandRange != 0 {
				v.add(w, "5.21", "command range on a block that is not an HQ")
			}
		}
		if b.Max < 1 || b.Max > 3 {
			v.add(w, "4.12", "maximum strength %d (blocks have 3, 2 or 1)", b.Max)
		}
		minStart := 1
		if b.IsHQ() || b.Type == Gunboat {
			minStart = 0
		}
		if b.Start < minStart || b.Start > b.Max {
			v.add(w, "1.1", "start strength %d outside %d..%d", b.Start, minStart, b.Max)
		}
		if b.Firepower.Letter < 'A' || b.Firepower.Letter > 'C' || b.Firepower.Value < 1 {
			v.add(w, "4.13", "firepower %q (a letter A-C and a number)", b.Firepower.String())
		}
		if b.ActingAHQ && b.HQKind != DHQ {
			v.add(w, "5.21", "acting_ahq on a block that is not a DHQ")
		}
		if b.Siege && b.Type != Artillery {
			v.add(w, "6.1", "siege on a block that is not artillery")
		}
		if b.Pond && (b.Side != CSA || b.Type != Infantry) {
			v.add(w, "4.2", "the Pond rule is for a CSA infantry brigade")
		}
		if b.Type == Gunboat && b.Army != ArmyUSTN {
			v.add(w, "4.25", "gunboats belong to the Army of the Tennessee")
		}
	}
	// An alias must lead to one block: it may not be another block's name or alias on
	// the same side (names may repeat, as on the card: two USA Smiths and Taylors).
	names := map[Side]map[string][]BlockID{}
	for _, b := range ob.Blocks {
		if names[b.Side] == nil {
			names[b.Side] = map[string][]BlockID{}
		}
		for _, n := range append([]string{b.Name}, b.Aliases...) {
			k := normName(n)
			if !slicesContainsBlock(names[b.Side][k], b.ID) {
				names[b.Side][k] = append(names[b.Side][k], b.ID)
			}
		}
	}
	for _, b := range ob.Blocks {
		for _, a := range b.Aliases {
			if ids := names[b.Side][normName(a)]; len(ids) > 1 {
				v.add(blockWhere(b.ID), "data", "alias %q also names %v", a, ids)
			}
		}
	}
	if ob.FallenMarkers != 3 {
		v.add("ob", "4.2", "%d Fallen-leader HQ markers per side; the rules have three", ob.FallenMarkers)
	}
}

func (v *validator) obCounts() {
	got := map[Army]map[BlockType]int{}
	for _, b := range v.sc.OB.Blocks {
		if got[b.Army] == nil {
			got[b.Army] = map[BlockType]int{}
		}
		got[b.Army][b.Type]++
	}
	for _, a := range armies {
		for _, t := range blockTypes {
			if want := BlockTypeCounts[a][t]; got[a][t] != want {
				v.add("ob: army "+string(a), "4.2", "%d %s blocks; the BLOCK TYPES table has %d", got[a][t], t, want)
			}
		}
	}
}

func (v *validator) obFormations() {
	ob := v.sc.OB
	members := map[FormationID]int{}
	for _, b := range ob.Blocks {
		if !b.IsHQ() {
			members[b.Formation]++
		}
	}
	seen := map[FormationID]bool{}
	for _, f := range ob.Formations {
		w := "ob: formation " + string(f.ID)
		if seen[f.ID] {
			v.add(w, "data", "formation listed twice")
		}
		seen[f.ID] = true
		hq := ob.Block(f.HQ)
		switch {
		case hq == nil:
			v.add(w, "5.22", "HQ %q is not in the order of battle", f.HQ)
		case !hq.IsHQ():
			v.add(w, "5.22", "HQ %s is not an HQ block", f.HQ)
		case hq.Formation != f.ID:
			v.add(w, "5.22", "HQ %s belongs to formation %s", f.HQ, hq.Formation)
		case hq.HQKind != AHQ && members[f.ID] == 0:
			v.add(w, "6.91", "division or corps HQ %s has no blocks", f.HQ)
		}
		if f.Side != NoSide && hq != nil && hq.Side != f.Side {
			v.add(w, "5.22", "side %s but HQ %s is %s", f.Side, f.HQ, hq.Side)
		}
	}
	for _, b := range ob.Blocks {
		if b.IsHQ() && b.HQKind != AHQ {
			if f := ob.Formation(b.Formation); f != nil && f.HQ != b.ID {
				v.add(blockWhere(b.ID), "5.22", "HQ of formation %s, which names %s as its HQ", b.Formation, f.HQ)
			}
		}
	}
}

func (v *validator) obSeniority() {
	ob := v.sc.OB
	lists := map[Army]*Seniority{}
	for i := range ob.Seniority {
		s := &ob.Seniority[i]
		if lists[s.Army] != nil {
			v.add("ob: seniority "+string(s.Army), "6.91", "two seniority lists for one army")
		}
		lists[s.Army] = s
	}
	for _, a := range armies {
		w := "ob: seniority " + string(a)
		s := lists[a]
		if s == nil {
			v.add(w, "6.91", "no seniority list")
			continue
		}
		in := map[BlockID]int{}
		for _, id := range s.HQs {
			in[id]++
			b := ob.Block(id)
			switch {
			case b == nil:
				v.add(w, "6.91", "%s is not in the order of battle", id)
			case !b.IsHQ() || b.Army != a:
				v.add(w, "6.91", "%s is not an HQ of %s", id, a)
			}
			if in[id] == 2 {
				v.add(w, "6.91", "%s listed twice", id)
			}
		}
		for _, b := range ob.Blocks {
			if b.IsHQ() && b.Army == a && in[b.ID] == 0 {
				v.add(w, "6.91", "HQ %s is missing", b.ID)
			}
		}
		if len(s.HQs) > 0 {
			if b := ob.Block(s.HQs[0]); b != nil && b.HQKind != AHQ {
				v.add(w, "6.91", "the most senior HQ %s is not an AHQ", s.HQs[0])
			}
		}
	}
}

func checkProvenance(v *validator, where string, p Provenance, required ...string) {
	for _, k := range required {
		if p[k] == "" {
			v.add(where, "data", "no provenance for %s", k)
		}
	}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if ProvenanceKind(p[k]) == "" {
			v.add(where, "data", "provenance of %s must start with \"source:\", \"derived:\" or \"authored:\" (is %q)", k, p[k])
		}
	}
}

// ProvenanceKind returns "source", "derived" or "authored" for a provenance value,
// or "" when it has none of those prefixes.
func ProvenanceKind(s string) string {
	for _, k := range []string{"source", "derived", "authored"} {
		if strings.HasPrefix(s, k+":") {
			return k
		}
	}
	return ""
}

func (v *validator) provenance() {
	m, ob := v.sc.Map, v.sc.OB
	for _, a := range m.Areas {
		req := []string{"name", "terrain"}
		for _, f := range []struct {
			set  bool
			name string
		}{{a.Camp != nil, "camp"}, {a.Landing, "landing"}, {a.Riverfront, "riverfront"}, {a.Entry != "", "entry"}} {
			if f.set {
				req = append(req, f.name)
			}
		}
		checkProvenance(v, areaWhere(a.ID), a.Provenance, req...)
	}
	for i := range m.Borders {
		checkProvenance(v, borderWhere(&m.Borders[i]), m.Borders[i].Provenance, "terrain")
	}
	for _, r := range m.Roads {
		checkProvenance(v, "map: road "+string(r.ID), r.Provenance, "path")
	}
	for _, b := range ob.Blocks {
		req := []string{"name", "type", "max", "firepower"}
		if b.IsHQ() {
			req = append(req, "command_range")
		}
		if b.Start != b.Max {
			req = append(req, "start")
		}
		checkProvenance(v, blockWhere(b.ID), b.Provenance, req...)
	}
	for _, p := range v.sc.Setup {
		checkProvenance(v, v.startWhere("setup "+string(p.Block)), p.Provenance, "area")
	}
	for _, a := range v.sc.Arrivals {
		checkProvenance(v, v.startWhere("arrival "+a.ID), a.Provenance, "hour", "area")
	}
}

func (v *validator) startWhere(s string) string { return "scenario " + v.sc.ID + ": " + s }

// start checks the scenario's starting position.
func (v *validator) start() {
	sc, m, ob := v.sc, v.sc.Map, v.sc.OB
	if sc.Start < Day1First || sc.End > Day2Last || sc.Start > sc.End {
		v.add(v.startWhere("hours"), "2.0", "start %s and end %s are not a span of the game", sc.Start, sc.End)
	}
	// Every block exactly once: placed, arriving, shattered or absent.
	count := map[BlockID][]string{}
	note := func(id BlockID, how string) {
		if ob.Block(id) == nil {
			v.add(v.startWhere(how+" "+string(id)), "data", "no such block in the order of battle")
			return
		}
		count[id] = append(count[id], how)
	}
	for _, p := range sc.Setup {
		note(p.Block, "setup")
	}
	for _, a := range sc.Arrivals {
		for _, b := range a.Blocks {
			note(b, "arrival")
		}
	}
	for _, b := range sc.Shattered {
		note(b, "shattered")
	}
	for _, b := range sc.Absent {
		note(b, "absent")
	}
	for _, b := range ob.Blocks {
		switch n := len(count[b.ID]); {
		case n == 0:
			v.add(v.startWhere("block "+string(b.ID)), "1.1", "not placed, arriving, shattered or absent")
		case n > 1:
			v.add(v.startWhere("block "+string(b.ID)), "1.1", "appears %d times (%s)", n, strings.Join(count[b.ID], ", "))
		}
	}
	fallen := map[BlockID]int{}
	for _, f := range sc.Fallen {
		w := v.startWhere("fallen " + string(f.HQ))
		b := ob.Block(f.HQ)
		switch {
		case b == nil:
			v.add(w, "6.91", "no such block")
		case !b.IsHQ():
			v.add(w, "6.91", "not an HQ")
		case f.Holder != b.Side.Enemy():
			v.add(w, "6.91", "a Fallen HQ VP is held by the enemy of the HQ's side")
		}
		fallen[f.HQ]++
	}
	for _, side := range Sides {
		n := 0
		for _, f := range sc.Fallen {
			if b := ob.Block(f.HQ); b != nil && b.Side == side {
				n++
			}
		}
		for _, id := range sc.Shattered {
			if b := ob.Block(id); b != nil && b.Side == side && b.IsHQ() {
				n++
			}
		}
		if n > ob.FallenMarkers {
			v.add(v.startWhere(side.String()+" fallen HQs"), "4.2", "%d HQ falls, more than the %d Fallen-leader markers", n, ob.FallenMarkers)
		}
	}
	for _, id := range sc.CampsCaptured {
		if a := m.Area(id); a == nil || a.Camp == nil || a.Camp.Side != USA {
			v.add(v.startWhere("camps_captured "+string(id)), "7.2", "not a USA camp")
		}
	}
	v.setup(fallen)
	v.arrivals()
}

func (v *validator) setup(fallen map[BlockID]int) {
	sc, m, ob := v.sc, v.sc.Map, v.sc.OB
	side := map[AreaID]Side{}
	stack := map[AreaID]int{}
	usaOthers := map[AreaID]int{}
	placedAt := map[BlockID]AreaID{}
	for _, p := range sc.Setup {
		w := v.startWhere("setup " + string(p.Block))
		b := ob.Block(p.Block)
		a := m.Area(p.Area)
		if b == nil {
			continue
		}
		if a == nil {
			v.add(w, "1.1", "area %q does not exist", p.Area)
			continue
		}
		placedAt[p.Block] = p.Area
		max := b.Max
		if p.Rebuilt {
			max = 1
			if !b.IsHQ() {
				v.add(w, "6.91", "only an HQ is rebuilt")
			} else if fallen[b.ID] == 0 {
				v.add(w, "6.91", "rebuilt, but no Fallen HQ VP for it is listed")
			}
		}
		min := 1
		if b.IsHQ() || b.Type == Gunboat {
			min = 0
		}
		if p.Strength < min || p.Strength > max {
			v.add(w, "4.12", "strength %d outside %d..%d", p.Strength, min, max)
		}
		if (b.Type == Gunboat) != a.River {
			if b.Type == Gunboat {
				v.add(w, "4.25", "a gunboat can only ever occupy the river")
			} else {
				v.add(w, "4.25", "only gunboats may be in the river")
			}
		}
		if s, ok := side[p.Area]; ok && s != b.Side {
			v.add(w, "1.1", "%s holds blocks of both sides at the start", p.Area)
		}
		side[p.Area] = b.Side
		stack[p.Area]++
		if b.Side == USA && !b.IsHQ() {
			usaOthers[p.Area]++
		}
	}
	areas := make([]AreaID, 0, len(stack))
	for id := range stack {
		areas = append(areas, id)
	}
	sort.Slice(areas, func(i, j int) bool { return areas[i] < areas[j] })
	for _, id := range areas {
		a := m.Area(id)
		if !a.River && stack[id] > a.Stack {
			v.add(v.startWhere("area "+string(id)), "3.31", "%d blocks, stacking limit %d", stack[id], a.Stack)
		}
	}
	day1 := sc.Start == Day1First
	if day1 {
		for _, id := range areas {
			if usaOthers[id] > 2 {
				v.add(v.startWhere("area "+string(id)), "1.1", "%d USA blocks besides HQs; at most two per area at deployment", usaOthers[id])
			}
		}
	}
	for _, p := range sc.Setup {
		b := ob.Block(p.Block)
		if b == nil || m.Area(p.Area) == nil {
			continue
		}
		w := v.startWhere("setup " + string(p.Block))
		if b.IsHQ() {
			if !day1 {
				continue // the Day 2 card names each HQ's area
			}
			a := m.Area(p.Area)
			switch b.HQKind {
			case AHQ:
				if b.Side == CSA && (a.Camp == nil || a.Camp.Side != CSA) {
					v.add(w, "1.1", "a CSA AHQ deploys in a CSA camp, not %s", p.Area)
				}
			default:
				if a.Camp == nil || a.Camp.Formation != b.Formation {
					v.add(w, "1.1", "%s deploys in the camp of %s, not %s", b.HQKind, b.Formation, p.Area)
				}
			}
			continue
		}
		if b.Type == Gunboat {
			continue
		}
		f := ob.Formation(b.Formation)
		if f == nil {
			continue
		}
		hqArea, ok := placedAt[f.HQ]
		if !ok {
			// Army troops whose AHQ is still to arrive (Webster before Grant) are
			// placed where the scenario says.
			continue
		}
		cr := 0
		if hq := ob.Block(f.HQ); hq != nil {
			cr = hq.CommandRange
		}
		if !day1 {
			// Day 2 card: "other blocks within CR2" (CSA), "within CR1" (USA).
			cr = 1
			if b.Side == CSA {
				cr = 2
			}
		}
		if d := v.rangeTo(hqArea, p.Area, b.Side, side, cr); d < 0 {
			v.add(w, "5.21", "%s is not within CR%d of %s in %s", p.Area, cr, f.HQ, hqArea)
		}
	}
}

// rangeTo is the command range distance from an HQ's area to another area, traced
// through friendly or vacant areas and passable borders (5.21), or -1 beyond cr.
func (v *validator) rangeTo(from, to AreaID, own Side, held map[AreaID]Side, cr int) int {
	m := v.sc.Map
	dist := map[AreaID]int{from: 0}
	queue := []AreaID{from}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		if a == to {
			return dist[a]
		}
		if dist[a] == cr {
			continue
		}
		if a != from {
			if s, ok := held[a]; ok && s != own {
				continue // not through enemy areas
			}
		}
		for _, n := range m.Neighbours(a) {
			if _, ok := dist[n]; ok {
				continue
			}
			if !m.Border(a, n).Limits(a).Passable {
				continue
			}
			if s, ok := held[n]; ok && s != own {
				continue
			}
			dist[n] = dist[a] + 1
			queue = append(queue, n)
		}
	}
	return -1
}

func (v *validator) arrivals() {
	sc, m, ob := v.sc, v.sc.Map, v.sc.OB
	ids := map[string]bool{}
	for _, a := range sc.Arrivals {
		w := v.startWhere("arrival " + a.ID)
		if a.ID == "" || ids[a.ID] {
			v.add(w, "data", "arrival ids must be present and unique")
		}
		ids[a.ID] = true
		if len(a.Blocks) == 0 {
			v.add(w, "5.6", "no blocks")
		}
		gunboats := 0
		for _, id := range a.Blocks {
			b := ob.Block(id)
			if b == nil {
				continue
			}
			if b.Side != a.Side {
				v.add(w, "5.6", "%s is not a %s block", id, a.Side)
			}
			if b.Type == Gunboat {
				gunboats++
			}
			if b.IsHQ() && a.HQStrength > b.Max {
				v.add(w, "9.1", "hq_strength %d above %s's maximum %d", a.HQStrength, id, b.Max)
			}
		}
		if len(a.Options) == 0 {
			v.add(w, "5.6", "no time and place to arrive")
		}
		choices := map[string]bool{}
		for i, o := range a.Options {
			ow := fmt.Sprintf("%s option %d", w, i+1)
			if o.Hour < sc.Start || o.Hour > sc.End {
				v.add(ow, "5.6", "hour %s outside the scenario (%s to %s)", o.Hour, sc.Start, sc.End)
			}
			if len(a.Options) > 1 && (o.Choice == "" || choices[o.Choice]) {
				v.add(ow, "5.61", "options of one arrival need distinct choice names")
			}
			choices[o.Choice] = true
			if o.Landing {
				if o.Area != "" {
					v.add(ow, "9.1", "give an area or landing = true, not both")
				}
				if a.Side != USA {
					v.add(ow, "9.1", "only the USA lands at the landings")
				}
				continue
			}
			ar := m.Area(o.Area)
			switch {
			case ar == nil:
				v.add(ow, "5.6", "entry area %q does not exist", o.Area)
			case gunboats > 0 && !ar.River || gunboats == 0 && ar.River:
				v.add(ow, "4.25", "gunboats, and only gunboats, arrive on the river")
			case ar.River:
			case ar.Entry != "" && ar.EntrySide == a.Side:
			case ar.Landing && a.Side == USA:
			default:
				v.add(ow, "5.6", "%s is not a %s entry area or landing", o.Area, a.Side)
			}
		}
	}
}

func slicesContainsBlock(ids []BlockID, id BlockID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

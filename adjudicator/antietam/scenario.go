package antietam

// This file turns the decoded data files into a Scenario: every unit told its side
// and formation, the board built as the contract's hex Board, the CRT with a club's
// overrides applied. It reads no files (load.go does); what it cannot place it
// records as a Problem for Validate.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Scenario is the Antietam data, loaded and indexed: shared and read-only once
// loaded.
type Scenario struct {
	ID     string
	Title  string
	Map    MapData
	OB     OrderOfBattle
	Charts Charts
	// Board is the hex board; nil when the grid itself is unusable (Validate says
	// why).
	Board *adjudicator.Board
	// Units lists every unit: the deployments, then the reinforcements, in the
	// files' order.
	Units []Unit

	units    map[UnitID]int
	problems []Problem
	// geo is the board in tables for the rules (geometry.go); nil without a board.
	geo *geometry
	// slotIDs are the unit ids in order, as a State lists its units; slotOf
	// finds a unit's place there, slotSpec its order of battle entry.
	slotIDs  []UnitID
	slotOf   map[UnitID]int
	slotSpec []*Unit
	// names are the order language's names (grammar_names.go).
	names *grammarNames
}

// newScenario indexes decoded data; problems found while decoding come first.
func newScenario(m MapData, ob OrderOfBattle, ch Charts, probs []Problem) *Scenario {
	s := &Scenario{ID: m.Map.ID, Title: m.Map.Title, Map: m, OB: ob, Charts: ch, problems: probs}
	s.indexUnits()
	s.buildBoard()
	s.geo = newGeometry(s.Board, &s.Charts)
	s.indexSlots()
	s.names = newGrammarNames(s)
	return s
}

func (s *Scenario) note(where, rule, format string, args ...any) {
	s.problems = append(s.problems, Problem{Where: where, Rule: rule, Text: fmt.Sprintf(format, args...)})
}

// side reads a side as the files write it ("union", "confederate").
func side(name string) (adjudicator.Side, bool) {
	switch name {
	case "union":
		return adjudicator.USA, true
	case "confederate":
		return adjudicator.CSA, true
	}
	return adjudicator.NoSide, false
}

func (s *Scenario) indexUnits() {
	add := func(u Unit, sideName, formation, group, where string) {
		sd, ok := side(sideName)
		if !ok {
			s.note(where, "data", "side %q is neither union nor confederate", sideName)
		}
		u.Side, u.Formation, u.Group = sd, formation, group
		if u.Movement == 0 {
			u.Movement = s.OB.OB.Movement
		}
		s.Units = append(s.Units, u)
	}
	for _, d := range s.OB.Deploy {
		for _, u := range d.Units {
			add(u, d.Side, d.Formation, "", "ob: deploy "+d.Formation)
		}
	}
	for _, r := range s.OB.Reinforcements {
		for _, u := range r.Units {
			add(u, r.Side, "", r.ID, "ob: reinforcement "+r.ID)
		}
	}
	s.units = make(map[UnitID]int, len(s.Units))
	for i, u := range s.Units {
		if _, dup := s.units[u.ID]; !dup {
			s.units[u.ID] = i
		}
	}
}

// Unit returns a unit by id, or nil.
func (s *Scenario) Unit(id UnitID) *Unit {
	if i, ok := s.units[id]; ok {
		return &s.Units[i]
	}
	return nil
}

// Ends reads a hexside's two hexes.
func (h Hexside) Ends() (a, b HexID, ok bool) {
	x, y, found := strings.Cut(string(h), "-")
	if !found || len(x) != 4 || len(y) != 4 {
		return "", "", false
	}
	return HexID(x), HexID(y), true
}

// maxGrid is the largest column or row a CCRR number can hold.
const maxGrid = 99

// buildBoard makes the contract's hex board: every cell a place with its terrain
// (clear unless listed), a single-hex named place as that hex's alias, and an edge
// for every hexside that carries a creek, crossing, road or trail.
func (s *Scenario) buildBoard() {
	g := s.Map.Grid
	if g.Cols < 1 || g.Rows < 1 || g.Cols > maxGrid || g.Rows > maxGrid {
		s.note("map: grid", "data", "%d columns and %d rows: each must be 1 to %d", g.Cols, g.Rows, maxGrid)
		return
	}
	grid := &adjudicator.Grid{Kind: adjudicator.Hexes, Cols: g.Cols, Rows: g.Rows, EvenLow: g.EvenLow}
	terrain := map[HexID]Terrain{}
	for _, t := range s.Map.Terrain {
		for _, h := range t.Hexes {
			if _, seen := terrain[h]; !seen {
				terrain[h] = t.Kind
			}
		}
	}
	alias := map[HexID][]string{}
	for _, p := range s.Map.Places {
		if len(p.Hexes) == 1 {
			alias[p.Hexes[0]] = append(alias[p.Hexes[0]], p.Name)
		}
	}
	places := make([]adjudicator.Place, 0, g.Cols*g.Rows)
	for c := 1; c <= g.Cols; c++ {
		for r := 1; r <= g.Rows; r++ {
			id := adjudicator.Cell(c, r)
			t, ok := terrain[id]
			if !ok {
				t = Clear
			}
			places = append(places, adjudicator.Place{ID: id, Name: string(id), Aliases: alias[id], Terrain: string(t)})
		}
	}
	features := map[[2]HexID][]string{}
	var order [][2]HexID
	addSide := func(a, b HexID, f Feature, where string) {
		if grid.Distance(a, b) != 1 {
			s.note(where, "data", "%s and %s are not neighbouring hexes of the %dx%d grid", a, b, g.Cols, g.Rows)
			return
		}
		k := sideKey(a, b)
		if _, ok := features[k]; !ok {
			order = append(order, k)
		}
		if !slices.Contains(features[k], string(f)) {
			features[k] = append(features[k], string(f))
		}
	}
	for _, c := range s.Map.Creeks {
		for _, h := range c.Sides {
			if a, b, ok := h.Ends(); ok {
				addSide(a, b, Creek, "map: creek "+c.Name+": "+string(h))
			} else {
				s.note("map: creek "+c.Name, "data", "hexside %q is not written CCRR-CCRR", h)
			}
		}
	}
	for _, c := range s.Map.Crossings {
		if a, b, ok := c.Side.Ends(); ok {
			addSide(a, b, c.Kind, "map: crossing "+c.ID)
		} else {
			s.note("map: crossing "+c.ID, "data", "hexside %q is not written CCRR-CCRR", c.Side)
		}
	}
	for _, r := range s.Map.Roads {
		for i := 1; i < len(r.Hexes); i++ {
			addSide(r.Hexes[i-1], r.Hexes[i], r.Kind, "map: road "+r.ID+" step "+strconv.Itoa(i))
		}
	}
	edges := make([]adjudicator.Edge, 0, len(order))
	for _, k := range order {
		f := features[k]
		slices.Sort(f)
		edges = append(edges, adjudicator.Edge{A: k[0], B: k[1], Features: f})
	}
	b, err := adjudicator.NewBoard(s.Map.Map.ID, adjudicator.Hexes, places, edges, grid)
	if err != nil {
		s.note("map", "data", "%v", err)
		return
	}
	b.Labels = s.labels()
	s.Board = b
}

// labels are the names the map prints: each named place over its hexes, each
// bridge and ford over its hexside's two hexes (without what its name says in
// brackets), a crossing named as a place only once.
func (s *Scenario) labels() []adjudicator.Label {
	var out []adjudicator.Label
	named := map[string]bool{}
	for _, p := range s.Map.Places {
		out = append(out, adjudicator.Label{Text: p.Name, Places: p.Hexes})
		named[strings.ToLower(p.Name)] = true
	}
	for _, c := range s.Map.Crossings {
		name, _, _ := strings.Cut(c.Name, " (")
		a, b, ok := c.Side.Ends()
		if !ok || named[strings.ToLower(name)] {
			continue
		}
		out = append(out, adjudicator.Label{Text: name, Places: []adjudicator.PlaceID{a, b}})
	}
	return out
}

func sideKey(a, b HexID) [2]HexID {
	if b < a {
		a, b = b, a
	}
	return [2]HexID{a, b}
}

// Terrain is a hex's terrain ("" off the map).
func (s *Scenario) Terrain(h HexID) Terrain {
	if s.Board == nil {
		return ""
	}
	if p := s.Board.Place(h); p != nil {
		return Terrain(p.Terrain)
	}
	return ""
}

// Has says whether the hexside between two hexes carries a feature.
func (s *Scenario) Has(a, b HexID, f Feature) bool {
	if s.Board == nil {
		return false
	}
	e := s.Board.Edge(a, b)
	return e != nil && slices.Contains(e.Features, string(f))
}

// ZOCExtends says whether a unit in hex a exerts its zone of control into its
// neighbour b (6.6): not through a creek hexside without a bridge or ford, not into
// a river ferry (or river) hex.
func (s *Scenario) ZOCExtends(a, b HexID) bool {
	if s.geo == nil {
		return false
	}
	i, okA := s.geo.index(a)
	j, okB := s.geo.index(b)
	if !okA || !okB {
		return false
	}
	d := s.geo.dir(i, j)
	return d >= 0 && s.geo.zocInto(i, d)
}

// TerrainEffect returns the TEC row of a hex terrain, or nil.
func (c *Charts) TerrainEffect(t Terrain) *TerrainEffect {
	for i := range c.TEC.Terrain {
		if c.TEC.Terrain[i].ID == t {
			return &c.TEC.Terrain[i]
		}
	}
	return nil
}

// SideEffect returns the TEC row of a hexside terrain, or nil.
func (c *Charts) SideEffect(f Feature) *SideEffect {
	for i := range c.TEC.Hexsides {
		if c.TEC.Hexsides[i].ID == f {
			return &c.TEC.Hexsides[i]
		}
	}
	return nil
}

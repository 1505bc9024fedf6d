package antietam

// This file is fog of war as a type (DESIGN §3): what one side may know of a
// position. The mails, the maps, the order checks and the bot are made from a
// View, never from a State.
//
// Blue & Gray's counters stand face-up, so the default mode is open: a side sees
// every unit on the map. The optional double-blind mode (docs/systems/antietam.md,
// "Double-blind") hides an enemy unit unless one of the viewer's units on the map
// can see it: it stands next to it, or within SightRange hexes with a line of
// sight 8.3 would allow (blocking terrain, 8.33; along a hexside, 8.32). What the
// rules make public in every mode stays public: the game-turn, the reinforcement
// schedule, which units have been eliminated (the score is public, 17.1), who
// holds Sharpsburg and whether the Union movement limit is gone (18.1).

import (
	"cmp"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The fog-of-war modes a game may choose, as games store them.
const (
	ModeOpen        adjudicator.Visibility = "open"
	ModeDoubleBlind adjudicator.Visibility = "double-blind"
)

// SightRange is how far, in hexes, a unit sees in double-blind play when its line
// of sight is clear: about a mile and a half at the map's scale, the distance at
// which a brigade's colours could be made out in the smoke of 1862. Adjacent
// units are always seen. An authored value (docs/systems/antietam.md).
const SightRange = 4

// View is what one side (NoSide: the GM) may know of a position.
type View struct {
	Viewer adjudicator.Side       `json:"viewer"`
	Mode   adjudicator.Visibility `json:"mode"`
	// Turn is the player-turn the position is at: the one whose orders are due.
	Turn     adjudicator.Turn `json:"turn"`
	GameTurn int              `json:"game_turn"`
	Phasing  adjudicator.Side `json:"phasing"`
	Optional []string         `json:"optional,omitempty"`
	// Units are the units on the map the viewer sees, in id order: all of its
	// own, and the enemy's its mode lets it see.
	Units []SeenUnit `json:"units"`
	// Pending are the viewer's own reinforcements not yet entered, in id order
	// (the GM's: both sides').
	Pending []UnitID `json:"pending,omitempty"`
	// Eliminated are the units of both sides out of the game, in id order.
	Eliminated []UnitID `json:"eliminated,omitempty"`
	// Groups are the reinforcement groups and the game-turn each may enter from
	// (15.0, 20.5): the schedule both players read from the rules.
	Groups       []GroupState `json:"groups"`
	Control      []HexControl `json:"control"`
	CreekCrossed bool         `json:"creek_crossed,omitempty"`
	Released     bool         `json:"released,omitempty"`
	Score        [2]int       `json:"score"`
	Over         bool         `json:"over,omitempty"`
	Final        *Final       `json:"final,omitempty"`
	// Standing are the viewer's own standing orders in force (State.Standing),
	// for its order form to echo; never the enemy's. The GM's view has none.
	Standing *Standing `json:"standing,omitempty"`
}

// SeenUnit is a unit on the map as the viewer sees it: its counter.
type SeenUnit struct {
	ID          UnitID           `json:"id"`
	Side        adjudicator.Side `json:"side"`
	Hex         HexID            `json:"hex"`
	Strength    int              `json:"strength"`
	Ineffective bool             `json:"ineffective,omitempty"`
}

func (v *View) SeenBy() adjudicator.Side   { return v.Viewer }
func (v *View) ViewTurn() adjudicator.Turn { return v.Turn }

// Unit is the counter of a unit the view shows, or nil.
func (v *View) Unit(id UnitID) *SeenUnit {
	i, ok := slices.BinarySearchFunc(v.Units, id, func(u SeenUnit, id UnitID) int { return cmp.Compare(u.ID, id) })
	if !ok {
		return nil
	}
	return &v.Units[i]
}

// Outcome is where the game stands as the view tells it.
func (v *View) Outcome() adjudicator.Outcome {
	o := adjudicator.Outcome{Over: v.Over, Score: v.Score}
	if v.Final != nil {
		o.Winner, o.Score = v.Final.Winner, v.Final.Points
	}
	return o
}

// View is what viewer may know of st, in the game's fog-of-war mode.
func (s *Scenario) View(st *State, viewer adjudicator.Side) *View {
	mode := st.Mode
	if mode == "" {
		mode = ModeOpen
	}
	out := st.Outcome()
	v := &View{
		Viewer: viewer, Mode: mode, Turn: st.Turn(), GameTurn: st.GameTurn, Phasing: st.Phasing,
		Optional: slices.Clone(st.Optional), Groups: slices.Clone(st.Groups), Control: slices.Clone(st.Control),
		CreekCrossed: st.CreekCrossed, Released: st.Released, Score: out.Score, Over: st.Over,
	}
	if st.Final != nil {
		f := *st.Final
		f.CutOff = slices.Clone(f.CutOff)
		v.Final = &f
	}
	if viewer != adjudicator.NoSide {
		if in := st.StandingOf(viewer); !in.empty() {
			in = in.clone()
			v.Standing = &in
		}
	}
	seen := s.seenBy(st, viewer, mode)
	for i, u := range st.Units {
		owner := s.Unit(u.ID).Side
		switch u.Status {
		case OnMap:
			if seen[i] {
				v.Units = append(v.Units, SeenUnit{ID: u.ID, Side: owner, Hex: u.Hex, Strength: u.Strength, Ineffective: u.Ineffective})
			}
		case Pending:
			if viewer == adjudicator.NoSide || viewer == owner {
				v.Pending = append(v.Pending, u.ID)
			}
		case Eliminated:
			v.Eliminated = append(v.Eliminated, u.ID)
		}
	}
	return v
}

// seenBy marks the units of st (by their index in st.Units) the viewer sees on
// the map: every unit for the GM or in open play; in double-blind play its own and
// the enemy's its units can see.
func (s *Scenario) seenBy(st *State, viewer adjudicator.Side, mode adjudicator.Visibility) []bool {
	seen := make([]bool, len(st.Units))
	var eyes []int // the hexes the viewer's units stand in
	for i, u := range st.Units {
		if u.Status != OnMap {
			continue
		}
		mine := s.Unit(u.ID).Side == viewer
		seen[i] = mine || viewer == adjudicator.NoSide || mode != ModeDoubleBlind
		if mine && s.geo != nil {
			if h, ok := s.geo.index(u.Hex); ok && !slices.Contains(eyes, h) {
				eyes = append(eyes, h)
			}
		}
	}
	if s.geo == nil {
		return seen
	}
	for i, u := range st.Units {
		if seen[i] || u.Status != OnMap {
			continue
		}
		h, ok := s.geo.index(u.Hex)
		if !ok {
			continue
		}
		for _, e := range eyes {
			if s.sees(e, h) {
				seen[i] = true
				break
			}
		}
	}
	return seen
}

// sees says whether a unit in hex a sees a unit in hex b in double-blind play.
func (s *Scenario) sees(a, b int) bool {
	if d := s.geo.distance(a, b); d <= 1 || d > SightRange {
		return d <= 1
	}
	_, clear := slices.BinarySearch(s.geo.clearFrom(a), b)
	return clear
}

// Believed is the position as the viewer of v believes it: the units v shows
// where v shows them, the viewer's pending reinforcements pending, the eliminated
// eliminated, and every unit v does not show absent. The receipt's checks and the
// bot play on it, so nothing they say can depend on a unit the viewer cannot see.
func (s *Scenario) Believed(v *View) *State {
	st := &State{
		Scenario: s.ID, Optional: slices.Clone(v.Optional), Mode: v.Mode, GameTurn: v.GameTurn, Phasing: v.Phasing,
		CreekCrossed: v.CreekCrossed, Released: v.Released, Groups: slices.Clone(v.Groups),
		Control: slices.Clone(v.Control), Over: v.Over, sc: s,
	}
	st.Units = make([]UnitState, len(s.slotIDs))
	for i, id := range s.slotIDs {
		st.Units[i] = UnitState{ID: id, Status: Absent, Strength: s.slotSpec[i].Strength}
	}
	for _, u := range v.Units {
		if i, ok := s.slotOf[u.ID]; ok {
			st.Units[i] = UnitState{ID: u.ID, Status: OnMap, Hex: u.Hex, Strength: u.Strength, Ineffective: u.Ineffective}
		}
	}
	for _, id := range v.Pending {
		if i, ok := s.slotOf[id]; ok {
			st.Units[i].Status = Pending
		}
	}
	for _, id := range v.Eliminated {
		if i, ok := s.slotOf[id]; ok {
			st.Units[i].Status = Eliminated
		}
	}
	if v.Standing != nil {
		st.keepStanding(&Orders{Side: v.Viewer, Standing: *v.Standing})
	}
	return st
}

package antietam

// This file is the game position (3.0, 4.0): every unit with its hex, strength
// and status, the game-turn and the phasing side, the reinforcement groups and
// when each may enter (15.0, 20.3-20.5), who last held each Sharpsburg hex (17.1),
// the Union movement limit's release (18.1), and at the end the count of 17.0.
// Its JSON is stable: fields in a fixed order, units sorted by id, optional rules
// sorted, no maps; EncodeState and DecodeState write and read it.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// UnitStatus is where a unit is.
type UnitStatus string

const (
	OnMap      UnitStatus = "map"
	Pending    UnitStatus = "pending"    // a reinforcement that has not entered (15.0)
	Eliminated UnitStatus = "eliminated" // removed by combat (7.6, 7.72, 7.82, 15.4, 19.0)
	// Absent units are not in play at all: a position for a test or a study that
	// leaves them out. They score nothing.
	Absent UnitStatus = "absent"
)

// UnitState is one unit in the position.
type UnitState struct {
	ID     UnitID     `json:"id"`
	Status UnitStatus `json:"status"`
	Hex    HexID      `json:"hex,omitempty"`
	// Strength is the combat strength, printed on the counter (2.4); a position
	// may set another for a study.
	Strength int `json:"strength"`
	// Ineffective units have lost attack effectiveness (optional rule 11.0).
	Ineffective bool `json:"ineffective,omitempty"`
	// Lost is the key of the player-turn an eliminated unit fell in ("T04-USA"),
	// for the record of 17.1's points.
	Lost string `json:"lost,omitempty"`
}

// GroupState is a reinforcement group (15.0): the game-turn from which it may
// enter, 0 while it may not (16.2's group until 20.5's roll lets it in).
type GroupState struct {
	ID   string `json:"id"`
	From int    `json:"from"`
}

// HexControl is who last occupied or moved through a Sharpsburg hex (17.1).
type HexControl struct {
	Hex  HexID            `json:"hex"`
	Side adjudicator.Side `json:"side"`
}

// Final is the count at the end of the game (17.0).
type Final struct {
	// Points per side, index Side.Index(): eliminated enemy strength, units
	// cut off from 0126 counted as eliminated, and Sharpsburg's 15 (17.1).
	Points [2]int `json:"points"`
	// Sharpsburg is the side that controls all four hexes, if one does.
	Sharpsburg adjudicator.Side `json:"sharpsburg,omitempty"`
	// CutOff are the Confederate units on the map that could not trace to 0126
	// (17.1).
	CutOff []UnitID         `json:"cut_off,omitempty"`
	Winner adjudicator.Side `json:"winner"`
	Level  string           `json:"level"` // a 17.2 level: "union-decisive", "confederate-marginal" …
}

// State is the whole position: the truth, which only the engine and the GM see.
type State struct {
	Scenario string `json:"scenario"`
	// Optional are the optional rules in use (rule20_optional.go), sorted.
	Optional []string `json:"optional,omitempty"`
	// Mode is the fog-of-war mode (view.go); empty reads as open.
	Mode     adjudicator.Visibility `json:"mode,omitempty"`
	GameTurn int                    `json:"game_turn"`
	Phasing  adjudicator.Side       `json:"phasing"`
	// CreekCrossed: a Confederate unit has crossed a creek hexside, so the Union
	// movement limit goes in the next Union player-turn (18.1).
	CreekCrossed bool `json:"creek_crossed,omitempty"`
	// Released: the Union movement limit is gone for good (18.1).
	Released bool         `json:"released,omitempty"`
	Units    []UnitState  `json:"units"`
	Groups   []GroupState `json:"groups"`
	Control  []HexControl `json:"control"`
	// Standing are the standing orders in force (7.71, 7.75, 7.81), at most one
	// entry a side, in side order: the latest a side wrote. A side's orders
	// that write none keep them; orders that write any replace them all (DESIGN
	// §9: the other side's standing orders come from its latest mail).
	Standing []SideStanding `json:"standing,omitempty"`
	Over     bool           `json:"over,omitempty"`
	Final    *Final         `json:"final,omitempty"`

	sc *Scenario
}

// SideStanding is one side's standing orders in force.
type SideStanding struct {
	Side     adjudicator.Side `json:"side"`
	Standing Standing         `json:"orders"`
}

// StandingOf is the standing orders in force for a side (none: the defaults).
func (st *State) StandingOf(s adjudicator.Side) Standing {
	for _, x := range st.Standing {
		if x.Side == s {
			return x.Standing
		}
	}
	return Standing{}
}

// keepStanding records the standing orders o writes, if it writes any, as the
// ones in force for its side.
func (st *State) keepStanding(o *Orders) {
	if o == nil || o.Standing.empty() {
		return
	}
	kept := SideStanding{Side: o.Side, Standing: o.Standing.clone()}
	for i := range st.Standing {
		if st.Standing[i].Side == o.Side {
			st.Standing[i] = kept
			return
		}
	}
	st.Standing = append(st.Standing, kept)
	slices.SortFunc(st.Standing, func(a, b SideStanding) int { return int(a.Side) - int(b.Side) })
}

// slots numbers the scenario's units in id order: a state lists them so.
func (s *Scenario) indexSlots() {
	s.slotIDs = make([]UnitID, len(s.Units))
	for i, u := range s.Units {
		s.slotIDs[i] = u.ID
	}
	slices.Sort(s.slotIDs)
	s.slotIDs = slices.Compact(s.slotIDs)
	s.slotOf = make(map[UnitID]int, len(s.slotIDs))
	s.slotSpec = make([]*Unit, len(s.slotIDs))
	for i, id := range s.slotIDs {
		s.slotOf[id] = i
		s.slotSpec[i] = s.Unit(id)
	}
}

// NewState builds the start of the game (3.0, 14.0-14.3) with the optional rules
// named (rule20_optional.go).
func (s *Scenario) NewState(optional []string) (*State, error) {
	if s.geo == nil {
		return nil, fmt.Errorf("antietam: the scenario has no usable board")
	}
	opts := slices.Clone(optional)
	slices.Sort(opts)
	opts = slices.Compact(opts)
	for _, o := range opts {
		if !slices.Contains(OptionalRules(), o) {
			return nil, fmt.Errorf("antietam: unknown optional rule %q (known: %s)", o, strings.Join(OptionalRules(), ", "))
		}
	}
	first, _ := side(s.OB.Game.First)
	st := &State{Scenario: s.ID, Optional: opts, GameTurn: 1, Phasing: first, sc: s}
	for _, id := range s.slotIDs {
		u := s.Unit(id)
		us := UnitState{ID: id, Status: OnMap, Hex: u.Hex, Strength: u.Strength}
		if u.Group != "" {
			us.Status, us.Hex = Pending, ""
		}
		st.Units = append(st.Units, us)
	}
	for _, r := range s.OB.Reinforcements {
		st.Groups = append(st.Groups, GroupState{ID: r.ID, From: s.groupTurn(r, opts)})
	}
	slices.SortFunc(st.Groups, func(a, b GroupState) int { return strings.Compare(a.ID, b.ID) })
	start, _ := side(s.Charts.Victory.SharpsburgStart)
	for _, h := range s.Charts.Victory.Sharpsburg {
		st.Control = append(st.Control, HexControl{Hex: h, Side: start})
	}
	slices.SortFunc(st.Control, func(a, b HexControl) int { return strings.Compare(string(a.Hex), string(b.Hex)) })
	return st, nil
}

// Uses says whether an optional rule is in use.
func (st *State) Uses(rule string) bool {
	_, found := slices.BinarySearch(st.Optional, rule)
	return found
}

// Unit returns a unit of the position, or nil.
func (st *State) Unit(id UnitID) *UnitState {
	if st.sc != nil {
		if i, ok := st.sc.slotOf[id]; ok && i < len(st.Units) && st.Units[i].ID == id {
			return &st.Units[i]
		}
	}
	for i := range st.Units {
		if st.Units[i].ID == id {
			return &st.Units[i]
		}
	}
	return nil
}

// Group returns a reinforcement group's state, or nil.
func (st *State) Group(id string) *GroupState {
	for i := range st.Groups {
		if st.Groups[i].ID == id {
			return &st.Groups[i]
		}
	}
	return nil
}

// Clone is a deep copy.
func (st *State) Clone() *State {
	c := *st
	c.Optional = slices.Clone(st.Optional)
	c.Units = slices.Clone(st.Units)
	c.Groups = slices.Clone(st.Groups)
	c.Control = slices.Clone(st.Control)
	c.Standing = slices.Clone(st.Standing)
	for i := range c.Standing {
		c.Standing[i].Standing = c.Standing[i].Standing.clone()
	}
	if st.Final != nil {
		f := *st.Final
		f.CutOff = slices.Clone(f.CutOff)
		c.Final = &f
	}
	return &c
}

// EncodeState writes a state as stable JSON.
func (s *Scenario) EncodeState(st *State) ([]byte, error) {
	if err := s.fits(st); err != nil {
		return nil, err
	}
	return json.Marshal(st)
}

// DecodeState reads a state EncodeState wrote, checking that it fits this
// scenario.
func (s *Scenario) DecodeState(b []byte) (*State, error) {
	var st State
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("antietam: state: %w", err)
	}
	st.sc = s
	if err := s.fits(&st); err != nil {
		return nil, err
	}
	return &st, nil
}

// fits checks that a state belongs to this scenario: every unit once, in id
// order, on a hex of the map when on it; known groups and optional rules; a
// game-turn of the game.
func (s *Scenario) fits(st *State) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("antietam: state: "+format, args...)
	}
	switch {
	case st == nil:
		return bad("none")
	case st.Scenario != s.ID:
		return bad("of scenario %q, not %q", st.Scenario, s.ID)
	case st.GameTurn < 1 || st.GameTurn > s.OB.Game.Turns:
		return bad("game-turn %d outside 1-%d", st.GameTurn, s.OB.Game.Turns)
	case st.Phasing != adjudicator.USA && st.Phasing != adjudicator.CSA:
		return bad("no phasing side")
	case len(st.Units) != len(s.slotIDs):
		return bad("%d units, the scenario has %d", len(st.Units), len(s.slotIDs))
	}
	if st.sc == nil {
		st.sc = s
	}
	for _, o := range st.Optional {
		if !slices.Contains(OptionalRules(), o) {
			return bad("unknown optional rule %q", o)
		}
	}
	if !slices.IsSorted(st.Optional) {
		return bad("optional rules not sorted")
	}
	for i, x := range st.Standing {
		if x.Side != adjudicator.USA && x.Side != adjudicator.CSA || i > 0 && st.Standing[i-1].Side >= x.Side {
			return bad("standing orders: sides not one each in order")
		}
	}
	if st.Mode != "" && st.Mode != ModeOpen && st.Mode != ModeDoubleBlind {
		return bad("unknown fog-of-war mode %q", st.Mode)
	}
	for i, u := range st.Units {
		if u.ID != s.slotIDs[i] {
			return bad("unit %d is %q, want %q (units in id order)", i, u.ID, s.slotIDs[i])
		}
		switch u.Status {
		case OnMap:
			if _, ok := s.geo.index(u.Hex); !ok {
				return bad("unit %s on hex %q, not on the map", u.ID, u.Hex)
			}
		case Pending, Eliminated, Absent:
			if u.Hex != "" {
				return bad("unit %s is %s but stands on %s", u.ID, u.Status, u.Hex)
			}

		default:
			return bad("unit %s has status %q", u.ID, u.Status)
		}
		if u.Strength < 1 {
			return bad("unit %s has strength %d", u.ID, u.Strength)
		}
		if u.Lost != "" && u.Status != Eliminated {
			return bad("unit %s is %s but was lost in %s", u.ID, u.Status, u.Lost)
		}
	}
	if len(st.Groups) != len(s.OB.Reinforcements) {
		return bad("%d reinforcement groups, the scenario has %d", len(st.Groups), len(s.OB.Reinforcements))
	}
	for i, g := range st.Groups {
		if s.reinforcement(g.ID) == nil || i > 0 && st.Groups[i-1].ID >= g.ID {
			return bad("reinforcement group %q unknown, twice or out of order", g.ID)
		}
	}
	if len(st.Control) != len(s.Charts.Victory.Sharpsburg) {
		return bad("control of %d hexes, Sharpsburg has %d", len(st.Control), len(s.Charts.Victory.Sharpsburg))
	}
	for i, c := range st.Control {
		if !slices.Contains(s.Charts.Victory.Sharpsburg, c.Hex) || i > 0 && st.Control[i-1].Hex >= c.Hex {
			return bad("control of %s: not a Sharpsburg hex, twice or out of order", c.Hex)
		}
	}
	if st.Over != (st.Final != nil) {
		return bad("over %v with a final count %v", st.Over, st.Final != nil)
	}
	return nil
}

// reinforcement returns a reinforcement group of the order of battle, or nil.
func (s *Scenario) reinforcement(id string) *Reinforcement {
	for i := range s.OB.Reinforcements {
		if s.OB.Reinforcements[i].ID == id {
			return &s.OB.Reinforcements[i]
		}
	}
	return nil
}

// Turn is the player-turn the position is at (4.0, 14.3, 16.4): index
// 2·(game-turn − 1), plus one for the second player; key "T04-USA". Only the
// phasing side sends orders.
func (st *State) Turn() adjudicator.Turn {
	first := adjudicator.USA
	night := false
	if st.sc != nil {
		first, _ = side(st.sc.OB.Game.First)
		night = slices.Contains(st.sc.OB.Game.Night, st.GameTurn)
	}
	i := 2 * (st.GameTurn - 1)
	if st.Phasing != first {
		i++
	}
	return adjudicator.Turn{
		Index:   i,
		Key:     fmt.Sprintf("T%02d-%s", st.GameTurn, st.Phasing),
		Senders: []adjudicator.Side{st.Phasing},
		Phasing: st.Phasing,
		Night:   night,
	}
}

// Outcome is where the game stands: during play the points so far (eliminated
// strength and Sharpsburg, 17.1), at the end the final count.
func (st *State) Outcome() adjudicator.Outcome {
	if st.Final != nil {
		return adjudicator.Outcome{Over: st.Over, Winner: st.Final.Winner, Score: st.Final.Points}
	}
	return adjudicator.Outcome{Over: st.Over, Score: st.points()}
}

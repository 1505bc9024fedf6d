package antietam

// This file is the rest of the contract's Scenario: views and report views as
// the store keeps them, and the receipt's Check. Fog of war is cut here and in
// view.go: a side's report view holds what it could see happen, and Check
// reads the side's view, never the State.

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// View is what viewer may see of st. A state of another system is a
// programming error, not bad input: it panics rather than say too much.
func (c *Contract) View(st adjudicator.State, viewer adjudicator.Side) adjudicator.View {
	s, err := asState(st)
	if err != nil {
		panic(err)
	}
	return c.sc.View(s, viewer)
}

// ReportView is what one side (NoSide: the GM) may know of a played
// player-turn: the events it could see happen, what became of its own orders,
// each combat's odds before terrain, and the view at the end.
type ReportView struct {
	Viewer adjudicator.Side       `json:"viewer"`
	Mode   adjudicator.Visibility `json:"mode"`
	Turn   adjudicator.Turn       `json:"turn"`
	Events []Event                `json:"events"`
	// Results are what became of the viewer's orders: the phasing side's (the
	// GM's: all). The other side's orders supply standing orders only, and
	// nothing of them is told to the enemy.
	Results []OrderResult `json:"results,omitempty"`
	// Plain is each combat of Events before terrain (7.4): the defenders'
	// strength and the odds it gives.
	Plain []PlainOdds `json:"plain,omitempty"`
	After View        `json:"after"`
}

// PlainOdds is a combat's defence and odds before the terrain multiplies the
// defence (7.4, 9.0).
type PlainOdds struct {
	Combat  int    `json:"combat"`
	Defence int    `json:"defence"`
	Odds    string `json:"odds"`
}

func (r *ReportView) ReportFor() adjudicator.Side { return r.Viewer }
func (r *ReportView) ViewAfter() adjudicator.View { return &r.After }

// plain is the odds before terrain of combat n, if the report has them.
func (r *ReportView) plain(n int) (PlainOdds, bool) {
	for _, p := range r.Plain {
		if p.Combat == n {
			return p, true
		}
	}
	return PlainOdds{}, false
}

// ViewReport cuts a played player-turn for viewer (see ReportView).
func (c *Contract) ViewReport(before adjudicator.State, r adjudicator.Report, after adjudicator.State, viewer adjudicator.Side) adjudicator.ReportView {
	b, err := asState(before)
	if err != nil {
		panic(err)
	}
	a, err := asState(after)
	if err != nil {
		panic(err)
	}
	rep, ok := r.(*Report)
	if !ok || rep == nil {
		panic(fmt.Errorf("antietam: %T is not an Antietam report", r))
	}
	return c.sc.ViewReport(b, rep, a, viewer)
}

// ViewReport cuts a played player-turn for viewer. In open play, and for the
// GM, every event is told. In double-blind play a side is told its own units'
// events and those of enemy units it saw before or after the player-turn; an
// enemy unit's move is told along the hexes the side could see, from and to
// only where it saw the unit; public facts (Sharpsburg's control, the Union
// limit, arrivals, eliminations, the end) are told without the hidden units
// in them.
func (s *Scenario) ViewReport(before *State, rep *Report, after *State, viewer adjudicator.Side) *ReportView {
	rv := &ReportView{Viewer: viewer, Mode: s.View(before, viewer).Mode, Turn: rep.Turn, After: *s.View(after, viewer)}
	if viewer == adjudicator.NoSide || viewer == rep.Turn.Phasing {
		rv.Results = slices.Clone(rep.Results)
	}
	f := s.fogOf(before, after, viewer, rv.Mode)
	for _, e := range rep.Events {
		if cut, ok := f.cut(e); ok {
			rv.Events = append(rv.Events, cut)
		}
	}
	for _, e := range rv.Events {
		if e.Code != "combat" {
			continue
		}
		plain := 0
		for _, id := range e.Defenders {
			if u := before.Unit(id); u != nil {
				plain += u.Strength
			}
		}
		rv.Plain = append(rv.Plain, PlainOdds{Combat: e.Combat, Defence: plain,
			Odds: s.Charts.CRT.Odds[s.Charts.oddsColumn(e.Attack, plain)]})
	}
	return rv
}

// fog is what one viewer saw of a player-turn: the units it knew of before or
// after, and the hexes its units could see then.
type fog struct {
	viewer adjudicator.Side
	all    bool // open play or the GM
	sc     *Scenario
	known  map[UnitID]bool
	seen   []bool // per hex index
}

func (s *Scenario) fogOf(before, after *State, viewer adjudicator.Side, mode adjudicator.Visibility) *fog {
	f := &fog{viewer: viewer, sc: s, all: viewer == adjudicator.NoSide || mode != ModeDoubleBlind}
	if f.all {
		return f
	}
	f.known = map[UnitID]bool{}
	f.seen = make([]bool, len(s.geo.ids))
	for _, st := range []*State{before, after} {
		for _, u := range s.View(st, viewer).Units {
			f.known[u.ID] = true
		}
		s.markSight(st, viewer, f.seen)
	}
	for _, u := range s.Units {
		if u.Side == viewer {
			f.known[u.ID] = true
		}
	}
	return f
}

// markSight marks the hexes the viewer's units on the map see (view.go's sees).
func (s *Scenario) markSight(st *State, viewer adjudicator.Side, seen []bool) {
	for i, u := range st.Units {
		if u.Status != OnMap || s.slotSpec[i].Side != viewer {
			continue
		}
		e, ok := s.geo.index(u.Hex)
		if !ok {
			continue
		}
		for h := range s.geo.ids {
			if !seen[h] && s.sees(e, h) {
				seen[h] = true
			}
		}
	}
}

// publicEvents are told in every mode, without the hidden units in them: what
// the view shows anyway (17.1's control and points, 18.1, 15.0 and 20.5's
// schedule, 10.1) and the end of the game.
var publicEvents = []string{"control", "creek-crossed", "limit-lifted", "arrival-roll", "arrival-allowed", "night",
	"eliminated", "cut-off", "victory"}

// cut is the event as the viewer may know it, or false when it may not know it
// at all.
func (f *fog) cut(e Event) (Event, bool) {
	if f.all {
		return e, true
	}
	own := e.Side == f.viewer
	keep := func(ids []UnitID) []UnitID {
		var out []UnitID
		for _, id := range ids {
			if f.known[id] {
				out = append(out, id)
			}
		}
		return out
	}
	hidden := e.Unit != "" && !f.known[e.Unit]
	if e.Code == "eliminated" || e.Code == "cut-off" {
		// the units out of the game are public (the score, 17.1); where a
		// hidden one fell is not
		if hidden {
			e.Hex = ""
		}
		return e, true
	}
	if hidden {
		e.Unit = ""
	}
	if e.By != "" && !f.known[e.By] {
		e.By = ""
	}
	e.Units, e.Attackers, e.Bombard, e.Defenders = keep(e.Units), keep(e.Attackers), keep(e.Bombard), keep(e.Defenders)
	switch {
	case e.Code == "move" || e.Code == "enter":
		if hidden || own {
			return e, own
		}
		return f.move(e), true
	case slices.Contains(publicEvents, e.Code):
		if hidden {
			// where a hidden unit stood stays hidden; a Sharpsburg hex is public
			e.From, e.To, e.Path = "", "", nil
			if e.Code != "control" {
				e.Hex = ""
			}
		}
		return e, true
	case own:
		return e, true
	}
	return e, !hidden && (e.Unit != "" || len(e.Units)+len(e.Attackers)+len(e.Defenders)+len(e.Bombard) > 0)
}

// move is an enemy unit's move the viewer saw part of: the path along the hexes
// it could see, from and to only where it saw the unit stand; the movement
// points it spent are the enemy's.
func (f *fog) move(e Event) Event {
	var path []HexID
	for _, h := range e.Path {
		if i, ok := f.sc.geo.index(h); ok && f.seen[i] {
			path = append(path, h)
		}
	}
	if e.From != "" && !f.seenHex(e.From) {
		e.From = ""
	}
	if !f.seenHex(e.To) {
		e.To = ""
	}
	e.Path, e.MP = path, 0
	return e
}

func (f *fog) seenHex(h HexID) bool {
	i, ok := f.sc.geo.index(h)
	return ok && f.seen[i]
}

// ReportFormat: 1 is the only shape so far.
func (c *Contract) ReportFormat() int { return 1 }

func (c *Contract) DecodeReportView(b []byte, format int) (adjudicator.ReportView, error) {
	if format != 1 {
		return nil, fmt.Errorf("antietam: stored report: format %d is not one this build reads (1)", format)
	}
	var rv ReportView
	if err := json.Unmarshal(b, &rv); err != nil {
		return nil, fmt.Errorf("antietam: stored report: %v", err)
	}
	if rv.After.Turn.Key == "" || rv.Turn.Key == "" {
		return nil, fmt.Errorf("antietam: stored report without its player-turn")
	}
	return &rv, nil
}

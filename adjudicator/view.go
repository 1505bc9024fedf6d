package adjudicator

import (
	"fmt"
	"sort"
)

// This file projects the State and the Report onto what one side may know (DESIGN
// §3). Everything render/, templates/ and the mail receive is built from a View or a
// ReportView, never from a State: whatever a side cannot see must not change a byte
// of what it gets (view_test.go proves it by changing hidden facts).

// ViewOf returns what viewer knows at the start of st.Hour (it cannot be called View:
// that is the name of the type it returns). Viewer NoSide is the GM:
// every block in Own, every loss in EnemyEliminated. The mode is st.Options.Visibility
// (blocks when unset).
func ViewOf(sc *Scenario, st *State, viewer Side) *View {
	mode := st.Options.Visibility
	if mode == "" {
		mode = VisBlocks
	}
	v := &View{
		Scenario: st.Scenario, Viewer: viewer, Mode: mode, Hour: st.Hour, Over: st.Over, Winner: st.Winner,
		Points: st.Points(), CampsCaptured: append([]AreaID(nil), st.CampsCaptured...), InitiativeMarker: st.InitiativeMarker,
		Own: []OwnBlock{}, Enemy: []EnemyBlock{}, Control: []Control{},
	}
	seen := visibleAreas(sc, st, viewer)
	for _, b := range st.Blocks {
		spec := sc.OB.Block(b.ID)
		if spec == nil {
			continue
		}
		if viewer == NoSide || spec.Side == viewer {
			v.Own = append(v.Own, OwnBlock{ID: b.ID, Name: spec.Name, Side: spec.Side, Type: spec.Type, HQKind: spec.HQKind,
				Army: spec.Army, Formation: spec.Formation, Where: b.Where, Area: b.Area, Strength: b.Strength, Max: b.Max,
				Firepower: b.Firepower, CommandRange: spec.CommandRange})
			continue
		}
		if b.Where != OnMap || !seen[b.Area] {
			continue
		}
		e := EnemyBlock{Area: b.Area}
		if mode == VisOpen {
			e.ID, e.Name, e.Type, e.Strength, e.Firepower = b.ID, spec.Name, spec.Type, b.Strength, b.Firepower
		}
		v.Enemy = append(v.Enemy, e)
	}
	// Sorted by area alone: the order must not say who the blocks are (open games
	// show identities anyway and sort by them too).
	sort.SliceStable(v.Enemy, func(i, j int) bool {
		if v.Enemy[i].Area != v.Enemy[j].Area {
			return v.Enemy[i].Area < v.Enemy[j].Area
		}
		return v.Enemy[i].ID < v.Enemy[j].ID
	})
	for _, l := range st.Losses {
		if viewer != NoSide && l.Side == viewer {
			continue
		}
		spec := sc.OB.Block(l.Block)
		if spec == nil {
			continue
		}
		v.EnemyEliminated = append(v.EnemyEliminated, EnemyLoss{Block: l.Block, Name: spec.Name, Type: spec.Type, Hour: l.Hour, HQFall: l.HQFall})
	}
	v.Ghosts = ghosts(sc, st, viewer, mode)
	if mode == VisDoubleBlind && viewer == USA {
		// The CSA's captures are known where the USA can see them.
		v.CampsCaptured = nil
		for _, a := range st.CampsCaptured {
			if seen[a] {
				v.CampsCaptured = append(v.CampsCaptured, a)
			}
		}
	}
	occ := occupancy(sc, st)
	for _, a := range sc.Map.Areas {
		c := Control{Area: a.ID}
		if seen[a.ID] {
			switch occ.at(a.ID) {
			case sideBit(USA) | sideBit(CSA):
				c.Contested = true
			case sideBit(USA):
				c.Side = USA
			case sideBit(CSA):
				c.Side = CSA
			}
		}
		v.Control = append(v.Control, c)
	}
	v.Arrivals = dueArrivals(sc, st, viewer)
	return v
}

// visibleAreas says, per area, whether the viewer sees the enemy blocks there: all
// areas in the blocks and open modes and for the GM; in double-blind games the areas
// holding a friendly block and their neighbours. The map is used for lookups only.
func visibleAreas(sc *Scenario, st *State, viewer Side) map[AreaID]bool {
	seen := make(map[AreaID]bool, len(sc.Map.Areas))
	if viewer == NoSide || st.Options.Visibility != VisDoubleBlind {
		for _, a := range sc.Map.Areas {
			seen[a.ID] = true
		}
		return seen
	}
	for _, b := range st.Blocks {
		if b.Where != OnMap || sc.OB.Block(b.ID).Side != viewer {
			continue
		}
		seen[b.Area] = true
		for _, n := range sc.Map.Neighbours(b.Area) {
			seen[n] = true
		}
	}
	return seen
}

// ghosts are the enemy blocks the viewer last saw in battle (DESIGN §3), one per
// block (the latest sighting), without blocks since eliminated (their loss is
// public) and, in open games, without blocks on the map (they are in Enemy).
func ghosts(sc *Scenario, st *State, viewer Side, mode Visibility) []Ghost {
	if viewer == NoSide {
		return nil
	}
	var out []Ghost
	for i, s := range st.Sightings {
		if s.Viewer != viewer {
			continue
		}
		later := false
		for _, o := range st.Sightings[i+1:] {
			later = later || (o.Viewer == viewer && o.Block == s.Block && o.Hour >= s.Hour)
		}
		b, spec := st.Block(s.Block), sc.OB.Block(s.Block)
		if later || b == nil || spec == nil || b.Where == Eliminated || (mode == VisOpen && b.Where == OnMap) {
			continue
		}
		fp := spec.Firepower
		if b.Falls > 0 && spec.HQKind != AHQ {
			fp = Firepower{Letter: 'B', Value: 1} // a rebuilt HQ (6.91); falls are public
		}
		out = append(out, Ghost{Block: s.Block, Name: spec.Name, Type: spec.Type, Area: s.Area, Strength: s.Strength, Firepower: fp, Hour: s.Hour})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Area != out[j].Area {
			return out[i].Area < out[j].Area
		}
		return out[i].Block < out[j].Block
	})
	return out
}

// dueArrivals lists the viewer's arrival groups that may enter in st.Hour (5.6,
// 5.61, 9.1), including groups held from earlier hours.
func dueArrivals(sc *Scenario, st *State, viewer Side) []DueArrival {
	var out []DueArrival
	for _, ar := range sc.Arrivals {
		if viewer != NoSide && ar.Side != viewer {
			continue
		}
		done := false
		for _, d := range st.ArrivalsDone {
			done = done || d == ar.ID
		}
		var pending []BlockID
		for _, id := range ar.Blocks {
			if b := st.Block(id); b != nil && b.Where == Pending {
				pending = append(pending, id)
			}
		}
		if done || len(pending) == 0 {
			continue
		}
		choice := ""
		for _, c := range st.ArrivalChoices {
			if c.Arrival == ar.ID {
				choice = c.Choice
			}
		}
		due := false
		for _, o := range ar.Options {
			if o.Hour <= st.Hour && (choice == "" || o.Choice == "" || o.Choice == choice) {
				due = true
			}
		}
		if due {
			out = append(out, DueArrival{Arrival: ar.ID, Blocks: pending, Options: append([]ArrivalOption(nil), ar.Options...)})
		}
	}
	return out
}

// battleKinds are events that belong to a battle or to the gunboats' night fire.
var battleKinds = map[EventKind]bool{
	EvBattle: true, EvRound: true, EvReserves: true, EvSwap: true, EvFire: true, EvHit: true, EvRetreat: true,
	EvPass: true, EvBattleEnd: true, EvRegroup: true, EvHQFallen: true,
}

// ViewReport returns the part of rep that viewer may see, with the view after the
// hour: the public initiative; the viewer's own events and results in full; every
// battle the viewer fought in full (blocks are revealed at strength, 6.2); enemy
// movement only as the viewer could see it (a blank block moving From→To; in
// double-blind games only when From or To is visible); other battles only as "a
// battle at X" and its outcome where X is visible; enemy command, stragglers, supply
// and held arrivals not at all. Eliminations are public (6.9). Events are renumbered
// so that their numbers say nothing about what was left out.
func ViewReport(sc *Scenario, before *State, rep *Report, after *State, viewer Side) *ReportView {
	rv := &ReportView{Viewer: viewer, Hour: rep.Hour, Initiative: rep.Initiative, Points: rep.Points, Over: rep.Over,
		Winner: rep.Winner, Events: []Event{}, Results: []Result{}}
	for _, r := range rep.Results {
		if viewer == NoSide || r.Side == viewer {
			rv.Results = append(rv.Results, r)
		}
	}
	mode := after.Options.Visibility
	if mode == "" {
		mode = VisBlocks
	}
	seenBefore, seenAfter := visibleAreas(sc, before, viewer), visibleAreas(sc, after, viewer)
	seen := func(a AreaID) bool { return seenBefore[a] || seenAfter[a] || a == OffBoard }
	// Areas where the viewer fought: its blocks were revealed in the battle, or it
	// had blocks there before or after the hour (night fire hits them).
	fought := map[AreaID]bool{}
	for _, e := range rep.Events {
		if e.Kind != EvBattle {
			continue
		}
		for _, r := range e.Revealed {
			if r.Side == viewer {
				fought[e.Area] = true
			}
		}
	}
	occBefore, occAfter := occupancy(sc, before), occupancy(sc, after)
	tookPart := func(a AreaID) bool {
		return viewer != NoSide && (fought[a] || (occBefore.at(a)|occAfter.at(a))&sideBit(viewer) != 0)
	}
	for _, e := range rep.Events {
		if ev, ok := viewEvent(sc, e, viewer, mode, seen, tookPart); ok {
			ev.Seq = len(rv.Events) + 1
			rv.Events = append(rv.Events, ev)
		}
	}
	rv.After = *ViewOf(sc, after, viewer)
	return rv
}

// viewEvent filters one event for a viewer.
func viewEvent(sc *Scenario, e Event, viewer Side, mode Visibility, seen, tookPart func(AreaID) bool) (Event, bool) {
	if viewer == NoSide {
		return e, true
	}
	switch e.Kind {
	case EvInitiative, EvVictory, EvOhioBarred:
		return e, true
	case EvCampCaptured:
		// Public on the table; in double-blind games only where the viewer sees.
		if mode != VisDoubleBlind || e.Side == viewer || seen(e.Area) {
			return e, true
		}
		return Event{}, false
	}
	if battleKinds[e.Kind] {
		if tookPart(e.Area) || e.Side == viewer && e.Kind != EvBattle {
			return e, true
		}
		if !seen(e.Area) {
			if e.Kind == EvHQFallen {
				return Event{Kind: e.Kind, Side: e.Side, Block: e.Block, Rule: e.Rule, Text: publicLoss(sc, e.Block, true)}, true
			}
			return Event{}, false
		}
		switch e.Kind {
		case EvBattle:
			return Event{Kind: e.Kind, Area: e.Area, Attacker: e.Attacker, Rule: e.Rule,
				Text: fmt.Sprintf("a battle at %s (%s attacking)", areaTitle(sc, e.Area), e.Attacker)}, true
		case EvBattleEnd:
			return Event{Kind: e.Kind, Area: e.Area, Attacker: e.Attacker, Winner: e.Winner, Rule: e.Rule,
				Text: fmt.Sprintf("the battle at %s ends: %s holds the field", areaTitle(sc, e.Area), e.Winner)}, true
		case EvHQFallen:
			return Event{Kind: e.Kind, Side: e.Side, Block: e.Block, Area: e.Area, Rule: e.Rule, Text: publicLoss(sc, e.Block, true)}, true
		}
		return Event{}, false
	}
	if e.Side == viewer {
		return e, true
	}
	switch e.Kind {
	case EvEliminated:
		out := Event{Kind: e.Kind, Side: e.Side, Block: e.Block, Rule: e.Rule, Text: publicLoss(sc, e.Block, false)}
		if seen(e.Area) {
			out.Area = e.Area
		}
		return out, true
	case EvMove, EvArrival:
		from, to := e.From, e.To
		if e.Kind == EvArrival {
			to = e.Area
		}
		if mode == VisDoubleBlind && !seen(from) && !seen(to) {
			return Event{}, false
		}
		if mode == VisOpen {
			e.CommandedBy, e.Intent = "", 0
			return e, true
		}
		out := Event{Kind: e.Kind, Side: e.Side, From: from, To: to, Rule: e.Rule}
		if e.Kind == EvArrival {
			out.To, out.Area = "", to
			out.Text = fmt.Sprintf("%s blocks arrive at %s", e.Side, areaTitle(sc, to))
			if e.Intent == IntentAttack {
				out.Intent = IntentAttack
			}
			return out, true
		}
		if mode == VisBlocks {
			out.Via = e.Via
		}
		out.Text = fmt.Sprintf("a %s block moves from %s to %s", e.Side, areaTitle(sc, from), areaTitle(sc, to))
		if to == OffBoard {
			out.Text = fmt.Sprintf("a %s block leaves the map from %s", e.Side, areaTitle(sc, from))
		}
		return out, true
	case EvPinned:
		if seen(e.Area) {
			return Event{Kind: e.Kind, Side: e.Side, Area: e.Area, Rule: e.Rule,
				Text: "the defenders of " + areaTitle(sc, e.Area) + " are pinned"}, true
		}
	case EvControlChanged:
		if seen(e.Area) {
			return e, true
		}
	}
	// Enemy activations, HQ reductions, stragglers, supply, rebuilt HQs, held
	// arrivals and successions are not shown.
	return Event{}, false
}

// publicLoss words an enemy loss, which is public (6.9: face-up off the board).
func publicLoss(sc *Scenario, id BlockID, hqFall bool) string {
	name := string(id)
	if spec := sc.OB.Block(id); spec != nil {
		name = spec.Name
	}
	if hqFall {
		return name + " has fallen (a Fallen HQ VP)"
	}
	return name + " is eliminated"
}

package shiloh1862

import (
	"cmp"
	"slices"
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
	v, _ := viewOf(sc, st, viewer, visibleAreas(sc, st, viewer))
	return v
}

// viewOf is ViewOf with the viewer's visible areas worked out. It also returns the
// occupancy of st by area index (which sides have blocks there), which it works
// out on its way.
func viewOf(sc *Scenario, st *State, viewer Side, seen areaSet) (*View, []uint8) {
	mode := st.Options.Visibility
	if mode == "" {
		mode = VisBlocks
	}
	v := &View{
		Scenario: st.Scenario, Viewer: viewer, Mode: mode, Hour: st.Hour, Over: st.Over, Winner: st.Winner,
		Points: st.Points(), CampsCaptured: append([]AreaID(nil), st.CampsCaptured...), InitiativeMarker: st.InitiativeMarker,
	}
	// First pass: how many own blocks, and the area (by index) of each enemy block
	// the viewer sees, so that the lists are allocated once and the enemy list comes
	// out sorted by area without a sort (ties in st.Blocks order, that is by id).
	n := len(sc.Map.Areas)
	tmp := make([]int32, len(st.Blocks)+n+1)
	where, start := tmp[:len(st.Blocks)], tmp[len(st.Blocks):]
	occ := make([]uint8, n)
	nOwn, nEnemy := 0, 0
	for i := range st.Blocks {
		where[i] = -1
		b := &st.Blocks[i]
		spec := st.specAt(sc, i)
		if spec == nil {
			continue
		}
		own := viewer == NoSide || spec.Side == viewer
		if own {
			nOwn++
		}
		if b.Where != OnMap {
			continue
		}
		j, ok := sc.Map.areaIndex[b.Area]
		if !ok {
			continue
		}
		occ[j] |= sideBit(spec.Side)
		if !own && seen.hasAt(j) {
			where[i] = int32(j)
			start[j+1]++
			nEnemy++
		}
	}
	for j := 1; j <= n; j++ {
		start[j] += start[j-1]
	}
	v.Own = make([]OwnBlock, 0, nOwn)
	v.Enemy = make([]EnemyBlock, nEnemy)
	for i := range st.Blocks {
		b := &st.Blocks[i]
		spec := st.specAt(sc, i)
		if spec == nil {
			continue
		}
		if viewer == NoSide || spec.Side == viewer {
			v.Own = append(v.Own, OwnBlock{ID: b.ID, Name: spec.Name, Side: spec.Side, Type: spec.Type, HQKind: spec.HQKind,
				Army: spec.Army, Formation: spec.Formation, Where: b.Where, Area: b.Area, Strength: b.Strength, Max: b.Max,
				Firepower: b.Firepower, CommandRange: spec.CommandRange})
			continue
		}
		j := where[i]
		if j < 0 {
			continue
		}
		e := &v.Enemy[start[j]]
		start[j]++
		e.Area = b.Area
		if mode == VisOpen {
			e.ID, e.Name, e.Type, e.Strength, e.Firepower = b.ID, spec.Name, spec.Type, b.Strength, b.Firepower
		}
	}
	// Sorted by area alone: the order must not say who the blocks are (open games
	// show identities anyway and sort by them too). Map.Areas is in id order, so the
	// list is in area order already, and in id order within an area unless
	// st.Blocks is not in id order (only open games show ids).
	if mode == VisOpen {
		byAreaID := func(a, b EnemyBlock) int {
			if c := cmp.Compare(a.Area, b.Area); c != 0 {
				return c
			}
			return cmp.Compare(a.ID, b.ID)
		}
		if !slices.IsSortedFunc(v.Enemy, byAreaID) {
			slices.SortStableFunc(v.Enemy, byAreaID)
		}
	}
	nLoss := 0
	for i := range st.Losses {
		if viewer == NoSide || st.Losses[i].Side != viewer {
			nLoss++
		}
	}
	if nLoss > 0 {
		v.EnemyEliminated = make([]EnemyLoss, 0, nLoss)
	}
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
	if len(v.EnemyEliminated) == 0 {
		v.EnemyEliminated = nil // none, as when nothing was appended
	}
	v.Ghosts = ghosts(sc, st, viewer, mode)
	if mode == VisDoubleBlind && viewer == USA {
		// The CSA's captures are known where the USA can see them.
		v.CampsCaptured = nil
		for _, a := range st.CampsCaptured {
			if seen.has(a) {
				v.CampsCaptured = append(v.CampsCaptured, a)
			}
		}
	}
	v.Control = make([]Control, len(sc.Map.Areas))
	for i, a := range sc.Map.Areas {
		c := Control{Area: a.ID}
		if seen.hasAt(i) {
			switch occ[i] {
			case sideBit(USA) | sideBit(CSA):
				c.Contested = true
			case sideBit(USA):
				c.Side = USA
			case sideBit(CSA):
				c.Side = CSA
			}
		}
		v.Control[i] = c
	}
	v.Arrivals = dueArrivals(sc, st, viewer)
	return v, occ
}

// areaSet is a set of the map's areas by index in Map.Areas; all stands for every
// area of the map. Ids not on the map are never in it.
type areaSet struct {
	m   *Map
	all bool
	in  areaBits
}

// hasAt reports whether the area with index i is in the set.
func (s areaSet) hasAt(i int) bool { return s.all || s.in.has(i) }

func (s areaSet) has(a AreaID) bool {
	i, ok := s.m.areaIndex[a]
	return ok && s.hasAt(i)
}

// visibleAreas says, per area, whether the viewer sees the enemy blocks there: all
// areas in the blocks and open modes and for the GM; in double-blind games the areas
// holding a friendly block and their neighbours.
func visibleAreas(sc *Scenario, st *State, viewer Side) areaSet {
	if viewer == NoSide || st.Options.Visibility != VisDoubleBlind {
		return areaSet{m: sc.Map, all: true}
	}
	seen := areaSet{m: sc.Map, in: newAreaBits(len(sc.Map.Areas))}
	for i := range st.Blocks {
		b := &st.Blocks[i]
		if b.Where != OnMap || st.specAt(sc, i).Side != viewer {
			continue
		}
		j, ok := sc.Map.areaIndex[b.Area]
		if !ok {
			continue // not on the map: neither it nor its (unknown) neighbours
		}
		seen.in.add(j)
		for _, e := range sc.Map.adj[j] {
			seen.in.add(e.to)
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
	// A sighting is superseded by a later one of the same block at the same hour or
	// later; walking backwards, latest says the latest hour of those seen so far,
	// by the block's index in the OB (a map for ids not in it).
	type mark struct {
		seen bool
		hour Hour
	}
	var latest []mark
	var latestOff map[BlockID]Hour
	var keep []int // sightings kept, latest first
	for i := len(st.Sightings) - 1; i >= 0; i-- {
		s := &st.Sightings[i]
		if s.Viewer != viewer {
			continue
		}
		if k, ok := sc.OB.blockIndex[s.Block]; ok {
			if latest == nil {
				latest = make([]mark, len(sc.OB.Blocks))
			}
			if m := &latest[k]; m.seen && m.hour >= s.Hour {
				continue
			}
			latest[k] = mark{true, s.Hour}
		} else {
			if h, ok := latestOff[s.Block]; ok && h >= s.Hour {
				continue
			}
			if latestOff == nil {
				latestOff = map[BlockID]Hour{}
			}
			latestOff[s.Block] = s.Hour
		}
		keep = append(keep, i)
	}
	var out []Ghost
	if len(keep) > 0 {
		out = make([]Ghost, 0, len(keep))
	}
	for k := len(keep) - 1; k >= 0; k-- {
		s := &st.Sightings[keep[k]]
		var b *BlockState
		var spec *BlockSpec // nil for an id not in the OB
		j, inOB := sc.OB.blockIndex[s.Block]
		if inOB {
			spec = &sc.OB.Blocks[j]
		}
		if inOB && len(st.Blocks) == len(sc.OB.Blocks) && st.Blocks[j].ID == s.Block {
			b = &st.Blocks[j] // the state lists the OB's blocks in its order
		} else {
			b = st.Block(s.Block)
		}
		if b == nil || spec == nil || b.Where == Eliminated || (mode == VisOpen && b.Where == OnMap) {
			continue
		}
		fp := spec.Firepower
		if b.Falls > 0 && spec.HQKind != AHQ {
			fp = Firepower{Letter: 'B', Value: 1} // a rebuilt HQ (6.91); falls are public
		}
		out = append(out, Ghost{Block: s.Block, Name: spec.Name, Type: spec.Type, Area: s.Area, Strength: s.Strength, Firepower: fp, Hour: s.Hour})
	}
	if len(out) == 0 {
		return nil
	}
	slices.SortStableFunc(out, func(a, b Ghost) int {
		if c := cmp.Compare(a.Area, b.Area); c != 0 {
			return c
		}
		return cmp.Compare(a.Block, b.Block)
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
		if slices.Contains(st.ArrivalsDone, ar.ID) {
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
				break
			}
		}
		if !due {
			continue
		}
		pending := st.pending(ar.Blocks)
		if len(pending) == 0 {
			continue
		}
		out = append(out, DueArrival{Arrival: ar.ID, Blocks: pending, Options: append([]ArrivalOption(nil), ar.Options...)})
	}
	return out
}

// isBattleKind is true for events that belong to a battle or to the gunboats' night
// fire.
func isBattleKind(k EventKind) bool {
	switch k {
	case EvBattle, EvRound, EvReserves, EvSwap, EvFire, EvHit, EvRetreat, EvPass, EvBattleEnd, EvRegroup, EvHQFallen:
		return true
	}
	return false
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
		Winner: rep.Winner}
	nRes := 0
	for i := range rep.Results {
		if viewer == NoSide || rep.Results[i].Side == viewer {
			nRes++
		}
	}
	rv.Results = make([]Result, 0, nRes)
	for i := range rep.Results {
		if viewer == NoSide || rep.Results[i].Side == viewer {
			rv.Results = append(rv.Results, rep.Results[i])
		}
	}
	mode := after.Options.Visibility
	if mode == "" {
		mode = VisBlocks
	}
	seenBefore, seenAfter := visibleAreas(sc, before, viewer), visibleAreas(sc, after, viewer)
	seen := func(a AreaID) bool {
		if a == OffBoard {
			return true
		}
		i, ok := sc.Map.areaIndex[a]
		return ok && (seenBefore.hasAt(i) || seenAfter.hasAt(i))
	}
	// Areas where the viewer fought: its blocks were revealed in the battle, or it
	// had blocks there before or after the hour (night fire hits them).
	var fought []AreaID
	for i := range rep.Events {
		e := &rep.Events[i]
		if e.Kind != EvBattle {
			continue
		}
		for _, r := range e.Revealed {
			if r.Side == viewer {
				fought = append(fought, e.Area)
			}
		}
	}
	after1, occAfter := viewOf(sc, after, viewer, seenAfter)
	rv.After = *after1
	var occBefore []uint8
	if viewer != NoSide {
		occBefore = occupancy(sc, before).bits
	}
	tookPart := func(a AreaID) bool {
		if viewer == NoSide {
			return false
		}
		if slices.Contains(fought, a) {
			return true
		}
		i, ok := sc.Map.areaIndex[a]
		return ok && (occBefore[i]|occAfter[i])&sideBit(viewer) != 0
	}
	acts := make([]evView, len(rep.Events))
	kept := 0
	for i := range rep.Events {
		acts[i] = viewAction(&rep.Events[i], viewer, mode, seen, tookPart)
		if acts[i] != evDrop {
			kept++
		}
	}
	rv.Events = make([]Event, kept)
	k := 0
	for i := range rep.Events {
		if acts[i] != evDrop {
			rv.Events[k] = viewEvent(sc, &rep.Events[i], acts[i], mode)
			rv.Events[k].Seq = k + 1
			k++
		}
	}
	return rv
}

// evView is what a viewer gets of one event.
type evView uint8

const (
	evDrop           evView = iota // nothing
	evWhole                        // the event as it is
	evOpen                         // an enemy move in an open game: all but its command and intent
	evBattleSeen                   // another side's battle where the viewer sees
	evBattleEndSeen                // its outcome
	evHQFallenUnseen               // an HQ's fall (public) where the viewer does not see
	evHQFallenSeen                 // and where it sees
	evEliminated                   // an enemy loss (public) where the viewer does not see
	evEliminatedSeen               // and where it sees
	evArrivalBlank                 // enemy blocks arriving
	evMoveBlank                    // a blank enemy block moving
	evPinnedSeen                   // defenders pinned where the viewer sees
)

// viewAction decides what viewer gets of one event.
func viewAction(ep *Event, viewer Side, mode Visibility, seen, tookPart func(AreaID) bool) evView {
	if viewer == NoSide {
		return evWhole
	}
	switch ep.Kind {
	case EvInitiative, EvVictory, EvOhioBarred:
		return evWhole
	case EvCampCaptured:
		// Public on the table; in double-blind games only where the viewer sees.
		if mode != VisDoubleBlind || ep.Side == viewer || seen(ep.Area) {
			return evWhole
		}
		return evDrop
	}
	if isBattleKind(ep.Kind) {
		if tookPart(ep.Area) || ep.Side == viewer && ep.Kind != EvBattle {
			return evWhole
		}
		if !seen(ep.Area) {
			if ep.Kind == EvHQFallen {
				return evHQFallenUnseen
			}
			return evDrop
		}
		switch ep.Kind {
		case EvBattle:
			return evBattleSeen
		case EvBattleEnd:
			return evBattleEndSeen
		case EvHQFallen:
			return evHQFallenSeen
		}
		return evDrop
	}
	if ep.Side == viewer {
		return evWhole
	}
	switch ep.Kind {
	case EvEliminated:
		if seen(ep.Area) {
			return evEliminatedSeen
		}
		return evEliminated
	case EvMove, EvArrival:
		from, to := ep.From, ep.To
		if ep.Kind == EvArrival {
			to = ep.Area
		}
		if mode == VisDoubleBlind && !seen(from) && !seen(to) {
			return evDrop
		}
		if mode == VisOpen {
			return evOpen
		}
		if ep.Kind == EvArrival {
			return evArrivalBlank
		}
		return evMoveBlank
	case EvPinned:
		if seen(ep.Area) {
			return evPinnedSeen
		}
	case EvControlChanged:
		if seen(ep.Area) {
			return evWhole
		}
	}
	// Enemy activations, HQ reductions, stragglers, supply, rebuilt HQs, held
	// arrivals and successions are not shown.
	return evDrop
}

// viewEvent builds what a viewer gets of one event (act is not evDrop).
func viewEvent(sc *Scenario, ep *Event, act evView, mode Visibility) Event {
	switch act {
	case evOpen:
		e := *ep
		e.CommandedBy, e.Intent = "", 0
		return e
	case evBattleSeen:
		return Event{Kind: ep.Kind, Area: ep.Area, Attacker: ep.Attacker, Rule: ep.Rule}
	case evBattleEndSeen:
		return Event{Kind: ep.Kind, Area: ep.Area, Attacker: ep.Attacker, Winner: ep.Winner, Rule: ep.Rule}
	case evHQFallenUnseen:
		return Event{Kind: ep.Kind, Side: ep.Side, Block: ep.Block, Rule: ep.Rule}.told(publicLoss(ep.Block, true))
	case evHQFallenSeen:
		return Event{Kind: ep.Kind, Side: ep.Side, Block: ep.Block, Area: ep.Area, Rule: ep.Rule}.told(publicLoss(ep.Block, true))
	case evEliminated, evEliminatedSeen:
		out := Event{Kind: ep.Kind, Side: ep.Side, Block: ep.Block, Rule: ep.Rule}.told(publicLoss(ep.Block, false))
		if act == evEliminatedSeen {
			out.Area = ep.Area
		}
		return out
	case evArrivalBlank:
		out := Event{Kind: ep.Kind, Side: ep.Side, From: ep.From, Area: ep.Area, Rule: ep.Rule}
		if ep.Intent == IntentAttack {
			out.Intent = IntentAttack
		}
		return out
	case evMoveBlank:
		out := Event{Kind: ep.Kind, Side: ep.Side, From: ep.From, To: ep.To, Rule: ep.Rule}
		if mode == VisBlocks {
			out.Via = ep.Via
		}
		return out
	case evPinnedSeen:
		return Event{Kind: ep.Kind, Side: ep.Side, Area: ep.Area, Rule: ep.Rule}
	}
	return *ep
}

// publicLoss words an enemy loss, which is public (6.9: face-up off the board).
func publicLoss(id BlockID, hqFall bool) reason {
	if hqFall {
		return because("ev.public-fall", unitArg("unit", id))
	}
	return because("ev.public-loss", unitArg("unit", id))
}

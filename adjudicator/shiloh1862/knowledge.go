package shiloh1862

import "slices"

// Knowledge is what one side knows at the start of an hour (DESIGN §3): the view
// its mail shows, its own blocks and private facts in full, and the game's public
// facts. Receipts are computed from it alone (CheckOrders), so nothing hidden from
// the side can change them; KnowledgeOf is the one place it is cut from the State.
type Knowledge struct {
	Side Side
	View *View
	// Options are the game's rules in force, which both players agreed to.
	Options Options
	// Own are the side's own blocks as they are, sorted by id.
	Own []BlockState
	// Losses are public: eliminated blocks are placed face-up (6.9) and every
	// loss scores (8.0).
	Losses []Loss
	// The side's own armies' acting commanders (5.21, 6.91) and its arrival
	// groups entered, given up or chosen for (5.6, 5.61).
	ArmyCommand    []ArmyCommand
	ArrivalsDone   []string
	ArrivalChoices []ArrivalChoice
	// OhioBarred is public: all three landings held by the CSA at Day 1 6PM (9.1).
	OhioBarred bool

	// misfit is why the state it was cut from does not fit its scenario: a check
	// then answers that, as ResolveHour would refuse the state.
	misfit error
	// playerTwo: the state is between the turns of a sequential hour and the
	// side moves next, as Player 2 (BetweenTurns). That the side is Player 2 is
	// known to it: Player 1's moves were shown to it.
	playerTwo bool
}

// KnowledgeOf cuts what side knows from the state.
func KnowledgeOf(sc *Scenario, st *State, side Side) *Knowledge {
	k := &Knowledge{Side: side, Options: st.Options, Losses: slices.Clone(st.Losses), OhioBarred: st.OhioBarred,
		misfit: checkState(sc, st), playerTwo: st.playerTwo == side && side != NoSide}
	if k.misfit != nil {
		return k
	}
	k.View = ViewOf(sc, st, side)
	for i := range st.Blocks {
		if spec := sc.OB.Block(st.Blocks[i].ID); spec != nil && spec.Side == side {
			k.Own = append(k.Own, st.Blocks[i])
		}
	}
	for _, ac := range st.ArmyCommand {
		if spec := sc.OB.Block(ac.HQ); spec != nil && spec.Side == side {
			k.ArmyCommand = append(k.ArmyCommand, ac)
		}
	}
	own := func(arrival string) bool {
		for i := range sc.Arrivals {
			if sc.Arrivals[i].ID == arrival {
				return sc.Arrivals[i].Side == side
			}
		}
		return false
	}
	for _, a := range st.ArrivalsDone {
		if own(a) {
			k.ArrivalsDone = append(k.ArrivalsDone, a)
		}
	}
	for _, c := range st.ArrivalChoices {
		if own(c.Arrival) {
			k.ArrivalChoices = append(k.ArrivalChoices, c)
		}
	}
	return k
}

// believed is the position as the side sees it, built from its knowledge alone:
// its own blocks and the public facts as they are; enemy blocks as stand-ins (the
// enemy's blocks in id order, at their card's firepower, strength 1) in the areas
// where its view shows enemy blocks, as many in each as the view shows.
func (k *Knowledge) believed(sc *Scenario) *State {
	v := k.View
	st := &State{Scenario: v.Scenario, Options: k.Options, Hour: v.Hour, Over: v.Over, Winner: v.Winner,
		Losses: slices.Clone(k.Losses), CampsCaptured: slices.Clone(v.CampsCaptured),
		ArmyCommand: slices.Clone(k.ArmyCommand), ArrivalsDone: slices.Clone(k.ArrivalsDone),
		ArrivalChoices: slices.Clone(k.ArrivalChoices), OhioBarred: k.OhioBarred, InitiativeMarker: v.InitiativeMarker}
	own := make(map[BlockID]BlockState, len(k.Own))
	for _, b := range k.Own {
		own[b.ID] = b
	}
	seen := make([]int, len(sc.Map.Areas)) // enemy blocks the view shows, by area index
	for _, e := range v.Enemy {
		if j, ok := sc.Map.AreaIndex(e.Area); ok {
			seen[j]++
		}
	}
	st.Blocks = make([]BlockState, len(sc.OB.Blocks))
	var stand []int
	for i := range sc.OB.Blocks {
		spec := &sc.OB.Blocks[i]
		if b, ok := own[spec.ID]; ok && spec.Side == k.Side {
			st.Blocks[i] = b
			continue
		}
		st.Blocks[i] = BlockState{ID: spec.ID, Where: Absent, Max: spec.Max, Firepower: spec.Firepower}
		if spec.Side != k.Side {
			stand = append(stand, i)
		}
	}
	next := 0
	for j, n := range seen {
		for ; n > 0 && next < len(stand); n-- {
			b := &st.Blocks[stand[next]]
			next++
			b.Where, b.Area, b.Strength = OnMap, sc.Map.Areas[j].ID, min(1, b.Max)
		}
	}
	return st
}

package shiloh1862

// Sequential play (DESIGN §2, a per-game option): the rulebook's order of play by
// mail. The hour opens with the initiative announced; Player 1 sends orders;
// Player 1's moves are shown to Player 2, who then sends orders; then the hour
// resolves as usual with the same dice. ResolveHour plays an hour in one call, so
// the two intermediate results come from dry runs with the hour's own dice, which
// the engine throws in the order of play.

// ThrowInitiative throws the hour's initiative (2.1) as ResolveHour will with the same
// dice: it is thrown first and depends on no order (sequential games refuse
// Planned Initiative, whose marker choice is an order).
func ThrowInitiative(sc *Scenario, st *State, d Dice) (Initiative, error) {
	_, rep, err := ResolveHour(sc, st, [2]*Orders{}, d)
	if err != nil {
		return Initiative{}, err
	}
	return rep.Initiative, nil
}

// FirstMoves plays Player 1's command and movement turn (5.2-5.4) with first, the
// orders of Player 1 (first.Side), and returns what Player 2 may see of it: the
// initiative, Player 1's moves and the pins, cut where Player 2's turn or the
// battles begin, filtered for Player 2 with the state at the start of the hour as
// the end state (Player 2 sees no more than from where its blocks stood). Player 1
// moves before Player 2 does, so the hour's real resolution repeats these moves
// and dice exactly.
//
// What the full rulebook feel would need (docs/GM.md): the state between the two
// turns, so that Player 2's mail could carry a redrawn map and order form; and
// pinning (5.4) that does not look at Player 2's orders.
func FirstMoves(sc *Scenario, before *State, first *Orders, d Dice) (*ReportView, error) {
	if first == nil || first.Side == NoSide {
		return nil, errorf("sequential play: Player 1's orders name no side")
	}
	var ord [2]*Orders // Player 2's are not played: its turn is cut off
	ord[first.Side.Index()] = first
	_, rep, err := ResolveHour(sc, before, ord, d)
	if err != nil {
		return nil, err
	}
	p2 := first.Side.Enemy()
	cut := *rep
	cut.Events, cut.Results = nil, nil
	for _, e := range rep.Events {
		if !playerOneTurn(e, p2) {
			break // Player 2's turn or the battles begin
		}
		cut.Events = append(cut.Events, e)
	}
	return ViewReport(sc, before, &cut, before, p2), nil
}

// playerOneTurn reports whether an event belongs to Player 1's turn: the
// initiative, pins and control changes, and Player 1's command and movement.
func playerOneTurn(e Event, p2 Side) bool {
	switch e.Kind {
	case EvInitiative, EvPinned, EvControlChanged:
		return true
	case EvActivate, EvMove, EvArrival, EvArrivalHeld, EvStraggler, EvHQReduced:
		return e.Side != p2
	}
	return false
}

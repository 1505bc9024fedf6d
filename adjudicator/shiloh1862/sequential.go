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
// What the full rulebook feel would still need (docs/GM.md): pinning (5.4) that
// does not look at Player 2's orders.
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

// BetweenTurns plays Player 1's turn of the hour (the initiative, Player 1's
// command and movement, the pins) with first, the orders of Player 1, and the
// hour's own dice, as FirstMoves does, and returns the position at its end: what
// Player 2 writes orders against. It is the truth: ViewOf cuts Player 2's map
// from it, and CheckOrders, through KnowledgeOf, checks Player 2's orders on it as
// Player 2's (an HQ in a battle Player 1 began cannot activate, a move into an
// area Player 1 entered is a reinforcement). Pins are not kept: they depend on
// Player 2's orders (5.4). ResolveHour refuses it.
func BetweenTurns(sc *Scenario, before *State, first *Orders, d Dice) (*State, error) {
	if first == nil || first.Side == NoSide {
		return nil, errorf("sequential play: Player 1's orders name no side")
	}
	loc := make([]int, len(before.Blocks))
	if err := locate(sc, before, loc); err != nil {
		return nil, err
	}
	if before.Over || before.playerTwo != NoSide {
		return nil, errorf("sequential play: %s is no hour's start", before.Hour)
	}
	var ord [2]*Orders
	ord[first.Side.Index()] = first
	h := newHourOwning(sc, before.Clone(), ord, d, false, loc)
	h.initiative()
	if h.p1 != first.Side {
		return nil, errorf("sequential play: %s sent Player 1's orders, but %s is Player 1", first.Side, h.p1)
	}
	h.playerTurn(h.p1)
	h.st.playerTwo = h.p1.Enemy()
	return h.st, nil
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

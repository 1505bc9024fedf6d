package adjudicator

// supplyPhase spends supply points, Player 1 first (7.0). STUB.
func (h *hour) supplyPhase() {}

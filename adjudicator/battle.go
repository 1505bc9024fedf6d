package adjudicator

// fightBattles fights every battle in Player 1's sequence (6.0-6.9). STUB.
func (h *hour) fightBattles() {}

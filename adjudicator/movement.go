package adjudicator

// playerTurn runs one player's command and movement (5.2-5.6). STUB.
func (h *hour) playerTurn(s Side) {}

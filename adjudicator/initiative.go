package adjudicator

// initiative decides Player 1 for the hour (2.1). STUB: the engine helper replaces it.
func (h *hour) initiative() {
	h.p1 = CSA
	h.rep.Initiative = Initiative{Player1: h.p1}
}

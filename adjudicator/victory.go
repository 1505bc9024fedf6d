package adjudicator

// endOfHour checks victory at 6PM (8.0) and advances the hour. STUB.
func (h *hour) endOfHour() {
	h.rep.Points = h.st.Points()
	h.st.Hour++
}

package adjudicator

// nightFire gives the gunboats their one free fire of the night turn (9.2.2). STUB.
func (h *hour) nightFire() {}

package server

import "github.com/shiloh-pbem/pbem/adjudicator"

// CheckCurrent checks orders against a game's open hour as the receipt would: from
// the side's own view only (adjudicator.CheckOrders). The demo's bots use it to
// send only orders their receipt would accept, as a careful player would.
func (s *Server) CheckCurrent(game string, o *adjudicator.Orders) ([]adjudicator.Check, error) {
	sc, st, err := s.currentState(game)
	if err != nil {
		return nil, err
	}
	return adjudicator.CheckOrders(sc, st, o), nil
}

package server

import (
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// CheckCurrent checks orders against a game's open hour as the receipt would: from
// the side's own view only (shiloh1862.CheckOrders). The demo's bots use it to
// send only orders their receipt would accept, as a careful player would.
func (s *Server) CheckCurrent(game string, o *shiloh1862.Orders) ([]shiloh1862.Check, error) {
	sc, st, err := s.currentState(game)
	if err != nil {
		return nil, err
	}
	return shiloh1862.CheckOrders(sc, shiloh1862.KnowledgeOf(sc, st, o.Side), o), nil
}

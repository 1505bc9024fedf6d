package server

import "github.com/shiloh-pbem/pbem/adjudicator"

// CurrentState returns a game's rules and the position of its open hour (or its
// final position): the truth, for tools that check a side's orders as the
// receipt would and cut the side's own knowledge from it themselves (the demo's
// bots).
func (s *Server) CurrentState(game string) (adjudicator.Scenario, adjudicator.State, error) {
	return s.currentState(game)
}

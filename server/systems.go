package server

import (
	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/store"
)

// findScenario is the scenario a new game asks for by id ("": the configured
// default, else the legacy system's first scenario; the registry refuses a system
// without scenarios).
func (s *Server) findScenario(id string) (adjudicator.Scenario, error) {
	if id == "" {
		id = s.cfg.DefaultScenario
	}
	if id == "" {
		sys, err := s.cfg.Registry.System("")
		if err != nil {
			return nil, err
		}
		id = sys.Scenarios()[0]
	}
	return s.cfg.Registry.FindScenario(id)
}

// engineOf returns the Shiloh 1862 scenario a stored game plays, found through the
// registry by the game's ruleset and scenario. The server still speaks the
// engine's own types for hours, views and reports; it moves onto the contract's
// shared shapes with the wording (docs/ARCHITECTURE.md §11, steps 14–18).
func (s *Server) engineOf(g *store.Game) (*shiloh1862.Scenario, error) {
	rules, err := s.cfg.Registry.Scenario(g.Ruleset, g.Scenario)
	if err != nil {
		return nil, err
	}
	return shiloh1862.Engine(rules)
}

package server

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/store"
)

// The server plays every rule system through the contract (docs/ARCHITECTURE.md
// §3.7): it finds a game's rules in the registry and keeps states, orders and
// report views as the bytes the system encodes. It names no system.

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

// rulesOf returns the scenario a stored game plays, found through the registry by
// the game's ruleset and scenario.
func (s *Server) rulesOf(g *store.Game) (adjudicator.Scenario, error) {
	return s.cfg.Registry.Scenario(g.Ruleset, g.Scenario)
}

// gameOptions are the stored game's switches as the contract passes them.
func gameOptions(g *store.Game) adjudicator.Options {
	return adjudicator.Options{Visibility: adjudicator.Visibility(g.Options.Visibility),
		Optional: g.Options.OptionalRules, Sequential: g.Options.Sequential}
}

// decodeOrders reads each side's newest order set of an hour (nil: none).
func decodeOrders(sc adjudicator.Scenario, h *store.HourRecord) ([2]adjudicator.Orders, error) {
	var ord [2]adjudicator.Orders
	for _, sd := range adjudicator.Sides {
		if o := h.Latest(sideKey(sd)); o != nil && len(o.Parsed) > 0 {
			parsed, err := sc.DecodeOrders(o.Parsed)
			if err != nil {
				return ord, fmt.Errorf("server: hour %d: stored orders of %s: %w", h.Hour, sd, err)
			}
			ord[sd.Index()] = parsed
		}
	}
	return ord, nil
}

// viewers are everyone an hour's report is stored for: each side and the GM.
var viewers = []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide}

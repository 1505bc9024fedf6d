package adjudicator

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Registry is the set of rule systems one daemon plays. cmd/pbem builds it from the
// built-in systems and passes it down; it is a value, not a package variable, so
// that tests build their own.
type Registry struct {
	legacy  string
	systems map[string]System
	ids     []string
	owner   map[string]string // scenario id → system id
}

// NewRegistry registers the systems. legacy is the system of games stored before
// games recorded one (an empty ruleset reads as it); it must be among them.
// Duplicate system ids, a system without scenarios (no game could be made of it),
// or a scenario id claimed by two systems, are refused.
func NewRegistry(legacy string, systems ...System) (*Registry, error) {
	r := &Registry{legacy: legacy, systems: map[string]System{}, owner: map[string]string{}}
	for _, s := range systems {
		id := s.ID()
		if id == "" || strings.TrimSpace(id) != id {
			return nil, fmt.Errorf("adjudicator: system id %q is not a name", id)
		}
		if _, dup := r.systems[id]; dup {
			return nil, fmt.Errorf("adjudicator: system %q registered twice", id)
		}
		if len(s.Scenarios()) == 0 {
			return nil, fmt.Errorf("adjudicator: system %q has no scenarios", id)
		}
		r.systems[id] = s
		r.ids = append(r.ids, id)
		for _, sc := range s.Scenarios() {
			if other, dup := r.owner[sc]; dup {
				return nil, fmt.Errorf("adjudicator: scenario %q belongs to both %s and %s", sc, other, id)
			}
			r.owner[sc] = id
		}
	}
	slices.Sort(r.ids)
	if _, ok := r.systems[legacy]; !ok {
		return nil, fmt.Errorf("adjudicator: legacy system %q is not registered", legacy)
	}
	return r, nil
}

// ErrUnknown is wrapped by the errors for a system or scenario id nobody registered.
var ErrUnknown = errors.New("not registered")

// IDs lists the registered systems, sorted.
func (r *Registry) IDs() []string { return slices.Clone(r.ids) }

// System returns a registered system; "" is the legacy system.
func (r *Registry) System(id string) (System, error) {
	if id == "" {
		id = r.legacy
	}
	s, ok := r.systems[id]
	if !ok {
		return nil, fmt.Errorf("rule system %q: %w (have %s)", id, ErrUnknown, strings.Join(r.ids, ", "))
	}
	return s, nil
}

// Scenario returns the scenario of a game that recorded its system and scenario; an
// empty system is the legacy one.
func (r *Registry) Scenario(system, scenario string) (Scenario, error) {
	s, err := r.System(system)
	if err != nil {
		return nil, err
	}
	if r.owner[scenario] != s.ID() {
		return nil, fmt.Errorf("scenario %q of %s: %w (have %s)", scenario, s.ID(), ErrUnknown, strings.Join(s.Scenarios(), ", "))
	}
	return s.Scenario(scenario)
}

// FindScenario returns a scenario by its id alone, whichever system holds it: what
// a GM or operator types after --scenario or NEWGAME.
func (r *Registry) FindScenario(scenario string) (Scenario, error) {
	sys, ok := r.owner[scenario]
	if !ok {
		return nil, fmt.Errorf("scenario %q: %w (have %s)", scenario, ErrUnknown, strings.Join(r.ScenarioIDs(), ", "))
	}
	return r.systems[sys].Scenario(scenario)
}

// ScenarioIDs lists every registered scenario, sorted by system and then by id.
func (r *Registry) ScenarioIDs() []string {
	var out []string
	for _, id := range r.ids {
		out = append(out, r.systems[id].Scenarios()...)
	}
	return out
}

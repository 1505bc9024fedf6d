package adjudicator

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/internal/importguard"
)

// toySystem is the smallest System: scenarios by id, nothing to play.
type toySystem struct {
	id        string
	scenarios []string
}

func (s toySystem) ID() string          { return s.id }
func (s toySystem) Title() string       { return "toy " + s.id }
func (s toySystem) Scenarios() []string { return s.scenarios }
func (s toySystem) Scenario(id string) (Scenario, error) {
	if !slices.Contains(s.scenarios, id) {
		return nil, fmt.Errorf("no %s", id)
	}
	return toyScenario{system: s.id, id: id}, nil
}

// toyScenario embeds the interface for the methods a registry never calls.
type toyScenario struct {
	Scenario
	system, id string
}

func (s toyScenario) ID() string                        { return s.id }
func (s toyScenario) Title() string                     { return s.id }
func (s toyScenario) System() string                    { return s.system }
func (s toyScenario) Board() *Board                     { return nil }
func (s toyScenario) Turns() []Turn                     { return nil }
func (s toyScenario) Modes() []Visibility               { return []Visibility{"open"} }
func (s toyScenario) Optional() []string                { return nil }
func (s toyScenario) NewState(Options) (State, error)   { return nil, errors.New("toy") }
func (s toyScenario) DecodeState([]byte) (State, error) { return nil, errors.New("toy") }
func (s toyScenario) EncodeState(State) ([]byte, error) { return nil, errors.New("toy") }

func TestRegistry(t *testing.T) {
	r, err := NewRegistry("old", toySystem{"new", []string{"new-b", "new-a"}}, toySystem{"old", []string{"old-1"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.IDs(); !slices.Equal(got, []string{"new", "old"}) {
		t.Errorf("IDs = %v", got)
	}
	// A game stored before games recorded their system reads as the legacy one.
	if s, err := r.System(""); err != nil || s.ID() != "old" {
		t.Errorf(`System("") = %v, %v; want the legacy system`, s, err)
	}
	if sc, err := r.Scenario("", "old-1"); err != nil || sc.System() != "old" {
		t.Errorf("legacy scenario: %v, %v", sc, err)
	}
	if sc, err := r.FindScenario("new-a"); err != nil || sc.System() != "new" {
		t.Errorf("FindScenario(new-a) = %v, %v", sc, err)
	}
	// A scenario asked for under the wrong system is not found, and the answer
	// lists what the system has.
	if _, err := r.Scenario("old", "new-a"); !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "old-1") {
		t.Errorf("wrong system: %v", err)
	}
	if _, err := r.System("antietam"); !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "new, old") {
		t.Errorf("unknown system: %v", err)
	}
	if _, err := r.FindScenario("nowhere"); !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "new-b, new-a, old-1") {
		t.Errorf("unknown scenario: %v", err)
	}
}

func TestRegistryRefuses(t *testing.T) {
	for name, c := range map[string]struct {
		legacy  string
		systems []System
		want    string
	}{
		"twice":        {"a", []System{toySystem{"a", []string{"x"}}, toySystem{"a", []string{"y"}}}, "twice"},
		"shared":       {"a", []System{toySystem{"a", []string{"x"}}, toySystem{"b", []string{"x"}}}, "both"},
		"no legacy":    {"z", []System{toySystem{"a", []string{"x"}}}, "legacy"},
		"blank id":     {"a", []System{toySystem{" a", nil}}, "not a name"},
		"empty system": {"", []System{toySystem{"", nil}}, "not a name"},
		"no scenarios": {"a", []System{toySystem{"a", nil}}, "no scenarios"},
	} {
		if _, err := NewRegistry(c.legacy, c.systems...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", name, err, c.want)
		}
	}
}

func TestTurnSends(t *testing.T) {
	hour := Turn{Senders: []Side{USA, CSA}}
	player := Turn{Senders: []Side{CSA}, Phasing: CSA}
	if !hour.Sends(USA) || !hour.Sends(CSA) || player.Sends(USA) || !player.Sends(CSA) || hour.Sends(NoSide) {
		t.Error("Sends does not follow Senders")
	}
}

// The contract is as pure as the engines below it (DESIGN §4).
func TestContractImports(t *testing.T) {
	importguard.Check(t, importguard.Rules{
		AllowIn:  func(_, path string) bool { return !strings.Contains(path, ".") && !forbidden[path] },
		MinFiles: 5,
	})
}

var forbidden = map[string]bool{"time": true, "math/rand": true, "math/rand/v2": true, "os": true, "sync": true, "log": true, "net": true, "io/fs": true, "embed": true, "reflect": true, "unsafe": true}

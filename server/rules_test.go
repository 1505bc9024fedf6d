package server

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/builtin"
)

// testRules is the registry the server's tests play: the built-in systems, as
// cmd/pbem serves them.
var testRules = builtin.Systems()

// rulesOf is a scenario of the test registry.
func rulesOf(t testing.TB, id string) adjudicator.Scenario {
	t.Helper()
	sc, err := testRules.FindScenario(id)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

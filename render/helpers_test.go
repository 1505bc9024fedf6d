package render

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

func testScenario(t testing.TB) (*adjudicator.Scenario, *Geometry) {
	t.Helper()
	sc, err := adjudicator.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	g, err := GeometryFor(sc)
	if err != nil {
		t.Fatal(err)
	}
	return sc, g
}

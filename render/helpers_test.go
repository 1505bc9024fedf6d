package render

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

func testScenario(t testing.TB) (*shiloh1862.Scenario, *Geometry) {
	t.Helper()
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	g, err := GeometryFor(sc)
	if err != nil {
		t.Fatal(err)
	}
	return sc, g
}

package render

import (
	"image"
	"io"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/internal/builtin"
)

// The tests build Shiloh 1862 views by hand and draw them through the contract,
// as the server does.

func testScenario(t testing.TB) (*shiloh1862.Scenario, *Geometry) {
	t.Helper()
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	g, err := GeometryFor(contract(t, sc))
	if err != nil {
		t.Fatal(err)
	}
	return sc, g
}

// contract is a loaded scenario seen through the contract.
func contract(t testing.TB, sc *shiloh1862.Scenario) adjudicator.Scenario {
	t.Helper()
	c, err := shiloh1862.Contract(sc)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// asContract turns the engine's views into contract values, nil staying nil.
func asContract(v *shiloh1862.View, rv *shiloh1862.ReportView) (adjudicator.View, adjudicator.ReportView) {
	var cv adjudicator.View
	var crv adjudicator.ReportView
	if v != nil {
		cv = v
	}
	if rv != nil {
		crv = rv
	}
	return cv, crv
}

// drawView draws a Shiloh 1862 view through Draw.
func drawView(w io.Writer, sc *shiloh1862.Scenario, v *shiloh1862.View, rv *shiloh1862.ReportView, opts *Options) error {
	c, err := shiloh1862.Contract(sc)
	if err != nil {
		return err
	}
	cv, crv := asContract(v, rv)
	return Draw(w, c, cv, crv, opts)
}

// viewImage draws a Shiloh 1862 view as Draw does and returns the picture with
// the base map it started from.
func viewImage(t testing.TB, sc adjudicator.Scenario, v *shiloh1862.View, rv *shiloh1862.ReportView, opts *Options) (*image.RGBA, *baseEntry, error) {
	cv, crv := asContract(v, rv)
	p, err := pictureOf(sc, cv, crv)
	if err != nil {
		return nil, nil, err
	}
	return pictureImage(sc, p, opts)
}

// forEachScenario calls fn with every scenario of every built-in system.
func forEachScenario(t *testing.T, fn func(id string, sc adjudicator.Scenario)) {
	t.Helper()
	reg := builtin.Systems()
	for _, sys := range reg.IDs() {
		s, err := reg.System(sys)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range s.Scenarios() {
			sc, err := s.Scenario(id)
			if err != nil {
				t.Fatal(err)
			}
			fn(id, sc)
		}
	}
}

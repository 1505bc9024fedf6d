package orders

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// testScenario is the embedded Shiloh 1862 scenario, so that the tests read names
// through ScenarioNames as the server does.
func testScenario(tb testing.TB) *shiloh1862.Scenario {
	tb.Helper()
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

func testNames(tb testing.TB) *Dictionary { return ScenarioNames(testScenario(tb)) }

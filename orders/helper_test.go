package orders

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/shiloh-pbem/pbem/adjudicator"
)

// testScenario is the Shiloh 1862 names (areas, blocks, arrival groups) from
// testdata/scenario.toml, built into an adjudicator.Scenario so that the tests go
// through ScenarioNames as the server does.
func testScenario(tb testing.TB) *adjudicator.Scenario {
	tb.Helper()
	scenarioOnce.Do(func() {
		var f struct {
			Area []struct {
				ID, Name string
				Aliases  []string
			}
			Block []struct {
				ID, Name, Side, Type string
				HQKind               string `toml:"hq_kind"`
				Aliases              []string
			}
			Arrival []struct {
				ID, Side string
				Blocks   []string
				Choices  []string
			}
		}
		b, err := os.ReadFile(filepath.Join("testdata", "scenario.toml"))
		if err != nil {
			scenarioErr = err
			return
		}
		if _, err := toml.Decode(string(b), &f); err != nil {
			scenarioErr = err
			return
		}
		sc := &adjudicator.Scenario{ID: "shiloh1862-test", Map: &adjudicator.Map{}, OB: &adjudicator.OrderOfBattle{}}
		for _, a := range f.Area {
			sc.Map.Areas = append(sc.Map.Areas, adjudicator.Area{ID: adjudicator.AreaID(a.ID), Name: a.Name, Aliases: a.Aliases})
		}
		for _, x := range f.Block {
			side, _ := adjudicator.ParseSide(x.Side)
			sc.OB.Blocks = append(sc.OB.Blocks, adjudicator.BlockSpec{ID: adjudicator.BlockID(x.ID), Name: x.Name, Side: side, Type: adjudicator.BlockType(x.Type), HQKind: adjudicator.HQKind(x.HQKind), Aliases: x.Aliases})
		}
		for _, a := range f.Arrival {
			side, _ := adjudicator.ParseSide(a.Side)
			ar := adjudicator.Arrival{ID: a.ID, Side: side}
			for _, b := range a.Blocks {
				ar.Blocks = append(ar.Blocks, adjudicator.BlockID(b))
			}
			for _, c := range a.Choices {
				ar.Options = append(ar.Options, adjudicator.ArrivalOption{Choice: c})
			}
			sc.Arrivals = append(sc.Arrivals, ar)
		}
		sc.Map.Index()
		sc.OB.Index()
		scenario = sc
	})
	if scenarioErr != nil {
		tb.Fatal(scenarioErr)
	}
	return scenario
}

var (
	scenarioOnce sync.Once
	scenario     *adjudicator.Scenario
	scenarioErr  error
)

func testNames(tb testing.TB) *Dictionary { return ScenarioNames(testScenario(tb)) }

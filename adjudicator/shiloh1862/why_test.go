package shiloh1862_test

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// goldenGameCount is how many golden games the wording's tests play: 20 with
// -short.
func goldenGameCount() int {
	if testing.Short() {
		return 20
	}
	return goldenGames
}

// Area ids a map lacks, as JSON orders may carry them ("offboard", a typo), are
// worded as written, not as a place ("off the map").
func TestWhyWordsUnknownAreasAsWritten(t *testing.T) {
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	st, err := shiloh1862.NewState(sc, shiloh1862.Options{Visibility: shiloh1862.VisBlocks})
	if err != nil {
		t.Fatal(err)
	}
	var ord [2]*shiloh1862.Orders
	for _, side := range adjudicator.Sides {
		ord[side.Index()] = &shiloh1862.Orders{Side: side,
			Battles:  []shiloh1862.AreaID{"offboard", "no_such_area"},
			Doctrine: []shiloh1862.Doctrine{{Area: "offboard", Kind: shiloh1862.Hold}}}
	}
	_, rep, err := shiloh1862.ResolveHour(sc, st, ord, adjudicator.NewStreamDice([]byte("unknown areas")))
	if err != nil {
		t.Fatal(err)
	}
	asWritten := 0
	for i, r := range rep.Results {
		text := whyText(sc, r.Why)
		if strings.Contains(text, "off the map") {
			t.Errorf("result %d (%s): %q names offboard as a place", i, r.Order.Kind, text)
		}
		if strings.Contains(text, "offboard") {
			asWritten++
		}
	}
	if asWritten < 3 {
		t.Errorf("%d reasons name offboard as written: the unknown areas were not reported", asWritten)
	}
}

// playProbe plays one hour written as a case, in a scenario that ends at end
// when it is given.
func playProbe(t *testing.T, end, text string) (*shiloh1862.Scenario, *caseRun) {
	t.Helper()
	c, err := parseCase(text)
	if err != nil {
		t.Fatal(err)
	}
	sc := caseScenario(t, c)
	if end != "" {
		last, err := shiloh1862.ParseHour(end)
		if err != nil {
			t.Fatal(err)
		}
		moved := *sc
		moved.End = last
		sc = &moved
	}
	return sc, runCase(t, sc, c)
}

// rareEvents are hours that give the events the golden games and the cases do
// not; TestGoldenWords words them.
var rareEvents = []struct {
	code string // the phrase the hour must give
	end  string // the scenario's last hour, when the probe moves it
	text string // a case (docs/CASES.md)
}{
	{"ev.no-successor", "", `# 6.91 Johnston falls with no HQ of his army on the field.
-- hour --
D1 7AM
-- setup --
cs_beauregard eliminated
cs_johnston seay_field 0
us_hare rea_field 1
us_mcclernand water_oaks 2
-- usa --
activate mcclernand
hare: rea field > seay field attack
-- dice --
1
`},
	{"ev.gunboat-zero", "", `# 9.2.2 a gunboat at strength 0 cannot fire at night.
-- hour --
night
-- setup --
us_tyler tennessee_river 0
cs_wood pittsburg_landing 3
us_sherman chambers_field 1
-- dice --
1 1 6 6
`},
	{"ev.stays-off-map", "", `# 5.6 blocks attacking from off the map retreat only off it: a withdrawal order
# leaves them fighting until round 4.
-- hour --
D1 8AM
-- setup --
cs_breckinridge pending
cs_trabue pending
cs_bowen pending
cs_statham pending
us_mcarthur road_b 3
-- csa --
trabue, bowen, statham, breckinridge: road b attack
at road b: withdraw after round 1
-- dice --
3 3 2 2
6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6
`},
	{"ev.eliminated-shattered", "", `# 3.6 a block that leaves the map from an entry road is shattered.
-- hour --
D1 8AM
-- setup --
us_sherman road_e 1
cs_wood seay_field 3
-- usa.json --
{"moves": [{"blocks": ["us_sherman"], "path": ["offboard"]}]}
-- dice --
3 3 2 2
`},
	{"ev.scenario-ends", "D1 9AM", `# 8.0 a scenario that ends before Day 2 6PM ends with no winner.
-- hour --
D1 9AM
-- setup --
us_hare rea_field 1
cs_wood seay_field 3
-- dice --
3 3 2 2
`},
}

// TestRareEventProbes: each probe gives the event it is there for;
// TestGoldenWords holds its wording.
func TestRareEventProbes(t *testing.T) {
	for _, p := range rareEvents {
		sc, run := playProbe(t, p.end, p.text)
		found := false
		for _, e := range run.Report.Events {
			found = found || shiloh1862.Says(e.Why, p.code)
		}
		if !found {
			t.Errorf("%s: the probe gave no such event:\n%s", p.code, run.describe(sc))
		}
	}
}

package shiloh1862_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/templates"
)

// whyComparer words each reason's phrase the way the reports do and holds it to
// the engine's English (docs/ARCHITECTURE.md §11 step 14): a reason and a
// phrase come together or not at all, and say the same bytes.
type whyComparer struct {
	t        *testing.T
	compared int
	dice     int // throws compared
	failed   int
}

func (w *whyComparer) compare(sc *shiloh1862.Scenario, where, text string, why adjudicator.Phrase) {
	w.t.Helper()
	if (text == "") != (why.Code == "") {
		w.fail("%s: reason %q comes with phrase %q", where, text, why.Code)
		return
	}
	if text == "" {
		return
	}
	w.compared++
	if got := templates.WhyText(sc, why); got != text {
		w.fail("%s: %s words as\n\t%q\nthe engine says\n\t%q", where, why.Code, got, text)
	}
}

// throws compares every throw's reason; they are counted apart.
func (w *whyComparer) throws(sc *shiloh1862.Scenario, where string, ts []adjudicator.Throw) {
	w.t.Helper()
	n := w.compared
	for i, th := range ts {
		w.compare(sc, fmt.Sprintf("%s throw %d", where, i+1), th.Reason, th.Why)
	}
	w.dice += w.compared - n
	w.compared = n
}

func (w *whyComparer) fail(format string, args ...any) {
	w.t.Helper()
	w.t.Errorf(format, args...)
	if w.failed++; w.failed >= 20 {
		w.t.FailNow()
	}
}

// TestWhyWordsAsReason is step 14's equivalence test: the initiative, every
// result and every throw of the 200 golden games and of every case, worded from
// its Why by templates/words/shiloh1862.txt, is its Reason byte for byte.
func TestWhyWordsAsReason(t *testing.T) {
	w := &whyComparer{t: t}
	games := goldenHours(t, func(sc *shiloh1862.Scenario, where string, _, _ *shiloh1862.State, rep *shiloh1862.Report) {
		w.compare(sc, where+" initiative", rep.Initiative.Reason, rep.Initiative.Why)
		for i, r := range rep.Results {
			w.compare(sc, fmt.Sprintf("%s result %d (%s)", where, i, r.Order.Kind), r.Reason, r.Why)
		}
		w.throws(sc, where, rep.Throws)
	})
	for _, path := range caseFiles(t) {
		c := readCase(t, path)
		csc := caseScenario(t, c)
		run := runCase(t, csc, c)
		name := filepath.Base(path)
		w.compare(csc, name+" initiative", run.Report.Initiative.Reason, run.Report.Initiative.Why)
		w.throws(csc, name, run.Report.Throws)
		for i, r := range run.Report.Results {
			w.compare(csc, fmt.Sprintf("%s result %d (%s)", name, i, r.Order.Kind), r.Reason, r.Why)
		}
	}
	if w.compared < 1000 || w.dice < 10000 {
		t.Errorf("compared only %d reasons and %d throws: are the games and cases played?", w.compared, w.dice)
	}
	t.Logf("%d reasons of results and initiatives worded as the engine writes them (%d games, %d cases) and %d throws",
		w.compared, games, len(caseFiles(t)), w.dice)
}

// goldenGameCount is how many golden games the wording's tests play: 20 with
// -short.
func goldenGameCount() int {
	if testing.Short() {
		return 20
	}
	return goldenGames
}

// goldenHours plays the golden games (20 with -short) and hands f every hour
// they resolve, named by game and hour; it returns how many games it played.
func goldenHours(t *testing.T, f func(sc *shiloh1862.Scenario, where string, before, after *shiloh1862.State, rep *shiloh1862.Report)) int {
	t.Helper()
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	games := goldenGameCount()
	for seed := range games {
		playRandomGame(t, sc, uint64(seed), false, func(before, after *shiloh1862.State, rep *shiloh1862.Report) error {
			f(sc, fmt.Sprintf("game %d %s", seed, before.Hour), before, after, rep)
			return nil
		})
	}
	return games
}

// Area ids a map lacks, as JSON orders may carry them ("offboard", a typo), are
// worded as written, as the English writes them, not as a place ("off the map").
func TestWhyWordsUnknownAreasAsWritten(t *testing.T) {
	w := &whyComparer{t: t}
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
	for i, r := range rep.Results {
		w.compare(sc, fmt.Sprintf("result %d (%s: %s)", i, r.Order.Kind, r.Reason), r.Reason, r.Why)
	}
	if w.compared < 3 {
		t.Errorf("compared %d reasons: the unknown areas were not reported", w.compared)
	}
}

// eventComparer holds each report's event lines worded from the events' phrases
// (Why) to the same report worded from the engine's English (Text), as a stored
// report of format 1 is: every line as mailed, for every viewer.
type eventComparer struct {
	t              *testing.T
	reports, lines int
	failed         int
}

func (w *eventComparer) compare(sc *shiloh1862.Scenario, where string, before, after *shiloh1862.State, rep *shiloh1862.Report) {
	w.t.Helper()
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
		rv := shiloh1862.ViewReport(sc, before, rep, after, viewer)
		fromWhy, fromText := *rv, *rv
		fromWhy.Events = slices.Clone(rv.Events)
		fromText.Events = slices.Clone(rv.Events)
		for i := range rv.Events {
			fromWhy.Events[i].Text = ""
			fromText.Events[i].Why = adjudicator.Phrase{}
		}
		a, b := reportLines(templates.BuildReport(sc, "", &fromWhy)), reportLines(templates.BuildReport(sc, "", &fromText))
		w.reports++
		w.lines += len(a)
		if slices.Equal(a, b) {
			continue
		}
		for i := range max(len(a), len(b)) {
			var x, y string
			if i < len(a) {
				x = a[i]
			}
			if i < len(b) {
				y = b[i]
			}
			if x != y {
				w.t.Errorf("%s, %s's report, line %d: worded from Why\n\t%q\nfrom the engine's text\n\t%q", where, viewer, i, x, y)
				break
			}
		}
		if w.failed++; w.failed >= 20 {
			w.t.FailNow()
		}
	}
}

// reportLines are a report's lines in the order the mail prints them.
func reportLines(r *templates.Report) []string {
	out := []string{r.Initiative}
	add := func(ls []templates.Line) {
		for _, l := range ls {
			out = append(out, l.Text+" <"+l.Class+">")
		}
	}
	add(r.Orders)
	add(r.Movement)
	for _, b := range r.Battles {
		out = append(out, b.Title)
		add(b.Revealed)
		for _, rd := range b.Rounds {
			out = append(out, fmt.Sprint("round ", rd.N))
			add(rd.Lines)
		}
		add(b.After)
	}
	add(r.Supply)
	add(r.Losses)
	return append(out, r.Points, r.Outcome)
}

// TestEventsWordedFromWhy is step 14's equivalence test for events: every
// viewer's report of every hour of the 200 golden games and of every case,
// worded from the events' phrases, is the report worded from the engine's
// English, line for line.
func TestEventsWordedFromWhy(t *testing.T) {
	w := &eventComparer{t: t}
	goldenHours(t, w.compare)
	for _, path := range caseFiles(t) {
		c := readCase(t, path)
		csc := caseScenario(t, c)
		run := runCase(t, csc, c)
		w.compare(csc, filepath.Base(path), run.Before, run.After, run.Report)
	}
	if w.lines < 100000 {
		t.Errorf("compared only %d lines of %d reports: are the games and cases played?", w.lines, w.reports)
	}
	t.Logf("%d reports (%d lines) worded from the events' phrases as from the engine's English", w.reports, w.lines)
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
// not: each is played and its reports compared as TestEventsWordedFromWhy does.
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

func TestRareEventsWordedFromWhy(t *testing.T) {
	w := &eventComparer{t: t}
	for _, p := range rareEvents {
		sc, run := playProbe(t, p.end, p.text)
		found := false
		for _, e := range run.Report.Events {
			found = found || shiloh1862.Says(e.Why, p.code)
		}
		if !found {
			t.Errorf("%s: the probe gave no such event:\n%s", p.code, run.describe(sc))
		}
		w.compare(sc, p.code, run.Before, run.After, run.Report)
	}
}

package shiloh1862_test

import (
	"fmt"
	"path/filepath"
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
	failed   int
	seen     map[*shiloh1862.Scenario]adjudicator.Scenario
}

// contract is sc as templates takes it, built once per scenario.
func (w *whyComparer) contract(sc *shiloh1862.Scenario) adjudicator.Scenario {
	if c, ok := w.seen[sc]; ok {
		return c
	}
	c, err := shiloh1862.Contract(sc)
	if err != nil {
		w.t.Fatal(err)
	}
	if w.seen == nil {
		w.seen = map[*shiloh1862.Scenario]adjudicator.Scenario{}
	}
	w.seen[sc] = c
	return c
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
	if got, err := templates.WhyText(w.contract(sc), why); err != nil || got != text {
		w.fail("%s: %s words as\n\t%q\nthe engine says\n\t%q", where, why.Code, got, text)
	}
}

func (w *whyComparer) fail(format string, args ...any) {
	w.t.Helper()
	w.t.Errorf(format, args...)
	if w.failed++; w.failed >= 20 {
		w.t.FailNow()
	}
}

// TestWhyWordsAsReason is step 14's equivalence test: every result of the 200
// golden games and of every case, and every check of every case, worded from its
// Why by templates/words/shiloh1862.txt, is its Reason (or Text) byte for byte.
func TestWhyWordsAsReason(t *testing.T) {
	w := &whyComparer{t: t}
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	games := goldenGames
	if testing.Short() {
		games = 20
	}
	for seed := range games {
		playRandomGame(t, sc, uint64(seed), false, func(before, _ *shiloh1862.State, rep *shiloh1862.Report) error {
			for i, r := range rep.Results {
				w.compare(sc, fmt.Sprintf("game %d %s result %d (%s)", seed, before.Hour, i, r.Order.Kind), r.Reason, r.Why)
			}
			return nil
		})
	}
	results, checks := w.compared, 0
	for _, path := range caseFiles(t) {
		c := readCase(t, path)
		csc := caseScenario(t, c)
		run := runCase(t, csc, c)
		name := filepath.Base(path)
		for i, r := range run.Report.Results {
			w.compare(csc, fmt.Sprintf("%s result %d (%s)", name, i, r.Order.Kind), r.Reason, r.Why)
		}
		results = w.compared
		for _, side := range adjudicator.Sides {
			o, err := caseOrders(csc, c, side)
			if err != nil {
				t.Fatal(err)
			}
			for i, ch := range shiloh1862.CheckOrders(csc, shiloh1862.KnowledgeOf(csc, run.Before, side), o) {
				if ch.Why.Code != "" {
					w.compare(csc, fmt.Sprintf("%s %s check %d (%s)", name, side, i, ch.Order.Kind), ch.Text, ch.Why)
					checks++
				}
			}
		}
	}
	if results < 1000 || checks == 0 {
		t.Errorf("compared only %d reasons and %d checks: are the games and cases played?", results, checks)
	}
	t.Logf("%d reasons of results worded as the engine writes them (%d games, %d cases), and %d checks", results, games, len(caseFiles(t)), checks)
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

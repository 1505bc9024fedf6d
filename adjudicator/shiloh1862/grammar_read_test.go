package shiloh1862

import (
	"slices"
	"sync"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// TestReadConcurrently: mails to a freshly loaded scenario, read through the
// contract in several goroutines at once, share the one compiled set of names
// (grammarCache) and get the receipts they get one at a time.
func TestReadConcurrently(t *testing.T) {
	scs, err := LoadScenariosFS(embeddedScenarios, scenarioRoot)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(scs, func(sc *Scenario) bool { return sc.ID == "shiloh1862" })
	rules, err := Contract(scs[i])
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(adjudicator.Options{Visibility: adjudicator.Visibility(VisBlocks)})
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{openingSide, fullSide, "activate hardee\ncleburn: seay > rea atk\n"}
	receipts := make([]string, 8)
	var wg sync.WaitGroup
	for g := range receipts {
		wg.Go(func() {
			_, rc, err := orders.Read(rules, st, adjudicator.CSA, texts[g%len(texts)], 1, 0)
			if err != nil {
				t.Error(err)
				return
			}
			receipts[g] = receiptText(rc)
		})
	}
	wg.Wait()
	for g, got := range receipts {
		_, rc, err := orders.Read(rules, st, adjudicator.CSA, texts[g%len(texts)], 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got != receiptText(rc) {
			t.Errorf("receipt %d read beside others differs:\n%s\n--- alone\n%s", g, got, receiptText(rc))
		}
	}
	if ScenarioNames(scs[i]) != ScenarioNames(scs[i]) {
		t.Error("a loaded scenario's names are compiled more than once")
	}
}

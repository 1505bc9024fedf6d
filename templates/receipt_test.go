package templates

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// TestReceiptShowsEveryNote: a note on a line that holds no order of its own (a
// correction on a "stay" line) and a finding about the orders as a whole that is
// no error (where the supply goes) are in the receipt, not only the errors.
func TestReceiptShowsEveryNote(t *testing.T) {
	checkText := func(s string) adjudicator.Phrase {
		return adjudicator.Say("check.error", adjudicator.TextArg("error", s))
	}
	rc := &orders.Receipt{Side: adjudicator.CSA, Version: 2, Replaces: 1, Hash: "abc",
		Summary: adjudicator.Say("orders-count", adjudicator.PhrasesArg("parts",
			adjudicator.Say("orders-count.moves", adjudicator.IntArg("n", 1)))),
		Lines: []orders.ReceiptLine{
			{Line: 0, Status: orders.OK, Checks: []orders.Check{{Status: orders.OK, Rule: "7.1", Why: checkText("supply goes to Cleburne, Wood")}}},
			{Line: 1, Kind: "move", Canonical: "Cleburne: Seay Field > Rea Field", Status: orders.OK},
			{Line: 2, Source: "breckenridge: stay", Status: orders.Warned, Checks: []orders.Check{{Status: orders.Warned,
				Why: orders.ReadAs("breckenridge", "Breckinridge")}}},
			{Line: 3, Source: "xyzzy", Status: orders.Errored, Checks: []orders.Check{{Status: orders.Errored, Why: checkText("not an order")}}},
		}}
	text, err := ReceiptText(contract(t), rc)
	if err != nil {
		t.Fatal(err)
	}
	readAt := strings.Index(text, "As read:")
	for _, want := range []string{
		"  NOTE  line 2: breckenridge: stay\n        read 'breckenridge' as Breckinridge\n",
		"  OK    your orders as a whole:\n        (7.1) supply goes to Cleburne, Wood\n",
	} {
		if at := strings.Index(text, want); at < readAt {
			t.Errorf("receipt lacks %q after As read:\n%s", want, text)
		}
	}
	// the error is told once, in the errors, and orders as a whole come last
	if strings.Count(text, "not an order") != 1 || strings.Index(text, "your orders as a whole") < strings.Index(text, "Rea Field") {
		t.Errorf("receipt:\n%s", text)
	}
}

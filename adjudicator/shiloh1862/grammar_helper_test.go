package shiloh1862

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/templates"
)

// testScenario is the embedded Shiloh 1862 scenario, so that the tests read names
// through ScenarioNames as the server does.
func testScenario(tb testing.TB) *Scenario {
	tb.Helper()
	sc, err := LoadScenario("shiloh1862")
	if err != nil {
		tb.Fatal(err)
	}
	return sc
}

func testNames(tb testing.TB) *orders.Dictionary { return ScenarioNames(testScenario(tb)) }

// newReceipt is the receipt of a parse with d, as orders.Read builds it before the
// system's checks.
func newReceipt(p *orders.Parsed, d *orders.Dictionary, version, replaces int) *orders.Receipt {
	return orders.NewReceipt(p, FormatOrders(ordersOf(p), d), version, replaces)
}

// receiptText words a receipt as the server's mail does.
func receiptText(rc *orders.Receipt) string {
	sc, err := embeddedRules("shiloh1862")
	if err != nil {
		panic(err)
	}
	text, err := templates.ReceiptText(sc, rc)
	if err != nil {
		panic(err)
	}
	return text
}

// testWording words a phrase as the server does, with the system's wording file.
func testWording(p adjudicator.Phrase) string {
	sc, err := embeddedRules("shiloh1862")
	if err != nil {
		panic(err)
	}
	say, err := templates.Wording(sc)
	if err != nil {
		panic(err)
	}
	return say(p)
}

// problemText words a problem as a receipt does: why, and the hint ("" for none).
func problemText(pr orders.Problem) (why, hint string) {
	why = testWording(pr.Why)
	if pr.Hint.Code != "" {
		hint = testWording(pr.Hint)
	}
	return why, hint
}

// ordersOf is the orders a parse read.
func ordersOf(p *orders.Parsed) *Orders { return p.Orders.(*Orders) }

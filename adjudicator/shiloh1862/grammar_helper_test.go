package shiloh1862

import (
	"testing"

	"github.com/shiloh-pbem/pbem/orders"
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

// ordersOf is the orders a parse read.
func ordersOf(p *orders.Parsed) *Orders { return p.Orders.(*Orders) }

package antietam

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/templates"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// parse reads a mail with the embedded scenario and returns the parse, its
// orders and their canonical text.
func parse(tb testing.TB, side adjudicator.Side, text string) (*orders.Parsed, *Orders, string) {
	tb.Helper()
	sc := mustLoadTB(tb)
	p := sc.ParseOrders(text, side)
	o := p.Orders.(*Orders)
	canon, err := sc.FormatOrders(o)
	if err != nil {
		tb.Fatalf("the orders read do not print: %v\n%s", err, text)
	}
	return p, o, canon
}

// scenarioNamer names units by designation and hexes by number, as a receipt
// with the side's own view would.
type scenarioNamer struct{ sc *Scenario }

func (n scenarioNamer) UnitName(id string) (string, bool) {
	if u := n.sc.Unit(UnitID(id)); u != nil {
		return u.Designation, true
	}
	return "", false
}
func (n scenarioNamer) PlaceName(id string) (string, bool) { return id, true }

// testSay words a phrase with the system's wording file.
func testSay(tb testing.TB) func(adjudicator.Phrase) string {
	tb.Helper()
	w, err := words.For("antietam")
	if err != nil {
		tb.Fatal(err)
	}
	n := scenarioNamer{mustLoadTB(tb)}
	return func(p adjudicator.Phrase) string { return w.Say(p, n) }
}

// receipt is the receipt of a mail before the engine's checks, as text.
func receipt(tb testing.TB, side adjudicator.Side, text string) string {
	tb.Helper()
	p, _, canon := parse(tb, side, text)
	out, err := templates.ReceiptText(testContract(tb), orders.NewReceipt(p, canon, 1, 0))
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// testContract is the embedded scenario behind the contract, as the server sees it.
func testContract(tb testing.TB) *Contract {
	tb.Helper()
	c, err := NewContract(mustLoadTB(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

package antietam

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/templates"
)

// FuzzParseOrders: no text makes the parser, the printer or the receipt panic;
// every problem is a worded phrase at a line of the text; and the canonical form of
// whatever was read reads back as the same orders, without a problem, and prints
// the same again.
func FuzzParseOrders(f *testing.F) {
	for _, ex := range guideExamples(f) {
		f.Add(ex.orders)
	}
	for _, s := range []string{"Hod: 0812\nAnderson: 1013", "attack 0906 with 1/1/I at 7-1", "w/ / / 1 1", "retreat from to toward"} {
		f.Add(s)
	}
	sc := mustLoadTB(f)
	c := testContract(f)
	f.Fuzz(func(t *testing.T, text string) {
		for _, side := range adjudicator.Sides {
			p := sc.ParseOrders(text, side)
			lines := strings.Count(strings.ReplaceAll(text, "\r\n", "\n"), "\n") + strings.Count(text, "\r") + 1
			for _, pr := range p.Problems {
				if pr.Line < 1 || pr.Line > lines {
					t.Fatalf("problem at line %d of a %d-line text: %+v", pr.Line, lines, pr)
				}
				if pr.Why.Code == "" {
					t.Fatalf("problem that says nothing: %+v", pr)
				}
			}
			o := p.Orders.(*Orders)
			canon, err := sc.FormatOrders(o)
			if err != nil {
				t.Fatalf("what was read does not print: %v\n%q", err, text)
			}
			if _, err := templates.ReceiptText(c, orders.NewReceipt(p, canon, 2, 1)); err != nil {
				t.Fatalf("the receipt cannot be worded: %v", err)
			}
			again := sc.ParseOrders(canon, side)
			if len(again.Problems) > 0 {
				t.Fatalf("canonical form has problems: %+v\ninput: %q\ncanonical:\n%s", again.Problems, text, canon)
			}
			if a, b := ordersJSON(t, o), ordersJSON(t, again.Orders); a != b {
				t.Fatalf("round trip differs\ninput: %q\ncanonical:\n%s\n%s\n%s", text, canon, a, b)
			}
			if c2, _ := sc.FormatOrders(again.Orders.(*Orders)); c2 != canon {
				t.Fatalf("canonical form not stable:\n%s---\n%s", canon, c2)
			}
		}
	})
}

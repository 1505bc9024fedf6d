package shiloh1862

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

var updateOrders = flag.Bool("update-orders", false, "rewrite the order mails' golden files in testdata/orders")

// TestOrdersGolden parses realistic order mails (testdata/orders/*.txt) and compares the
// receipt, the canonical orders and every problem with the .golden file beside it.
// A mail's side is the first word of its file name (usa-…, csa-…).
func TestOrdersGolden(t *testing.T) {
	d := testNames(t)
	files, err := filepath.Glob(filepath.Join("testdata", "orders", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Errorf("only %d golden mails; want at least 40", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			side, ok := adjudicator.ParseSide(strings.SplitN(name, "-", 2)[0])
			if !ok {
				t.Fatalf("file name %s does not start with a side", name)
			}
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := goldenOutput(string(in), d, side)
			gf := strings.TrimSuffix(f, ".txt") + ".golden"
			if *updateOrders {
				if err := os.WriteFile(gf, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gf)
			if err != nil {
				t.Fatalf("%v (run go test -update-orders)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", gf, got, want)
			}
		})
	}
}

// goldenOutput is what a golden file holds: the receipt, then the canonical orders,
// then every problem with its line, and a check that the canonical form reads back.
func goldenOutput(text string, d *orders.Dictionary, side adjudicator.Side) string {
	p := parsedForReceipt(text, d, side)
	var b strings.Builder
	b.WriteString(receiptText(newReceipt(p, d, 2, 1)))
	b.WriteString("\n== canonical\n")
	canon := FormatOrders(ordersOf(p), d)
	b.WriteString(canon)
	b.WriteString("== problems\n")
	for _, pr := range p.Problems {
		why, hint := problemText(pr)
		b.WriteString(itoa(pr.Line) + " " + pr.Severity.String() + ": " + why)
		if hint != "" {
			b.WriteString(" [" + hint + "]")
		}
		b.WriteString("\n")
	}
	again, probs := ParseOrders(canon, d, side)
	if len(probs) > 0 || !sameOrders(again, ordersOf(p)) {
		b.WriteString("== ROUND TRIP FAILED\n" + FormatOrders(again, d))
		for _, pr := range probs {
			why, _ := problemText(pr)
			b.WriteString(itoa(pr.Line) + " " + pr.Severity.String() + ": " + why + "\n")
		}
	}
	return b.String()
}

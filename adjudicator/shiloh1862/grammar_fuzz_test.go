package shiloh1862

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// fuzzSeeds adds every golden mail and the guide's examples to a fuzz corpus.
func fuzzSeeds(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "orders", "*.txt"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	for _, ex := range guideExamples(f) {
		f.Add(ex.orders)
	}
}

// FuzzParseOrders: no text makes the parser, the printer or the receipt panic, and every
// problem points at a line of the text.
func FuzzParseOrders(f *testing.F) {
	fuzzSeeds(f)
	d := testNames(f)
	f.Fuzz(func(t *testing.T, text string) {
		for _, side := range adjudicator.Sides {
			p := parsedForReceipt(text, d, side)
			lines := strings.Count(strings.ReplaceAll(text, "\r\n", "\n"), "\n") + strings.Count(text, "\r") + 1
			for _, pr := range p.Problems {
				if pr.Line < 1 || pr.Line > lines {
					t.Fatalf("problem at line %d of a %d-line text: %+v", pr.Line, lines, pr)
				}
				if why, hint := problemText(pr); why == "" || strings.Contains(why+hint, "("+pr.Why.Code+")") ||
					pr.Hint.Code != "" && strings.Contains(hint, "("+pr.Hint.Code+")") {
					t.Fatalf("problem without wording: %+v: %q, %q", pr, why, hint)
				}
			}
			_ = receiptText(newReceipt(p, d, 2, 1))
		}
	})
}

// FuzzOrdersRoundTrip: the canonical form of whatever was read reads back as the same
// orders, without a problem, and prints the same again.
func FuzzOrdersRoundTrip(f *testing.F) {
	fuzzSeeds(f)
	d := testNames(f)
	f.Fuzz(func(t *testing.T, text string) {
		for _, side := range adjudicator.Sides {
			o, _ := ParseOrders(text, d, side)
			canon := FormatOrders(o, d)
			again, probs := ParseOrders(canon, d, side)
			if len(probs) > 0 {
				t.Fatalf("canonical form has problems: %+v\ninput: %q\ncanonical:\n%s", probs, text, canon)
			}
			if !sameOrders(o, again) {
				t.Fatalf("round trip differs\ninput: %q\ncanonical:\n%s\nagain:\n%s\n%+v\n%+v", text, canon, FormatOrders(again, d), *o, *again)
			}
			if c2 := FormatOrders(again, d); c2 != canon {
				t.Fatalf("canonical form not stable:\n%s\n---\n%s", canon, c2)
			}
		}
	})
}

package shiloh1862

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/mdblocks"
	"github.com/shiloh-pbem/pbem/orders"
)

// guidePath is the player's guide, whose examples are tests.
var guidePath = filepath.Join("..", "..", "docs", "PLAYERS.md")

// guideExample is one "```orders SIDE" block of the guide and the "```parsed" block
// that follows it.
type guideExample struct {
	line           int
	side           adjudicator.Side
	orders, parsed string
}

// guideExamples extracts the guide's examples. Every orders block must be followed by
// a parsed block.
func guideExamples(tb testing.TB) []guideExample {
	tb.Helper()
	b, err := os.ReadFile(guidePath)
	if err != nil {
		tb.Fatal(err)
	}
	var out []guideExample
	var cur *guideExample
	for _, blk := range mdblocks.Fenced(string(b)) {
		info, text := blk.Info, blk.Body
		if len(info) == 0 {
			continue
		}
		switch info[0] {
		case "orders":
			if cur != nil {
				tb.Fatalf("PLAYERS.md:%d: orders block without a parsed block", cur.line)
			}
			if len(info) < 2 {
				tb.Fatalf("PLAYERS.md:%d: orders block without a side", blk.Line)
			}
			side, ok := adjudicator.ParseSide(info[1])
			if !ok {
				tb.Fatalf("PLAYERS.md:%d: bad side %q", blk.Line, info[1])
			}
			cur = &guideExample{line: blk.Line, side: side, orders: text}
		case "parsed":
			if cur == nil {
				tb.Fatalf("PLAYERS.md:%d: parsed block without an orders block", blk.Line)
			}
			cur.parsed = text
			out = append(out, *cur)
			cur = nil
		}
	}
	if cur != nil {
		tb.Fatalf("PLAYERS.md:%d: orders block without a parsed block", cur.line)
	}
	return out
}

// TestGuideExamples: every example in the player's guide reads as the guide says.
// An example may hold lines that are errors on purpose (the guide then says so);
// what it reads must still be exactly the parsed block.
func TestGuideExamples(t *testing.T) {
	d := testNames(t)
	exs := guideExamples(t)
	if len(exs) < 15 {
		t.Fatalf("only %d examples found in the guide", len(exs))
	}
	for _, ex := range exs {
		o, probs := ParseOrders(ex.orders, d, ex.side)
		if got := FormatOrders(o, d); got != ex.parsed {
			t.Errorf("PLAYERS.md:%d: reads as\n%s\nbut the guide says\n%s\nproblems: %+v", ex.line, got, ex.parsed, probs)
		}
		for _, p := range probs {
			if p.Severity == orders.Error && !strings.Contains(ex.orders, "error") {
				t.Errorf("PLAYERS.md:%d: line %d: %s", ex.line, p.Line, testWording(p.Why))
			}
		}
		// the canonical form reads back to the same orders
		again, probs := ParseOrders(ex.parsed, d, ex.side)
		if len(probs) > 0 || !sameOrders(o, again) {
			t.Errorf("PLAYERS.md:%d: the parsed block does not read back: %+v", ex.line, probs)
		}
	}
}

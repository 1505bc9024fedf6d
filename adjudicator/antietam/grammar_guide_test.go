package antietam

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/mdblocks"
	"github.com/shiloh-pbem/pbem/orders"
)

// guidePath is the players' guide, whose examples are tests.
var guidePath = filepath.Join("..", "..", "docs", "systems", "antietam-players.md")

// guideExample is one "```orders SIDE" block of the guide, marked "error" when it
// shows a mistake on purpose, and the "```canonical" block right after it, if any.
type guideExample struct {
	line      int
	side      adjudicator.Side
	errors    bool
	orders    string
	canonical string // "" when the guide shows none
}

// guideExamples reads the guide's examples.
func guideExamples(tb testing.TB) []guideExample {
	tb.Helper()
	b, err := os.ReadFile(guidePath)
	if err != nil {
		tb.Fatal(err)
	}
	var out []guideExample
	last := -1 // the example a canonical block may follow
	for _, blk := range mdblocks.Fenced(string(b)) {
		info, body := blk.Info, blk.Body
		switch {
		case len(info) == 0:
			last = -1
		case info[0] == "orders":
			if len(info) < 2 {
				tb.Fatalf("antietam-players.md:%d: an orders block without a side", blk.Line)
			}
			side, ok := adjudicator.ParseSide(info[1])
			if !ok {
				tb.Fatalf("antietam-players.md:%d: bad side %q", blk.Line, info[1])
			}
			out = append(out, guideExample{line: blk.Line, side: side, errors: len(info) > 2 && info[2] == "error", orders: body})
			last = len(out) - 1
		case info[0] == "canonical":
			if last < 0 {
				tb.Fatalf("antietam-players.md:%d: a canonical block after no orders block", blk.Line)
			}
			out[last].canonical = body
			last = -1
		}
	}
	return out
}

// TestPlayersGuideExamples: every example of the players' guide reads without an
// error (but those marked "error", which must have one), prints as the canonical
// form the guide shows, and that form reads back as the same orders.
func TestPlayersGuideExamples(t *testing.T) {
	sc := mustLoadTB(t)
	exs := guideExamples(t)
	if len(exs) < 12 {
		t.Fatalf("only %d examples found in the guide", len(exs))
	}
	for _, ex := range exs {
		p, o, canon := parse(t, ex.side, ex.orders)
		errs := 0
		for _, pr := range p.Problems {
			if pr.Severity == orders.Error {
				errs++
				if !ex.errors {
					t.Errorf("antietam-players.md:%d: line %d: %s", ex.line, pr.Line, pr.Why)
				}
			}
		}
		if ex.errors && errs == 0 {
			t.Errorf("antietam-players.md:%d: an example of a mistake reads without an error", ex.line)
		}
		if ex.canonical != "" && canon != ex.canonical {
			t.Errorf("antietam-players.md:%d: reads as\n%s\nbut the guide shows\n%s", ex.line, canon, ex.canonical)
		}
		again := sc.ParseOrders(canon, ex.side)
		if len(again.Problems) > 0 || ordersJSON(t, again.Orders) != ordersJSON(t, o) {
			t.Errorf("antietam-players.md:%d: the canonical form does not read back: %+v", ex.line, again.Problems)
		}
	}
}

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
	position       string // the position it is written for: a guidePositions name
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
			if len(info) > 2 {
				cur.position = info[2]
			}
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

// guidePositions are the positions the guide's examples are written for, named
// after the side in an example's info string ("```orders csa start"); the guide
// says in words which one each example uses. Each is the scenario's start, with
// what the name says changed.
var guidePositions = map[string]func(st *State){
	// Day 1 7AM, as the scenario sets the armies up
	"start": func(*State) {},
	// the start an hour later: initiative is rolled
	"8am": func(st *State) { st.Hour = mustHour("D1 8AM") },
	// the start, with Cleburne, Hardee and Shoup a step down
	"weakened": func(st *State) {
		for _, id := range []BlockID{"cs_cleburne", "cs_hardee", "cs_shoup"} {
			st.Block(id).Strength--
		}
	},
	// 3PM on Day 1, Lew Wallace due by Road D, which a Confederate block holds
	"road-d-held": func(st *State) {
		st.Hour = mustHour("D1 3PM")
		st.Block("cs_clanton").Area = "road_d"
	},
	// 7AM on Day 2, with the three Army of the Ohio divisions still to land
	"ohio-due": func(st *State) { st.Hour = Day2First },
	// the start, in a game with Planned Initiative, the CSA holding the marker
	"planned": func(st *State) {
		st.Options.PlannedInitiative = true
		st.InitiativeMarker = adjudicator.CSA
	},
}

func mustHour(s string) Hour {
	h, err := ParseHour(s)
	if err != nil {
		panic(err)
	}
	return h
}

// TestGuideExamplesAreLegal: every example in the player's guide is legal on the
// shipped map at the position it states: each check the receipt would make of it
// passes (no error, no warning), so the guide never shows an order the server
// would refuse or query.
func TestGuideExamplesAreLegal(t *testing.T) {
	sc := testScenario(t)
	d := testNames(t)
	for _, ex := range guideExamples(t) {
		at, ok := guidePositions[ex.position]
		if !ok {
			t.Errorf("PLAYERS.md:%d: the example states no position I know (%q): write one after its side", ex.line, ex.position)
			continue
		}
		st, err := NewState(sc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		at(st)
		if err := checkState(sc, st); err != nil {
			t.Fatalf("position %s: %v", ex.position, err)
		}
		o, _ := ParseOrders(ex.orders, d, ex.side)
		for _, c := range CheckOrders(sc, KnowledgeOf(sc, st, ex.side), o) {
			if c.Status != CheckOK {
				t.Errorf("PLAYERS.md:%d (%s, at %s): %s %s (%s): %s", ex.line, ex.side, ex.position, c.Status, c.Order.Kind, c.Rule,
					testWording(c.Why)+hintText(c.Hint))
			}
		}
	}
}

// hintText is a check's hint as the receipt adds it ("" for none).
func hintText(h adjudicator.Phrase) string {
	if h.Code == "" {
		return ""
	}
	return " — " + testWording(h)
}

package shiloh1862

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

const receiptOrders = `activate hardee, bragg
cleburne, wood: seay > rea attack
wodd: seay > rea
gladden: road a >> spain
supply: cleburne, hardee
`

func TestReceiptText(t *testing.T) {
	d := testNames(t)
	p := parsedForReceipt(receiptOrders, d, adjudicator.CSA)
	r := newReceipt(p, d, 3, 2)
	text := receiptText(r)
	for _, want := range []string{
		"Orders v3 for CSA (v3 replaces v2)",
		"Hash: " + r.Hash,
		"2 HQs activated, 2 moves, 1 attack, 1 road move, supply list of 2 blocks",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("receipt lacks %q:\n%s", want, text)
		}
	}
	if r.Errors() != 0 {
		t.Errorf("errors %d:\n%s", r.Errors(), text)
	}
	// line 3 moves Wood again (read as a fuzzy or prefix match): a note, not an error
	r.AddCheck(4, check(orders.Errored, "5.31", "Gladden is not on a road at Road A", adjudicator.Say("hint.road")))
	r.AddCheck(2, check(orders.OK, "5.2", "commanded by Hardee", adjudicator.Phrase{}))
	r.AddCheck(9, check(orders.Warned, "7.1", "a supply point is left over", adjudicator.Phrase{}))
	r.Summary = summary(ordersOf(p), &supplyUse{used: 2, available: 3})
	text = receiptText(r)
	errAt := strings.Index(text, "ERROR")
	readAt := strings.Index(text, "As read:")
	if errAt < 0 || readAt < 0 || errAt > readAt {
		t.Fatalf("errors do not come first:\n%s", text)
	}
	for _, want := range []string{
		"line 4: Gladden: Road A >> Spain Field",
		"(5.31) Gladden is not on a road at Road A — a road move follows one road through friendly or vacant areas, and never attacks",
		"(5.2) commanded by Hardee",
		"supply 2 of 3 SP",
		"1 line in error",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("receipt lacks %q:\n%s", want, text)
		}
	}
	if r.Lines[len(r.Lines)-1].Line != 9 || r.Lines[len(r.Lines)-1].Checks[0].Rule != "7.1" {
		t.Errorf("a check on a line without an order must become its own line: %+v", r.Lines)
	}
}

func TestReceiptAddCheckFor(t *testing.T) {
	d := testNames(t)
	p := parsedForReceipt("activate hardee\nactivate bragg, polk\nbattles: rea\n", d, adjudicator.CSA)
	r := newReceipt(p, d, 1, 0)
	r.AddCheckFor("activate", 2, check(orders.Errored, "5.2", "Polk is not on the map", adjudicator.Phrase{}))
	r.AddCheckFor("battles", 0, check(orders.Warned, "6.2", "no battle at Rea Field yet", adjudicator.Phrase{}))
	var polk, battles *orders.ReceiptLine
	for i := range r.Lines {
		switch r.Lines[i].Line {
		case 2:
			polk = &r.Lines[i]
		case 3:
			battles = &r.Lines[i]
		}
	}
	if polk == nil || polk.Status != orders.Errored || polk.Canonical != "activate Bragg, Polk" {
		t.Errorf("activation check went astray: %+v", r.Lines)
	}
	if battles == nil || battles.Status != orders.Warned {
		t.Errorf("battles check went astray: %+v", r.Lines)
	}
	if strings.Contains(receiptText(r), "v1 replaces") {
		t.Errorf("a first version replaces nothing:\n%s", receiptText(r))
	}
}

// check is a check of the system's, its text as given.
func check(status orders.Status, rule, text string, hint adjudicator.Phrase) orders.Check {
	return orders.Check{Status: status, Rule: rule, Why: adjudicator.Say("check.error", adjudicator.TextArg("error", text)), Hint: hint}
}

// TestReceiptWholeOrders: a check that names no line or order of its own is an
// error about the orders as a whole, never at "line 0".
func TestReceiptWholeOrders(t *testing.T) {
	d := testNames(t)
	r := newReceipt(parsedForReceipt("activate hardee\n", d, adjudicator.CSA), d, 1, 0)
	r.AddCheckFor("arrival", 3, check(orders.Errored, "5.61", "no such arrival", adjudicator.Phrase{}))
	text := receiptText(r)
	if strings.Contains(text, "line 0") || !strings.Contains(text, "  your orders as a whole:\n        (5.61) no such arrival\n") {
		t.Errorf("receipt:\n%s", text)
	}
}

func TestReceiptEmpty(t *testing.T) {
	d := testNames(t)
	r := newReceipt(parsedForReceipt("Thanks, no orders\n--\nBob\n", d, adjudicator.USA), d, 1, 0)
	text := receiptText(r)
	if !strings.Contains(text, "no orders: your side follows its standing doctrine") || r.Errors() != 1 {
		t.Errorf("receipt:\n%s", text)
	}
}

// TestHash: the hash is of the canonical form, so spelling does not change it and
// orders do.
func TestHash(t *testing.T) {
	d := testNames(t)
	a, _ := ParseOrders("cleburne, wood: seay > rea attack", d, adjudicator.CSA)
	b, _ := ParseOrders("ATTACK Cleburne and Wood from Seay Field to Rea Field", d, adjudicator.CSA)
	c, _ := ParseOrders("cleburne, wood: seay > rea", d, adjudicator.CSA)
	hash := func(o *Orders) string { return orders.Hash(FormatOrders(o, d)) }
	if hash(a) != hash(b) {
		t.Errorf("same orders, different hashes")
	}
	if hash(a) == hash(c) {
		t.Errorf("different orders, same hash")
	}
	if len(hash(a)) != 64 {
		t.Errorf("hash %q is not hex SHA-256", hash(a))
	}
}

// TestReceiptNamesEverySupplyStep: the receipt names every block the supply will
// go to, those of the supply list and those the default adds, with a supply line
// or without one: the blocks the hour then rebuilds when nothing else happens.
func TestReceiptNamesEverySupplyStep(t *testing.T) {
	sc := testScenario(t)
	csc, err := Contract(sc)
	if err != nil {
		t.Fatal(err)
	}
	st, err := NewState(sc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// six CSA blocks a step down, two of them in one area (7.1: 2 SP an area)
	for _, id := range []BlockID{"cs_anderson", "cs_bragg", "cs_bankhead", "cs_chalmers", "cs_clanton", "cs_cleburne"} {
		st.Block(id).Strength--
	}
	for _, text := range []string{"supply: cleburne\n", "activate hardee\n", "supply: bragg, anderson, bankhead\n"} {
		o, rc, err := orders.Read(csc, st, adjudicator.CSA, text, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		receipt := receiptText(rc)
		var ord [2]*Orders
		ord[adjudicator.CSA.Index()] = ordersOfRead(t, o)
		_, rep, err := ResolveHour(sc, st, ord, adjudicator.NewStreamDice([]byte("supply")))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, e := range rep.Events {
			if e.Kind == EvSupply && e.Side == adjudicator.CSA {
				want = append(want, sc.OB.Block(e.Block).Name)
			}
		}
		if len(want) != 3 {
			t.Fatalf("%q: the hour gave %d steps, want 3: %v", text, len(want), want)
		}
		line := ""
		for _, l := range strings.Split(receipt, "\n") {
			if strings.Contains(l, "supply as it would be spent") {
				line = l
			}
		}
		if !strings.HasSuffix(line, ": "+strings.Join(want, ", ")) {
			t.Errorf("%q: the receipt's supply plan %q, but the hour rebuilds %v:\n%s", text, line, want, receipt)
		}
	}
}

// ordersOfRead is the orders orders.Read returned.
func ordersOfRead(t *testing.T, o adjudicator.Orders) *Orders {
	t.Helper()
	x, err := AsOrders(o)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

package antietam

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/templates/words"
)

const (
	usa = adjudicator.USA
	csa = adjudicator.CSA
)

// TestGrammarForms: the forms a player types in a hurry read as the canonical
// orders, with no problem but the notes expected.
func TestGrammarForms(t *testing.T) {
	for _, c := range []struct {
		side        adjudicator.Side
		typed, want string
		notes       int
	}{
		// 5.0: a move is a unit and the hexes it enters, in order
		{usa, "1/1/I: 0804 > 0805 > 0806", "1/1/I: 0804 > 0805 > 0806\n", 0},
		{usa, "1/1/i 0805 0806", "1/1/I: 0805 > 0806\n", 0},
		{usa, "move 1/1/1 to 0805 then 0806", "1/1/I: 0805 > 0806\n", 0},
		{usa, "1 1 I - 0805 - 0806", "1/1/I: 0805 > 0806\n", 0},
		{usa, "1/1/I, 3/1/I: 805, 806", "1/1/I, 3/1/I: 0805 > 0806\n", 2},
		{usa, "1/1/I 3/1/I: 0805", "1/1/I, 3/1/I: 0805\n", 0},
		{usa, "1/1/XII: 1204 → 1104", "1/1/XII: 1204 > 1104\n", 0},
		{usa, "1/1/12: 1104", "1/1/XII: 1104\n", 0},
		{usa, "cav 2: 1809 > 1709", "cav2: 1809 > 1709\n", 0},
		{usa, "2nd cav & 3rd cavalry: 1709", "cav2, cav3: 1709\n", 0},
		{usa, "battery a: 1512", "artA: 1512\n", 0},
		// 15.0: a reinforcement's path starts with its entry hex
		{usa, "1/1/VI: 2112 > 2012 > 1912", "1/1/VI: 2112 > 2012 > 1912\n", 0},
		{csa, "Hood: Dunker Church > the cornfield", "Hood: 0812 > 0909\n", 0},
		{csa, "gt anderson, G.B. Anderson: 1013", "GT Anderson, GB Anderson: 1013\n", 0},
		{csa, "Hood/Law: 0812", "Hood, Law: 0812\n", 0},
		{csa, "Hood Law: 0812", "Hood, Law: 0812\n", 0},
		{csa, "Brksdl: 0517 > 0617", "Barksdale: 0517 > 0617\n", 0},
		{csa, "Feathrstone: 1013", "Featherstone: 1013\n", 1}, // a near miss, read with a note
		// 7.0-7.9, 8.16: attacks, each clause in any order
		{usa, "attack 0906 with 1/1/I, 2/1/I", "attack 0906 with 1/1/I, 2/1/I\n", 0},
		{usa, "1/1/I and 2/1/I attack 0906 at 2:1", "attack 0906 with 1/1/I, 2/1/I at 2-1\n", 0},
		{usa, "atk 0906 0907 w/ 1/1/I adv 1/1/I into 0907 odds 1 to 1",
			"attack 0906, 0907 with 1/1/I at 1-1 advance 1/1/I to 0907\n", 0},
		{usa, "attack 0906 with 1/1/I guns artA, artB losses 1/1/I no advance guns retreat",
			"attack 0906 with 1/1/I bombard artA, artB losses 1/1/I guns retreat\n", 0},
		{usa, "bombard 1013 with artA", "bombard 1013 with artA\n", 0},
		{usa, "artA, artB bombard 1013 at 1-2 bombard retreat", "bombard 1013 with artA, artB at 1-2 guns retreat\n", 0},
		// 7.71, 7.81, 7.75: standing orders
		{csa, "retreat Hood to 0712, 0711 toward 0126", "retreat Hood to 0712, 0711 toward 0126\n", 0},
		{csa, "Hood, Law retreat: West Woods", "retreat Hood, Law to 0710, 0711, 0712\n", 0},
		{csa, "retreat from Sunken Road towards 0815", "retreat from 0913, 1013, 1113, 1114 toward 0815\n", 0},
		{csa, "retreat from bloody lane toward botelers ford", "retreat from 0913, 1013, 1113, 1114 toward 0126\n", 0},
		{csa, "Hood retreats from 0812 to 0712", "retreat Hood from 0812 to 0712\n", 0},
		{csa, "displace: Law, Hood\ndisplacement Evans", "displace: Law, Hood, Evans\n", 0},
		{csa, "advance after defense: Hood\nadvance: Law", "advance after defence: Hood, Law\n", 0},
		{csa, "advance after defence: none\nhold\nno moves", "hold\n", 0},
	} {
		p, _, canon := parse(t, c.side, c.typed)
		if canon != c.want {
			t.Errorf("%q reads as\n%s\nwant\n%s", c.typed, canon, c.want)
		}
		notes := 0
		for _, pr := range p.Problems {
			if pr.Severity == orders.Error {
				t.Errorf("%q: error %s", c.typed, pr.Why)
			} else {
				notes++
			}
		}
		if notes != c.notes {
			t.Errorf("%q: %d notes, want %d: %+v", c.typed, notes, c.notes, p.Problems)
		}
	}
}

// TestGrammarLines: every line names its orders as the engine's checks name them
// (OrderRef: "move" and "attack" by index in Orders), so that a check on move 3
// is filed on the line that wrote it.
func TestGrammarLines(t *testing.T) {
	p, o, _ := parse(t, usa, `attack 0906 with 1/1/I
1/1/I, 3/1/I: 0805
bombard 1013 with artA
2/1/I: 0706 > 0806
retreat 1/1/I toward 2112
displace: 2/1/I
`)
	want := []orders.OrderLine{
		{Line: 2, Kind: KindMove, Index: 1, Count: 2, Text: "1/1/I, 3/1/I: 0805"},
		{Line: 4, Kind: KindMove, Index: 3, Count: 1, Text: "2/1/I: 0706 > 0806"},
		{Line: 1, Kind: KindAttack, Index: 1, Count: 1, Text: "attack 0906 with 1/1/I"},
		{Line: 3, Kind: KindAttack, Index: 2, Count: 1, Text: "bombard 1013 with artA"},
		{Line: 5, Kind: KindRetreat, Index: 1, Count: 1, Text: "retreat 1/1/I toward 2112"},
		{Line: 6, Kind: KindDisplace, Index: 1, Count: 1, Text: "displace: 2/1/I"},
	}
	if !slices.Equal(p.Lines, want) {
		t.Errorf("lines\n%+v\nwant\n%+v", p.Lines, want)
	}
	if o.Moves[2].Unit != "2/1/I" || len(o.Attacks) != 2 || o.Attacks[1].Bombard[0] != "artA" {
		t.Errorf("orders %+v", o)
	}
	if got := testSay(t)(p.Summary); got != "3 moves, 2 attacks, 1 retreat preference, displacement order of 1 unit" {
		t.Errorf("summary %q", got)
	}
}

// TestGrammarProblems: the mistakes of a player typing on a phone, each an error
// (or a note) with the problem and hint the receipt words.
func TestGrammarProblems(t *testing.T) {
	for _, c := range []struct {
		side      adjudicator.Side
		typed     string
		why, hint string
		severity  orders.Severity
	}{
		{csa, "Hod: 0812", "parse.unknown-unit", "parse.hint.did-you-mean", orders.Error},
		{csa, "Anderson: 1013", "parse.ambiguous-unit", "parse.hint.write-more", orders.Error},
		{csa, "1/1/I: 0812", "parse.enemy-unit", "", orders.Error},
		{usa, "Hood, Law attack 0909", "parse.enemy-unit", "", orders.Error},
		{usa, "1/1/I: 0805 > 3012", "parse.no-such-hex", "parse.hint.hex", orders.Error},
		{usa, "1/1/I: 0805 > 08055", "parse.no-such-hex", "parse.hint.hex", orders.Error},
		{usa, "1/1/I: 805", "parse.hex-read-as", "", orders.Warning},
		{usa, "1/1/I: Sharpsburg", "parse.place-hexes", "parse.hint.hex", orders.Error},
		{usa, "1/1/I: Dunkr Chruch", "parse.read-as", "", orders.Warning},
		{usa, "1/1/I: Smoktwn", "parse.unknown-place", "parse.hint.did-you-mean", orders.Error},
		{usa, "1/1/I: Cemetery Ridge", "parse.unknown-place", "parse.hint.hex", orders.Error},
		{usa, "1/1/I", "parse.move-no-path", "parse.hint.move", orders.Error},
		{usa, ": 0805", "parse.move-no-units", "parse.hint.move", orders.Error},
		{usa, "please confirm receipt", "parse.not-an-order", "parse.hint.forms", orders.Error},
		{usa, "attack with 1/1/I", "parse.attack-no-defender", "parse.hint.attack", orders.Error},
		{usa, "attack 0906", "parse.attack-no-attacker", "parse.hint.attack", orders.Error},
		{usa, "attack 0906 with 1/1/I at 7-1", "parse.bad-odds", "parse.hint.odds", orders.Error},
		{usa, "attack 0906 with 1/1/I at evens", "parse.bad-odds", "parse.hint.odds", orders.Error},
		{usa, "attack 0906 with 1/1/I at 2-1 at 1-1", "parse.clause-twice", "parse.hint.attack", orders.Error},
		{usa, "attack 0906 with 1/1/I losses", "parse.empty-clause", "parse.hint.attack", orders.Error},
		{usa, "attack 0906 with 1/1/I, 2/1/I advance 1/1/I, 2/1/I", "parse.advance-one", "parse.hint.advance", orders.Error},
		{usa, "advance 1/1/I to 0906", "parse.advance-alone", "parse.hint.attack", orders.Error},
		{usa, "attack 0906 with 1/1/I retreat 0805", "parse.retreat-in-attack", "parse.hint.retreat", orders.Error},
		{csa, "retreat toward 0126", "parse.retreat-whose", "parse.hint.retreat", orders.Error},
		{csa, "retreat Hood", "parse.retreat-where", "parse.hint.retreat", orders.Error},
		{csa, "retreat Hood toward 0712, 0711", "parse.one-hex", "parse.hint.hex", orders.Error},
		{csa, "displace:", "parse.list-empty", "parse.hint.displace", orders.Error},
		{csa, "advance after defence", "parse.list-empty", "parse.hint.standing-advance", orders.Error},
	} {
		p, o, _ := parse(t, c.side, c.typed)
		if len(p.Problems) != 1 {
			t.Errorf("%q: %d problems, want 1: %+v", c.typed, len(p.Problems), p.Problems)
			continue
		}
		pr := p.Problems[0]
		if pr.Why.Code != c.why || pr.Hint.Code != c.hint || pr.Severity != c.severity || pr.Line != 1 {
			t.Errorf("%q: %v %s hint %s at line %d, want %v %s hint %s", c.typed, pr.Severity, pr.Why, pr.Hint, pr.Line, c.severity, c.why, c.hint)
		}
		if c.severity == orders.Error && len(o.Moves)+len(o.Attacks)+len(o.Standing.Retreats)+len(o.Standing.Displace) > 0 {
			t.Errorf("%q: a line in error still gave orders: %+v", c.typed, o)
		}
	}
}

// TestGrammarReceipt: a receipt words the grammar's problems with the system's
// wording, hint and all, and keeps the lines that were read.
func TestGrammarReceipt(t *testing.T) {
	got := receipt(t, csa, `ORDERS CSA turn 2
Hood, Law: 0812 > 0912
Hod: 0913
attack 0909 with Hood at 7-1
retreat from West Woods toward 0126
Feathrstone: 1013
thanks
`)
	for _, want := range []string{
		"line 3: Hod: 0913",
		"none of your units is called \"Hod\" — did you mean Hood?",
		"line 4: attack 0909 with Hood at 7-1",
		"\"7 - 1\" is not a column of the Combat Results Table (1-5 1-4 1-3 1-2 1-1 2-1 3-1 4-1 5-1 6-1) — write the odds as on the table, e.g. at 2-1 or at 1-2",
		"line 7: thanks",
		"\"thanks\" is not an order of this game — write a move",
		"Hood, Law: 0812 > 0912",
		"retreat from 0710, 0711, 0712 toward 0126",
		"Featherstone: 1013",
		"read \"Feathrstone\" as Featherstone",
		"3 moves, 0 attacks, 1 retreat preference",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("receipt lacks %q:\n%s", want, got)
		}
	}
}

// TestGrammarCodesWorded: every problem and hint the grammar says is listed in
// grammarCodes, and every one listed is worded in templates/words/antietam.txt
// with only the keys it carries.
func TestGrammarCodesWorded(t *testing.T) {
	files, err := filepath.Glob("grammar*.go")
	if err != nil {
		t.Fatal(err)
	}
	said := map[string]bool{}
	code := regexp.MustCompile(`"((?:parse|orders-count)(?:\.[a-z.-]+)?)"`)
	for _, f := range files {
		// the table itself names every code: reading it would count each as said
		if strings.HasSuffix(f, "_test.go") || f == "grammar_codes.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range code.FindAllStringSubmatch(string(b), -1) {
			said[m[1]] = true
		}
	}
	listed := map[string]bool{}
	for _, c := range grammarCodes {
		listed[c.Code] = true
		if !said[c.Code] {
			t.Errorf("%s is listed but no grammar file says it", c.Code)
		}
	}
	for c := range said {
		if !listed[c] {
			t.Errorf("%s is said but not listed in grammarCodes", c)
		}
	}
	w, err := words.For("antietam")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range w.Problems(grammarCodes) {
		// the report's entries are the engine's codes, held to Codes() elsewhere
		if strings.HasSuffix(p, "is worded but never said") && !strings.Contains(p, ": parse.") && !strings.Contains(p, ": orders-count") {
			continue
		}
		t.Error(p)
	}
}

// The hint for an unknown unit names the writer's own units, and every example it
// gives is a name that side may write (2.4).
func TestUnitNamesHintExamples(t *testing.T) {
	say := testSay(t)
	for _, side := range adjudicator.Sides {
		hint := say(adjudicator.Say(unitNamesHint(side)))
		_, list, ok := strings.Cut(hint, ": ")
		if !ok {
			t.Fatalf("%v: hint %q has no examples", side, hint)
		}
		for _, name := range strings.Split(list, ", ") {
			p := testContract(t).Engine().ParseOrders(name+": 0101", side)
			for _, pr := range p.Problems {
				if pr.Why.Code == "parse.unknown-unit" || pr.Why.Code == "parse.enemy-unit" {
					t.Errorf("%v: the hint's example %q is not one of its units", side, name)
				}
			}
		}
	}
}

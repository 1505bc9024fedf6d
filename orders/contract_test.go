package orders

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// toyNames is a board of three places and three units a side.
type toyNames struct{}

func (toyNames) Areas() []Name {
	return []Name{
		{ID: "ford", Canonical: "Lick Creek Ford", Aliases: []string{"the ford"}},
		{ID: "church", Canonical: "Shiloh Church"},
		{ID: "orchard", Canonical: "Peach Orchard"},
	}
}

func (toyNames) Blocks(side adjudicator.Side) []Name {
	if side == adjudicator.USA {
		return []Name{{ID: "u_grant", Canonical: "Grant"}, {ID: "u_ml_smith", Canonical: "M.L. Smith"}, {ID: "u_ws_smith", Canonical: "W.S. Smith"}}
	}
	return []Name{{ID: "c_hardee", Canonical: "Hardee"}, {ID: "c_bragg", Canonical: "Bragg"}, {ID: "c_polk", Canonical: "Polk"}}
}

func (toyNames) Arrivals(adjudicator.Side) []Name { return nil }

// toyOrders are a toy system's orders: moves, and units told to hold.
type toyOrders struct {
	side  adjudicator.Side
	moves [][2]string // unit, place
	hold  []string
}

func (o *toyOrders) Sender() adjudicator.Side { return o.side }

// toyGrammar reads "UNIT > PLACE" and "hold UNIT, UNIT" over the package's Reader:
// what a rule system's grammar does, in a dozen lines.
type toyGrammar struct{ d *Dictionary }

var toyVocabulary = NewVocabulary([]string{"hold"}, []string{"fast"}, nil)

func (g toyGrammar) Parse(text string, side adjudicator.Side) *Parsed {
	r := &Reader{Dict: g.d, Side: side}
	o := &toyOrders{side: side}
	var lines []OrderLine
	r.Read(text, toyVocabulary, func(toks []Token) {
		if toks[0].Low == "hold" {
			var names []string
			for item := range ListItems(SkipColon(toks[1:])) {
				if n := r.Resolve(g.d.BlockTable(side), item); n.Found {
					o.hold = append(o.hold, n.ID)
					names = append(names, g.d.BlockTable(side).Canonical(n.ID))
				} else if !n.Reported {
					r.Fail(n.Hint, adjudicator.Say("toy.not-yours", adjudicator.TextArg("typed", n.Typed)))
				}
			}
			lines = append(lines, OrderLine{Line: r.Line, Kind: "hold", Index: len(o.hold) - len(names), Count: len(names), Text: "hold " + strings.Join(names, ", ")})
			return
		}
		for i, t := range toks {
			if t.Kind == Arrow && i > 0 {
				u, p := r.Resolve(g.d.BlockTable(side), toks[:i]), r.Resolve(g.d.AreaTable(), toks[i+1:])
				if u.Found && p.Found {
					o.moves = append(o.moves, [2]string{u.ID, p.ID})
					lines = append(lines, OrderLine{Line: r.Line, Kind: "move", Index: len(o.moves) - 1, Text: g.line(o, len(o.moves)-1)})
				}
				return
			}
		}
		r.Fail(adjudicator.Say("toy.hint.move"), adjudicator.Say("toy.unread", adjudicator.TextArg("line", r.Source())))
	})
	return &Parsed{Orders: o, Problems: r.Problems, Lines: lines, Summary: adjudicator.Say("toy.count", adjudicator.IntArg("n", len(o.moves)))}
}

func (g toyGrammar) line(o *toyOrders, i int) string {
	return g.d.BlockTable(o.side).Canonical(o.moves[i][0]) + " > " + g.d.AreaTable().Canonical(o.moves[i][1])
}

func (g toyGrammar) Format(o adjudicator.Orders) (string, error) {
	x, ok := o.(*toyOrders)
	if !ok {
		return "", errors.New("not toy orders")
	}
	var b strings.Builder
	for i := range x.moves {
		b.WriteString(g.line(x, i) + "\n")
	}
	if len(x.hold) > 0 {
		var names []string
		for _, id := range x.hold {
			names = append(names, g.d.BlockTable(x.side).Canonical(id))
		}
		b.WriteString("hold " + strings.Join(names, ", ") + "\n")
	}
	return b.String(), nil
}

// toyScenario is a scenario of the toy system: its grammar, and a check that
// refuses every unit told to hold. The rest of the contract is never called.
type toyScenario struct {
	adjudicator.Scenario
	toyGrammar
}

func (toyScenario) ID() string     { return "toy" }
func (toyScenario) System() string { return "toysystem" }

func (toyScenario) Check(_ adjudicator.State, o adjudicator.Orders) []adjudicator.Check {
	var out []adjudicator.Check
	for i := range o.(*toyOrders).hold {
		out = append(out, adjudicator.Check{Order: adjudicator.OrderRef{Kind: "hold", Index: i}, Status: adjudicator.CheckError, Rule: "9.9",
			Why: adjudicator.Say("toy.no-hold", adjudicator.IntArg("n", i+1))})
	}
	return out
}

// toySay words the toy's checks as the caller's wording would: this package
// words no system's phrases itself. Its own are worded by shared.txt.
func toySay(p adjudicator.Phrase) string {
	if shared.Has(p.Code) {
		return shared.Say(p, nil)
	}
	a, _ := p.Get("n")
	return fmt.Sprintf("no holding here (%s %d)", p.Code, a.Int)
}

// shared is the wording of the shared machinery, which words this package's own
// problems.
var shared = func() *words.Wording {
	w, err := words.Load("shared")
	if err != nil {
		panic(err)
	}
	return w
}()

// TestCodesWorded: every problem this package reports is worded in shared.txt,
// with the keys it gives.
func TestCodesWorded(t *testing.T) {
	for _, p := range shared.Problems(Codes()) {
		if !strings.Contains(p, "worded but never said") { // the rest of shared.txt is not this package's
			t.Error(p)
		}
	}
}

// noGrammar is a scenario whose system brings no grammar.
type noGrammar struct{ adjudicator.Scenario }

func (noGrammar) ID() string     { return "bare" }
func (noGrammar) System() string { return "baresystem" }

// TestReadThroughTheGrammar: Read finds the grammar on the scenario, echoes every
// order, files each check on the line of the order it names, and hashes the
// canonical text; Canonical prints the same text.
func TestReadThroughTheGrammar(t *testing.T) {
	sc := toyScenario{toyGrammar: toyGrammar{Compile(toyNames{})}}
	text := "Hello,\nORDERS\nhardee > church\nbragg > the ford  # by the road\nhold polk\nhold bragg,\nhardy\n-- \nTom\n"
	o, rc, err := Read(sc, nil, adjudicator.CSA, text, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	canon, err := Canonical(sc, o)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Hardee > Shiloh Church\nBragg > Lick Creek Ford\nhold Polk, Bragg, Hardee\n"; canon != want {
		t.Errorf("canonical:\n%s\nwant:\n%s", canon, want)
	}
	if rc.Hash != Hash(canon) || len(rc.Hash) != 64 {
		t.Errorf("hash %q is not that of the canonical text", rc.Hash)
	}
	// "hold bragg," ends with a comma: the next line ("hardy", a near miss of
	// Hardee, read with a warning) is its rest; both holds of line 6 get the check
	// that names them by index.
	var held []ReceiptLine
	for _, l := range rc.Lines {
		if l.Kind == "hold" {
			held = append(held, l)
		}
	}
	if len(held) != 2 || held[1].Line != 6 || held[1].Canonical != "hold Bragg, Hardee" || len(held[1].Checks) != 3 {
		t.Fatalf("hold lines: %+v", held)
	}
	if c := held[1].Checks[0]; c.Status != Warned || toySay(c.Why) != "read 'hardy' as Hardee" {
		t.Errorf("near miss: %+v", c)
	}
	if c := held[1].Checks[2]; c.Status != Errored || c.Rule != "9.9" || toySay(c.Why) != "no holding here (toy.no-hold 3)" {
		t.Errorf("check: %+v", c)
	}
	if rc.Errors() != 2 || !rc.Summary.Equal(adjudicator.Say("toy.count", adjudicator.IntArg("n", 2))) || rc.Side != adjudicator.CSA ||
		rc.Version != 2 || rc.Replaces != 1 {
		t.Errorf("errors %d, summary %s, side %s, v%d replaces v%d", rc.Errors(), rc.Summary, rc.Side, rc.Version, rc.Replaces)
	}
}

// TestNoGrammar: a scenario whose system brings no grammar is an error, not a panic.
func TestNoGrammar(t *testing.T) {
	if _, _, err := Read(noGrammar{}, nil, adjudicator.USA, "grant > church", 1, 0); err == nil || !strings.Contains(err.Error(), "baresystem has no order grammar") {
		t.Errorf("Read: %v", err)
	}
	if _, err := Canonical(noGrammar{}, &toyOrders{}); err == nil {
		t.Error("Canonical without a grammar printed something")
	}
	if _, err := Canonical(toyScenario{toyGrammar: toyGrammar{Compile(toyNames{})}}, nil); err == nil {
		t.Error("Canonical printed no orders")
	}
}

// TestReaderSuggests: a name matching nothing comes back with the nearest names for
// the grammar to word; one matching several is reported by the Reader.
func TestReaderSuggests(t *testing.T) {
	d := Compile(toyNames{})
	r := &Reader{Dict: d, Side: adjudicator.USA}
	var got []Resolved
	r.Read("smith\nshilo chruch\ngxxnt\n\n", nil, func(toks []Token) {
		got = append(got, r.Resolve(d.BlockTable(adjudicator.USA), toks))
	})
	if len(got) != 3 || !got[0].Reported || got[1].Found || got[1].Typed != "shilo chruch" || toySay(got[2].Hint) != "did you mean Grant?" {
		t.Errorf("resolved: %+v", got)
	}
	if len(r.Problems) != 1 || toySay(r.Problems[0].Why) != "'smith' matches M.L. Smith or W.S. Smith" || r.Problems[0].Line != 1 ||
		toySay(r.Problems[0].Hint) != "write more of the name" {
		t.Errorf("problems: %+v", r.Problems)
	}
}

// TestReceiptWordsPhrasedProblems: a problem a grammar gives as phrases (Fail,
// Doubt) reaches the receipt as phrases, hint and all, for the system's wording.
func TestReceiptWordsPhrasedProblems(t *testing.T) {
	var r Reader
	r.Read("attack 0815\nmove 1 to 0816", nil, func(toks []Token) {
		if r.Line == 1 {
			r.Fail(adjudicator.Say("hint.attack"), adjudicator.Say("why.attack", adjudicator.Arg{Key: "hex", Kind: adjudicator.ArgText, Strs: []string{"0815"}}))
		} else {
			r.Doubt(adjudicator.Say("why.read-as"))
		}
	})
	rc := NewReceipt(&Parsed{Problems: r.Problems}, "", 1, 0)
	if len(rc.Lines) != 2 {
		t.Fatalf("receipt lines = %d, want 2: %+v", len(rc.Lines), rc.Lines)
	}
	got := rc.Lines[0].Checks[0]
	if got.Status != Errored || got.Why.String() != "why.attack{hex=0815}" || got.Hint.String() != "hint.attack" {
		t.Errorf("error line = %+v", got)
	}
	if rc.Lines[0].Source != "attack 0815" {
		t.Errorf("source = %q", rc.Lines[0].Source)
	}
	if w := rc.Lines[1].Checks[0]; w.Status != Warned || w.Why.String() != "why.read-as" || w.Hint.Code != "" {
		t.Errorf("warning line = %+v", w)
	}
}

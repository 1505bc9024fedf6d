package toysystem

import (
	"bytes"
	"encoding/json"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/render"
	"github.com/shiloh-pbem/pbem/templates"
	"github.com/shiloh-pbem/pbem/templates/words"
)

const (
	usa = adjudicator.USA
	csa = adjudicator.CSA
)

func start(t *testing.T) *State {
	t.Helper()
	st, err := skirmish.NewState(adjudicator.Options{Visibility: Mode})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// parse reads orders as a mail would carry them, failing on any problem.
func parse(t *testing.T, side adjudicator.Side, text string) *Orders {
	t.Helper()
	p := skirmish.Parse(text, side)
	if len(p.Problems) > 0 {
		t.Fatalf("%q: %+v", text, p.Problems)
	}
	return p.Orders.(*Orders)
}

// play resolves one player-turn with each side's orders ("": none) and the dice.
func play(t *testing.T, st *State, usaOrders, csaOrders string, dice ...int) (*State, *Report) {
	t.Helper()
	var ord [2]adjudicator.Orders
	for i, text := range []string{usaOrders, csaOrders} {
		if text != "" {
			ord[i] = parse(t, adjudicator.Sides[i], text)
		}
	}
	d := adjudicator.NewScriptedDice(dice...)
	after, rep, err := skirmish.Resolve(st, ord, d)
	if err != nil {
		t.Fatal(err)
	}
	if d.Remaining() > 0 {
		t.Fatalf("%d dice left over: %s", d.Remaining(), d.Thrown())
	}
	return after.(*State), rep.(*Report)
}

func at(st *State, id string) adjudicator.PlaceID { return hexOf(st.Units, id) }

// A whole game: the Union moves up, the Confederates meet it, an attack wins on
// a 5; orders of the side not moving are not played; after the last player-turn
// the side with more units wins.
func TestGame(t *testing.T) {
	st := start(t)
	if k := st.Turn().Key; k != "T1-USA" || !slices.Equal(st.Turn().Senders, []adjudicator.Side{usa}) {
		t.Fatalf("the game opens with %s, senders %v", k, st.Turn().Senders)
	}
	st, rep := play(t, st, "move ohio 0201", "move texas 0301")
	if at(st, "ohio") != "0201" || at(st, "texas") != "0401" {
		t.Fatalf("T1-USA: ohio in %s, texas in %s", at(st, "ohio"), at(st, "texas"))
	}
	if len(rep.Results) != 2 || rep.Results[0].Side != csa || rep.Results[0].Status != Ignored {
		t.Errorf("T1-USA results %+v", rep.Results)
	}
	st, _ = play(t, st, "", "move texas to 0301")
	st, rep = play(t, st, "move 1st ohio 0301", "", 5)
	e := rep.Events[0]
	if e.Code != "attack" || e.Target != "texas" || e.Die != 5 || !e.Eliminated || at(st, "ohio") != "0301" || at(st, "texas") != "" {
		t.Fatalf("the attack: %+v; ohio in %s, texas in %q", e, at(st, "ohio"), at(st, "texas"))
	}
	st, _ = play(t, st, "", "hold")
	st, _ = play(t, st, "move iowa 0102", "")
	if st.Over {
		t.Fatal("the game ended before its last player-turn")
	}
	st, rep = play(t, st, "", "move alabama 0402")
	if o := st.Outcome(); !o.Over || o.Winner != usa || o.Score != [2]int{2, 1} || st.Turn().Key != "T3-CSA" {
		t.Errorf("the end: %+v at %s", o, st.Turn().Key)
	}
	if _, _, err := skirmish.Resolve(st, [2]adjudicator.Orders{}, adjudicator.NewScriptedDice()); err == nil {
		t.Error("a finished game played on")
	}
}

// An attack under 4 leaves both where they were; a side left without units
// loses at once.
func TestAttackHeldAndSideWipedOut(t *testing.T) {
	st := start(t)
	st.Units = []Unit{{"ohio", "0201"}, {"iowa", ""}, {"texas", "0301"}, {"alabama", ""}}
	after, rep := play(t, st, "move ohio 0301", "", 3)
	if e := rep.Events[0]; e.Eliminated || at(after, "ohio") != "0201" || at(after, "texas") != "0301" || after.Over {
		t.Errorf("held attack: %+v, ohio %s, texas %s, over %v", e, at(after, "ohio"), at(after, "texas"), after.Over)
	}
	after, _ = play(t, st, "move ohio 0301", "", 4)
	if o := after.Outcome(); !o.Over || o.Winner != usa || after.Turn().Key != "T1-USA" {
		t.Errorf("the CSA has no units left: %+v at %s", o, after.Turn().Key)
	}
}

// Check answers from the side's view: a unit not its own, a hex not next to the
// unit, a unit moved twice; and orders of the side not moving at all. Resolve
// refuses the same moves.
func TestCheckAndRefusals(t *testing.T) {
	st := start(t)
	o := &Orders{Side: usa, Moves: []Move{{"texas", "0301"}, {"ohio", "0301"}, {"ohio", "0102"}, {"ohio", "0102"}}}
	var got []string
	for _, c := range skirmish.Check(st, o) {
		got = append(got, c.Why.Code)
		if text := skirmish.say(c.Why); c.Status != adjudicator.CheckError || text == "" || strings.Contains(text, "(why") {
			t.Errorf("check %+v", c)
		}
	}
	want := []string{"why.not-your-unit", "why.not-adjacent", "why.moved-already"}
	if !slices.Equal(got, want) {
		t.Errorf("checks %v, want %v", got, want)
	}
	if c := skirmish.Check(st, &Orders{Side: csa}); len(c) != 1 || c[0].Why.Code != "why.not-your-turn" ||
		skirmish.say(c[0].Why) != "it is the USA player-turn, and only the side whose player-turn it is moves" {
		t.Errorf("orders out of turn: %+v", c)
	}
	if c := skirmish.Check(st, &Orders{Side: csa, Moves: []Move{{"texas", "0301"}, {"alabama", "0402"}}}); len(c) != 2 ||
		c[1].Order != (adjudicator.OrderRef{Kind: "move", Index: 1}) || c[1].Why.Code != "why.not-your-turn" {
		t.Errorf("moves out of turn: %+v", c)
	}
	_, rep, err := skirmish.Resolve(st, [2]adjudicator.Orders{o, nil}, adjudicator.NewScriptedDice())
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, r := range rep.(*Report).Results {
		got = append(got, r.Status+" "+r.Why)
	}
	if want := []string{"refused why.not-your-unit", "refused why.not-adjacent", "done ", "refused why.moved-already"}; !slices.Equal(got, want) {
		t.Errorf("results %v, want %v", got, want)
	}
}

// A state encodes to stable JSON and decodes to the same bytes; a state that
// does not fit the scenario is refused.
func TestStateJSON(t *testing.T) {
	st, _ := play(t, start(t), "move ohio 0201", "")
	b, err := skirmish.EncodeState(st)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"scenario":"toy-skirmish","turn":1,"units":[{"id":"ohio","hex":"0201"},{"id":"iowa","hex":"0103"},{"id":"texas","hex":"0401"},{"id":"alabama","hex":"0403"}]}`; string(b) != want {
		t.Errorf("state JSON\n%s\nwant\n%s", b, want)
	}
	back, err := skirmish.DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	if b2, _ := skirmish.EncodeState(back); !bytes.Equal(b, b2) {
		t.Errorf("round trip changed the state:\n%s", b2)
	}
	for _, bad := range []string{`{"scenario":"x","turn":0,"units":[]}`, strings.Replace(string(b), `"0201"`, `"0909"`, 1),
		strings.Replace(string(b), `"turn":1`, `"turn":6`, 1), strings.Replace(string(b), `"iowa"`, `"ohio"`, 1)} {
		if _, err := skirmish.DecodeState([]byte(bad)); err == nil {
			t.Errorf("decoded %s", bad)
		}
	}
}

// The grammar reads a mail through package orders (the ORDERS and END lines,
// comments, names and hex names, "to"), and what Format prints reads back the
// same; what it cannot read is a problem at its line, with a suggestion.
func TestGrammar(t *testing.T) {
	o := parse(t, usa, "Here are my orders.\nORDERS USA T1-USA\n# a comment\nmove 1st Ohio to mill\nmove iowa 0102\nEND\nthanks\n")
	if want := []Move{{"ohio", "0202"}, {"iowa", "0102"}}; !slices.Equal(o.Moves, want) {
		t.Fatalf("moves %v", o.Moves)
	}
	for _, o := range []*Orders{o, {Side: csa}} {
		text, err := skirmish.Format(o)
		if err != nil {
			t.Fatal(err)
		}
		if back := parse(t, o.Side, text); !slices.Equal(back.Moves, o.Moves) {
			t.Errorf("%q read back as %v", text, back.Moves)
		}
	}
	p := skirmish.Parse("move ohoi 0201\nfly ohio 0201\nmove texas 0201\nmove ohio 0901\nmove ohio\n", usa)
	var got []string
	for _, pr := range p.Problems {
		got = append(got, toyWords(t, pr.Why)+" | "+toyWords(t, pr.Hint))
	}
	if len(got) != 5 || !strings.Contains(got[1], "not an order") || !strings.Contains(got[2], "no unit of yours is called 'texas'") ||
		!strings.Contains(got[3], "'0901'") || !strings.Contains(got[4], "a move names a unit and a hex") {
		t.Errorf("problems:\n%s", strings.Join(got, "\n"))
	}
	if len(p.Orders.(*Orders).Moves) != 1 || !strings.Contains(got[0], "read 'ohoi' as ohio") {
		t.Errorf("a near miss is read with a warning: %v, %q", p.Orders.(*Orders).Moves, got[0])
	}
}

// toyWords words a phrase with the toy's wording, as a receipt does ("" for a
// zero phrase).
func toyWords(t *testing.T, p adjudicator.Phrase) string {
	if p.Code == "" {
		return ""
	}
	say, err := templates.Wording(skirmish)
	if err != nil {
		t.Fatal(err)
	}
	return say(p)
}

// Every code the toy says is worded in toy.txt, which the package registered:
// no placeholder names a key the code lacks, and nothing is worded unsaid.
func TestWording(t *testing.T) {
	w, err := words.For(SystemID)
	if err != nil {
		t.Fatal(err)
	}
	shared := []string{"list.and", "parts", "unit.unseen", "place.unseen", "subject.first", "subject.hour", "subject.over", "subject.first.wait", "subject.hour.wait"}
	specs := append(Codes(), orders.Codes()...)
	for _, p := range w.Problems(slices.Concat(specs, templates.ReceiptCodes(), templates.FrameCodes(), templates.NoticeCodes()), shared...) {
		t.Error(p)
	}
}

// Views are the toy's own types, never the State; a side's report view holds
// what became of its own orders only.
func TestViewsCutPerSide(t *testing.T) {
	before := start(t)
	after, rep := play(t, before, "move ohio 0201", "move texas 0301")
	for _, viewer := range []adjudicator.Side{usa, csa, adjudicator.NoSide} {
		v := skirmish.View(after, viewer)
		if _, isState := v.(adjudicator.State); isState {
			t.Fatalf("%s's view is a State", viewer)
		}
		rv := skirmish.ViewReport(before, rep, after, viewer).(*ReportView)
		for _, r := range rv.Results {
			if viewer != adjudicator.NoSide && r.Side != viewer {
				t.Errorf("%s's report tells the %s's result %+v", viewer, r.Side, r)
			}
		}
		if n := len(rv.Results); n != map[adjudicator.Side]int{usa: 1, csa: 1, adjudicator.NoSide: 2}[viewer] {
			t.Errorf("%s sees %d results", viewer, n)
		}
		if own := v.(*View).Units[0]; viewer != adjudicator.NoSide && own.Side != viewer {
			t.Errorf("%s's view lists %s first", viewer, own.ID)
		}
	}
}

// The mails and the map, worded by toy.txt: the report of an attack for each
// side, the order form of the side moving (lines starting with "#" between its
// ORDERS and END lines) and the other side's line, the end-of-game record, and a
// map drawn from the Grid.
func TestToldAndPictured(t *testing.T) {
	before := start(t)
	before.Units = []Unit{{"ohio", "0201"}, {"iowa", "0103"}, {"texas", "0301"}, {"alabama", "0403"}}
	after, rep := play(t, before, "move ohio 0301\nmove iowa 0202", "hold", 6)
	rv := skirmish.ViewReport(before, rep, after, csa)
	text, err := templates.ReportTextOf(skirmish, rv)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"RESULTS OF T1-USA", "Attack on 0301",
		"1st Ohio attacked 3rd Texas from 0201: the die rolled 6, 4 or more: 3rd Texas is eliminated and 1st Ohio moves in.",
		"2nd Iowa moved from 0103 to 0202 (Mill).", "3rd Texas (CSA) was eliminated.",
		"Your orders were not played: it is the USA player-turn", "Units on the board: USA 2, CSA 1."} {
		if !strings.Contains(text, want) {
			t.Errorf("the CSA's report lacks %q:\n%s", want, text)
		}
	}
	m, err := templates.HourMailOf(skirmish, "t1", rv, skirmish.View(after, csa))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(m.Template), "\n")
	if lines[0] != "ORDERS CSA T1-CSA" || lines[len(lines)-1] != "END" {
		t.Errorf("the form:\n%s", m.Template)
	}
	for _, l := range lines[1 : len(lines)-1] {
		if !strings.HasPrefix(l, "#") {
			t.Errorf("form line %q is not a comment", l)
		}
	}
	if !strings.Contains(m.Template, "# 4th Alabama (alabama) in 0403: next to 0303, 0402, 0302") &&
		!strings.Contains(m.Template, "# 4th Alabama (alabama) in 0403") {
		t.Errorf("the form lacks Alabama:\n%s", m.Template)
	}
	w, err := templates.HourMailOf(skirmish, "t1", rv, skirmish.View(after, usa))
	if err != nil {
		t.Fatal(err)
	}
	wt, err := w.Text()
	if err != nil || !w.Waiting || w.Subject() != "[t1] T1-USA results, T1-CSA: your opponent moves (USA)" ||
		!strings.Contains(wt, "No orders from you for T1-CSA: your opponent moves") || !strings.Contains(wt, "It is the CSA player-turn: no orders are due from you.") {
		t.Errorf("the USA's mail while the CSA moves: %v %q\n%s", err, w.Subject(), wt)
	}
	sum, chart, err := templates.EndOfGame(skirmish, after, "head", []templates.PlayedHour{{GM: skirmish.ViewReport(before, rep, after, adjudicator.NoSide)}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Losses[1] != "CSA lost 1 unit: 3rd Texas." || sum.Losses[0] != "USA lost no units." || chart[0].Label != "1U" || chart[0].Lost != [2]int{0, 1} {
		t.Errorf("record %+v, chart %+v", sum, chart)
	}
	var buf bytes.Buffer
	if err := render.Draw(&buf, skirmish, skirmish.View(after, csa), rv, &render.Options{GameTitle: "Game t1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatal(err)
	}
	pic, err := skirmish.Picture(skirmish.View(after, csa), rv, func(p adjudicator.Phrase) string { return p.Code })
	if err != nil {
		t.Fatal(err)
	}
	if len(pic.Arrows) != 2 || !pic.Arrows[0].Advance || len(pic.Battles) != 1 || pic.Units[0].Side != csa {
		t.Errorf("picture %+v", pic)
	}
}

// Stored report views read back as they were written, in format 1 only.
func TestReportViewJSON(t *testing.T) {
	before := start(t)
	after, rep := play(t, before, "move ohio 0201", "")
	b, err := json.Marshal(skirmish.ViewReport(before, rep, after, usa))
	if err != nil {
		t.Fatal(err)
	}
	rv, err := skirmish.DecodeReportView(b, 1)
	if err != nil {
		t.Fatal(err)
	}
	if b2, _ := json.Marshal(rv); !bytes.Equal(b, b2) {
		t.Errorf("round trip:\n%s\n%s", b, b2)
	}
	if _, err := skirmish.DecodeReportView(b, 2); err == nil {
		t.Error("a format this build does not write was read")
	}
	var _ orders.Grammar = skirmish
}

package antietam

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/templates"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// Every code the engine says (Codes) and every code the mails, the receipt and
// the map say (tellCodes) is worded in templates/words/antietam.txt, with no
// placeholder the code lacks, and nothing is worded that nothing says.
func TestWording(t *testing.T) {
	w, err := words.Load(SystemID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range w.Problems(slices.Concat(Codes(), tellCodes, pictureCodes, grammarCodes, templates.FrameCodes()), tellWords(mustLoadTB(t))...) {
		t.Error(p)
	}
}

// teller words phrases as the mails do: the shared wording and the system's,
// naming units and places by the contract.
type teller struct {
	t *testing.T
	c *Contract
	w *words.Wording
}

func newTeller(t *testing.T) teller {
	w, err := words.For(SystemID)
	if err != nil {
		t.Fatal(err)
	}
	return teller{t, contractOf(t), w}
}

// say words a phrase and fails on any code in it, or in the phrases and words
// it carries, that the wording lacks.
func (tl teller) say(where string, p adjudicator.Phrase) string {
	tl.t.Helper()
	var walk func(p adjudicator.Phrase)
	walk = func(p adjudicator.Phrase) {
		if !tl.w.Has(p.Code) {
			tl.t.Errorf("%s: %s has no wording", where, p.Code)
		}
		for _, a := range p.Args {
			for _, q := range a.Phrases {
				walk(q)
			}
			if a.Kind == adjudicator.ArgWord && !tl.w.Has(a.Strs[0]) {
				tl.t.Errorf("%s: the word %s of %s has no wording", where, a.Strs[0], p.Code)
			}
		}
	}
	if p.Code == "" {
		return ""
	}
	walk(p)
	return tl.w.Say(p, tl.c)
}

// sheetText words a whole sheet, section by section.
func (tl teller) sheetText(where string, sh *adjudicator.Sheet) string {
	tl.t.Helper()
	var b strings.Builder
	line := func(p adjudicator.Phrase) { b.WriteString(tl.say(where, p) + "\n") }
	for _, ls := range [][]adjudicator.Line{sh.Orders, sh.Movement} {
		for _, l := range ls {
			line(l.Say)
		}
	}
	for _, bt := range sh.Battles {
		line(bt.Title)
		for _, l := range bt.After {
			line(l.Say)
		}
	}
	for _, l := range sh.Losses {
		line(l.Say)
	}
	line(sh.Points)
	line(sh.Outcome)
	line(sh.Progress)
	return b.String()
}

// Every case of the suite reported to both sides and the GM: every phrase of
// the sheet is worded, and each combat is told with its odds before and after
// terrain, its die and its result (7.4, 7.6).
func TestSheetsOfEveryCase(t *testing.T) {
	tl := newTeller(t)
	cases := 0
	defer func() {
		if cases < 100 {
			t.Errorf("only %d cases reported", cases)
		}
	}()
	for _, f := range caseFiles(t) {
		c := readCase(t, f)
		sc, st, own, other := caseInputs(t, c)
		if len(c.Terrain) > 0 || c.Night {
			continue // a case on its own terrain: not the contract's scenario
		}
		cases++
		next, rep := mustResolve(t, sc, st, own, other, adjudicator.NewScriptedDice(c.Dice...))
		for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
			rv := sc.ViewReport(st, rep, next, viewer)
			sh, err := tl.c.Sheet(rv)
			if err != nil {
				t.Fatal(err)
			}
			where := filepath.Base(f) + " " + viewer.String()
			text := tl.sheetText(where, sh)
			for _, e := range rv.Events {
				if e.Code == "combat" && (!strings.Contains(text, "before terrain") || !strings.Contains(text, "Die ")) {
					t.Errorf("%s: a combat without its odds or die:\n%s", where, text)
				}
			}
			if strings.Contains(text, "(nothing)") || strings.Contains(text, "{") {
				t.Errorf("%s:\n%s", where, text)
			}
			if testing.Verbose() && strings.HasPrefix(filepath.Base(f), "7_") && viewer == adjudicator.USA {
				t.Logf("%s:\n%s", where, text)
			}
		}
	}
}

// A whole game with random orders, worded for each side and the GM: every
// sheet, every call for orders and the end-of-game record; the record has a row
// per player-turn and the 17.2 level.
func TestMailsOfAWholeGame(t *testing.T) {
	tl := newTeller(t)
	sc := tl.c.sc
	st := newGameOf(t, tl.c, ModeDoubleBlind)
	rng := rand.New(rand.NewPCG(15, 17))
	var gm []adjudicator.ReportView
	for !st.Over {
		for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
			f, err := tl.c.Form(sc.View(st, viewer))
			if err != nil {
				t.Fatal(err)
			}
			where := st.Turn().Key + " form " + viewer.String()
			for _, p := range slices.Concat(f.Lines, f.Arrivals, []adjudicator.Phrase{f.Points}) {
				tl.say(where, p)
			}
			if f.Turn != st.Turn().Key || len(f.Lines) == 0 {
				t.Errorf("%s: turn %q, %d lines", where, f.Turn, len(f.Lines))
			}
		}
		own := randomOrders(sc, st, rng)
		for _, ch := range tl.c.Check(st, own) {
			tl.say(st.Turn().Key+" check", ch.Why)
		}
		next, rep, err := sc.Resolve(st, own, nil, adjudicator.NewStreamDice([]byte{byte(st.Turn().Index)}))
		if err != nil {
			t.Fatal(err)
		}
		for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
			rv := sc.ViewReport(st, rep, next, viewer)
			sh, err := tl.c.Sheet(rv)
			if err != nil {
				t.Fatal(err)
			}
			tl.sheetText(st.Turn().Key+" "+viewer.String(), sh)
			if viewer == adjudicator.NoSide {
				gm = append(gm, rv)
			}
		}
		st = next
	}
	rec, err := tl.c.Record(st, gm)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Turns) != len(tl.c.Turns()) || len(rec.Losses) != 2 {
		t.Errorf("record: %d turns, %d loss lines", len(rec.Turns), len(rec.Losses))
	}
	result := tl.say("record", rec.Result)
	if !strings.Contains(result, "victory") && !strings.Contains(result, "No level") {
		t.Errorf("the record's result %q names no 17.2 level", result)
	}
	for _, l := range rec.Losses {
		tl.say("record", l)
	}
	lost := 0
	for _, row := range rec.Turns {
		lost += row.Lost[0] + row.Lost[1]
	}
	if lost == 0 {
		t.Error("a whole game of random attacks lost no strength")
	}
}

// TestFormEchoesStandingOrders: each side's call for orders echoes the standing
// orders in force (7.71, 7.75, 7.81; DESIGN §9.1) as lines it may send back as
// they are, and never the enemy's; with none in force it says what the defaults do.
func TestFormEchoesStandingOrders(t *testing.T) {
	tl := newTeller(t)
	sc := tl.c.sc
	csa := adjudicator.CSA
	st, after, mine := standingInForce(t, sc)
	formText := func(s *State, viewer adjudicator.Side) string {
		f, err := tl.c.Form(sc.View(s, viewer))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, p := range f.Lines {
			b.WriteString(tl.say("form", p) + "\n")
		}
		return b.String()
	}
	// The Confederates move now, with their standing orders in force.
	text := formText(after, csa)
	p := sc.ParseOrders(text, csa)
	if len(p.Problems) > 0 {
		t.Fatalf("the form does not read back: %+v\n%s", p.Problems, text)
	}
	if got := p.Orders.(*Orders).Standing; !reflectEqual(got, mine) {
		t.Errorf("the form echoes %+v, in force %+v\n%s", got, mine, text)
	}
	// The Union waits for nothing of theirs, and sees none of it.
	if u := formText(after, adjudicator.USA); strings.Contains(u, "0126") || strings.Contains(u, "Hood") {
		t.Errorf("the Union's form shows Confederate standing orders:\n%s", u)
	}
	// With none in force, the defaults are explained.
	if w := formText(st, csa); !strings.Contains(w, "by default") {
		t.Errorf("the waiting side's form without standing orders:\n%s", w)
	}
}

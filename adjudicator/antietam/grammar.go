package antietam

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// This file and the other grammar*.go files are Antietam's order language
// (docs/systems/antietam-players.md, the players' guide, whose examples are
// tests), written over package orders' mail clean-up, lexer and name lookup; they
// are the only files of the package that import it. The language writes Orders
// (orders.go): what it leaves unsaid the documented defaults decide
// (docs/systems/antietam.md, "Orders, standing orders and their defaults").
// Whether an order is legal is the engine's to say (CheckMoves, Resolve).
//
// One order a line, in the canonical form FormatOrders prints (the parser takes
// the looser forms the guide lists):
//
//	UNIT, …: HEX > HEX > …                        moves, in order (5.0, 5.17)
//	attack HEX, … with UNIT, … [bombard UNIT, …] [at A-D] [advance UNIT [to HEX]]
//	       [losses UNIT, …] [guns retreat]        one combat, in order (7.0-7.9, 8.16)
//	bombard HEX with UNIT, … […]                  a bombardment alone (8.1)
//	retreat UNIT, … [from HEX, …] [to HEX, …] [toward HEX]   (7.71)
//	retreat from HEX, … [to HEX, …] [toward HEX]             an area's retreats
//	displace: UNIT, …                             the displacement order (7.81)
//	advance after defence: UNIT, …                a won defence's advance (7.75)
//	hold                                          nothing (what an empty set prints)
//
// A unit is named by its designation as printed ("1/1/I", "Hood", "GT Anderson";
// grammar_names.go lists the other spellings), a hex by its number (CCRR) or by a
// named place of the map. grammar.go reads a line and hands it to the reader of its
// kind: grammar_attack.go (attacks), grammar_standing.go (retreats, displacement,
// advance after defence), this file (moves); grammar_read.go reads units, hexes
// and odds; grammar_format.go prints the canonical text.

// Order kinds the grammar names its lines by, besides the engine's KindMove and
// KindAttack: the standing orders, which no check names, but a receipt files its
// lines by kind and index all the same.
const (
	KindRetreat        = "retreat"         // Standing.Retreats[Index]
	KindDisplace       = "displace"        // Standing.Displace[Index]
	KindDefenceAdvance = "defence-advance" // Standing.Advance[Index]
)

// ParseOrders reads one side's orders from a mail. It never stops at a problem: a
// line it cannot read is an error and the others still count. The orders hold only
// what was understood; Lines give each line's orders in canonical form, named as
// the engine's checks name them.
func (s *Scenario) ParseOrders(text string, side adjudicator.Side) *orders.Parsed {
	p := &parser{sc: s, o: &Orders{Side: side}}
	p.Dict, p.Side = s.names.dict, side
	p.Read(text, vocabulary, p.line)
	kindRank := func(k string) int {
		return slices.Index([]string{KindMove, KindAttack, KindRetreat, KindDisplace, KindDefenceAdvance}, k)
	}
	// in the order FormatOrders prints them: by kind, then as given
	slices.SortStableFunc(p.lines, func(a, b orders.OrderLine) int {
		return kindRank(a.Kind) - kindRank(b.Kind)
	})
	return &orders.Parsed{Orders: p.o, Problems: p.Problems, Lines: p.lines, Summary: summary(p.o)}
}

// summary counts the orders for the receipt ("3 moves, 2 attacks, 1 retreat
// preference"), worded by the orders-count entries.
func summary(o *Orders) adjudicator.Phrase {
	count := func(code string, n int) adjudicator.Phrase {
		return say(code, adjudicator.IntArg("n", n))
	}
	parts := []adjudicator.Phrase{count("orders-count.moves", len(o.Moves)), count("orders-count.attacks", len(o.Attacks))}
	st := o.Standing
	if n := len(st.Retreats); n > 0 {
		parts = append(parts, count("orders-count.retreats", n))
	}
	if n := len(st.Displace); n > 0 {
		parts = append(parts, count("orders-count.displace", n))
	}
	if n := len(st.Advance); n > 0 {
		parts = append(parts, count("orders-count.defence-advance", n))
	}
	return say("orders-count", adjudicator.PhrasesArg("parts", parts...))
}

// parser reads one side's orders, a line at a time, over the shared Reader.
type parser struct {
	orders.Reader
	sc    *Scenario
	o     *Orders
	lines []orders.OrderLine
}

// The grammar's files name the shared lexer's tokens briefly.
type token = orders.Token

const (
	tWord  = orders.Word
	tComma = orders.Comma
	tColon = orders.Colon
	tArrow = orders.Arrow
)

// vocabulary is what the mail clean-up must know to rejoin wrapped lines: the
// words that start an order line (a line starting with one is never the rest of
// the line before), and those that make a line an order wherever they stand.
var vocabulary = orders.NewVocabulary(
	[]string{"move", "moves", "attack", "attacks", "atk", "att", "assault", "bombard", "bombardment", "bomb", "shell",
		"retreat", "retreats", "retire", "displace", "displacement", "advance", "advances", "hold", "pass", "none"},
	nil, []string{"attack", "bombard", "retreat"})

// Word classes. Switches rather than maps: they run for every word of a line.

func isMoveWord(w string) bool {
	switch w {
	case "move", "moves", "mv", "go", "goes", "march", "marches":
		return true
	}
	return false
}

func isAttackWord(w string) bool {
	switch w {
	case "attack", "attacks", "atk", "att", "attk", "assault", "assaults", "charge", "charges":
		return true
	}
	return false
}

func isBombardWord(w string) bool {
	switch w {
	case "bombard", "bombards", "bombardment", "bombarding", "bomb", "shell", "shells", "guns":
		return true
	}
	return false
}

func isRetreatWord(w string) bool {
	switch w {
	case "retreat", "retreats", "retire", "retires", "ret":
		return true
	}
	return false
}

func isDisplaceWord(w string) bool {
	switch w {
	case "displace", "displaces", "displacement", "displacements", "disp":
		return true
	}
	return false
}

func isAdvanceWord(w string) bool {
	switch w {
	case "advance", "advances", "adv":
		return true
	}
	return false
}

// isHoldWord starts a line that orders nothing ("hold", "no moves").
func isHoldWord(w string) bool {
	switch w {
	case "hold", "holds", "pass", "none", "nothing", "no":
		return true
	}
	return false
}

// say (sheet.go), fail and doubt build the grammar's problems: every code is in
// grammarCodes and worded in templates/words/antietam.txt.

func text(key, s string) adjudicator.Arg { return adjudicator.TextArg(key, s) }

// fail reports an error: the hint's code ("" for none), the problem's code and
// its arguments.
func (p *parser) fail(hint string, code string, args ...adjudicator.Arg) {
	var h adjudicator.Phrase
	if hint != "" {
		h = say(hint)
	}
	p.Fail(h, say(code, args...))
}

// line reads one order line, by what it starts with or holds.
func (p *parser) line(toks []token) {
	if len(toks) == 0 {
		return
	}
	first := toks[0].Low
	if toks[0].Kind != tWord {
		first = ""
	}
	switch {
	case isHoldWord(first) && !p.hasWord(toks, isAdvanceWord):
		// "hold", "no moves": the default, said aloud
	case isDisplaceWord(first):
		p.displace(toks[1:])
	case isAdvanceWord(first):
		p.standingAdvance(toks[1:])
	case p.hasWord(toks, isAttackWord) || p.hasWord(toks, isBombardWord):
		p.attack(toks)
	case p.hasWord(toks, isRetreatWord):
		p.retreat(toks)
	default:
		p.move(toks)
	}
}

// hasWord reports a word of a class among toks.
func (p *parser) hasWord(toks []token, class func(string) bool) bool {
	for _, t := range toks {
		if t.Kind == tWord && class(t.Low) {
			return true
		}
	}
	return false
}

// addLine records the canonical text of what a line ordered: count orders of
// kind from index (0-based in Orders). The receipt names them as the engine's
// results and checks do, from 1 (adjudicator.OrderRef).
func (p *parser) addLine(kind string, index, count int, canon string) {
	p.lines = append(p.lines, orders.OrderLine{Line: p.Line, Kind: kind, Index: index + 1, Count: count, Text: canon})
}

// move reads "UNIT, …: HEX > HEX …" (also "move UNIT to HEX", "UNIT 0805 0806"):
// the units before a colon, or else before the first arrow or hex number.
func (p *parser) move(toks []token) {
	toks = slices.DeleteFunc(slices.Clone(toks), func(t token) bool { return t.Kind == tWord && isMoveWord(t.Low) })
	toks = orders.SkipColon(toks)
	split, skip := len(toks), 0
	if i := slices.IndexFunc(toks, func(t token) bool { return t.Kind == tColon }); i >= 0 {
		split, skip = i, 1
	} else if i := slices.IndexFunc(toks, func(t token) bool { return t.Kind == tArrow }); i >= 0 {
		split, skip = i, 1
	} else if i := slices.IndexFunc(toks, isHexNumber); i >= 0 {
		split = i
	}
	unitToks, pathToks := toks[:split], toks[min(split+skip, len(toks)):]
	if !orders.HasItem(unitToks) {
		p.fail("parse.hint.move", "parse.move-no-units")
		return
	}
	if split == len(toks) && !p.startsWithUnit(unitToks) {
		// neither a separator nor a hex nor a unit: no move at all
		p.fail("parse.hint.forms", "parse.not-an-order", text("typed", orders.JoinWords(toks)))
		return
	}
	units, ok := p.units(unitToks)
	if !ok {
		return
	}
	if !orders.HasItem(pathToks) {
		p.fail("parse.hint.move", "parse.move-no-path")
		return
	}
	path, ok := p.hexes(pathToks, false)
	if !ok {
		return
	}
	first := len(p.o.Moves)
	for _, u := range units {
		p.o.Moves = append(p.o.Moves, Move{Unit: u, Path: slices.Clone(path)})
	}
	p.addLine(KindMove, first, len(units), p.sc.formatMove(units, path))
}

package orders

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Severity says whether a problem stops an order (Error) or only tells the player
// how it was read (Warning).
type Severity uint8

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Problem is something wrong or doubtful in the text, at a 1-based line. Source is
// the line as the player typed it (joined when it was wrapped).
type Problem struct {
	Line       int
	Severity   Severity
	Text       string
	Suggestion string
	Source     string
}

// Parsed is everything Parse learns from a text: the orders, every problem, and the
// lines of the orders whose engine types carry no line of their own.
type Parsed struct {
	Orders   *shiloh1862.Orders
	Problems []Problem
	Lines    ListLines
}

// ListLines are the lines the list orders were given on (0 when not given).
// ArrivalChoices runs parallel to Orders.ArrivalChoices.
type ListLines struct {
	Battles, LossesFirst, LossesLast, Pin, Supply, Delay, Initiative int
	ArrivalChoices                                                   []int
}

// Parse reads one side's orders for one hour. It never stops at a problem: a line it
// cannot read is an error and the others still count. The orders it returns hold
// only what was understood, with the line each order came from.
func Parse(text string, names Names, side adjudicator.Side) (*shiloh1862.Orders, []Problem) {
	p := ParseText(text, names, side)
	return p.Orders, p.Problems
}

// ParseText is Parse with the lines of list orders, for receipts.
func ParseText(text string, names Names, side adjudicator.Side) *Parsed {
	sc := newScratch()
	ps := &parser{
		dict:    Compile(names),
		side:    side,
		o:       &shiloh1862.Orders{Side: side, Moves: sc.moves[:0]},
		scratch: sc,
	}
	sc.lines, sc.raw, sc.parts = splitLinesInto(sc.lines[:0], sc.raw, sc.parts[:0], text)
	for _, l := range sc.lines {
		parts := sc.parts[l.first : l.first+l.more]
		ps.line, ps.source, ps.parts = l.n, l.source, parts
		if l.length > maxLineLen {
			src := ps.sourceText()
			ps.source, ps.parts = src[:min(len(src), 40)]+"…", nil
			ps.errorf("write one order a line", "this line is too long to be an order (%d characters)", l.length)
			continue
		}
		if l.joinedQuote > 0 {
			ps.warnf("read line %d, which starts with '>', as the rest of this line (a line starting with '>' is taken as quoted when it stands among others)", l.joinedQuote)
		}
		// the tokens of one line are kept by nothing after it, so one buffer serves all
		sc.toks = lexInto(sc.toks, l.text)
		for _, pt := range parts {
			sc.toks = lexAppend(sc.toks, pt.code)
		}
		ps.parseLine(sc.toks)
	}
	ps.finish()
	return &Parsed{Orders: ps.o, Problems: ps.probs, Lines: ps.lines}
}

type parser struct {
	dict   *Dictionary
	side   adjudicator.Side
	o      *shiloh1862.Orders
	probs  []Problem
	lines  ListLines
	line   int
	source string
	// parts are the wrapped lines of the line being read, not yet joined to source
	parts []linePart
	// emptied is set when a move lost its last block to a later order
	emptied bool
	*scratch
}

// scratch is what a parse needs only while it runs.
type scratch struct {
	lines  []logicalLine
	raw    []string   // the mail's physical lines
	parts  []linePart // the physical lines joined to others
	toks   []token    // each line's tokens
	keyBuf []byte     // name keys
	ids    []string
	tokBuf []token // tokens gathered from a line (retreat areas, a losses list)
	// clauseToks holds the doctrine clauses continued over commas
	clauseToks []token
	blockBuf   []shiloh1862.BlockID
	areaBuf    []shiloh1862.AreaID
	moves      []shiloh1862.Move // the moves, until finish hands them to the orders
	moveOf     map[string]int    // the move of each block
}

// newScratch makes a parse's buffers, sized for a mail of ordinary length.
func newScratch() *scratch {
	return &scratch{
		lines:  make([]logicalLine, 0, 64),
		raw:    make([]string, 0, 64),
		toks:   make([]token, 0, 64),
		keyBuf: make([]byte, 0, 64),
		moves:  make([]shiloh1862.Move, 0, 32),
		moveOf: map[string]int{},
	}
}

// keep copies a list the orders keep out of the parse's working buffers. The copy
// is never nil, so an empty list reads as [] in the orders' JSON, as it always has.
func keep[T any](xs []T) []T { return append(make([]T, 0, len(xs)), xs...) }

func (p *parser) keepBlocks(bs []shiloh1862.BlockID) []shiloh1862.BlockID { return keep(bs) }

func (p *parser) keepAreas(as []shiloh1862.AreaID) []shiloh1862.AreaID { return keep(as) }

func (p *parser) errorf(suggestion, format string, args ...any) {
	p.growProbs()
	p.probs = append(p.probs, Problem{Line: p.line, Severity: Error, Text: fmt.Sprintf(format, args...), Suggestion: suggestion, Source: p.sourceText()})
}

func (p *parser) warnf(format string, args ...any) {
	p.warn(fmt.Sprintf(format, args...))
}

func (p *parser) warn(text string) {
	p.growProbs()
	p.probs = append(p.probs, Problem{Line: p.line, Severity: Warning, Text: text, Source: p.sourceText()})
}

// sourceText is the line being read as typed, its wrapped parts joined (once, when
// a problem first needs it).
func (p *parser) sourceText() string {
	if len(p.parts) > 0 {
		p.source, p.parts = joinParts(p.source, p.parts), nil
	}
	return p.source
}

// growProbs makes room for a handful of problems at the first one.
func (p *parser) growProbs() {
	if p.probs == nil {
		p.probs = make([]Problem, 0, 8)
	}
}

// intentOf names a move's intent; isMarkWord accepts the straggler roll (5.2).
// (Switches rather than maps: they run for every word of a move.)
func intentOf(w string) (shiloh1862.Intent, bool) {
	switch w {
	case "move", "moves", "mv", "go", "goes", "march":
		return shiloh1862.IntentMove, true
	case "attack", "attacks", "atk", "att", "assault", "attk":
		return shiloh1862.IntentAttack, true
	case "reinforce", "reinforces", "reinf", "rf", "support":
		return shiloh1862.IntentReinforce, true
	}
	return shiloh1862.IntentMove, false
}

func isMarkWord(w string) bool {
	switch w {
	case "uncommanded", "uncmd", "straggle", "straggler", "stragglers", "uncommand", "unled":
		return true
	}
	return false
}

// parseLine dispatches on the first word.
func (p *parser) parseLine(toks []token) {
	if len(toks) == 0 {
		return
	}
	w := toks[0].low
	if toks[0].kind != tWord {
		if toks[0].kind == tArrow || toks[0].kind == tRoad {
			p.errorf("write the blocks first, e.g. \"Cleburne: Seay Field > Rea Field\"", "a move needs the blocks that move")
			return
		}
		p.parseLine(toks[1:])
		return
	}
	rest := toks[1:]
	switch w {
	case "activate", "activates", "activated", "act", "activation", "hq", "hqs", "command":
		p.parseActivate(skipColon(rest))
	case "battles", "battle", "sequence", "seq":
		rest = skipWords(rest, "order", "sequence", "seq")
		p.parseBattles(skipColon(rest))
	case "at":
		p.parseDoctrineAt(rest)
	case "all", "everywhere", "default", "defaults", "doctrine", "standing":
		rest = skipWords(rest, "battles", "battle", "areas", "doctrine")
		if len(rest) > 0 && rest[0].kind == tWord && (rest[0].low == "at" || rest[0].low == "for" || rest[0].low == "in") {
			p.parseDoctrineAt(rest[1:])
			return
		}
		p.parseDoctrine(nil, skipColon(rest))
	case "hold", "withdraw", "retreat", "fight", "stand":
		p.parseDoctrineFirst(toks)
	case "losses", "loss", "hits", "casualties", "spare", "protect":
		p.parseLosses(w, rest)
	case "pin", "pinning", "pins", "pinned":
		p.parsePin(skipColon(skipWords(rest, "first", "preference", "blocks")))
	case "regroup", "regroups":
		p.parseRegroup(rest)
	case "supply", "supplies", "rebuild", "resupply", "replacements":
		p.parseSupply(skipColon(skipWords(rest, "priority", "priorities", "order", "list")))
	case "landing", "landings", "land", "lands":
		p.parseLandings(rest)
	case "arrival", "arrivals", "arrive":
		p.parseArrival(rest)
	case "delay", "holdback":
		p.parseDelay(skipColon(skipWords(rest, "arrival", "arrivals", "back")))
	case "initiative", "init":
		p.parseInitiative(skipColon(rest))
	case "side":
		p.parseSide(skipColon(rest))
	case "orders":
		// a second ORDERS line: nothing to do
	default:
		if kw := p.misspeltKeyword(toks); kw != "" {
			p.warnf("read '%s' as %s", toks[0].text, kw)
			toks[0] = token{kind: tWord, text: kw, low: kw}
			p.parseLine(toks)
			return
		}
		p.parseMoveOrChoice(toks)
	}
}

// lineKeywords are the first words worth correcting a typo in.
var lineKeywords = []string{"activate", "battles", "losses", "supply", "regroup", "landing", "initiative", "arrival", "delay", "withdraw", "retreat"}

// misspeltKeyword returns the keyword a line's unknown first word is a typo of
// ("activte"), when the line cannot be a move (no separator) and the word is no name.
func (p *parser) misspeltKeyword(toks []token) string {
	w := toks[0].low
	if len(w) < 5 {
		return ""
	}
	for ti := range toks {
		t := &toks[ti]
		// a colon other than the second token (the lexer's colons are all one
		// token, so comparing kinds is comparing tokens)
		if t.kind == tColon && toks[1].kind != tColon || t.kind == tArrow || t.kind == tRoad || t.low == "from" {
			return ""
		}
	}
	found := ""
	for _, k := range lineKeywords {
		if distance(w, k, 2) <= 1 {
			if found != "" {
				return ""
			}
			found = k
		}
	}
	if found == "" {
		return ""
	}
	if l := p.dict.blockTable(p.side).resolve(w); l.how == exact || l.how == prefix {
		return ""
	}
	return found
}

func skipColon(toks []token) []token {
	if len(toks) > 0 && toks[0].kind == tColon {
		return toks[1:]
	}
	return toks
}

func skipWords(toks []token, words ...string) []token {
	for len(toks) > 0 && toks[0].kind == tWord && slices.Contains(words, toks[0].low) {
		toks = toks[1:]
	}
	return toks
}

// finish normalises empty results.
func (p *parser) finish() {
	o := p.o
	if p.emptied { // slices.DeleteFunc of the empty moves, without a call for each
		kept := 0
		for i := range o.Moves {
			if len(o.Moves[i].Blocks) > 0 {
				if kept != i {
					o.Moves[kept] = o.Moves[i]
				}
				kept++
			}
		}
		clear(o.Moves[kept:])
		o.Moves = o.Moves[:kept]
	}
	if len(o.Moves) == 0 {
		o.Moves = nil
	} else {
		o.Moves = slices.Clip(o.Moves) // the parse's buffer, no longer shared
	}
	for _, l := range []*[]shiloh1862.BlockID{&o.LossesFirst, &o.LossesLast, &o.Pin, &o.Supply} {
		if len(*l) == 0 {
			*l = nil
		}
	}
}

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }

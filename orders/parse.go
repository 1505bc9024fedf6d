package orders

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
	// blockSlab and areaSlab hold the lists the orders keep, carved one after
	// another, so that a parse allocates a few arrays rather than one per list.
	blockSlab []shiloh1862.BlockID
	areaSlab  []shiloh1862.AreaID
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

// keep copies a list the orders keep into a slab, starting a new slab of at least
// size when it is full; the copy's capacity is its length, so that appending to it
// never writes into the next list.
func keep[T any](slab *[]T, xs []T, size int) []T {
	n := len(xs)
	if len(*slab)+n > cap(*slab) {
		*slab = make([]T, 0, max(size, n))
	}
	at := len(*slab)
	s := (*slab)[:at+n]
	for i := range xs { // the lists are short: a loop beats append's call to copy them
		s[at+i] = xs[i]
	}
	*slab = s
	return s[at : at+n : at+n]
}

// reserve is an empty list of capacity n in the slab, for a list the orders keep.
func reserve[T any](slab *[]T, n, size int) []T {
	if len(*slab)+n > cap(*slab) {
		*slab = make([]T, 0, max(size, n))
	}
	at := len(*slab)
	*slab = (*slab)[:at+n]
	return (*slab)[at : at : at+n]
}

func (p *parser) keepBlocks(bs []shiloh1862.BlockID) []shiloh1862.BlockID {
	return keep(&p.blockSlab, bs, 64)
}

func (p *parser) keepAreas(as []shiloh1862.AreaID) []shiloh1862.AreaID {
	return keep(&p.areaSlab, as, 64)
}

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

// resolved is a name found, with how it was found.
type resolved struct {
	id    string
	found bool
}

// resolveName looks a name up in t, reporting problems; what says what kind of name
// was expected ("block", "area", "arrival").
func (p *parser) resolveName(t *table, toks []token, what string) resolved {
	if len(toks) > 0 {
		if l := p.lookupToks(t, toks); l.how == exact || l.how == prefix {
			return resolved{id: t.names[l.entry].ID, found: true}
		}
	}
	typed := joinWords(toks)
	if strings.TrimSpace(typed) == "" {
		p.errorf("", "a %s name is missing", what)
		return resolved{}
	}
	l := t.resolve(typed)
	switch l.how {
	case exact, prefix:
		return resolved{id: t.names[l.entry].ID, found: true}
	case fuzzy:
		p.warnf("read '%s' as %s", typed, t.names[l.entry].Canonical)
		return resolved{id: t.names[l.entry].ID, found: true}
	case ambiguous:
		p.errorf("write more of the name", "'%s' matches %s", typed, t.candidates(l.cands))
		return resolved{}
	}
	sugg := ""
	if len(l.cands) > 0 {
		sugg = "did you mean " + t.candidates(l.cands) + "?"
	}
	if what == "block" {
		if other := p.dict.blockTable(p.side.Enemy()).resolve(typed); (other.how == exact || other.how == prefix) && p.side != adjudicator.NoSide {
			p.errorf(sugg, "%s is a %s block; these are %s orders", other.canonical(p.dict.blockTable(p.side.Enemy())), p.side.Enemy(), p.side)
			return resolved{}
		}
	}
	p.errorf(sugg, "'%s' is not a %s I know", typed, kindWords[what])
	return resolved{}
}

var kindWords = map[string]string{"block": "block of yours", "area": "map area", "arrival": "arrival group of yours"}

func (l lookup) canonical(t *table) string { return t.names[l.entry].Canonical }

// blockList resolves a comma list of blocks. An item that is not one name may be
// several typed without commas ("cleburne wood").
func (p *parser) blockList(toks []token) []shiloh1862.BlockID {
	out := p.blockBuf[:0]
	t := p.dict.blockTable(p.side)
	// the items listItems yields, walked here: the lists are read on most lines
	for start, end := 0, 0; start < len(toks); start = end + 1 {
		end = nextComma(toks, start)
		if end == start {
			continue
		}
		item := toks[start:end:end]
		// one name exactly or by prefix (the common case), else itemIDs
		if l := p.lookupToks(t, item); l.how == exact || l.how == prefix {
			out = p.addBlock(out, t, t.names[l.entry].ID)
			continue
		}
		for _, id := range p.itemIDs(t, item, "block") {
			out = p.addBlock(out, t, id)
		}
	}
	p.blockBuf = out
	return p.keepBlocks(out)
}

// addBlock adds a block to a list, warning of one listed twice.
func (p *parser) addBlock(out []shiloh1862.BlockID, t *table, id string) []shiloh1862.BlockID {
	b := shiloh1862.BlockID(id)
	if slices.Contains(out, b) {
		p.warnf("%s is listed twice", t.canonical(id))
		return out
	}
	return append(out, b)
}

// addArea adds an area to a list, warning of one listed twice.
func (p *parser) addArea(out []shiloh1862.AreaID, id string) []shiloh1862.AreaID {
	a := shiloh1862.AreaID(id)
	if slices.Contains(out, a) {
		p.warnf("%s is listed twice", p.dict.areas.canonical(id))
		return out
	}
	return append(out, a)
}

// nextComma is the index of the first comma in toks from start on, or len(toks).
func nextComma(toks []token, start int) int {
	for start < len(toks) && toks[start].kind != tComma {
		start++
	}
	return start
}

// areaList resolves a comma list of areas.
func (p *parser) areaList(toks []token) []shiloh1862.AreaID {
	out := p.areaBuf[:0]
	t := p.dict.areas
	for start, end := 0, 0; start < len(toks); start = end + 1 { // as in blockList
		end = nextComma(toks, start)
		if end == start {
			continue
		}
		item := toks[start:end:end]
		if item[0].kind == tArrow {
			item = item[1:]
		}
		if l := p.lookupToks(t, item); l.how == exact || l.how == prefix {
			out = p.addArea(out, t.names[l.entry].ID)
			continue
		}
		for _, id := range p.itemIDs(t, item, "area") {
			out = p.addArea(out, id)
		}
	}
	p.areaBuf = out
	return p.keepAreas(out)
}

// lookupToks resolves the name the tokens spell.
func (p *parser) lookupToks(t *table, toks []token) lookup {
	if len(toks) == 1 && toks[0].simple {
		// the common case: one plain word, the key itself
		w := toks[0].low
		if len(w) > 3 && w[len(w)-1] == 's' {
			w = w[:len(w)-1]
		}
		if !isStopWord(w) {
			if e, ok := t.unique[w]; ok {
				return lookup{how: exact, entry: e}
			}
			return t.resolveKey(w)
		}
	}
	return p.lookupWords(t, toks)
}

// lookupWords is lookupToks of several words, or of one that is not plain.
func (p *parser) lookupWords(t *table, toks []token) lookup {
	buf := p.keyBuf[:0]
	kept := 0
	one := "" // the key while it is one plain word, not yet copied into buf
	for i := range toks {
		tk := &toks[i]
		if tk.kind != tWord {
			continue
		}
		if tk.simple {
			// appendKey's result, without its walk over every byte
			w := tk.low
			if len(w) > 3 && w[len(w)-1] == 's' {
				w = w[:len(w)-1]
			}
			if isStopWord(w) {
				continue
			}
			if kept == 0 {
				one, kept = w, 1
				continue
			}
			if one != "" {
				buf, one = append(buf, one...), ""
			}
			buf = append(buf, ' ')
			buf = append(buf, w...)
			kept++
			continue
		}
		if one != "" {
			buf, one = append(buf, one...), ""
		}
		var k int
		buf, k = appendKey(buf, tk.text)
		kept += k
	}
	p.keyBuf = buf
	switch {
	case kept == 0:
		return t.resolve(joinWords(toks))
	case one != "":
		return t.resolveString(one)
	}
	return t.resolveBytes(buf)
}

// resolveToks is t.resolve(joinWords(toks)), sparing the text when every token is a
// word: their keys, joined, are the key of the text.
func (p *parser) resolveToks(t *table, toks []token) lookup {
	for _, tk := range toks {
		if tk.kind != tWord {
			return t.resolve(joinWords(toks))
		}
	}
	return p.lookupToks(t, toks)
}

// itemIDs resolves one list item that is not one name exactly or by prefix (its
// caller looked that up) to its ids: several when names were typed without commas.
// It reports problems. The result is valid until the next call.
func (p *parser) itemIDs(t *table, item []token, what string) []string {
	if ids := p.splitNames(t, item); ids != nil {
		return ids
	}
	if r := p.resolveName(t, item, what); r.found {
		p.ids = append(p.ids[:0], r.id)
		return p.ids
	}
	return nil
}

// maxLineLen is longer than any sensible order line.
const maxLineLen = 1000

// maxNameWords is more words than any name has.
const maxNameWords = 5

// splitNames reads an item of several words as two or more names typed without a
// comma, when the item is not one name and every part is one exactly or by prefix.
func (p *parser) splitNames(t *table, item []token) []string {
	if len(item) < 2 {
		return nil
	}
	for _, tk := range item {
		if tk.kind != tWord {
			return nil
		}
	}
	var out []string
	for i := 0; i < len(item); {
		j := min(len(item), i+maxNameWords)
		for ; j > i; j-- {
			l := p.lookupToks(t, item[i:j])
			if l.how == exact || (l.how == prefix && j-i > 1) || (l.how == prefix && len(item[i].low) >= 3) {
				out = append(out, t.names[l.entry].ID)
				break
			}
		}
		if j == i {
			return nil
		}
		i = j
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// parseActivate: "activate hardee, bragg", "activate sherman as army".
func (p *parser) parseActivate(toks []token) {
	if len(toks) == 1 && (toks[0].low == "none" || toks[0].low == "nothing" || toks[0].low == "nobody") {
		return
	}
	if !hasItem(toks) {
		p.errorf("e.g. \"activate Hardee, Bragg\"", "activate which HQs?")
		return
	}
	t := p.dict.blockTable(p.side)
	for item := range listItems(toks) {
		asArmy := false
		for len(item) > 0 {
			last := item[len(item)-1].low
			if last == "army" || last == "ahq" || last == "hq" {
				if last != "hq" {
					asArmy = true
				}
				item = item[:len(item)-1]
				if len(item) > 0 && item[len(item)-1].low == "as" {
					item = item[:len(item)-1]
				}
				continue
			}
			break
		}
		ids := p.splitNames(t, item)
		if ids == nil {
			r := p.resolveName(t, item, "block")
			if !r.found {
				continue
			}
			ids = []string{r.id}
		}
		for k, id := range ids {
			b := shiloh1862.BlockID(id)
			if i := p.activation(b); i >= 0 {
				p.warnf("%s is activated twice", t.canonical(id))
				if asArmy && k == len(ids)-1 {
					p.o.Activate[i].AsArmy = true
				}
				continue
			}
			if p.o.Activate == nil {
				p.o.Activate = make([]shiloh1862.Activation, 0, 4)
			}
			p.o.Activate = append(p.o.Activate, shiloh1862.Activation{HQ: b, AsArmy: asArmy && k == len(ids)-1, Line: p.line})
		}
	}
}

func (p *parser) activation(b shiloh1862.BlockID) int {
	for i, a := range p.o.Activate {
		if a.HQ == b {
			return i
		}
	}
	return -1
}

// parseBattles: "battles: rea, shiloh church".
func (p *parser) parseBattles(toks []token) {
	areas := p.areaList(toks)
	if len(areas) == 0 {
		if len(toks) == 0 {
			p.errorf("e.g. \"battles: Rea Field, Shiloh Church\"", "battles in which areas?")
		}
		return
	}
	if p.lines.Battles != 0 {
		p.warnf("a second battle sequence replaces the first (line %d)", p.lines.Battles)
	}
	p.o.Battles = areas
	p.lines.Battles = p.line
}

// listInto adds blocks to a list order: a second line adds to the first, a block
// listed twice counts once.
func (p *parser) listInto(dst *[]shiloh1862.BlockID, line *int, blocks []shiloh1862.BlockID, what string) {
	t := p.dict.blockTable(p.side)
	if len(*dst) == 0 && len(blocks) > 0 {
		*dst = reserve(&p.blockSlab, len(blocks), 64)
	} else if len(blocks) > 0 {
		*dst = slices.Grow(*dst, len(blocks))
	}
	for _, b := range blocks {
		if slices.Contains(*dst, b) {
			p.warnf("%s is already on the %s list", t.canonical(string(b)), what)
			continue
		}
		*dst = append(*dst, b)
	}
	if *line == 0 && len(*dst) > 0 {
		*line = p.line
	}
}

func (p *parser) parsePin(toks []token) {
	if len(toks) == 0 {
		p.errorf("e.g. \"pin: Wood, Shoup\"", "pin which blocks?")
		return
	}
	p.listInto(&p.o.Pin, &p.lines.Pin, p.blockList(toks), "pin")
}

func (p *parser) parseSupply(toks []token) {
	if len(toks) == 0 {
		p.errorf("e.g. \"supply: Cleburne, Hardee\"", "supply which blocks?")
		return
	}
	p.listInto(&p.o.Supply, &p.lines.Supply, p.blockList(toks), "supply")
}

// parseLosses: "losses: hardee last", "losses first: wood, gladden", "losses: wood,
// gladden first, hardee last". A first/last word applies to the items since the last
// one that had one; items with none are taken first.
func (p *parser) parseLosses(kw string, toks []token) {
	mode := "first"
	if kw == "spare" || kw == "protect" {
		mode = "last"
	}
	for len(toks) > 0 && toks[0].kind == tWord {
		switch toks[0].low {
		case "first":
			mode = "first"
		case "last":
			mode = "last"
		case "preference", "order", "ties", "tie", "priority":
		default:
			goto list
		}
		toks = toks[1:]
	}
list:
	toks = skipColon(toks)
	var firstBuf, lastBuf [16]shiloh1862.BlockID
	first, last := firstBuf[:0], lastBuf[:0]
	pending := p.tokBuf[:0]
	defer func() { p.tokBuf = pending[:0] }()
	flush := func(q string) {
		bs := p.blockList(pending)
		pending = pending[:0]
		if q == "last" {
			last = append(last, bs...)
		} else {
			first = append(first, bs...)
		}
	}
	if !hasItem(toks) {
		p.errorf("e.g. \"losses: Hardee last\"", "losses: which blocks?")
		return
	}
	for item := range listItems(toks) {
		q := ""
		for len(item) > 0 && item[len(item)-1].kind == tWord && (item[len(item)-1].low == "first" || item[len(item)-1].low == "last") {
			q = item[len(item)-1].low
			item = item[:len(item)-1]
		}
		for len(item) > 0 && item[0].kind == tWord && (item[0].low == "first" || item[0].low == "last") && len(item) > 1 {
			q = item[0].low
			item = item[1:]
		}
		if len(pending) > 0 {
			pending = append(pending, token{kind: tComma, text: ","})
		}
		pending = append(pending, item...)
		if q != "" {
			flush(q)
		}
	}
	if len(pending) > 0 {
		flush(mode)
	}
	// a block cannot be both: such a block is dropped from both
	both := func(b shiloh1862.BlockID) bool {
		inFirst := slices.Contains(first, b) || slices.Contains(p.o.LossesFirst, b)
		inLast := slices.Contains(last, b) || slices.Contains(p.o.LossesLast, b)
		return inFirst && inLast
	}
	var clash []shiloh1862.BlockID
	for _, list := range [2][]shiloh1862.BlockID{first, last} {
		for _, b := range list {
			if both(b) && !slices.Contains(clash, b) {
				clash = append(clash, b)
				p.errorf("", "%s cannot be both first and last for losses", p.dict.blockTable(p.side).canonical(string(b)))
			}
		}
	}
	if len(clash) > 0 {
		drop := func(x shiloh1862.BlockID) bool { return slices.Contains(clash, x) }
		first = slices.DeleteFunc(first, drop)
		last = slices.DeleteFunc(last, drop)
		p.o.LossesFirst = slices.DeleteFunc(p.o.LossesFirst, drop)
		p.o.LossesLast = slices.DeleteFunc(p.o.LossesLast, drop)
	}
	if len(first) > 0 {
		p.listInto(&p.o.LossesFirst, &p.lines.LossesFirst, first, "losses-first")
	}
	if len(last) > 0 {
		p.listInto(&p.o.LossesLast, &p.lines.LossesLast, last, "losses-last")
	}
}

// parseInitiative: "initiative: first" (Planned Initiative, optional 2.1).
func (p *parser) parseInitiative(toks []token) {
	words := make([]string, 0, len(toks))
	for ti := range toks {
		t := &toks[ti]
		words = append(words, t.low)
	}
	w := strings.Join(words, " ")
	w = strings.TrimPrefix(w, "be ")
	w = strings.TrimPrefix(w, "go ")
	w = strings.TrimPrefix(w, "i want to be ")
	var c shiloh1862.InitiativeChoice
	switch w {
	case "first", "1", "1st", "player 1", "p1", "player one", "one":
		c = shiloh1862.InitiativeFirst
	case "second", "2", "2nd", "player 2", "p2", "player two", "two", "last":
		c = shiloh1862.InitiativeSecond
	case "any", "either", "none", "no preference", "roll", "dice", "dont care", "don't care":
		c = shiloh1862.InitiativeAny
	default:
		p.errorf("write \"initiative: first\", \"initiative: second\" or \"initiative: any\"", "initiative: cannot read '%s'", joinWords(toks))
		return
	}
	if p.lines.Initiative != 0 {
		p.warnf("a second initiative choice replaces the first (line %d)", p.lines.Initiative)
	}
	p.o.Initiative = c
	p.lines.Initiative = p.line
}

func (p *parser) parseSide(toks []token) {
	s, ok := adjudicator.ParseSide(joinWords(toks))
	if !ok {
		p.errorf("write \"side: USA\" or \"side: CSA\"", "side: cannot read '%s'", joinWords(toks))
		return
	}
	if s != p.side && p.side != adjudicator.NoSide {
		p.errorf("send these orders from the "+p.side.String()+" player's address", "these orders say %s, but they came for %s", s, p.side)
	}
}

// parseDelay: "delay: nelson" holds arrival groups back (5.6).
func (p *parser) parseDelay(toks []token) {
	t := p.dict.arrivalTable(p.side)
	items := splitList(toks)
	if len(items) == 0 {
		p.errorf("e.g. \"delay: Nelson\"", "delay which arrival?")
		return
	}
	var ids []string
	for _, item := range items {
		r := p.resolveName(t, item, "arrival")
		if !r.found {
			continue
		}
		if slices.Contains(ids, r.id) || slices.Contains(p.o.HoldArrivals, r.id) {
			p.warnf("%s is listed twice", t.canonical(r.id))
			continue
		}
		ids = append(ids, r.id)
	}
	if len(ids) > 0 {
		if p.lines.Delay == 0 {
			p.lines.Delay = p.line
		}
		p.o.HoldArrivals = append(p.o.HoldArrivals, ids...)
	}
}

// parseArrival: "arrival L. Wallace: road D".
func (p *parser) parseArrival(toks []token) {
	toks = skipWords(toks, "choice", "of")
	toks = skipColon(toks)
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.kind == tColon || t.kind == tArrow {
			split = i
			break
		}
	}
	if split < 0 {
		// "arrival l wallace road d": the choice is the last word(s)
		for i := range toks {
			t := &toks[i]
			if t.kind == tWord && (t.low == "road" || t.low == "by" || t.low == "via" || t.low == "at") && i > 0 {
				split = i
				break
			}
		}
		if split < 0 && len(toks) > 1 {
			split = len(toks) - 1
		}
		if split < 0 {
			p.errorf("e.g. \"arrival L. Wallace: D\"", "arrival: which group and which choice?")
			return
		}
		p.arrivalChoice(toks[:split], toks[split:], true)
		return
	}
	p.arrivalChoice(toks[:split], toks[split+1:], true)
}

// arrivalChoice records a choice; strict reports problems, otherwise it reports
// whether the tokens are a choice at all.
func (p *parser) arrivalChoice(group, choice []token, strict bool) bool {
	if !strict && (len(choice) == 0 || len(choice) > 2 || choice[len(choice)-1].kind != tWord || len(choice[len(choice)-1].low) > 4) {
		return false
	}
	t := p.dict.arrivalTable(p.side)
	var opt []string
	for _, c := range choice {
		if c.kind == tWord && c.low != "road" && c.low != "by" && c.low != "via" && c.low != "at" && c.low != "take" && c.low != "takes" && c.low != "use" {
			opt = append(opt, c.text)
		}
	}
	optText := strings.Join(opt, " ")
	if !strict {
		if len(opt) != 1 || !p.dict.anyOption(optText) {
			return false
		}
		l := p.resolveToks(t, group)
		if l.how != exact && l.how != prefix {
			return false
		}
		if matchOption(t.names[l.entry].Options, optText) == "" {
			return false
		}
	}
	r := p.resolveName(t, group, "arrival")
	if !r.found {
		return true
	}
	n := t.names[t.byID[r.id]]
	o := matchOption(n.Options, optText)
	if o == "" {
		if len(n.Options) == 0 {
			p.errorf("", "%s offers no choice of arrival", n.Canonical)
		} else {
			p.errorf("choose "+joinOr(n.Options), "%s cannot arrive by '%s'", n.Canonical, optText)
		}
		return true
	}
	for i, c := range p.o.ArrivalChoices {
		if c.Arrival == r.id {
			p.warnf("a second choice for %s replaces the first (line %d)", n.Canonical, p.lines.ArrivalChoices[i])
			p.o.ArrivalChoices[i].Choice = o
			p.lines.ArrivalChoices[i] = p.line
			return true
		}
	}
	p.o.ArrivalChoices = append(p.o.ArrivalChoices, shiloh1862.ArrivalChoice{Arrival: r.id, Choice: o})
	p.lines.ArrivalChoices = append(p.lines.ArrivalChoices, p.line)
	return true
}

// matchOption finds the option typed; "wait" or "pass" takes the last of several
// (Lew Wallace passes on road D to come by road E, 5.61).
func matchOption(options []string, typed string) string {
	k := normalize(typed)
	switch k {
	case "wait", "pas", "later", "pass":
		if len(options) > 1 {
			return options[len(options)-1]
		}
	}
	for _, o := range options {
		if normalize(o) == k {
			return o
		}
	}
	return ""
}

// parseLandings: "landing nelson: pittsburg landing", "land nelson at browns ferry",
// "landings: nelson > pittsburg, mccook > upper" (9.1).
func (p *parser) parseLandings(toks []token) {
	toks = skipColon(toks)
	items := splitListKeepingPairs(toks)
	if len(items) == 0 {
		p.errorf("e.g. \"landing Nelson: Pittsburg Landing\"", "landing: which group where?")
		return
	}
	for _, item := range items {
		split := -1
		for i := range item {
			t := &item[i]
			if t.kind == tColon || t.kind == tArrow || (t.kind == tWord && (t.low == "at" || t.low == "lands")) {
				split = i
				break
			}
		}
		if split <= 0 || split == len(item)-1 {
			p.errorf("e.g. \"landing Nelson: Pittsburg Landing\"", "landing: cannot read '%s'", joinWords(item))
			continue
		}
		p.landing(item[:split], skipWords(item[split+1:], "at"))
	}
}

// splitListKeepingPairs splits "a > x, b > y" into pairs; "a: x" stays one item.
func splitListKeepingPairs(toks []token) [][]token {
	return splitList(toks)
}

func (p *parser) landing(group, area []token) {
	t := p.dict.arrivalTable(p.side)
	r := p.resolveName(t, group, "arrival")
	a := p.resolveName(p.dict.areas, area, "area")
	if !r.found || !a.found {
		return
	}
	for i, l := range p.o.Landings {
		if l.Arrival == r.id {
			p.warnf("a second landing for %s replaces the first (line %d)", t.canonical(r.id), l.Line)
			p.o.Landings[i] = shiloh1862.Landing{Arrival: r.id, Area: shiloh1862.AreaID(a.id), Line: p.line}
			return
		}
	}
	p.o.Landings = append(p.o.Landings, shiloh1862.Landing{Arrival: r.id, Area: shiloh1862.AreaID(a.id), Line: p.line})
}

// parseRegroup: "regroup at rea: seay", "regroup at rea: cleburne, wood > seay",
// "regroup from rea to seay" (6.8).
func (p *parser) parseRegroup(toks []token) {
	toks = skipWords(toks, "at", "from", "in", "after")
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.kind == tColon || t.kind == tArrow || t.kind == tRoad {
			split = i
			break
		}
	}
	if split <= 0 {
		p.errorf("e.g. \"regroup at Rea Field: Seay Field\"", "regroup: after which battle, and where to?")
		return
	}
	area := p.resolveName(p.dict.areas, toks[:split], "area")
	if !area.found {
		return
	}
	p.regroup(shiloh1862.AreaID(area.id), toks[split+1:])
}

// regroup reads "[BLOCKS >] AREA" for a battle in area.
func (p *parser) regroup(area shiloh1862.AreaID, toks []token) {
	toks = skipWords(toks, "to")
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.kind == tArrow || t.kind == tRoad || t.kind == tColon {
			split = i
		}
	}
	var blocks []shiloh1862.BlockID
	dest := toks
	if split >= 0 {
		if split == 0 {
			dest = toks[1:]
		} else {
			blocks = p.blockList(toks[:split])
			dest = toks[split+1:]
			if len(blocks) == 0 {
				return
			}
		}
	}
	if len(dest) == 0 {
		p.errorf("e.g. \"regroup at Rea Field: Seay Field\"", "regroup to where?")
		return
	}
	to := p.resolveName(p.dict.areas, dest, "area")
	if !to.found {
		return
	}
	if p.o.Regroup == nil {
		p.o.Regroup = make([]shiloh1862.Regroup, 0, 4)
	}
	p.o.Regroup = append(p.o.Regroup, shiloh1862.Regroup{Area: area, Blocks: blocks, To: shiloh1862.AreaID(to.id), Line: p.line})
}

// numberWords read a round number.
var numberWords = map[string]int{
	"0": 0, "zero": 0, "1": 1, "one": 1, "first": 1, "1st": 1, "2": 2, "two": 2, "second": 2, "2nd": 2,
	"3": 3, "three": 3, "third": 3, "3rd": 3, "4": 4, "four": 4, "fourth": 4, "4th": 4,
	"5": 5, "five": 5, "6": 6, "six": 6, "7": 7, "8": 8, "9": 9,
}

// parseDoctrineAt: "at rea: withdraw if weaker, retreat to seay", "at rea, seay:
// hold", "at rea withdraw after round 2".
func (p *parser) parseDoctrineAt(toks []token) {
	toks = skipWords(toks, "the")
	if len(toks) > 0 && toks[0].kind == tWord && (toks[0].low == "all" || toks[0].low == "every") {
		rest := skipWords(toks[1:], "battles", "battle", "areas")
		p.parseDoctrine(nil, skipColon(rest))
		return
	}
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.kind == tColon {
			split = i
			break
		}
		if t.kind == tWord && isClauseWord(t.low) && i > 0 {
			split = i
			break
		}
	}
	if split <= 0 {
		p.errorf("e.g. \"at Rea Field: withdraw if weaker, retreat to Seay Field\"", "at which area, and what to do there?")
		return
	}
	areas := p.areaList(toks[:split])
	if len(areas) == 0 {
		return
	}
	body := toks[split:]
	if body[0].kind == tColon {
		body = body[1:]
	}
	if len(body) > 0 && !(body[0].kind == tWord && isClauseWord(body[0].low)) && len(areas) == 1 {
		// "at seay: cleburne, wood > rea attack": a move from that area
		for i := range body {
			t := &body[i]
			if (t.kind == tArrow || t.kind == tRoad) && i > 0 {
				move := append(append(append([]token{}, body[:i]...), token{kind: tColon, text: ":"}), toks[:split]...)
				p.parseMove(append(move, body[i:]...))
				return
			}
		}
	}
	p.parseDoctrine(areas, body)
}

// parseDoctrineFirst: "withdraw if weaker at rea", "hold everywhere".
func (p *parser) parseDoctrineFirst(toks []token) {
	for i := len(toks) - 1; i > 0; i-- {
		t := toks[i]
		if t.kind == tWord && (t.low == "at" || t.low == "in") {
			areas := p.areaList(skipColon(toks[i+1:]))
			if len(areas) == 0 {
				return
			}
			p.parseDoctrine(areas, toks[:i])
			return
		}
	}
	if n := len(toks); n > 1 && toks[n-1].kind == tWord && (toks[n-1].low == "everywhere" || toks[n-1].low == "always") {
		toks = toks[:n-1]
	}
	p.parseDoctrine(nil, toks)
}

// isClauseWord: the word starts a doctrine clause.
func isClauseWord(w string) bool {
	switch w {
	case "hold", "withdraw", "retreat", "regroup", "fight", "stand", "retreats", "withdraws", "pull", "fall":
		return true
	}
	return false
}

// isHoldWord: the word may follow "hold".
func isHoldWord(w string) bool {
	switch w {
	case "fast", "on", "firm", "ground", "the", "last", "position", "fire", "always":
		return true
	}
	return false
}

// doctrineSpec is what one doctrine line says.
type doctrineSpec struct {
	kind     shiloh1862.DoctrineKind
	kindSet  bool
	after    int
	retreat  []shiloh1862.AreaID
	regroups [][]token
}

// parseDoctrine reads clauses for the areas (nil: every battle).
func (p *parser) parseDoctrine(areas []shiloh1862.AreaID, toks []token) {
	if len(toks) == 0 {
		p.errorf("e.g. \"hold\", \"withdraw after round 2\", \"withdraw if weaker\", \"retreat to Seay Field\"", "what should your blocks do in battle?")
		return
	}
	// clauses: split on commas where the next item starts with a clause word; other
	// items continue the last list (retreat areas).
	var clauseBuf [4][]token
	clauses := clauseBuf[:0]
	// a clause continued over commas is gathered at the end of the scratch buffer
	buf, at := p.clauseToks[:0], -1
	for item := range listItems(toks) {
		if len(clauses) == 0 || (item[0].kind == tWord && isClauseWord(item[0].low)) {
			clauses = append(clauses, item)
			at = -1
			continue
		}
		last := &clauses[len(clauses)-1]
		if at < 0 {
			at = len(buf)
			buf = append(buf, *last...)
		}
		buf = append(buf, token{kind: tComma, text: ","})
		buf = append(buf, item...)
		*last = buf[at:len(buf):len(buf)]
	}
	p.clauseToks = buf[:0]
	var spec doctrineSpec
	ok := true
	for _, c := range clauses {
		if !p.doctrineClause(&spec, c) {
			ok = false
		}
	}
	if !ok && !spec.kindSet && len(spec.retreat) == 0 && len(spec.regroups) == 0 {
		return
	}
	if len(areas) == 0 {
		if len(spec.regroups) > 0 {
			p.errorf("e.g. \"regroup at Rea Field: Seay Field\"", "regroup needs a battle area")
		}
		if spec.kindSet || len(spec.retreat) > 0 {
			p.setDoctrine("", spec)
		}
		return
	}
	for _, a := range areas {
		if spec.kindSet || len(spec.retreat) > 0 {
			p.setDoctrine(a, spec)
		}
		for _, r := range spec.regroups {
			p.regroup(a, r)
		}
	}
}

func (p *parser) setDoctrine(area shiloh1862.AreaID, spec doctrineSpec) {
	// a handful of doctrines at most: a search is quicker than a map
	i := slices.IndexFunc(p.o.Doctrine, func(d shiloh1862.Doctrine) bool { return d.Area == area })
	if i < 0 {
		d := shiloh1862.Doctrine{Area: area, Kind: spec.kind, AfterRound: spec.after, Line: p.line}
		if spec.kind != shiloh1862.WithdrawAfter {
			d.AfterRound = 0
		}
		d.Retreat = spec.retreat
		if p.o.Doctrine == nil {
			p.o.Doctrine = make([]shiloh1862.Doctrine, 0, 8)
		}
		p.o.Doctrine = append(p.o.Doctrine, d)
		return
	}
	d := &p.o.Doctrine[i]
	where := "every battle"
	if area != "" {
		where = p.dict.areas.canonical(string(area))
	}
	if spec.kindSet {
		if d.Kind != spec.kind || d.AfterRound != spec.after {
			p.warnf("this replaces the doctrine for %s given on line %d", where, d.Line)
		}
		d.Kind, d.AfterRound = spec.kind, spec.after
		if spec.kind != shiloh1862.WithdrawAfter {
			d.AfterRound = 0
		}
	}
	if len(spec.retreat) > 0 {
		if len(d.Retreat) > 0 {
			p.warnf("this replaces the retreat list for %s given on line %d", where, d.Line)
		}
		d.Retreat = spec.retreat
	}
}

// doctrineClause reads one clause into spec.
func (p *parser) doctrineClause(spec *doctrineSpec, c []token) bool {
	head := c[0].low
	rest := c[1:]
	set := func(k shiloh1862.DoctrineKind, after int) {
		if spec.kindSet && (spec.kind != k || spec.after != after) {
			p.warnf("two battle doctrines on one line; the last (%s) counts", k)
		}
		spec.kind, spec.after, spec.kindSet = k, after, true
	}
	switch head {
	case "hold", "fight", "stand":
		// "hold", "hold fast", "fight on", "stand firm", "hold to the last"
		for ti := range rest {
			t := &rest[ti]
			if t.kind != tArrow && !isHoldWord(t.low) {
				p.errorf("write \"hold\" alone, or \"hold, retreat to AREA\"", "cannot read '%s' in a battle order", joinWords(c))
				return false
			}
		}
		set(shiloh1862.Hold, 0)
		return true
	case "regroup":
		rest = skipWords(rest, "at")
		if len(rest) == 0 {
			p.errorf("e.g. \"regroup to Seay Field\"", "regroup to where?")
			return false
		}
		spec.regroups = append(spec.regroups, rest)
		return true
	}
	if !isClauseWord(head) {
		p.errorf("a battle order is hold, withdraw after round N, withdraw if weaker, retreat to AREA or regroup to AREA", "cannot read '%s' as a battle order", joinWords(c))
		return false
	}
	// withdraw / retreat / pull back / fall back
	rest = skipWords(rest, "back", "out")
	if len(rest) == 0 {
		set(shiloh1862.WithdrawAfter, 0)
		return true
	}
	ok := true
	areaToks := p.tokBuf[:0]
	defer func() { p.tokBuf = areaToks[:0] }()
	collecting := false
	for i := 0; i < len(rest); i++ {
		t := rest[i]
		switch {
		case t.kind == tWord && t.low == "after" && !collecting:
			j := i + 1
			if j < len(rest) && (rest[j].low == "round" || rest[j].low == "rounds") {
				j++
			}
			n, found := 0, false
			if j < len(rest) {
				n, found = numberWords[rest[j].low]
			}
			if !found {
				p.errorf("e.g. \"withdraw after round 2\"", "withdraw after which round?")
				return false
			}
			if j+1 < len(rest) && (rest[j+1].low == "round" || rest[j+1].low == "rounds") {
				j++
			}
			if n > 3 {
				p.errorf("a battle has at most 4 rounds; \"withdraw after round 3\" is the latest", "cannot withdraw after round %d", n)
				return false
			}
			set(shiloh1862.WithdrawAfter, n)
			i = j
		case t.kind == tWord && (t.low == "if" || t.low == "when") && !collecting:
			j := i + 1
			for j < len(rest) && rest[j].kind == tWord && (rest[j].low == "we" || rest[j].low == "are" || rest[j].low == "i" || rest[j].low == "am" || rest[j].low == "is") {
				j++
			}
			if j < len(rest) && (rest[j].low == "weaker" || rest[j].low == "outnumbered" || rest[j].low == "losing") {
				set(shiloh1862.WithdrawIfWeaker, 0)
				i = j
				for i+1 < len(rest) && rest[i+1].kind == tWord && !(rest[i+1].low == "after" || rest[i+1].low == "to") {
					i++ // "if weaker than the enemy"
				}
				continue
			}
			p.errorf("e.g. \"withdraw if weaker\"", "withdraw if what?")
			return false
		case t.kind == tWord && (t.low == "retreat" || t.low == "withdraw" || t.low == "then") && !collecting:
			// "withdraw after round 2 retreat seay"
			collecting = true
		case t.kind == tWord && (t.low == "at" || t.low == "immediately" || t.low == "once" || t.low == "now") && !collecting:
			set(shiloh1862.WithdrawAfter, 0)
		case t.kind == tArrow || t.kind == tColon || t.kind == tRoad:
			collecting = true
		default:
			collecting = true
			areaToks = append(areaToks, t)
		}
	}
	if len(areaToks) > 0 {
		areas := p.areaList(areaToks)
		if len(areas) == 0 {
			ok = false
		}
		if len(spec.retreat) == 0 && len(areas) > 0 {
			spec.retreat = areas // areaList left no area twice
		} else {
			for _, a := range areas {
				if slices.Contains(spec.retreat, a) {
					p.warnf("%s is listed twice", p.dict.areas.canonical(string(a)))
					continue
				}
				spec.retreat = append(spec.retreat, a)
			}
		}
	}
	return ok
}

// parseMoveOrChoice reads a move, or an arrival choice written as "l wallace: road d".
func (p *parser) parseMoveOrChoice(toks []token) {
	for i := range toks {
		t := &toks[i]
		if t.kind == tColon && i > 0 {
			if p.arrivalChoice(toks[:i], toks[i+1:], false) {
				return
			}
			break
		}
	}
	// "nelson lands at pittsburg landing"
	for i := range toks {
		t := &toks[i]
		if t.kind == tWord && (t.low == "lands" || t.low == "land") && i > 0 && i+1 < len(toks) {
			if l := p.resolveToks(p.dict.arrivalTable(p.side), toks[:i]); l.how == exact || l.how == prefix {
				p.landing(toks[:i], skipWords(toks[i+1:], "at", "on"))
				return
			}
		}
	}
	p.parseMove(toks)
}

// parseMove reads every form of move:
//
//	cleburne, wood: seay > rea attack
//	attack cleburne, wood: seay > rea
//	cleburne to rea
//	cleburne from seay to rea
//	gladden: road a >> spain          (road move; the engine finds the middle area)
//	gladden: road a > fraley > spain  (road move through fraley)
//	jackson: spain > wicker uncommanded
func (p *parser) parseMove(toks []token) {
	m := shiloh1862.Move{Line: p.line}
	intentSet := false
	setIntent := func(t token) {
		in, _ := intentOf(t.low)
		if intentSet && in != m.Intent {
			p.warnf("two intents given; '%s' counts", t.text)
		}
		if in != shiloh1862.IntentMove || !intentSet {
			m.Intent = in
		}
		intentSet = true
	}
	take := func(t token) {
		if isMarkWord(t.low) {
			m.Uncommanded = true
		} else {
			setIntent(t)
		}
	}
	for len(toks) > 0 && isMark(&toks[0]) {
		take(toks[0])
		toks = toks[1:]
	}
	for len(toks) > 0 && (isMark(&toks[len(toks)-1]) || toks[len(toks)-1].kind == tComma) {
		if toks[len(toks)-1].kind == tWord {
			take(toks[len(toks)-1])
		}
		toks = toks[:len(toks)-1]
	}
	// an intent word inside the line acts as the arrow: "cleburne attack rea"
	for i := 1; i < len(toks); i++ {
		if isMark(&toks[i]) {
			take(toks[i])
			if isMarkWord(toks[i].low) {
				toks = append(toks[:i:i], toks[i+1:]...)
				break
			}
			toks[i] = token{kind: tArrow, text: toks[i].text, low: toks[i].low}
			// "attack to rea": the arrow already follows
			if i+1 < len(toks) && toks[i+1].kind == tArrow {
				toks = append(toks[:i:i], toks[i+1:]...)
			}
			break
		}
	}
	if len(toks) == 0 {
		p.errorf("e.g. \"Cleburne: Seay Field > Rea Field attack\"", "move which blocks where?")
		return
	}
	if last := toks[len(toks)-1]; last.kind == tWord && isStayWord(last.low) && len(toks) > 1 {
		p.stay(toks[:len(toks)-1])
		return
	}
	// where the blocks end
	split, skip := -1, 1
	for i := range toks {
		t := &toks[i]
		if t.kind == tColon {
			split = i
			break
		}
	}
	if split < 0 {
		for i := range toks {
			t := &toks[i]
			if t.kind == tWord && t.low == "from" {
				split, skip = i, 0
				break
			}
			if t.kind == tArrow || t.kind == tRoad {
				split, skip = i, 0
				break
			}
		}
	}
	if split < 0 {
		p.notAnOrder()
		return
	}
	if split == 0 {
		p.errorf("e.g. \"Cleburne: Seay Field > Rea Field\"", "a move needs the blocks that move")
		return
	}
	blockToks := toks[:split]
	path := toks[split+skip:]
	// "cleburne, wood from seay to rea" after a colon: "cleburne: from seay to rea"
	path = skipWords(path, "from")
	noFrom := false
	road := false
	if len(path) > 0 && (path[0].kind == tArrow || path[0].kind == tRoad) {
		noFrom = true
		road = path[0].kind == tRoad
		path = path[1:]
	}
	segs, seps, ok := splitPath(path, make([][]token, 0, 3), make([]tokKind, 0, 3))
	if !ok {
		p.errorf("give one destination per move, or two areas for a road move (5.31)", "a move cannot go to a list of areas")
		return
	}
	if len(segs) == 0 {
		p.errorf("e.g. \"Cleburne: Seay Field > Rea Field\"", "move to where?")
		return
	}
	if skip == 0 && split > 0 && toks[split].kind != tWord {
		// "cleburne wood seay > rea": the colon forgotten, the last words the start
		if b, from, ok := p.blocksThenArea(blockToks); ok {
			blockToks = b
			segs = append([][]token{from}, segs...)
			seps = append([]tokKind{tArrow}, seps...)
			if noFrom {
				if road {
					seps[0] = tRoad
				}
				noFrom, road = false, false
			}
		}
	}
	if len(segs) == 1 && len(seps) == 0 && !noFrom {
		// "cleburne: seay rea": the arrow forgotten
		if a, b, ok := p.twoAreas(segs[0]); ok {
			segs = [][]token{a, b}
			seps = []tokKind{tArrow}
		}
	}
	before := len(p.probs)
	blocks := p.blockList(blockToks)
	var areaBuf [4]shiloh1862.AreaID
	areas := areaBuf[:0]
	bad := false
	for _, s := range segs {
		r := p.resolveName(p.dict.areas, s, "area")
		if !r.found {
			bad = true
			continue
		}
		areas = append(areas, shiloh1862.AreaID(r.id))
	}
	if bad || len(blocks) == 0 {
		if len(p.probs) > before && !p.anyName(blockToks, segs) {
			p.probs = p.probs[:before]
			p.notAnOrder()
		}
		return
	}
	if !noFrom && len(areas) == 1 && len(seps) == 0 {
		noFrom = true
	}
	if !noFrom {
		m.From = areas[0]
		areas = areas[1:]
		if len(seps) > 0 && seps[0] == tRoad {
			road = true
		}
		if len(seps) > 0 {
			seps = seps[1:]
		}
	}
	for _, s := range seps {
		if s == tRoad {
			road = true
		}
	}
	switch {
	case len(areas) == 0:
		p.errorf("e.g. \"Cleburne: Seay Field > Rea Field\"", "move to where?")
		return
	case len(areas) > 2:
		p.errorf("a block moves one area, or two by road (5.31)", "a move cannot go %d areas", len(areas))
		return
	case len(areas) == 1 && road:
		// ">>": the road decides the area in between. When the map knows exactly one,
		// it is filled in (and the receipt shows it); otherwise it stays empty for the
		// engine, which knows where the blocks stand.
		m.Path = p.keepAreas([]shiloh1862.AreaID{"", areas[0]})
		if m.From != "" && p.dict.roads != nil {
			if mids := p.dict.RoadMiddles(string(m.From), string(areas[0])); len(mids) == 1 {
				m.Path[0] = shiloh1862.AreaID(mids[0])
			}
		}
	default:
		m.Path = p.keepAreas(areas)
	}
	if m.From != "" && m.Path[len(m.Path)-1] == m.From {
		p.errorf("", "a move must leave %s", p.dict.areas.canonical(string(m.From)))
		return
	}
	if m.Uncommanded && m.Intent != shiloh1862.IntentMove {
		p.errorf("an uncommanded move may only be a plain move (5.2)", "an uncommanded move cannot %s", m.Intent)
		return
	}
	m.Blocks = blocks
	p.addMove(m)
}

// isMark reports an intent or straggler word.
func isMark(t *token) bool {
	if t.kind != tWord || len(t.low) < 2 || len(t.low) > 11 {
		return false // the intent and straggler words are 2 to 11 letters
	}
	return isIntentWord(t.low)
}

// splitPath cuts a move's path at its arrows into the segments between them (the
// areas) and the arrows that join them, appended to segs and seps; ok is false for
// a path holding a comma. (Out of parseMove, whose loop was short of registers.)
func splitPath(path []token, segs [][]token, seps []tokKind) (_ [][]token, _ []tokKind, ok bool) {
	start := 0 // of the current segment in path; colons in it are ignored by lookups
	for i := range path {
		t := &path[i]
		if t.kind == tArrow || t.kind == tRoad {
			if i == start {
				if t.kind == tRoad && len(seps) > 0 {
					seps[len(seps)-1] = tRoad
				}
				start = i + 1
				continue
			}
			segs = append(segs, path[start:i:i])
			seps = append(seps, t.kind)
			start = i + 1
			continue
		}
		if t.kind == tComma {
			return segs, seps, false
		}
	}
	if start < len(path) {
		segs = append(segs, path[start:len(path):len(path)])
	} else if len(seps) > 0 {
		seps = seps[:len(seps)-1]
	}
	return segs, seps, true
}

// notAnOrder reports a line that reads as no order at all.
func (p *parser) notAnOrder() {
	p.errorf("write a move as \"blocks: from > to\", e.g. \"Cleburne: Seay Field > Rea Field attack\"; other text is ignored before a line saying ORDERS and after one saying END",
		"'%s' is not an order I can read", p.sourceText())
}

// anyName reports whether a would-be move names anything at all, so that a line of
// prose gets one error rather than one per word group.
func (p *parser) anyName(blocks []token, segs [][]token) bool {
	bt := p.dict.blockTable(p.side)
	for _, item := range splitList(blocks) {
		if l := p.resolveToks(bt, item); l.how != notFound || p.splitNames(bt, item) != nil {
			return true
		}
		if l := p.resolveToks(p.dict.blockTable(p.side.Enemy()), item); l.how == exact || l.how == prefix {
			return true
		}
	}
	for _, s := range segs {
		if l := p.resolveToks(p.dict.areas, s); l.how != notFound {
			return true
		}
	}
	return false
}

// blocksThenArea splits "cleburne, wood seay" into the blocks and a starting area,
// when the whole is not a list of blocks and both parts are names exactly or by
// prefix.
func (p *parser) blocksThenArea(toks []token) (blocks, area []token, ok bool) {
	last, ok := lastItem(toks)
	if !ok {
		return nil, nil, false
	}
	bt := p.dict.blockTable(p.side)
	if l := p.resolveToks(bt, last); l.how == exact || l.how == prefix || p.splitNames(bt, last) != nil {
		return nil, nil, false
	}
	start := len(toks) - len(last)
	for k := 1; k < len(last); k++ {
		if la := p.resolveToks(p.dict.areas, last[k:]); la.how != exact && la.how != prefix {
			continue
		}
		head := last[:k]
		if lb := p.resolveToks(bt, head); lb.how == exact || lb.how == prefix || p.splitNames(bt, head) != nil {
			return toks[:start+k], last[k:], true
		}
	}
	return nil, nil, false
}

// twoAreas splits "seay rea" into two areas, when it is not one.
func (p *parser) twoAreas(toks []token) (a, b []token, ok bool) {
	if l := p.resolveToks(p.dict.areas, toks); l.how != notFound {
		return nil, nil, false
	}
	for k := 1; k < len(toks); k++ {
		la := p.resolveToks(p.dict.areas, toks[:k])
		lb := p.resolveToks(p.dict.areas, toks[k:])
		if (la.how == exact || la.how == prefix) && (lb.how == exact || lb.how == prefix) {
			return toks[:k], toks[k:], true
		}
	}
	return nil, nil, false
}

// isStayWord: the word ends a line that keeps blocks where they are: "cleburne: stay".
func isStayWord(w string) bool {
	switch w {
	case "stay", "stays", "remain", "remains", "holds", "hold", "none", "rest", "rests":
		return true
	}
	return false
}

// stay reads "cleburne, wood: stay": no order is needed for that, but an earlier
// move of those blocks is cancelled.
func (p *parser) stay(toks []token) {
	for len(toks) > 0 && toks[len(toks)-1].kind != tWord {
		toks = toks[:len(toks)-1]
	}
	before := len(p.probs)
	blocks := p.blockList(toks)
	if len(blocks) == 0 {
		if len(p.probs) > before && !p.anyName(toks, nil) {
			p.probs = p.probs[:before]
			p.notAnOrder()
		}
		return
	}
	t := p.dict.blockTable(p.side)
	for _, b := range blocks {
		for i := range p.o.Moves {
			old := &p.o.Moves[i]
			if j := slices.Index(old.Blocks, b); j >= 0 {
				p.warnf("%s stays: its move on line %d is cancelled", t.canonical(string(b)), old.Line)
				old.Blocks = slices.Delete(old.Blocks, j, j+1)
				p.emptied = p.emptied || len(old.Blocks) == 0
				delete(p.moveOf, string(b))
			}
		}
	}
}

// addMove keeps one move per block: a later order for a block replaces the earlier.
func (p *parser) addMove(m shiloh1862.Move) {
	t := p.dict.blockTable(p.side)
	at := len(p.o.Moves)
	// The blocks of one move are distinct (blockList drops a block listed twice),
	// so each is looked up and given the new move in one probe.
	for _, b := range m.Blocks {
		i, ok := p.moveOf[string(b)]
		p.moveOf[string(b)] = at
		if !ok {
			continue
		}
		// an emptied move stays in place until finish, so that indexes hold
		old := &p.o.Moves[i]
		if j := slices.Index(old.Blocks, b); j >= 0 {
			p.warn(t.canonical(string(b)) + " already had a move on line " + itoa(old.Line) + "; this one replaces it")
			old.Blocks = slices.Delete(old.Blocks, j, j+1) // its own part of the slab
			p.emptied = p.emptied || len(old.Blocks) == 0
		}
	}
	p.o.Moves = append(p.o.Moves, m)
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

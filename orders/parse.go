package orders

import (
	"slices"
	"strconv"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Parsed is everything Parse learns from a Text: the orders, every problem, and the
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
	ps := &parser{
		Reader: Reader{Dict: Compile(names), Side: side},
		o:      &shiloh1862.Orders{Side: side, Moves: make([]shiloh1862.Move, 0, 32)},
		moveOf: map[string]int{},
	}
	ps.Read(text, vocabulary, ps.parseLine)
	ps.finish()
	return &Parsed{Orders: ps.o, Problems: ps.Problems, Lines: ps.lines}
}

// The grammar's files name the shared lexer's tokens briefly.
type token = Token

const (
	tWord  = Word
	tComma = Comma
	tColon = Colon
	tArrow = Arrow
	tRoad  = Road
)

// parser reads one side's orders for an hour, a line at a time, over the shared
// Reader.
type parser struct {
	Reader
	o     *shiloh1862.Orders
	lines ListLines
	// emptied is set when a move lost its last block to a later order
	emptied bool
	// working buffers
	ids    []string
	tokBuf []token // tokens gathered from a line (retreat areas, a losses list)
	// clauseToks holds the doctrine clauses continued over commas
	clauseToks []token
	blockBuf   []shiloh1862.BlockID
	areaBuf    []shiloh1862.AreaID
	moveOf     map[string]int // the move of each block
}

// keep copies a list the orders keep out of the parse's working buffers. The copy
// is never nil, so an empty list reads as [] in the orders' JSON, as it always has.
func keep[T any](xs []T) []T { return append(make([]T, 0, len(xs)), xs...) }

func (p *parser) keepBlocks(bs []shiloh1862.BlockID) []shiloh1862.BlockID { return keep(bs) }

func (p *parser) keepAreas(as []shiloh1862.AreaID) []shiloh1862.AreaID { return keep(as) }

// vocabulary is what the mail clean-up must know of this grammar's words to rejoin
// wrapped lines: its keywords, the intents and the straggler roll that end a move,
// and the intents that make a line a move wherever they stand.
var vocabulary = NewVocabulary(keywords, intentAndMarkWords, []string{"attack", "reinforce", "move"})

// keywords start an order line; a line starting with one never continues the line
// before it.
var keywords = []string{
	"activate", "activates", "act", "activation", "hq", "hqs",
	"battles", "battle", "sequence", "seq",
	"at", "all", "everywhere", "default", "defaults", "doctrine",
	"losses", "loss", "hits", "casualties", "spare",
	"pin", "pinning", "pins",
	"regroup", "regroups",
	"supply", "supplies", "rebuild", "resupply",
	"landing", "landings", "land",
	"arrival", "arrivals", "delay",
	"initiative", "init", "side",
	"move", "attack", "reinforce", "uncommanded", "straggle",
	"withdraw", "hold", "retreat", "orders",
}

// intentAndMarkWords are the words isIntentWord knows.
var intentAndMarkWords = []string{"move", "moves", "mv", "go", "goes", "march",
	"attack", "attacks", "atk", "att", "assault", "attk",
	"reinforce", "reinforces", "reinf", "rf", "support",
	"uncommanded", "uncmd", "straggle", "straggler", "stragglers", "uncommand", "unled"}

// isIntentWord reports whether w is an intent or straggler word.
func isIntentWord(w string) bool {
	_, ok := intentOf(w)
	return ok || isMarkWord(w)
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
	w := toks[0].Low
	if toks[0].Kind != tWord {
		if toks[0].Kind == tArrow || toks[0].Kind == tRoad {
			p.Errorf("write the blocks first, e.g. \"Cleburne: Seay Field > Rea Field\"", "a move needs the blocks that move")
			return
		}
		p.parseLine(toks[1:])
		return
	}
	rest := toks[1:]
	switch w {
	case "activate", "activates", "activated", "act", "activation", "hq", "hqs", "command":
		p.parseActivate(SkipColon(rest))
	case "battles", "battle", "sequence", "seq":
		rest = SkipWords(rest, "order", "sequence", "seq")
		p.parseBattles(SkipColon(rest))
	case "at":
		p.parseDoctrineAt(rest)
	case "all", "everywhere", "default", "defaults", "doctrine", "standing":
		rest = SkipWords(rest, "battles", "battle", "areas", "doctrine")
		if len(rest) > 0 && rest[0].Kind == tWord && (rest[0].Low == "at" || rest[0].Low == "for" || rest[0].Low == "in") {
			p.parseDoctrineAt(rest[1:])
			return
		}
		p.parseDoctrine(nil, SkipColon(rest))
	case "hold", "withdraw", "retreat", "fight", "stand":
		p.parseDoctrineFirst(toks)
	case "losses", "loss", "hits", "casualties", "spare", "protect":
		p.parseLosses(w, rest)
	case "pin", "pinning", "pins", "pinned":
		p.parsePin(SkipColon(SkipWords(rest, "first", "preference", "blocks")))
	case "regroup", "regroups":
		p.parseRegroup(rest)
	case "supply", "supplies", "rebuild", "resupply", "replacements":
		p.parseSupply(SkipColon(SkipWords(rest, "priority", "priorities", "order", "list")))
	case "landing", "landings", "land", "lands":
		p.parseLandings(rest)
	case "arrival", "arrivals", "arrive":
		p.parseArrival(rest)
	case "delay", "holdback":
		p.parseDelay(SkipColon(SkipWords(rest, "arrival", "arrivals", "back")))
	case "initiative", "init":
		p.parseInitiative(SkipColon(rest))
	case "side":
		p.parseSide(SkipColon(rest))
	case "orders":
		// a second ORDERS line: nothing to do
	default:
		if kw := p.misspeltKeyword(toks); kw != "" {
			p.Warnf("read '%s' as %s", toks[0].Text, kw)
			toks[0] = token{Kind: tWord, Text: kw, Low: kw}
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
	w := toks[0].Low
	if len(w) < 5 {
		return ""
	}
	for ti := range toks {
		t := &toks[ti]
		// a colon other than the second token (the lexer's colons are all one
		// token, so comparing kinds is comparing tokens)
		if t.Kind == tColon && toks[1].Kind != tColon || t.Kind == tArrow || t.Kind == tRoad || t.Low == "from" {
			return ""
		}
	}
	found := ""
	for _, k := range lineKeywords {
		if Distance(w, k, 2) <= 1 {
			if found != "" {
				return ""
			}
			found = k
		}
	}
	if found == "" {
		return ""
	}
	if l := p.Dict.BlockTable(p.Side).Lookup(w); l.Found() {
		return ""
	}
	return found
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

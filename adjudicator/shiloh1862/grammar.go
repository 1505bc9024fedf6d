package shiloh1862

import (
	"slices"
	"strconv"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// This file and the other grammar*.go files are Shiloh 1862's order language
// (docs/PLAYERS.md, whose examples are tests), written over package orders' mail
// clean-up, lexer and name lookup; they are the only files of this package that
// import it. What the language expresses follows DESIGN §2: HQ activation (5.2,
// 5.21), moves with an intent, road moves (5.31), uncommanded moves with the
// straggler roll (5.2), Player 1's battle sequence (6.2), standing battle doctrine
// and retreat preferences (6.7, 6.73), loss preferences for hit ties (6.6), pinning
// preferences (5.4), regroups (6.8), supply priorities (7.1), Lew Wallace's road
// (5.61), delayed arrivals (5.6), the Army of the Ohio's landings (9.1) and Planned
// Initiative (2.1, optional). Whether an order is legal is check.go's to say.
//
// One order a line, in the canonical form FormatOrders prints (the parser also
// takes the looser forms docs/PLAYERS.md lists):
//
//	activate HQ [as army], …
//	BLOCK, …: FROM > TO [attack|reinforce] [uncommanded]   one area
//	BLOCK, …: FROM > MID > TO […]                          two areas by road
//	BLOCK, …: FROM >> TO […]                               by road, middle left open
//	BLOCK, … > TO […]                                      from wherever they stand
//	battles: AREA, …
//	at AREA: hold|withdraw after round N|withdraw at once|withdraw if weaker[, retreat to AREA, …]
//	all battles: …                                         the same for every battle
//	regroup at AREA: [BLOCK, … >] AREA
//	losses first: BLOCK, …
//	losses last: BLOCK, …
//	pin: BLOCK, …
//	supply: BLOCK, …
//	arrival GROUP: CHOICE                                  Lew Wallace: D or E
//	delay: GROUP, …
//	landing GROUP: AREA
//	initiative: first|second
//
// grammar.go reads a line and hands it to the reader of its order kind:
// grammar_move.go (moves), grammar_lists.go (activate, battles, pin, supply,
// losses, initiative), grammar_doctrine.go (doctrine, regroup), grammar_arrivals.go
// (arrivals, delays, landings), with grammar_lookup.go turning names into ids and
// grammar_names.go naming the scenario's areas, blocks and arrival groups;
// grammar_format.go prints the canonical text.

// Parse and Format make the contract scenario the system's orders.Grammar, through
// which orders.Read and orders.Canonical reach this grammar.
func (c contractScenario) Parse(text string, side Side) *orders.Parsed {
	return parsedForReceipt(text, ScenarioNames(c.sc), side)
}

func (c contractScenario) Format(o adjudicator.Orders) (string, error) {
	x, err := AsOrders(o)
	if err != nil {
		return "", err
	}
	if x == nil {
		return "", errorf("no orders to print")
	}
	return FormatOrders(x, ScenarioNames(c.sc)), nil
}

var _ orders.Grammar = contractScenario{}

// parsedForReceipt is a parse as a receipt takes it: the orders with every line in
// canonical form and the summary's count.
func parsedForReceipt(text string, d *orders.Dictionary, side Side) *orders.Parsed {
	o, probs, ll := parseText(text, d, side)
	return &orders.Parsed{Orders: o, Problems: probs, Lines: canonicalLines(o, d, ll, true), Summary: summary(o, nil)}
}

// supplyUse is what a supply list would buy, when a check has counted it.
type supplyUse struct{ used, available int }

// summary counts the orders for the receipt's summary line ("2 HQs activated, 3
// moves, 1 attack", worded by the orders-count entries); supply, when known, says
// what the supply list would buy.
func summary(o *Orders, supply *supplyUse) adjudicator.Phrase {
	var moves, attacks, reinf, road, uncmd int
	for _, m := range o.Moves {
		switch m.Intent {
		case IntentAttack:
			attacks++
		case IntentReinforce:
			reinf++
		default:
			moves++
		}
		if len(m.Path) == 2 {
			road++
		}
		if m.Uncommanded {
			uncmd++
		}
	}
	var parts []adjudicator.Phrase
	count := func(code string, n int) {
		parts = append(parts, adjudicator.Say("orders-count."+code, adjudicator.IntArg("n", n)))
	}
	if len(o.Activate) > 0 {
		count("activated", len(o.Activate))
	}
	count("moves", moves)
	count("attacks", attacks)
	if reinf > 0 {
		count("reinforcements", reinf)
	}
	if road > 0 {
		count("road", road)
	}
	if uncmd > 0 {
		count("uncommanded", uncmd)
	}
	if len(o.Battles) > 0 {
		count("battles", len(o.Battles))
	}
	if len(o.Doctrine) > 0 {
		count("doctrines", len(o.Doctrine))
	}
	switch {
	case supply != nil:
		parts = append(parts, adjudicator.Say("orders-count.supply-plan", adjudicator.IntArg("used", supply.used), adjudicator.IntArg("available", supply.available)))
	case len(o.Supply) > 0:
		count("supply", len(o.Supply))
	}
	return adjudicator.Say("orders-count", adjudicator.PhrasesArg("parts", parts...))
}

// listLines are the lines the list orders were given on (0 when not given), which
// the orders do not keep. ArrivalChoices runs parallel to Orders.ArrivalChoices.
type listLines struct {
	Battles, LossesFirst, LossesLast, Pin, Supply, Delay, Initiative int
	ArrivalChoices                                                   []int
}

// ParseOrders reads one side's orders for one hour. It never stops at a problem: a
// line it cannot read is an error and the others still count. The orders it returns
// hold only what was understood, with the line each order came from.
func ParseOrders(text string, names orders.Names, side Side) (*Orders, []orders.Problem) {
	o, probs, _ := parseText(text, names, side)
	return o, probs
}

// parseText is ParseOrders with the lines of list orders, for receipts.
func parseText(text string, names orders.Names, side Side) (*Orders, []orders.Problem, listLines) {
	ps := &parser{
		Reader: orders.Reader{Dict: orders.Compile(names), Side: side},
		o:      &Orders{Side: side, Moves: make([]Move, 0, 32)},
		moveOf: map[string]int{},
	}
	ps.Read(text, vocabulary, ps.parseLine)
	ps.finish()
	return ps.o, ps.Problems, ps.lines
}

// The grammar's files name the shared lexer's tokens briefly.
type token = orders.Token

const (
	tWord  = orders.Word
	tComma = orders.Comma
	tColon = orders.Colon
	tArrow = orders.Arrow
	tRoad  = orders.Road
)

// parser reads one side's orders for an hour, a line at a time, over the shared
// orders.Reader.
type parser struct {
	orders.Reader
	o     *Orders
	lines listLines
	// emptied is set when a move lost its last block to a later order
	emptied bool
	// working buffers
	ids    []string
	tokBuf []token // tokens gathered from a line (retreat areas, a losses list)
	// clauseToks holds the doctrine clauses continued over commas
	clauseToks []token
	blockBuf   []BlockID
	areaBuf    []AreaID
	moveOf     map[string]int // the move of each block
}

// keep copies a list the orders keep out of the parse's working buffers. The copy
// is never nil, so an empty list reads as [] in the orders' JSON, as it always has.
func keep[T any](xs []T) []T { return append(make([]T, 0, len(xs)), xs...) }

func (p *parser) keepBlocks(bs []BlockID) []BlockID { return keep(bs) }

func (p *parser) keepAreas(as []AreaID) []AreaID { return keep(as) }

// vocabulary is what the mail clean-up must know of this grammar's words to rejoin
// wrapped lines: its keywords, the intents and the straggler roll that end a move,
// and the intents that make a line a move wherever they stand.
var vocabulary = orders.NewVocabulary(keywords, intentAndMarkWords, []string{"attack", "reinforce", "move"})

// keywords start an order line; a line starting with one never continues the line
// before it.
// Every first word parseLine dispatches on must be here
// (TestLineStartsAreNeverJoined), or the line is glued to a long line before it.
var keywords = []string{
	"activate", "activates", "activated", "act", "activation", "hq", "hqs", "command",
	"battles", "battle", "sequence", "seq",
	"at", "all", "everywhere", "default", "defaults", "doctrine", "standing",
	"losses", "loss", "hits", "casualties", "spare", "protect",
	"pin", "pinning", "pins", "pinned",
	"regroup", "regroups",
	"supply", "supplies", "rebuild", "resupply", "replacements",
	"landing", "landings", "land", "lands",
	"arrival", "arrivals", "arrive", "delay", "holdback",
	"initiative", "init", "side",
	"move", "attack", "reinforce", "uncommanded", "straggle",
	"withdraw", "hold", "retreat", "fight", "stand", "orders",
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
func intentOf(w string) (Intent, bool) {
	switch w {
	case "move", "moves", "mv", "go", "goes", "march":
		return IntentMove, true
	case "attack", "attacks", "atk", "att", "assault", "attk":
		return IntentAttack, true
	case "reinforce", "reinforces", "reinf", "rf", "support":
		return IntentReinforce, true
	}
	return IntentMove, false
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
			p.fail("parse.hint.blocks-first", "parse.move-blocks")
			return
		}
		p.parseLine(toks[1:])
		return
	}
	rest := toks[1:]
	switch w {
	case "activate", "activates", "activated", "act", "activation", "hq", "hqs", "command":
		p.parseActivate(orders.SkipColon(rest))
	case "battles", "battle", "sequence", "seq":
		rest = orders.SkipWords(rest, "order", "sequence", "seq")
		p.parseBattles(orders.SkipColon(rest))
	case "at":
		p.parseDoctrineAt(rest)
	case "all", "everywhere", "default", "defaults", "doctrine", "standing":
		rest = orders.SkipWords(rest, "battles", "battle", "areas", "doctrine")
		if len(rest) > 0 && rest[0].Kind == tWord && (rest[0].Low == "at" || rest[0].Low == "for" || rest[0].Low == "in") {
			p.parseDoctrineAt(rest[1:])
			return
		}
		p.parseDoctrine(nil, orders.SkipColon(rest))
	case "hold", "withdraw", "retreat", "fight", "stand":
		p.parseDoctrineFirst(toks)
	case "losses", "loss", "hits", "casualties", "spare", "protect":
		p.parseLosses(w, rest)
	case "pin", "pinning", "pins", "pinned":
		p.parsePin(orders.SkipColon(orders.SkipWords(rest, "first", "preference", "blocks")))
	case "regroup", "regroups":
		p.parseRegroup(rest)
	case "supply", "supplies", "rebuild", "resupply", "replacements":
		p.parseSupply(orders.SkipColon(orders.SkipWords(rest, "priority", "priorities", "order", "list")))
	case "landing", "landings", "land", "lands":
		p.parseLandings(rest)
	case "arrival", "arrivals", "arrive":
		p.parseArrival(rest)
	case "delay", "holdback":
		p.parseDelay(orders.SkipColon(orders.SkipWords(rest, "arrival", "arrivals", "back")))
	case "initiative", "init":
		p.parseInitiative(orders.SkipColon(rest))
	case "side":
		p.parseSide(orders.SkipColon(rest))
	case "orders":
		// a second ORDERS line: nothing to do
	default:
		if kw := p.misspeltKeyword(toks); kw != "" {
			p.Doubt(orders.ReadAs(toks[0].Text, kw))
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
		if orders.Distance(w, k, 2) <= 1 {
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
	for _, l := range []*[]BlockID{&o.LossesFirst, &o.LossesLast, &o.Pin, &o.Supply} {
		if len(*l) == 0 {
			*l = nil
		}
	}
}

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }

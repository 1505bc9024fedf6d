package shiloh1862

// This file reads the list orders: activate (5.2), battles (6.2), pin (5.4), supply
// (7.1), losses first and last (6.6), initiative (2.1, Planned Initiative) and side.

import (
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// parseActivate: "activate hardee, bragg", "activate sherman as army".
func (p *parser) parseActivate(toks []token) {
	if len(toks) == 1 && (toks[0].Low == "none" || toks[0].Low == "nothing" || toks[0].Low == "nobody") {
		return
	}
	if !orders.HasItem(toks) {
		p.fail("parse.eg.activate", "parse.activate-which")
		return
	}
	t := p.Dict.BlockTable(p.Side)
	for _, item := range cutItems(toks, isArmyWord) {
		asArmy := false
		for len(item) > 0 {
			last := item[len(item)-1].Low
			if last == "army" || last == "ahq" || last == "hq" {
				if last != "hq" {
					asArmy = true
				}
				item = item[:len(item)-1]
				if len(item) > 0 && item[len(item)-1].Low == "as" {
					item = item[:len(item)-1]
				}
				continue
			}
			break
		}
		ids := p.ReadNames(t, item)
		if ids == nil {
			r := p.resolveName(t, item, "block")
			if !r.found {
				continue
			}
			ids = []string{r.id}
		}
		for k, id := range ids {
			b := BlockID(id)
			if i := p.activation(b); i >= 0 {
				p.doubt("parse.activated-twice", txt("name", t.Canonical(id)))
				if asArmy && k == len(ids)-1 {
					p.o.Activate[i].AsArmy = true
				}
				continue
			}
			if p.o.Activate == nil {
				p.o.Activate = make([]Activation, 0, 4)
			}
			p.o.Activate = append(p.o.Activate, Activation{HQ: b, AsArmy: asArmy && k == len(ids)-1, Line: p.Line})
		}
	}
}

func (p *parser) activation(b BlockID) int {
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
			p.fail("parse.eg.battles", "parse.battles-which")
		}
		return
	}
	if p.lines.Battles != 0 {
		p.doubt("parse.battles-again", adjudicator.IntArg("line", p.lines.Battles))
	}
	p.o.Battles = areas
	p.lines.Battles = p.Line
}

// listInto adds blocks to a list order: a second line adds to the first, a block
// listed twice counts once.
func (p *parser) listInto(dst *[]BlockID, line *int, blocks []BlockID, what string) {
	t := p.Dict.BlockTable(p.Side)
	if len(*dst) == 0 && len(blocks) > 0 {
		*dst = make([]BlockID, 0, len(blocks))
	} else if len(blocks) > 0 {
		*dst = slices.Grow(*dst, len(blocks))
	}
	for _, b := range blocks {
		if slices.Contains(*dst, b) {
			p.doubt("parse.on-list-already", txt("name", t.Canonical(string(b))), txt("list", what))
			continue
		}
		*dst = append(*dst, b)
	}
	if *line == 0 && len(*dst) > 0 {
		*line = p.Line
	}
}

func (p *parser) parsePin(toks []token) {
	if len(toks) == 0 {
		p.fail("parse.eg.pin", "parse.pin-which")
		return
	}
	p.listInto(&p.o.Pin, &p.lines.Pin, p.blockList(toks), "pin")
}

func (p *parser) parseSupply(toks []token) {
	if len(toks) == 0 {
		p.fail("parse.eg.supply", "parse.supply-which")
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
	for len(toks) > 0 && toks[0].Kind == tWord {
		switch toks[0].Low {
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
	toks = orders.SkipColon(toks)
	var firstBuf, lastBuf [16]BlockID
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
	if !orders.HasItem(toks) {
		p.fail("parse.eg.losses", "parse.losses-which")
		return
	}
	for _, item := range lossItems(toks) {
		q := ""
		for len(item) > 0 && item[len(item)-1].Kind == tWord && (item[len(item)-1].Low == "first" || item[len(item)-1].Low == "last") {
			q = item[len(item)-1].Low
			item = item[:len(item)-1]
		}
		for len(item) > 0 && item[0].Kind == tWord && (item[0].Low == "first" || item[0].Low == "last") && len(item) > 1 {
			q = item[0].Low
			item = item[1:]
		}
		if len(pending) > 0 {
			pending = append(pending, token{Kind: tComma, Text: ","})
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
	both := func(b BlockID) bool {
		inFirst := slices.Contains(first, b) || slices.Contains(p.o.LossesFirst, b)
		inLast := slices.Contains(last, b) || slices.Contains(p.o.LossesLast, b)
		return inFirst && inLast
	}
	var clash []BlockID
	for _, list := range [2][]BlockID{first, last} {
		for _, b := range list {
			if both(b) && !slices.Contains(clash, b) {
				clash = append(clash, b)
				p.fail("", "parse.losses-both", txt("name", p.Dict.BlockTable(p.Side).Canonical(string(b))))
			}
		}
	}
	if len(clash) > 0 {
		drop := func(x BlockID) bool { return slices.Contains(clash, x) }
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

// isArmyWord: the word ends "sherman as army" (ahq, hq alike).
func isArmyWord(w string) bool { return w == "army" || w == "ahq" || w == "hq" }

// isLossWord: the word says where a losses item goes.
func isLossWord(w string) bool { return w == "first" || w == "last" }

// lossItems are the items of a losses list, written with commas or without: a
// first or last word ends an item ("gladden first hardee last") or, when the item
// starts with one ("first gladden last hardee"), starts one.
func lossItems(toks []token) [][]token {
	var out [][]token
	for item := range orders.ListItems(toks) {
		after := item[0].Kind != tWord || !isLossWord(item[0].Low)
		out = appendCut(out, item, isLossWord, after)
	}
	return out
}

// cutItems are the items of a list, each cut further after the words that end
// an item when names are written without commas ("sherman as army prentiss").
func cutItems(toks []token, cut func(string) bool) [][]token {
	var out [][]token
	for item := range orders.ListItems(toks) {
		out = appendCut(out, item, cut, true)
	}
	return out
}

// appendCut appends one list item to out, cut at the words that end an item
// (after) or start one (!after): the marks "as army", "first", "last".
func appendCut(out [][]token, item []token, cut func(string) bool, after bool) [][]token {
	start := 0
	for i := range item {
		if item[i].Kind != tWord || !cut(item[i].Low) || after && i == start {
			continue
		}
		end := i + 1 // cut after the word
		if !after {
			end = i
		}
		if end > start && end < len(item) {
			out = append(out, item[start:end:end])
			start = end
		}
	}
	return append(out, item[start:len(item):len(item)])
}

// parseInitiative: "initiative: first" (Planned Initiative, optional 2.1).
func (p *parser) parseInitiative(toks []token) {
	words := make([]string, 0, len(toks))
	for ti := range toks {
		t := &toks[ti]
		words = append(words, t.Low)
	}
	w := strings.Join(words, " ")
	w = strings.TrimPrefix(w, "be ")
	w = strings.TrimPrefix(w, "go ")
	w = strings.TrimPrefix(w, "i want to be ")
	var c InitiativeChoice
	switch w {
	case "first", "1", "1st", "player 1", "p1", "player one", "one":
		c = InitiativeFirst
	case "second", "2", "2nd", "player 2", "p2", "player two", "two", "last":
		c = InitiativeSecond
	case "any", "either", "none", "no preference", "roll", "dice", "dont care", "don't care":
		c = InitiativeAny
	default:
		p.fail("parse.hint.initiative", "parse.initiative-unread", txt("typed", orders.JoinWords(toks)))
		return
	}
	if p.lines.Initiative != 0 {
		p.doubt("parse.initiative-again", adjudicator.IntArg("line", p.lines.Initiative))
	}
	p.o.Initiative = c
	p.lines.Initiative = p.Line
}

func (p *parser) parseSide(toks []token) {
	s, ok := adjudicator.ParseSide(orders.JoinWords(toks))
	if !ok {
		p.fail("parse.hint.side", "parse.side-unread", txt("typed", orders.JoinWords(toks)))
		return
	}
	if s != p.Side && p.Side != adjudicator.NoSide {
		p.Fail(adjudicator.Say("parse.hint.side-address", adjudicator.SideArg("side", p.Side)),
			adjudicator.Say("parse.side-other", adjudicator.SideArg("said", s), adjudicator.SideArg("side", p.Side)))
	}
}

package shiloh1862

// This file turns the names in an order into ids: blocks, areas, arrival groups and
// their lists, with "did you mean" suggestions for what matches nothing (package
// orders looks them up; this file words what it cannot find).

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// resolved is a name found, with how it was found.
type resolved struct {
	id    string
	found bool
}

// resolveName looks a name up in t, reporting problems; what says what kind of name
// was expected ("block", "area", "arrival").
func (p *parser) resolveName(t *orders.Table, toks []token, what string) resolved {
	r := p.Resolve(t, toks)
	switch {
	case r.Found:
		return resolved{id: r.ID, found: true}
	case r.Reported:
		return resolved{}
	case r.Typed == "":
		p.fail("", "parse.missing."+what)
		return resolved{}
	}
	if what == "block" {
		enemy := p.Dict.BlockTable(p.Side.Enemy())
		if other := enemy.Lookup(r.Typed); other.Found() && p.Side != adjudicator.NoSide {
			p.Fail(r.Hint, adjudicator.Say("parse.enemy-block", txt("name", enemy.Name(other).Canonical),
				adjudicator.SideArg("enemy", p.Side.Enemy()), adjudicator.SideArg("side", p.Side)))
			return resolved{}
		}
	}
	p.Fail(r.Hint, adjudicator.Say("parse.unknown."+what, txt("typed", r.Typed)))
	return resolved{}
}

// blockList resolves a comma list of blocks. An item that is not one name may be
// several typed without commas ("cleburne wood").
func (p *parser) blockList(toks []token) []BlockID {
	out := p.blockBuf[:0]
	t := p.Dict.BlockTable(p.Side)
	// the items listItems yields, walked here: the lists are read on most lines
	for start, end := 0, 0; start < len(toks); start = end + 1 {
		end = nextComma(toks, start)
		if end == start {
			continue
		}
		item := toks[start:end:end]
		// one name exactly or by prefix (the common case), else itemIDs
		if l := p.Lookup(t, item); l.Found() {
			p.NoteRespelt(t, l, item)
			out = p.addBlock(out, t, t.Name(l).ID)
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
func (p *parser) addBlock(out []BlockID, t *orders.Table, id string) []BlockID {
	b := BlockID(id)
	if slices.Contains(out, b) {
		p.doubt("parse.listed-twice", txt("name", t.Canonical(id)))
		return out
	}
	return append(out, b)
}

// addArea adds an area to a list, warning of one listed twice.
func (p *parser) addArea(out []AreaID, id string) []AreaID {
	a := AreaID(id)
	if slices.Contains(out, a) {
		p.doubt("parse.listed-twice", txt("name", p.Dict.AreaTable().Canonical(id)))
		return out
	}
	return append(out, a)
}

// nextComma is the index of the first comma in toks from start on, or len(toks).
func nextComma(toks []token, start int) int {
	for start < len(toks) && toks[start].Kind != tComma {
		start++
	}
	return start
}

// areaList resolves a comma list of areas.
func (p *parser) areaList(toks []token) []AreaID {
	out := p.areaBuf[:0]
	t := p.Dict.AreaTable()
	for start, end := 0, 0; start < len(toks); start = end + 1 { // as in blockList
		end = nextComma(toks, start)
		if end == start {
			continue
		}
		item := toks[start:end:end]
		if item[0].Kind == tArrow {
			item = item[1:]
		}
		if l := p.Lookup(t, item); l.Found() {
			p.NoteRespelt(t, l, item)
			out = p.addArea(out, t.Name(l).ID)
			continue
		}
		for _, id := range p.itemIDs(t, item, "area") {
			out = p.addArea(out, id)
		}
	}
	p.areaBuf = out
	return p.keepAreas(out)
}

// itemIDs resolves one list item that is not one name exactly or by prefix (its
// caller looked that up) to its ids: several when names were typed without commas.
// It reports problems. The result is valid until the next call.
func (p *parser) itemIDs(t *orders.Table, item []token, what string) []string {
	if ids := p.ReadNames(t, item); ids != nil {
		return ids
	}
	if r := p.resolveName(t, item, what); r.found {
		p.ids = append(p.ids[:0], r.id)
		return p.ids
	}
	return nil
}

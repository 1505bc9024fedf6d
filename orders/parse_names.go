package orders

// This file turns the names in an order into ids: blocks, areas, arrival groups and
// their lists, with "did you mean" suggestions for what matches nothing (names.go).

import (
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

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

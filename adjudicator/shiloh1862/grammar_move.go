package shiloh1862

// This file reads moves: blocks, a path of areas or a road (5.3, 5.31), an intent
// (move, attack, reinforce) and the marks that go with them, and stay orders.

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// parseMoveOrChoice reads a move, or an arrival choice written as "l wallace: road d".
func (p *parser) parseMoveOrChoice(toks []token) {
	for i := range toks {
		t := &toks[i]
		if t.Kind == tColon && i > 0 {
			if p.arrivalChoice(toks[:i], toks[i+1:], false) {
				return
			}
			break
		}
	}
	// "nelson lands at pittsburg landing"
	for i := range toks {
		t := &toks[i]
		if t.Kind == tWord && (t.Low == "lands" || t.Low == "land") && i > 0 && i+1 < len(toks) {
			if l := p.LookupText(p.Dict.ArrivalTable(p.Side), toks[:i]); l.Found() {
				p.landing(toks[:i], orders.SkipWords(toks[i+1:], "at", "on"))
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
	m := Move{Line: p.Line}
	intentSet := false
	setIntent := func(t token) {
		in, _ := intentOf(t.Low)
		if intentSet && in != m.Intent {
			p.doubt("parse.two-intents", txt("typed", t.Text))
		}
		if in != IntentMove || !intentSet {
			m.Intent = in
		}
		intentSet = true
	}
	take := func(t token) {
		if isMarkWord(t.Low) {
			m.Uncommanded = true
		} else {
			setIntent(t)
		}
	}
	toks = p.splitMisspeltTail(toks)
	for len(toks) > 0 && isMark(&toks[0]) {
		take(toks[0])
		toks = toks[1:]
	}
	for len(toks) > 0 && (isMark(&toks[len(toks)-1]) || toks[len(toks)-1].Kind == tComma) {
		if toks[len(toks)-1].Kind == tWord {
			take(toks[len(toks)-1])
		}
		toks = toks[:len(toks)-1]
	}
	// an intent word inside the line acts as the arrow: "cleburne attack rea"
	for i := 1; i < len(toks); i++ {
		if isMark(&toks[i]) {
			take(toks[i])
			if isMarkWord(toks[i].Low) {
				toks = append(toks[:i:i], toks[i+1:]...)
				break
			}
			toks[i] = token{Kind: tArrow, Text: toks[i].Text, Low: toks[i].Low}
			// "attack to rea": the arrow already follows
			if i+1 < len(toks) && toks[i+1].Kind == tArrow {
				toks = append(toks[:i:i], toks[i+1:]...)
			}
			break
		}
	}
	if len(toks) == 0 {
		p.fail("parse.eg.move-attack", "parse.move-what")
		return
	}
	if last := toks[len(toks)-1]; last.Kind == tWord && isStayWord(last.Low) && len(toks) > 1 {
		p.stay(toks[:len(toks)-1])
		return
	}
	// where the blocks end
	split, skip := -1, 1
	for i := range toks {
		t := &toks[i]
		if t.Kind == tColon {
			split = i
			break
		}
	}
	if split < 0 {
		for i := range toks {
			t := &toks[i]
			if t.Kind == tWord && t.Low == "from" {
				split, skip = i, 0
				break
			}
			if t.Kind == tArrow || t.Kind == tRoad {
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
		p.fail("parse.eg.move", "parse.move-blocks")
		return
	}
	blockToks := toks[:split]
	path := toks[split+skip:]
	// "cleburne, wood from seay to rea" after a colon: "cleburne: from seay to rea"
	path = orders.SkipWords(path, "from")
	noFrom := false
	road := false
	if len(path) > 0 && (path[0].Kind == tArrow || path[0].Kind == tRoad) {
		noFrom = true
		road = path[0].Kind == tRoad
		path = path[1:]
	}
	segs, seps, ok := splitPath(path, make([][]token, 0, 3), make([]orders.TokenKind, 0, 3))
	if !ok {
		p.fail("parse.hint.move-list", "parse.move-list")
		return
	}
	if len(segs) == 0 {
		p.fail("parse.eg.move", "parse.move-where")
		return
	}
	if skip == 0 && split > 0 && toks[split].Kind != tWord {
		// "cleburne wood seay > rea": the colon forgotten, the last words the start
		if b, from, ok := p.blocksThenArea(blockToks); ok {
			blockToks = b
			segs = append([][]token{from}, segs...)
			seps = append([]orders.TokenKind{tArrow}, seps...)
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
			seps = []orders.TokenKind{tArrow}
		}
	}
	before := len(p.Problems)
	blocks := p.blockList(blockToks)
	var areaBuf [4]AreaID
	areas := areaBuf[:0]
	bad := false
	for _, s := range segs {
		r := p.resolveName(p.Dict.AreaTable(), s, "area")
		if !r.found {
			bad = true
			continue
		}
		areas = append(areas, AreaID(r.id))
	}
	if bad || len(blocks) == 0 {
		if len(p.Problems) > before && !p.anyName(blockToks, segs) {
			p.Problems = p.Problems[:before]
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
		p.fail("parse.eg.move", "parse.move-where")
		return
	case len(areas) > 2:
		p.fail("parse.hint.move-far", "parse.move-far", adjudicator.IntArg("n", len(areas)))
		return
	case len(areas) == 1 && road:
		// ">>": the road decides the area in between. When the map knows exactly one,
		// it is filled in (and the receipt shows it); otherwise it stays empty for the
		// engine, which knows where the blocks stand.
		m.Path = p.keepAreas([]AreaID{"", areas[0]})
		if m.From != "" {
			if mids := p.Dict.RoadMiddles(string(m.From), string(areas[0])); len(mids) == 1 {
				m.Path[0] = AreaID(mids[0])
			}
		}
	default:
		m.Path = p.keepAreas(areas)
	}
	if m.From != "" && m.Path[len(m.Path)-1] == m.From {
		p.fail("", "parse.move-stays", txt("place", p.Dict.AreaTable().Canonical(string(m.From))))
		return
	}
	if m.Uncommanded && m.Intent != IntentMove {
		p.fail("parse.hint.uncommanded", "parse.uncommanded", adjudicator.WordArg("intent", "intent."+m.Intent.String()))
		return
	}
	m.Blocks = blocks
	p.addMove(m)
}

// splitMisspeltTail splits misspelt intent or straggler words off the end of a
// move's destination ("hornets nest atack"): when the words after the last arrow or
// colon name no area, but do once trailing words are taken off, each of which is an
// intent or straggler word or a near miss of exactly one, the near misses are
// replaced by the words they miss and the receipt says how the line was read. The
// tokens are changed in place.
func (p *parser) splitMisspeltTail(toks []token) []token {
	start := -1
	for i := range toks {
		if k := toks[i].Kind; k == tArrow || k == tRoad || k == tColon {
			start = i + 1
		}
	}
	if start < 0 || len(toks)-start < 2 {
		return toks
	}
	seg := toks[start:]
	at := p.Dict.AreaTable()
	if p.LookupText(at, seg).How != orders.NotFound {
		return toks
	}
	var fixed [4]string // the tail's words, as read; the tail is short
	typos := 0
	for k := len(seg) - 1; k >= 1 && len(seg)-k <= len(fixed); k-- {
		w := &seg[k]
		if w.Kind != tWord {
			return toks
		}
		switch {
		case isMark(w):
			fixed[len(seg)-1-k] = markWord(w.Low)
		case keywordTypo(w.Low) != "":
			fixed[len(seg)-1-k] = keywordTypo(w.Low)
			typos++
		default:
			return toks
		}
		l := p.LookupText(at, seg[:k])
		if typos == 0 || !l.Found() {
			continue
		}
		as := at.Name(l).Canonical
		for j := len(seg) - 1 - k; j >= 0; j-- {
			as += " " + fixed[j]
		}
		p.Doubt(orders.ReadAs(orders.JoinWords(seg), as))
		for j := k; j < len(seg); j++ {
			if w := fixed[len(seg)-1-j]; seg[j].Low != w && !isMark(&seg[j]) {
				seg[j] = token{Kind: tWord, Text: w, Low: w, Simple: true}
			}
		}
		return toks
	}
	return toks
}

// markWord is how the receipt prints an intent or straggler word.
func markWord(w string) string {
	if isMarkWord(w) {
		return "uncommanded"
	}
	in, _ := intentOf(w)
	return in.String()
}

// keywordTypo returns the intent or straggler word ("attack", "uncommanded") that w
// is a near miss of, when it is one of exactly one; "" otherwise. Words of fewer
// than four letters are never corrected: too many words are near them.
func keywordTypo(w string) string {
	if len(w) < 4 || isIntentWord(w) {
		return ""
	}
	limit := 1
	if len(w) >= 8 {
		limit = 2
	}
	found := ""
	for _, k := range intentAndMarkWords {
		if len(k) < 4 || orders.Distance(w, k, limit+1) > limit {
			continue
		}
		c := markWord(k)
		if found != "" && found != c {
			return ""
		}
		found = c
	}
	return found
}

// isMark reports an intent or straggler word.
func isMark(t *token) bool {
	if t.Kind != tWord || len(t.Low) < 2 || len(t.Low) > 11 {
		return false // the intent and straggler words are 2 to 11 letters
	}
	return isIntentWord(t.Low)
}

// splitPath cuts a move's path at its arrows into the segments between them (the
// areas) and the arrows that join them, appended to segs and seps; ok is false for
// a path holding a comma. (Out of parseMove, whose loop was short of registers.)
func splitPath(path []token, segs [][]token, seps []orders.TokenKind) (_ [][]token, _ []orders.TokenKind, ok bool) {
	start := 0 // of the current segment in path; colons in it are ignored by lookups
	for i := range path {
		t := &path[i]
		if t.Kind == tArrow || t.Kind == tRoad {
			if i == start {
				if t.Kind == tRoad && len(seps) > 0 {
					seps[len(seps)-1] = tRoad
				}
				start = i + 1
				continue
			}
			segs = append(segs, path[start:i:i])
			seps = append(seps, t.Kind)
			start = i + 1
			continue
		}
		if t.Kind == tComma {
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
	p.fail("parse.hint.not-an-order", "parse.not-an-order", txt("line", p.Source()))
}

// anyName reports whether a would-be move names anything at all, so that a line of
// prose gets one error rather than one per word group.
func (p *parser) anyName(blocks []token, segs [][]token) bool {
	bt := p.Dict.BlockTable(p.Side)
	for _, item := range orders.SplitList(blocks) {
		if l := p.LookupText(bt, item); l.How != orders.NotFound || p.SplitNames(bt, item) != nil {
			return true
		}
		if l := p.LookupText(p.Dict.BlockTable(p.Side.Enemy()), item); l.Found() {
			return true
		}
	}
	for _, s := range segs {
		if l := p.LookupText(p.Dict.AreaTable(), s); l.How != orders.NotFound {
			return true
		}
	}
	return false
}

// blocksThenArea splits "cleburne, wood seay" into the blocks and a starting area,
// when the whole is not a list of blocks and both parts are names exactly or by
// prefix.
func (p *parser) blocksThenArea(toks []token) (blocks, area []token, ok bool) {
	last, ok := orders.LastItem(toks)
	if !ok {
		return nil, nil, false
	}
	bt := p.Dict.BlockTable(p.Side)
	if l := p.LookupText(bt, last); l.Found() || p.SplitNames(bt, last) != nil {
		return nil, nil, false
	}
	start := len(toks) - len(last)
	for k := 1; k < len(last); k++ {
		if la := p.LookupText(p.Dict.AreaTable(), last[k:]); !la.Found() {
			continue
		}
		head := last[:k]
		if lb := p.LookupText(bt, head); lb.Found() || p.SplitNames(bt, head) != nil {
			return toks[:start+k], last[k:], true
		}
	}
	return nil, nil, false
}

// twoAreas splits "seay rea" into two areas, when it is not one.
func (p *parser) twoAreas(toks []token) (a, b []token, ok bool) {
	if l := p.LookupText(p.Dict.AreaTable(), toks); l.How != orders.NotFound {
		return nil, nil, false
	}
	for k := 1; k < len(toks); k++ {
		la := p.LookupText(p.Dict.AreaTable(), toks[:k])
		lb := p.LookupText(p.Dict.AreaTable(), toks[k:])
		if (la.Found()) && (lb.Found()) {
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
	for len(toks) > 0 && toks[len(toks)-1].Kind != tWord {
		toks = toks[:len(toks)-1]
	}
	before := len(p.Problems)
	blocks := p.blockList(toks)
	if len(blocks) == 0 {
		if len(p.Problems) > before && !p.anyName(toks, nil) {
			p.Problems = p.Problems[:before]
			p.notAnOrder()
		}
		return
	}
	t := p.Dict.BlockTable(p.Side)
	for _, b := range blocks {
		for i := range p.o.Moves {
			old := &p.o.Moves[i]
			if j := slices.Index(old.Blocks, b); j >= 0 {
				p.doubt("parse.move-cancelled", txt("name", t.Canonical(string(b))), adjudicator.IntArg("line", old.Line))
				old.Blocks = slices.Delete(old.Blocks, j, j+1)
				p.emptied = p.emptied || len(old.Blocks) == 0
				delete(p.moveOf, string(b))
			}
		}
	}
}

// addMove keeps one move per block: a later order for a block replaces the earlier.
func (p *parser) addMove(m Move) {
	t := p.Dict.BlockTable(p.Side)
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
			p.doubt("parse.move-replaced", txt("name", t.Canonical(string(b))), adjudicator.IntArg("line", old.Line))
			old.Blocks = slices.Delete(old.Blocks, j, j+1) // its own part of the slab
			p.emptied = p.emptied || len(old.Blocks) == 0
		}
	}
	p.o.Moves = append(p.o.Moves, m)
}

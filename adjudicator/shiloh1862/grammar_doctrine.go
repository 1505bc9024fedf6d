package shiloh1862

// This file reads the standing battle orders: doctrine per area or for all battles
// (hold, withdraw after a round, withdraw if weaker, retreat lists; 6.7) and regroup
// (6.8).

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// parseRegroup: "regroup at rea: seay", "regroup at rea: cleburne, wood > seay",
// "regroup from rea to seay" (6.8).
func (p *parser) parseRegroup(toks []token) {
	toks = orders.SkipWords(toks, "at", "from", "in", "after")
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.Kind == tColon || t.Kind == tArrow || t.Kind == tRoad {
			split = i
			break
		}
	}
	if split <= 0 {
		p.fail("parse.eg.regroup", "parse.regroup-what")
		return
	}
	area := p.resolveName(p.Dict.AreaTable(), toks[:split], "area")
	if !area.found {
		return
	}
	p.regroup(AreaID(area.id), toks[split+1:])
}

// regroup reads "[BLOCKS >] AREA" for a battle in area.
func (p *parser) regroup(area AreaID, toks []token) {
	toks = orders.SkipWords(toks, "to")
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.Kind == tArrow || t.Kind == tRoad || t.Kind == tColon {
			split = i
		}
	}
	var blocks []BlockID
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
		p.fail("parse.eg.regroup", "parse.regroup-where")
		return
	}
	to := p.resolveName(p.Dict.AreaTable(), dest, "area")
	if !to.found {
		return
	}
	if p.o.Regroup == nil {
		p.o.Regroup = make([]Regroup, 0, 4)
	}
	p.o.Regroup = append(p.o.Regroup, Regroup{Area: area, Blocks: blocks, To: AreaID(to.id), Line: p.Line})
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
	toks = orders.SkipWords(toks, "the")
	if len(toks) > 0 && toks[0].Kind == tWord && (toks[0].Low == "all" || toks[0].Low == "every") {
		rest := orders.SkipWords(toks[1:], "battles", "battle", "areas")
		p.parseDoctrine(nil, orders.SkipColon(rest))
		return
	}
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.Kind == tColon {
			split = i
			break
		}
		if t.Kind == tWord && isClauseWord(t.Low) && i > 0 {
			split = i
			break
		}
	}
	if split <= 0 {
		p.fail("parse.eg.at", "parse.at-what")
		return
	}
	areas := p.areaList(toks[:split])
	if len(areas) == 0 {
		return
	}
	body := toks[split:]
	if body[0].Kind == tColon {
		body = body[1:]
	}
	if len(body) > 0 && !(body[0].Kind == tWord && isClauseWord(body[0].Low)) && len(areas) == 1 {
		// "at seay: cleburne, wood > rea attack": a move from that area
		for i := range body {
			t := &body[i]
			if (t.Kind == tArrow || t.Kind == tRoad) && i > 0 {
				move := append(append(append([]token{}, body[:i]...), token{Kind: tColon, Text: ":"}), toks[:split]...)
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
		if t.Kind == tWord && (t.Low == "at" || t.Low == "in") {
			areas := p.areaList(orders.SkipColon(toks[i+1:]))
			if len(areas) == 0 {
				return
			}
			p.parseDoctrine(areas, toks[:i])
			return
		}
	}
	if n := len(toks); n > 1 && toks[n-1].Kind == tWord && (toks[n-1].Low == "everywhere" || toks[n-1].Low == "always") {
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
	kind     DoctrineKind
	kindSet  bool
	after    int
	retreat  []AreaID
	regroups [][]token
}

// parseDoctrine reads clauses for the areas (nil: every battle).
func (p *parser) parseDoctrine(areas []AreaID, toks []token) {
	if len(toks) == 0 {
		p.fail("parse.eg.doctrine", "parse.doctrine-what")
		return
	}
	// clauses: split on commas where the next item starts with a clause word; other
	// items continue the last list (retreat areas).
	var clauseBuf [4][]token
	clauses := clauseBuf[:0]
	// a clause continued over commas is gathered at the end of the scratch buffer
	buf, at := p.clauseToks[:0], -1
	for item := range orders.ListItems(toks) {
		if len(clauses) == 0 || (item[0].Kind == tWord && isClauseWord(item[0].Low)) {
			clauses = append(clauses, item)
			at = -1
			continue
		}
		last := &clauses[len(clauses)-1]
		if at < 0 {
			at = len(buf)
			buf = append(buf, *last...)
		}
		buf = append(buf, token{Kind: tComma, Text: ","})
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
			p.fail("parse.eg.regroup", "parse.regroup-area")
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

func (p *parser) setDoctrine(area AreaID, spec doctrineSpec) {
	// a handful of doctrines at most: a search is quicker than a map
	i := slices.IndexFunc(p.o.Doctrine, func(d Doctrine) bool { return d.Area == area })
	if i < 0 {
		d := Doctrine{Area: area, Kind: spec.kind, AfterRound: spec.after, Line: p.Line}
		if spec.kind != WithdrawAfter {
			d.AfterRound = 0
		}
		d.Retreat = spec.retreat
		if p.o.Doctrine == nil {
			p.o.Doctrine = make([]Doctrine, 0, 8)
		}
		p.o.Doctrine = append(p.o.Doctrine, d)
		return
	}
	d := &p.o.Doctrine[i]
	// again says that this line replaces what line d gave: for the area, or for
	// every battle
	again := func(code string) {
		if area == "" {
			p.doubt(code+".all", adjudicator.IntArg("line", d.Line))
			return
		}
		p.doubt(code, txt("name", p.Dict.AreaTable().Canonical(string(area))), adjudicator.IntArg("line", d.Line))
	}
	if spec.kindSet {
		if d.Kind != spec.kind || d.AfterRound != spec.after {
			again("parse.doctrine-again")
		}
		d.Kind, d.AfterRound = spec.kind, spec.after
		if spec.kind != WithdrawAfter {
			d.AfterRound = 0
		}
	}
	if len(spec.retreat) > 0 {
		if len(d.Retreat) > 0 {
			again("parse.retreat-again")
		}
		d.Retreat = spec.retreat
	}
}

// doctrineClause reads one clause into spec.
func (p *parser) doctrineClause(spec *doctrineSpec, c []token) bool {
	head := c[0].Low
	rest := c[1:]
	set := func(k DoctrineKind, after int) {
		if spec.kindSet && (spec.kind != k || spec.after != after) {
			p.doubt("parse.two-doctrines", txt("doctrine", k.String()))
		}
		spec.kind, spec.after, spec.kindSet = k, after, true
	}
	switch head {
	case "hold", "fight", "stand":
		// "hold", "hold fast", "fight on", "stand firm", "hold to the last"
		for ti := range rest {
			t := &rest[ti]
			if t.Kind != tArrow && !isHoldWord(t.Low) {
				p.fail("parse.hint.hold", "parse.hold-extra", txt("typed", orders.JoinWords(c)))
				return false
			}
		}
		set(Hold, 0)
		return true
	case "regroup":
		rest = orders.SkipWords(rest, "at")
		if len(rest) == 0 {
			p.fail("parse.eg.regroup-to", "parse.regroup-where")
			return false
		}
		spec.regroups = append(spec.regroups, rest)
		return true
	}
	if !isClauseWord(head) {
		p.fail("parse.hint.doctrine", "parse.not-doctrine", txt("typed", orders.JoinWords(c)))
		return false
	}
	// withdraw / retreat / pull back / fall back
	rest = orders.SkipWords(rest, "back", "out")
	if len(rest) == 0 {
		set(WithdrawAfter, 0)
		return true
	}
	ok := true
	areaToks := p.tokBuf[:0]
	defer func() { p.tokBuf = areaToks[:0] }()
	collecting := false
	for i := 0; i < len(rest); i++ {
		t := rest[i]
		switch {
		case t.Kind == tWord && t.Low == "after" && !collecting:
			j := i + 1
			if j < len(rest) && (rest[j].Low == "round" || rest[j].Low == "rounds") {
				j++
			}
			n, found := 0, false
			if j < len(rest) {
				n, found = numberWords[rest[j].Low]
			}
			if !found {
				p.fail("parse.eg.withdraw-after", "parse.withdraw-round")
				return false
			}
			if j+1 < len(rest) && (rest[j+1].Low == "round" || rest[j+1].Low == "rounds") {
				j++
			}
			if n > 3 {
				p.fail("parse.hint.withdraw-late", "parse.withdraw-late", adjudicator.IntArg("round", n))
				return false
			}
			set(WithdrawAfter, n)
			i = j
		case t.Kind == tWord && (t.Low == "if" || t.Low == "when") && !collecting:
			j := i + 1
			for j < len(rest) && rest[j].Kind == tWord && (rest[j].Low == "we" || rest[j].Low == "are" || rest[j].Low == "i" || rest[j].Low == "am" || rest[j].Low == "is") {
				j++
			}
			if j < len(rest) && (rest[j].Low == "weaker" || rest[j].Low == "outnumbered" || rest[j].Low == "losing") {
				set(WithdrawIfWeaker, 0)
				i = j
				for i+1 < len(rest) && rest[i+1].Kind == tWord && !(rest[i+1].Low == "after" || rest[i+1].Low == "to") {
					i++ // "if weaker than the enemy"
				}
				continue
			}
			p.fail("parse.eg.withdraw-if", "parse.withdraw-if")
			return false
		case t.Kind == tWord && (t.Low == "retreat" || t.Low == "withdraw" || t.Low == "then") && !collecting:
			// "withdraw after round 2 retreat seay"
			collecting = true
		case t.Kind == tWord && (t.Low == "at" || t.Low == "immediately" || t.Low == "once" || t.Low == "now") && !collecting:
			set(WithdrawAfter, 0)
		case t.Kind == tArrow || t.Kind == tColon || t.Kind == tRoad:
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
					p.doubt("parse.listed-twice", txt("name", p.Dict.AreaTable().Canonical(string(a))))
					continue
				}
				spec.retreat = append(spec.retreat, a)
			}
		}
	}
	return ok
}

package antietam

import (
	"slices"
	"strconv"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// This file reads the parts of an order: units (by designation, with "did you
// mean"), hexes (by number, or by a named place), and odds. Each reports its own
// problems at the line being read and says whether it read anything.

// isNumber reports a word of digits only.
func isNumber(t token) bool {
	if t.Kind != tWord || t.Low == "" {
		return false
	}
	for i := 0; i < len(t.Low); i++ {
		if t.Low[i] < '0' || t.Low[i] > '9' {
			return false
		}
	}
	return true
}

// isHexNumber reports a word that can only be a hex number: three or four digits
// (a unit's designation has at most one digit before a slash).
func isHexNumber(t token) bool { return isNumber(t) && (len(t.Low) == 3 || len(t.Low) == 4) }

// isSlash reports the "/" inside a designation, which the lexer gives as a comma.
func isSlash(t token) bool { return t.Kind == tComma && t.Text == "/" }

// unitItems splits a list of units at its commas ("," ";" "&" "+" "and"), but
// not at the slashes of a designation ("1/1/I").
func unitItems(toks []token) [][]token {
	var out [][]token
	start := 0
	for i, t := range toks {
		if t.Kind == tComma && !isSlash(t) {
			if i > start {
				out = append(out, toks[start:i])
			}
			start = i + 1
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// startsWithUnit reports whether a list starts with one of the side's units,
// spelled exactly or in part: the line is then a move missing its path.
func (p *parser) startsWithUnit(toks []token) bool {
	items := unitItems(toks)
	if len(items) == 0 {
		return false
	}
	if p.Lookup(p.Dict.BlockTable(p.Side), items[0]).Found() {
		return true
	}
	return len(p.splitUnits(items[0])) > 0
}

// units reads a list of the side's units; false when any could not be read (the
// problem is reported).
func (p *parser) units(toks []token) ([]UnitID, bool) {
	var out []UnitID
	for _, item := range unitItems(toks) {
		ids, ok := p.unitItem(item)
		if !ok {
			return nil, false
		}
		out = append(out, ids...)
	}
	if len(out) == 0 {
		return nil, false
	}
	return out, true
}

// unitItem reads one item of a list: a unit, or several typed without commas
// ("Hood Law", "1/1/I 2/1/I") or with slashes ("Hood/Law").
func (p *parser) unitItem(item []token) ([]UnitID, bool) {
	t := p.Dict.BlockTable(p.Side)
	if m := p.Lookup(t, item); m.Found() {
		return []UnitID{UnitID(t.Name(m).ID)}, true
	}
	if ids := p.splitUnits(item); len(ids) > 0 {
		return ids, true
	}
	id, ok := p.resolveUnit(item)
	if !ok {
		return nil, false
	}
	return []UnitID{id}, true
}

// chunks groups an item's tokens into words joined by slashes: "1/1/I 2/1/I" is
// two chunks, "GT Anderson" two.
func chunks(item []token) [][]token {
	var out [][]token
	for i := 0; i < len(item); {
		j := i + 1
		for j+1 < len(item) && isSlash(item[j]) && item[j+1].Kind == tWord {
			j += 2
		}
		out = append(out, item[i:j])
		i = j
	}
	return out
}

// maxUnitWords is more chunks than any unit's name has ("G T Anderson").
const maxUnitWords = 3

// splitUnits reads an item as two or more units typed without commas, or joined
// by slashes, when every part is a unit spelled exactly (or in part, by three
// letters or more); nil otherwise.
func (p *parser) splitUnits(item []token) []UnitID {
	t := p.Dict.BlockTable(p.Side)
	parts := chunks(item)
	if len(parts) < 2 {
		// "Hood/Law": one chunk of names, the slashes read as commas
		if len(parts) == 1 && len(parts[0]) > 1 {
			var ids []UnitID
			for i := 0; i < len(item); i += 2 {
				m := p.Lookup(t, item[i:i+1])
				if !m.Found() || m.How == orders.Prefix && len(item[i].Low) < 3 {
					return nil
				}
				ids = append(ids, UnitID(t.Name(m).ID))
			}
			return ids
		}
		return nil
	}
	var ids []UnitID
	for i := 0; i < len(parts); {
		j := min(len(parts), i+maxUnitWords)
		for ; j > i; j-- {
			joined := slices.Concat(parts[i:j]...)
			m := p.Lookup(t, joined)
			if m.How == orders.Exact || m.How == orders.Prefix && (j-i > 1 || len(parts[i][0].Low) >= 3) {
				ids = append(ids, UnitID(t.Name(m).ID))
				break
			}
		}
		if j == i {
			return nil
		}
		i = j
	}
	if len(ids) < 2 {
		return nil
	}
	return ids
}

// resolveUnit reads a unit's name that is not spelled exactly: a near miss is
// taken with a note, a name of several units or of none is an error, with the
// nearest names, or saying whose unit it is when it is the enemy's.
func (p *parser) resolveUnit(item []token) (UnitID, bool) {
	t := p.Dict.BlockTable(p.Side)
	typed := orders.JoinWords(item)
	m := t.Lookup(typed)
	switch m.How {
	case orders.Exact, orders.Prefix:
		return UnitID(t.Name(m).ID), true
	case orders.Fuzzy:
		p.Doubt(say("parse.read-as", text("typed", typed), text("name", t.Name(m).Canonical)))
		return UnitID(t.Name(m).ID), true
	case orders.Ambiguous:
		p.fail("parse.hint.write-more", "parse.ambiguous-unit", text("typed", typed), adjudicator.TextsArg("names", t.Candidates(m)))
		return "", false
	}
	if p.Side != adjudicator.NoSide {
		enemy := p.Dict.BlockTable(p.Side.Enemy())
		if em := enemy.Lookup(typed); em.Found() {
			p.fail("", "parse.enemy-unit", text("name", enemy.Name(em).Canonical))
			return "", false
		}
	}
	if sugg := t.Candidates(m); len(sugg) > 0 {
		p.Fail(say("parse.hint.did-you-mean", adjudicator.TextsArg("names", sugg)), say("parse.unknown-unit", text("typed", typed)))
	} else {
		p.fail(unitNamesHint(p.Side), "parse.unknown-unit", text("typed", typed))
	}
	return "", false
}

// hexNumber reads a hex number: four digits CCRR on the map (2.1), or three with
// the leading zero left out ("815" for 0815), read so with a note.
func (p *parser) hexNumber(t token) (HexID, bool) {
	w := t.Low
	g := p.sc.Map.Grid
	last := string(adjudicator.Cell(g.Cols, g.Rows))
	if len(w) == 3 {
		w = "0" + w
	}
	if len(w) == 4 {
		c, _ := strconv.Atoi(w[:2])
		r, _ := strconv.Atoi(w[2:])
		if c >= 1 && c <= g.Cols && r >= 1 && r <= g.Rows {
			if w != t.Low {
				p.Doubt(say("parse.hex-read-as", text("typed", t.Text), text("hex", w)))
			}
			return HexID(w), true
		}
	}
	p.fail("parse.hint.hex", "parse.no-such-hex", text("hex", t.Text), text("last", last))
	return "", false
}

// hexes reads a list of hexes, by number or named place, separated by commas,
// arrows or spaces. A place of several hexes stands for all of them when spread
// is set (a retreat's hexes, an area), else it is an error: the order wants one.
func (p *parser) hexes(toks []token, spread bool) ([]HexID, bool) {
	var out []HexID
	var words []token // a place's name being gathered
	flush := func() bool {
		if len(words) == 0 {
			return true
		}
		hs, ok := p.place(words, spread)
		words = words[:0]
		out = append(out, hs...)
		return ok
	}
	for _, t := range toks {
		switch {
		case t.Kind != tWord:
			if !flush() {
				return nil, false
			}
		case isNumber(t):
			if !flush() {
				return nil, false
			}
			h, ok := p.hexNumber(t)
			if !ok {
				return nil, false
			}
			out = append(out, h)
		default:
			words = append(words, t)
		}
	}
	if !flush() || len(out) == 0 {
		return nil, false
	}
	return out, true
}

// place reads a named place as its hexes.
func (p *parser) place(words []token, spread bool) ([]HexID, bool) {
	t := p.Dict.AreaTable()
	typed := orders.JoinWords(words)
	m := p.LookupText(t, words)
	if !m.Found() {
		m = t.Lookup(typed)
	}
	switch m.How {
	case orders.Exact, orders.Prefix, orders.Fuzzy:
	case orders.Ambiguous:
		p.fail("parse.hint.write-more", "parse.ambiguous-place", text("typed", typed), adjudicator.TextsArg("names", t.Candidates(m)))
		return nil, false
	default:
		if sugg := t.Candidates(m); len(sugg) > 0 {
			p.Fail(say("parse.hint.did-you-mean", adjudicator.TextsArg("names", sugg)), say("parse.unknown-place", text("typed", typed)))
		} else {
			p.fail("parse.hint.hex", "parse.unknown-place", text("typed", typed))
		}
		return nil, false
	}
	name := t.Name(m)
	hs := p.sc.names.places[name.ID]
	if m.How == orders.Fuzzy {
		p.Doubt(say("parse.read-as", text("typed", typed), text("name", name.Canonical)))
	}
	if len(hs) > 1 && !spread {
		p.fail("parse.hint.hex", "parse.place-hexes", text("place", name.Canonical), text("hexes", hexList(hs)))
		return nil, false
	}
	return hs, true
}

// hexList prints hexes for a message: "0815, 0816".
func hexList(hs []HexID) string {
	s := make([]string, len(hs))
	for i, h := range hs {
		s[i] = string(h)
	}
	return strings.Join(s, ", ")
}

// oneHex reads a single hex; what names none or several is an error.
func (p *parser) oneHex(toks []token, what string) (HexID, bool) {
	hs, ok := p.hexes(toks, false)
	if !ok {
		return "", false
	}
	if len(hs) != 1 {
		p.fail("parse.hint.hex", "parse.one-hex", text("what", what), text("typed", orders.JoinWords(toks)))
		return "", false
	}
	return hs[0], true
}

// odds reads a reduced odds column (7.9): "2-1", "2:1", "2 to 1", "2/1",
// "2 1"; it must be a column of the CRT (7.6).
func (p *parser) odds(toks []token) (string, bool) {
	var nums []string
	for _, t := range toks {
		if isNumber(t) {
			nums = append(nums, strings.TrimLeft(t.Low, "0"))
		} else if t.Kind == tWord && t.Low != "odds" && t.Low != "odd" {
			nums = nil // a word in the odds: not odds
			break
		}
	}
	cols := p.sc.Charts.CRT.Odds
	typed := orders.JoinWords(toks)
	if len(nums) == 2 {
		o := nums[0] + "-" + nums[1]
		if slices.Contains(cols, o) {
			return o, true
		}
	}
	p.fail("parse.hint.odds", "parse.bad-odds", text("typed", typed), text("columns", strings.Join(cols, " ")))
	return "", false
}

// unitNamesHint is the hint for a unit name not found: examples of the writer's
// own units (a Confederate is not shown Union designations), or of both sides'.
func unitNamesHint(s adjudicator.Side) string {
	switch s {
	case adjudicator.USA:
		return "parse.hint.unit-names.usa"
	case adjudicator.CSA:
		return "parse.hint.unit-names.csa"
	}
	return "parse.hint.unit-names"
}

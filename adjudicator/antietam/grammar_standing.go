package antietam

import (
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/orders"
)

// This file reads the standing orders: the choices a side's units make when
// combat moves them, in the enemy's player-turn or after an Ar in their own
// (7.71, 7.75, 7.81). A side's latest mail holds them; the defaults decide what
// they leave unsaid (docs/systems/antietam.md).

// isToward reports the arrow word that names a retreat's goal hex.
func isToward(t token) bool { return t.Kind == tArrow && (t.Low == "toward" || t.Low == "towards") }

// retreat reads a retreat preference (7.71):
//
//	retreat UNIT, … [from HEX, …] [to HEX, …] [toward HEX]
//	retreat from HEX, … [to HEX, …] [toward HEX]
//
// also with the units first ("Hood retreats to 0712") and a colon for "to".
func (p *parser) retreat(toks []token) {
	ri := slices.IndexFunc(toks, func(t token) bool { return t.Kind == tWord && isRetreatWord(t.Low) })
	head := slices.Concat(toks[:ri], toks[ri+1:])
	var rest []token
	if i := slices.IndexFunc(head, func(t token) bool { return t.Kind == tColon || t.Kind == tArrow }); i >= 0 {
		head, rest = head[:i], head[i:]
	}
	unitToks, fromToks := head, []token(nil)
	if i := slices.IndexFunc(head, func(t token) bool { return t.Kind == tWord && t.Low == "from" }); i >= 0 {
		unitToks, fromToks = head[:i], head[i+1:]
	}
	toToks, towardToks := rest, []token(nil)
	if i := slices.IndexFunc(rest, isToward); i >= 0 {
		toToks, towardToks = rest[:i], rest[i+1:]
	}
	var pref RetreatPref
	var units []UnitID
	ok := true
	if orders.HasItem(unitToks) {
		units, ok = p.units(unitToks)
	}
	if ok && orders.HasItem(fromToks) {
		pref.From, ok = p.hexes(fromToks, true)
	}
	if ok && orders.HasItem(toToks) {
		pref.To, ok = p.hexes(toToks, true)
	}
	if ok && orders.HasItem(towardToks) {
		pref.Toward, ok = p.oneHex(towardToks, "toward")
	}
	switch {
	case !ok:
		return
	case len(units) == 0 && len(pref.From) == 0:
		p.fail("parse.hint.retreat", "parse.retreat-whose")
		return
	case len(pref.To) == 0 && pref.Toward == "":
		p.fail("parse.hint.retreat", "parse.retreat-where")
		return
	}
	first := len(p.o.Standing.Retreats)
	if len(units) == 0 {
		p.o.Standing.Retreats = append(p.o.Standing.Retreats, pref)
	}
	for _, u := range units {
		r := pref
		r.Unit = u
		r.From, r.To = slices.Clone(pref.From), slices.Clone(pref.To)
		p.o.Standing.Retreats = append(p.o.Standing.Retreats, r)
	}
	n := len(p.o.Standing.Retreats) - first
	p.addLine(KindRetreat, first, n, p.sc.formatRetreats(p.o.Standing.Retreats[first:]))
}

// displace reads "displace: UNIT, …", the units to displace first (7.81).
func (p *parser) displace(toks []token) {
	toks = orders.SkipColon(orders.SkipWords(toks, "order", "first"))
	p.standingList(&p.o.Standing.Displace, KindDisplace, "displace:", "parse.hint.displace", toks)
}

// standingAdvance reads "advance after defence: UNIT, …", the units that advance,
// the first that can, when the side wins a defence (7.75). "none" is the default.
func (p *parser) standingAdvance(toks []token) {
	toks = orders.SkipColon(orders.SkipWords(toks, "after", "a", "won", "win", "winning", "defence", "defense",
		"defending", "defensive", "when", "if", "on", "standing"))
	if len(toks) == 1 && toks[0].Kind == tWord && isHoldWord(toks[0].Low) {
		return // "advance after defence: none"
	}
	if slices.ContainsFunc(toks, func(t token) bool { return isHexNumber(t) || t.Kind == tArrow }) {
		// "advance 1/1/I to 0906" on a line of its own: an attack's clause
		p.fail("parse.hint.attack", "parse.advance-alone")
		return
	}
	p.standingList(&p.o.Standing.Advance, KindDefenceAdvance, "advance after defence:", "parse.hint.standing-advance", toks)
}

// standingList reads the units of a standing list and appends them to it; a
// second line of the same list continues it. head is the list's canonical start.
func (p *parser) standingList(list *[]UnitID, kind, head, hint string, toks []token) {
	if !orders.HasItem(toks) {
		p.fail(hint, "parse.list-empty", text("order", strings.TrimSuffix(head, ":")))
		return
	}
	units, ok := p.units(toks)
	if !ok {
		return
	}
	first := len(*list)
	*list = append(*list, units...)
	p.addLine(kind, first, len(units), p.sc.formatList(head, units))
}

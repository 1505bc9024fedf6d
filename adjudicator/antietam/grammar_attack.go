package antietam

import "github.com/shiloh-pbem/pbem/orders"

// This file reads an attack line: one combat of the Combat Phase, resolved in the
// order the lines are written (7.0). The line is a verb and clauses, each clause
// started by its keyword and running to the next, in any order:
//
//	attack HEX, …           the defending hexes (7.21, 7.25); units written before
//	                        the verb are the attackers ("Hood, Law attack 0909")
//	bombard HEX, …          the same, for a bombardment alone (8.1)
//	with UNIT, …            the attackers (7.15); after "bombard HEX", the guns
//	bombard UNIT, …         the bombarding artillery (8.1, 8.45); also "guns"
//	at A-D                  a reduced odds column (7.9); also "odds"
//	advance UNIT [to HEX]   the unit that advances after a won attack (7.75, 7.76)
//	no advance              the default, said aloud
//	losses UNIT, …          the attackers an exchange eliminates first (7.6 Ex)
//	guns retreat            the bombarding guns take an Ar too (8.16)

// clause is a part of an attack line: its keyword's class and its tokens.
type clause struct {
	kind clauseKind
	word string // the keyword as typed
	toks []token
}

type clauseKind uint8

const (
	cPrefix  clauseKind = iota // before the verb: the attackers (or guns)
	cAttack                    // attack HEX …
	cBombard                   // bombard …
	cWith                      // with UNIT …
	cOdds                      // at A-D
	cAdvance                   // advance UNIT [to HEX]
	cNo                        // "no" (advance)
	cLosses                    // losses UNIT …
	cRetreat                   // (guns) retreat
)

// clauseOf is the class of an attack line's keyword.
func clauseOf(w string) (clauseKind, bool) {
	switch {
	case isAttackWord(w):
		return cAttack, true
	case isBombardWord(w):
		return cBombard, true
	case isAdvanceWord(w):
		return cAdvance, true
	case isRetreatWord(w):
		return cRetreat, true
	}
	switch w {
	case "with", "by", "using", "w":
		return cWith, true
	case "at", "odds", "odd":
		return cOdds, true
	case "no":
		return cNo, true
	case "losses", "loss", "lose", "exchange", "ex", "casualties":
		return cLosses, true
	}
	return cPrefix, false
}

// clauses cuts an attack line at its keywords.
func clauses(toks []token) []clause {
	out := []clause{{kind: cPrefix}}
	for _, t := range toks {
		if t.Kind == tWord {
			if k, ok := clauseOf(t.Low); ok {
				out = append(out, clause{kind: k, word: t.Text})
				continue
			}
		}
		c := &out[len(out)-1]
		c.toks = append(c.toks, t)
	}
	return out
}

// attack reads an attack line into one Attack.
func (p *parser) attack(toks []token) {
	cs := clauses(toks)
	// The verb: the first "attack", else the first "bombard" that names hexes.
	verb := -1
	for i, c := range cs {
		if c.kind == cAttack {
			verb = i
			break
		}
	}
	if verb < 0 {
		for i, c := range cs {
			if c.kind == cBombard && orders.HasItem(c.toks) {
				verb = i
				break
			}
		}
	}
	if verb < 0 {
		p.fail("parse.hint.attack", "parse.attack-no-defender")
		return
	}
	bombardOnly := cs[verb].kind == cBombard
	var a Attack
	odds, advance := false, false
	for i, c := range cs {
		var ok bool
		switch {
		case i == verb:
			if !orders.HasItem(c.toks) {
				p.fail("parse.hint.attack", "parse.attack-no-defender")
				return
			}
			var hs []HexID
			if hs, ok = p.hexes(c.toks, false); ok {
				a.Defenders = append(a.Defenders, hs...)
			}
		case c.kind == cPrefix || c.kind == cWith:
			if !orders.HasItem(c.toks) {
				if c.kind == cPrefix {
					continue
				}
				ok = p.emptyClause(c)
				break
			}
			var us []UnitID
			if us, ok = p.units(c.toks); ok {
				if bombardOnly {
					a.Bombard = append(a.Bombard, us...)
				} else {
					a.Attackers = append(a.Attackers, us...)
				}
			}
		case c.kind == cBombard:
			if !orders.HasItem(c.toks) {
				// "guns retreat": the keyword of the flag that follows
				ok = i+1 < len(cs) && cs[i+1].kind == cRetreat || p.emptyClause(c)
				break
			}
			var us []UnitID
			if us, ok = p.units(c.toks); ok {
				a.Bombard = append(a.Bombard, us...)
			}
		case c.kind == cAttack:
			p.fail("parse.hint.attack", "parse.clause-twice", text("clause", c.word))
			return
		case c.kind == cOdds:
			if odds {
				p.fail("parse.hint.attack", "parse.clause-twice", text("clause", c.word))
				return
			}
			odds = true
			a.Odds, ok = p.odds(c.toks)
		case c.kind == cAdvance:
			if advance {
				p.fail("parse.hint.attack", "parse.clause-twice", text("clause", c.word))
				return
			}
			advance = true
			ok = p.attackAdvance(&a, c.toks, i > 0 && cs[i-1].kind == cNo)
		case c.kind == cNo:
			// "no advance": nothing, or what follows "no" is not understood
			ok = !orders.HasItem(c.toks) && i+1 < len(cs) && cs[i+1].kind == cAdvance || p.emptyClause(c)
		case c.kind == cLosses:
			if !orders.HasItem(c.toks) {
				ok = p.emptyClause(c)
				break
			}
			var us []UnitID
			if us, ok = p.units(c.toks); ok {
				a.Losses = append(a.Losses, us...)
			}
		case c.kind == cRetreat:
			if orders.HasItem(c.toks) {
				p.fail("parse.hint.retreat", "parse.retreat-in-attack")
				return
			}
			a.BombardRetreat, ok = true, true
		}
		if !ok {
			return
		}
	}
	if len(a.Attackers) == 0 && len(a.Bombard) == 0 {
		p.fail("parse.hint.attack", "parse.attack-no-attacker")
		return
	}
	p.o.Attacks = append(p.o.Attacks, a)
	p.addLine(KindAttack, len(p.o.Attacks)-1, 1, p.sc.formatAttack(&a))
}

// emptyClause reports a keyword with nothing after it; it returns false.
func (p *parser) emptyClause(c clause) bool {
	p.fail("parse.hint.attack", "parse.empty-clause", text("clause", c.word))
	return false
}

// attackAdvance reads "advance UNIT [to HEX]" (7.75, 7.76): one unit, and the
// hex when two are vacated. After "no", nothing may follow.
func (p *parser) attackAdvance(a *Attack, toks []token, no bool) bool {
	if no || !orders.HasItem(toks) {
		if orders.HasItem(toks) {
			p.fail("parse.hint.advance", "parse.advance-one")
			return false
		}
		return true // "advance" alone or "no advance": none (the default)
	}
	unitToks, hexToks := toks, []token(nil)
	for i, t := range toks {
		if t.Kind == tArrow || t.Kind == tColon {
			unitToks, hexToks = toks[:i], toks[i+1:]
			break
		}
		if isHexNumber(t) {
			unitToks, hexToks = toks[:i], toks[i:]
			break
		}
	}
	us, ok := p.units(unitToks)
	if !ok {
		if !orders.HasItem(unitToks) {
			p.fail("parse.hint.advance", "parse.advance-one")
		}
		return false
	}
	if len(us) != 1 {
		p.fail("parse.hint.advance", "parse.advance-one")
		return false
	}
	a.Advance = us[0]
	if orders.HasItem(hexToks) {
		h, ok := p.oneHex(hexToks, "advance")
		if !ok {
			return false
		}
		a.AdvanceTo = h
	}
	return true
}

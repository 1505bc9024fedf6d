package antietam

// This file is the receipt's Check (DESIGN §9.2): a side's orders tried against
// the position it believes from its own view (view.go's Believed), never the
// State, so that no verdict can depend on a unit it cannot see. The moves are
// played as the Movement Phase would play them (5.0-5.3, 6.0, 18.1); the
// attacks are prepared on the position the moves leave (7.0-7.25, 8.0), with the
// odds they would be fought at; and the attacks 7.11 and 7.12 still demand are
// listed with what the default will do about them.

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Check tries o as the receipt does: against what o's side sees of st.
func (c *Contract) Check(st adjudicator.State, o adjudicator.Orders) []adjudicator.Check {
	s, err := asState(st)
	x, err2 := asOrders(o)
	if err != nil || err2 != nil || x == nil {
		return []adjudicator.Check{{Order: adjudicator.OrderRef{Kind: "orders"}, Status: adjudicator.CheckError,
			Why: adjudicator.Say("check.not-antietam")}}
	}
	return c.sc.Check(c.sc.View(s, x.Side), x)
}

// Check gives the verdicts on o from v, the view of o's side: an error for each
// order the rules refuse as the side sees the map, the odds of each attack, the
// Union movement limit, and a warning for each attack the defaults will make
// because o leaves it out (7.11, 7.12).
func (s *Scenario) Check(v *View, o *Orders) []adjudicator.Check {
	orders := adjudicator.OrderRef{Kind: "orders"}
	if v.Over {
		return []adjudicator.Check{{Order: orders, Status: adjudicator.CheckError, Rule: "16.4", Why: adjudicator.Say("check.over")}}
	}
	if o.Side != v.Phasing {
		return s.checkWaiting(v, o)
	}
	g := s.newGame(s.Believed(v), o, nil, nil)
	var out []adjudicator.Check
	g.movementPhase()
	for _, r := range g.rep.Results {
		if r.Status == Refused {
			out = append(out, adjudicator.Check{Order: r.Order, Status: adjudicator.CheckError, Rule: r.Rule, Why: *r.Why})
		}
	}
	if limit := g.unionLimit(); limit >= 0 {
		out = append(out, adjudicator.Check{Order: orders, Status: adjudicator.CheckOK, Rule: "18.1",
			Why: adjudicator.Say("check.limit", intArg("limit", limit), intArg("moved", g.movedCount))})
	}
	if g.night {
		for i := range o.Attacks {
			out = append(out, adjudicator.Check{Order: adjudicator.OrderRef{Kind: KindAttack, Index: i + 1},
				Status: adjudicator.CheckError, Rule: "10.1", Why: adjudicator.Say("why.attack.night")})
		}
		return out
	}
	for i := range o.Attacks {
		ref := adjudicator.OrderRef{Kind: KindAttack, Index: i + 1}
		c, vd := g.prepare(&o.Attacks[i], i+1)
		if vd.ok() {
			vd = g.planCovers(c, o.Attacks[i+1:])
		}
		if !vd.ok() {
			out = append(out, adjudicator.Check{Order: ref, Status: adjudicator.CheckError, Rule: vd.rule, Why: vd.why})
			continue
		}
		out = append(out, adjudicator.Check{Order: ref, Status: adjudicator.CheckOK, Rule: "7.0, 7.4, 7.9",
			Why: g.oddsPhrase(c)})
		for _, u := range slices.Concat(c.att, c.bomb, c.def) {
			g.fought[u] = true
		}
	}
	for i, a := range g.defaultPlan() {
		out = append(out, adjudicator.Check{Order: adjudicator.OrderRef{Kind: "default", Index: i + 1},
			Status: adjudicator.CheckWarning, Rule: "7.11, 7.12",
			Why: adjudicator.Say("check.default-attack", unitsArg("attackers", a.Attackers), hexesArg("hexes", a.Defenders))})
	}
	return out
}

// oddsPhrase is an attack's strengths and odds as it would be fought, before the
// die: the defence after terrain (7.4), the computed odds, and the column played
// after a reduction (7.9) and 20.6's shift.
func (g *game) oddsPhrase(c *combat) adjudicator.Phrase {
	g.strengths(c)
	odds := g.sc.Charts.oddsColumn(c.attack, c.defence)
	col := odds
	if c.a.Odds != "" {
		col = min(col, g.sc.Charts.Column(c.a.Odds))
	}
	col = g.shift(c.side, col)
	names := g.sc.Charts.CRT.Odds
	return adjudicator.Say("check.attack", hexesArg("hexes", g.hexes(c.hexes)), intArg("attack", c.attack),
		intArg("defence", c.defence), adjudicator.TextArg("odds", names[odds]), adjudicator.TextArg("column", names[col]))
}

// checkWaiting is the receipt of the side not moving: its moves and attacks are
// not read (4.1), only its standing orders, which are kept.
func (s *Scenario) checkWaiting(v *View, o *Orders) []adjudicator.Check {
	why := adjudicator.Say("check.not-your-turn", adjudicator.SideArg("side", v.Phasing))
	var out []adjudicator.Check
	for i := range o.Moves {
		out = append(out, adjudicator.Check{Order: adjudicator.OrderRef{Kind: KindMove, Index: i + 1},
			Status: adjudicator.CheckWarning, Rule: "4.1", Why: why})
	}
	for i := range o.Attacks {
		out = append(out, adjudicator.Check{Order: adjudicator.OrderRef{Kind: KindAttack, Index: i + 1},
			Status: adjudicator.CheckWarning, Rule: "4.1", Why: why})
	}
	return append(out, adjudicator.Check{Order: adjudicator.OrderRef{Kind: "orders"}, Status: adjudicator.CheckOK,
		Rule: "7.71, 7.75, 7.81", Why: adjudicator.Say("check.standing", intArg("retreats", len(o.Standing.Retreats)),
			intArg("displace", len(o.Standing.Displace)), intArg("advance", len(o.Standing.Advance)))})
}

func unitsArg(key string, ids []UnitID) adjudicator.Arg {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return adjudicator.UnitsArg(key, out)
}

func hexesArg(key string, hs []HexID) adjudicator.Arg {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = string(h)
	}
	return adjudicator.PlacesArg(key, out)
}

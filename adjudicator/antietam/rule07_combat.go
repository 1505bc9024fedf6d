package antietam

// This file is one combat (7.0-7.6, 7.9, with 8.0's bombardment): who may attack
// which hexes (7.14, 7.15, 7.21, 7.22, 7.25, 8.13, 8.14, 8.41, 9.0's creek), the
// strengths with the defender's terrain (7.4, 9.0), the odds rounded in the
// defender's favour (7.0), a voluntary reduction (7.9) and 20.6's shift, the die on
// the CRT (7.6, with a club's overrides), and the result applied: eliminations,
// the exchange (7.6 Ex), retreats (rule07_retreat.go), and the advance after
// combat (7.75, 7.76). Which attacks must be made is rule07_mandatory.go's.

import (
	"slices"
	"strconv"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// combat is one attack being resolved.
type combat struct {
	a     *Attack
	n     int // its number in the phase
	order int // the attack order it plays (from 1); 0 made by default
	side  sideT
	att   []int // attacking units adjacent to the defenders (7.15)
	bomb  []int // bombarding artillery (8.1)
	hexes []int // defending hexes
	def   []int // the units defending (7.21)
	// by are units in the defending hexes that already fought this phase: they add
	// no strength but suffer the result (7.74).
	by      []int
	joined  []int  // stack mates the rules add (7.22)
	fromZOC []bool // per att: attacking from an enemy-controlled hex (11.1)
	// attFrom are the hexes the adjacent attackers attack from, sorted.
	attFrom []int

	attack, defence int
	odds, column    int
	die             int
	res             Result
}

// prepare checks an attack against the position as it stands and builds its
// combat; it does not yet check 7.23 (planCovers) or throw the die.
func (g *game) prepare(a *Attack, order int) (*combat, verdict) {
	c := &combat{a: a, order: order, side: g.phasing}
	enemy := g.phasing.Enemy()
	for _, id := range a.Defenders {
		h, ok := g.g.index(id)
		if !ok {
			return nil, refuse("7.0", "why.attack.off-map", adjudicator.TextArg("hex", string(id)))
		}
		if slices.Contains(c.hexes, h) {
			continue
		}
		hx := hexArg("hex", id)
		if !g.g.terr[h].Combat {
			return nil, refuse("9.0", "why.attack.terrain", hx)
		}
		var fresh, by, moved int
		for _, u := range g.at[h] {
			switch {
			case g.sideOf(u) != enemy:
			case g.advanced[u]: // 7.75: may not be attacked
				moved++
			case g.fought[u]:
				c.by = append(c.by, u)
				by++
			default:
				c.def = append(c.def, u)
				fresh++
			}
		}
		switch {
		case fresh > 0:
		case moved > 0:
			return nil, refuse("7.75", "why.attack.advanced", hx)
		case by > 0:
			return nil, refuse("7.14", "why.attack.again", hx)
		default:
			return nil, refuse("7.0", "why.attack.no-enemy", hx)
		}
		c.hexes = append(c.hexes, h)
	}
	if len(c.hexes) == 0 {
		return nil, refuse("7.0", "why.attack.no-defender")
	}
	if a.Odds != "" && g.sc.Charts.Column(a.Odds) < 0 {
		return nil, refuse("7.9", "why.attack.bad-odds", adjudicator.TextArg("odds", a.Odds))
	}
	for _, id := range a.Attackers {
		slot, v := g.mayAttack(id)
		if v.ok() {
			v = g.adjacentTo(slot, c.hexes)
		}
		if !v.ok() {
			return nil, v
		}
		if !slices.Contains(c.att, slot) {
			c.att = append(c.att, slot)
		}
	}
	for _, id := range a.Bombard {
		slot, v := g.mayAttack(id)
		if v.ok() {
			v = g.mayBombard(slot, c)
		}
		if !v.ok() {
			return nil, v
		}
		if !slices.Contains(c.bomb, slot) {
			c.bomb = append(c.bomb, slot)
		}
	}
	switch {
	case len(c.att) == 0 && len(c.bomb) == 0:
		return nil, refuse("7.0", "why.attack.no-attacker")
	case len(c.att) == 0 && len(c.hexes) > 1:
		return nil, refuse("8.13", "why.attack.bombard-one-hex")
	}
	g.stacksTogether(c)
	for _, u := range c.att {
		c.fromZOC = append(c.fromZOC, g.controls(enemy, g.hexOf[u]))
		if !slices.Contains(c.attFrom, g.hexOf[u]) {
			c.attFrom = append(c.attFrom, g.hexOf[u])
		}
	}
	slices.Sort(c.attFrom)
	return c, verdict{}
}

// mayAttack checks that a unit may attack at all this Combat Phase.
func (g *game) mayAttack(id UnitID) (int, verdict) {
	slot, ok := g.slot(id)
	if !ok {
		return 0, refuse("7.0", "why.attack.unknown-unit", adjudicator.TextArg("unit", string(id)))
	}
	me := unitArg("unit", id)
	switch {
	case g.sideOf(slot) != g.phasing:
		return slot, refuse("7.0", "why.attack.not-phasing", me)
	case g.hexOf[slot] == noHex:
		return slot, refuse("7.0", "why.attack.not-in-play", me)
	case g.fought[slot]:
		return slot, refuse("7.14", "why.attack.fought", me)
	case g.unit(slot).Ineffective:
		return slot, refuse("11.2", "why.attack.ineffective", me)
	case g.silenced[slot]:
		return slot, refuse("7.82", "why.attack.silenced", me)
	}
	return slot, verdict{}
}

// adjacentTo checks that an attacking unit touches every defending hex (7.15,
// 7.25), and not across a creek hexside without a bridge or ford (9.0).
func (g *game) adjacentTo(slot int, hexes []int) verdict {
	at := g.hexOf[slot]
	for _, h := range hexes {
		me, hx := unitArg("unit", g.id(slot)), hexArg("hex", g.g.ids[h])
		d := g.g.dir(at, h)
		switch {
		case d < 0:
			return refuse("7.15, 7.25", "why.attack.not-adjacent", me, hx)
		case g.g.creekBarrier(at, d):
			return refuse("9.0", "why.attack.creek", me, hx)
		}
	}
	return verdict{}
}

// stacksTogether adds to an attack the other units of each hex it attacks from
// (7.22: units in one hex attack as one strength), those that may attack. A
// stack mate cannot have fought apart already: the first attack from a hex takes
// every unit there that may attack, and no unit enters an enemy zone of control
// by retreat or displacement (7.72, 7.81), nor an occupied hex by advancing.
func (g *game) stacksTogether(c *combat) {
	for _, u := range slices.Clone(c.att) {
		for _, o := range g.at[g.hexOf[u]] {
			// A mate cannot be bombarding: its hex is in the defenders' zone of
			// control (8.41, mayBombard).
			if g.sideOf(o) != c.side || slices.Contains(c.att, o) || slices.Contains(c.bomb, o) || !g.eligible(o) {
				continue
			}
			c.att = append(c.att, o)
			c.joined = append(c.joined, o)
		}
	}
}

// resolve fights a prepared combat: strengths, odds, the die, the result.
func (g *game) resolve(c *combat) {
	g.combats++
	c.n = g.combats
	g.strengths(c)
	c.odds = g.sc.Charts.oddsColumn(c.attack, c.defence)
	c.column = c.odds
	if c.a.Odds != "" { // 7.9: announced before the die
		c.column = min(c.column, g.sc.Charts.Column(c.a.Odds))
	}
	c.column = g.shift(c.side, c.column)
	c.die = g.roll(combatReason(c.n))
	odds := g.sc.Charts.CRT.Odds
	c.res, _ = g.sc.Charts.Result(odds[c.column], c.die)
	ev := Event{
		Code: "combat", Rule: "7.0, 7.6", Side: c.side, Combat: c.n, Order: c.order,
		Attackers: g.ids(c.att), Bombard: g.ids(c.bomb), Defenders: g.ids(c.def), Hexes: g.hexes(c.hexes),
		Attack: c.attack, Defence: c.defence, Odds: odds[c.odds], Column: odds[c.column], Die: c.die, CRT: c.res,
	}
	if c.order == 0 {
		why := adjudicator.Say("why.attack.default")
		ev.Why, ev.Rule = &why, "7.11, 7.12, 7.6"
	}
	if len(ev.Bombard) == 0 {
		ev.Bombard = nil
	}
	g.emit(ev)
	if len(c.joined) > 0 {
		g.emit(Event{Code: "joined", Rule: "7.22", Side: c.side, Combat: c.n, Units: g.ids(c.joined)})
	}
	for _, u := range slices.Concat(c.att, c.bomb, c.def, c.by) {
		g.fought[u] = true
	}
	for _, u := range c.bomb {
		g.bombarded[u] = c.n
	}
	g.apply(c)
}

// strengths totals the attack and the defence (7.0, 7.3): each defending hex
// at its units' strength times its best multiplier (7.4, 9.0).
func (g *game) strengths(c *combat) {
	for _, u := range slices.Concat(c.att, c.bomb) {
		c.attack += g.strength(u)
	}
	for _, h := range c.hexes {
		sum := 0
		for _, u := range c.def {
			if g.hexOf[u] == h {
				sum += g.strength(u)
			}
		}
		c.defence += sum * g.multiplier(c, h)
	}
}

// multiplier is how many times its strength a defending hex counts (7.4, 9.0):
// its terrain's, or the bridge's or ford's when every attacking unit next to it
// attacks across bridge or ford hexsides. Bombarding artillery attacks across no
// hexside. The multipliers do not compound: the largest applies
// (docs/systems/antietam.md, rulings).
func (g *game) multiplier(c *combat, h int) int {
	m := max(1, g.g.terr[h].Defence)
	across := 0
	for i, a := range c.attFrom {
		s := g.g.side[a][g.g.dir(a, h)]
		k := 0
		if s&sideBridge != 0 {
			k = max(k, g.g.bridgeDef)
		}
		if s&sideFord != 0 {
			k = max(k, g.g.fordDef)
		}
		if k == 0 {
			return m
		}
		if i == 0 || k < across {
			across = k
		}
	}
	return max(m, across)
}

// oddsColumn is the CRT column of an attack (7.0, 7.6): the highest whose ratio
// the attack reaches, which rounds in the defender's favour; below the first
// column, the first.
func (c *Charts) oddsColumn(attack, defence int) int {
	col := 0
	for i, o := range c.CRT.Odds {
		a, d, ok := parseOdds(o)
		if ok && attack*d >= defence*a {
			col = i
		}
	}
	return col
}

// parseOdds reads "3-1".
func parseOdds(s string) (a, d int, ok bool) {
	x, y, found := strings.Cut(s, "-")
	a, err1 := strconv.Atoi(x)
	d, err2 := strconv.Atoi(y)
	return a, d, found && err1 == nil && err2 == nil && a > 0 && d > 0
}

// apply carries out a combat's result (7.6). Bombarding artillery suffers none
// (8.15), unless the order takes an Ar for it (8.16).
func (g *game) apply(c *combat) {
	crt := adjudicator.Say("why.elim.crt", adjudicator.WordArg("result", string(c.res)))
	switch c.res {
	case AttackerEliminated:
		for _, u := range c.att {
			g.eliminate(u, c.n, "7.6", crt)
		}
		g.spared(c, "8.15", c.bomb)
		g.defenderAdvance(c)
	case AttackerRetreats:
		g.loseEffectiveness(c)
		movers := slices.Clone(c.att)
		if c.a.BombardRetreat {
			movers = append(movers, c.bomb...)
		} else {
			g.spared(c, "8.15", c.bomb)
		}
		for _, u := range movers {
			g.retreat(u, c.n, "7.6, 7.71")
		}
		g.defenderAdvance(c)
	case DefenderEliminated:
		for _, u := range slices.Concat(c.def, c.by) {
			g.eliminate(u, c.n, "7.6", crt)
		}
		g.attackerAdvance(c)
	case Exchange:
		owed := 0
		for _, u := range slices.Concat(c.def, c.by) {
			owed += g.strength(u)
			g.eliminate(u, c.n, "7.6", crt)
		}
		why := adjudicator.Say("why.elim.exchange", intArg("owed", owed))
		for _, u := range g.exchangeLosses(c, owed) {
			g.eliminate(u, c.n, "7.6", why)
		}
		g.spared(c, "8.15", c.bomb)
		g.attackerAdvance(c)
	case DefenderRetreats:
		onlyGuns := true
		for _, u := range slices.Concat(c.att, c.bomb) {
			onlyGuns = onlyGuns && g.spec(u).Type == Artillery
		}
		var stay []int
		for _, u := range slices.Concat(c.def, c.by) {
			if onlyGuns && g.rifled(u) {
				stay = append(stay, u) // 19.0: not affected when only artillery attacked
				continue
			}
			g.retreat(u, c.n, "7.6, 7.71")
		}
		g.spared(c, "19.0", stay)
		g.attackerAdvance(c)
	}
}

// spared reports units a result leaves alone (8.15, 19.0).
func (g *game) spared(c *combat, rule string, units []int) {
	if len(units) > 0 {
		g.emit(Event{Code: "unaffected", Rule: rule, Combat: c.n, Units: g.ids(units)})
	}
}

// exchangeLosses chooses the attacking units an exchange eliminates (7.6 Ex):
// printed strength at least the defenders' lost, from the adjacent attackers only
// (8.15). The order's list goes first, in its order; the rest are chosen by
// default: the smallest total that pays, then the fewest units, then the first
// units by id. If all of them cannot pay, all go.
func (g *game) exchangeLosses(c *combat, owed int) []int {
	var out []int
	paid := 0
	for _, id := range c.a.Losses {
		if paid >= owed {
			break
		}
		if s, ok := g.slot(id); ok && slices.Contains(c.att, s) && !slices.Contains(out, s) {
			out = append(out, s)
			paid += g.strength(s)
		}
	}
	if paid >= owed {
		return out
	}
	var rest []int
	for _, u := range c.att {
		if !slices.Contains(out, u) {
			rest = append(rest, u)
		}
	}
	slices.Sort(rest)
	best, bestSum := -1, 0
	for mask := 1; mask < 1<<len(rest); mask++ {
		sum := 0
		for i, u := range rest {
			if mask&(1<<i) != 0 {
				sum += g.strength(u)
			}
		}
		if paid+sum < owed {
			continue
		}
		if best < 0 || sum < bestSum || sum == bestSum && fewerFirst(mask, best) {
			best, bestSum = mask, sum
		}
	}
	if best < 0 {
		return append(out, rest...)
	}
	for i, u := range rest {
		if best&(1<<i) != 0 {
			out = append(out, u)
		}
	}
	return out
}

// fewerFirst says whether subset a beats b: fewer units, then the lower units
// (a set bit at a lower position, the lower id, decides first).
func fewerFirst(a, b int) bool {
	ca, cb := popcount(a), popcount(b)
	if ca != cb {
		return ca < cb
	}
	for i := 0; a>>i != 0 || b>>i != 0; i++ {
		x, y := a&(1<<i) != 0, b&(1<<i) != 0
		if x != y {
			return x
		}
	}
	return false
}

func popcount(v int) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}

// attackerAdvance lets one victorious attacking unit into a vacated defending
// hex (7.75, 7.76) as the order says; without Advance, none. Bombarding
// artillery never advances (it fights from afar, 8.15), nor do Union guns (19.0).
func (g *game) attackerAdvance(c *combat) {
	if c.a.Advance == "" {
		return
	}
	var vacated []int
	for _, h := range c.hexes {
		if len(g.at[h]) == 0 {
			vacated = append(vacated, h)
		}
	}
	slot, ok := g.slot(c.a.Advance)
	me := unitArg("unit", c.a.Advance)
	var why verdict
	to := noHex
	switch {
	case len(vacated) == 0:
		why = refuse("7.75", "why.advance.not-vacated", me)
	case !ok || !slices.Contains(c.att, slot) || g.hexOf[slot] == noHex:
		why = refuse("7.75", "why.advance.not-victor", me)
	case g.immobile(slot):
		why = refuse("19.0", "why.advance.immobile", me)
	case c.a.AdvanceTo == "":
		to = vacated[0]
	default:
		if h, found := g.g.index(c.a.AdvanceTo); found && slices.Contains(vacated, h) {
			to = h
		} else {
			why = refuse("7.75", "why.advance.not-vacated-hex", me, adjudicator.TextArg("hex", string(c.a.AdvanceTo)))
		}
	}
	if to == noHex {
		g.emit(Event{Code: "no-advance", Rule: why.rule, Side: c.side, Unit: c.a.Advance, Combat: c.n, Why: &why.why})
		return
	}
	g.advance(slot, to, c.n)
}

// defenderAdvance lets one defending unit into a hex the attackers vacated when
// the defence wins (7.75): the first unit of its side's standing Advance list that
// defended here and touches a vacated hex, into the first such hex. Without the
// list, none.
func (g *game) defenderAdvance(c *combat) {
	var vacated []int
	for _, h := range c.attFrom {
		if len(g.at[h]) == 0 {
			vacated = append(vacated, h)
		}
	}
	if len(vacated) == 0 {
		return
	}
	for _, id := range g.standing(c.side.Enemy()).Advance {
		slot, ok := g.slot(id)
		if !ok || !slices.Contains(c.def, slot) || g.hexOf[slot] == noHex || g.immobile(slot) {
			continue
		}
		for _, h := range vacated {
			d := g.g.dir(g.hexOf[slot], h)
			if d < 0 || g.g.creekBarrier(g.hexOf[slot], d) {
				continue
			}
			if g.unit(slot).Ineffective && g.controls(c.side, h) {
				continue // 11.2: no entering an enemy zone of control
			}
			g.advance(slot, h, c.n)
			return
		}
	}
}

// advance moves a unit one hex after combat, whatever zones of control (7.75).
func (g *game) advance(slot, to, n int) {
	from := g.hexOf[slot]
	g.emit(Event{Code: "advance", Rule: "7.75", Side: g.sideOf(slot), Unit: g.id(slot), From: g.g.ids[from], To: g.g.ids[to], Combat: n})
	g.crossing(slot, from, to)
	g.place(slot, to)
	g.advanced[slot] = true
}

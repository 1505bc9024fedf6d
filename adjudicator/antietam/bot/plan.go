package bot

// This file is the bot's Movement and Combat Phases: where each side's units go,
// which contacts it attacks by order, and the engine's verdict on the moves.

import (
	"fmt"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/antietam"
)

// picture is the map as one view shows it, with the moves planned so far.
type picture struct {
	bt    *Bot
	b     *board
	v     *antietam.View
	own   [][]int // per hex: the viewer's units there, as indices into v.Units
	enemy [][]int // per hex: the enemy units the view shows there
	count []int   // per hex: the viewer's units there once the planned moves are made
	str   []int   // per hex: their strength
	ezoc  []bool  // per hex: an enemy unit the view shows exerts its zone of control there (6.0)

	// scratch for search: a hex's cost and prev are current when its stamp is gen.
	stamp, cost, prev []int
	gen               int
	buckets           [][]int
	reached           []int
}

// picture makes the picture of a view. Its tables are as long as the map, so
// pictures are reused (done puts one back); nothing of one view outlives it.
func (bt *Bot) picture(v *antietam.View) *picture {
	p, _ := bt.pictures.Get().(*picture)
	if p == nil {
		n := len(bt.b.ids)
		p = &picture{bt: bt, b: bt.b, own: make([][]int, n), enemy: make([][]int, n),
			count: make([]int, n), str: make([]int, n), ezoc: make([]bool, n)}
	}
	p.v = v
	for h := range p.own {
		p.own[h], p.enemy[h] = p.own[h][:0], p.enemy[h][:0]
	}
	clear(p.count)
	clear(p.str)
	clear(p.ezoc)
	for i := range v.Units {
		u := &v.Units[i]
		h, ok := p.hex(u)
		if !ok {
			continue
		}
		if u.Side != v.Viewer {
			p.enemy[h] = append(p.enemy[h], i)
			for d, n := range p.b.nb[h] {
				if n != noHex && p.b.zoc[h][d] {
					p.ezoc[n] = true
				}
			}
			continue
		}
		p.own[h] = append(p.own[h], i)
		p.count[h]++
		p.str[h] += u.Strength
	}
	return p
}

// done gives a picture back for reuse.
func (p *picture) done() {
	p.v = nil
	p.bt.pictures.Put(p)
}

func (p *picture) hex(u *antietam.SeenUnit) (int, bool) { return p.bt.sc.Board.Index(u.Hex) }

func (p *picture) spec(u *antietam.SeenUnit) *antietam.Unit { return p.bt.sc.Unit(u.ID) }

// contacts are the enemy hexes in contact with hex h (6.4): each in the other's
// zone of control, and both hexes where combat may happen.
func (p *picture) contacts(h int) []int {
	var out []int
	for d, e := range p.b.nb[h] {
		if e != noHex && len(p.enemy[e]) > 0 && p.b.zoc[h][d] && p.b.zoc[e][(d+3)%6] && p.b.fight[h] && p.b.fight[e] {
			out = append(out, e)
		}
	}
	return out
}

// defence is what the enemy in hex e defends with against attackers in hexes
// from (7.4, 9.0): its strength times the larger of its terrain's multiplier and
// a bridge or ford's doubling.
func (p *picture) defence(e int, from []int) int {
	s := 0
	for _, i := range p.enemy[e] {
		s += p.v.Units[i].Strength
	}
	m := p.b.mult[e]
	for _, a := range from {
		for d, n := range p.b.nb[a] {
			if n == e && p.b.cross[a][d] {
				m = max(m, 2)
			}
		}
	}
	return s * m
}

// candidate is a unit that may move this Movement Phase.
type candidate struct {
	id       antietam.UnitID
	start    int
	entering bool // a reinforcement: its path starts with the entry hex (15.0)
	str, mp  int
	counts   bool // against the Union limit (18.1)
	garrison bool // stands in Sharpsburg
	moved    bool // its move is ordered
	reach    *reach
}

// candidates are the viewer's units that may move: on the map and not held by
// 19.0, 18.2 or an enemy zone of control (5.13), or reinforcements whose group
// may enter.
func (p *picture) candidates() []*candidate {
	sc, v := p.bt.sc, p.v
	ml := &sc.Charts.MovementLimit
	noMove := v.GameTurn == ml.ConfederateNoMoveTurn &&
		!(slices.Contains(v.Optional, antietam.OptEarlyConfederate) && sc.Charts.Optional.EarlyConfederate.LiftsNoMove)
	var out []*candidate
	for i := range v.Units {
		u := &v.Units[i]
		h, ok := p.hex(u)
		spec := p.spec(u)
		switch {
		case !ok || u.Side != v.Viewer || p.ezoc[h]:
		case spec.Side == adjudicator.USA && spec.Type == antietam.Artillery && sc.Charts.Artillery.UnionImmobile:
		case spec.Side == adjudicator.CSA && spec.Group == "" && noMove && slices.Contains(ml.ConfederateNoMoveHexes, spec.Hex):
		default:
			out = append(out, &candidate{id: u.ID, start: h, str: u.Strength, mp: spec.Movement,
				counts: p.counts(spec), garrison: slices.Contains(p.b.sharp, h)})
		}
	}
	for _, id := range v.Pending {
		spec := sc.Unit(id)
		at, ok := p.b.entry[spec.Group]
		gi := slices.IndexFunc(v.Groups, func(g antietam.GroupState) bool { return g.ID == spec.Group })
		if !ok || gi < 0 || v.Groups[gi].From == 0 || v.Groups[gi].From > v.GameTurn {
			continue
		}
		out = append(out, &candidate{id: id, start: at, entering: true, str: spec.Strength, mp: spec.Movement, counts: p.counts(spec)})
	}
	return out
}

// budget is how many units that count against 18.1 the Union may move, or -1.
func (p *picture) budget() int {
	sc, v := p.bt.sc, p.v
	switch {
	case v.Viewer != adjudicator.USA || v.Released || slices.Contains(v.Optional, antietam.OptTotalUnionInitiative):
		return -1
	case v.GameTurn == 1:
		return sc.Charts.MovementLimit.UnionFirstTurn
	case slices.Contains(v.Optional, antietam.OptGreaterUnionInitiative):
		return sc.Charts.Optional.GreaterUnionInitiative.UnionLater
	}
	return sc.Charts.MovementLimit.UnionLater
}

// counts says whether moving a unit counts against 18.1: Union units, save
// reinforcements in the game-turn their group first may enter.
func (p *picture) counts(spec *antietam.Unit) bool {
	if spec.Side != adjudicator.USA {
		return false
	}
	gi := slices.IndexFunc(p.v.Groups, func(g antietam.GroupState) bool { return g.ID == spec.Group })
	return spec.Group == "" || gi < 0 || p.v.Groups[gi].From != p.v.GameTurn
}

// move plans the side's moves into o, then drops those the engine would refuse
// on the position the view makes believable.
func (p *picture) move(o *antietam.Orders, rng adjudicator.Rand) error {
	cands := p.candidates()
	shuffle(rng, cands)
	if p.v.Viewer == adjudicator.USA {
		p.advance(o, cands, rng)
	} else {
		p.hold(o, cands, rng)
	}
	res, err := p.bt.sc.CheckMoves(p.bt.sc.Believed(p.v), o)
	if err != nil {
		return fmt.Errorf("antietam bot: %w", err)
	}
	kept := o.Moves[:0]
	for i, m := range o.Moves {
		if i < len(res) && res[i].Status == antietam.Executed {
			kept = append(kept, m)
		}
	}
	o.Moves = kept
	return nil
}

// advance is the Union's plan: reinforcements first, then most units, each to
// the hex of its reach nearest Sharpsburg that does not bring it into contact at
// bad odds, within 18.1's limit.
func (p *picture) advance(o *antietam.Orders, cands []*candidate, rng adjudicator.Rand) {
	slices.SortStableFunc(cands, func(a, b *candidate) int { return boolInt(b.entering) - boolInt(a.entering) })
	budget := p.budget()
	for _, c := range cands {
		if c.counts && budget == 0 || !c.entering && rng.IntN(5) == 0 {
			continue
		}
		if p.toward(o, c, rng) && c.counts && budget > 0 {
			budget--
		}
	}
}

// hold is the Confederates' plan: keep every Sharpsburg hex held, counterattack
// weak enemy stacks where 2-1 can be had, bring reinforcements and stragglers
// toward the town; the rest of the line stays where it is.
func (p *picture) hold(o *antietam.Orders, cands []*candidate, rng adjudicator.Rand) {
	for _, h := range p.b.sharp {
		if p.count[h] > 0 || len(p.enemy[h]) > 0 {
			continue
		}
		best, cost := (*candidate)(nil), far
		for _, c := range cands {
			if c.moved || c.garrison || p.b.distance(c.start, h) > c.mp {
				continue
			}
			if r := p.reachOf(c); r.to(h) >= 0 && r.to(h) < cost {
				best, cost = c, r.to(h)
			}
		}
		if best != nil {
			p.order(o, best, h)
		}
	}
	p.counterattack(o, cands)
	for _, c := range cands {
		if !c.moved && (c.entering || p.b.town[c.start] > 10 && rng.IntN(2) == 0) {
			p.toward(o, c, rng)
		}
	}
}

// counterattack sends free units next to the weakest enemy stacks the view
// shows, where they would touch no other enemy hex and together reach 2-1.
func (p *picture) counterattack(o *antietam.Orders, cands []*candidate) {
	var targets []int
	for e := range p.enemy {
		if len(p.enemy[e]) > 0 && p.b.fight[e] {
			targets = append(targets, e)
		}
	}
	slices.SortStableFunc(targets, func(a, b int) int { return p.defence(a, nil) - p.defence(b, nil) })
	for _, e := range targets {
		def := p.defence(e, nil)
		if def > 8 {
			break
		}
		var spots []int // hexes next to e that touch no other enemy hex
		for d, a := range p.b.nb[e] {
			if a != noHex && p.b.stop[a] && p.b.fight[a] && len(p.enemy[a]) == 0 && p.b.zoc[e][d] &&
				slices.Equal(p.contacts(a), []int{e}) {
				spots = append(spots, a)
			}
		}
		type step struct {
			c  *candidate
			to int
		}
		var plan []step
		att, room := 0, make([]int, len(spots)) // units each spot holds with the plan
		for i, a := range spots {
			att += p.str[a]
			room[i] = p.count[a]
		}
		for _, c := range cands {
			if att >= 2*def {
				break
			}
			if c.moved || c.garrison || p.b.distance(c.start, e) > c.mp+1 {
				continue
			}
			r := p.reachOf(c)
			for i, a := range spots {
				if r.to(a) >= 0 && room[i] < p.bt.sc.Charts.Stacking.Limit && a != c.start {
					plan = append(plan, step{c, a})
					room[i]++
					att += c.str
					break
				}
			}
		}
		if att < 2*def || len(plan) == 0 {
			continue
		}
		for _, s := range plan {
			p.order(o, s.c, s.to)
		}
	}
}

// toward moves c to the best hex of its reach by score (lower is better): the
// MP left to Sharpsburg, contact at bad odds shunned, contact at 2-1 sought, a
// little chance. It says whether it ordered a move.
func (p *picture) toward(o *antietam.Orders, c *candidate, rng adjudicator.Rand) bool {
	r := p.reachOf(c)
	score := func(h int) int {
		s := 3*p.b.town[h] + rng.IntN(3)
		if es := p.contacts(h); len(es) > 0 {
			def := 0
			for _, e := range es {
				def += p.defence(e, []int{h})
			}
			switch att := c.str + p.str[h]; {
			case att < def:
				s += 40
			case att >= 2*def:
				s -= 4
			default:
				s += 6
			}
		}
		return s
	}
	best, bestScore := noHex, far
	if !c.entering {
		best, bestScore = c.start, score(c.start)
	}
	for _, h := range r.ends {
		if h == c.start && !c.entering || p.count[h] >= p.bt.sc.Charts.Stacking.Limit {
			continue
		}
		if s := score(h); s < bestScore {
			best, bestScore = h, s
		}
	}
	if best == noHex || best == c.start && !c.entering {
		return false
	}
	p.order(o, c, best)
	return true
}

// order adds the move of c to hex to, along its reach's path.
func (p *picture) order(o *antietam.Orders, c *candidate, to int) {
	r := p.reachOf(c)
	var path []antietam.HexID
	for h := to; h != noHex; h = r.from(h) {
		path = append(path, p.b.ids[h])
		if h == c.start {
			break
		}
	}
	slices.Reverse(path)
	if !c.entering {
		path = path[1:] // the engine skips the hex the unit starts in anyway
	}
	o.Moves = append(o.Moves, antietam.Move{Unit: c.id, Path: path})
	c.moved = true
	if !c.entering {
		p.count[c.start]--
		p.str[c.start] -= c.str
	}
	p.count[to]++
	p.str[to] += c.str
}

func (p *picture) reachOf(c *candidate) *reach {
	if c.reach == nil {
		c.reach = p.search(c)
	}
	return c.reach
}

// reach is where a unit can go this Movement Phase: each hex reached, in order
// of cost, with the MP to it and the hex it came from, and those of them a move
// may end in. A unit reaches a few dozen hexes, so the lists are short and
// scanned.
type reach struct {
	all, cost, prev []int
	ends            []int
}

// to is the MP to hex h, or -1 when it is out of reach.
func (r *reach) to(h int) int {
	if i := slices.Index(r.all, h); i >= 0 {
		return r.cost[i]
	}
	return -1
}

// from is the hex the path to h (reached) comes from, or noHex at the start.
func (r *reach) from(h int) int { return r.prev[slices.Index(r.all, h)] }

// search finds a unit's reach (5.0-5.16): within its movement points, into no
// hex the view shows an enemy in, stopping on entering an enemy zone of control
// (6.0); a reinforcement pays one point to be placed on its entry hex (15.3).
// Hexes a move may not end in (the ferry, 5.24) are passed through only from the
// start. The scratch arrays are the picture's, stamped per search.
func (p *picture) search(c *candidate) *reach {
	if p.stamp == nil {
		n := len(p.b.ids)
		p.stamp, p.cost, p.prev = make([]int, n), make([]int, n), make([]int, n)
	}
	p.gen++
	gen := p.gen
	start := 0
	if c.entering {
		start = 1
	}
	r := &reach{}
	if start > c.mp || len(p.enemy[c.start]) > 0 {
		return r
	}
	ring := p.b.maxStep + 1
	if len(p.buckets) != ring {
		p.buckets = make([][]int, ring) // by cost, as a ring: a step spans less than its length
	}
	buckets, order := p.buckets, p.reached[:0]
	p.stamp[c.start], p.cost[c.start], p.prev[c.start] = gen, start, noHex
	buckets[start%ring] = append(buckets[start%ring], c.start)
	for d := start; d <= c.mp; d++ {
		b := &buckets[d%ring]
		for k := 0; k < len(*b); k++ {
			h := (*b)[k]
			if p.cost[h] != d {
				continue
			}
			order = append(order, h)
			if p.ezoc[h] {
				continue // 6.0: entering an enemy zone of control ends the move (5.13: a unit that starts in one is no candidate)
			}
			for dir, to := range p.b.nb[h] {
				step := p.b.cost[h][dir]
				if to == noHex || step == 0 || len(p.enemy[to]) > 0 || d+step > c.mp {
					continue
				}
				if p.stamp[to] != gen || d+step < p.cost[to] {
					p.stamp[to], p.cost[to], p.prev[to] = gen, d+step, h
					buckets[(d+step)%ring] = append(buckets[(d+step)%ring], to)
				}
			}
		}
		*b = (*b)[:0]
	}
	p.reached = order
	n := len(order)
	lists := make([]int, 4*n) // one allocation for the four lists
	all, cost, prev, ends := lists[:n:n], lists[n:2*n:2*n], lists[2*n:3*n:3*n], lists[3*n:3*n]
	copy(all, order)
	for i, h := range order {
		cost[i], prev[i] = p.cost[h], p.prev[h]
		if p.b.stop[h] {
			ends = append(ends, h)
		}
	}
	*r = reach{all: all, cost: cost, prev: prev, ends: ends}
	return r
}

// attack orders the attacks of the Combat Phase: after the moves o keeps, each
// enemy hex in contact (Contacts) that some hexes touch alone is attacked from
// them when the odds are 2-1 or better, the strongest attacker that may advance
// advancing. Everything else is left to the mandatory attacks the engine makes
// by default (7.11, 7.12), so no order leaves a contact unengaged (7.23).
func (p *picture) attack(o *antietam.Orders) error {
	after := p.after(o.Moves)
	contacts, err := p.bt.sc.Contacts(p.bt.sc.Believed(after))
	if err != nil {
		return fmt.Errorf("antietam bot: %w", err)
	}
	q := p.bt.picture(after)
	defer q.done()
	touch := make([][]int, len(q.b.ids)) // per attacking hex: the enemy hexes in contact
	var targets []int
	for _, c := range contacts {
		a, okA := q.bt.sc.Board.Index(c.From)
		e, okE := q.bt.sc.Board.Index(c.Hex)
		if !okA || !okE {
			continue
		}
		touch[a] = append(touch[a], e)
		if !slices.Contains(targets, e) {
			targets = append(targets, e)
		}
	}
	slices.Sort(targets)
	for _, e := range targets {
		var from []int
		for a := range touch {
			if slices.Equal(touch[a], []int{e}) {
				from = append(from, a)
			}
		}
		var att antietam.Attack
		strength, adv := 0, (*antietam.SeenUnit)(nil)
		for _, a := range from {
			for _, i := range q.own[a] {
				u := &q.v.Units[i]
				if u.Ineffective {
					continue
				}
				att.Attackers = append(att.Attackers, u.ID)
				strength += u.Strength
				if q.spec(u).Type != antietam.Artillery && (adv == nil || u.Strength > adv.Strength) {
					adv = u
				}
			}
		}
		if len(att.Attackers) == 0 || strength < 2*q.defence(e, from) {
			continue
		}
		att.Defenders = []antietam.HexID{q.b.ids[e]}
		if adv != nil {
			att.Advance = adv.ID
		}
		o.Attacks = append(o.Attacks, att)
	}
	return nil
}

// after is the view as it will stand once the moves are made: the viewer's
// own units where they end, reinforcements entered.
func (p *picture) after(moves []antietam.Move) *antietam.View {
	v := *p.v
	v.Units = slices.Clone(p.v.Units)
	v.Pending = slices.Clone(p.v.Pending)
	for _, m := range moves {
		end := m.Path[len(m.Path)-1]
		if i := slices.IndexFunc(v.Units, func(u antietam.SeenUnit) bool { return u.ID == m.Unit }); i >= 0 {
			v.Units[i].Hex = end
			continue
		}
		v.Pending = slices.DeleteFunc(v.Pending, func(id antietam.UnitID) bool { return id == m.Unit })
		spec := p.bt.sc.Unit(m.Unit)
		v.Units = append(v.Units, antietam.SeenUnit{ID: m.Unit, Side: spec.Side, Hex: end, Strength: spec.Strength})
	}
	slices.SortFunc(v.Units, func(a, b antietam.SeenUnit) int {
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	return &v
}

func shuffle[T any](rng adjudicator.Rand, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

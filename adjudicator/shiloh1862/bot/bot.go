// Package bot is a random order player for Shiloh 1862. It sees only the view its
// side is given (DESIGN §3): it takes a *shiloh1862.View and the scenario's public
// data, never a State, so the compiler keeps it honest. The demo plays by email
// with it; the engine's tests play thousands of its games to check the rules'
// invariants.
package bot

import (
	"errors"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// The bot writes orders that are legal-ish rather than always legal, so that its
// games also show that no order, however odd, makes the engine fail.

// BotRand is the randomness a bot draws from. *rand.Rand of math/rand/v2 meets it;
// the caller seeds it, so a bot's orders are a function of its view and its seed.
type BotRand = adjudicator.Rand

// RandomOrders writes random orders for v.Viewer from the view v: it activates most
// HQs, moves about half the blocks to adjacent areas (sometimes two areas by road,
// sometimes uncommanded) with random intents, attacks enemy areas it sees, sends the
// gunboats against riverfront areas, and sets random battle sequence, doctrine, hit
// preferences, pins, regroups, supply, arrival choices and initiative choice.
func RandomOrders(sc *shiloh1862.Scenario, v *shiloh1862.View, rng BotRand) *shiloh1862.Orders {
	b := bot{sc: sc, v: v, rng: rng, enemyIn: make([]int32, len(sc.Map.Areas))}
	return b.orders()
}

type bot struct {
	sc       *shiloh1862.Scenario
	v        *shiloh1862.View
	rng      BotRand
	enemyIn  []int32                     // enemy blocks seen, by area index in Map.Areas
	enemyOff map[shiloh1862.AreaID]int32 // those in areas not on the map (a hand-made view)
}

// blocks returns a move's block list.
func (b *bot) blocks(ids ...shiloh1862.BlockID) []shiloh1862.BlockID { return slices.Clone(ids) }

// path returns a move's path.
func (b *bot) path(as ...shiloh1862.AreaID) []shiloh1862.AreaID { return slices.Clone(as) }

// enemies is how many enemy blocks the view shows in a.
func (b *bot) enemies(a shiloh1862.AreaID) int32 {
	if i, ok := b.sc.Map.AreaIndex(a); ok {
		return b.enemyIn[i]
	}
	return b.enemyOff[a]
}

// chance is true with probability num/den.
func (b *bot) chance(num, den int) bool { return b.rng.IntN(den) < num }

func (b *bot) pickArea(as []shiloh1862.AreaID) shiloh1862.AreaID { return as[b.rng.IntN(len(as))] }

func shuffleAreas(rng BotRand, as []shiloh1862.AreaID) {
	for i := len(as) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		as[i], as[j] = as[j], as[i]
	}
}

func shuffleBlocks(rng BotRand, bs []shiloh1862.BlockID) {
	for i := len(bs) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		bs[i], bs[j] = bs[j], bs[i]
	}
}

func (b *bot) orders() *shiloh1862.Orders {
	o := &shiloh1862.Orders{Side: b.v.Viewer}
	if b.v.Over || b.v.Viewer == shiloh1862.NoSide {
		return o
	}
	for _, e := range b.v.Enemy {
		if i, ok := b.sc.Map.AreaIndex(e.Area); ok {
			b.enemyIn[i]++
		} else {
			if b.enemyOff == nil {
				b.enemyOff = map[shiloh1862.AreaID]int32{}
			}
			b.enemyOff[e.Area]++
		}
	}
	n := 0
	for i := range b.v.Own {
		if ob := &b.v.Own[i]; ob.Side == b.v.Viewer && ob.Where == shiloh1862.OnMap {
			n++
		}
	}
	onMap := make([]*shiloh1862.OwnBlock, 0, n)
	for i := range b.v.Own {
		if ob := &b.v.Own[i]; ob.Side == b.v.Viewer && ob.Where == shiloh1862.OnMap {
			onMap = append(onMap, ob)
		}
	}

	// Command (5.2): most HQs that can activate; an acting or successor army HQ
	// sometimes commands as army HQ, and now and then a plain DHQ asks to (which the
	// engine must refuse gracefully).
	for _, ob := range onMap {
		if ob.Type != shiloh1862.HQ || ob.Strength == 0 || !b.chance(3, 4) {
			continue
		}
		a := shiloh1862.Activation{HQ: ob.ID}
		if spec := b.sc.OB.Block(ob.ID); spec != nil && spec.ActingAHQ {
			a.AsArmy = b.chance(1, 2)
		} else if ob.HQKind != shiloh1862.AHQ {
			a.AsArmy = b.chance(1, 12)
		}
		o.Activate = append(o.Activate, a)
	}

	// Moves (5.3, 5.31, 5.5, 4.25).
	var attacked []shiloh1862.AreaID
	for i, ob := range onMap {
		if !b.chance(1, 2) {
			continue
		}
		m, ok := b.move(ob)
		if !ok {
			continue
		}
		if m.Intent == shiloh1862.IntentAttack && b.enemies(m.Path[len(m.Path)-1]) > 0 {
			attacked = appendArea(attacked, m.Path[len(m.Path)-1])
		}
		if o.Moves == nil {
			// About one block in two moves: room for that once, not grown step by step.
			o.Moves = make([]shiloh1862.Move, 0, (len(onMap)-i)/2+2)
		}
		o.Moves = append(o.Moves, m)
	}

	// Battle sequence (6.2): the areas it attacks and the contested areas it sees, in
	// random order, sometimes with an area that will have no battle.
	seq := append([]shiloh1862.AreaID(nil), attacked...)
	for _, c := range b.v.Control {
		if c.Contested {
			seq = appendArea(seq, c.Area)
		}
	}
	if len(b.sc.Map.Areas) > 0 && b.chance(1, 6) {
		seq = appendArea(seq, b.sc.Map.Areas[b.rng.IntN(len(b.sc.Map.Areas))].ID)
	}
	shuffleAreas(b.rng, seq)
	o.Battles = seq

	// Doctrine (DESIGN §2.6): a random standing order for all battles, and for some
	// battle areas one of their own with a retreat preference.
	if b.chance(1, 2) {
		o.Doctrine = append(o.Doctrine, b.doctrine(""))
	}
	for _, a := range seq {
		if b.chance(1, 3) {
			o.Doctrine = append(o.Doctrine, b.doctrine(a))
		}
	}

	// Hit preferences (6.6), pins (5.4), regroups (6.8) and supply (7.1).
	own := make([]shiloh1862.BlockID, 0, len(onMap))
	for _, ob := range onMap {
		own = append(own, ob.ID)
	}
	shuffleBlocks(b.rng, own)
	if len(own) > 0 {
		n := b.rng.IntN(min(3, len(own)) + 1)
		o.LossesFirst = append(o.LossesFirst, own[:n]...)
		k := b.rng.IntN(min(3, len(own)-n) + 1)
		o.LossesLast = append(o.LossesLast, own[n:n+k]...)
		shuffleBlocks(b.rng, own)
		o.Pin = append(o.Pin, own[:b.rng.IntN(min(3, len(own))+1)]...)
	}
	for _, a := range seq {
		if !b.chance(1, 4) {
			continue
		}
		if ns := b.sc.Map.Neighbours(a); len(ns) > 0 {
			o.Regroup = append(o.Regroup, shiloh1862.Regroup{Area: a, To: b.pickArea(ns)})
		}
	}
	var weak []shiloh1862.BlockID
	for _, ob := range onMap {
		if ob.Strength < ob.Max {
			weak = append(weak, ob.ID)
		}
	}
	shuffleBlocks(b.rng, weak)
	if len(weak) > 8 {
		weak = weak[:8]
	}
	o.Supply = weak

	// Arrivals (5.6, 5.61, 9.1).
	for _, da := range b.v.Arrivals {
		var choices []string
		landing := false
		for _, op := range da.Options {
			if op.Choice != "" {
				choices = append(choices, op.Choice)
			}
			landing = landing || op.Landing
		}
		if len(choices) > 0 && b.chance(2, 3) {
			o.ArrivalChoices = append(o.ArrivalChoices, shiloh1862.ArrivalChoice{Arrival: da.Arrival, Choice: choices[b.rng.IntN(len(choices))]})
		}
		if landing {
			var ls []shiloh1862.AreaID
			for _, a := range b.sc.Map.Areas {
				if a.Landing {
					ls = append(ls, a.ID)
				}
			}
			if len(ls) > 0 && b.chance(3, 4) {
				o.Landings = append(o.Landings, shiloh1862.Landing{Arrival: da.Arrival, Area: b.pickArea(ls)})
			}
		}
		if b.chance(1, 8) {
			o.HoldArrivals = append(o.HoldArrivals, da.Arrival)
		}
	}

	// Planned initiative (optional 2.1).
	if b.v.InitiativeMarker == b.v.Viewer {
		o.Initiative = shiloh1862.InitiativeChoice(b.rng.IntN(3))
	}
	return o
}

// move picks a random move for one block: a gunboat attacks a riverfront area, a
// block on a road sometimes moves two areas along it, any other block one area.
func (b *bot) move(ob *shiloh1862.OwnBlock) (shiloh1862.Move, bool) {
	from := ob.Area
	ns := b.sc.Map.Neighbours(from)
	if len(ns) == 0 {
		return shiloh1862.Move{}, false
	}
	m := shiloh1862.Move{Blocks: b.blocks(ob.ID), Line: 0}
	if b.chance(9, 10) {
		m.From = from
	}
	if ob.Type == shiloh1862.Gunboat {
		var targets []shiloh1862.AreaID
		for _, n := range ns {
			if a := b.sc.Map.Area(n); a != nil && a.Riverfront && b.enemies(n) > 0 {
				targets = append(targets, n)
			}
		}
		if len(targets) == 0 {
			return shiloh1862.Move{}, false
		}
		m.Path = b.path(b.pickArea(targets))
		m.Intent = shiloh1862.IntentAttack
		return m, true
	}
	if path, ok := b.roadPath(from); ok && b.chance(1, 5) {
		m.Path = b.path(path[0], path[1])
		m.Intent = shiloh1862.IntentMove
		return m, true
	}
	to := b.pickArea(ns)
	m.Path = b.path(to)
	switch {
	case b.enemies(to) > 0:
		if b.chance(2, 3) {
			m.Intent = shiloh1862.IntentAttack
		} else {
			m.Intent = shiloh1862.Intent(b.rng.IntN(3))
		}
	default:
		m.Intent = shiloh1862.Intent(b.rng.IntN(3))
		if m.Intent == shiloh1862.IntentMove && b.chance(1, 8) {
			m.Uncommanded = true
		}
	}
	return m, true
}

// roadPath returns two areas along a random road through from, if there are any.
func (b *bot) roadPath(from shiloh1862.AreaID) ([2]shiloh1862.AreaID, bool) {
	paths := b.sc.Map.RoadPathsFrom(from) // worked out once with the map
	if len(paths) == 0 {
		return [2]shiloh1862.AreaID{}, false
	}
	return paths[b.rng.IntN(len(paths))], true
}

// doctrine picks a random standing battle order for one area ("" for all).
func (b *bot) doctrine(area shiloh1862.AreaID) shiloh1862.Doctrine {
	d := shiloh1862.Doctrine{Area: area, Kind: shiloh1862.DoctrineKind(b.rng.IntN(3))}
	if d.Kind == shiloh1862.WithdrawAfter {
		d.AfterRound = 1 + b.rng.IntN(3)
	}
	if area != "" {
		ns := append([]shiloh1862.AreaID(nil), b.sc.Map.Neighbours(area)...)
		shuffleAreas(b.rng, ns)
		d.Retreat = ns[:b.rng.IntN(min(3, len(ns))+1)]
	}
	return d
}

func appendArea(as []shiloh1862.AreaID, a shiloh1862.AreaID) []shiloh1862.AreaID {
	for _, x := range as {
		if x == a {
			return as
		}
	}
	return append(as, a)
}

// Player is the bot as the contract's Bot for one scenario: what the demo plays
// with, through internal/builtin.
type Player struct{ sc *shiloh1862.Scenario }

// New returns the bot for a Shiloh 1862 scenario.
func New(rules adjudicator.Scenario) (adjudicator.Bot, error) {
	sc, err := shiloh1862.Engine(rules)
	if err != nil {
		return nil, err
	}
	return Player{sc}, nil
}

// Orders are RandomOrders for the side v is seen by.
func (p Player) Orders(v adjudicator.View, rng adjudicator.Rand) (adjudicator.Orders, error) {
	view, err := shiloh1862.AsView(v)
	if err != nil {
		return nil, err
	}
	return RandomOrders(p.sc, view, rng), nil
}

// Careful drops the moves and activations the receipt refuses; the other orders
// are standing preferences that an error leaves harmless.
func (p Player) Careful(o adjudicator.Orders, checks []adjudicator.Check) (adjudicator.Orders, error) {
	x, err := shiloh1862.AsOrders(o)
	if err != nil {
		return nil, err
	}
	if x == nil {
		return nil, errors.New("bot: no orders to revise")
	}
	bad := map[string]map[int]bool{"move": {}, "activate": {}}
	for _, c := range checks {
		if c.Status == adjudicator.CheckError && bad[c.Order.Kind] != nil {
			bad[c.Order.Kind][c.Order.Index] = true
		}
	}
	out := *x
	out.Moves, out.Activate = nil, nil
	for i, m := range x.Moves {
		if !bad["move"][i] {
			out.Moves = append(out.Moves, m)
		}
	}
	for i, a := range x.Activate {
		if !bad["activate"][i] {
			out.Activate = append(out.Activate, a)
		}
	}
	return &out, nil
}

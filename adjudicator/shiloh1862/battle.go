package shiloh1862

// This file fights the hour's battles (6.0-6.5): the battle sequence (6.2), the
// reveal, the rounds and battle turns (6.3, 6.4), and the reserves (6.5). Fire is in
// fire.go, the retreat in retreat.go, the regroup in regroup.go, elimination and HQ
// loss in hqloss.go, the optional Flanking and Pond rules in flanking.go. The board
// game asks the players for a choice at every battle turn; by email those choices
// come from standing orders (Orders.Battles, Doctrine, LossesFirst/LossesLast,
// Regroup) or from the documented defaults of docs/ENGINE.md ("Battles"), and every
// event says which one decided.

import (
	"slices"
	"sort"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// fighter is one block taking part in one battle.
type fighter struct {
	id   BlockID
	side Side
	spec *BlockSpec
	bs   *BlockState // state(): its place in the hour's State.Blocks
	// from is the area whose border the block crossed to attack or reinforce; empty
	// for a block that was already there or (with offboard) arrived from off the map.
	from     AreaID
	entered  bool // attacked or reinforced this hour: first-round penalties apply
	offboard bool // arrived from off the map attacking its entry area (5.6)
	reserve  bool // Player 2 reinforcement (6.5)
	ravine   bool // crossed a ravine border to enter (3.35)
	gunboat  bool // fires from the Tennessee River area (4.25)
	// arrive is the first round the block takes part in: 1, 2 for reserves and flank
	// attackers, 3 for flank reinforcements (6.5, Flanking).
	arrive int
	flank  bool // optional Flanking: entered by a border other than the main one
	main   bool // optional Flanking: entered by the main border of its group
	bonus  bool // optional Flanking: +1 firepower in its arrival round
	out    bool // retreated, eliminated, fallen or broke off
	fired  bool // fired this round (gunboat step loss, 4.25)
}

// fight is one battle being fought.
type fight struct {
	h    *hour
	ph   *battlePhase
	b    *battle
	area AreaID
	// attacker is the side attacking now: it changes when every defending block
	// was eliminated in round 1 while defender reserves wait (6.5).
	attacker Side
	swapped  bool
	fs       []*fighter // sorted by block id
	round    int
	// retreats counts blocks that retreated into each adjacent area this round:
	// every retreat leaves the battle area, so the destination names the border
	// (3.33, 6.71: battle limits per round).
	retreats map[AreaID]int
	// weaker is each side's "own revealed steps below the enemy's" at the start of
	// the round (doctrine withdraw if weaker).
	weaker  [2]bool
	steps   [2]int
	pondHit bool
	// Reused buffers: the fighters' turn order this round, and targets.
	order []*fighter
	tbuf  []BlockID
}

// battlePhase remembers, across the hour's battles, which standing orders applied,
// so that the others can be reported as unused.
type battlePhase struct {
	doctrineUsed [2][]bool // by index in Orders.Doctrine
	regroupUsed  [2][]bool // by index in Orders.Regroup
}

// fightBattles fights every battle of the hour (6.2): first those in Player 1's
// Orders.Battles list, in that order, then any others in the order they began this
// hour. Each battle is followed by the victor's regroup (6.8) before the next, so the
// area control each leaves behind decides the retreats and regroups of the next.
func (h *hour) fightBattles() {
	ph := &battlePhase{}
	for _, s := range Sides {
		o := h.orders(s)
		ph.doctrineUsed[s.Index()] = make([]bool, len(o.Doctrine))
		ph.regroupUsed[s.Index()] = make([]bool, len(o.Regroup))
	}
	pending := make([]*battle, 0, len(h.battles))
	copies := make([]battle, 0, len(h.battles)) // never grown: the pointers stay valid
	for _, b := range h.battles {
		dup := false
		for _, p := range pending {
			if p.Area == b.Area {
				// Two records for one area: one battle with every entry.
				p.Entries = append(p.Entries, b.Entries...)
				dup = true
				break
			}
		}
		if !dup {
			copies = append(copies, *b)
			cp := &copies[len(copies)-1]
			cp.Entries = append(make([]battleEntry, 0, len(b.Entries)), b.Entries...)
			pending = append(pending, cp)
		}
	}
	done := map[AreaID]bool{}
	p1 := h.p1
	for i, a := range h.orders(p1).Battles {
		ref := OrderRef{Kind: "battles", Index: i}
		var b *battle
		for _, p := range pending {
			if p.Area == a {
				b = p
			}
		}
		switch {
		case b == nil:
			h.result(Result{Side: p1, Order: ref, Status: Unused, Rule: "6.2",
				Why: adjudicator.Say("why.no-battle-at", titleArg(h.sc, "place", a))})
		case done[a]:
			h.result(Result{Side: p1, Order: ref, Status: Unused, Rule: "6.2",
				Why: adjudicator.Say("why.listed-twice", titleArg(h.sc, "place", a))})
		default:
			done[a] = true
			if h.fightBattle(ph, b, because("ev.battle-listed", adjudicator.SideArg("side", p1), adjudicator.IntArg("position", i+1))) {
				h.result(Result{Side: p1, Order: ref, Status: Executed, Rule: "6.2",
					Why: adjudicator.Say("why.fought-in-order", titleArg(h.sc, "place", a))})
			} else {
				h.result(Result{Side: p1, Order: ref, Status: Unused, Rule: "6.2",
					Why: adjudicator.Say("why.no-longer-contested", titleArg(h.sc, "place", a))})
			}
		}
	}
	for _, b := range pending {
		if done[b.Area] {
			continue
		}
		done[b.Area] = true
		h.fightBattle(ph, b, because("ev.battle-unlisted"))
	}
	p2 := p1.Enemy()
	for i := range h.orders(p2).Battles {
		h.result(Result{Side: p2, Order: OrderRef{Kind: "battles", Index: i}, Status: Unused, Rule: "6.2",
			Why: adjudicator.Say("why.player2-battles", adjudicator.SideArg("side", p2))})
	}
	h.reportStandingOrders(ph, done)
}

// reportStandingOrders marks area doctrines and regroups that never applied.
func (h *hour) reportStandingOrders(ph *battlePhase, fought map[AreaID]bool) {
	for _, s := range Sides {
		o := h.orders(s)
		for i, d := range o.Doctrine {
			if ph.doctrineUsed[s.Index()][i] {
				continue
			}
			why := because("why.no-battle")
			if d.Area != "" {
				why = because("why.no-battle-at", titleArg(h.sc, "place", d.Area))
				if fought[d.Area] {
					why = because("why.earlier-doctrine", titleArg(h.sc, "place", d.Area))
				}
			} else if len(fought) > 0 {
				why = because("why.doctrines-covered")
			}
			h.result(Result{Side: s, Order: OrderRef{Kind: "doctrine", Index: i, Line: d.Line}, Status: Unused, Rule: "6.7", Why: why})
		}
		for i, rg := range o.Regroup {
			if ph.regroupUsed[s.Index()][i] {
				continue
			}
			h.result(Result{Side: s, Order: OrderRef{Kind: "regroup", Index: i, Line: rg.Line}, Status: Unused, Rule: "6.8",
				Why: adjudicator.Say("why.won-no-battle", adjudicator.SideArg("side", s), titleArg(h.sc, "place", rg.Area))})
		}
	}
}

// fightBattle fights one battle; false if the area was no longer contested.
func (h *hour) fightBattle(ph *battlePhase, b *battle, why reason) bool {
	ft := h.newFight(ph, b)
	if ft == nil {
		return false
	}
	ft.reveal(why)
	last := ft.rounds()
	winner := NoSide
	for _, s := range Sides {
		if ft.present(s) && !ft.present(s.Enemy()) {
			winner = s
		}
	}
	ft.updateSightings()
	h.event(Event{Kind: EvBattleEnd, Area: b.Area, Attacker: b.Attacker, Winner: winner, Round: last, Rule: "6.3"})
	if winner != NoSide {
		ft.regroup(winner)
	}
	return true
}

// newFight collects the blocks of a battle: every block in the area, and gunboats
// that fire into it from the river (4.25). Nil when one side is missing.
func (h *hour) newFight(ph *battlePhase, b *battle) *fight {
	ft := new(fight) // working memory: events copy what they report
	*ft = fight{h: h, ph: ph, b: b, area: b.Area, attacker: b.Attacker}
	// entry is a block's last entry into the area this hour (a handful: no map).
	entry := func(id BlockID) (battleEntry, bool) {
		for i := len(b.Entries) - 1; i >= 0; i-- {
			if b.Entries[i].Block == id {
				return b.Entries[i], true
			}
		}
		return battleEntry{}, false
	}
	ids := h.blocksIn(b.Area, NoSide)
	for _, e := range b.Entries {
		sp, bs := h.spec(e.Block), h.block(e.Block)
		if sp == nil || bs == nil || sp.Type != Gunboat || bs.Where != OnMap || bs.Area == b.Area {
			continue
		}
		if !containsBlock(ids, e.Block) {
			ids = append(ids, e.Block)
		}
	}
	slices.Sort(ids)
	// Fighters are the battle's working records: events copy what they report.
	slab := make([]fighter, len(ids))
	ft.fs = make([]*fighter, 0, len(ids))
	// The per-round lists: at most every fighter, so never grown.
	ptrs := make([]*fighter, len(ids))
	ft.order = ptrs[:0:len(ids)]
	ft.tbuf = make([]BlockID, 0, len(ids))
	for k, id := range ids {
		sp, bs := h.spec(id), h.block(id)
		f := &slab[k]
		*f = fighter{id: id, side: sp.Side, spec: sp, bs: bs, arrive: 1, gunboat: sp.Type == Gunboat}
		if f.gunboat && bs.Strength == 0 {
			continue // 4.25: a gunboat at 0 cannot fire
		}
		if e, ok := entry(id); ok {
			f.from = e.From
			f.reserve = e.Reserve
			f.entered = e.Reserve || sp.Side == b.Attacker
			f.offboard = f.entered && e.From == ""
			if f.entered && e.From != "" && !f.gunboat {
				if bd := h.sc.Map.Border(e.From, b.Area); bd != nil && bd.Limits(e.From).Ravine {
					f.ravine = true
				}
			}
			if f.reserve {
				f.arrive = 2
			}
		}
		ft.fs = append(ft.fs, f)
	}
	if !ft.present(b.Attacker) || !ft.present(b.Attacker.Enemy()) {
		return nil
	}
	if h.st.Options.Flanking {
		ft.flanking()
	}
	return ft
}

// state is the block's state in the hour (found once, when the fight is set up).
func (f *fighter) state(h *hour) *BlockState {
	if f.bs == nil {
		f.bs = h.block(f.id)
	}
	return f.bs
}

func containsBlock(ids []BlockID, id BlockID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

func containsArea(as []AreaID, a AreaID) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}

// present reports whether a side still has a block in the battle (reserves count).
func (ft *fight) present(s Side) bool {
	for _, f := range ft.fs {
		if f.side == s && !f.out {
			return true
		}
	}
	return false
}

func (ft *fight) over() bool { return !ft.present(USA) || !ft.present(CSA) }

// active reports whether a block takes part in the current round: reserves do not
// fire, retreat or take hits before they arrive (6.5).
func (ft *fight) active(f *fighter) bool { return !f.out && f.arrive <= ft.round }

func (ft *fight) attacking(f *fighter) bool { return f.side == ft.attacker }

// reveal tips every block forward at its current strength (6.2) and records what
// each side saw; why says why the battle is fought now (its place in the sequence).
func (ft *fight) reveal(why reason) {
	h := ft.h
	rv := make([]Revealed, 0, len(ft.fs))
	for _, s := range [2]Side{ft.attacker, ft.attacker.Enemy()} {
		for _, f := range ft.fs {
			if f.side != s {
				continue
			}
			bs := f.state(h)
			rv = append(rv, Revealed{Block: f.id, Side: f.side, Strength: bs.Strength, Firepower: bs.Firepower, Reserve: f.arrive > 1})
			area := ft.area
			if f.gunboat {
				area = bs.Area
			}
			h.setSighting(f.side.Enemy(), f.id, area, bs.Strength)
		}
	}
	h.event(Event{Kind: EvBattle, Side: ft.attacker, Area: ft.area, Attacker: ft.attacker, Revealed: rv, Rule: "6.2"}.told(why))
}

// updateSightings leaves each side's sightings at the blocks' strength and place at
// the battle's end (before regroups, which are made with blocks stood upright again).
func (ft *fight) updateSightings() {
	for _, f := range ft.fs {
		bs := f.state(ft.h)
		if bs.Where == OnMap {
			ft.h.setSighting(f.side.Enemy(), f.id, bs.Area, bs.Strength)
		}
	}
}

// rounds fights up to four rounds (6.3) and returns the last round fought.
func (ft *fight) rounds() int {
	h := ft.h
	for r := 1; r <= 4; r++ {
		ft.round = r
		if ft.retreats == nil {
			ft.retreats = map[AreaID]int{}
		}
		clear(ft.retreats)
		if r == 2 {
			ft.checkSwap()
		}
		ft.arrivals()
		h.event(Event{Kind: EvRound, Area: ft.area, Round: r, Attacker: ft.attacker, Rule: "6.3"})
		ft.measure()
		for _, f := range ft.turnOrder() {
			if f.out {
				continue
			}
			ft.turn(f)
			if ft.over() {
				break
			}
		}
		ft.gunboatWear()
		if ft.over() {
			return r
		}
	}
	return 4
}

// checkSwap: if every defending block was eliminated in round 1 while defender
// reserves wait, the attacker is the defender for the rest of the battle (6.5).
func (ft *fight) checkSwap() {
	def := ft.attacker.Enemy()
	waiting := false
	for _, f := range ft.fs {
		if f.side != def || f.out {
			continue
		}
		if f.arrive <= 1 {
			return
		}
		waiting = true
	}
	if !waiting {
		return
	}
	old := ft.attacker
	ft.attacker = def
	ft.swapped = true
	ft.h.event(Event{Kind: EvSwap, Side: old, Area: ft.area, Round: 2, Attacker: def, Rule: "6.5"}.told(
		because("ev.swap", adjudicator.SideArg("defender", def), titleArg(ft.h.sc, "place", ft.area), adjudicator.SideArg("attacker", old))))
}

// arrivals brings in the reserves due this round (6.5; Flanking: main reinforcements
// in round 2, flank attackers in round 2, flank reinforcements in round 3).
func (ft *fight) arrivals() {
	if ft.round < 2 {
		return
	}
	h := ft.h
	for _, s := range Sides {
		var ids []BlockID
		var lost []Phrase
		for _, f := range ft.fs {
			if f.side != s || f.out || f.arrive != ft.round {
				continue
			}
			ids = append(ids, f.id)
			if f.bonus && !ft.mainStands(f) {
				f.bonus = false
				lost = append(lost, adjudicator.Say("ev.flank-bonus-lost", unitArg("unit", f.id)))
			}
		}
		if len(ids) == 0 {
			continue
		}
		why := adjudicator.Say("ev.reserves", adjudicator.SideArg("side", s), titleArg(h.sc, "place", ft.area), unitsArg("blocks", ids))
		if len(lost) > 0 {
			why = adjudicator.Say("ev.reserves.notes", append(why.Args, adjudicator.PhrasesArg("notes", lost...))...)
		}
		rule := "6.5"
		if h.st.Options.Flanking {
			rule = "6.5, Flanking (optional)"
		}
		h.event(Event{Kind: EvReserves, Side: s, Area: ft.area, Round: ft.round, Blocks: ids, Rule: rule, Why: why})
	}
}

// mainStands reports whether some block of a flank block's main group is still in
// the battle (the Flanking bonus does not apply once the main attack was eliminated).
func (ft *fight) mainStands(fl *fighter) bool {
	for _, f := range ft.fs {
		if f.main && f.side == fl.side && f.reserve == fl.reserve && !f.out {
			return true
		}
	}
	return false
}

// measure records each side's revealed steps at the start of the round.
func (ft *fight) measure() {
	ft.steps = [2]int{}
	for _, f := range ft.fs {
		if !f.out {
			ft.steps[f.side.Index()] += f.state(ft.h).Strength
		}
	}
	for _, s := range Sides {
		ft.weaker[s.Index()] = ft.steps[s.Index()] < ft.steps[s.Enemy().Index()]
	}
}

// turnOrder is the sequence of battle turns of a round (6.4): A before B before C;
// within a letter the defender first; within a letter and side (the owner's choice
// in the board game) the lower firepower number first, then non-HQ before HQ, then
// block id, which reproduces the rulebook's Battle Turn Example.
func (ft *fight) turnOrder() []*fighter {
	list := ft.order[:0]
	for _, f := range ft.fs {
		if ft.active(f) {
			list = append(list, f)
		}
	}
	ft.order = list
	h := ft.h
	stableSort(list, func(a, b *fighter) bool {
		fa, fb := a.state(h).Firepower, b.state(h).Firepower
		if fa.Letter != fb.Letter {
			return fa.Letter < fb.Letter
		}
		da, db := !ft.attacking(a), !ft.attacking(b)
		if da != db {
			return da
		}
		if fa.Value != fb.Value {
			return fa.Value < fb.Value
		}
		if a.spec.IsHQ() != b.spec.IsHQ() {
			return !a.spec.IsHQ()
		}
		return a.id < b.id
	})
	return list
}

// turn is one block's battle turn: retreat if it must or its doctrine says so, else
// fire (6.4).
func (ft *fight) turn(f *fighter) {
	want, forced, why := ft.wantsRetreat(f)
	var note reason
	if want {
		left, n := ft.retreat(f, forced, why)
		if left {
			return
		}
		note = n
	}
	ft.fire(f, note)
}

// setSighting records that viewer saw an enemy block (kept sorted by viewer, block;
// one per pair).
func (h *hour) setSighting(viewer Side, id BlockID, area AreaID, strength int) {
	ss := h.st.Sightings
	i := sort.Search(len(ss), func(i int) bool {
		if ss[i].Viewer != viewer {
			return ss[i].Viewer > viewer
		}
		return ss[i].Block >= id
	})
	s := Sighting{Viewer: viewer, Block: id, Area: area, Strength: strength, Hour: h.st.Hour}
	if i < len(ss) && ss[i].Viewer == viewer && ss[i].Block == id {
		ss[i] = s
		return
	}
	ss = append(ss, Sighting{})
	copy(ss[i+1:], ss[i:])
	ss[i] = s
	h.st.Sightings = ss
}

// dropSightings forgets a block that left the board.
func (h *hour) dropSightings(id BlockID) {
	keep := h.st.Sightings[:0] // the hour's own copy (Clone): filtered in place
	for _, s := range h.st.Sightings {
		if s.Block != id {
			keep = append(keep, s)
		}
	}
	if len(keep) == 0 {
		keep = nil
	}
	h.st.Sightings = keep
}

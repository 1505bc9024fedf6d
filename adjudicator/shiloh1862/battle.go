package shiloh1862

// This file fights the hour's battles (6.0-6.9) with the gunboat rules of 4.25, the
// reserves of 6.5, HQ elimination and army command succession (6.91), and the
// optional Pond and Flanking rules. The board game asks the players for a choice at
// every battle turn; by email those choices come from standing orders (Orders.Battles,
// Doctrine, LossesFirst/LossesLast, Regroup) or from the documented defaults of
// docs/ENGINE.md ("Battles"), and every event says which one decided.

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
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
	weaker   [2]bool
	steps    [2]int
	pondHit  bool
	areaName string // title()'s
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
				Reason: fmt.Sprintf("no battle at %s this hour", areaTitle(h.sc, a))})
		case done[a]:
			h.result(Result{Side: p1, Order: ref, Status: Unused, Rule: "6.2",
				Reason: fmt.Sprintf("%s is listed twice; the battle was already fought", areaTitle(h.sc, a))})
		default:
			done[a] = true
			if h.fightBattle(ph, b, "Player 1 ("+p1.String()+") sequence, position "+strconv.Itoa(i+1)) {
				h.result(Result{Side: p1, Order: ref, Status: Executed, Rule: "6.2",
					Reason: "battle at " + areaTitle(h.sc, a) + " fought in the order listed"})
			} else {
				h.result(Result{Side: p1, Order: ref, Status: Unused, Rule: "6.2",
					Reason: fmt.Sprintf("%s was no longer contested when its turn came", areaTitle(h.sc, a))})
			}
		}
	}
	for _, b := range pending {
		if done[b.Area] {
			continue
		}
		done[b.Area] = true
		h.fightBattle(ph, b, "default sequence: battles Player 1 did not list, in the order they began")
	}
	p2 := p1.Enemy()
	for i := range h.orders(p2).Battles {
		h.result(Result{Side: p2, Order: OrderRef{Kind: "battles", Index: i}, Status: Unused, Rule: "6.2",
			Reason: fmt.Sprintf("%s was Player 2 this hour: Player 1 sets the battle sequence", p2)})
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
			reason := "no battle this hour"
			if d.Area != "" {
				reason = fmt.Sprintf("no battle at %s this hour", areaTitle(h.sc, d.Area))
				if fought[d.Area] {
					reason = fmt.Sprintf("an earlier doctrine for %s applied", areaTitle(h.sc, d.Area))
				}
			} else if len(fought) > 0 {
				reason = "every battle had an area doctrine or an earlier all-areas doctrine"
			}
			h.result(Result{Side: s, Order: OrderRef{Kind: "doctrine", Index: i, Line: d.Line}, Status: Unused, Rule: "6.7", Reason: reason})
		}
		for i, rg := range o.Regroup {
			if ph.regroupUsed[s.Index()][i] {
				continue
			}
			h.result(Result{Side: s, Order: OrderRef{Kind: "regroup", Index: i, Line: rg.Line}, Status: Unused, Rule: "6.8",
				Reason: fmt.Sprintf("%s won no battle at %s this hour", s, areaTitle(h.sc, rg.Area))})
		}
	}
}

// fightBattle fights one battle; false if the area was no longer contested.
func (h *hour) fightBattle(ph *battlePhase, b *battle, why string) bool {
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
	var text string
	if winner != NoSide {
		text = winner.String() + " wins the battle at " + ft.title() + " (round " + strconv.Itoa(last) + ")"
	} else {
		text = "battle at " + ft.title() + " ends in round " + strconv.Itoa(last)
	}
	h.event(Event{Kind: EvBattleEnd, Area: b.Area, Attacker: b.Attacker, Winner: winner, Round: last, Rule: "6.3", Text: text})
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

// title is the battle area's name for the report.
func (ft *fight) title() string {
	if ft.areaName == "" {
		ft.areaName = areaTitle(ft.h.sc, ft.area)
	}
	return ft.areaName
}

// state is the block's state in the hour (found once, when the fight is set up).
func (f *fighter) state(h *hour) *BlockState {
	if f.bs == nil {
		f.bs = h.block(f.id)
	}
	return f.bs
}

// title is the block's name for the report (as blockTitle).
func (f *fighter) title() string { return specTitle(f.spec, f.id) }

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

// flanking applies the optional Flanking rule (6.5 sidebar): when a group (the
// attackers; Player 2's reinforcements) entered by two or more borders, the border
// crossed by the most blocks is the main one (ties: the lowest area id across it),
// and blocks crossing the others are held back one round. Gunboats fire from the
// river and take no part in flanking.
func (ft *fight) flanking() {
	var att, res []*fighter
	for _, f := range ft.fs {
		switch {
		case f.gunboat || !f.entered:
		case f.reserve:
			res = append(res, f)
		case f.side == ft.attacker:
			att = append(att, f)
		}
	}
	flankGroup(att, 2)
	flankGroup(res, 3)
}

func flankGroup(fs []*fighter, flankRound int) {
	var borders []AreaID
	count := map[AreaID]int{} // lookups only
	for _, f := range fs {
		if count[f.from] == 0 {
			borders = append(borders, f.from)
		}
		count[f.from]++
	}
	if len(borders) < 2 {
		return
	}
	sort.Slice(borders, func(i, j int) bool { return borders[i] < borders[j] })
	main := borders[0]
	for _, a := range borders[1:] {
		if count[a] > count[main] {
			main = a
		}
	}
	for _, f := range fs {
		if f.from == main {
			f.main = true
			continue
		}
		f.flank, f.bonus, f.arrive = true, true, flankRound
	}
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
// each side saw.
func (ft *fight) reveal(why string) {
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
	h.event(Event{Kind: EvBattle, Side: ft.attacker, Area: ft.area, Attacker: ft.attacker, Revealed: rv, Rule: "6.2",
		Text: "battle at " + ft.title() + ": " + ft.attacker.String() + " attacks (" + why + ")"})
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
		h.event(Event{Kind: EvRound, Area: ft.area, Round: r, Attacker: ft.attacker, Rule: "6.3",
			Text: "round " + strconv.Itoa(r) + " at " + ft.title()})
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
	ft.h.event(Event{Kind: EvSwap, Side: old, Area: ft.area, Round: 2, Attacker: def, Rule: "6.5",
		Text: fmt.Sprintf("every %s defender at %s was eliminated in round 1: %s defends the area from round 2, %s's reserves attack", def, ft.title(), old, def)})
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
		var notes []string
		for _, f := range ft.fs {
			if f.side != s || f.out || f.arrive != ft.round {
				continue
			}
			ids = append(ids, f.id)
			if f.bonus && !ft.mainStands(f) {
				f.bonus = false
				notes = append(notes, fmt.Sprintf("%s loses the flank bonus: the main attack was eliminated", blockTitle(h.sc, f.id)))
			}
		}
		if len(ids) == 0 {
			continue
		}
		text := fmt.Sprintf("%s reserves arrive at %s: %s", s, ft.title(), blockList(h.sc, ids))
		if len(notes) > 0 {
			text += "; " + strings.Join(notes, "; ")
		}
		rule := "6.5"
		if h.st.Options.Flanking {
			rule = "6.5, Flanking (optional)"
		}
		h.event(Event{Kind: EvReserves, Side: s, Area: ft.area, Round: ft.round, Blocks: ids, Rule: rule, Text: text})
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
	note := ""
	if want {
		left, n := ft.retreat(f, forced, why)
		if left {
			return
		}
		note = n
	}
	ft.fire(f, note)
}

// doctrine returns a side's standing order for this battle: the doctrine for the
// area, else the all-areas one, else the default (Hold; attackers retreat in round
// 4 whatever they hold, 6.73).
func (ft *fight) doctrine(s Side) (Doctrine, string) {
	o := ft.h.orders(s)
	for pass := 0; pass < 2; pass++ {
		for i, d := range o.Doctrine {
			if (pass == 0 && d.Area == ft.area) || (pass == 1 && d.Area == "") {
				ft.ph.doctrineUsed[s.Index()][i] = true
				return d, "doctrine"
			}
		}
	}
	return Doctrine{Kind: Hold}, "default"
}

func doctrineText(d Doctrine, src string) string { return src + ": " + d.Words() }

// wantsRetreat decides whether a block retreats this turn, and whether it must.
func (ft *fight) wantsRetreat(f *fighter) (want, forced bool, why string) {
	r := ft.round
	if ft.attacking(f) && r == 4 {
		return true, true, "attackers must retreat in round 4 (6.73)"
	}
	if f.gunboat {
		return false, false, ""
	}
	if r == 1 && f.spec.Type != Cavalry {
		return false, false, "" // 6.3: round 1 is mandatory except for cavalry (4.23)
	}
	d, src := ft.doctrine(f.side)
	switch d.Kind {
	case WithdrawAfter:
		if r > d.AfterRound {
			return true, false, doctrineText(d, src)
		}
	case WithdrawIfWeaker:
		if ft.weaker[f.side.Index()] {
			return true, false, fmt.Sprintf("%s, %d steps against %d", doctrineText(d, src), ft.steps[f.side.Index()], ft.steps[f.side.Enemy().Index()])
		}
	}
	return false, false, ""
}

// retreat moves a block out of the battle (6.7). It reports whether the block left
// the battle (retreated or was eliminated); otherwise note says why it stays.
func (ft *fight) retreat(f *fighter, forced bool, why string) (bool, string) {
	h := ft.h
	bs := f.state(h)
	name := blockTitle(h.sc, f.id)
	ev := Event{Kind: EvRetreat, Side: f.side, Block: f.id, Area: ft.area, From: ft.area, Round: ft.round, Strength: bs.Strength}
	switch {
	case f.gunboat:
		f.out = true
		ev.To, ev.Rule = bs.Area, "4.25, 6.73"
		ev.Text = fmt.Sprintf("%s breaks off and stays on the river (%s; gunboats never leave the river)", name, why)
		h.event(ev)
		return true, ""
	case f.spec.Siege:
		if !forced {
			return false, fmt.Sprintf("%s, but %s never retreats (6.1)", why, name)
		}
		f.out = true
		h.battleEliminate(f.id, ft.area, ft.round, "6.1, 6.7", fmt.Sprintf("%s must retreat (%s) but never retreats (6.1): eliminated", name, why))
		return true, ""
	case f.offboard:
		if !forced {
			return false, fmt.Sprintf("%s, but blocks arriving from off the map can only retreat off it (5.6): they fight on", why)
		}
		f.out = true
		ev.To, ev.Rule = OffBoard, "5.6, 3.6"
		ev.Text = fmt.Sprintf("%s retreats off the map (%s; it arrived from off the map, 5.6)", name, why)
		h.event(ev)
		h.battleEliminate(f.id, ft.area, ft.round, "5.6, 3.6", fmt.Sprintf("%s left the map: a shattered brigade (3.6)", name))
		return true, ""
	}
	to, full, how := ft.retreatDestination(f)
	if to == "" {
		if !forced {
			return false, fmt.Sprintf("%s, but no retreat is open (%s)", why, ft.retreatRuleText(f))
		}
		f.out = true
		h.battleEliminate(f.id, ft.area, ft.round, "6.7", fmt.Sprintf("%s must retreat (%s) but no retreat is open (%s): eliminated", name, why, ft.retreatRuleText(f)))
		return true, ""
	}
	ft.retreats[to]++
	f.out = true
	h.place(bs, bs.Where, to)
	ev.To = to
	ev.Rule = "6.72"
	if !ft.attacking(f) {
		ev.Rule = "6.74"
	}
	if f.spec.Type == Cavalry && ft.round == 1 {
		ev.Rule += ", 4.23"
	}
	ev.Text = fmt.Sprintf("%s retreats to %s (%s; %s)", name, areaTitle(h.sc, to), why, how)
	h.event(ev)
	if full {
		ft.overstacked(f, to)
	}
	return true, ""
}

func (ft *fight) retreatRuleText(f *fighter) string {
	switch {
	case ft.attacking(f):
		return "attackers retreat by a border used to attack or into a friendly area, 6.72"
	case f.reserve:
		return "reserves retreat like defenders, 6.74"
	}
	return "defenders retreat into friendly or vacant areas, not by the attacker's borders, 6.74"
}

// overstacked applies 6.75: the block loses a step and must move on at once into an
// adjacent friendly or vacant area below its stacking limit, or is eliminated.
func (ft *fight) overstacked(f *fighter, at AreaID) {
	h := ft.h
	name := blockTitle(h.sc, f.id)
	if !h.takeLoss(f.id, at, ft.round, "6.75", fmt.Sprintf("%s retreated into full %s: loses a step", name, areaTitle(h.sc, at))) {
		return
	}
	var cands []AreaID
	for _, n := range h.sc.Map.Neighbours(at) {
		if n == ft.area {
			continue
		}
		bd := h.sc.Map.Border(at, n)
		lim := bd.Limits(at)
		ar := h.sc.Map.Area(n)
		if !lim.Passable || lim.Battle == 0 || ar == nil || ar.River || (f.spec.Type == Artillery && !lim.Road) {
			continue
		}
		ctrl, contested := h.control(n)
		if contested || ctrl == f.side.Enemy() || h.countIn(n, NoSide) >= ar.Stack {
			continue
		}
		cands = append(cands, n)
	}
	if len(cands) == 0 {
		h.battleEliminate(f.id, at, ft.round, "6.75", fmt.Sprintf("%s cannot move on from full %s to an understacked friendly or vacant area: eliminated", name, areaTitle(h.sc, at)))
		return
	}
	h.rankRetreats(f.side, cands)
	to := cands[0]
	h.place(f.state(h), f.state(h).Where, to)
	h.event(Event{Kind: EvRetreat, Side: f.side, Block: f.id, Area: ft.area, From: at, To: to, Round: ft.round, Strength: f.state(h).Strength, Rule: "6.75",
		Text: fmt.Sprintf("%s moves on from full %s to %s (default: friendly before vacant, fewest enemy neighbours, then id)", name, areaTitle(h.sc, at), areaTitle(h.sc, to))})
}

// attackBorder reports whether the area across a border is one the attacking side
// entered from: any attacker's border counts (Retreat Borders sidebar). After a swap
// (6.5) the attacking side is the former defenders' reserves and their borders count.
func (ft *fight) attackBorder(n AreaID) bool {
	for _, f := range ft.fs {
		if f.side == ft.attacker && f.entered && f.from == n {
			return true
		}
	}
	return false
}

// canRetreat checks one destination for a retreating block at this instant (6.71,
// 6.72, 6.74, 4.24); full reports that it is at its stacking limit (6.75).
func (ft *fight) canRetreat(f *fighter, n AreaID) (ok, full bool) {
	h := ft.h
	bd := h.sc.Map.Border(ft.area, n)
	ar := h.sc.Map.Area(n)
	if bd == nil || ar == nil || ar.River {
		return false, false
	}
	lim := bd.Limits(ft.area)
	if !lim.Passable || lim.Battle == 0 || ft.retreats[n] >= lim.Battle {
		return false, false
	}
	if f.spec.Type == Artillery && !lim.Road {
		return false, false
	}
	ctrl, contested := h.control(n)
	if contested || ctrl == f.side.Enemy() {
		return false, false
	}
	if ft.attacking(f) {
		if ctrl != f.side && !ft.attackBorder(n) {
			return false, false
		}
	} else if ft.attackBorder(n) {
		return false, false
	}
	return true, h.countIn(n, NoSide) >= ar.Stack
}

// retreatDestination picks where a block retreats: the doctrine's retreat list in
// its order, full areas included (6.75); else the default ranking, areas below their
// stacking limit before full ones.
func (ft *fight) retreatDestination(f *fighter) (AreaID, bool, string) {
	var open, full []AreaID
	for _, n := range ft.h.sc.Map.Neighbours(ft.area) {
		ok, isFull := ft.canRetreat(f, n)
		switch {
		case !ok:
		case isFull:
			full = append(full, n)
		default:
			open = append(open, n)
		}
	}
	// The player's list is honoured in its own order, a full area included: 6.75
	// allows that retreat at the cost of a step, and the player chose it.
	d, _ := ft.doctrine(f.side)
	for _, want := range d.Retreat {
		if containsArea(open, want) {
			return want, false, "destination from the retreat list"
		}
		if containsArea(full, want) {
			return want, true, "destination from the retreat list, full: 6.75"
		}
	}
	for _, set := range []struct {
		areas []AreaID
		full  bool
	}{{open, false}, {full, true}} {
		if len(set.areas) > 0 {
			ft.h.rankRetreats(f.side, set.areas)
			return set.areas[0], set.full, "default destination: friendly before vacant, fewest enemy neighbours, then id"
		}
	}
	return "", false, ""
}

// rankRetreats sorts candidate areas by the default preference: friendly before
// vacant, then fewest adjacent areas holding enemy blocks, then id.
func (h *hour) rankRetreats(s Side, as []AreaID) {
	enemyNb := func(a AreaID) int {
		n := 0
		for _, x := range h.sc.Map.Neighbours(a) {
			if h.countIn(x, s.Enemy()) > 0 {
				n++
			}
		}
		return n
	}
	type key struct {
		a        AreaID
		friendly bool
		enemy    int
	}
	ks := make([]key, len(as))
	for i, a := range as {
		c, _ := h.control(a)
		ks[i] = key{a, c == s, enemyNb(a)}
	}
	sort.SliceStable(ks, func(i, j int) bool {
		if ks[i].friendly != ks[j].friendly {
			return ks[i].friendly
		}
		if ks[i].enemy != ks[j].enemy {
			return ks[i].enemy < ks[j].enemy
		}
		return ks[i].a < ks[j].a
	})
	for i := range ks {
		as[i] = ks[i].a
	}
}

// effective returns a block's firepower for this turn with the reasons for any
// change: attacking or reinforcing artillery -1 in its first round (4.24, 6.5),
// ravine -1 in the first round (3.35), flank +1 in the first round (Flanking), and
// defenders -1 in round 4 except cavalry (6.73). The letter never changes.
func (ft *fight) effective(f *fighter) (Firepower, []string) {
	fp := f.state(ft.h).Firepower
	var why []string
	v := fp.Value
	if f.entered && ft.round == f.arrive {
		if f.spec.Type == Artillery {
			v--
			if f.reserve {
				why = append(why, "reinforcing artillery -1 in its first round (6.5)")
			} else {
				why = append(why, "attacking artillery -1 in its first round (4.24)")
			}
		}
		if f.ravine {
			v--
			why = append(why, "crossed a ravine -1 in its first round (3.35)")
		}
		if f.bonus {
			v++
			why = append(why, "flank attack +1 in its first round (Flanking, optional)")
		}
	}
	if ft.round == 4 && !ft.attacking(f) && f.spec.Type != Cavalry {
		v--
		why = append(why, "pursuit fire -1 in round 4 (6.73)")
	}
	if v < 0 {
		v = 0
	}
	if v > 6 {
		v = 6
	}
	return Firepower{Letter: fp.Letter, Value: v}, why
}

// targets lists the enemy blocks that could take a hit now: active, not gunboats
// (4.25: CSA can never fire at gunboats).
// The list is in a buffer reused by the next call.
func (ft *fight) targets(owner Side) []BlockID {
	ids := ft.tbuf[:0]
	for _, f := range ft.fs {
		if f.side == owner && ft.active(f) && !f.gunboat {
			ids = append(ids, f.id)
		}
	}
	ft.tbuf = ids
	return ids
}

// onlyGunboats reports whether every block a side has left in the battle is a
// gunboat.
func (ft *fight) onlyGunboats(s Side) bool {
	for _, f := range ft.fs {
		if f.side == s && !f.out && !f.gunboat {
			return false
		}
	}
	return true
}

// fire is a block's fire (6.6): one die per step, each die at or below the
// effective firepower a hit, each hit on the strongest enemy block at that instant.
func (ft *fight) fire(f *fighter, note string) {
	h := ft.h
	bs := f.state(h)
	name := f.title()
	enemy := f.side.Enemy()
	fp, why := ft.effective(f)
	pass := func(rule, text string) {
		if note != "" {
			text += " (" + note + ")"
		}
		h.event(Event{Kind: EvPass, Side: f.side, Block: f.id, Area: ft.area, Round: ft.round, Firepower: fp, Rule: rule, Text: text})
	}
	targets := ft.targets(enemy)
	switch {
	case len(targets) == 0:
		if ft.onlyGunboats(enemy) {
			pass("4.25", fmt.Sprintf("%s has no target: CSA blocks can never fire at gunboats", name))
		} else {
			pass("6.5", fmt.Sprintf("%s has no target: the enemy's reserves cannot be hit before they arrive", name))
		}
		return
	case f.gunboat && h.strongestFor(targets, enemy, true) == "":
		pass("4.25", fmt.Sprintf("%s holds fire: gunboat fire cannot eliminate, and no CSA block here could take a hit (default)", name))
		return
	case bs.Strength == 0:
		pass("4.11", fmt.Sprintf("%s is at strength 0 and rolls no dice", name))
		return
	case fp.Value == 0:
		pass("Firepower Penalties", fmt.Sprintf("%s cannot fire: firepower %s falls to 0 (%s)", name, bs.Firepower, strings.Join(why, "; ")))
		return
	}
	dice := make([]int, bs.Strength)
	hits := 0
	for i := range dice {
		dice[i] = h.d.Roll(fmt.Sprintf("%s round %d: %s fires %s, die %d of %d", ft.title(), ft.round, name, fp, i+1, len(dice)))
		if dice[i] <= fp.Value {
			hits++
		}
	}
	var whyText, noteText string
	if len(why) > 0 {
		whyText = " [" + strings.Join(why, "; ") + "]"
	}
	if note != "" {
		noteText = " (" + note + ")"
	}
	text := fmt.Sprintf("%s fires %s: %s, %d hit(s)%s%s", name, fp, diceText(dice), hits, whyText, noteText)
	rule := "6.6"
	if f.gunboat {
		rule = "6.6, 4.25"
	}
	ev := h.newEvent(EvFire)
	ev.Side, ev.Block, ev.Area, ev.Round, ev.Firepower, ev.Dice, ev.Hits, ev.Rule, ev.Text = f.side, f.id, ft.area, ft.round, fp, dice, hits, rule, text
	fireEv := ev.Seq - 1 // ev itself may move as later events grow the list
	lost := 0
	for i := 0; i < hits; i++ {
		t, tie := h.pickLoss(ft.lossCands(enemy), enemy, f.gunboat)
		if t == "" {
			lost++
			continue
		}
		cause := "hit by " + name + " (" + tie + ")"
		if !h.takeLoss(t, ft.area, ft.round, rule, cause) {
			ft.fighter(t).out = true
		}
	}
	if lost > 0 {
		why := "no enemy block left to take it"
		if f.gunboat {
			why = "gunboat fire cannot eliminate CSA blocks (4.25)"
		}
		h.rep.Events[fireEv].Text += fmt.Sprintf("; %d hit(s) lost: %s", lost, why)
	}
	if f.gunboat {
		f.fired = true
	}
	if f.side == CSA && h.st.Options.Pond && !f.spec.Pond {
		ft.pond(dice, name)
	}
}

// pond applies the optional Pond rule (4.2 sidebar): a CSA firing roll of 6 scores
// one friendly hit on Pond, at most once per battle, never eliminating Pond. Pond's
// own fire does not hit itself.
func (ft *fight) pond(dice []int, shooter string) {
	if ft.pondHit {
		return
	}
	six := false
	for _, d := range dice {
		six = six || d == 6
	}
	if !six {
		return
	}
	for _, p := range ft.fs {
		if !p.spec.Pond || p.side != CSA || !ft.active(p) {
			continue
		}
		bs := p.state(ft.h)
		if bs.Strength <= 1 {
			return
		}
		ft.pondHit = true
		bs.Strength--
		ft.h.event(Event{Kind: EvHit, Side: CSA, Block: p.id, Area: ft.area, Round: ft.round, Strength: bs.Strength, Rule: "Pond (optional)",
			Text: fmt.Sprintf("%s takes a friendly hit from %s's roll of 6 (blue uniforms)", blockTitle(ft.h.sc, p.id), shooter)})
		return
	}
}

func (ft *fight) fighter(id BlockID) *fighter {
	for _, f := range ft.fs {
		if f.id == id {
			return f
		}
	}
	return nil
}

// gunboatWear reduces each gunboat that fired this round by one step (4.25); one at
// 0 can no longer fire and leaves the battle.
func (ft *fight) gunboatWear() {
	h := ft.h
	for _, f := range ft.fs {
		if !f.gunboat || !f.fired {
			continue
		}
		f.fired = false
		bs := f.state(h)
		if bs.Strength > 0 {
			bs.Strength--
		}
		text := fmt.Sprintf("%s loses a step after firing (4.25)", blockTitle(h.sc, f.id))
		if bs.Strength == 0 && !f.out {
			f.out = true
			text += "; at strength 0 it cannot fire and leaves the battle"
		}
		h.event(Event{Kind: EvHit, Side: f.side, Block: f.id, Area: ft.area, Round: ft.round, Strength: bs.Strength, Rule: "4.25", Text: text})
	}
}

// strongestFor picks the block that takes a hit among ids (6.6): the strongest at
// this instant; among equals the owner's LossesFirst list, then blocks not in
// LossesLast (LossesLast in list order), then non-HQ before HQ, then the lower
// firepower (number, then C before B before A), then id. For gunboat fire (4.25) a
// block at its last step cannot be hit: if such a block ties for strongest, the
// owner puts the hit on it and the hit is lost (""), as is one with no other target.
func (h *hour) strongestFor(ids []BlockID, owner Side, gunboat bool) BlockID {
	id, _ := h.strongestWhy(ids, owner, gunboat)
	return id
}

// strongestWhy is strongestFor with the reason for the choice among equals, for the
// report.
func (h *hour) strongestWhy(ids []BlockID, owner Side, gunboat bool) (BlockID, string) {
	cs := h.lossBuf[:0]
	for _, id := range ids {
		bi := h.bix(id)
		cs = append(cs, lossCand{id: id, bs: &h.st.Blocks[bi], spec: h.specAt(bi)})
	}
	h.lossBuf = cs
	return h.pickLoss(cs, owner, gunboat)
}

// lossCand is a block that could take a hit, with its state and card at hand.
type lossCand struct {
	id   BlockID
	bs   *BlockState
	spec *BlockSpec
}

// lossCands are the enemy blocks that could take a hit now (as targets), from the
// fight's own records: no lookups.
func (ft *fight) lossCands(owner Side) []lossCand {
	cs := ft.h.lossBuf[:0]
	for _, f := range ft.fs {
		if f.side == owner && ft.active(f) && !f.gunboat {
			cs = append(cs, lossCand{id: f.id, bs: f.state(ft.h), spec: f.spec})
		}
	}
	ft.h.lossBuf = cs
	return cs
}

// pickLoss is strongestWhy's choice among cs (which it may reorder).
func (h *hour) pickLoss(cs []lossCand, owner Side, gunboat bool) (BlockID, string) {
	best, n := -1, 0 // the tied strongest are moved to cs[:n], in order
	for k := range cs {
		s := cs[k].bs.Strength
		switch {
		case s > best:
			best, n = s, 0
			cs[n], n = cs[k], 1
		case s == best:
			cs[n], cs[k] = cs[k], cs[n]
			n++
		}
	}
	tied := cs[:n]
	if len(tied) == 0 {
		return "", ""
	}
	if gunboat {
		for _, c := range tied {
			if lastStepOf(c.bs, c.spec) {
				return "", ""
			}
		}
	}
	o := h.orders(owner)
	rank := func(id BlockID) (int, int) {
		for i, x := range o.LossesFirst {
			if x == id {
				return 0, i
			}
		}
		for i, x := range o.LossesLast {
			if x == id {
				return 2, i
			}
		}
		return 1, 0
	}
	stableSort(tied, func(a, b lossCand) bool {
		ga, ia := rank(a.id)
		gb, ib := rank(b.id)
		if ga != gb {
			return ga < gb
		}
		if ia != ib {
			return ia < ib
		}
		if a.spec.IsHQ() != b.spec.IsHQ() {
			return !a.spec.IsHQ()
		}
		fa, fb := a.bs.Firepower, b.bs.Firepower
		if fa.Value != fb.Value {
			return fa.Value < fb.Value
		}
		if fa.Letter != fb.Letter {
			return fa.Letter > fb.Letter
		}
		return a.id < b.id
	})
	if len(tied) == 1 {
		return tied[0].id, "the strongest"
	}
	g, _ := rank(tied[0].id)
	g2, _ := rank(tied[1].id)
	why := "default: non-HQ before HQ, lower firepower, then id"
	switch {
	case g == 0:
		why = "losses-first order"
	case g != g2 || g == 2:
		why = "losses-last order"
	}
	return tied[0].id, fmt.Sprintf("tied with %d other(s) at strength %d; %s", len(tied)-1, best, why)
}

// stableSort sorts l by less, keeping equal elements in their order.
func stableSort[T any](l []T, less func(a, b T) bool) {
	sort.SliceStable(l, func(i, j int) bool { return less(l[i], l[j]) })
}

// lastStepAt reports whether one more hit would eliminate the block with index bi
// in st.Blocks: strength 1 for a block, 0 for an HQ or gunboat (4.12, 4.25).
func (h *hour) lastStepAt(bi int) bool { return lastStepOf(&h.st.Blocks[bi], h.specAt(bi)) }

// lastStepOf is lastStepAt for a block's state and card.
func lastStepOf(bs *BlockState, spec *BlockSpec) bool {
	if spec.IsHQ() || spec.Type == Gunboat {
		return bs.Strength == 0
	}
	return bs.Strength <= 1
}

// takeLoss applies one hit or step loss to a block (4.12, 6.6): reduce it, or
// eliminate it at its last step (6.9), or make an HQ at 0 fall (6.91). It reports
// whether the block survived.
func (h *hour) takeLoss(id BlockID, area AreaID, round int, rule, cause string) bool {
	bi := h.bix(id)
	bs, spec := &h.st.Blocks[bi], h.specAt(bi)
	side, name := spec.Side, specTitle(spec, id)
	ev := h.newEvent(EvHit)
	ev.Side, ev.Block, ev.Area, ev.Round, ev.Rule = side, id, area, round, rule
	if !h.lastStepAt(bi) {
		bs.Strength--
		ev.Strength, ev.Text = bs.Strength, fmt.Sprintf("%s: %s to strength %d", cause, name, bs.Strength)
		return true
	}
	ev.Text = cause + ": " + name + " at its last step" // Strength 0
	if spec.IsHQ() {
		h.hqFalls(id, area, round)
	} else {
		h.battleEliminate(id, area, round, "6.9", name+" is eliminated (6.9)")
	}
	return false
}

// battleEliminate removes a block for good (6.9, 3.6): the enemy scores it.
// An HQ eliminated this way (no retreat, off the map) falls like one hit at
// strength 0: every path that removes an HQ goes through hqFalls (6.91).
func (h *hour) battleEliminate(id BlockID, area AreaID, round int, rule, text string) {
	bs := h.block(id)
	side := h.sideOf(id)
	if h.spec(id).IsHQ() {
		h.event(Event{Kind: EvEliminated, Side: side, Block: id, Area: area, Round: round, Rule: rule, Text: text})
		h.hqFalls(id, area, round)
		return
	}
	h.place(bs, Eliminated, "")
	bs.Strength = 0
	h.st.Losses = append(h.st.Losses, Loss{Block: id, Side: side, Hour: h.st.Hour})
	h.dropSightings(id)
	h.event(Event{Kind: EvEliminated, Side: side, Block: id, Area: area, Round: round, Rule: rule, Text: text})
}

// armyHQ reports whether an HQ commands an army as its AHQ: an AHQ, or an HQ that
// assumed army command after its army's AHQ fell (6.91). Sherman acting for Grant
// before Grant arrives (5.21) is not: he falls as a division HQ.
func (h *hour) armyHQ(id BlockID) bool {
	sp := h.spec(id)
	if sp.HQKind == AHQ {
		return true
	}
	for _, ac := range h.st.ArmyCommand {
		if ac.HQ == id && !h.armyAHQPending(ac.Army) {
			return true
		}
	}
	return false
}

// armyAHQPending reports whether an army's own AHQ has yet to arrive.
func (h *hour) armyAHQPending(a Army) bool {
	for _, sp := range h.sc.OB.Blocks {
		if sp.Army == a && sp.HQKind == AHQ {
			if b := h.block(sp.ID); b != nil && b.Where == Pending {
				return true
			}
		}
	}
	return false
}

// hqFalls handles an HQ at strength 0 taking a hit (6.91): the enemy scores a
// Fallen HQ; a division or corps HQ waits to be rebuilt by the supply phase (as
// another leader, max 1, B1); an army HQ, or a successor commanding as one, is never
// replaced and army command passes on.
func (h *hour) hqFalls(id BlockID, area AreaID, round int) {
	bs := h.block(id)
	side := h.sideOf(id)
	name := blockTitle(h.sc, id)
	army := h.armyHQ(id)
	var commanded []Army
	if h.spec(id).HQKind == AHQ {
		commanded = append(commanded, h.spec(id).Army)
	}
	for _, ac := range h.st.ArmyCommand {
		if ac.HQ == id && !containsArmy(commanded, ac.Army) {
			commanded = append(commanded, ac.Army)
		}
	}
	bs.Falls++
	h.place(bs, bs.Where, "")
	bs.Strength = 0
	h.st.Losses = append(h.st.Losses, Loss{Block: id, Side: side, Hour: h.st.Hour, HQFall: true})
	h.dropSightings(id)
	text := fmt.Sprintf("%s has fallen: %s scores a Fallen HQ; it is rebuilt at strength 0 (max 1, B1) in the next supply phase if its formation has blocks left (6.91)", name, side.Enemy())
	if army {
		h.place(bs, Eliminated, "")
		text = fmt.Sprintf("%s has fallen: %s scores a Fallen HQ; an army HQ is never replaced (6.91)", name, side.Enemy())
	} else {
		h.place(bs, Fallen, "")
	}
	h.event(Event{Kind: EvHQFallen, Side: side, Block: id, Area: area, Round: round, Rule: "6.91", Text: text})
	sort.Slice(commanded, func(i, j int) bool { return commanded[i] < commanded[j] })
	for _, a := range commanded {
		h.succeedArmy(a, id)
	}
}

func containsArmy(as []Army, a Army) bool {
	for _, x := range as {
		if x == a {
			return true
		}
	}
	return false
}

// succeedArmy gives command of an army to the senior HQ on the field after its
// commander fell (6.91, 5.23). An army whose own AHQ is still on the map needs no
// successor (CSA: one AHQ falling leaves the other in command). Otherwise, for the
// USA, the other army's AHQ if it is on the map (Grant and Buell are both major
// generals, senior to every division commander: "SHERMAN would be AHQ unless BUELL
// is on the field"), else the first HQ on the map in the army's seniority list;
// for the CSA the first HQ on the map in the seniority list (Polk, then Bragg...).
func (h *hour) succeedArmy(a Army, fallen BlockID) {
	var keep []ArmyCommand
	for _, ac := range h.st.ArmyCommand {
		if ac.Army != a {
			keep = append(keep, ac)
		}
	}
	h.st.ArmyCommand = keep
	side := NoSide
	var ahqOnMap, ahqPending bool
	for _, sp := range h.sc.OB.Blocks {
		if sp.Army != a || sp.HQKind != AHQ {
			continue
		}
		side = sp.Side
		switch h.block(sp.ID).Where {
		case OnMap:
			ahqOnMap = true
		case Pending:
			ahqPending = true
		}
	}
	if ahqOnMap {
		return
	}
	var next BlockID
	why := ""
	if side == USA && !ahqPending {
		for _, sp := range h.sc.OB.Blocks {
			if sp.Side == USA && sp.Army != a && sp.HQKind == AHQ && h.block(sp.ID).Where == OnMap {
				next, why = sp.ID, fmt.Sprintf("the other army's commander %s is on the field and senior to every division commander (5.23, 6.91)", blockTitle(h.sc, sp.ID))
				break
			}
		}
	}
	if next == "" {
		for _, sn := range h.sc.OB.Seniority {
			if sn.Army != a {
				continue
			}
			for _, id := range sn.HQs {
				b := h.block(id)
				if id == fallen || b == nil || b.Where != OnMap || h.spec(id).HQKind == AHQ {
					continue
				}
				next, why = id, fmt.Sprintf("%s is the senior HQ on the field (seniority list, 6.91)", blockTitle(h.sc, id))
				break
			}
		}
	}
	if next == "" {
		h.event(Event{Kind: EvSuccession, Side: side, Rule: "6.91",
			Text: fmt.Sprintf("no HQ on the field can assume command of the %s", armyTitle(a))})
		return
	}
	h.st.ArmyCommand = append(h.st.ArmyCommand, ArmyCommand{Army: a, HQ: next})
	sort.Slice(h.st.ArmyCommand, func(i, j int) bool { return h.st.ArmyCommand[i].Army < h.st.ArmyCommand[j].Army })
	h.event(Event{Kind: EvSuccession, Side: side, Block: next, Rule: "6.91",
		Text: fmt.Sprintf("%s assumes command of the %s: %s", blockTitle(h.sc, next), armyTitle(a), why)})
}

func armyTitle(a Army) string {
	switch a {
	case ArmyCSA:
		return "Army of the Mississippi"
	case ArmyUSTN:
		return "Army of the Tennessee"
	case ArmyUSOH:
		return "Army of the Ohio"
	}
	return string(a)
}

// regroup moves the victor's blocks by its Regroup orders for the area (6.8);
// blocks without an order stay (default). Battle limits apply per border (3.33),
// artillery only by roads (4.24), Webster never (6.1), only into friendly or vacant
// areas below their stacking limit.
func (ft *fight) regroup(victor Side) {
	h := ft.h
	o := h.orders(victor)
	crossed := map[AreaID]int{} // lookups only
	moved := map[BlockID]bool{}
	for i, rg := range o.Regroup {
		if rg.Area != ft.area {
			continue
		}
		ft.ph.regroupUsed[victor.Index()][i] = true
		ref := OrderRef{Kind: "regroup", Index: i, Line: rg.Line}
		ids := rg.Blocks[:len(rg.Blocks):len(rg.Blocks)] // an append must not write into the orders
		if len(ids) == 0 {
			for _, id := range h.blocksIn(ft.area, victor) {
				if !moved[id] {
					ids = append(ids, id)
				}
			}
		}
		var failed []BlockID
		var reasons []string
		went := 0
		for _, id := range ids {
			if why := ft.regroupBlocked(victor, id, rg.To, crossed, moved); why != "" {
				failed = append(failed, id)
				reasons = append(reasons, blockTitle(h.sc, id)+": "+why)
				continue
			}
			moved[id] = true
			crossed[rg.To]++
			h.place(h.block(id), h.block(id).Where, rg.To)
			went++
			h.event(Event{Kind: EvRegroup, Side: victor, Block: id, Area: ft.area, From: ft.area, To: rg.To, Rule: "6.8",
				Text: fmt.Sprintf("%s regroups to %s (regroup order)", blockTitle(h.sc, id), areaTitle(h.sc, rg.To))})
		}
		res := Result{Side: victor, Order: ref, Rule: "6.8", Blocks: failed}
		switch {
		case len(failed) == 0 && went > 0:
			res.Status = Executed
			res.Reason = fmt.Sprintf("regrouped to %s", areaTitle(h.sc, rg.To))
		case went > 0:
			res.Status = Partial
			res.Reason = strings.Join(reasons, "; ")
		case len(failed) > 0:
			res.Status = Dropped
			res.Reason = strings.Join(reasons, "; ")
		default:
			res.Status = Unused
			res.Reason = "no block left to regroup"
		}
		h.result(res)
	}
}

// regroupBlocked says why a block cannot regroup to an area now, or "".
func (ft *fight) regroupBlocked(victor Side, id BlockID, to AreaID, crossed map[AreaID]int, moved map[BlockID]bool) string {
	h := ft.h
	sp, bs := h.spec(id), h.block(id)
	switch {
	case sp == nil || bs == nil:
		return "unknown block"
	case moved[id]:
		return "already regrouped"
	case sp.Side != victor || bs.Where != OnMap || bs.Area != ft.area:
		return fmt.Sprintf("not among the victor's blocks at %s", ft.title())
	case sp.Siege:
		return "never regroups (6.1)"
	case to == ft.area:
		return "already there"
	}
	bd := h.sc.Map.Border(ft.area, to)
	ar := h.sc.Map.Area(to)
	if bd == nil || ar == nil {
		return fmt.Sprintf("%s is not adjacent", areaTitle(h.sc, to))
	}
	lim := bd.Limits(ft.area)
	switch {
	case !lim.Passable || lim.Battle == 0 || ar.River:
		return "the border cannot be crossed in battle (3.33)"
	case crossed[to] >= lim.Battle:
		return fmt.Sprintf("battle limit %d reached (3.33)", lim.Battle)
	case sp.Type == Artillery && !lim.Road:
		return "artillery regroups only by a road border (4.24)"
	}
	ctrl, contested := h.control(to)
	switch {
	case contested:
		return "the area is contested"
	case ctrl == victor.Enemy():
		return "the area is enemy"
	case h.countIn(to, NoSide) >= ar.Stack:
		return fmt.Sprintf("the area is at its stacking limit %d (3.31)", ar.Stack)
	}
	return ""
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

func areaTitle(sc *Scenario, a AreaID) string {
	if ar := sc.Map.Area(a); ar != nil && ar.Name != "" {
		return ar.Name
	}
	return string(a)
}

// blockTitle is a block's name for the report (its id when it has none).
func blockTitle(sc *Scenario, id BlockID) string { return specTitle(sc.OB.Block(id), id) }

// specTitle is blockTitle with the block's card at hand (nil when it has none).
func specTitle(sp *BlockSpec, id BlockID) string {
	if sp != nil && sp.Name != "" {
		return sp.Name
	}
	return string(id)
}

func blockList(sc *Scenario, ids []BlockID) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = blockTitle(sc, id)
	}
	return strings.Join(names, ", ")
}

package shiloh1862

// This file is the retreat (6.7): when a block withdraws (standing doctrine, the
// attackers' round 4 of 6.73), where it may go (6.71, 6.72, 6.74, 4.24) and where it
// goes when its owner named nowhere open (the default ranking, docs/ENGINE.md), and
// the block that moves on from a full area (6.75).

import (
	"sort"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

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

// doctrineReason says which standing order made a block withdraw: "doctrine:
// withdraw after round 2".
func doctrineReason(d Doctrine, src string) reason {
	return because("ev.doctrine", adjudicator.WordArg("source", "doctrine-source."+src), doctrineArg("doctrine", d))
}

// wantsRetreat decides whether a block retreats this turn, and whether it must.
func (ft *fight) wantsRetreat(f *fighter) (want, forced bool, why reason) {
	r := ft.round
	if ft.attacking(f) && r == 4 {
		return true, true, because("ev.attackers-retreat")
	}
	if f.gunboat {
		return false, false, reason{}
	}
	if r == 1 && f.spec.Type != Cavalry {
		return false, false, reason{} // 6.3: round 1 is mandatory except for cavalry (4.23)
	}
	d, src := ft.doctrine(f.side)
	switch d.Kind {
	case WithdrawAfter:
		if r > d.AfterRound {
			return true, false, doctrineReason(d, src)
		}
	case WithdrawIfWeaker:
		if ft.weaker[f.side.Index()] {
			dr := doctrineReason(d, src)
			own, enemy := ft.steps[f.side.Index()], ft.steps[f.side.Enemy().Index()]
			return true, false, because("ev.weaker", adjudicator.PhrasesArg("doctrine", dr), adjudicator.IntArg("steps", own), adjudicator.IntArg("enemy", enemy))
		}
	}
	return false, false, reason{}
}

// retreat moves a block out of the battle (6.7). It reports whether the block left
// the battle (retreated or was eliminated); otherwise note says why it stays.
func (ft *fight) retreat(f *fighter, forced bool, why reason) (bool, reason) {
	h := ft.h
	bs := f.state(h)
	unit, whyArg := unitArg("unit", f.id), adjudicator.PhrasesArg("why", why)
	ev := Event{Kind: EvRetreat, Side: f.side, Block: f.id, Area: ft.area, From: ft.area, Round: ft.round, Strength: bs.Strength}
	switch {
	case f.gunboat:
		f.out = true
		ev.To, ev.Rule = bs.Area, "4.25, 6.73"
		h.event(ev.told(because("ev.retreat-river", unit, whyArg)))
		return true, reason{}
	case f.spec.Siege:
		if !forced {
			return false, because("ev.stays-siege", whyArg, unit)
		}
		f.out = true
		h.battleEliminate(f.id, ft.area, ft.round, "6.1, 6.7", because("ev.eliminated-siege", unit, whyArg))
		return true, reason{}
	case f.offboard:
		if !forced {
			return false, because("ev.stays-off-map", whyArg)
		}
		f.out = true
		ev.To, ev.Rule = OffBoard, "5.6, 3.6"
		h.event(ev.told(because("ev.retreat-off-map", unit, whyArg)))
		h.battleEliminate(f.id, ft.area, ft.round, "5.6, 3.6", because("ev.eliminated-left-map", unit))
		return true, reason{}
	}
	to, full, how := ft.retreatDestination(f)
	if to == "" {
		rule := ft.retreatRule(f)
		if !forced {
			return false, because("ev.stays-no-retreat", whyArg, adjudicator.PhrasesArg("rule", rule))
		}
		f.out = true
		h.battleEliminate(f.id, ft.area, ft.round, "6.7", because("ev.eliminated-no-retreat", unit, whyArg, adjudicator.PhrasesArg("rule", rule)))
		return true, reason{}
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
	// The report tells where it went; Why is the reason and how the place was
	// chosen.
	ev.Why = adjudicator.Say("ev.retreat", whyArg, adjudicator.PhrasesArg("how", how))
	h.event(ev)
	if full {
		ft.overstacked(f, to)
	}
	return true, reason{}
}

// retreatRule says where a block may retreat, for a block that found nowhere.
func (ft *fight) retreatRule(f *fighter) reason {
	switch {
	case ft.attacking(f):
		return because("ev.retreat-rule-attackers")
	case f.reserve:
		return because("ev.retreat-rule-reserves")
	}
	return because("ev.retreat-rule-defenders")
}

// overstacked applies 6.75: the block loses a step and must move on at once into an
// adjacent friendly or vacant area below its stacking limit, or is eliminated.
func (ft *fight) overstacked(f *fighter, at AreaID) {
	h := ft.h
	if !h.takeLoss(f.id, at, ft.round, "6.75", because("ev.retreated-full", unitArg("unit", f.id), titleArg(h.sc, "place", at))) {
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
		h.battleEliminate(f.id, at, ft.round, "6.75", because("ev.eliminated-no-room", unitArg("unit", f.id), titleArg(h.sc, "place", at)))
		return
	}
	h.rankRetreats(f.side, cands)
	to := cands[0]
	h.place(f.state(h), f.state(h).Where, to)
	h.event(Event{Kind: EvRetreat, Side: f.side, Block: f.id, Area: ft.area, From: at, To: to, Round: ft.round, Strength: f.state(h).Strength, Rule: "6.75"}.told(
		because("ev.move-on", unitArg("unit", f.id), titleArg(h.sc, "from", at), titleArg(h.sc, "to", to))))
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
func (ft *fight) retreatDestination(f *fighter) (AreaID, bool, reason) {
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
			return want, false, because("ev.retreat-listed")
		}
		if containsArea(full, want) {
			return want, true, because("ev.retreat-listed-full")
		}
	}
	for _, set := range []struct {
		areas []AreaID
		full  bool
	}{{open, false}, {full, true}} {
		if len(set.areas) > 0 {
			ft.h.rankRetreats(f.side, set.areas)
			return set.areas[0], set.full, because("ev.retreat-default")
		}
	}
	return "", false, reason{}
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

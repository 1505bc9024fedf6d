package shiloh1862

// This file is battle fire (6.6): a block's effective firepower (4.24, 6.5, 6.73 and
// the firepower penalties), its dice, which enemy block takes each hit (the
// strongest, or the owner's losses order), gunboat fire and wear (4.25), and the
// hit itself: a step lost, or the block eliminated at its last step (6.9).

import (
	"sort"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// effective returns a block's firepower for this turn with the reasons for any
// change: attacking or reinforcing artillery -1 in its first round (4.24, 6.5),
// ravine -1 in the first round (3.35), flank +1 in the first round (Flanking), and
// defenders -1 in round 4 except cavalry (6.73). The letter never changes.
func (ft *fight) effective(f *fighter) (Firepower, []reason) {
	fp := f.state(ft.h).Firepower
	var why []reason
	v := fp.Value
	if f.entered && ft.round == f.arrive {
		if f.spec.Type == Artillery {
			v--
			if f.reserve {
				why = append(why, because("ev.fp-reinforcing-artillery"))
			} else {
				why = append(why, because("ev.fp-attacking-artillery"))
			}
		}
		if f.ravine {
			v--
			why = append(why, because("ev.fp-ravine"))
		}
		if f.bonus {
			v++
			why = append(why, because("ev.fp-flank"))
		}
	}
	if ft.round == 4 && !ft.attacking(f) && f.spec.Type != Cavalry {
		v--
		why = append(why, because("ev.fp-pursuit"))
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
func (ft *fight) fire(f *fighter, note reason) {
	h := ft.h
	bs := f.state(h)
	unit := unitArg("unit", f.id)
	enemy := f.side.Enemy()
	fp, why := ft.effective(f)
	pass := func(rule string, r reason) {
		if !none(note) {
			r = because("ev.with-note", adjudicator.PhrasesArg("what", r), adjudicator.PhrasesArg("note", note))
		}
		h.event(Event{Kind: EvPass, Side: f.side, Block: f.id, Area: ft.area, Round: ft.round, Firepower: fp, Rule: rule}.told(r))
	}
	targets := ft.targets(enemy)
	switch {
	case len(targets) == 0:
		if ft.onlyGunboats(enemy) {
			pass("4.25", because("ev.pass-gunboats", unit))
		} else {
			pass("6.5", because("ev.pass-reserves", unit))
		}
		return
	case f.gunboat && h.strongestFor(targets, enemy, true) == "":
		pass("4.25", because("ev.pass-gunboat-holds", unit))
		return
	case bs.Strength == 0:
		pass("4.11", because("ev.pass-zero", unit))
		return
	case fp.Value == 0:
		pass("Firepower Penalties", because("ev.pass-no-firepower", unit, adjudicator.TextArg("firepower", bs.Firepower.String()), adjudicator.PhrasesArg("why", why...)))
		return
	}
	dice := make([]int, bs.Strength)
	hits := 0
	throw := []adjudicator.Arg{titleArg(h.sc, "place", ft.area), adjudicator.IntArg("round", ft.round), unit,
		adjudicator.TextArg("firepower", fp.String()), adjudicator.IntArg("dice", len(dice))}
	for i := range dice {
		dice[i] = h.d.roll(because("throw.fire", dieArgs(throw, i)...))
		if dice[i] <= fp.Value {
			hits++
		}
	}
	rule := "6.6"
	if f.gunboat {
		rule = "6.6, 4.25"
	}
	ev := h.newEvent(EvFire)
	ev.Side, ev.Block, ev.Area, ev.Round, ev.Firepower, ev.Dice, ev.Hits, ev.Rule = f.side, f.id, ft.area, ft.round, fp, dice, hits, rule
	fireEv := ev.Seq - 1 // ev itself may move as later events grow the list
	lost := 0
	by := unitArg("by", f.id)
	for i := 0; i < hits; i++ {
		t, tie := h.pickLoss(ft.lossCands(enemy), enemy, f.gunboat)
		if t == "" {
			lost++
			continue
		}
		how := strongestHow // most hits: said without a new list
		if tie.Code != strongestHow.Phrases[0].Code {
			how = adjudicator.PhrasesArg("how", tie)
		}
		cause := because("ev.hit-by", by, how)
		if !h.takeLoss(t, ft.area, ft.round, rule, cause) {
			ft.fighter(t).out = true
		}
	}
	// Why the fire went as it did: the firepower's changes, and the note of a
	// block that could not withdraw; not when hits found no block to take them,
	// which the hits that follow tell (the reports of format 1 said no more).
	if lost == 0 && !none(note) {
		why = append(why, note)
	}
	if len(why) > 0 {
		h.rep.Events[fireEv].Why = adjudicator.Say("ev.fire", adjudicator.PhrasesArg("why", why...))
	}
	if f.gunboat {
		f.fired = true
	}
	if f.side == CSA && h.st.Options.Pond && !f.spec.Pond {
		ft.pond(dice, f.id)
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
		why := because("ev.gunboat-wear", unitArg("unit", f.id))
		if bs.Strength == 0 && !f.out {
			f.out = true
			why = because("ev.gunboat-spent", unitArg("unit", f.id))
		}
		h.event(Event{Kind: EvHit, Side: f.side, Block: f.id, Area: ft.area, Round: ft.round, Strength: bs.Strength, Rule: "4.25"}.told(why))
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
func (h *hour) strongestWhy(ids []BlockID, owner Side, gunboat bool) (BlockID, reason) {
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

// strongestHow is the commonest cause of a hit, shared by the hits it explains
// (phrases are never changed once made).
var strongestHow = adjudicator.PhrasesArg("how", adjudicator.Say("ev.loss-strongest"))

// pickLoss is strongestWhy's choice among cs (which it may reorder).
func (h *hour) pickLoss(cs []lossCand, owner Side, gunboat bool) (BlockID, reason) {
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
		return "", reason{}
	}
	if gunboat {
		for _, c := range tied {
			if lastStepOf(c.bs, c.spec) {
				return "", reason{}
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
		return tied[0].id, strongestHow.Phrases[0]
	}
	g, _ := rank(tied[0].id)
	g2, _ := rank(tied[1].id)
	why := because("ev.loss-default")
	switch {
	case g == 0:
		why = because("ev.loss-first")
	case g != g2 || g == 2:
		why = because("ev.loss-last")
	}
	return tied[0].id, because("ev.loss-tied", adjudicator.IntArg("others", len(tied)-1), adjudicator.IntArg("strength", best), adjudicator.PhrasesArg("order", why))
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
// whether the block survived. The hit's Why is its cause; the report tells the
// strength left (0: the last step).
func (h *hour) takeLoss(id BlockID, area AreaID, round int, rule string, cause reason) bool {
	bi := h.bix(id)
	bs, spec := &h.st.Blocks[bi], h.specAt(bi)
	ev := h.newEvent(EvHit)
	ev.Side, ev.Block, ev.Area, ev.Round, ev.Rule, ev.Why = spec.Side, id, area, round, rule, cause
	if !h.lastStepAt(bi) {
		bs.Strength--
		ev.Strength = bs.Strength
		return true
	}
	if spec.IsHQ() {
		h.hqFalls(id, area, round)
	} else {
		h.battleEliminate(id, area, round, "6.9", because("ev.eliminated", unitArg("unit", id)))
	}
	return false
}

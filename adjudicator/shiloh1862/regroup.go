package shiloh1862

// This file is the victor's regroup after a battle (6.8), by its Regroup orders.

import (
	"github.com/shiloh-pbem/pbem/adjudicator"
)

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
		var whys []Phrase
		went := 0
		for _, id := range ids {
			if why := ft.regroupBlocked(victor, id, rg.To, crossed, moved); !none(why) {
				failed = append(failed, id)
				// The block is named by the entry: the code says it once.
				whys = append(whys, adjudicator.Say(why.Code, append(why.Args[:len(why.Args):len(why.Args)], ft.regroupArg(id))...))
				continue
			}
			moved[id] = true
			crossed[rg.To]++
			h.place(h.block(id), h.block(id).Where, rg.To)
			went++
			h.event(Event{Kind: EvRegroup, Side: victor, Block: id, Area: ft.area, From: ft.area, To: rg.To, Rule: "6.8"}.told(
				because("ev.regroup", unitArg("unit", id), titleArg(h.sc, "place", rg.To))))
		}
		res := Result{Side: victor, Order: ref, Rule: "6.8", Blocks: failed}
		var why reason
		switch {
		case len(failed) == 0 && went > 0:
			res.Status = Executed
			why = because("why.regrouped", titleArg(h.sc, "place", rg.To))
		case went > 0:
			res.Status = Partial
			why = because("why.regroup-failed", adjudicator.PhrasesArg("why", whys...))
		case len(failed) > 0:
			res.Status = Dropped
			why = because("why.regroup-failed", adjudicator.PhrasesArg("why", whys...))
		default:
			res.Status = Unused
			why = because("why.regroup-none")
		}
		res.Why = why
		h.result(res)
	}
}

// regroupBlocked says why a block cannot regroup to an area now, or "".
//
// Its phrases word the reason after the block's name, which the caller adds as
// the "unit" argument (ft.regroupArg).
func (ft *fight) regroupBlocked(victor Side, id BlockID, to AreaID, crossed map[AreaID]int, moved map[BlockID]bool) reason {
	h := ft.h
	sp, bs := h.spec(id), h.block(id)
	switch {
	case sp == nil || bs == nil:
		return because("why.regroup.unknown")
	case moved[id]:
		return because("why.regroup.done")
	case sp.Side != victor || bs.Where != OnMap || bs.Area != ft.area:
		return because("why.regroup.not-victor", placeArg("place", ft.area))
	case sp.Siege:
		return because("why.regroup.siege")
	case to == ft.area:
		return because("why.regroup.there")
	}
	bd := h.sc.Map.Border(ft.area, to)
	ar := h.sc.Map.Area(to)
	if bd == nil || ar == nil {
		return because("why.regroup.not-adjacent", titleArg(h.sc, "place", to))
	}
	lim := bd.Limits(ft.area)
	switch {
	case !lim.Passable || lim.Battle == 0 || ar.River:
		return because("why.regroup.border")
	case crossed[to] >= lim.Battle:
		return because("why.regroup.limit", adjudicator.IntArg("limit", lim.Battle))
	case sp.Type == Artillery && !lim.Road:
		return because("why.regroup.artillery")
	}
	ctrl, contested := h.control(to)
	switch {
	case contested:
		return because("why.regroup.contested")
	case ctrl == victor.Enemy():
		return because("why.regroup.enemy")
	case h.countIn(to, NoSide) >= ar.Stack:
		return because("why.regroup.stacking", adjudicator.IntArg("limit", ar.Stack))
	}
	return reason{}
}

// regroupArg names a block: by id when the order of battle has it, else the id
// as written.
func (ft *fight) regroupArg(id BlockID) adjudicator.Arg {
	if ft.h.spec(id) != nil {
		return unitArg("unit", id)
	}
	return adjudicator.TextArg("unit", string(id))
}

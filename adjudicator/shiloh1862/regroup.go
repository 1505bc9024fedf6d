package shiloh1862

// This file is the victor's regroup after a battle (6.8), by its Regroup orders.

import (
	"fmt"
	"strings"

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
		var reasons []string
		var whys []Phrase
		went := 0
		for _, id := range ids {
			if why := ft.regroupBlocked(victor, id, rg.To, crossed, moved); !why.none() {
				failed = append(failed, id)
				reasons = append(reasons, blockTitle(h.sc, id)+": "+why.text)
				// The block is named by the entry: the code says it once.
				whys = append(whys, adjudicator.Say(why.why.Code, append(why.why.Args[:len(why.why.Args):len(why.why.Args)], ft.regroupArg(id))...))
				continue
			}
			moved[id] = true
			crossed[rg.To]++
			h.place(h.block(id), h.block(id).Where, rg.To)
			went++
			h.event(Event{Kind: EvRegroup, Side: victor, Block: id, Area: ft.area, From: ft.area, To: rg.To, Rule: "6.8"}.told(
				because(fmt.Sprintf("%s regroups to %s (regroup order)", blockTitle(h.sc, id), areaTitle(h.sc, rg.To)), "ev.regroup",
					unitArg("unit", id), titleArg(h.sc, "place", rg.To))))
		}
		res := Result{Side: victor, Order: ref, Rule: "6.8", Blocks: failed}
		var why reason
		switch {
		case len(failed) == 0 && went > 0:
			res.Status = Executed
			why = because(fmt.Sprintf("regrouped to %s", areaTitle(h.sc, rg.To)), "why.regrouped", titleArg(h.sc, "place", rg.To))
		case went > 0:
			res.Status = Partial
			why = because(strings.Join(reasons, "; "), "why.regroup-failed", adjudicator.PhrasesArg("why", whys...))
		case len(failed) > 0:
			res.Status = Dropped
			why = because(strings.Join(reasons, "; "), "why.regroup-failed", adjudicator.PhrasesArg("why", whys...))
		default:
			res.Status = Unused
			why = because("no block left to regroup", "why.regroup-none")
		}
		res.Reason, res.Why = why.text, why.why
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
		return because("unknown block", "why.regroup.unknown")
	case moved[id]:
		return because("already regrouped", "why.regroup.done")
	case sp.Side != victor || bs.Where != OnMap || bs.Area != ft.area:
		return because(fmt.Sprintf("not among the victor's blocks at %s", ft.title()), "why.regroup.not-victor", placeArg("place", ft.area))
	case sp.Siege:
		return because("never regroups (6.1)", "why.regroup.siege")
	case to == ft.area:
		return because("already there", "why.regroup.there")
	}
	bd := h.sc.Map.Border(ft.area, to)
	ar := h.sc.Map.Area(to)
	if bd == nil || ar == nil {
		return because(fmt.Sprintf("%s is not adjacent", areaTitle(h.sc, to)), "why.regroup.not-adjacent", titleArg(h.sc, "place", to))
	}
	lim := bd.Limits(ft.area)
	switch {
	case !lim.Passable || lim.Battle == 0 || ar.River:
		return because("the border cannot be crossed in battle (3.33)", "why.regroup.border")
	case crossed[to] >= lim.Battle:
		return because(fmt.Sprintf("battle limit %d reached (3.33)", lim.Battle), "why.regroup.limit", adjudicator.IntArg("limit", lim.Battle))
	case sp.Type == Artillery && !lim.Road:
		return because("artillery regroups only by a road border (4.24)", "why.regroup.artillery")
	}
	ctrl, contested := h.control(to)
	switch {
	case contested:
		return because("the area is contested", "why.regroup.contested")
	case ctrl == victor.Enemy():
		return because("the area is enemy", "why.regroup.enemy")
	case h.countIn(to, NoSide) >= ar.Stack:
		return because(fmt.Sprintf("the area is at its stacking limit %d (3.31)", ar.Stack), "why.regroup.stacking", adjudicator.IntArg("limit", ar.Stack))
	}
	return reason{}
}

// regroupArg names a block as blockTitle does: by id when the order of battle
// has it, else the id as written.
func (ft *fight) regroupArg(id BlockID) adjudicator.Arg {
	if ft.h.spec(id) != nil {
		return unitArg("unit", id)
	}
	return adjudicator.TextArg("unit", string(id))
}

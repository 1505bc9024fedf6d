package shiloh1862

// This file is the victor's regroup after a battle (6.8), by its Regroup orders.

import (
	"fmt"
	"strings"
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

package adjudicator_test

import (
	"math/rand/v2"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// unknownOrders names an unknown block or area in every field of Orders that takes
// one (JSON orders can say anything; the order language cannot).
func unknownOrders(sc *adjudicator.Scenario, side adjudicator.Side) *adjudicator.Orders {
	const b, a = adjudicator.BlockID("no_such_block"), adjudicator.AreaID("no_such_area")
	o := &adjudicator.Orders{
		Side:     side,
		Activate: []adjudicator.Activation{{HQ: b}, {HQ: b, AsArmy: true}},
		Moves: []adjudicator.Move{
			{Blocks: []adjudicator.BlockID{b}, Path: []adjudicator.AreaID{a}},
			{Blocks: []adjudicator.BlockID{b, b}, From: a, Path: []adjudicator.AreaID{"", a}, Intent: adjudicator.IntentAttack},
			{Blocks: []adjudicator.BlockID{b}, Path: []adjudicator.AreaID{adjudicator.OffBoard}, Uncommanded: true},
		},
		Battles:     []adjudicator.AreaID{a},
		Doctrine:    []adjudicator.Doctrine{{Area: a, Kind: adjudicator.WithdrawAfter, AfterRound: 1, Retreat: []adjudicator.AreaID{a}}, {Kind: adjudicator.WithdrawIfWeaker, Retreat: []adjudicator.AreaID{a, a}}},
		LossesFirst: []adjudicator.BlockID{b},
		LossesLast:  []adjudicator.BlockID{b},
		Pin:         []adjudicator.BlockID{b},
		Regroup:     []adjudicator.Regroup{{Area: a, Blocks: []adjudicator.BlockID{b}, To: a}, {Area: a, To: a}},
		Supply:      []adjudicator.BlockID{b, b},
	}
	for _, ar := range sc.Arrivals {
		o.ArrivalChoices = append(o.ArrivalChoices, adjudicator.ArrivalChoice{Arrival: ar.ID, Choice: "no_such_choice"},
			adjudicator.ArrivalChoice{Arrival: "no_such_arrival", Choice: "D"})
		o.Landings = append(o.Landings, adjudicator.Landing{Arrival: ar.ID, Area: a}, adjudicator.Landing{Arrival: "no_such_arrival", Area: a})
		o.HoldArrivals = append(o.HoldArrivals, "no_such_arrival")
	}
	return o
}

// TestUnknownIDsInEveryField plays bot games in which, every hour, one side's orders
// name only unknown blocks and areas: the engine must not panic or fail, and every
// order of that side that it answers at all must be answered Invalid (or, for a
// standing preference that simply matched nothing, Unused).
func TestUnknownIDsInEveryField(t *testing.T) {
	games := uint64(4)
	if testing.Short() {
		games = 2
	}
	// The sides take turns sending the unknown ids, hour by hour.
	badSide := func(st *adjudicator.State) adjudicator.Side { return adjudicator.Sides[int(st.Hour)%2] }
	playOrderedGames(t, games, 0x1d, func(sc *adjudicator.Scenario, st *adjudicator.State, s adjudicator.Side, rng *rand.Rand) *adjudicator.Orders {
		if s == badSide(st) {
			return unknownOrders(sc, s)
		}
		return adjudicator.RandomOrders(sc, sideView(sc, st, s), rng)
	}, func(game uint64, st *adjudicator.State, rep *adjudicator.Report) {
		bad := badSide(st)
		seen := map[string]bool{}
		for _, r := range rep.Results {
			if r.Side != bad || r.Order.Kind == "initiative" { // initiative names no id
				continue
			}
			seen[r.Order.Kind] = true
			if r.Status != adjudicator.Invalid && r.Status != adjudicator.Unused {
				t.Errorf("game %d %s: %s order %d naming only unknown ids was answered %s: %s",
					game, st.Hour, r.Order.Kind, r.Order.Index, r.Status, r.Reason)
			}
		}
		for _, kind := range []string{"activate", "move", "pin", "supply", "losses"} {
			if !seen[kind] {
				t.Errorf("game %d %s: no result for the unknown ids of the %s orders", game, st.Hour, kind)
			}
		}
	})
}

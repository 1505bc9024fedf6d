package shiloh1862_test

import (
	"math/rand/v2"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

// unknownOrders names an unknown block or area in every field of Orders that takes
// one (JSON orders can say anything; the order language cannot).
func unknownOrders(sc *shiloh1862.Scenario, side adjudicator.Side) *shiloh1862.Orders {
	const b, a = shiloh1862.BlockID("no_such_block"), shiloh1862.AreaID("no_such_area")
	o := &shiloh1862.Orders{
		Side:     side,
		Activate: []shiloh1862.Activation{{HQ: b}, {HQ: b, AsArmy: true}},
		Moves: []shiloh1862.Move{
			{Blocks: []shiloh1862.BlockID{b}, Path: []shiloh1862.AreaID{a}},
			{Blocks: []shiloh1862.BlockID{b, b}, From: a, Path: []shiloh1862.AreaID{"", a}, Intent: shiloh1862.IntentAttack},
			{Blocks: []shiloh1862.BlockID{b}, Path: []shiloh1862.AreaID{shiloh1862.OffBoard}, Uncommanded: true},
		},
		Battles:     []shiloh1862.AreaID{a},
		Doctrine:    []shiloh1862.Doctrine{{Area: a, Kind: shiloh1862.WithdrawAfter, AfterRound: 1, Retreat: []shiloh1862.AreaID{a}}, {Kind: shiloh1862.WithdrawIfWeaker, Retreat: []shiloh1862.AreaID{a, a}}},
		LossesFirst: []shiloh1862.BlockID{b},
		LossesLast:  []shiloh1862.BlockID{b},
		Pin:         []shiloh1862.BlockID{b},
		Regroup:     []shiloh1862.Regroup{{Area: a, Blocks: []shiloh1862.BlockID{b}, To: a}, {Area: a, To: a}},
		Supply:      []shiloh1862.BlockID{b, b},
	}
	for _, ar := range sc.Arrivals {
		o.ArrivalChoices = append(o.ArrivalChoices, shiloh1862.ArrivalChoice{Arrival: ar.ID, Choice: "no_such_choice"},
			shiloh1862.ArrivalChoice{Arrival: "no_such_arrival", Choice: "D"})
		o.Landings = append(o.Landings, shiloh1862.Landing{Arrival: ar.ID, Area: a}, shiloh1862.Landing{Arrival: "no_such_arrival", Area: a})
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
	badSide := func(st *shiloh1862.State) adjudicator.Side { return adjudicator.Sides[int(st.Hour)%2] }
	playOrderedGames(t, games, 0x1d, func(sc *shiloh1862.Scenario, st *shiloh1862.State, s adjudicator.Side, rng *rand.Rand) *shiloh1862.Orders {
		if s == badSide(st) {
			return unknownOrders(sc, s)
		}
		return bot.RandomOrders(sc, sideView(sc, st, s), rng)
	}, func(game uint64, st *shiloh1862.State, rep *shiloh1862.Report) {
		bad := badSide(st)
		seen := map[string]bool{}
		for _, r := range rep.Results {
			if r.Side != bad || r.Order.Kind == "initiative" { // initiative names no id
				continue
			}
			seen[r.Order.Kind] = true
			if r.Status != shiloh1862.Invalid && r.Status != shiloh1862.Unused {
				t.Errorf("game %d %s: %s order %d naming only unknown ids was answered %s: %s",
					game, st.Hour, r.Order.Kind, r.Order.Index, r.Status, r.Why)
			}
		}
		for _, kind := range []string{"activate", "move", "pin", "supply", "losses"} {
			if !seen[kind] {
				t.Errorf("game %d %s: no result for the unknown ids of the %s orders", game, st.Hour, kind)
			}
		}
	})
}

package antietam

// Whole games from the scenario's set-up with seeded random orders: every
// player-turn must keep the position legal (stacking, no shared hexes, no unit
// in river or ferry, Union guns where they were placed), say only listed codes,
// round-trip its state through JSON, and give the same bytes twice.

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// randomOrders writes orders for the phasing side from the position alone: most
// units walk a few hexes, mostly toward an enemy unit; reinforcements that may
// enter do; some attacks are ordered on enemy hexes next to a unit, with random
// reductions and advances; and the side's standing orders name some units to
// advance and to displace first.
func randomOrders(sc *Scenario, st *State, rng *rand.Rand) *Orders {
	g := sc.geo
	o := &Orders{Side: st.Phasing}
	var enemies []int
	for i, u := range st.Units {
		if u.Status == OnMap && sc.slotSpec[i].Side != st.Phasing {
			h, _ := g.index(u.Hex)
			enemies = append(enemies, h)
		}
	}
	for i, u := range st.Units {
		spec := sc.slotSpec[i]
		if spec.Side != st.Phasing {
			continue
		}
		var path []HexID
		cur := noHex
		switch u.Status {
		case OnMap:
			if rng.IntN(3) == 0 {
				continue
			}
			cur, _ = g.index(u.Hex)
		case Pending:
			gs, r := st.Group(spec.Group), sc.reinforcement(spec.Group)
			if gs == nil || gs.From == 0 || gs.From > st.GameTurn {
				continue
			}
			cur, _ = g.index(r.Hex)
			path = append(path, r.Hex)
		default:
			continue
		}
		target := noHex
		if len(enemies) > 0 {
			target = enemies[rng.IntN(len(enemies))]
		}
		for range 1 + rng.IntN(5) {
			next := g.nb[cur][rng.IntN(6)]
			if target != noHex && rng.IntN(4) != 0 {
				for _, d := range rng.Perm(6) {
					if n := g.nb[cur][d]; n != noHex && g.distance(n, target) < g.distance(cur, target) {
						next = n
						break
					}
				}
			}
			if next == noHex {
				break
			}
			path = append(path, g.ids[next])
			cur = next
		}
		if len(path) > 0 {
			o.Moves = append(o.Moves, Move{Unit: u.ID, Path: path})
		}
	}
	rng.Shuffle(len(o.Moves), func(i, j int) { o.Moves[i], o.Moves[j] = o.Moves[j], o.Moves[i] })
	for i, u := range st.Units {
		if sc.slotSpec[i].Side != st.Phasing || u.Status != OnMap || rng.IntN(4) != 0 {
			continue
		}
		h, _ := g.index(u.Hex)
		for _, d := range rng.Perm(6) {
			n := g.nb[h][d]
			if n == noHex || !slices.Contains(enemies, n) {
				continue
			}
			a := Attack{Attackers: []UnitID{u.ID}, Defenders: []HexID{g.ids[n]}}
			if rng.IntN(3) == 0 {
				a.Advance = u.ID
			}
			if rng.IntN(4) == 0 {
				a.Odds = sc.Charts.CRT.Odds[rng.IntN(len(sc.Charts.CRT.Odds))]
			}
			o.Attacks = append(o.Attacks, a)
			break
		}
	}
	for i, u := range st.Units {
		if sc.slotSpec[i].Side == st.Phasing && u.Status == OnMap && rng.IntN(5) == 0 {
			o.Standing.Advance = append(o.Standing.Advance, u.ID)
		}
		if sc.slotSpec[i].Side == st.Phasing && u.Status == OnMap && rng.IntN(7) == 0 {
			o.Standing.Displace = append(o.Standing.Displace, u.ID)
		}
	}
	return o
}

// checkPosition holds a position to what the rules allow at the end of a
// player-turn.
func checkPosition(t *testing.T, sc *Scenario, start, st *State) {
	t.Helper()
	type count struct{ usa, csa int }
	at := map[HexID]*count{}
	for i, u := range st.Units {
		spec := sc.slotSpec[i]
		if u.Status == Eliminated && start.Units[i].Status != Eliminated && u.Lost != start.Turn().Key {
			t.Errorf("%s eliminated in %s, recorded as lost in %q", u.ID, start.Turn().Key, u.Lost)
		}
		if u.Status != OnMap {
			continue
		}
		h, _ := sc.geo.index(u.Hex)
		if !sc.geo.land(h) {
			t.Errorf("%s stands on %s (%s): no unit may end there (5.24)", u.ID, u.Hex, sc.geo.terr[h].ID)
		}
		if at[u.Hex] == nil {
			at[u.Hex] = &count{}
		}
		if spec.Side == adjudicator.USA {
			at[u.Hex].usa++
		} else {
			at[u.Hex].csa++
		}
		if spec.Side == adjudicator.USA && spec.Type == Artillery && start.Units[i].Status == OnMap && u.Hex != start.Units[i].Hex {
			t.Errorf("Union gun %s moved from %s to %s (19.0)", u.ID, start.Units[i].Hex, u.Hex)
		}
	}
	for h, c := range at {
		if c.usa > 0 && c.csa > 0 {
			t.Errorf("both sides on %s (5.12)", h)
		}
		if c.usa > 2 || c.csa > 2 {
			t.Errorf("%d and %d units on %s (5.32)", c.usa, c.csa, h)
		}
	}
}

// playGame plays a whole game with seeded random orders and dice, checking
// every player-turn; it returns the last state.
func playGame(t *testing.T, sc *Scenario, optional []string, seed uint64) *State {
	t.Helper()
	st, err := sc.NewState(optional)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	tally := map[string]int{}
	defer func() { t.Logf("seed %d: %v", seed, tally) }()
	for !st.Over {
		own := randomOrders(sc, st, rng)
		other := randomOrders(sc, &State{Phasing: st.Phasing.Enemy(), Units: st.Units, GameTurn: st.GameTurn, sc: sc}, rng)
		other.Moves, other.Attacks = nil, nil
		diceSeed := []byte{byte(seed), byte(st.Turn().Index)}
		next, rep, err := sc.Resolve(st, own, other, adjudicator.NewStreamDice(diceSeed))
		if err != nil {
			t.Fatalf("%s: %v", st.Turn().Key, err)
		}
		again, rep2, _ := sc.Resolve(st, own, other, adjudicator.NewStreamDice(diceSeed))
		a, b := encodeBoth(t, sc, next, rep), encodeBoth(t, sc, again, rep2)
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: two resolutions differ", st.Turn().Key)
		}
		roundTrip(t, sc, next)
		checkCodes(t, rep)
		for _, e := range rep.Events {
			tally[e.Code]++
		}
		for _, r := range rep.Results {
			tally[r.Order.Kind+" "+string(r.Status)]++
		}
		checkPosition(t, sc, st, next)
		if t.Failed() {
			t.Fatalf("%s:\n%s", st.Turn().Key, dump(sc, next, rep))
		}
		st = next
	}
	return st
}

func TestRandomGames(t *testing.T) {
	sc := mustLoadTB(t)
	seeds := []uint64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		opts := [][]string{nil, {OptAttackEffectiveness, OptOptionalReinforcement}, {OptTotalUnionInitiative, OptNoDisorganization, OptEarlyConfederate}}[seed%3]
		end := playGame(t, sc, opts, seed)
		if end.Final == nil || end.Final.Level == "" {
			t.Errorf("seed %d: the game ended without a level: %+v", seed, end.Final)
		}
		b, _ := json.Marshal(end.Final)
		t.Logf("seed %d: %s", seed, b)
	}
}

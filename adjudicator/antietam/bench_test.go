package antietam

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/alarm"
)

// frontTurn is a Union player-turn with both armies in contact: the
// Confederates where they set up, each Union unit moved next to one of them
// (free land hexes, not across a creek without a crossing, one per hex), 18.1
// lifted. Sent with no orders, every contact is fought by default; some
// attack orders and moves are added on top.
func frontTurn(tb testing.TB) (*Scenario, *State, *Orders) {
	tb.Helper()
	sc := mustLoadTB(tb)
	st, err := sc.NewState(nil)
	if err != nil {
		tb.Fatal(err)
	}
	st.Released = true
	g := sc.geo
	used := map[int]bool{}
	for _, u := range st.Units {
		if u.Status == OnMap {
			h, _ := g.index(u.Hex)
			used[h] = true
		}
	}
	var union []int
	for i, u := range st.Units {
		if sc.slotSpec[i].Side == adjudicator.USA && u.Status == OnMap && sc.slotSpec[i].Type != Artillery {
			union = append(union, i)
		}
	}
	for i, u := range st.Units {
		if len(union) == 0 {
			break
		}
		if sc.slotSpec[i].Side != adjudicator.CSA || u.Status != OnMap {
			continue
		}
		h, _ := g.index(u.Hex)
		for d, n := range g.nb[h] {
			if n == noHex || used[n] || !g.land(n) || g.creekBarrier(h, d) {
				continue
			}
			st.Units[union[0]].Hex = g.ids[n]
			used[n] = true
			union = union[1:]
			break
		}
	}
	rng := rand.New(rand.NewPCG(7, 7))
	return sc, st, randomOrders(sc, st, rng)
}

// BenchmarkResolvePlayerTurn resolves a Union player-turn with both armies in
// contact (frontTurn): its moves, then dozens of combats, ordered and by
// default, with their retreats, advances and displacements: 0.3-0.5 ms of CPU.
// Alarms: 5 ms a player-turn, 5,000 allocations. Issue 15 set 1 ms; a CI run on
// the loaded 2-core machine measured 1.5 ms once.
func BenchmarkResolvePlayerTurn(b *testing.B) {
	sc, st, own := frontTurn(b)
	var combats int
	b.ReportAllocs()
	clock := alarm.Start()
	for b.Loop() {
		_, rep, err := sc.Resolve(st, own, nil, adjudicator.NewStreamDice([]byte("bench")))
		if err != nil {
			b.Fatal(err)
		}
		combats = 0
		for _, e := range rep.Events {
			if e.Code == "combat" {
				combats++
			}
		}
	}
	clock.Check(b, 5*time.Millisecond, 5000)
	b.ReportMetric(float64(combats), "combats")
}

package shiloh1862

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestOccupancyIndexStaysExact plays seeded bot games hour by hour and checks, after
// each hour, that the occupancy index kept by h.place counts exactly the blocks on
// the map: a place change that bypassed it would make control and command range
// wrong.
func TestOccupancyIndexStaysExact(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	games := uint64(6)
	if testing.Short() {
		games = 3
	}
	for seed := uint64(0); seed < games; seed++ {
		st, err := NewState(sc, Options{Visibility: VisBlocks, Pond: seed%2 == 1, Flanking: seed%3 == 2})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 0x0cc))
		for !st.Over && st.Hour <= sc.End {
			var ords [2]*Orders
			for _, s := range Sides {
				ords[s.Index()] = RandomOrdersForTests(sc, ViewOf(sc, st, s), rng)
			}
			h := newHour(sc, st, ords, NewStreamDice(binary.BigEndian.AppendUint64(nil, seed<<8|uint64(st.Hour))))
			h.play()
			var want [2][]int16
			for s := range want {
				want[s] = make([]int16, len(sc.Map.Areas))
			}
			for _, b := range h.st.Blocks {
				if b.Where == OnMap {
					want[sc.OB.Block(b.ID).Side.Index()][sc.Map.aix(b.Area)]++
				}
			}
			for s := range want {
				for i, n := range want[s] {
					if h.occN[s][i] != n {
						t.Fatalf("game %d %s: the index counts %d %s blocks in %s, the state has %d",
							seed, st.Hour, h.occN[s][i], Sides[s], sc.Map.Areas[i].ID, n)
					}
				}
			}
			st = h.st
		}
	}
}

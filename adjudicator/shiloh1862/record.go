package shiloh1862

// This file holds what the end-of-game record counts (8.0), as data for the
// wording in templates: each side's losses and the steps lost in an hour.

// Tally is one side's losses at the end of a game: every loss the enemy scored
// (8.0), the blocks by type, and the Fallen HQ markers apart (6.91).
type Tally struct {
	Side   Side
	Total  int
	ByType []TypeCount // in the order infantry, cavalry, artillery, HQ, gunboat; none left out that was lost
	Fallen int
}

// TypeCount is how many blocks of one type a side lost.
type TypeCount struct {
	Type BlockType
	N    int
}

// Tallies counts both sides' losses in a state, USA first.
func Tallies(sc *Scenario, st *State) [2]Tally {
	var out [2]Tally
	for _, sd := range Sides {
		t := Tally{Side: sd}
		counts := map[BlockType]int{}
		for _, l := range st.Losses {
			if l.Side != sd {
				continue
			}
			t.Total++
			if l.HQFall {
				t.Fallen++
				continue
			}
			if b := sc.OB.Block(l.Block); b != nil {
				counts[b.Type]++
			}
		}
		for _, ty := range []BlockType{Infantry, Cavalry, Artillery, HQ, Gunboat} {
			if counts[ty] > 0 {
				t.ByType = append(t.ByType, TypeCount{ty, counts[ty]})
			}
		}
		out[sd.Index()] = t
	}
	return out
}

// StepsLost counts the steps a side lost in an hour's events: each hit in battle
// or at night, each straggler step (5.2), and the last step of every block
// eliminated.
func StepsLost(sc *Scenario, evs []Event, side Side) int {
	n := 0
	for _, e := range evs {
		if e.Block == "" || sc.OB.Block(e.Block) == nil || sc.OB.Block(e.Block).Side != side {
			continue
		}
		switch e.Kind {
		case EvHit, EvEliminated:
			n++
		case EvStraggler:
			if e.Hits > 0 || (len(e.Dice) == 1 && e.Dice[0] <= 3) {
				n++
			}
		}
	}
	return n
}

package antietam

import (
	"math/rand/v2"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/fogtest"
)

// hiddenShuffle is st with the enemy units viewer sees neither before nor after
// the turn changed: the ones in two hexes trade places, and every one's
// strength changes (within 1 and its printed strength's double). Which hexes
// hold them stays the same, so no rule that reads only where units are (zones
// of control 6.0, stacking 5.32, sight 8.3) can tell; the identities and
// strengths the view hides are all that changes. False when fewer than two
// hexes hold such units.
func hiddenShuffle(sc *Scenario, st, after *State, viewer adjudicator.Side) (*State, bool) {
	seen := map[UnitID]bool{}
	for _, s := range []*State{st, after} {
		for _, u := range sc.View(s, viewer).Units {
			seen[u.ID] = true
		}
	}
	alt := st.Clone()
	var hidden []int
	for i, u := range alt.Units {
		if u.Status == OnMap && sc.slotSpec[i].Side == viewer.Enemy() && !seen[u.ID] && after.Units[i].Hex == u.Hex {
			hidden = append(hidden, i)
		}
	}
	swapped := false
	for k := 1; k < len(hidden) && !swapped; k++ {
		x, y := &alt.Units[hidden[0]], &alt.Units[hidden[k]]
		if x.Hex != y.Hex {
			x.Hex, y.Hex = y.Hex, x.Hex
			swapped = true
		}
	}
	for _, i := range hidden {
		u := &alt.Units[i]
		if u.Strength > 1 {
			u.Strength--
		} else {
			u.Strength++
		}
	}
	return alt, swapped
}

// DESIGN §3 through the contract, in double-blind play: nothing a side is sent
// of a player-turn (its view and report view, the mail, the map, the receipt
// for its orders) changes when only enemy units it cannot see change, whether
// it is the side moving or the side waiting; the GM's does. Positions from a
// game of random orders, a few player-turns in.
func TestFogOfWar(t *testing.T) {
	c := contractOf(t)
	sc := c.sc
	st := newGameOf(t, c, ModeDoubleBlind)
	rng := rand.New(rand.NewPCG(8, 3))
	turns := 4
	if testing.Short() {
		turns = 2
	}
	checked := 0
	for n := 0; n < turns && !st.Over; n++ {
		own := randomOrders(sc, st, rng)
		var ord [2]adjudicator.Orders
		ord[st.Phasing.Index()] = own
		seed := []byte{byte(n), 'f'}
		after, _, err := sc.Resolve(st, own, nil, adjudicator.NewStreamDice(seed))
		if err != nil {
			t.Fatal(err)
		}
		for _, viewer := range adjudicator.Sides {
			alt, ok := hiddenShuffle(sc, st, after, viewer)
			if !ok {
				continue
			}
			checked++
			fogtest.Same(t, c, viewer, fogtest.Turn{Before: st, Orders: ord, Seed: seed}, fogtest.Turn{Before: alt, Orders: ord, Seed: seed})
		}
		st = after
	}
	if checked < turns {
		t.Fatalf("only %d player-turns had hidden units to change", checked)
	}
}

// In open play the same change is seen: the harness can fail.
func TestFogOfWarCatchesOpenPlay(t *testing.T) {
	c := contractOf(t)
	st := newGameOf(t, c, ModeOpen)
	blind := st.Clone()
	blind.Mode = ModeDoubleBlind
	alt, ok := hiddenShuffle(c.sc, blind, blind, adjudicator.CSA)
	if !ok {
		t.Fatal("nothing hidden from the Confederate at the set-up")
	}
	alt.Mode = ModeOpen
	diff := fogtest.Differ(t, c, adjudicator.CSA, fogtest.Turn{Before: st, Seed: []byte("o")}, fogtest.Turn{Before: alt, Seed: []byte("o")})
	if len(diff) == 0 {
		t.Error("in open play the Confederate was sent nothing of the Union's changed units")
	}
}

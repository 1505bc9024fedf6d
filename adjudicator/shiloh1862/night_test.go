package shiloh1862

import (
	"strings"
	"testing"
)

// 9.2.2: the gunboats' one free night fire, no step loss, never eliminating (4.25);
// at the area of a gunboat's attack order, else at the riverfront area with the most
// CSA steps gunboat fire could take.
func TestNightFire(t *testing.T) {
	for _, tc := range []struct {
		name       string
		places     []string
		order      bool
		dice       []int
		a, b, c    int
		holdsFires int
	}{
		// Lexington (id order) first: Haggy Field and Pittsburg Landing both have 2
		// steps to lose, the lower id wins; its 3 hits cs_a. Tyler then fires at
		// Pittsburg Landing (2 against 1): one hit each on cs_b and cs_c.
		{"default targets", []string{"cs_a@haggy_field:3", "cs_b@pittsburg_landing:2", "cs_c@pittsburg_landing:2"}, false,
			[]int{3, 1, 1}, 2, 1, 1, 0},
		// Lexington's attack order names Pittsburg Landing: cs_b (tie, by id); Tyler
		// by default at Haggy Field (2 against 1): cs_a twice.
		{"attack order", []string{"cs_a@haggy_field:3", "cs_b@pittsburg_landing:2", "cs_c@pittsburg_landing:2"}, true,
			[]int{3, 1, 1}, 1, 1, 2, 0},
		// Every CSA block at its last step: nothing to fire at, no dice.
		{"nothing to hit", []string{"cs_a@haggy_field:1", "cs_b@pittsburg_landing:1", "cs_c@pittsburg_landing:1"}, false,
			nil, 1, 1, 1, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := riverScenario()
			st := btState(sc, NightHour, append([]string{"us_lexington@tennessee_river:1", "us_tyler@tennessee_river:2"}, tc.places...)...)
			d := NewScriptedDice(tc.dice...)
			var usa *Orders
			if tc.order {
				usa = &Orders{Side: USA, Moves: []Move{{Blocks: []BlockID{"us_lexington"}, Path: []AreaID{"pittsburg_landing"}, Intent: IntentAttack}}}
			}
			h := newHour(sc, st, [2]*Orders{usa, nil}, d)
			h.nightFire()
			if d.Remaining() != 0 {
				t.Errorf("dice left: %d", d.Remaining())
			}
			btWant(t, h, "cs_a", OnMap, "haggy_field", tc.a)
			btWant(t, h, "cs_b", OnMap, "pittsburg_landing", tc.b)
			btWant(t, h, "cs_c", OnMap, "pittsburg_landing", tc.c)
			btWant(t, h, "us_lexington", OnMap, "tennessee_river", 1)
			btWant(t, h, "us_tyler", OnMap, "tennessee_river", 2)
			if n := len(btEvents(h, EvPass)); n != tc.holdsFires {
				t.Errorf("%d gunboats held fire, want %d", n, tc.holdsFires)
			}
			for _, e := range btEvents(h, EvHit) {
				if strings.Contains(e.Why.String(), string(e.Block)) {
					t.Errorf("night hit's reason names the block: %s", e.Why)
				}
			}
			if len(h.st.Sightings) != 0 || len(h.st.Losses) != 0 {
				t.Errorf("night fire reveals and eliminates nothing: %+v %+v", h.st.Sightings, h.st.Losses)
			}
		})
	}
}

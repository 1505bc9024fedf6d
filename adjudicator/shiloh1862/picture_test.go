package shiloh1862

import (
	"encoding/json"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The picture holds no more than the viewer may know: in the blocks mode a view
// whose enemy blocks (wrongly) carry names, types and strengths gives the same
// picture as one that does not, and every enemy piece is hidden. The GM's picture
// names every piece, and so does an open-mode player's the enemy's.
func TestPictureHidesTheEnemy(t *testing.T) {
	cs, err := Rules.Scenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Engine(cs)
	if err != nil {
		t.Fatal(err)
	}
	st, err := NewState(sc, Options{Visibility: VisBlocks})
	if err != nil {
		t.Fatal(err)
	}
	pictureJSON := func(v *View) ([]byte, *adjudicator.Picture) {
		t.Helper()
		p, err := cs.(adjudicator.Pictured).Picture(v, nil, func(p adjudicator.Phrase) string { return p.Code })
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		return b, p
	}
	v := ViewOf(sc, st, USA)
	if len(v.Enemy) == 0 {
		t.Fatal("the USA sees no enemy blocks")
	}
	gm := ViewOf(sc, st, NoSide)
	// the same blocks in the same order, each filled in from the GM's view
	in := map[AreaID][]OwnBlock{}
	for _, b := range gm.Own {
		if b.Side == CSA && b.Where == OnMap {
			in[b.Area] = append(in[b.Area], b)
		}
	}
	leaky := *v
	leaky.Enemy = nil
	for _, e := range v.Enemy {
		b := in[e.Area][0]
		in[e.Area] = in[e.Area][1:]
		leaky.Enemy = append(leaky.Enemy, EnemyBlock{Area: b.Area, ID: b.ID, Name: b.Name, Type: b.Type, Strength: b.Strength, Firepower: b.Firepower})
	}
	plain, p := pictureJSON(v)
	leaked, _ := pictureJSON(&leaky)
	if string(plain) != string(leaked) {
		t.Error("enemy identities reached the picture")
	}
	hidden := 0
	for _, u := range p.Units {
		if u.Side == CSA {
			if !u.Hidden || u.Name != "" || u.Strength != 0 {
				t.Errorf("enemy piece drawn as %+v", u)
			}
			hidden++
		}
	}
	if hidden != len(v.Enemy) {
		t.Errorf("%d hidden pieces for %d enemy blocks", hidden, len(v.Enemy))
	}
	_, g := pictureJSON(gm)
	for _, u := range g.Units {
		if u.Hidden || u.Name == "" {
			t.Errorf("the GM's piece %+v is not named", u)
		}
	}
	// In the open mode a player sees the enemy's blocks face up: the picture
	// names them (the GM's view above has no enemy, every block being its own).
	open, err := NewState(sc, Options{Visibility: VisOpen})
	if err != nil {
		t.Fatal(err)
	}
	_, o := pictureJSON(ViewOf(sc, open, USA))
	named := 0
	for _, u := range o.Units {
		if u.Side == CSA {
			if u.Hidden || u.Name == "" || u.Strength == 0 {
				t.Errorf("open mode: enemy piece drawn as %+v", u)
			}
			named++
		}
	}
	if named == 0 {
		t.Error("open mode: no enemy piece in the picture")
	}
}

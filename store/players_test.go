package store

import (
	"reflect"
	"testing"
)

// The players index follows the games' players: case and subaddress do not
// matter (as mail.SameMailbox), a replaced player loses the seat, and a
// migrated schema 2 file gets the index built.
func TestSeatsOf(t *testing.T) {
	s, _ := mustOpen(t)
	err := s.Update(func(tx *Tx) error {
		for _, id := range []string{"b", "a"} {
			if err := tx.CreateGame(testGame(id)); err != nil {
				return err
			}
		}
		g, err := tx.Game("b")
		if err != nil {
			return err
		}
		p := g.Players["CSA"]
		p.Address = "dave@example.org"
		g.Players["CSA"] = p
		return tx.PutGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.View(func(tx *Tx) error {
		if got, want := tx.SeatsOf("Beauregard+pbem@Example.org"), []Seat{{"a", "CSA"}}; !reflect.DeepEqual(got, want) {
			t.Errorf("seats of the replaced player: %v, want %v", got, want)
		}
		if got, want := tx.SeatsOf("grant@example.org"), []Seat{{"a", "USA"}, {"b", "USA"}}; !reflect.DeepEqual(got, want) {
			t.Errorf("seats of grant: %v, want %v", got, want)
		}
		if got := tx.SeatsOf("grant@example.org.evil"); got != nil {
			t.Errorf("another domain holds seats %v", got)
		}
		if got := tx.SeatsOf(""); got != nil {
			t.Errorf("no address holds seats %v", got)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

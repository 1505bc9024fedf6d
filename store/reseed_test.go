package store

import (
	"bytes"
	"testing"
)

// A rollback's new seed is fixed by the secret like the first, differs from it,
// and a record whose game counts the re-opening verifies against it.
func TestHourReseed(t *testing.T) {
	secret := bytes.Repeat([]byte{7}, 32)
	if !bytes.Equal(HourReseed(secret, 3, 0), HourSeed(secret, 3)) {
		t.Fatal("reseed 0 is not the hour's first seed")
	}
	a, b := HourReseed(secret, 3, 1), HourReseed(secret, 3, 2)
	if bytes.Equal(a, HourSeed(secret, 3)) || bytes.Equal(a, b) || bytes.Equal(a, HourReseed(secret, 4, 1)) {
		t.Fatal("reseeds collide")
	}
	if !bytes.Equal(a, HourReseed(secret, 3, 1)) {
		t.Fatal("reseed is not deterministic")
	}
}

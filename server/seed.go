package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"

	"github.com/shiloh-pbem/pbem/store"
)

// hourSeed is the dice seed of an hour. It is store.HourSeed until a GM rollback
// re-opens the hour; the n-th re-opening takes
//
//	HMAC-SHA256(secret, "shiloh-pbem hour reseed v1" || hour (8 bytes) || n (8 bytes))
//
// so the new dice are as fixed in advance as the first ones (its commitment goes
// out with the re-opened hour) and differ from the dice already revealed.
func hourSeed(g *store.Game, hour int) []byte {
	n := g.Reseeds[hour]
	if n == 0 {
		return store.HourSeed(g.Secret, hour)
	}
	m := hmac.New(sha256.New, g.Secret)
	m.Write([]byte("shiloh-pbem hour reseed v1"))
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(int64(hour)))
	binary.BigEndian.PutUint64(b[8:], uint64(n))
	m.Write(b[:])
	return m.Sum(nil)
}

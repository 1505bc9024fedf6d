package store

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
)

// seedLabel separates hour seeds from any other use of a game secret; the "v1"
// lets a later derivation coexist with games already played under this one.
const seedLabel = "shiloh-pbem hour seed v1"

// HourSeed derives the seed of one game hour from the game's secret:
//
//	HMAC-SHA256(secret, "shiloh-pbem hour seed v1" || hour as 8-byte big-endian)
//
// The engine's dice stream takes these 32 bytes. Because the secret is fixed when
// the game is created, the seed of every hour is fixed before any orders exist,
// and publishing its commitment first proves the server did not choose it later.
func HourSeed(secret []byte, hour int) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(seedLabel))
	var h [8]byte
	binary.BigEndian.PutUint64(h[:], uint64(int64(hour)))
	m.Write(h[:])
	return m.Sum(nil)
}

// Commitment is the SHA-256 of a seed: published when the hour opens, checked
// against the seed revealed with the results.
func Commitment(seed []byte) Hash {
	return sha256.Sum256(seed)
}

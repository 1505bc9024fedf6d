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

// HourReseed is the seed of an hour a GM rollback re-opened for the n-th time
// (n ≥ 1; n = 0 is HourSeed):
//
//	HMAC-SHA256(secret, "shiloh-pbem hour reseed v1" || hour (8 bytes) || n (8 bytes))
//
// It is as fixed in advance as the first seed, and differs from the seed already
// revealed for the rolled-back hour, so the new dice cannot be chosen either.
func HourReseed(secret []byte, hour, n int) []byte {
	if n == 0 {
		return HourSeed(secret, hour)
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("shiloh-pbem hour reseed v1"))
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(int64(hour)))
	binary.BigEndian.PutUint64(b[8:], uint64(int64(n)))
	m.Write(b[:])
	return m.Sum(nil)
}

// Commitment is the SHA-256 of a seed: published when the hour opens, checked
// against the seed revealed with the results.
func Commitment(seed []byte) Hash {
	return sha256.Sum256(seed)
}

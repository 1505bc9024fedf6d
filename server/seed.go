package server

import "github.com/shiloh-pbem/pbem/store"

// hourSeed is the dice seed of an hour. It is store.HourSeed until a GM rollback
// re-opens the hour; the n-th re-opening takes
//
//	HMAC-SHA256(secret, "shiloh-pbem hour reseed v1" || hour (8 bytes) || n (8 bytes))
//
// so the new dice are as fixed in advance as the first ones (its commitment goes
// out with the re-opened hour) and differ from the dice already revealed.
func hourSeed(g *store.Game, hour int) []byte {
	return store.HourReseed(g.Secret, hour, g.Reseeds[hour])
}

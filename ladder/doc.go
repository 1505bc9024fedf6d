// Package ladder keeps a ladder's numbers: Glicko-2 ratings from finished
// games, reliability (orders on time, missed hours, games abandoned) kept apart
// from skill, the standings table mailed to the ladder, and who plays which
// side in a ladder game.
//
// It does no I/O and reads no clock: finished games come in as Results (the
// store keeps them) and ratings are recomputed from them in a fixed order, so
// the same results always give the same standings to the last bit.
//
// Ratings follow Glickman, "Example of the Glicko-2 system" (2013), with each
// finished game applied as a rating period of its own, games taken by finish
// time and then game id. The consequence: a player's deviation does not grow
// while idle (no empty periods are applied), and a player's second game in a
// day sees the rating the first one produced. Floats are fine here; this is
// not the rules engine.
//
// It covers no rule of the game itself: victory (rule 8.0) decides the winner a
// Result records, and a bid handicap (ResolveBids) is victory points added to
// one side's total when victory is determined.
package ladder

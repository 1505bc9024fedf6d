// Package docs embeds the documents the program mails or prints: each rule
// system's player's guide is the reply to a HELP mail in a game of that system.
package docs

import _ "embed"

// Players is docs/PLAYERS.md, the player's guide of Shiloh 1862.
//
//go:embed PLAYERS.md
var Players string

// AntietamPlayers is docs/systems/antietam-players.md, the players' guide of
// Blue & Gray's Antietam.
//
//go:embed systems/antietam-players.md
var AntietamPlayers string

// guides holds each rule system's guide by the system's id (adjudicator
// System.ID); docs imports no system, so the ids are written here.
var guides = map[string]string{
	"shiloh1862": Players,
	"antietam":   AntietamPlayers,
}

// PlayersGuide is the player's guide of a rule system; ok is false for a
// system this program ships no guide for.
func PlayersGuide(system string) (guide string, ok bool) {
	guide, ok = guides[system]
	return guide, ok
}

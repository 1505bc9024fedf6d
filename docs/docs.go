// Package docs embeds the documents the program mails or prints: the player's
// guide is the reply to a HELP mail.
package docs

import _ "embed"

// Players is docs/PLAYERS.md, the player's guide.
//
//go:embed PLAYERS.md
var Players string

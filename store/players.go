package store

import (
	"bytes"

	"github.com/shiloh-pbem/pbem/internal/mailbox"
)

// The players index finds a player's games without reading every game: the
// answer to a mail from a known player who wrote without the secret address
// must not cost a decode of a thousand games inside the writing transaction.
//
//	players/<mailbox> 0x00 <game id> 0x00 <side>   empty
//
// A mailbox is an address in lower case without its subaddress (the "+tag" of
// the local part): mailbox.Key, which mail.SameMailbox compares too.

// mailboxKey is the index's form of an address ("" for none).
func mailboxKey(addr string) string { return mailbox.Key(addr) }

func playerKey(mailbox, game, side string) []byte {
	return []byte(mailbox + "\x00" + game + "\x00" + side)
}

// indexPlayers replaces a game's entries in the players index: old's players
// out, g's in.
func (tx *Tx) indexPlayers(old, g *Game) error {
	b := tx.btx.Bucket(bPlayers)
	if old != nil {
		for side, p := range old.Players {
			if m := mailboxKey(p.Address); m != "" {
				if err := b.Delete(playerKey(m, old.ID, side)); err != nil {
					return err
				}
			}
		}
	}
	for _, side := range sortedKeys(g.Players) {
		if m := mailboxKey(g.Players[side].Address); m != "" {
			if err := b.Put(playerKey(m, g.ID, side), nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// Seat is one side of one game.
type Seat struct {
	Game, Side string
}

// SeatsOf returns the seats an address holds (as a player of record), by game
// id, then side.
func (tx *Tx) SeatsOf(addr string) []Seat {
	m := mailboxKey(addr)
	if m == "" {
		return nil
	}
	prefix := []byte(m + "\x00")
	var out []Seat
	c := tx.btx.Bucket(bPlayers).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		game, side, ok := bytes.Cut(k[len(prefix):], []byte{0})
		if ok {
			out = append(out, Seat{Game: string(game), Side: string(side)})
		}
	}
	return out
}

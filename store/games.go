package store

import (
	"encoding/json"
	"fmt"
	"sort"

	bolt "go.etcd.io/bbolt"
)

// CreateGame stores a new game. It fails with ErrExists if the id is taken or a
// player token belongs to another game. A nil Secret is filled from crypto/rand,
// a zero CreatedAt from the clock, and the audit chain starts with a
// "game-created" link.
func (tx *Tx) CreateGame(g *Game) error {
	if err := checkName("game id", g.ID); err != nil {
		return err
	}
	games := tx.btx.Bucket(bGames)
	if games.Bucket([]byte(g.ID)) != nil {
		return fmt.Errorf("store: game %q: %w", g.ID, ErrExists)
	}
	if len(g.Secret) == 0 {
		fresh, err := NewGame(g.ID, g.Ruleset, g.Scenario)
		if err != nil {
			return err
		}
		g.Secret = fresh.Secret
	}
	if g.CreatedAt.IsZero() {
		g.CreatedAt = tx.now
	}
	gb, err := games.CreateBucket([]byte(g.ID))
	if err != nil {
		return err
	}
	for _, name := range [][]byte{bHours, bAudit} {
		if _, err := gb.CreateBucket(name); err != nil {
			return err
		}
	}
	if err := tx.PutGame(g); err != nil {
		return err
	}
	_, err = tx.AppendAudit(&AuditRecord{
		Game: g.ID,
		Kind: AuditGameCreated,
		Text: fmt.Sprintf("ruleset %s, scenario %s", g.Ruleset, g.Scenario),
	})
	return err
}

// PutGame updates a game created with CreateGame, keeping the token and
// players indexes in step. UpdatedAt is set from the clock.
func (tx *Tx) PutGame(g *Game) error {
	gb, err := tx.gameBucket(g.ID)
	if err != nil {
		return err
	}
	var old *Game
	if gb.Get(kGame) != nil {
		if old, err = decodeGame(g.ID, gb); err != nil {
			return err
		}
	}
	tokens := tx.btx.Bucket(bTokens)
	if old != nil {
		for _, p := range old.Players {
			if p.Token != "" {
				if err := tokens.Delete([]byte(p.Token)); err != nil {
					return err
				}
			}
		}
	}
	for _, side := range sortedKeys(g.Players) {
		p := g.Players[side]
		if p.Token == "" {
			continue
		}
		if v := tokens.Get([]byte(p.Token)); v != nil {
			return fmt.Errorf("store: token of %s in game %q is already used: %w", side, g.ID, ErrExists)
		}
		if err := tokens.Put([]byte(p.Token), []byte(g.ID+"\x00"+side)); err != nil {
			return err
		}
	}
	if err := tx.indexPlayers(old, g); err != nil {
		return err
	}
	g.UpdatedAt = tx.now
	v, err := json.Marshal(g)
	if err != nil {
		return err
	}
	return gb.Put(kGame, v)
}

// Game returns the game with the given id, or an error wrapping ErrNotFound.
func (tx *Tx) Game(id string) (*Game, error) {
	gb, err := tx.gameBucket(id)
	if err != nil {
		return nil, err
	}
	return decodeGame(id, gb)
}

func decodeGame(id string, gb *bolt.Bucket) (*Game, error) {
	v := gb.Get(kGame)
	if v == nil {
		return nil, fmt.Errorf("store: game %q: %w", id, ErrNotFound)
	}
	g := new(Game)
	if err := json.Unmarshal(v, g); err != nil {
		return nil, fmt.Errorf("store: game %q: %v", id, err)
	}
	return g, nil
}

// Games returns every game, ordered by id.
func (tx *Tx) Games() ([]*Game, error) {
	var out []*Game
	err := tx.btx.Bucket(bGames).ForEachBucket(func(k []byte) error {
		g, err := decodeGame(string(k), tx.btx.Bucket(bGames).Bucket(k))
		if err != nil {
			return err
		}
		out = append(out, g)
		return nil
	})
	return out, err
}

// GameIDs returns the ids of all games in order, without decoding them.
func (tx *Tx) GameIDs() []string {
	var ids []string
	_ = tx.btx.Bucket(bGames).ForEachBucket(func(k []byte) error {
		ids = append(ids, string(k))
		return nil
	})
	return ids
}

// GameByToken finds the game and side a player's plus-address token belongs to.
func (tx *Tx) GameByToken(token string) (gameID, side string, err error) {
	v := tx.btx.Bucket(bTokens).Get([]byte(token))
	if v == nil {
		return "", "", fmt.Errorf("store: token: %w", ErrNotFound)
	}
	for i, c := range v {
		if c == 0 {
			return string(v[:i]), string(v[i+1:]), nil
		}
	}
	return "", "", fmt.Errorf("store: token index entry %q is malformed", v)
}

func (tx *Tx) gameBucket(id string) (*bolt.Bucket, error) {
	if err := checkName("game id", id); err != nil {
		return nil, err
	}
	gb := tx.btx.Bucket(bGames).Bucket([]byte(id))
	if gb == nil {
		return nil, fmt.Errorf("store: game %q: %w", id, ErrNotFound)
	}
	return gb, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

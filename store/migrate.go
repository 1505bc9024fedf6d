package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// migrations[v] turns a schema v file into schema v+1 inside the transaction
// Open runs them in; all steps commit together or the file stays as it was.
var migrations = map[int]func(*bolt.Tx) error{
	1: migrateV1toV2,
	2: migrateV2toV3,
}

func migrate(btx *bolt.Tx, from int) error {
	for v := from; v < SchemaVersion; v++ {
		step, ok := migrations[v]
		if !ok {
			return fmt.Errorf("no migration from schema %d: %w", v, ErrSchema)
		}
		if err := step(btx); err != nil {
			return fmt.Errorf("store: migrating schema %d to %d: %w", v, v+1, err)
		}
		if err := btx.Bucket(bMeta).Put(kSchema, be64(uint64(v+1))); err != nil {
			return err
		}
	}
	return nil
}

// Schema 1, the first layout, kept each game's records in shared flat buckets:
//
//	games  <id>                           -> JSON Game
//	hours  <id> 0x00 <hour, 4 bytes BE>   -> JSON HourRecord (states and reports base64)
//	audit  <id> 0x00 <seq, 8 bytes BE>    -> JSON AuditRecord
//
// and had no token index. The other buckets are unchanged in schema 2.
var (
	bLegacyHours = []byte("hours")
	bLegacyAudit = []byte("audit")
)

// migrateV1toV2 moves each game's hours and audit links into its own nested
// bucket, stores states and reports as raw values, and builds the token index.
func migrateV1toV2(btx *bolt.Tx) error {
	old := btx.Bucket(bGames)
	if old == nil {
		return fmt.Errorf("schema 1 file has no games bucket: %w", ErrNotAStore)
	}
	type legacyGame struct {
		id string
		v  []byte
	}
	var games []legacyGame
	if err := old.ForEach(func(k, v []byte) error {
		if v == nil {
			return fmt.Errorf("games/%q is a bucket in a schema 1 file", k)
		}
		games = append(games, legacyGame{string(k), bytes.Clone(v)})
		return nil
	}); err != nil {
		return err
	}
	if err := btx.DeleteBucket(bGames); err != nil {
		return err
	}
	if err := initLayout(btx); err != nil { // recreates games, adds tokens
		return err
	}
	tx := &Tx{btx: btx}
	for _, lg := range games {
		var g Game
		if err := json.Unmarshal(lg.v, &g); err != nil {
			return fmt.Errorf("game %q: %v", lg.id, err)
		}
		gb, err := btx.Bucket(bGames).CreateBucket([]byte(lg.id))
		if err != nil {
			return err
		}
		for _, name := range [][]byte{bHours, bAudit} {
			if _, err := gb.CreateBucket(name); err != nil {
				return err
			}
		}
		// The game is stored as it was (not through PutGame, which would stamp
		// UpdatedAt); only the token index is new.
		if err := gb.Put(kGame, lg.v); err != nil {
			return err
		}
		for _, side := range sortedKeys(g.Players) {
			if t := g.Players[side].Token; t != "" {
				if err := btx.Bucket(bTokens).Put([]byte(t), []byte(lg.id+"\x00"+side)); err != nil {
					return err
				}
			}
		}
	}
	if hb := btx.Bucket(bLegacyHours); hb != nil {
		err := hb.ForEach(func(k, v []byte) error {
			id, hour, ok := splitLegacyKey(k, 4)
			if !ok {
				return fmt.Errorf("hours key %x is malformed", k)
			}
			var h HourRecord
			if err := json.Unmarshal(v, &h); err != nil {
				return fmt.Errorf("game %q hour %d: %v", id, hour, err)
			}
			h.Game, h.Hour = id, int(hour)
			return tx.PutHour(&h)
		})
		if err != nil {
			return err
		}
		if err := btx.DeleteBucket(bLegacyHours); err != nil {
			return err
		}
	}
	if ab := btx.Bucket(bLegacyAudit); ab != nil {
		err := ab.ForEach(func(k, v []byte) error {
			id, seq, ok := splitLegacyKey(k, 8)
			if !ok {
				return fmt.Errorf("audit key %x is malformed", k)
			}
			gb, err := tx.gameBucket(id)
			if err != nil {
				return err
			}
			// The record's JSON is unchanged, so its hash still holds.
			return gb.Bucket(bAudit).Put(be64(seq), bytes.Clone(v))
		})
		if err != nil {
			return err
		}
		if err := btx.DeleteBucket(bLegacyAudit); err != nil {
			return err
		}
	}
	return nil
}

// splitLegacyKey splits "<id> 0x00 <n bytes BE>".
func splitLegacyKey(k []byte, n int) (id string, num uint64, ok bool) {
	i := len(k) - n - 1
	if i < 1 || k[i] != 0 {
		return "", 0, false
	}
	if n == 4 {
		return string(k[:i]), uint64(binary.BigEndian.Uint32(k[i+1:])), true
	}
	return string(k[:i]), binary.BigEndian.Uint64(k[i+1:]), true
}

// migrateV2toV3 moves sent mail out of the outbox into the sent index (keeping
// its Message-ID, hash and size, dropping its bytes), gives the outbox_due keys
// their class byte (every migrated message is urgent: the schema 2 outbox did
// not know bulk mail), counts each game's mails for GameMailCount, and builds
// the players index.
func migrateV2toV3(btx *bolt.Tx) error {
	for _, name := range [][]byte{bSent, bMailJobs, bPlayers} {
		if _, err := btx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	tx := &Tx{btx: btx}
	for _, id := range tx.GameIDs() {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		if err := tx.indexPlayers(nil, g); err != nil {
			return err
		}
	}
	counts := map[string]uint64{}
	var sent []*OutMsg
	err := btx.Bucket(bOutbox).ForEach(func(k, v []byte) error {
		m, err := decodeOutMsg(v)
		if err != nil {
			return fmt.Errorf("outbox %d: %v", u64(k), err)
		}
		if m.Game != "" {
			counts[m.Game]++
		}
		if m.Sent() {
			sent = append(sent, m)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, m := range sent {
		if err := tx.moveToSent(m); err != nil {
			return err
		}
	}
	due := btx.Bucket(bOutboxDue)
	var old [][]byte
	if err := due.ForEach(func(k, _ []byte) error {
		if len(k) != 16 {
			return fmt.Errorf("outbox_due key %x is not a schema 2 key", k)
		}
		old = append(old, bytes.Clone(k))
		return nil
	}); err != nil {
		return err
	}
	for _, k := range old {
		if err := due.Delete(k); err != nil {
			return err
		}
		if err := due.Put(append([]byte{dueUrgent}, k...), nil); err != nil {
			return err
		}
	}
	for _, id := range sortedKeys(counts) {
		gb := btx.Bucket(bGames).Bucket([]byte(id))
		if gb == nil {
			continue // mail of a game deleted since
		}
		if err := gb.Put(kMailCount, be64(counts[id])); err != nil {
			return err
		}
	}
	return nil
}

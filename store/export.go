package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// RecordFormat names the layout of an exported game record.
const RecordFormat = "shiloh-pbem game record v1"

// GameRecord is a self-contained, verifiable record of one game: what
// ExportGame writes and ImportGameRecord reads. Player tokens are left out, and
// the dice secret is included only once the game is finished. Only resolved
// hours appear (an open hour's orders are still secret), without raw mail
// references, which mean nothing outside the store.
type GameRecord struct {
	Format     string        `json:"format"`
	ExportedAt time.Time     `json:"exported_at"`
	Game       Game          `json:"game"`
	Hours      []HourRecord  `json:"hours"`
	Audit      []AuditRecord `json:"audit"`
	ChainHead  ChainHead     `json:"chain_head"`
}

// ExportGame builds a game's record.
func (tx *Tx) ExportGame(id string) (*GameRecord, error) {
	g, err := tx.Game(id)
	if err != nil {
		return nil, err
	}
	for side, p := range g.Players {
		p.Token = ""
		g.Players[side] = p
	}
	if g.Status != StatusFinished {
		g.Secret = nil
	}
	rec := &GameRecord{Format: RecordFormat, ExportedAt: tx.now, Game: *g, Hours: []HourRecord{}}
	hours, err := tx.HourNumbers(id)
	if err != nil {
		return nil, err
	}
	for _, n := range hours {
		h, err := tx.Hour(id, n)
		if err != nil {
			return nil, err
		}
		if !h.Resolved() {
			continue
		}
		for _, sets := range h.OrderSets {
			for i := range sets {
				sets[i].MailRef = 0
			}
		}
		rec.Hours = append(rec.Hours, *h)
	}
	if rec.Audit, err = tx.AuditChain(id); err != nil {
		return nil, err
	}
	if n := len(rec.Audit); n > 0 {
		rec.ChainHead = ChainHead{Seq: rec.Audit[n-1].Seq, Hash: rec.Audit[n-1].Hash}
	}
	return rec, nil
}

// ExportGame returns a game's record as indented JSON.
func (s *Store) ExportGame(id string) ([]byte, error) {
	var rec *GameRecord
	err := s.View(func(tx *Tx) (err error) {
		rec, err = tx.ExportGame(id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(rec, "", "  ")
}

// ImportGameRecord parses an exported record. It does not verify it; call
// Verify.
func ImportGameRecord(data []byte) (*GameRecord, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	rec := new(GameRecord)
	if err := dec.Decode(rec); err != nil {
		return nil, fmt.Errorf("store: game record: %v", err)
	}
	if rec.Format != RecordFormat {
		return nil, fmt.Errorf("store: game record format %q, want %q", rec.Format, RecordFormat)
	}
	return rec, nil
}

// Verify checks a record offline: the audit chain link by link, its head, every
// hour against the chain (orders hashes, seed and commitment, next state), each
// hour's state at start against the previous hour's next state, and, when the
// record carries the game's secret, every seed against HourSeed (HourReseed for an
// hour a GM rollback re-opened).
func (r *GameRecord) Verify() error {
	id := r.Game.ID
	if err := VerifyRecords(id, r.Audit); err != nil {
		return err
	}
	var head ChainHead
	if n := len(r.Audit); n > 0 {
		head = ChainHead{Seq: r.Audit[n-1].Seq, Hash: r.Audit[n-1].Hash}
	}
	if head != r.ChainHead {
		return fmt.Errorf("record of %q: chain head %s, but the chain ends at %s: %w", id, r.ChainHead, head, ErrChain)
	}
	byHour := map[int]*HourRecord{}
	for i := range r.Hours {
		h := &r.Hours[i]
		if h.Game != id {
			return fmt.Errorf("record of %q: hour %d belongs to %q: %w", id, h.Hour, h.Game, ErrChain)
		}
		byHour[h.Hour] = h
		if len(r.Game.Secret) > 0 && !bytes.Equal(HourReseed(r.Game.Secret, h.Hour, r.Game.Reseeds[h.Hour]), h.Seed) {
			return fmt.Errorf("record of %q: hour %d seed was not derived from the game secret: %w", id, h.Hour, ErrChain)
		}
		if i > 0 && r.Hours[i-1].Hour+1 == h.Hour && !bytes.Equal(r.Hours[i-1].NextState, h.StateAtStart) {
			return fmt.Errorf("record of %q: hour %d does not start from hour %d's result: %w", id, h.Hour, h.Hour-1, ErrChain)
		}
	}
	if err := verifyHours(id, r.Audit, func(n int) (*HourRecord, error) { return byHour[n], nil }); err != nil {
		return err
	}
	// Every hour in the record must be in the chain, or it could be invented.
	live, _ := liveHourLinks(r.Audit)
	for _, h := range r.Hours {
		if live[h.Hour] == nil {
			return fmt.Errorf("record of %q: hour %d is not in the audit chain: %w", id, h.Hour, ErrChain)
		}
	}
	return nil
}

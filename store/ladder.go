package store

import (
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

func (tx *Tx) ladderBucket(ladder string, create bool) (*bolt.Bucket, error) {
	if err := checkName("ladder", ladder); err != nil {
		return nil, err
	}
	lb := tx.btx.Bucket(bLadders)
	if b := lb.Bucket([]byte(ladder)); b != nil || !create {
		if b == nil {
			return nil, fmt.Errorf("store: ladder %q: %w", ladder, ErrNotFound)
		}
		return b, nil
	}
	b, err := lb.CreateBucket([]byte(ladder))
	if err != nil {
		return nil, err
	}
	for _, name := range [][]byte{bRatings, bResults} {
		if _, err := b.CreateBucket(name); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// PutRating stores a player's rating on a ladder (created on first use).
// UpdatedAt is set from the clock.
func (tx *Tx) PutRating(r *Rating) error {
	if err := checkName("player", r.Player); err != nil {
		return err
	}
	b, err := tx.ladderBucket(r.Ladder, true)
	if err != nil {
		return err
	}
	r.UpdatedAt = tx.now
	v, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return b.Bucket(bRatings).Put([]byte(r.Player), v)
}

// Rating returns one player's rating on a ladder.
func (tx *Tx) Rating(ladder, player string) (*Rating, error) {
	b, err := tx.ladderBucket(ladder, false)
	if err != nil {
		return nil, err
	}
	v := b.Bucket(bRatings).Get([]byte(player))
	if v == nil {
		return nil, fmt.Errorf("store: rating of %q on %q: %w", player, ladder, ErrNotFound)
	}
	r := new(Rating)
	return r, json.Unmarshal(v, r)
}

// Ratings returns every rating on a ladder, ordered by player address.
func (tx *Tx) Ratings(ladder string) ([]*Rating, error) {
	b, err := tx.ladderBucket(ladder, false)
	if err != nil {
		return nil, err
	}
	var out []*Rating
	err = b.Bucket(bRatings).ForEach(func(_, v []byte) error {
		r := new(Rating)
		if err := json.Unmarshal(v, r); err != nil {
			return err
		}
		out = append(out, r)
		return nil
	})
	return out, err
}

// AddLadderResult records a finished game on its ladder and returns its
// sequence number there.
func (tx *Tx) AddLadderResult(r *LadderResult) (uint64, error) {
	b, err := tx.ladderBucket(r.Ladder, true)
	if err != nil {
		return 0, err
	}
	rb := b.Bucket(bResults)
	seq, err := rb.NextSequence()
	if err != nil {
		return 0, err
	}
	r.Seq = seq
	if r.FinishedAt.IsZero() {
		r.FinishedAt = tx.now
	}
	v, err := json.Marshal(r)
	if err != nil {
		return 0, err
	}
	return seq, rb.Put(be64(seq), v)
}

// LadderResults returns a ladder's results in the order they were added.
func (tx *Tx) LadderResults(ladder string) ([]*LadderResult, error) {
	b, err := tx.ladderBucket(ladder, false)
	if err != nil {
		return nil, err
	}
	var out []*LadderResult
	err = b.Bucket(bResults).ForEach(func(_, v []byte) error {
		r := new(LadderResult)
		if err := json.Unmarshal(v, r); err != nil {
			return err
		}
		out = append(out, r)
		return nil
	})
	return out, err
}

// Ladders returns the names of all ladders.
func (tx *Tx) Ladders() []string {
	var out []string
	_ = tx.btx.Bucket(bLadders).ForEachBucket(func(k []byte) error {
		out = append(out, string(k))
		return nil
	})
	return out
}

// PutLadderName sets the name a player is shown by on a ladder's standings
// (the ladder is created on first use). The key is the address's mailbox, so
// any spelling of it finds the name.
func (tx *Tx) PutLadderName(ladder, addr, name string) error {
	m := mailboxKey(addr)
	if err := checkName("player", m); err != nil {
		return err
	}
	b, err := tx.ladderBucket(ladder, true)
	if err != nil {
		return err
	}
	nb, err := b.CreateBucketIfNotExists(bNames)
	if err != nil {
		return err
	}
	return nb.Put([]byte(m), []byte(name))
}

// LadderNames returns a ladder's display names by mailbox (mailbox.Key of
// the address); an unknown ladder has none.
func (tx *Tx) LadderNames(ladder string) map[string]string {
	out := map[string]string{}
	b, err := tx.ladderBucket(ladder, false)
	if err != nil {
		return out
	}
	if nb := b.Bucket(bNames); nb != nil {
		_ = nb.ForEach(func(k, v []byte) error {
			out[string(k)] = string(v)
			return nil
		})
	}
	return out
}

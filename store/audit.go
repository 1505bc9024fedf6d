package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// auditLabel starts every canonical encoding, so a hash of an audit record can
// never be confused with a hash of anything else.
const auditLabel = "shiloh-pbem audit v1"

// ErrChain is wrapped by every chain verification failure.
var ErrChain = errors.New("store: audit chain broken")

// CanonicalBytes is the exact byte string the record's Hash covers. It is the
// label "shiloh-pbem audit v1", then each field below as a 4-byte big-endian
// length followed by its bytes, in this order:
//
//	game, seq (8-byte big-endian), kind, at (RFC 3339 with nanoseconds, UTC),
//	hour (8-byte big-endian, two's complement),
//	number of order hashes (4-byte big-endian), then per side sorted by name:
//	  side, hash (32 bytes),
//	seed commitment (32), seed, state hash (32), actor, text, prev hash (32).
//
// The Hash field itself is not included. docs/STORE.md repeats this so that a
// verifier can be written without this package.
func (r *AuditRecord) CanonicalBytes() []byte {
	var b bytes.Buffer
	b.WriteString(auditLabel)
	field := func(p []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(p)))
		b.Write(n[:])
		b.Write(p)
	}
	u64f := func(v uint64) {
		var x [8]byte
		binary.BigEndian.PutUint64(x[:], v)
		field(x[:])
	}
	field([]byte(r.Game))
	u64f(r.Seq)
	field([]byte(r.Kind))
	field([]byte(r.At.UTC().Format(time.RFC3339Nano)))
	u64f(uint64(int64(r.Hour)))
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(r.OrdersHashes)))
	field(n[:])
	for _, side := range sortedKeys(r.OrdersHashes) {
		h := r.OrdersHashes[side]
		field([]byte(side))
		field(h[:])
	}
	field(r.SeedCommitment[:])
	field(r.Seed)
	field(r.StateHash[:])
	field([]byte(r.Actor))
	field([]byte(r.Text))
	field(r.PrevHash[:])
	return b.Bytes()
}

// ComputeHash returns SHA-256(CanonicalBytes()).
func (r *AuditRecord) ComputeHash() Hash { return sha256.Sum256(r.CanonicalBytes()) }

// HourAudit builds the audit record of a resolved hour: the hash of the order
// set each side's hour used (its latest), the seed commitment and reveal, and
// the hash of the next state. Append it in the transaction that stores the hour.
func HourAudit(h *HourRecord) *AuditRecord {
	r := &AuditRecord{
		Game:           h.Game,
		Kind:           AuditHour,
		Hour:           h.Hour,
		SeedCommitment: h.SeedCommitment,
		Seed:           bytes.Clone(h.Seed),
	}
	for _, side := range sortedKeys(h.OrderSets) {
		if os := h.Latest(side); os != nil {
			if r.OrdersHashes == nil {
				r.OrdersHashes = map[string]Hash{}
			}
			r.OrdersHashes[side] = os.Hash
		}
	}
	if h.NextState != nil {
		r.StateHash = HashBytes(h.NextState)
	}
	return r
}

// AppendAudit links r to the end of its game's chain: it sets Seq, At (from the
// clock if zero), PrevHash and Hash, stores it, and returns the new head.
func (tx *Tx) AppendAudit(r *AuditRecord) (ChainHead, error) {
	gb, err := tx.gameBucket(r.Game)
	if err != nil {
		return ChainHead{}, err
	}
	ab := gb.Bucket(bAudit)
	head, err := tx.ChainHead(r.Game)
	if err != nil {
		return ChainHead{}, err
	}
	r.Seq = head.Seq + 1
	r.PrevHash = head.Hash
	if r.At.IsZero() {
		r.At = tx.now
	}
	r.Hash = r.ComputeHash()
	v, err := json.Marshal(r)
	if err != nil {
		return ChainHead{}, err
	}
	if err := ab.Put(be64(r.Seq), v); err != nil {
		return ChainHead{}, err
	}
	return ChainHead{Seq: r.Seq, Hash: r.Hash}, nil
}

// ChainHead returns the newest link of a game's chain (Seq 0 and a zero hash
// for an empty chain). Every report prints it.
func (tx *Tx) ChainHead(game string) (ChainHead, error) {
	gb, err := tx.gameBucket(game)
	if err != nil {
		return ChainHead{}, err
	}
	_, v := gb.Bucket(bAudit).Cursor().Last()
	if v == nil {
		return ChainHead{}, nil
	}
	var r AuditRecord
	if err := json.Unmarshal(v, &r); err != nil {
		return ChainHead{}, fmt.Errorf("store: audit head of %q: %v", game, err)
	}
	return ChainHead{Seq: r.Seq, Hash: r.Hash}, nil
}

// AuditChain returns a game's whole chain, oldest first.
func (tx *Tx) AuditChain(game string) ([]AuditRecord, error) {
	gb, err := tx.gameBucket(game)
	if err != nil {
		return nil, err
	}
	var out []AuditRecord
	err = gb.Bucket(bAudit).ForEach(func(k, v []byte) error {
		var r AuditRecord
		if err := json.Unmarshal(v, &r); err != nil {
			return fmt.Errorf("store: audit %q #%d: %v", game, u64(k), err)
		}
		if r.Seq != u64(k) {
			return fmt.Errorf("store: audit %q: record stored at #%d says #%d: %w", game, u64(k), r.Seq, ErrChain)
		}
		out = append(out, r)
		return nil
	})
	return out, err
}

// VerifyChain checks a game's chain link by link, and checks every resolved hour
// stored against the chain's last record of that hour (order hashes, seed and
// commitment, next state). It returns nil or an error wrapping ErrChain that
// names the first bad link.
func (tx *Tx) VerifyChain(game string) error {
	recs, err := tx.AuditChain(game)
	if err != nil {
		return err
	}
	if err := VerifyRecords(game, recs); err != nil {
		return err
	}
	return verifyHours(game, recs, func(hour int) (*HourRecord, error) {
		h, err := tx.Hour(game, hour)
		if errors.Is(err, ErrNotFound) {
			return nil, nil
		}
		return h, err
	})
}

// VerifyChain is Tx.VerifyChain in its own read transaction.
func (s *Store) VerifyChain(game string) error {
	return s.View(func(tx *Tx) error { return tx.VerifyChain(game) })
}

// VerifyRecords checks a chain given as records, oldest first: consecutive
// sequence numbers from 1, each PrevHash equal to the previous Hash (zero for
// the first), each Hash equal to the SHA-256 of its canonical encoding, and each
// revealed seed matching its commitment.
func VerifyRecords(game string, recs []AuditRecord) error {
	var prev Hash
	for i := range recs {
		r := &recs[i]
		switch {
		case r.Game != game:
			return fmt.Errorf("audit %q #%d belongs to game %q: %w", game, i+1, r.Game, ErrChain)
		case r.Seq != uint64(i+1):
			return fmt.Errorf("audit %q: link %d has seq %d: %w", game, i+1, r.Seq, ErrChain)
		case r.PrevHash != prev:
			return fmt.Errorf("audit %q #%d: previous hash %s does not match link #%d (%s): %w",
				game, r.Seq, r.PrevHash.Short(), i, prev.Short(), ErrChain)
		case r.ComputeHash() != r.Hash:
			return fmt.Errorf("audit %q #%d: record does not match its hash %s: %w", game, r.Seq, r.Hash.Short(), ErrChain)
		case len(r.Seed) > 0 && Commitment(r.Seed) != r.SeedCommitment:
			return fmt.Errorf("audit %q #%d: revealed seed does not match its commitment: %w", game, r.Seq, ErrChain)
		}
		prev = r.Hash
	}
	return nil
}

// liveHourLinks returns, per hour, the chain's last "hour" link that no later
// rollback voided, and those hours in chain order.
func liveHourLinks(recs []AuditRecord) (map[int]*AuditRecord, []int) {
	last := map[int]*AuditRecord{}
	for i := range recs {
		switch recs[i].Kind {
		case AuditHour:
			last[recs[i].Hour] = &recs[i]
		case AuditRollback:
			for n := range last {
				if n >= recs[i].Hour {
					delete(last, n)
				}
			}
		}
	}
	var order []int
	for i := range recs {
		if r := last[recs[i].Hour]; r == &recs[i] {
			order = append(order, r.Hour)
		}
	}
	return last, order
}

// verifyHours compares stored hours with their live links in the chain.
func verifyHours(game string, recs []AuditRecord, hour func(int) (*HourRecord, error)) error {
	last, order := liveHourLinks(recs)
	for _, n := range order {
		r := last[n]
		h, err := hour(n)
		if err != nil {
			return err
		}
		if h == nil {
			return fmt.Errorf("audit %q #%d: hour %d is missing: %w", game, r.Seq, n, ErrChain)
		}
		want := HourAudit(h)
		switch {
		case want.SeedCommitment != r.SeedCommitment || !bytes.Equal(want.Seed, r.Seed):
			return fmt.Errorf("audit %q #%d: hour %d seed differs from the chain: %w", game, r.Seq, n, ErrChain)
		case want.StateHash != r.StateHash:
			return fmt.Errorf("audit %q #%d: hour %d next state differs from the chain: %w", game, r.Seq, n, ErrChain)
		case len(want.OrdersHashes) != len(r.OrdersHashes):
			return fmt.Errorf("audit %q #%d: hour %d order sets differ from the chain: %w", game, r.Seq, n, ErrChain)
		}
		for _, side := range sortedKeys(r.OrdersHashes) {
			if want.OrdersHashes[side] != r.OrdersHashes[side] {
				return fmt.Errorf("audit %q #%d: hour %d orders of %s differ from the chain: %w", game, r.Seq, n, side, ErrChain)
			}
		}
	}
	return nil
}

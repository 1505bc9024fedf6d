package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// hourMeta is the JSON value at games/<id>/hours/<hour>/meta: the hour's small
// fields. The large ones (states, reports) are stored raw beside it.
type hourMeta struct {
	Game           string    `json:"game"`
	Hour           int       `json:"hour"`
	OpenedAt       time.Time `json:"opened_at"`
	SeedCommitment Hash      `json:"seed_commitment"`
	Seed           []byte    `json:"seed,omitempty"`
	ResolvedAt     time.Time `json:"resolved_at"`
	ReportFormat   int       `json:"report_format,omitempty"` // absent before formats: 1
	FastForward    bool      `json:"fast_forward,omitempty"`
}

// PutHour stores h as the complete record of its hour, replacing whatever was
// stored for that hour before, order sets included (read the hour with Hour,
// change it, put it back, in one transaction, so that no order set added in
// between is lost). A zero OpenedAt is set from the clock.
func (tx *Tx) PutHour(h *HourRecord) error {
	gb, err := tx.gameBucket(h.Game)
	if err != nil {
		return err
	}
	key, err := hourKey(h.Hour)
	if err != nil {
		return err
	}
	hours := gb.Bucket(bHours)
	if hours.Bucket(key) != nil {
		if err := hours.DeleteBucket(key); err != nil {
			return err
		}
	}
	hb, err := hours.CreateBucket(key)
	if err != nil {
		return err
	}
	if h.OpenedAt.IsZero() {
		h.OpenedAt = tx.now
	}
	meta, err := json.Marshal(hourMeta{
		Game: h.Game, Hour: h.Hour, OpenedAt: h.OpenedAt,
		SeedCommitment: h.SeedCommitment, Seed: h.Seed, ResolvedAt: h.ResolvedAt,
		ReportFormat: h.ReportFormat, FastForward: h.FastForward,
	})
	if err != nil {
		return err
	}
	if err := hb.Put(kHourMeta, meta); err != nil {
		return err
	}
	if h.StateAtStart != nil {
		if err := putBlob(hb, kState, h.StateAtStart); err != nil {
			return err
		}
	}
	if h.NextState != nil {
		if err := putBlob(hb, kNext, h.NextState); err != nil {
			return err
		}
	}
	for _, side := range sortedKeys(h.Reports) {
		if err := checkName("report side", side); err != nil {
			return err
		}
		if err := putBlob(hb, append(bytes.Clone(kReportPrefix), side...), h.Reports[side]); err != nil {
			return err
		}
	}
	ob, err := hb.CreateBucket(bOrders)
	if err != nil {
		return err
	}
	for _, side := range sortedKeys(h.OrderSets) {
		if err := checkName("side", side); err != nil {
			return err
		}
		for _, os := range h.OrderSets[side] {
			v, err := json.Marshal(os)
			if err != nil {
				return err
			}
			if err := ob.Put(orderKey(side, os.Version), v); err != nil {
				return err
			}
		}
	}
	return nil
}

// Hour returns the record of one hour, or an error wrapping ErrNotFound.
func (tx *Tx) Hour(game string, hour int) (*HourRecord, error) {
	hb, err := tx.hourBucket(game, hour, false)
	if err != nil {
		return nil, err
	}
	h := &HourRecord{Game: game, Hour: hour}
	if v := hb.Get(kHourMeta); v != nil {
		var m hourMeta
		if err := json.Unmarshal(v, &m); err != nil {
			return nil, fmt.Errorf("store: game %q hour %d: %v", game, hour, err)
		}
		h.OpenedAt, h.SeedCommitment, h.Seed, h.ResolvedAt = m.OpenedAt, m.SeedCommitment, m.Seed, m.ResolvedAt
		h.ReportFormat = m.ReportFormat
		h.FastForward = m.FastForward
	}
	if h.StateAtStart, err = unpackBlob(hb.Get(kState)); err != nil {
		return nil, fmt.Errorf("store: game %q hour %d state: %w", game, hour, err)
	}
	if h.NextState, err = unpackBlob(hb.Get(kNext)); err != nil {
		return nil, fmt.Errorf("store: game %q hour %d next state: %w", game, hour, err)
	}
	c := hb.Cursor()
	for k, v := c.Seek(kReportPrefix); k != nil && bytes.HasPrefix(k, kReportPrefix); k, v = c.Next() {
		if h.Reports == nil {
			h.Reports = map[string][]byte{}
		}
		if h.Reports[string(k[len(kReportPrefix):])], err = unpackBlob(v); err != nil {
			return nil, fmt.Errorf("store: game %q hour %d report: %w", game, hour, err)
		}
	}
	if ob := hb.Bucket(bOrders); ob != nil {
		err := ob.ForEach(func(k, v []byte) error {
			side, _, ok := splitOrderKey(k)
			if !ok {
				return fmt.Errorf("store: game %q hour %d: bad order key %x", game, hour, k)
			}
			var os OrderSet
			if err := json.Unmarshal(v, &os); err != nil {
				return fmt.Errorf("store: game %q hour %d: %v", game, hour, err)
			}
			if h.OrderSets == nil {
				h.OrderSets = map[string][]OrderSet{}
			}
			h.OrderSets[side] = append(h.OrderSets[side], os)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return h, nil
}

// HourNumbers lists the hours stored for a game, in order.
func (tx *Tx) HourNumbers(game string) ([]int, error) {
	gb, err := tx.gameBucket(game)
	if err != nil {
		return nil, err
	}
	var out []int
	err = gb.Bucket(bHours).ForEachBucket(func(k []byte) error {
		out = append(out, int(u64(k)))
		return nil
	})
	return out, err
}

// AddOrderSet stores a new version of one side's orders for an hour and returns
// it as stored: Version is the side's previous version plus one, a zero
// ReceivedAt becomes the clock's time, and a zero Hash becomes the SHA-256 of
// Parsed (of Text if Parsed is empty). The hour need not have been put yet.
// Resolved hours refuse new orders.
func (tx *Tx) AddOrderSet(game string, hour int, side string, os OrderSet) (OrderSet, error) {
	if err := checkName("side", side); err != nil {
		return OrderSet{}, err
	}
	hb, err := tx.hourBucket(game, hour, true)
	if err != nil {
		return OrderSet{}, err
	}
	if v := hb.Get(kHourMeta); v != nil {
		var m hourMeta
		if err := json.Unmarshal(v, &m); err != nil {
			return OrderSet{}, err
		}
		if !m.ResolvedAt.IsZero() {
			return OrderSet{}, fmt.Errorf("store: game %q hour %d is already resolved", game, hour)
		}
	}
	ob, err := hb.CreateBucketIfNotExists(bOrders)
	if err != nil {
		return OrderSet{}, err
	}
	// Versions are few; walking the side's keys finds the last one.
	os.Version = 1
	prefix := []byte(side + "\x00")
	c := ob.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		if _, v, ok := splitOrderKey(k); ok && v >= os.Version {
			os.Version = v + 1
		}
	}
	if os.ReceivedAt.IsZero() {
		os.ReceivedAt = tx.now
	}
	if os.Hash.IsZero() {
		if len(os.Parsed) > 0 {
			os.Hash = HashBytes(os.Parsed)
		} else {
			os.Hash = HashBytes([]byte(os.Text))
		}
	}
	v, err := json.Marshal(os)
	if err != nil {
		return OrderSet{}, err
	}
	if err := ob.Put(orderKey(side, os.Version), v); err != nil {
		return OrderSet{}, err
	}
	os.Parsed = clone(os.Parsed)
	return os, nil
}

// hourBucket returns games/<game>/hours/<hour>, creating it if create is set.
func (tx *Tx) hourBucket(game string, hour int, create bool) (*bolt.Bucket, error) {
	gb, err := tx.gameBucket(game)
	if err != nil {
		return nil, err
	}
	key, err := hourKey(hour)
	if err != nil {
		return nil, err
	}
	hours := gb.Bucket(bHours)
	if hb := hours.Bucket(key); hb != nil {
		return hb, nil
	}
	if !create {
		return nil, fmt.Errorf("store: game %q hour %d: %w", game, hour, ErrNotFound)
	}
	return hours.CreateBucket(key)
}

// DeleteHour removes an hour's record (a GM rollback). The caller appends an
// AuditRollback link in the same transaction so the chain stays verifiable.
func (tx *Tx) DeleteHour(game string, hour int) error {
	gb, err := tx.gameBucket(game)
	if err != nil {
		return err
	}
	key, err := hourKey(hour)
	if err != nil {
		return err
	}
	if err := gb.Bucket(bHours).DeleteBucket(key); err != nil {
		return fmt.Errorf("store: game %q hour %d: %w", game, hour, ErrNotFound)
	}
	return nil
}

package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// An outbox value is a 4-byte big-endian length, that many bytes of JSON
// header (OutMsg without Raw), then the raw message. Keeping the raw bytes out
// of the JSON avoids base64 on the largest values the store writes.
func encodeOutMsg(m *OutMsg) ([]byte, error) {
	hdr, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	v := make([]byte, 4, 4+len(hdr)+len(m.Raw))
	binary.BigEndian.PutUint32(v, uint32(len(hdr)))
	v = append(v, hdr...)
	return append(v, m.Raw...), nil
}

func decodeOutMsg(v []byte) (*OutMsg, error) {
	if len(v) < 4 || int(binary.BigEndian.Uint32(v)) > len(v)-4 {
		return nil, fmt.Errorf("store: outbox value of %d bytes is malformed", len(v))
	}
	n := int(binary.BigEndian.Uint32(v))
	m := new(OutMsg)
	if err := json.Unmarshal(v[4:4+n], m); err != nil {
		return nil, fmt.Errorf("store: outbox: %v", err)
	}
	m.Raw = bytes.Clone(v[4+n:])
	return m, nil
}

// dueKey orders the outbox_due index by next attempt, then id.
func dueKey(at time.Time, id uint64) []byte {
	k := make([]byte, 16)
	ns := at.UnixNano()
	if ns < 0 {
		ns = 0
	}
	binary.BigEndian.PutUint64(k, uint64(ns))
	binary.BigEndian.PutUint64(k[8:], id)
	return k
}

// EnqueueOutbox adds a message to the outbox and returns its id. Put it in the
// transaction that makes the change the message reports. CreatedAt is set from
// the clock and a zero NextAttempt means "now".
func (tx *Tx) EnqueueOutbox(m *OutMsg) (uint64, error) {
	if len(m.To) == 0 {
		return 0, fmt.Errorf("store: outbox message without recipients")
	}
	b := tx.btx.Bucket(bOutbox)
	id, err := b.NextSequence()
	if err != nil {
		return 0, err
	}
	m.ID = id
	m.CreatedAt = tx.now
	if m.NextAttempt.IsZero() {
		m.NextAttempt = tx.now
	}
	if err := tx.putOutMsg(m); err != nil {
		return 0, err
	}
	return id, tx.btx.Bucket(bOutboxDue).Put(dueKey(m.NextAttempt, id), nil)
}

func (tx *Tx) putOutMsg(m *OutMsg) error {
	v, err := encodeOutMsg(m)
	if err != nil {
		return err
	}
	return tx.btx.Bucket(bOutbox).Put(be64(m.ID), v)
}

// OutboxMessage returns one outbox message by id.
func (tx *Tx) OutboxMessage(id uint64) (*OutMsg, error) {
	v := tx.btx.Bucket(bOutbox).Get(be64(id))
	if v == nil {
		return nil, fmt.Errorf("store: outbox message %d: %w", id, ErrNotFound)
	}
	return decodeOutMsg(v)
}

// OutboxMessages returns every outbox message of a game ("" for all), sent or
// not, in id order.
func (tx *Tx) OutboxMessages(game string) ([]*OutMsg, error) {
	var out []*OutMsg
	err := tx.btx.Bucket(bOutbox).ForEach(func(_, v []byte) error {
		m, err := decodeOutMsg(v)
		if err != nil {
			return err
		}
		if game == "" || m.Game == game {
			out = append(out, m)
		}
		return nil
	})
	return out, err
}

// PendingOutbox returns up to limit unsent messages whose NextAttempt is not
// after now, oldest due first (limit <= 0: all).
func (tx *Tx) PendingOutbox(now time.Time, limit int) ([]*OutMsg, error) {
	var out []*OutMsg
	end := dueKey(now, 1<<64-1)
	c := tx.btx.Bucket(bOutboxDue).Cursor()
	for k, _ := c.First(); k != nil && bytes.Compare(k, end) <= 0; k, _ = c.Next() {
		if limit > 0 && len(out) >= limit {
			break
		}
		m, err := tx.OutboxMessage(u64(k[8:]))
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// MarkSent records that message id went out at the given time. Marking a sent
// message again changes nothing.
func (tx *Tx) MarkSent(id uint64, at time.Time) error {
	m, err := tx.OutboxMessage(id)
	if err != nil {
		return err
	}
	if m.Sent() {
		return nil
	}
	if err := tx.btx.Bucket(bOutboxDue).Delete(dueKey(m.NextAttempt, id)); err != nil {
		return err
	}
	m.Attempts++
	m.SentAt = at
	m.NextAttempt = time.Time{}
	return tx.putOutMsg(m)
}

// MarkFailed records a failed attempt to send message id and when to try again.
// A zero next gives up: the message stays in the outbox, marked GaveUp, and is
// no longer pending.
func (tx *Tx) MarkFailed(id uint64, errText string, next time.Time) error {
	m, err := tx.OutboxMessage(id)
	if err != nil {
		return err
	}
	if m.Sent() || m.GaveUp {
		return fmt.Errorf("store: outbox message %d is no longer pending", id)
	}
	due := tx.btx.Bucket(bOutboxDue)
	if err := due.Delete(dueKey(m.NextAttempt, id)); err != nil {
		return err
	}
	m.Attempts++
	m.LastError = errText
	m.NextAttempt = next
	if next.IsZero() {
		m.GaveUp = true
	} else if err := due.Put(dueKey(next, id), nil); err != nil {
		return err
	}
	return tx.putOutMsg(m)
}

// PendingOutbox is Tx.PendingOutbox in its own read transaction.
func (s *Store) PendingOutbox(now time.Time, limit int) (msgs []*OutMsg, err error) {
	err = s.View(func(tx *Tx) error {
		msgs, err = tx.PendingOutbox(now, limit)
		return err
	})
	return msgs, err
}

// MarkSent is Tx.MarkSent in its own transaction.
func (s *Store) MarkSent(id uint64, at time.Time) error {
	return s.Update(func(tx *Tx) error { return tx.MarkSent(id, at) })
}

// MarkFailed is Tx.MarkFailed in its own transaction.
func (s *Store) MarkFailed(id uint64, errText string, next time.Time) error {
	return s.Update(func(tx *Tx) error { return tx.MarkFailed(id, errText, next) })
}

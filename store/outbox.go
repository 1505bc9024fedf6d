package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/textproto"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
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

// Due classes: the outbox_due index sorts urgent mail before bulk mail, so a
// receipt queued during a deadline's reports goes out next.
const (
	dueUrgent byte = 0
	dueBulk   byte = 1
)

func dueClass(m *OutMsg) byte {
	if m.Bulk {
		return dueBulk
	}
	return dueUrgent
}

// dueKey orders the outbox_due index by class, then next attempt, then id.
func dueKey(class byte, at time.Time, id uint64) []byte {
	k := make([]byte, 17)
	k[0] = class
	ns := at.UnixNano()
	if ns < 0 {
		ns = 0
	}
	binary.BigEndian.PutUint64(k[1:], uint64(ns))
	binary.BigEndian.PutUint64(k[9:], id)
	return k
}

// EnqueueOutbox adds a message to the outbox and returns its id. Put it in the
// transaction that makes the change the message reports. CreatedAt is set from
// the clock and a zero NextAttempt means "now". A message of a game counts in
// that game's mail count (GameMailCount).
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
	if m.Game != "" {
		if err := tx.countGameMail(m.Game); err != nil {
			return 0, err
		}
	}
	if err := tx.putOutMsg(m); err != nil {
		return 0, err
	}
	return id, tx.btx.Bucket(bOutboxDue).Put(dueKey(dueClass(m), m.NextAttempt, id), nil)
}

// countGameMail adds one to a game's mail count. A game deleted meanwhile has
// no count to keep.
func (tx *Tx) countGameMail(game string) error {
	gb := tx.btx.Bucket(bGames).Bucket([]byte(game))
	if gb == nil {
		return nil
	}
	n := uint64(0)
	if v := gb.Get(kMailCount); len(v) == 8 {
		n = u64(v)
	}
	return gb.Put(kMailCount, be64(n+1))
}

// GameMailCount is the number of mails ever queued for a game, sent or not: a
// serial that keeps repeated mails of one kind distinct without reading them.
func (tx *Tx) GameMailCount(game string) (int, error) {
	gb, err := tx.gameBucket(game)
	if err != nil {
		return 0, err
	}
	if v := gb.Get(kMailCount); len(v) == 8 {
		return int(u64(v)), nil
	}
	return 0, nil
}

func (tx *Tx) putOutMsg(m *OutMsg) error {
	v, err := encodeOutMsg(m)
	if err != nil {
		return err
	}
	return tx.btx.Bucket(bOutbox).Put(be64(m.ID), v)
}

// OutboxMessage returns one message by id: an unsent (or given-up) one whole,
// a sent one as its sent-index entry, without Raw.
func (tx *Tx) OutboxMessage(id uint64) (*OutMsg, error) {
	if v := tx.btx.Bucket(bOutbox).Get(be64(id)); v != nil {
		return decodeOutMsg(v)
	}
	if v := tx.btx.Bucket(bSent).Get(be64(id)); v != nil {
		return decodeSent(v)
	}
	return nil, fmt.Errorf("store: outbox message %d: %w", id, ErrNotFound)
}

func decodeSent(v []byte) (*OutMsg, error) {
	m := new(OutMsg)
	if err := json.Unmarshal(v, m); err != nil {
		return nil, fmt.Errorf("store: sent index: %v", err)
	}
	return m, nil
}

// OutboxMessages returns every message of a game ("" for all), sent or not, in
// id order; sent ones without Raw. It reads the whole outbox and sent index, so
// it is for tools and tests, never for serving one game's mail.
func (tx *Tx) OutboxMessages(game string) ([]*OutMsg, error) {
	var out []*OutMsg
	keep := func(m *OutMsg) {
		if game == "" || m.Game == game {
			out = append(out, m)
		}
	}
	unsent := tx.btx.Bucket(bOutbox).Cursor()
	sent := tx.btx.Bucket(bSent).Cursor()
	uk, uv := unsent.First()
	sk, sv := sent.First()
	for uk != nil || sk != nil {
		if sk == nil || (uk != nil && bytes.Compare(uk, sk) < 0) {
			m, err := decodeOutMsg(uv)
			if err != nil {
				return nil, err
			}
			keep(m)
			uk, uv = unsent.Next()
			continue
		}
		m, err := decodeSent(sv)
		if err != nil {
			return nil, err
		}
		keep(m)
		sk, sv = sent.Next()
	}
	return out, nil
}

// PendingOutbox returns up to limit unsent messages whose NextAttempt is not
// after now (limit <= 0: all): every due urgent message first, then bulk ones,
// each class oldest due first.
func (tx *Tx) PendingOutbox(now time.Time, limit int) ([]*OutMsg, error) {
	var out []*OutMsg
	c := tx.btx.Bucket(bOutboxDue).Cursor()
	for _, class := range []byte{dueUrgent, dueBulk} {
		end := dueKey(class, now, 1<<64-1)
		for k, _ := c.Seek([]byte{class}); k != nil && bytes.Compare(k, end) <= 0; k, _ = c.Next() {
			if limit > 0 && len(out) >= limit {
				return out, nil
			}
			m, err := tx.OutboxMessage(u64(k[9:]))
			if err != nil {
				return nil, err
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// BulkDepth counts the unsent bulk messages (mail with a map) in the due index.
func (tx *Tx) BulkDepth() int {
	n := 0
	c := tx.btx.Bucket(bOutboxDue).Cursor()
	for k, _ := c.Seek([]byte{dueBulk}); k != nil && k[0] == dueBulk; k, _ = c.Next() {
		n++
	}
	return n
}

// OutboxDepth counts the unsent messages waiting to go out (given-up ones not
// included) and says when the oldest of them was queued.
func (tx *Tx) OutboxDepth() (n int, oldest time.Time, err error) {
	// Ids grow with time, so the oldest unsent message is the one with the
	// lowest id; only its header is read (an outage leaves thousands of maps).
	var first uint64
	c := tx.btx.Bucket(bOutboxDue).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		n++
		if id := u64(k[9:]); first == 0 || id < first {
			first = id
		}
	}
	if n == 0 {
		return 0, time.Time{}, nil
	}
	v := tx.btx.Bucket(bOutbox).Get(be64(first))
	if len(v) < 4 || int(binary.BigEndian.Uint32(v)) > len(v)-4 {
		return 0, time.Time{}, fmt.Errorf("store: outbox message %d is missing or malformed", first)
	}
	var hdr OutMsg
	if err := json.Unmarshal(v[4:4+binary.BigEndian.Uint32(v)], &hdr); err != nil {
		return 0, time.Time{}, fmt.Errorf("store: outbox message %d: %v", first, err)
	}
	return n, hdr.CreatedAt, nil
}

// MarkSent records that message id went out at the given time: the message
// leaves the outbox, and its Message-ID, the SHA-256 of its bytes, its size and
// when it went stay in the sent index. Marking a sent message again changes
// nothing.
func (tx *Tx) MarkSent(id uint64, at time.Time) error {
	m, err := tx.OutboxMessage(id)
	if err != nil {
		return err
	}
	if m.Sent() {
		return nil
	}
	if err := tx.btx.Bucket(bOutboxDue).Delete(dueKey(dueClass(m), m.NextAttempt, id)); err != nil {
		return err
	}
	m.Attempts++
	m.SentAt = at
	m.NextAttempt = time.Time{}
	return tx.moveToSent(m)
}

// moveToSent writes m's sent-index entry and drops its raw bytes from the outbox.
func (tx *Tx) moveToSent(m *OutMsg) error {
	if len(m.Raw) > 0 {
		m.MessageID = rawMessageID(m.Raw)
		m.RawSHA256 = sha256.Sum256(m.Raw)
		m.Size = len(m.Raw)
	}
	m.Raw = nil
	v, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if err := tx.btx.Bucket(bSent).Put(be64(m.ID), v); err != nil {
		return err
	}
	return tx.btx.Bucket(bOutbox).Delete(be64(m.ID))
}

// rawMessageID reads the Message-ID (without brackets) from a raw message's
// header; "" when it has none.
func rawMessageID(raw []byte) string {
	end := bytes.Index(raw, []byte("\r\n\r\n"))
	if end < 0 {
		end = bytes.Index(raw, []byte("\n\n"))
	}
	if end < 0 {
		end = len(raw)
	}
	for _, line := range bytes.Split(raw[:end], []byte("\n")) {
		name, val, ok := bytes.Cut(line, []byte(":"))
		if ok && textproto.CanonicalMIMEHeaderKey(string(name)) == "Message-Id" {
			return strings.Trim(strings.TrimSpace(string(val)), "<>")
		}
	}
	return ""
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
	if err := due.Delete(dueKey(dueClass(m), m.NextAttempt, id)); err != nil {
		return err
	}
	m.Attempts++
	m.LastError = errText
	m.NextAttempt = next
	if next.IsZero() {
		m.GaveUp = true
	} else if err := due.Put(dueKey(dueClass(m), next, id), nil); err != nil {
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

// MarkSent is Tx.MarkSent in a transaction that concurrent callers share
// (bbolt's Batch): several connections delivering at once commit their marks
// together instead of waiting for one disk sync each.
func (s *Store) MarkSent(id uint64, at time.Time) error {
	return s.batch(func(tx *Tx) error { return tx.MarkSent(id, at) })
}

// MarkFailed is Tx.MarkFailed in a shared transaction, as MarkSent.
func (s *Store) MarkFailed(id uint64, errText string, next time.Time) error {
	return s.batch(func(tx *Tx) error { return tx.MarkFailed(id, errText, next) })
}

// batch runs fn in a writing transaction that bbolt may share with concurrent
// callers. If another function of the batch fails, bbolt rolls the batch back
// and runs fn again, on the same state, so its effect is the same.
func (s *Store) batch(fn func(tx *Tx) error) error {
	return s.db.Batch(func(btx *bolt.Tx) error {
		return fn(&Tx{btx: btx, now: s.now()})
	})
}

package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// Bucket and key names of schema 3; doc.go and docs/STORE.md describe the layout.
var (
	bMeta      = []byte("meta")
	bGames     = []byte("games")
	bTokens    = []byte("tokens")
	bMail      = []byte("mail")
	bProcessed = []byte("processed")
	bOutbox    = []byte("outbox")
	bOutboxDue = []byte("outbox_due")
	bLadders   = []byte("ladders")
	bSent      = []byte("sent")
	bMailJobs  = []byte("mailjobs")
	bPlayers   = []byte("players")

	kSchema = []byte("schema")

	// Inside games/<id>.
	kGame      = []byte("game")
	kMailCount = []byte("mailcount")
	bHours     = []byte("hours")
	bAudit     = []byte("audit")

	// Inside games/<id>/hours/<hour>.
	kHourMeta     = []byte("meta")
	kState        = []byte("state")
	kNext         = []byte("next")
	kReportPrefix = []byte("report/")
	bOrders       = []byte("orders")

	// Inside processed.
	bByUID   = []byte("uid")
	bByMsgID = []byte("msgid")

	// Inside ladders/<name>.
	bRatings = []byte("ratings")
	bResults = []byte("results")
	bNames   = []byte("names") // mailbox -> display name; made on first use
)

// topBuckets are created with a new file, in this order.
var topBuckets = [][]byte{bMeta, bGames, bTokens, bMail, bProcessed, bOutbox, bOutboxDue, bLadders, bSent, bMailJobs, bPlayers}

func initLayout(btx *bolt.Tx) error {
	for _, name := range topBuckets {
		if _, err := btx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	p := btx.Bucket(bProcessed)
	for _, name := range [][]byte{bByUID, bByMsgID} {
		if _, err := p.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return btx.Bucket(bMeta).Put(kSchema, be64(SchemaVersion))
}

func be64(v uint64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, v)
	return b
}

func u64(b []byte) uint64 { return binary.BigEndian.Uint64(b) }

// hourKey encodes an hour number; hours are never negative, so the big-endian
// bytes sort in hour order.
func hourKey(hour int) ([]byte, error) {
	if hour < 0 {
		return nil, fmt.Errorf("store: negative hour %d", hour)
	}
	return be64(uint64(hour)), nil
}

// orderKey is side 0x00 version(4 bytes BE): one side's versions are adjacent and
// in order.
func orderKey(side string, version int) []byte {
	k := make([]byte, 0, len(side)+5)
	k = append(k, side...)
	k = append(k, 0)
	return binary.BigEndian.AppendUint32(k, uint32(version))
}

func splitOrderKey(k []byte) (side string, version int, ok bool) {
	i := bytes.IndexByte(k, 0)
	if i < 0 || len(k)-i-1 != 4 {
		return "", 0, false
	}
	return string(k[:i]), int(binary.BigEndian.Uint32(k[i+1:])), true
}

func uidKey(uidValidity, uid uint32) []byte {
	k := make([]byte, 8)
	binary.BigEndian.PutUint32(k, uidValidity)
	binary.BigEndian.PutUint32(k[4:], uid)
	return k
}

// checkName validates a game id, side or ladder name used inside keys.
func checkName(what, s string) error {
	switch {
	case s == "":
		return fmt.Errorf("store: empty %s", what)
	case len(s) > 200:
		return fmt.Errorf("store: %s longer than 200 bytes", what)
	case strings.IndexByte(s, 0) >= 0:
		return fmt.Errorf("store: %s %q contains a NUL byte", what, s)
	}
	return nil
}

// clone copies a value out of bbolt's memory map, which is only valid until the
// transaction ends.
func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return bytes.Clone(b)
}

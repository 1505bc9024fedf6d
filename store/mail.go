package store

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ArchiveMail stores a raw incoming message and returns its reference (a
// sequence number, never 0) for OrderSet.MailRef.
func (tx *Tx) ArchiveMail(raw []byte) (uint64, error) {
	b := tx.btx.Bucket(bMail)
	ref, err := b.NextSequence()
	if err != nil {
		return 0, err
	}
	return ref, putBlob(b, be64(ref), raw)
}

// Mail returns an archived raw message.
func (tx *Tx) Mail(ref uint64) ([]byte, error) {
	v := tx.btx.Bucket(bMail).Get(be64(ref))
	if v == nil {
		return nil, fmt.Errorf("store: mail %d: %w", ref, ErrNotFound)
	}
	return unpackBlob(v)
}

// normMessageID drops the angle brackets and spaces that vary between copies of
// the same Message-ID header.
func normMessageID(id string) string {
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(id), "<"), ">")
}

// MarkProcessed records an incoming message as handled, by its mailbox
// UIDVALIDITY and UID and by its Message-ID (either may be absent: uid 0, id "").
// Call it in the same transaction as the message's effect. If the message is
// already recorded under either key it returns an error wrapping ErrExists, so
// the transaction rolls back rather than applying the message twice.
func (tx *Tx) MarkProcessed(uidValidity, uid uint32, messageID string) error {
	messageID = normMessageID(messageID)
	if uid == 0 && messageID == "" {
		return fmt.Errorf("store: MarkProcessed needs a UID or a Message-ID")
	}
	if done, err := tx.IsProcessed(uidValidity, uid, messageID); err != nil {
		return err
	} else if done {
		return fmt.Errorf("store: message uid %d/%d %q: already processed: %w", uidValidity, uid, messageID, ErrExists)
	}
	v, err := json.Marshal(ProcessedMail{UIDValidity: uidValidity, UID: uid, MessageID: messageID, At: tx.now})
	if err != nil {
		return err
	}
	p := tx.btx.Bucket(bProcessed)
	if uid != 0 {
		if err := p.Bucket(bByUID).Put(uidKey(uidValidity, uid), v); err != nil {
			return err
		}
	}
	if messageID != "" {
		if err := p.Bucket(bByMsgID).Put([]byte(messageID), v); err != nil {
			return err
		}
	}
	return nil
}

// IsProcessed reports whether a message was handled, matching either its
// (UIDVALIDITY, UID) or its Message-ID: the same mail seen again after the
// mailbox was rebuilt still counts.
func (tx *Tx) IsProcessed(uidValidity, uid uint32, messageID string) (bool, error) {
	p := tx.btx.Bucket(bProcessed)
	if uid != 0 && p.Bucket(bByUID).Get(uidKey(uidValidity, uid)) != nil {
		return true, nil
	}
	if id := normMessageID(messageID); id != "" && p.Bucket(bByMsgID).Get([]byte(id)) != nil {
		return true, nil
	}
	return false, nil
}

package store

import (
	"bytes"
	"strings"
	"testing"
)

// States, reports and archived mail are stored compressed and read back as
// given; a plain value, as a schema 2 file holds, reads back unchanged.
func TestBlobsCompressedAndPlainValuesRead(t *testing.T) {
	s, _ := mustOpen(t)
	state := []byte(`{"hour":3,"blocks":[` + strings.Repeat(`{"id":"csa_hardee","area":"shiloh_church","strength":3},`, 200) + `{}]}`)
	mailRaw := []byte("From: bob@example.org\r\nSubject: orders\r\n\r\n" + strings.Repeat("activate hardee\r\n", 300))
	var ref uint64
	err := s.Update(func(tx *Tx) error {
		if err := tx.CreateGame(testGame("g")); err != nil {
			return err
		}
		if err := tx.PutHour(&HourRecord{Game: "g", Hour: 1, StateAtStart: state, Reports: map[string][]byte{"USA": state}}); err != nil {
			return err
		}
		var err error
		ref, err = tx.ArchiveMail(mailRaw)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.View(func(tx *Tx) error {
		hb, err := tx.hourBucket("g", 1, false)
		if err != nil {
			return err
		}
		stored := hb.Get(kState)
		if !bytes.HasPrefix(stored, gzipMagic) || len(stored)*4 > len(state) {
			t.Errorf("state stored in %d bytes for %d (compressed: %v)", len(stored), len(state), bytes.HasPrefix(stored, gzipMagic))
		}
		h, err := tx.Hour("g", 1)
		if err != nil {
			return err
		}
		if !bytes.Equal(h.StateAtStart, state) || !bytes.Equal(h.Reports["USA"], state) {
			t.Error("state or report read back differs")
		}
		m, err := tx.Mail(ref)
		if err != nil {
			return err
		}
		if !bytes.Equal(m, mailRaw) {
			t.Error("archived mail read back differs")
		}
		if v := tx.btx.Bucket(bMail).Get(be64(ref)); len(v)*4 > len(mailRaw) {
			t.Errorf("mail stored in %d bytes for %d", len(v), len(mailRaw))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// A schema 2 file stored values plain.
	err = s.Update(func(tx *Tx) error {
		hb, err := tx.hourBucket("g", 1, false)
		if err != nil {
			return err
		}
		if err := hb.Put(kNext, state); err != nil {
			return err
		}
		return tx.btx.Bucket(bMail).Put(be64(ref), mailRaw)
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.View(func(tx *Tx) error {
		h, err := tx.Hour("g", 1)
		if err != nil {
			return err
		}
		m, err := tx.Mail(ref)
		if err != nil {
			return err
		}
		if !bytes.Equal(h.NextState, state) || !bytes.Equal(m, mailRaw) {
			t.Error("a plain value of an older file reads back differently")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

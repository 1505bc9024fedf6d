package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// writeV1 builds a schema 1 file with raw bbolt calls, as the first layout
// stored it: flat hours and audit buckets keyed by game id, no token index.
func writeV1(t *testing.T, path string) (*Game, []*HourRecord, []AuditRecord) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g := testGame("old")
	g.CreatedAt = time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	g.UpdatedAt = g.CreatedAt
	g.CurrentHour = 3
	var hours []*HourRecord
	var chain []AuditRecord
	link := func(r *AuditRecord) {
		r.Game = "old"
		r.Seq = uint64(len(chain) + 1)
		r.At = g.CreatedAt.Add(time.Duration(r.Seq) * time.Hour)
		if len(chain) > 0 {
			r.PrevHash = chain[len(chain)-1].Hash
		}
		r.Hash = r.ComputeHash()
		chain = append(chain, *r)
	}
	link(&AuditRecord{Kind: AuditGameCreated, Text: "ruleset shiloh1862, scenario day1"})
	for n := 1; n <= 2; n++ {
		seed := HourSeed(g.Secret, n)
		h := &HourRecord{
			Game: "old", Hour: n,
			OpenedAt:       g.CreatedAt.Add(time.Duration(n) * time.Hour),
			StateAtStart:   stateOf("old", n),
			SeedCommitment: Commitment(seed), Seed: seed,
			OrderSets: map[string][]OrderSet{
				"CSA": {{Version: 1, Text: "v1", Hash: HashBytes([]byte("v1")), MailRef: 1},
					{Version: 2, Text: "v2", Hash: HashBytes([]byte("v2")), MailRef: 2}},
				"USA": {{Version: 1, Text: "u", Parsed: []byte(`{"o":1}`), Hash: HashBytes([]byte(`{"o":1}`))}},
			},
			Reports:    map[string][]byte{"CSA": []byte("csa"), "USA": []byte("usa"), GMReport: []byte("gm")},
			NextState:  stateOf("old", n+1),
			ResolvedAt: g.CreatedAt.Add(time.Duration(n)*time.Hour + 30*time.Minute),
		}
		hours = append(hours, h)
		link(HourAudit(h))
	}
	link(&AuditRecord{Kind: AuditGMAction, Hour: 3, Actor: "gm@example.org", Text: "extend deadline by 24h"})
	// An open hour with one order set and no metadata beyond it.
	open := &HourRecord{Game: "old", Hour: 3, StateAtStart: stateOf("old", 3),
		OrderSets: map[string][]OrderSet{"USA": {{Version: 1, Text: "open", Hash: HashBytes([]byte("open"))}}}}
	hours = append(hours, open)

	err = db.Update(func(btx *bolt.Tx) error {
		for _, name := range []string{"meta", "games", "hours", "audit", "mail", "outbox", "outbox_due", "ladders"} {
			if _, err := btx.CreateBucket([]byte(name)); err != nil {
				return err
			}
		}
		p, err := btx.CreateBucket([]byte("processed"))
		if err != nil {
			return err
		}
		if _, err := p.CreateBucket([]byte("uid")); err != nil {
			return err
		}
		if _, err := p.CreateBucket([]byte("msgid")); err != nil {
			return err
		}
		put := func(bucket string, k, v []byte) {
			if err == nil {
				err = btx.Bucket([]byte(bucket)).Put(k, v)
			}
		}
		put("meta", []byte("schema"), be64(1))
		gv, _ := json.Marshal(g)
		put("games", []byte("old"), gv)
		for _, h := range hours {
			k := binary.BigEndian.AppendUint32([]byte("old\x00"), uint32(h.Hour))
			v, _ := json.Marshal(h)
			put("hours", k, v)
		}
		for _, r := range chain {
			k := binary.BigEndian.AppendUint64([]byte("old\x00"), r.Seq)
			v, _ := json.Marshal(r)
			put("audit", k, v)
		}
		put("mail", be64(1), []byte("raw 1"))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return g, hours, chain
}

func TestMigrateV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	g, hours, chain := writeV1(t, path)

	// Read-only cannot migrate; it says so.
	if _, err := Open(path, &Options{ReadOnly: true}); !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), "needs migrating") {
		t.Errorf("read-only Open of schema 1: %v", err)
	}

	s, err := Open(path, &Options{Now: newTestClock().Now})
	if err != nil {
		t.Fatalf("Open of schema 1: %v", err)
	}
	err = s.View(func(tx *Tx) error {
		v, _, err := readSchema(tx.btx)
		if err != nil || v != SchemaVersion {
			t.Errorf("schema after migration = %d, %v", v, err)
		}
		if tx.btx.Bucket(bLegacyHours) != nil || tx.btx.Bucket(bLegacyAudit) != nil {
			t.Error("legacy buckets left behind")
		}
		got, err := tx.Game("old")
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(got, g) {
			t.Errorf("game after migration\n got %+v\nwant %+v", got, g)
		}
		for _, want := range hours {
			got, err := tx.Hour("old", want.Hour)
			if err != nil {
				return err
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("hour %d after migration\n got %+v\nwant %+v", want.Hour, got, want)
			}
		}
		gotChain, err := tx.AuditChain("old")
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(gotChain, chain) {
			t.Errorf("audit chain changed in migration")
		}
		if err := tx.VerifyChain("old"); err != nil {
			t.Errorf("VerifyChain after migration: %v", err)
		}
		if id, side, err := tx.GameByToken("tok-old-csa"); err != nil || id != "old" || side != "CSA" {
			t.Errorf("token index not built: %q %q %v", id, side, err)
		}
		if m, err := tx.Mail(1); err != nil || string(m) != "raw 1" {
			t.Errorf("mail archive: %q %v", m, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The migrated game goes on: a new order set is version 2.
	err = s.Update(func(tx *Tx) error {
		os, err := tx.AddOrderSet("old", 3, "USA", OrderSet{Text: "again"})
		if os.Version != 2 {
			t.Errorf("next version after migration = %d", os.Version)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	// A second Open finds schema 2 and changes nothing.
	s, err = Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.VerifyChain("old"); err != nil {
		t.Error(err)
	}
}

func TestMigrateV1Orphan(t *testing.T) {
	// A schema 1 hour whose game is missing fails the migration, and the
	// failed migration leaves the file at schema 1.
	path := filepath.Join(t.TempDir(), "orphan.db")
	writeV1(t, path)
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(btx *bolt.Tx) error {
		return btx.Bucket([]byte("hours")).Put(binary.BigEndian.AppendUint32([]byte("ghost\x00"), 1), []byte(`{}`))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path, nil); err == nil || !strings.Contains(err.Error(), "ghost") {
		t.Fatalf("migration with an orphan hour: %v", err)
	}
	db, err = bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(btx *bolt.Tx) error {
		if v, _, _ := readSchema(btx); v != 1 || btx.Bucket([]byte("hours")) == nil {
			t.Errorf("failed migration changed the file: schema %d", v)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpenRefusesForeignFiles(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name  string
		build func(*bolt.Tx) error
		want  error
		text  string
	}{
		{"newer schema", func(btx *bolt.Tx) error {
			b, err := btx.CreateBucket([]byte("meta"))
			if err != nil {
				return err
			}
			return b.Put([]byte("schema"), be64(SchemaVersion+1))
		}, ErrSchema, "use a newer pbem"},
		{"other bbolt file", func(btx *bolt.Tx) error {
			_, err := btx.CreateBucket([]byte("widgets"))
			return err
		}, ErrNotAStore, "not a pbem store"},
		{"bad schema value", func(btx *bolt.Tx) error {
			b, err := btx.CreateBucket([]byte("meta"))
			if err != nil {
				return err
			}
			return b.Put([]byte("schema"), []byte{2})
		}, ErrNotAStore, "want 8"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, string(rune('a'+i))+".db")
			db, err := bolt.Open(path, 0o600, nil)
			if err != nil {
				t.Fatal(err)
			}
			err = db.Update(tt.build)
			db.Close()
			if err != nil {
				t.Fatal(err)
			}
			_, err = Open(path, nil)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.text) {
				t.Errorf("Open = %v, want %v mentioning %q", err, tt.want, tt.text)
			}
		})
	}
	// Not a bbolt file at all.
	path := filepath.Join(dir, "text.db")
	if err := writeFileAtomic(path, func(f *os.File) error { _, err := f.Write(bytes.Repeat([]byte("not bolt "), 2000)); return err }); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path, nil); err == nil {
		t.Error("Open of a text file succeeded")
	}
}

// A schema 2 file keeps sent mail, raw bytes and all, in the outbox, and its
// outbox_due keys have no class byte. Migrating to schema 3 moves the sent
// mail to the sent index without its bytes, keeps the unsent mail whole and
// pending, and counts the game's mail.
func TestMigrateV2toV3(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v2.db")
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	sentRaw := []byte("Message-Id: <g.hour-h1-usa@shiloh-pbem.example.org>\r\nSubject: x\r\n\r\nthe map, 200 KB\r\n")
	msgs := []*OutMsg{
		{ID: 1, Game: "g", Kind: "hour-h1-usa", To: []string{"grant@example.org"}, Raw: sentRaw, CreatedAt: t0, Attempts: 1, SentAt: t0.Add(time.Second)},
		{ID: 2, Game: "g", Kind: "receipt-h1-v1-usa", To: []string{"grant@example.org"}, Raw: []byte("receipt"), CreatedAt: t0, NextAttempt: t0.Add(time.Minute)},
		{ID: 3, Kind: "unknown-sender", To: []string{"x@example.org"}, Raw: []byte("who?"), CreatedAt: t0, NextAttempt: t0},
	}
	err = db.Update(func(btx *bolt.Tx) error {
		for _, name := range [][]byte{bMeta, bGames, bTokens, bMail, bProcessed, bOutbox, bOutboxDue, bLadders} {
			if _, err := btx.CreateBucket(name); err != nil {
				return err
			}
		}
		p := btx.Bucket(bProcessed)
		for _, name := range [][]byte{bByUID, bByMsgID} {
			if _, err := p.CreateBucket(name); err != nil {
				return err
			}
		}
		if err := btx.Bucket(bMeta).Put(kSchema, be64(2)); err != nil {
			return err
		}
		gb, err := btx.Bucket(bGames).CreateBucket([]byte("g"))
		if err != nil {
			return err
		}
		for _, name := range [][]byte{bHours, bAudit} {
			if _, err := gb.CreateBucket(name); err != nil {
				return err
			}
		}
		gv, _ := json.Marshal(testGame("g"))
		if err := gb.Put(kGame, gv); err != nil {
			return err
		}
		for _, m := range msgs {
			v, err := encodeOutMsg(m)
			if err != nil {
				return err
			}
			if err := btx.Bucket(bOutbox).Put(be64(m.ID), v); err != nil {
				return err
			}
			if !m.Sent() {
				if err := btx.Bucket(bOutboxDue).Put(dueKey(0, m.NextAttempt, m.ID)[1:], nil); err != nil {
					return err
				}
			}
		}
		return btx.Bucket(bOutbox).SetSequence(3)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}

	s, err := Open(path, &Options{Now: func() time.Time { return t0.Add(time.Hour) }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	err = s.View(func(tx *Tx) error {
		all, err := tx.OutboxMessages("")
		if err != nil {
			return err
		}
		if len(all) != 3 || all[0].ID != 1 || all[1].ID != 2 || all[2].ID != 3 {
			t.Fatalf("after migration the outbox and sent index hold %d messages: %+v", len(all), all)
		}
		sent := all[0]
		if sent.Raw != nil || sent.MessageID != "g.hour-h1-usa@shiloh-pbem.example.org" ||
			sent.RawSHA256 != HashBytes(sentRaw) || sent.Size != len(sentRaw) || !sent.SentAt.Equal(t0.Add(time.Second)) {
			t.Errorf("sent message after migration: %+v", sent)
		}
		if v := tx.btx.Bucket(bOutbox).Get(be64(1)); v != nil {
			t.Error("the sent message's bytes are still in the outbox")
		}
		if string(all[1].Raw) != "receipt" {
			t.Errorf("unsent message lost its bytes: %q", all[1].Raw)
		}
		pending, err := tx.PendingOutbox(t0.Add(time.Hour), 0)
		if err != nil {
			return err
		}
		if len(pending) != 2 || pending[0].ID != 3 || pending[1].ID != 2 {
			t.Errorf("pending after migration: %+v", pending)
		}
		if n, err := tx.GameMailCount("g"); err != nil || n != 2 {
			t.Errorf("mail count of g = %d, %v; want 2", n, err)
		}
		if seats := tx.SeatsOf("grant@example.org"); len(seats) != 1 || seats[0] != (Seat{"g", "USA"}) {
			t.Errorf("players index after migration: %v", seats)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// New mail continues the numbering and the count.
	err = s.Update(func(tx *Tx) error {
		id, err := tx.EnqueueOutbox(&OutMsg{Game: "g", Kind: "status-usa", To: []string{"grant@example.org"}, Raw: []byte("s")})
		if err != nil {
			return err
		}
		if n, _ := tx.GameMailCount("g"); id != 4 || n != 3 {
			t.Errorf("new message id %d, count %d; want 4 and 3", id, n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

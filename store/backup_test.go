package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// playGame creates game id and resolves hours 1..n in it.
func playGame(t testing.TB, s *Store, id string, n int) {
	t.Helper()
	mustCreate(t, s, testGame(id))
	for h := 1; h <= n; h++ {
		if err := s.Update(func(tx *Tx) error { _, err := resolveHour(tx, id, h, 200); return err }); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBackupRestore(t *testing.T) {
	s, path := mustOpen(t)
	playGame(t, s, "g", 3)

	// A hot backup taken while another goroutine keeps writing shows the store
	// as of one instant: a whole number of hours, each with its chain link.
	var buf bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for h := 4; h <= 10; h++ {
			if err := s.Update(func(tx *Tx) error { _, err := resolveHour(tx, "g", h, 200); return err }); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	if _, err := s.Backup(&buf); err != nil {
		t.Fatal(err)
	}
	wg.Wait()

	dir := t.TempDir()
	restored := filepath.Join(dir, "restored.db")
	if err := Restore(restored, bytes.NewReader(buf.Bytes()), false); err != nil {
		t.Fatal(err)
	}
	r, err := Open(restored, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = r.View(func(tx *Tx) error {
		g, err := tx.Game("g")
		if err != nil {
			return err
		}
		hours, err := tx.HourNumbers("g")
		if err != nil {
			return err
		}
		if len(hours) < 3 || hours[len(hours)-1] != g.CurrentHour-1 {
			t.Errorf("backup has hours %v but the game is at hour %d", hours, g.CurrentHour)
		}
		msgs, err := tx.OutboxMessages("g")
		if err != nil {
			return err
		}
		if len(msgs) != 3*len(hours) {
			t.Errorf("backup has %d outbox messages for %d hours", len(msgs), len(hours))
		}
		return tx.VerifyChain("g")
	})
	if err != nil {
		t.Fatal(err)
	}
	r.Close()

	// The restored file and the live store agree once the writer is done.
	var full bytes.Buffer
	if err := s.BackupFile(filepath.Join(dir, "full.db")); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "full.db"))
	if err != nil {
		t.Fatal(err)
	}
	full.ReadFrom(f)
	f.Close()
	if err := Restore(restored, bytes.NewReader(full.Bytes()), false); !errors.Is(err, ErrExists) {
		t.Errorf("restore over an existing file without overwrite: %v", err)
	}
	if err := Restore(path, bytes.NewReader(full.Bytes()), true); !errors.Is(err, ErrInUse) {
		t.Errorf("restore over the open store: %v", err)
	}
	if err := Restore(restored, bytes.NewReader(full.Bytes()), true); err != nil {
		t.Fatalf("restore with overwrite: %v", err)
	}
	want, err := s.ExportGame("g")
	if err != nil {
		t.Fatal(err)
	}
	r, err = Open(restored, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, err := r.ExportGame("g")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stripExportTime(t, got), stripExportTime(t, want)) {
		t.Error("restored store exports differently from the original")
	}
}

func stripExportTime(t *testing.T, data []byte) []byte {
	rec, err := ImportGameRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	rec.ExportedAt = time.Time{}
	b, _ := json.Marshal(rec)
	return b
}

func TestRestoreRejectsBadBackups(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.db")
	if err := os.WriteFile(target, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(dir, "foreign.db")
	db, err := bolt.Open(foreign, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(btx *bolt.Tx) error { _, err := btx.CreateBucket([]byte("x")); return err })
	db.Close()
	foreignBytes, err := os.ReadFile(foreign)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := mustOpen(t)
	playGame(t, s, "g", 1)
	var good bytes.Buffer
	if _, err := s.Backup(&good); err != nil {
		t.Fatal(err)
	}
	truncated := good.Bytes()[:good.Len()/2]

	for name, data := range map[string][]byte{
		"garbage":   bytes.Repeat([]byte("junk"), 4096),
		"foreign":   foreignBytes,
		"truncated": truncated,
		"empty":     nil,
	} {
		err := Restore(target, bytes.NewReader(data), true)
		if err == nil {
			t.Errorf("%s backup restored", name)
		}
		if b, _ := os.ReadFile(target); string(b) != "keep me" {
			t.Fatalf("%s backup replaced the target", name)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestExportImportVerify(t *testing.T) {
	s, _ := mustOpen(t)
	playGame(t, s, "g", 3)
	// Hour 4 is open: one side has sent orders.
	err := s.Update(func(tx *Tx) error {
		_, err := tx.AddOrderSet("g", 4, "CSA", OrderSet{Text: "secret plan"})
		if err != nil {
			return err
		}
		_, err = tx.AppendAudit(&AuditRecord{Game: "g", Kind: AuditGMAction, Hour: 4, Actor: "gm@example.org", Text: "extend 24h"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err := s.ExportGame("g")
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{"tok-g-csa", "secret plan"} {
		if bytes.Contains(data, []byte(leak)) {
			t.Errorf("export of a running game contains %q", leak)
		}
	}
	rec, err := ImportGameRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Game.Secret != nil || len(rec.Hours) != 3 || len(rec.Audit) != 5 || rec.ChainHead.Seq != 5 {
		t.Errorf("record: secret %x, %d hours, %d links, head %v", rec.Game.Secret, len(rec.Hours), len(rec.Audit), rec.ChainHead)
	}
	if err := rec.Verify(); err != nil {
		t.Fatalf("Verify: %v", err)
	}

	// Finished: the secret is published and every seed must follow from it.
	err = s.Update(func(tx *Tx) error {
		g, err := tx.Game("g")
		if err != nil {
			return err
		}
		g.Status = StatusFinished
		return tx.PutGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err = s.ExportGame("g")
	if err != nil {
		t.Fatal(err)
	}
	rec, err = ImportGameRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Game.Secret) != 32 {
		t.Fatal("finished game's record has no secret")
	}
	if err := rec.Verify(); err != nil {
		t.Fatalf("Verify finished: %v", err)
	}

	tampers := []struct {
		name string
		edit func(r *GameRecord)
	}{
		{"seed", func(r *GameRecord) { r.Hours[1].Seed[0] ^= 1 }},
		{"orders hash", func(r *GameRecord) { r.Hours[0].OrderSets["USA"][0].Hash[0] ^= 1 }},
		{"next state", func(r *GameRecord) { r.Hours[2].NextState[5] ^= 1 }},
		{"state at start", func(r *GameRecord) { r.Hours[1].StateAtStart[5] ^= 1 }},
		{"dropped link", func(r *GameRecord) { r.Audit = append(r.Audit[:1], r.Audit[2:]...) }},
		{"GM action text", func(r *GameRecord) { r.Audit[4].Text = "extend 1h" }},
		{"chain head", func(r *GameRecord) { r.ChainHead.Seq = 4 }},
		{"invented hour", func(r *GameRecord) {
			h := r.Hours[2]
			h.Hour = 9
			r.Hours = append(r.Hours, h)
		}},
		{"secret", func(r *GameRecord) { r.Game.Secret[0] ^= 1 }},
		{"dropped hour", func(r *GameRecord) { r.Hours = r.Hours[:2] }},
	}
	for _, tt := range tampers {
		rec, err := ImportGameRecord(data)
		if err != nil {
			t.Fatal(err)
		}
		tt.edit(rec)
		if err := rec.Verify(); !errors.Is(err, ErrChain) {
			t.Errorf("tampered %s: Verify = %v, want ErrChain", tt.name, err)
		}
	}

	for name, bad := range map[string]string{
		"not json":       "{",
		"wrong format":   `{"format":"something else"}`,
		"unknown fields": `{"format":"shiloh-pbem game record v1","extra":1}`,
	} {
		if _, err := ImportGameRecord([]byte(bad)); err == nil {
			t.Errorf("%s imported", name)
		}
	}
	if _, err := s.ExportGame("missing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("export of a missing game: %v", err)
	}
}

// TestVerifyChainTampered edits the stored chain and hours behind the API's
// back, as someone with the file could, and checks VerifyChain notices.
func TestVerifyChainTampered(t *testing.T) {
	tampers := []struct {
		name string
		edit func(t *testing.T, btx *bolt.Tx)
	}{
		{"record text", func(t *testing.T, btx *bolt.Tx) {
			editAudit(t, btx, 2, func(r *AuditRecord) { r.Hour = 7 })
		}},
		{"relinked record", func(t *testing.T, btx *bolt.Tx) {
			// Rehashing a changed record is not enough: the next link breaks.
			editAudit(t, btx, 2, func(r *AuditRecord) { r.Seed[0] ^= 1; r.SeedCommitment = Commitment(r.Seed); r.Hash = r.ComputeHash() })
		}},
		{"deleted link", func(t *testing.T, btx *bolt.Tx) {
			if err := btx.Bucket(bGames).Bucket([]byte("g")).Bucket(bAudit).Delete(be64(2)); err != nil {
				t.Fatal(err)
			}
		}},
		{"swapped links", func(t *testing.T, btx *bolt.Tx) {
			ab := btx.Bucket(bGames).Bucket([]byte("g")).Bucket(bAudit)
			a, b := bytes.Clone(ab.Get(be64(2))), bytes.Clone(ab.Get(be64(3)))
			ab.Put(be64(2), b)
			ab.Put(be64(3), a)
		}},
		{"hour next state", func(t *testing.T, btx *bolt.Tx) {
			hb := btx.Bucket(bGames).Bucket([]byte("g")).Bucket(bHours).Bucket(be64(2))
			hb.Put(kNext, []byte("a different outcome"))
		}},
		{"hour orders", func(t *testing.T, btx *bolt.Tx) {
			ob := btx.Bucket(bGames).Bucket([]byte("g")).Bucket(bHours).Bucket(be64(1)).Bucket(bOrders)
			var os OrderSet
			json.Unmarshal(ob.Get(orderKey("USA", 1)), &os)
			os.Hash = HashBytes([]byte("other orders"))
			v, _ := json.Marshal(os)
			ob.Put(orderKey("USA", 1), v)
		}},
		{"extra order version", func(t *testing.T, btx *bolt.Tx) {
			ob := btx.Bucket(bGames).Bucket([]byte("g")).Bucket(bHours).Bucket(be64(1)).Bucket(bOrders)
			v, _ := json.Marshal(OrderSet{Version: 2, Text: "late", Hash: HashBytes([]byte("late"))})
			ob.Put(orderKey("CSA", 2), v)
		}},
		{"deleted hour", func(t *testing.T, btx *bolt.Tx) {
			btx.Bucket(bGames).Bucket([]byte("g")).Bucket(bHours).DeleteBucket(be64(3))
		}},
	}
	for _, tt := range tampers {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := mustOpen(t)
			playGame(t, s, "g", 3)
			if err := s.VerifyChain("g"); err != nil {
				t.Fatalf("before tampering: %v", err)
			}
			if err := s.db.Update(func(btx *bolt.Tx) error { tt.edit(t, btx); return nil }); err != nil {
				t.Fatal(err)
			}
			if err := s.VerifyChain("g"); !errors.Is(err, ErrChain) {
				t.Errorf("VerifyChain = %v, want ErrChain", err)
			}
		})
	}
}

func editAudit(t *testing.T, btx *bolt.Tx, seq uint64, edit func(*AuditRecord)) {
	ab := btx.Bucket(bGames).Bucket([]byte("g")).Bucket(bAudit)
	var r AuditRecord
	if err := json.Unmarshal(ab.Get(be64(seq)), &r); err != nil {
		t.Fatal(err)
	}
	edit(&r)
	v, _ := json.Marshal(r)
	if err := ab.Put(be64(seq), v); err != nil {
		t.Fatal(err)
	}
}

func TestCanonicalBytesStable(t *testing.T) {
	// Map order must not matter, and every field must count.
	base := AuditRecord{Game: "g", Seq: 3, Kind: AuditHour, Hour: 2,
		OrdersHashes: map[string]Hash{"USA": HashBytes([]byte("u")), "CSA": HashBytes([]byte("c"))},
		Seed:         []byte{1, 2}, Actor: "a", Text: "t"}
	h := base.ComputeHash()
	for i := 0; i < 20; i++ {
		if base.ComputeHash() != h {
			t.Fatal("hash depends on map order")
		}
	}
	variants := []func(r *AuditRecord){
		func(r *AuditRecord) { r.Game = "h" },
		func(r *AuditRecord) { r.Seq = 4 },
		func(r *AuditRecord) { r.Kind = AuditGMAction },
		func(r *AuditRecord) { r.At = r.At.Add(1) },
		func(r *AuditRecord) { r.Hour = 3 },
		func(r *AuditRecord) { r.OrdersHashes = map[string]Hash{"CSA": HashBytes([]byte("c"))} },
		func(r *AuditRecord) { r.SeedCommitment[0] = 1 },
		func(r *AuditRecord) { r.Seed = []byte{1, 2, 3} },
		func(r *AuditRecord) { r.StateHash[0] = 1 },
		func(r *AuditRecord) { r.Actor = "b" },
		func(r *AuditRecord) { r.Text = "u" },
		func(r *AuditRecord) { r.PrevHash[31] = 1 },
		// Moving a byte between adjacent fields must change the encoding too.
		func(r *AuditRecord) { r.Actor, r.Text = "at", "" },
	}
	for i, v := range variants {
		r := base
		r.OrdersHashes = map[string]Hash{}
		for k, x := range base.OrdersHashes {
			r.OrdersHashes[k] = x
		}
		v(&r)
		if r.ComputeHash() == h {
			t.Errorf("variant %d does not change the hash", i)
		}
	}
	if !reflect.DeepEqual(base.CanonicalBytes()[:len(auditLabel)], []byte(auditLabel)) {
		t.Error("encoding does not start with its label")
	}
}

func TestRollbackKeepsChainVerifiable(t *testing.T) {
	s, _ := mustOpen(t)
	playGame(t, s, "g", 3)
	// Deleting hours without saying so in the chain is caught.
	err := s.Update(func(tx *Tx) error {
		if err := tx.DeleteHour("g", 3); err != nil {
			return err
		}
		if err := tx.VerifyChain("g"); !errors.Is(err, ErrChain) {
			t.Errorf("silent delete: VerifyChain = %v, want ErrChain", err)
		}
		return errors.New("roll back this transaction")
	})
	if err == nil {
		t.Fatal("update did not fail")
	}
	// A GM rollback to hour 2: delete hours 2 and 3, link the rollback, and
	// play hour 2 again.
	err = s.Update(func(tx *Tx) error {
		for _, n := range []int{3, 2} {
			if err := tx.DeleteHour("g", n); err != nil {
				return err
			}
		}
		if err := tx.DeleteHour("g", 3); !errors.Is(err, ErrNotFound) {
			t.Errorf("deleting a deleted hour: %v", err)
		}
		if _, err := tx.AppendAudit(&AuditRecord{Game: "g", Kind: AuditRollback, Hour: 2, Actor: "gm@example.org", Text: "rollback to 2"}); err != nil {
			return err
		}
		if err := tx.VerifyChain("g"); err != nil {
			t.Errorf("after rollback: %v", err)
		}
		_, err := resolveHour(tx, "g", 2, 100)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.VerifyChain("g"); err != nil {
		t.Errorf("after hour 2 replayed: %v", err)
	}
	data, err := s.ExportGame("g")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ImportGameRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Verify(); err != nil || len(rec.Hours) != 2 {
		t.Errorf("record after rollback: %d hours, %v", len(rec.Hours), err)
	}
}

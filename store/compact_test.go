package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// compactFixture fills a store with games and many large mails, sends them all
// (their bytes leave the outbox) and returns the games as stored.
func compactFixture(t *testing.T, path string) []*Game {
	t.Helper()
	s, err := Open(path, &Options{Now: newTestClock().Now, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	big := bytes.Repeat([]byte("0123456789abcdef"), 64<<10/16) // 64 KiB
	for i := 0; i < 3; i++ {
		id := fmt.Sprintf("g%d", i)
		if err := s.Update(func(tx *Tx) error { return tx.CreateGame(testGame(id)) }); err != nil {
			t.Fatal(err)
		}
	}
	var ids []uint64
	for i := 0; i < 400; i++ {
		err := s.Update(func(tx *Tx) error {
			raw := append([]byte(fmt.Sprintf("Message-ID: <m%d@test>\r\nSubject: map\r\n\r\n", i)), big...)
			id, err := tx.EnqueueOutbox(&OutMsg{Game: fmt.Sprintf("g%d", i%3), Kind: "report", To: []string{"a@example.org"}, Raw: raw})
			ids = append(ids, id)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	err = s.Update(func(tx *Tx) error {
		for _, id := range ids {
			if err := tx.MarkSent(id, tx.Now()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var games []*Game
	if err := s.View(func(tx *Tx) (err error) { games, err = tx.Games(); return err }); err != nil {
		t.Fatal(err)
	}
	return games
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// checkCompactedStore opens a compacted store and checks its games, its audit
// chains, and that the outbox sequence went on where it was.
func checkCompactedStore(t *testing.T, path string, games []*Game) {
	t.Helper()
	s, err := Open(path, &Options{Now: newTestClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var got []*Game
	if err := s.View(func(tx *Tx) (err error) { got, err = tx.Games(); return err }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, games) {
		t.Fatalf("games after compaction:\n%+v\nwant\n%+v", got, games)
	}
	for _, g := range games {
		if err := s.View(func(tx *Tx) error { return tx.VerifyChain(g.ID) }); err != nil {
			t.Errorf("chain of %s: %v", g.ID, err)
		}
	}
	err = s.Update(func(tx *Tx) error {
		m, err := tx.OutboxMessage(400)
		if err != nil || !m.Sent() || m.Size < 64<<10 {
			return fmt.Errorf("sent index entry 400: %+v %v", m, err)
		}
		id, err := tx.EnqueueOutbox(&OutMsg{Kind: "x", To: []string{"a@example.org"}, Raw: []byte("x")})
		if err == nil && id != 401 {
			err = fmt.Errorf("next outbox id %d, want 401: the bucket sequence was lost", id)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestCompactInPlace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.db")
	games := compactFixture(t, path)
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	disk := fileSize(t, path)
	before, after, err := Compact(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if before != disk || after != fileSize(t, path) {
		t.Errorf("sizes %d → %d, files %d → %d", before, after, disk, fileSize(t, path))
	}
	// 400 × 64 KiB were written and their bytes deleted: the file was over
	// 25 MB and should come back to well under a tenth of that.
	if before < 25<<20 || after > before/10 {
		t.Fatalf("compaction %d → %d bytes", before, after)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the store's 0640", fi.Mode().Perm())
	}
	left, _ := filepath.Glob(path + ".tmp-*")
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	checkCompactedStore(t, path, games)
}

func TestCompactToOut(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pbem.db")
	out := filepath.Join(dir, "small.db")
	games := compactFixture(t, path)
	disk := fileSize(t, path)
	before, after, err := Compact(path, out)
	if err != nil {
		t.Fatal(err)
	}
	if fileSize(t, path) != disk || before != disk || after != fileSize(t, out) || after > before/10 {
		t.Fatalf("store %d (was %d), copy %d; reported %d → %d", fileSize(t, path), disk, fileSize(t, out), before, after)
	}
	checkCompactedStore(t, out, games)
	// An existing --out is not overwritten.
	if _, _, err := Compact(path, out); !errors.Is(err, ErrExists) {
		t.Fatalf("existing out: %v", err)
	}
}

func TestCompactRefusesWhileInUse(t *testing.T) {
	s, path := mustOpen(t)
	if err := s.Update(func(tx *Tx) error { return tx.CreateGame(testGame("g1")) }); err != nil {
		t.Fatal(err)
	}
	disk := fileSize(t, path)
	_, _, err := Compact(path, "")
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "stop the daemon first") {
		t.Fatalf("compact of a held store: %v", err)
	}
	if fileSize(t, path) != disk {
		t.Fatal("the held store changed")
	}
	left, _ := filepath.Glob(path + ".tmp-*")
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestCompactRefusesNonStores(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Compact(empty, ""); err == nil {
		t.Error("an empty file was compacted")
	}
	if _, _, err := Compact(filepath.Join(dir, "missing.db"), ""); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

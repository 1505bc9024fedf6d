package store

import (
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkCommitHour commits one resolved hour as the daemon does: two order
// sets, the hour's states (4 KiB each), three 8 KiB reports, three 8 KiB
// outbox mails, the audit link and the game, in one Update with fsync.
// Budget: 3 ms/op.
func BenchmarkCommitHour(b *testing.B) {
	s, _ := mustOpen(b)
	mustCreate(b, s, testGame("g"))
	hour := 0
	b.ReportAllocs()
	for b.Loop() {
		hour++
		if err := s.Update(func(tx *Tx) error { _, err := resolveHour(tx, "g", hour, 8192); return err }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpen1000Games opens and closes a store holding 1,000 games of ten
// resolved hours each. Budget: 50 ms/op.
func BenchmarkOpen1000Games(b *testing.B) {
	path := build1000(b)
	for b.Loop() {
		s, err := Open(path, nil)
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkOpenList1000Games opens the same store and decodes every game, as
// a daemon starting up to schedule deadlines would.
func BenchmarkOpenList1000Games(b *testing.B) {
	path := build1000(b)
	for b.Loop() {
		s, err := Open(path, nil)
		if err != nil {
			b.Fatal(err)
		}
		err = s.View(func(tx *Tx) error {
			games, err := tx.Games()
			if len(games) != 1000 {
				return fmt.Errorf("%d games", len(games))
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

func build1000(b *testing.B) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "big.db")
	s, err := Open(path, &Options{NoSync: true, Now: newTestClock().Now})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for i := 0; i < 1000; i++ {
		id := fmt.Sprintf("game-%04d", i)
		err := s.Update(func(tx *Tx) error {
			if err := tx.CreateGame(testGame(id)); err != nil {
				return err
			}
			for h := 1; h <= 10; h++ {
				if _, err := resolveHour(tx, id, h, 1024); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return path
}

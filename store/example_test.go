package store_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/shiloh-pbem/pbem/store"
)

// A mail with orders is stored exactly once, and an hour resolves in one
// transaction with its audit link and report mail. The printed hashes pin the
// order hash and the audit encoding; both were checked against an independent
// implementation written from docs/STORE.md.
func Example() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	now := time.Date(1862, 4, 6, 5, 0, 0, 0, time.UTC)
	s, err := store.Open(filepath.Join(dir, "pbem.db"), &store.Options{Now: func() time.Time { return now }})
	if err != nil {
		panic(err)
	}
	defer s.Close()

	g := &store.Game{ID: "shiloh-1", Ruleset: "shiloh1862", Scenario: "day1", Status: store.StatusRunning, CurrentHour: 1,
		Secret:  bytes.Repeat([]byte{1}, 32),
		Players: map[string]store.Player{"CSA": {Address: "csa@example.org", Token: "k7f2"}, "USA": {Address: "usa@example.org", Token: "q9x4"}}}
	if err := s.Update(func(tx *store.Tx) error { return tx.CreateGame(g) }); err != nil {
		panic(err)
	}

	intake := func(uid uint32, msgID, text string) {
		err := s.Update(func(tx *store.Tx) error {
			if done, err := tx.IsProcessed(42, uid, msgID); err != nil || done {
				return err
			}
			game, side, err := tx.GameByToken("k7f2")
			if err != nil {
				return err
			}
			ref, err := tx.ArchiveMail([]byte("Message-ID: " + msgID + "\r\n\r\n" + text))
			if err != nil {
				return err
			}
			os, err := tx.AddOrderSet(game, 1, side, store.OrderSet{MailRef: ref, Text: text})
			if err != nil {
				return err
			}
			fmt.Printf("%s orders v%d %s\n", side, os.Version, os.Hash.Short())
			return tx.MarkProcessed(42, uid, msgID)
		})
		if err != nil {
			panic(err)
		}
	}
	intake(1, "<a@example.org>", "cleburne: seay > rea attack")
	intake(1, "<a@example.org>", "cleburne: seay > rea attack") // seen again: ignored
	intake(2, "<b@example.org>", "cleburne: seay > rea move")

	err = s.Update(func(tx *store.Tx) error {
		h, err := tx.Hour("shiloh-1", 1)
		if err != nil {
			return err
		}
		h.Seed = store.HourSeed(g.Secret, 1)
		h.SeedCommitment = store.Commitment(h.Seed)
		h.NextState = []byte(`{"hour":2}`)
		h.ResolvedAt = tx.Now()
		if err := tx.PutHour(h); err != nil {
			return err
		}
		head, err := tx.AppendAudit(store.HourAudit(h))
		if err != nil {
			return err
		}
		_, err = tx.EnqueueOutbox(&store.OutMsg{Game: "shiloh-1", Kind: "report", To: []string{"csa@example.org"},
			Subject: "[shiloh-1] 6AM results, chain " + head.String()})
		return err
	})
	if err != nil {
		panic(err)
	}
	pending, _ := s.PendingOutbox(now, 10)
	fmt.Println(pending[0].Subject)
	fmt.Println(s.VerifyChain("shiloh-1"))
	// Output:
	// CSA orders v1 4064bf6bde8f
	// CSA orders v2 aa8fa3678e43
	// [shiloh-1] 6AM results, chain #2 b7cac416d931
	// <nil>
}

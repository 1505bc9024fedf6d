package store

import (
	"bytes"
	"encoding/hex"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The pinned values were computed with openssl (HMAC-SHA256 over the label and
// the 8-byte hour), independently of this package.
func TestHourSeedPinned(t *testing.T) {
	secret := bytes.Repeat([]byte{0x5a}, 32)
	tests := []struct {
		hour int
		want string
	}{
		{0, "dc357923a6ee2ab6a10d9218162109e8d4020d65c91578c99182a129973952fd"},
		{1, "cea44d08787a819b75e9410f0f429251e365b375c8a127c8635a5c4bdddd2f37"},
		{255, "c1ba3f6ce04fdea8a7fc79579afc77c2beb0bbba4229f9123391a8be46dfa971"},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		got := hex.EncodeToString(HourSeed(secret, tt.hour))
		if got != tt.want {
			t.Errorf("HourSeed(0x5a*32, %d) = %s, want %s", tt.hour, got, tt.want)
		}
		if seen[got] {
			t.Errorf("hour %d repeats a seed", tt.hour)
		}
		seen[got] = true
	}
	seed := HourSeed(secret, 1)
	if c := Commitment(seed); c.String() != "c006195b457236c1bd4d8346b4a8e7f0c6896635b7a11464cf61594bdb13e5c8" {
		t.Errorf("Commitment(HourSeed(.., 1)) = %s", c)
	}
	if bytes.Equal(HourSeed(bytes.Repeat([]byte{0x5b}, 32), 1), seed) {
		t.Error("a different secret gives the same seed")
	}
}

func TestGameCreateAndTokens(t *testing.T) {
	s, _ := mustOpen(t)
	g := testGame("g1")
	g.Secret = nil
	mustCreate(t, s, g)
	if len(g.Secret) != 32 {
		t.Fatalf("CreateGame left a %d-byte secret", len(g.Secret))
	}

	err := s.View(func(tx *Tx) error {
		got, err := tx.Game("g1")
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(got, g) {
			t.Errorf("game read back\n got %+v\nwant %+v", got, g)
		}
		id, side, err := tx.GameByToken("tok-g1-usa")
		if err != nil || id != "g1" || side != "USA" {
			t.Errorf("GameByToken = %q %q %v", id, side, err)
		}
		if _, err := tx.Game("nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("missing game: %v", err)
		}
		head, err := tx.ChainHead("g1")
		if err != nil || head.Seq != 1 {
			t.Errorf("chain head after create = %v, %v; want seq 1", head, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	if err := s.Update(func(tx *Tx) error { return tx.CreateGame(testGame("g1")) }); !errors.Is(err, ErrExists) {
		t.Errorf("second CreateGame g1: %v, want ErrExists", err)
	}
	g2 := testGame("g2")
	g2.Players["CSA"] = Player{Address: "x@example.org", Token: "tok-g1-csa"}
	if err := s.Update(func(tx *Tx) error { return tx.CreateGame(g2) }); !errors.Is(err, ErrExists) {
		t.Errorf("game reusing a token: %v, want ErrExists", err)
	}

	// Replacing a player's token drops the old one from the index.
	err = s.Update(func(tx *Tx) error {
		g, err := tx.Game("g1")
		if err != nil {
			return err
		}
		p := g.Players["USA"]
		p.Token = "tok-new"
		g.Players["USA"] = p
		return tx.PutGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.View(func(tx *Tx) error {
		if _, _, err := tx.GameByToken("tok-g1-usa"); !errors.Is(err, ErrNotFound) {
			t.Errorf("old token still found: %v", err)
		}
		if id, side, err := tx.GameByToken("tok-new"); err != nil || id != "g1" || side != "USA" {
			t.Errorf("new token: %q %q %v", id, side, err)
		}
		if ids := tx.GameIDs(); !reflect.DeepEqual(ids, []string{"g1"}) {
			t.Errorf("GameIDs = %v (failed creates must leave nothing)", ids)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestNamesRejected(t *testing.T) {
	s, _ := mustOpen(t)
	for _, id := range []string{"", "a\x00b", strings.Repeat("x", 201)} {
		if err := s.Update(func(tx *Tx) error { return tx.CreateGame(testGame(id)) }); err == nil {
			t.Errorf("CreateGame(%q) succeeded", id)
		}
	}
	mustCreate(t, s, testGame("g"))
	err := s.Update(func(tx *Tx) error {
		_, err := tx.AddOrderSet("g", -1, "CSA", OrderSet{Text: "x"})
		return err
	})
	if err == nil {
		t.Error("negative hour accepted")
	}
}

func TestHourRoundTrip(t *testing.T) {
	s, _ := mustOpen(t)
	mustCreate(t, s, testGame("g"))
	// Hours past 255 check that keys sort numerically.
	hours := []int{0, 1, 2, 255, 256, 1000}
	for _, n := range hours {
		if err := s.Update(func(tx *Tx) error { _, err := resolveHour(tx, "g", n, 300); return err }); err != nil {
			t.Fatal(err)
		}
	}
	err := s.View(func(tx *Tx) error {
		got, err := tx.HourNumbers("g")
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(got, hours) {
			t.Errorf("HourNumbers = %v, want %v", got, hours)
		}
		h, err := tx.Hour("g", 256)
		if err != nil {
			return err
		}
		if !bytes.Equal(h.StateAtStart, stateOf("g", 256)) || !bytes.Equal(h.NextState, stateOf("g", 257)) {
			t.Error("states differ")
		}
		if !bytes.Equal(h.Seed, HourSeed(bytes.Repeat([]byte{7}, 32), 256)) || h.SeedCommitment != Commitment(h.Seed) {
			t.Error("seed or commitment differ")
		}
		if len(h.Reports) != 3 || !bytes.Equal(h.Reports[GMReport], blob("gm report 256;", 300)) {
			t.Errorf("reports = %d entries", len(h.Reports))
		}
		for _, side := range testSides {
			if v := h.OrderSets[side]; len(v) != 1 || v[0].Version != 1 || v[0].Hash != HashBytes(v[0].Parsed) {
				t.Errorf("%s order sets = %+v", side, v)
			}
		}
		if !h.Resolved() {
			t.Error("hour not resolved")
		}
		// Put what was read back: the record must not change.
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var before, after *HourRecord
	err = s.Update(func(tx *Tx) (err error) {
		if before, err = tx.Hour("g", 2); err != nil {
			return err
		}
		if err := tx.PutHour(before); err != nil {
			return err
		}
		after, err = tx.Hour("g", 2)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Errorf("PutHour(Hour()) changed the record\nbefore %+v\nafter  %+v", before, after)
	}
	if err := s.View(func(tx *Tx) error { return tx.VerifyChain("g") }); err != nil {
		t.Errorf("VerifyChain: %v", err)
	}
}

func TestOrderSetVersions(t *testing.T) {
	s, _ := mustOpen(t)
	mustCreate(t, s, testGame("g"))
	add := func(side, text string) OrderSet {
		t.Helper()
		var got OrderSet
		err := s.Update(func(tx *Tx) (err error) {
			got, err = tx.AddOrderSet("g", 3, side, OrderSet{Text: text})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	steps := []struct {
		side, text string
		version    int
	}{
		{"CSA", "a", 1}, {"CSA", "b", 2}, {"USA", "c", 1}, {"CSA", "d", 3},
		// A side name that is a prefix of another must not share versions.
		{"CS", "e", 1}, {"CSA", "f", 4},
	}
	for _, st := range steps {
		got := add(st.side, st.text)
		if got.Version != st.version || got.Hash != HashBytes([]byte(st.text)) || got.ReceivedAt.IsZero() {
			t.Errorf("AddOrderSet(%s, %q) = v%d %s, want v%d", st.side, st.text, got.Version, got.Hash.Short(), st.version)
		}
	}
	err := s.View(func(tx *Tx) error {
		h, err := tx.Hour("g", 3)
		if err != nil {
			return err
		}
		var texts []string
		for _, os := range h.OrderSets["CSA"] {
			texts = append(texts, os.Text)
		}
		if strings.Join(texts, "") != "abdf" || h.Latest("CSA").Text != "f" || h.Latest("none") != nil {
			t.Errorf("CSA versions %v", texts)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Once the hour is resolved, orders for it are refused.
	err = s.Update(func(tx *Tx) error {
		h, err := tx.Hour("g", 3)
		if err != nil {
			return err
		}
		h.ResolvedAt = tx.Now()
		return tx.PutHour(h)
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Update(func(tx *Tx) error { _, err := tx.AddOrderSet("g", 3, "USA", OrderSet{Text: "late"}); return err })
	if err == nil || !strings.Contains(err.Error(), "already resolved") {
		t.Errorf("orders for a resolved hour: %v", err)
	}
}

// TestCopyOut checks that returned values do not alias bbolt's memory: they
// keep their contents after the transaction ends and the same keys are
// rewritten many times (which reuses and remaps pages).
func TestCopyOut(t *testing.T) {
	s, _ := mustOpen(t)
	mustCreate(t, s, testGame("g"))
	var ref, outID uint64
	err := s.Update(func(tx *Tx) (err error) {
		if _, err = resolveHour(tx, "g", 1, 2000); err != nil {
			return err
		}
		if ref, err = tx.ArchiveMail(blob("raw mail;", 3000)); err != nil {
			return err
		}
		outID, err = tx.EnqueueOutbox(&OutMsg{To: []string{"a@example.org"}, Raw: blob("out;", 3000)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var (
		g     *Game
		h     *HourRecord
		mail  []byte
		out   *OutMsg
		chain []AuditRecord
	)
	err = s.View(func(tx *Tx) (err error) {
		if g, err = tx.Game("g"); err != nil {
			return err
		}
		if h, err = tx.Hour("g", 1); err != nil {
			return err
		}
		if mail, err = tx.Mail(ref); err != nil {
			return err
		}
		if out, err = tx.OutboxMessage(outID); err != nil {
			return err
		}
		chain, err = tx.AuditChain("g")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	snapshot := func() string {
		var b strings.Builder
		b.Write(g.Secret)
		b.Write(h.StateAtStart)
		b.Write(h.NextState)
		b.Write(h.Reports["CSA"])
		b.Write(h.OrderSets["USA"][0].Parsed)
		b.Write(h.Seed)
		b.Write(mail)
		b.Write(out.Raw)
		b.Write(chain[1].Seed)
		return b.String()
	}
	want := snapshot()
	// Overwrite everything read, and grow the file so bbolt remaps it.
	for i := 0; i < 30; i++ {
		err := s.Update(func(tx *Tx) error {
			hh, err := tx.Hour("g", 1)
			if err != nil {
				return err
			}
			hh.StateAtStart = blob("overwritten;", 2000)
			hh.NextState = blob("overwritten;", 2000)
			hh.Reports["CSA"] = blob("overwritten;", 2000)
			if err := tx.PutHour(hh); err != nil {
				return err
			}
			_, err = tx.ArchiveMail(blob("filler;", 64<<10))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := snapshot(); got != want {
		t.Error("values returned by a transaction changed after it ended")
	}
	// And mutating a returned value must not reach the store.
	h.StateAtStart[0] = 'X'
	g.Secret[0] ^= 0xff
	err = s.View(func(tx *Tx) error {
		g2, err := tx.Game("g")
		if err != nil {
			return err
		}
		if g2.Secret[0] == g.Secret[0] {
			t.Error("mutating a returned game changed the store")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// intake is what the mail intake does with one message: skip it if already
// processed, else archive it, store the orders, queue the receipt and mark it
// processed, all in one transaction. fail makes the effect fail midway.
func intake(s *Store, uidValidity, uid uint32, msgID, text string, fail bool) (applied bool, err error) {
	err = s.Update(func(tx *Tx) error {
		done, err := tx.IsProcessed(uidValidity, uid, msgID)
		if err != nil || done {
			return err
		}
		ref, err := tx.ArchiveMail([]byte("Message-ID: " + msgID + "\r\n\r\n" + text))
		if err != nil {
			return err
		}
		if _, err := tx.AddOrderSet("g", 1, "CSA", OrderSet{MailRef: ref, Text: text}); err != nil {
			return err
		}
		if _, err := tx.EnqueueOutbox(&OutMsg{Game: "g", Kind: "receipt", To: []string{"p@example.org"}}); err != nil {
			return err
		}
		if fail {
			return errors.New("disk on fire")
		}
		applied = true
		return tx.MarkProcessed(uidValidity, uid, msgID)
	})
	if err != nil {
		applied = false
	}
	return applied, err
}

func TestExactlyOnce(t *testing.T) {
	s, _ := mustOpen(t)
	mustCreate(t, s, testGame("g"))
	steps := []struct {
		name        string
		uidValidity uint32
		uid         uint32
		msgID       string
		fail        bool
		applied     bool
	}{
		{"first delivery", 7, 1, "<a@x>", false, true},
		{"same uid again", 7, 1, "<a@x>", false, false},
		{"mailbox rebuilt, same Message-ID", 8, 1, "a@x", false, false},
		{"effect fails: not marked", 7, 2, "<b@x>", true, false},
		{"retry after failure", 7, 2, "<b@x>", false, true},
		{"no Message-ID", 7, 3, "", false, true},
		{"no Message-ID again", 7, 3, "", false, false},
		{"same uid under new UIDVALIDITY", 9, 3, "<c@x>", false, true},
	}
	for _, st := range steps {
		applied, err := intake(s, st.uidValidity, st.uid, st.msgID, st.name, st.fail)
		if (err != nil) != st.fail || applied != st.applied {
			t.Errorf("%s: applied=%v err=%v, want applied=%v", st.name, applied, err, st.applied)
		}
	}
	err := s.View(func(tx *Tx) error {
		h, err := tx.Hour("g", 1)
		if err != nil {
			return err
		}
		if n := len(h.OrderSets["CSA"]); n != 4 {
			t.Errorf("%d order sets stored, want 4 (one per message applied)", n)
		}
		msgs, err := tx.OutboxMessages("g")
		if err != nil {
			return err
		}
		if len(msgs) != 4 {
			t.Errorf("%d receipts queued, want 4", len(msgs))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// MarkProcessed itself refuses a duplicate, so a caller that forgot to
	// check cannot apply a message twice.
	err = s.Update(func(tx *Tx) error { return tx.MarkProcessed(1, 99, "<a@x>") })
	if !errors.Is(err, ErrExists) {
		t.Errorf("MarkProcessed of a known Message-ID: %v, want ErrExists", err)
	}
	if err := s.Update(func(tx *Tx) error { return tx.MarkProcessed(1, 0, "") }); err == nil {
		t.Error("MarkProcessed without uid or Message-ID succeeded")
	}
}

func TestOutboxLifecycle(t *testing.T) {
	s, _ := mustOpen(t)
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	var ids []uint64
	err := s.Update(func(tx *Tx) error {
		for i, at := range []time.Time{t0.Add(time.Minute), t0, t0.Add(time.Hour), {}} {
			id, err := tx.EnqueueOutbox(&OutMsg{
				Kind: "report", To: []string{"p@example.org"}, NextAttempt: at,
				Raw: []byte{byte('a' + i)},
			})
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		_, err := tx.EnqueueOutbox(&OutMsg{Kind: "x"})
		if err == nil {
			t.Error("message without recipients accepted")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ids, []uint64{1, 2, 3, 4}) {
		t.Fatalf("ids = %v", ids)
	}
	pending := func(now time.Time, limit int) []uint64 {
		t.Helper()
		msgs, err := s.PendingOutbox(now, limit)
		if err != nil {
			t.Fatal(err)
		}
		var out []uint64
		for _, m := range msgs {
			out = append(out, m.ID)
		}
		return out
	}
	// Message 4 had no NextAttempt: due at its creation, 1862 on the test clock.
	if got := pending(t0.Add(time.Minute), 0); !reflect.DeepEqual(got, []uint64{4, 2, 1}) {
		t.Errorf("pending at t0+1m = %v, want [4 2 1]", got)
	}
	if got := pending(t0.Add(2*time.Hour), 2); !reflect.DeepEqual(got, []uint64{4, 2}) {
		t.Errorf("pending, limit 2 = %v, want [4 2]", got)
	}
	if err := s.MarkSent(4, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkFailed(2, "451 try later", t0.Add(30*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if got := pending(t0.Add(time.Minute), 0); !reflect.DeepEqual(got, []uint64{1}) {
		t.Errorf("after sent/failed: pending = %v, want [1]", got)
	}
	if got := pending(t0.Add(30*time.Minute), 0); !reflect.DeepEqual(got, []uint64{1, 2}) {
		t.Errorf("at retry time: pending = %v, want [1 2]", got)
	}
	if err := s.MarkFailed(1, "550 no such user", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkSent(4, t0.Add(time.Hour)); err != nil {
		t.Errorf("MarkSent twice: %v", err)
	}
	if err := s.MarkFailed(4, "late", t0); err == nil {
		t.Error("MarkFailed of a sent message succeeded")
	}
	if err := s.MarkSent(99, t0); !errors.Is(err, ErrNotFound) {
		t.Errorf("MarkSent(99) = %v", err)
	}
	if got := pending(t0.Add(24*time.Hour), 0); !reflect.DeepEqual(got, []uint64{2, 3}) {
		t.Errorf("end: pending = %v, want [2 3]", got)
	}
	err = s.View(func(tx *Tx) error {
		m1, _ := tx.OutboxMessage(1)
		m2, _ := tx.OutboxMessage(2)
		m4, _ := tx.OutboxMessage(4)
		if !m1.GaveUp || m1.Attempts != 1 || m1.LastError != "550 no such user" || m1.Sent() {
			t.Errorf("given up message: %+v", m1)
		}
		if m2.Attempts != 1 || !m2.NextAttempt.Equal(t0.Add(30*time.Minute)) || string(m2.Raw) != "b" {
			t.Errorf("retried message: %+v", m2)
		}
		if !m4.SentAt.Equal(t0) || m4.Attempts != 1 || !m4.NextAttempt.IsZero() {
			t.Errorf("sent message: %+v", m4)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestSecondOpenRefused(t *testing.T) {
	s, path := mustOpen(t)
	_, err := Open(path, &Options{Timeout: 50 * time.Millisecond})
	if !errors.Is(err, ErrInUse) {
		t.Fatalf("second Open: %v, want ErrInUse", err)
	}
	if !strings.Contains(err.Error(), "is in use by another pbem process (is a daemon already running?)") ||
		!strings.Contains(err.Error(), path) {
		t.Errorf("message does not say what happened: %q", err)
	}
	if _, err := Open(path, &Options{ReadOnly: true, Timeout: 50 * time.Millisecond}); !errors.Is(err, ErrInUse) {
		t.Errorf("read-only Open beside a writer: %v, want ErrInUse", err)
	}
	s.Close()
	s2, err := Open(path, &Options{Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	s2.Close()
	// Two read-only opens may share the file.
	r1, err := Open(path, &Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r1.Close()
	r2, err := Open(path, &Options{ReadOnly: true, Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatalf("second read-only Open: %v", err)
	}
	r2.Close()
	if err := r1.Update(func(tx *Tx) error { return tx.CreateGame(testGame("g")) }); err == nil {
		t.Error("write through a read-only store succeeded")
	}
}

func TestLadder(t *testing.T) {
	s, _ := mustOpen(t)
	err := s.Update(func(tx *Tx) error {
		for _, p := range []string{"b@example.org", "a@example.org"} {
			if err := tx.PutRating(&Rating{Ladder: "club", Player: p, Rating: 1500, Deviation: 350, Games: 1, OnTime: 10}); err != nil {
				return err
			}
		}
		for _, g := range []string{"g1", "g2"} {
			if _, err := tx.AddLadderResult(&LadderResult{Ladder: "club", Game: g, Winner: "CSA",
				Players: map[string]string{"CSA": "a@example.org", "USA": "b@example.org"}}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.View(func(tx *Tx) error {
		rs, err := tx.Ratings("club")
		if err != nil {
			return err
		}
		if len(rs) != 2 || rs[0].Player != "a@example.org" || rs[0].Rating != 1500 || rs[0].UpdatedAt.IsZero() {
			t.Errorf("ratings = %+v", rs)
		}
		r, err := tx.Rating("club", "b@example.org")
		if err != nil || r.OnTime != 10 {
			t.Errorf("Rating = %+v, %v", r, err)
		}
		res, err := tx.LadderResults("club")
		if err != nil {
			return err
		}
		if len(res) != 2 || res[0].Seq != 1 || res[1].Game != "g2" {
			t.Errorf("results = %+v", res)
		}
		if _, err := tx.Ratings("other"); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown ladder: %v", err)
		}
		if l := tx.Ladders(); !reflect.DeepEqual(l, []string{"club"}) {
			t.Errorf("Ladders = %v", l)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A receipt queued after a deadline's reports goes out before them (urgent
// before bulk), and a sent message leaves the outbox: its bytes are gone, its
// Message-ID and hash stay in the sent index.
func TestOutboxUrgentFirstAndSentIndex(t *testing.T) {
	s, _ := mustOpen(t)
	raw := []byte("Message-Id: <r1@x.example>\r\n\r\nbody")
	err := s.Update(func(tx *Tx) error {
		if err := tx.CreateGame(testGame("g")); err != nil {
			return err
		}
		for i := 0; i < 3; i++ {
			if _, err := tx.EnqueueOutbox(&OutMsg{Game: "g", Kind: "hour", Bulk: true, To: []string{"p@example.org"}, Raw: []byte("map")}); err != nil {
				return err
			}
		}
		_, err := tx.EnqueueOutbox(&OutMsg{Game: "g", Kind: "receipt", To: []string{"p@example.org"}, Raw: raw})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	pending, err := s.PendingOutbox(s.Now(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) != 2 || pending[0].Kind != "receipt" || pending[1].ID != 1 {
		t.Fatalf("pending = %+v, want the receipt (4) then the first report (1)", pending)
	}
	if err := s.MarkSent(4, s.Now()); err != nil {
		t.Fatal(err)
	}
	err = s.View(func(tx *Tx) error {
		if tx.btx.Bucket(bOutbox).Get(be64(4)) != nil {
			t.Error("a sent message's bytes stayed in the outbox")
		}
		m, err := tx.OutboxMessage(4)
		if err != nil {
			return err
		}
		if !m.Sent() || m.MessageID != "r1@x.example" || m.RawSHA256 != HashBytes(raw) || m.Size != len(raw) || m.Raw != nil {
			t.Errorf("sent index entry: %+v", m)
		}
		n, oldest, err := tx.OutboxDepth()
		if err != nil {
			return err
		}
		if n != 3 || oldest.IsZero() {
			t.Errorf("outbox depth %d (oldest %v), want 3", n, oldest)
		}
		if c, _ := tx.GameMailCount("g"); c != 4 {
			t.Errorf("mail count %d, want 4", c)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// OnCommit runs after a commit, and not after a rollback.
func TestOnCommit(t *testing.T) {
	s, _ := mustOpen(t)
	var ran []string
	_ = s.Update(func(tx *Tx) error {
		tx.OnCommit(func() { ran = append(ran, "rolled back") })
		return errors.New("no")
	})
	if err := s.Update(func(tx *Tx) error {
		tx.OnCommit(func() { ran = append(ran, "committed") })
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ran, []string{"committed"}) {
		t.Errorf("OnCommit ran for %v", ran)
	}
}

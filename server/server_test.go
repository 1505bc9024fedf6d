package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/smtp"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/mail/mailtest"
	"github.com/shiloh-pbem/pbem/store"
)

// rig is a server with a real store, the in-process IMAP and SMTP servers, the
// watcher and the sender, as the daemon runs them.
type rig struct {
	t      *testing.T
	ms     *mailtest.Server
	st     *store.Store
	srv    *Server
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// decoded caches the decoded mails of ms.Received(), in its order.
	decoded []*mail.Inbound
}

const testDomain = "club.test"

func newRig(t *testing.T) *rig {
	t.Helper()
	return newRigWith(t, nil, nil)
}

// newRigWith is newRig with a clock for the store and server (nil: the real one)
// and a hook to adjust the server's configuration.
func newRigWith(t *testing.T, now func() time.Time, adjust func(*Config)) *rig {
	t.Helper()
	ms, err := mailtest.Start(&mailtest.Options{AutoCreate: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"pbem", "alice", "bob", "gm", "mallory", "carol", "dave", "erin", "frank"} {
		if _, err := ms.AddUser(u, mailtest.DefaultPassword(u)); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), &store.Options{Now: now, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	sender := mail.NewSender(mail.SMTPConfig{Addr: ms.SMTPAddr, TLS: mail.TLSNone})
	sender.PollInterval = 50 * time.Millisecond
	cfg := Config{Registry: testRules, Address: "pbem@" + testDomain, Wake: sender.Wake, Logger: testLogger(t), Now: now}
	if adjust != nil {
		adjust(&cfg)
	}
	srv, err := New(st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	w := mail.NewWatcher(mail.WatcherConfig{Addr: ms.IMAPAddr, TLS: mail.TLSNone, Username: "pbem",
		Password: mailtest.DefaultPassword("pbem"), PollInterval: 200 * time.Millisecond, Logger: testLogger(t)})
	ctx, cancel := context.WithCancel(context.Background())
	r := &rig{t: t, ms: ms, st: st, srv: srv, cancel: cancel}
	r.wg.Add(2)
	go func() { defer r.wg.Done(); _ = sender.Run(ctx, Outbox{St: st}) }()
	go func() { defer r.wg.Done(); _ = w.Run(ctx, srv) }()
	t.Cleanup(func() {
		cancel()
		r.wg.Wait()
		st.Close()
		ms.Close()
	})
	return r
}

// mailsTo returns the mails the SMTP server accepted for an address, decoded.
// Each mail is decoded once: tests poll this while the sender works.
func (r *rig) mailsTo(addr string) []*mail.Inbound {
	msgs := r.ms.Received()
	for i := len(r.decoded); i < len(msgs); i++ {
		in, err := mail.Decode(msgs[i].Raw, nil)
		if err != nil {
			r.t.Fatal(err)
		}
		r.decoded = append(r.decoded, in)
	}
	var out []*mail.Inbound
	for i, m := range msgs {
		for _, to := range m.To {
			if strings.EqualFold(to, addr) {
				out = append(out, r.decoded[i])
			}
		}
	}
	return out
}

// waitFor polls until cond holds or fails the test after a generous bound (the
// bound is a hang guard, not a speed assertion).
func (r *rig) waitFor(what string, cond func() bool) {
	r.t.Helper()
	deadline := time.Now().Add(hangGuard * 20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			r.t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (r *rig) send(from, to, subject, body string, extra ...string) {
	r.t.Helper()
	var h strings.Builder
	fmt.Fprintf(&h, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%d.%s>\r\n", from, to, subject, time.Now().UnixNano(), from)
	for _, e := range extra {
		h.WriteString(e + "\r\n")
	}
	h.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
	h.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	if err := smtp.SendMail(r.ms.SMTPAddr, nil, from, []string{to}, []byte(h.String())); err != nil {
		r.t.Fatal(err)
	}
}

// sentByUs counts the mails the adjudicator sent.
func (r *rig) sentByUs() int {
	n := 0
	for _, m := range r.ms.Received() {
		if strings.EqualFold(m.From, "pbem@"+testDomain) {
			n++
		}
	}
	return n
}

func replyTo(t *testing.T, in *mail.Inbound) string {
	t.Helper()
	if len(in.ReplyTo) == 0 {
		t.Fatalf("mail %q has no Reply-To", in.Subject)
	}
	return in.ReplyTo[0].Addr
}

// A whole hour by mail: the first mails go out, both sides send orders to their
// secret addresses, receipts come back, the hour resolves and each side gets its
// report and map, with the dice seed revealed that matches the commitment.
func TestWholeHourByMail(t *testing.T) {
	r := newRig(t)
	ctx := context.Background()
	if _, err := r.srv.CreateGame(ctx, NewGame{ID: "g1", Scenario: "shiloh1862", USA: "alice@" + testDomain,
		CSA: "bob@" + testDomain, GM: "gm@" + testDomain}); err != nil {
		t.Fatal(err)
	}
	alice, bob := "alice@"+testDomain, "bob@"+testDomain
	r.waitFor("first mails", func() bool { return len(r.mailsTo(alice)) == 1 && len(r.mailsTo(bob)) == 1 })
	first := r.mailsTo(bob)[0]
	if !strings.Contains(first.Subject, "Day 1 7AM") || !strings.Contains(first.Text, "Dice commitment") {
		t.Fatalf("first CSA mail: %q\n%s", first.Subject, first.Text)
	}
	r.send(bob, replyTo(t, first), "Re: orders", "activate hardee\nat all: hold\n")
	r.waitFor("CSA receipt", func() bool { return len(r.mailsTo(bob)) == 2 })
	if rc := r.mailsTo(bob)[1]; !strings.Contains(rc.Subject, "Orders received") {
		t.Fatalf("receipt subject %q", rc.Subject)
	}
	r.send(alice, replyTo(t, r.mailsTo(alice)[0]), "Re: orders", "at all: hold\n")
	r.waitFor("reports", func() bool { return len(r.mailsTo(alice)) == 3 && len(r.mailsTo(bob)) == 3 })
	for _, who := range []string{alice, bob} {
		rep := r.mailsTo(who)[2]
		if !strings.Contains(rep.Text, "RESULTS OF Day 1 7AM") || !strings.Contains(rep.Text, "ORDERS FOR Day 1 8AM") {
			t.Errorf("%s report:\n%s", who, rep.Text)
		}
		// The report names the orders it was played with by their receipt's hash.
		hash := regexp.MustCompile(`(?m)^Hash: ([0-9a-f]{64})$`).FindStringSubmatch(r.mailsTo(who)[1].Text)
		if hash == nil {
			t.Fatalf("%s receipt has no hash:\n%s", who, r.mailsTo(who)[1].Text)
		}
		if want := "Your orders as executed: version 1, hash " + hash[1]; !strings.Contains(rep.Text, want) {
			t.Errorf("%s report lacks %q:\n%s", who, want, rep.Text)
		}
	}
	// The revealed seed is the committed one.
	var h *store.HourRecord
	if err := r.st.View(func(tx *store.Tx) error {
		var err error
		h, err = tx.Hour("g1", 0)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !h.Resolved() || store.Commitment(h.Seed) != h.SeedCommitment {
		t.Fatalf("hour 0 resolved=%v, seed matches commitment=%v", h.Resolved(), store.Commitment(h.Seed) == h.SeedCommitment)
	}
	if !strings.Contains(r.mailsTo(alice)[2].Text, fmt.Sprintf("%x", h.Seed)) {
		t.Error("report does not reveal the seed")
	}
	diffs, err := ReplayHour(rulesOf(t, "shiloh1862"), h)
	if err != nil || len(diffs) > 0 {
		t.Fatalf("replay: %v %v", diffs, err)
	}
}

// The same mail delivered twice is processed once; a resubmission replaces the
// orders (v2 replaces v1).
func TestDuplicateAndResubmission(t *testing.T) {
	r := newRig(t)
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: "g2", USA: "alice@" + testDomain, CSA: "bob@" + testDomain}); err != nil {
		t.Fatal(err)
	}
	bob := "bob@" + testDomain
	r.waitFor("first mail", func() bool { return len(r.mailsTo(bob)) == 1 })
	to := replyTo(t, r.mailsTo(bob)[0])
	raw := []byte("From: " + bob + "\r\nTo: " + to + "\r\nSubject: orders\r\nMessage-ID: <dup-1@club.test>\r\n\r\nactivate hardee\r\n")
	if err := r.ms.Deliver(to, "INBOX", raw); err != nil {
		t.Fatal(err)
	}
	if err := r.ms.Deliver(to, "INBOX", raw); err != nil {
		t.Fatal(err)
	}
	r.waitFor("receipt", func() bool { return len(r.mailsTo(bob)) >= 2 })
	time.Sleep(500 * time.Millisecond) // give the duplicate every chance to be answered
	if n := len(r.mailsTo(bob)); n != 2 {
		t.Fatalf("duplicate mail answered: %d mails", n)
	}
	r.send(bob, to, "new orders", "activate hardee, bragg\n")
	r.waitFor("second receipt", func() bool { return len(r.mailsTo(bob)) == 3 })
	if rc := r.mailsTo(bob)[2]; !strings.Contains(rc.Subject, "(v2)") || !strings.Contains(rc.Text, "v1") {
		t.Fatalf("second receipt: %q\n%s", rc.Subject, rc.Text)
	}
}

// A spoofed sender without the token is refused and the player of record told; an
// auto-reply and a bounce are never answered.
func TestSpoofAutoReplyBounce(t *testing.T) {
	r := newRig(t)
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: "g3", USA: "alice@" + testDomain, CSA: "bob@" + testDomain}); err != nil {
		t.Fatal(err)
	}
	bob := "bob@" + testDomain
	r.waitFor("first mail", func() bool { return len(r.mailsTo(bob)) == 1 })
	// Someone writes as Bob to the plain address, without the secret token.
	r.send(bob, "pbem@"+testDomain, "orders", "activate hardee\n")
	r.waitFor("refusal", func() bool { return len(r.mailsTo(bob)) == 2 })
	if m := r.mailsTo(bob)[1]; !strings.Contains(m.Subject, "refused") {
		t.Fatalf("got %q", m.Subject)
	}
	before := r.sentByUs()
	r.send("mallory@"+testDomain, "pbem@"+testDomain, "Out of office", "I am away.\n", "Auto-Submitted: auto-replied")
	r.send("MAILER-DAEMON@"+testDomain, "pbem@"+testDomain, "Undelivered Mail Returned to Sender", "bounce\n")
	// A stranger gets one polite reply, and only one.
	r.send("carol@"+testDomain, "pbem@"+testDomain, "hello", "can I play?\n")
	r.send("carol@"+testDomain, "pbem@"+testDomain, "hello again", "can I play?\n")
	r.waitFor("reply to the stranger", func() bool { return len(r.mailsTo("carol@"+testDomain)) == 1 })
	time.Sleep(500 * time.Millisecond)
	if got := r.sentByUs() - before; got != 1 {
		t.Fatalf("%d mails sent after auto-reply, bounce and two stranger mails, want 1", got)
	}
}

// changeHidden returns a copy of st in which the side's hidden facts differ: every
// block of it on the map that can lose a step is weaker, and two of them have
// swapped areas.
func changeHidden(t *testing.T, sc *shiloh1862.Scenario, st *shiloh1862.State, side adjudicator.Side) *shiloh1862.State {
	t.Helper()
	alt := st.Clone()
	var on []int
	for i, b := range alt.Blocks {
		if sc.OB.Block(b.ID).Side == side && b.Where == shiloh1862.OnMap {
			on = append(on, i)
			if b.Strength > 1 {
				alt.Blocks[i].Strength--
			}
		}
	}
	if len(on) < 2 {
		t.Fatalf("fewer than two %s blocks on the map", side)
	}
	a, b := &alt.Blocks[on[0]], &alt.Blocks[on[len(on)-1]]
	a.Area, b.Area = b.Area, a.Area
	return alt
}

// Fog of war: the USA's hour mail (subject, text, HTML, map bytes, attachment name)
// must not change when the CSA's hidden facts change: which CSA block stands where
// among blocks the USA cannot tell apart, their strengths, and CSA orders not yet
// resolved.
func TestHourMailHidesEnemyFacts(t *testing.T) {
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	base, err := shiloh1862.NewState(sc, shiloh1862.Options{Visibility: shiloh1862.VisBlocks})
	if err != nil {
		t.Fatal(err)
	}
	// The CSA's hidden facts change in alt; for the CSA viewer, the USA's in alt2.
	alt, alt2 := changeHidden(t, sc, base, adjudicator.CSA), changeHidden(t, sc, base, adjudicator.USA)
	srv, err := New(nil, Config{Registry: testRules, Address: "pbem@" + testDomain})
	if err != nil {
		t.Fatal(err)
	}
	rules := rulesOf(t, "shiloh1862")
	g := &store.Game{ID: "fog", Players: map[string]store.Player{"usa": {Address: "alice@x.test", Token: "t1"}, "csa": {Address: "bob@x.test", Token: "t2"}}}
	for _, mode := range []shiloh1862.Visibility{shiloh1862.VisBlocks, shiloh1862.VisDoubleBlind} {
		for _, tc := range []struct {
			viewer  adjudicator.Side
			addr    string
			changed *shiloh1862.State
		}{{adjudicator.USA, "alice@x.test", alt}, {adjudicator.CSA, "bob@x.test", alt2}} {
			base.Options.Visibility, tc.changed.Options.Visibility = mode, mode
			r := recipient{viewer: tc.viewer, addr: tc.addr}
			m1, err := srv.hourMail(g, rules, nil, nil, base, store.Hash{}, nil, r)
			if err != nil {
				t.Fatal(err)
			}
			m2, err := srv.hourMail(g, rules, nil, nil, tc.changed, store.Hash{}, nil, r)
			if err != nil {
				t.Fatal(err)
			}
			if m1.Subject != m2.Subject || m1.Text != m2.Text || m1.HTML != m2.HTML || m1.MapName != m2.MapName || !bytes.Equal(m1.MapPNG, m2.MapPNG) {
				t.Errorf("%s, %s viewer: the mail depends on the enemy's hidden facts", mode, tc.viewer)
			}
		}
	}
	// The GM sees everything: the same change shows in the GM's map.
	gm := recipient{viewer: adjudicator.NoSide, addr: "gm@x.test"}
	m1, err := srv.hourMail(g, rules, nil, nil, base, store.Hash{}, nil, gm)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := srv.hourMail(g, rules, nil, nil, alt, store.Hash{}, nil, gm)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(m1.MapPNG, m2.MapPNG) {
		t.Error("the GM map does not show the change: the test would not notice a leak")
	}
}

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type tWriter struct{ t *testing.T }

func (w tWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

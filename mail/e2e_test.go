package mail

// Shared end-to-end suite: the same tests run against the in-process harness
// (mailtest, every `go test`) and against a real Postfix + Dovecot (build tag
// mailserver, realserver_test.go).

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
)

// mailEnv is a mail system under test.
type mailEnv struct {
	name     string
	imapAddr string
	smtpAddr string
	domain   string
	// The adjudicator's mailbox and IMAP login.
	adjAddr, adjUser, adjPass string
	// A player's mailbox (where the Sender's mail arrives) and IMAP login.
	playerAddr, playerUser, playerPass string
	// Fault injection; nil when the environment cannot do it.
	restartIMAP func() error
	stopSMTP    func() error
	startSMTP   func() error
}

// waitLimit bounds every wait so a broken build fails instead of hanging; it is a
// guard, not a speed assertion.
const waitLimit = 30 * time.Second

// memHandler is an in-memory Handler that behaves like the store-backed one: the
// (UIDVALIDITY, UID) and Message-ID are recorded together with the effect.
type memHandler struct {
	mu      sync.Mutex
	byUID   map[[2]uint32]bool
	byMID   map[string]bool
	handled []Delivery
	ignored map[string]string // Message-ID -> why ignored (Classify)
	// player is the player of record for g1/csa; alerts lists Message-IDs of mails
	// with g1/csa's secret address from anyone else.
	player    string
	alerts    []string
	failNext  int
	handledAt []time.Time
	changed   chan struct{} // signalled after every Handle
}

func newMemHandler() *memHandler {
	return &memHandler{byUID: map[[2]uint32]bool{}, byMID: map[string]bool{}, ignored: map[string]string{}, changed: make(chan struct{}, 1)}
}

func (h *memHandler) Seen(_ context.Context, uv, uid uint32, mid string) (bool, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.byUID[[2]uint32{uv, uid}] || h.byMID[mid], nil
}

func (h *memHandler) Handle(_ context.Context, d Delivery) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.failNext > 0 {
		h.failNext--
		return errors.New("store unavailable (injected)")
	}
	if in, err := Decode(d.Raw, nil); err == nil {
		if disp, why := Classify(in, SelfInfo{Addresses: []string{"pbem@example.test"}}); disp == IgnoreSilently {
			h.ignored[d.MessageID] = why
		} else if c := Route(in, RouteConfig{LocalPart: "pbem"}); h.player != "" && len(c) > 0 &&
			c[0].Game == "g1" && c[0].Side == "csa" && SecretEqual(c[0].Token, "abcd2345") && !SenderMatches(in, h.player) {
			h.alerts = append(h.alerts, d.MessageID)
		}
	}
	h.byUID[[2]uint32{d.UIDValidity, d.UID}] = true
	h.byMID[d.MessageID] = true
	h.handled = append(h.handled, d)
	h.handledAt = append(h.handledAt, time.Now())
	select {
	case h.changed <- struct{}{}:
	default:
	}
	return nil
}

func (h *memHandler) messageIDs() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var ids []string
	for _, d := range h.handled {
		ids = append(ids, d.MessageID)
	}
	return ids
}

// waitHandled waits for a delivery with the given Message-ID and returns it with
// the time Handle was called.
func (h *memHandler) waitHandled(t testing.TB, mid string) (Delivery, time.Time) {
	t.Helper()
	deadline := time.After(waitLimit)
	for {
		h.mu.Lock()
		for i, x := range h.handled {
			if x.MessageID == mid {
				d, at := x, h.handledAt[i]
				h.mu.Unlock()
				return d, at
			}
		}
		h.mu.Unlock()
		select {
		case <-h.changed:
		case <-deadline:
			t.Fatalf("message %s not handled; handled: %v", mid, h.messageIDs())
		}
	}
}

// sendRaw submits raw over plain SMTP.
func sendRaw(addr, from string, to []string, raw string) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, to, strings.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

func testMail(from, to, subject, mid, body string, extra ...string) string {
	h := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: Sat, 21 Nov 2026 10:00:00 +0000\r\n", from, to, subject, mid)
	for _, e := range extra {
		h += e + "\r\n"
	}
	return h + "\r\n" + strings.ReplaceAll(body, "\n", "\r\n")
}

func (e *mailEnv) watcherConfig(events func(Event)) WatcherConfig {
	return WatcherConfig{
		Addr: e.imapAddr, TLS: TLSNone, Username: e.adjUser, Password: e.adjPass,
		PollInterval: 2 * time.Second, Backoff: ExpBackoff(50*time.Millisecond, 500*time.Millisecond),
		Logger: quietLogger(), OnEvent: events,
	}
}

func quietLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(discard{}, nil))
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// startWatcher runs a Watcher until the test ends.
func startWatcher(t testing.TB, cfg WatcherConfig, h Handler) *Watcher {
	t.Helper()
	w := NewWatcher(cfg)
	runBackground(t, "Watcher.Run", func(ctx context.Context) error { return w.Run(ctx, h) })
	return w
}

// runBackground runs f until the test ends, then cancels it and checks it stopped
// with context.Canceled.
func runBackground(t testing.TB, name string, f func(context.Context) error) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s returned %v", name, err)
			}
		case <-time.After(waitLimit):
			t.Errorf("%s did not stop", name)
		}
	})
}

// countMessageID counts messages with a Message-ID in a user's mailbox over IMAP.
func countMessageID(t testing.TB, addr, user, pass, mailbox, mid string) int {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(user, pass).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatal(err)
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Message-Id", Value: mid}}}, nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	return len(data.AllUIDs())
}

// runIntakeSuite: mail sent over SMTP reaches the handler through IDLE, once;
// duplicates, auto-replies and bounces; a restart of the IMAP server mid-session.
func runIntakeSuite(t *testing.T, env *mailEnv) {
	h := newMemHandler()
	h.player = env.playerAddr
	var mu sync.Mutex
	var events []EventKind
	cfg := env.watcherConfig(func(e Event) {
		mu.Lock()
		events = append(events, e.Kind)
		mu.Unlock()
	})
	cfg.PollInterval = time.Minute // prove IDLE, not polling, delivers the mail
	cfg.RetryDelay = 100 * time.Millisecond
	w := startWatcher(t, cfg, h)
	player := env.playerAddr
	token := ReplyAddress("pbem", env.domain, "g1", "csa", "abcd2345")
	if !strings.HasPrefix(env.adjAddr, "pbem@") {
		t.Fatalf("adjudicator address must be pbem@…, is %s", env.adjAddr)
	}

	t.Run("orders via IDLE", func(t *testing.T) {
		mid := "orders-1." + env.name + "@example.net"
		start := time.Now()
		if err := sendRaw(env.smtpAddr, player, []string{token}, testMail(player, token, "[g1 csa] orders", mid, "ORDERS\nhardee: seay > rea attack\n")); err != nil {
			t.Fatal(err)
		}
		d, at := h.waitHandled(t, mid)
		t.Logf("%s: from SMTP send to handler called: %v", env.name, at.Sub(start))
		in, err := Decode(d.Raw, nil)
		if err != nil {
			t.Fatal(err)
		}
		if c := Route(in, RouteConfig{LocalPart: "pbem"}); len(c) == 0 || c[0].Token != "abcd2345" {
			t.Errorf("routing lost the token: %+v", c)
		}
		if !strings.Contains(in.Text, "hardee: seay > rea attack") {
			t.Errorf("text: %q", in.Text)
		}
		if !w.Stats().UsingIdle {
			t.Error("server offers IDLE but the watcher polls")
		}
		waitFor(t, "moved to Processed", func() bool { return countMessageID(t, env.imapAddr, env.adjUser, env.adjPass, "Processed", mid) == 1 })
	})

	t.Run("duplicate delivery handled once", func(t *testing.T) {
		mid := "dup-1." + env.name + "@example.net"
		raw := testMail(player, token, "[g1 csa] orders", mid, "ORDERS\nagain\n")
		for i := 0; i < 2; i++ {
			if err := sendRaw(env.smtpAddr, player, []string{token}, raw); err != nil {
				t.Fatal(err)
			}
		}
		h.waitHandled(t, mid)
		waitFor(t, "both copies moved", func() bool { return countMessageID(t, env.imapAddr, env.adjUser, env.adjPass, "Processed", mid) == 2 })
		if n := countOf(h.messageIDs(), mid); n != 1 {
			t.Errorf("handled %d times", n)
		}
	})

	t.Run("auto-reply and bounce are never answered", func(t *testing.T) {
		ar := "ooo-1." + env.name + "@example.net"
		bo := "bounce-1." + env.name + "@example.net"
		if err := sendRaw(env.smtpAddr, player, []string{token}, testMail(player, token, "Out of office", ar, "away\n", "Auto-Submitted: auto-replied")); err != nil {
			t.Fatal(err)
		}
		if err := sendRaw(env.smtpAddr, "", []string{env.adjAddr}, testMail("MAILER-DAEMON@mx.example.net", env.adjAddr, "Undelivered Mail", bo, "failed\n")); err != nil {
			t.Fatal(err)
		}
		h.waitHandled(t, ar)
		h.waitHandled(t, bo)
		h.mu.Lock()
		defer h.mu.Unlock()
		if !strings.Contains(h.ignored[ar], "Auto-Submitted") || !strings.Contains(h.ignored[bo], "bounce") {
			t.Errorf("classified: %v", h.ignored)
		}
	})

	t.Run("spoofed sender is detected", func(t *testing.T) {
		mid := "spoof-1." + env.name + "@example.net"
		mallory := "mallory@example.net"
		if err := sendRaw(env.smtpAddr, mallory, []string{token}, testMail(mallory, token, "[g1 csa] orders", mid, "ORDERS\nretreat everything\n")); err != nil {
			t.Fatal(err)
		}
		h.waitHandled(t, mid)
		h.mu.Lock()
		defer h.mu.Unlock()
		if !slices.Contains(h.alerts, mid) || len(h.alerts) != 1 {
			t.Errorf("alerts %v, want only %s", h.alerts, mid)
		}
	})

	t.Run("handler failure is retried", func(t *testing.T) {
		h.mu.Lock()
		h.failNext = 1
		h.mu.Unlock()
		mid := "retry-1." + env.name + "@example.net"
		if err := sendRaw(env.smtpAddr, player, []string{token}, testMail(player, token, "[g1 csa] status", mid, "STATUS\n")); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "handler error", func() bool { return w.Stats().HandlerErrors >= 1 })
		// The failed mail stays in INBOX and is tried again at the first scan after
		// RetryDelay; the next mail's EXISTS causes one.
		time.Sleep(2 * cfg.RetryDelay)
		mid2 := "retry-2." + env.name + "@example.net"
		if err := sendRaw(env.smtpAddr, player, []string{token}, testMail(player, token, "[g1 csa] status", mid2, "STATUS\n")); err != nil {
			t.Fatal(err)
		}
		h.waitHandled(t, mid2)
		h.waitHandled(t, mid)
	})

	if env.restartIMAP != nil {
		t.Run("IMAP server restarted mid-session", func(t *testing.T) {
			before := w.Stats().Connects
			if err := env.restartIMAP(); err != nil {
				t.Fatal(err)
			}
			mid := "after-restart." + env.name + "@example.net"
			if err := sendRaw(env.smtpAddr, player, []string{token}, testMail(player, token, "[g1 csa] orders", mid, "ORDERS\nafter restart\n")); err != nil {
				t.Fatal(err)
			}
			h.waitHandled(t, mid)
			if got := w.Stats().Connects; got <= before {
				t.Errorf("connects %d, was %d: no reconnect seen", got, before)
			}
		})
	}

	t.Run("nothing handled twice", func(t *testing.T) {
		ids := h.messageIDs()
		sorted := slices.Clone(ids)
		sort.Strings(sorted)
		if len(slices.Compact(sorted)) != len(ids) {
			t.Errorf("a message was handled twice: %v", ids)
		}
	})
}

// runSenderSuite: the outbox drains over SMTP; with the SMTP server down for a
// while nothing is lost or sent twice.
func runSenderSuite(t *testing.T, env *mailEnv) {
	box := newMemOutbox()
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	var ids []string
	for i := 0; i < 5; i++ {
		m := testOutMessage(t)
		m.ID = fmt.Sprintf("%s-out-%d", env.name, i)
		m.To = []Address{{Addr: env.playerAddr}}
		raw, err := Compose(m)
		if err != nil {
			t.Fatal(err)
		}
		box.add(Outgoing{ID: m.ID, From: "pbem@" + env.domain, To: []string{env.playerAddr}, Raw: raw})
		ids = append(ids, m.MessageID())
	}
	s := NewSender(SMTPConfig{Addr: env.smtpAddr, TLS: TLSNone, Timeout: 5 * time.Second})
	s.Logger = quietLogger()
	s.Backoff = func(int) time.Duration { return 0 } // retry at the next pass
	s.Now = func() time.Time { return now }
	s.PollInterval = 50 * time.Millisecond
	if env.stopSMTP != nil {
		if err := env.stopSMTP(); err != nil {
			t.Fatal(err)
		}
	}
	runBackground(t, "Sender.Run", func(ctx context.Context) error { return s.Run(ctx, box) })
	if env.stopSMTP != nil {
		waitFor(t, "connection failures while SMTP is down", func() bool { return s.Stats().ConnectErrors >= 3 })
		if box.sentCount() != 0 {
			t.Fatal("sent while the server was down")
		}
		if err := env.startSMTP(); err != nil {
			t.Fatal(err)
		}
		s.Wake()
	}
	waitFor(t, "outbox drained", func() bool { return box.sentCount() == len(ids) })
	for _, mid := range ids {
		waitFor(t, "delivered to the player's mailbox", func() bool {
			return countMessageID(t, env.imapAddr, env.playerUser, env.playerPass, "INBOX", mid) >= 1
		})
		if n := countMessageID(t, env.imapAddr, env.playerUser, env.playerPass, "INBOX", mid); n != 1 {
			t.Errorf("%s delivered %d times", mid, n)
		}
	}
	if s.Stats().Sent != int64(len(ids)) {
		t.Errorf("stats: %+v", s.Stats())
	}
}

func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func countOf(ids []string, id string) int {
	n := 0
	for _, x := range ids {
		if x == id {
			n++
		}
	}
	return n
}

// memOutbox is an in-memory Outbox with the semantics the store must have.
type memOutbox struct {
	mu      sync.Mutex
	entries []*outEntry
}

type outEntry struct {
	Outgoing
	sent     bool
	gaveUp   bool
	next     time.Time
	lastErr  error
	sentAt   time.Time
	attempts int
}

func newMemOutbox() *memOutbox { return &memOutbox{} }

func (b *memOutbox) add(o Outgoing) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.entries = append(b.entries, &outEntry{Outgoing: o})
}

func (b *memOutbox) Pending(now time.Time, limit int) ([]Outgoing, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []Outgoing
	for _, e := range b.entries {
		if !e.sent && !e.gaveUp && !now.Before(e.next) && len(out) < limit {
			o := e.Outgoing
			o.Attempts = e.attempts
			out = append(out, o)
		}
	}
	return out, nil
}

func (b *memOutbox) find(id string) *outEntry {
	for _, e := range b.entries {
		if e.ID == id {
			return e
		}
	}
	return nil
}

func (b *memOutbox) MarkSent(id string, at time.Time) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.find(id)
	if e == nil {
		return fmt.Errorf("no entry %s", id)
	}
	if e.sent {
		return fmt.Errorf("%s marked sent twice", id)
	}
	e.sent, e.sentAt = true, at
	return nil
}

func (b *memOutbox) MarkFailed(id string, err error, next time.Time) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.find(id)
	if e == nil {
		return fmt.Errorf("no entry %s", id)
	}
	e.attempts++
	e.lastErr = err
	if next.IsZero() {
		e.gaveUp = true
	}
	e.next = next
	return nil
}

func (b *memOutbox) sentCount() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, e := range b.entries {
		if e.sent {
			n++
		}
	}
	return n
}

// benchIdleLatency measures one mail's trip: SMTP submission → mailbox → IDLE
// EXISTS → fetch → Handler.Handle called.
func benchIdleLatency(b *testing.B, env *mailEnv) {
	h := newMemHandler()
	startWatcher(b, env.watcherConfig(nil), h)
	token := ReplyAddress("pbem", env.domain, "g1", "csa", "abcd2345")
	// warm up: the first session and its first scan
	warm := fmt.Sprintf("warm-%d@example.net", time.Now().UnixNano())
	if err := sendRaw(env.smtpAddr, env.playerAddr, []string{token}, testMail(env.playerAddr, token, "warm", warm, "STATUS\n")); err != nil {
		b.Fatal(err)
	}
	h.waitHandled(b, warm)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mid := fmt.Sprintf("lat-%d-%d@example.net", i, time.Now().UnixNano())
		if err := sendRaw(env.smtpAddr, env.playerAddr, []string{token}, testMail(env.playerAddr, token, "[g1 csa] orders", mid, "ORDERS\nhardee: seay > rea attack\n")); err != nil {
			b.Fatal(err)
		}
		h.waitHandled(b, mid)
	}
}

// imapSession logs in as the adjudicator for direct mailbox surgery in tests.
func (e *mailEnv) imapSession(t testing.TB) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(e.imapAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(e.adjUser, e.adjPass).Wait(); err != nil {
		t.Fatal(err)
	}
	return c
}

func appendRaw(t testing.TB, c *imapclient.Client, mailbox, raw string) {
	t.Helper()
	cmd := c.Append(mailbox, int64(len(raw)), nil)
	if _, err := cmd.Write([]byte(raw)); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}

// runUIDValiditySuite: the watched mailbox is deleted and re-created (new
// UIDVALIDITY) and an already-handled mail reappears, as after a restore from
// backup: it is recognised by Message-ID and not handled again.
func runUIDValiditySuite(t *testing.T, env *mailEnv) {
	mbox := fmt.Sprintf("Orders%d", time.Now().UnixNano()%100000)
	c := env.imapSession(t)
	defer c.Close()
	if err := c.Create(mbox, nil).Wait(); err != nil {
		t.Fatal(err)
	}
	m1 := testMail(env.playerAddr, env.adjAddr, "[g1 csa] orders", "uv-1."+mbox+"@example.net", "ORDERS\nfirst\n")
	appendRaw(t, c, mbox, m1)
	h := newMemHandler()
	var uvEvents atomic.Int64
	cfg := env.watcherConfig(func(e Event) {
		if e.Kind == EventUIDValidity {
			uvEvents.Add(1)
		}
	})
	cfg.Mailbox = mbox
	cfg.PollInterval = 200 * time.Millisecond
	w := startWatcher(t, cfg, h)
	h.waitHandled(t, "uv-1."+mbox+"@example.net")
	uv1 := w.Stats().UIDValidity
	if err := c.Delete(mbox).Wait(); err != nil {
		t.Fatal(err)
	}
	if err := c.Create(mbox, nil).Wait(); err != nil {
		t.Fatal(err)
	}
	appendRaw(t, c, mbox, m1)
	appendRaw(t, c, mbox, testMail(env.playerAddr, env.adjAddr, "[g1 csa] orders", "uv-2."+mbox+"@example.net", "ORDERS\nsecond\n"))
	h.waitHandled(t, "uv-2."+mbox+"@example.net")
	waitFor(t, "the restored copy moved", func() bool { return w.Stats().AlreadySeen >= 1 })
	if n := countOf(h.messageIDs(), "uv-1."+mbox+"@example.net"); n != 1 {
		t.Errorf("restored mail handled %d times", n)
	}
	if st := w.Stats(); st.UIDValidity == uv1 || uvEvents.Load() == 0 {
		t.Errorf("UIDVALIDITY change not noticed: %d -> %d, %d events", uv1, st.UIDValidity, uvEvents.Load())
	}
}

// benchRoundTrip measures the transport's share of an hour's round trip: a player's
// mail is submitted, the handler (standing in for the engine, which adds nothing
// here) composes an answer into the outbox and wakes the Sender, and the answer is
// accepted by the SMTP server.
func benchRoundTrip(b *testing.B, env *mailEnv) {
	box := newMemOutbox()
	snd := NewSender(SMTPConfig{Addr: env.smtpAddr})
	snd.Logger = quietLogger()
	sent := make(chan string, 16)
	snd.OnSent = func(id string) { sent <- id }
	h := &replyingHandler{memHandler: newMemHandler(), box: box, snd: snd, t: b, env: env}
	startWatcher(b, env.watcherConfig(nil), h)
	runBackground(b, "Sender.Run", func(ctx context.Context) error { return snd.Run(ctx, box) })
	token := ReplyAddress("pbem", env.domain, "g1", "csa", "abcd2345")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mid := fmt.Sprintf("rt-%d-%d@example.net", i, time.Now().UnixNano())
		if err := sendRaw(env.smtpAddr, env.playerAddr, []string{token}, testMail(env.playerAddr, token, "[g1 csa] orders", mid, "ORDERS\n")); err != nil {
			b.Fatal(err)
		}
		select {
		case <-sent:
		case <-time.After(waitLimit):
			b.Fatal("no answer sent")
		}
	}
}

// replyingHandler answers every mail with a composed receipt in the outbox.
type replyingHandler struct {
	*memHandler
	box *memOutbox
	snd *Sender
	t   testing.TB
	env *mailEnv
}

func (h *replyingHandler) Handle(ctx context.Context, d Delivery) error {
	if err := h.memHandler.Handle(ctx, d); err != nil {
		return err
	}
	in, err := Decode(d.Raw, nil)
	if err != nil {
		return err
	}
	irt, refs := ReplyThreading(in, ThreadRootID("g1", h.env.domain))
	raw, err := Compose(OutMessage{ID: "receipt-" + in.MessageID, IDDomain: h.env.domain, From: Address{Addr: h.env.adjAddr},
		To: []Address{in.From}, Subject: "Re: " + in.Subject, Date: time.Now(), InReplyTo: irt, References: refs,
		Text: "Receipt: orders accepted.\n"})
	if err != nil {
		return err
	}
	h.box.add(Outgoing{ID: "receipt-" + in.MessageID, From: h.env.adjAddr, To: []string{in.From.Addr}, Raw: raw})
	h.snd.Wake()
	return nil
}

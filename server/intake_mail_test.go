package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

// replyDesk is a server and its store without any mail server: mails are handed to
// Handle as the watcher would, and what the server answers is read from the
// outbox. Hour mails are drawn at once.
type replyDesk struct {
	t   *testing.T
	st  *store.Store
	srv *Server
	uid uint32
	now time.Time
}

func newReplyDesk(t *testing.T, adjust func(*Config)) *replyDesk {
	t.Helper()
	d := &replyDesk{t: t, now: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	clock := func() time.Time { return d.now }
	st, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), &store.Options{Now: clock, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg := Config{Registry: testRules, Address: "pbem@" + testDomain, Logger: testLogger(t), Now: clock}
	if adjust != nil {
		adjust(&cfg)
	}
	if d.srv, err = New(st, cfg); err != nil {
		t.Fatal(err)
	}
	d.st = st
	return d
}

// outbox returns the game's queued mails whose kind starts with prefix, decoded.
func (d *replyDesk) outbox(game, prefix string) []*mail.Inbound {
	d.t.Helper()
	return outMails(d.t, d.st, game, prefix)
}

// last is the newest queued mail of a kind; the test fails without one.
func (d *replyDesk) last(game, prefix string) *mail.Inbound {
	d.t.Helper()
	l := d.outbox(game, prefix)
	if len(l) == 0 {
		d.t.Fatalf("no %s mail queued", prefix)
	}
	return l[len(l)-1]
}

// reply hands the server a plain-text reply to one of its mails, as a client
// threads it (In-Reply-To and References), from the player from.
func (d *replyDesk) reply(from string, to *mail.Inbound, body string, extra ...string) {
	d.t.Helper()
	d.uid++
	var h strings.Builder
	fmt.Fprintf(&h, "From: %s\r\nTo: %s\r\nSubject: Re: %s\r\nMessage-ID: <reply-%d@player.test>\r\n", from, replyTo(d.t, to), to.Subject, d.uid)
	fmt.Fprintf(&h, "In-Reply-To: <%s>\r\nReferences: %s\r\n", to.MessageID, refs(to))
	for _, e := range extra {
		h.WriteString(e + "\r\n")
	}
	h.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
	h.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	if err := d.srv.Handle(context.Background(), mail.Delivery{UIDValidity: 1, UID: d.uid,
		MessageID: fmt.Sprintf("reply-%d@player.test", d.uid), Raw: []byte(h.String())}); err != nil {
		d.t.Fatal(err)
	}
}

func refs(in *mail.Inbound) string {
	var b strings.Builder
	for _, r := range append(append([]string(nil), in.References...), in.MessageID) {
		b.WriteString("<" + r + "> ")
	}
	return strings.TrimSpace(b.String())
}

// startGame creates a running game g1 and returns the CSA player's first hour mail.
func (d *replyDesk) startGame() *mail.Inbound {
	d.t.Helper()
	if _, err := d.srv.CreateGame(context.Background(), NewGame{ID: "g1", Scenario: "shiloh1862",
		USA: "alice@" + testDomain, CSA: "bob@" + testDomain}); err != nil {
		d.t.Fatal(err)
	}
	return d.last("g1", "hour-h0-csa")
}

// Yahoo Mail and others copy the mail they answer below the reply without any
// quote mark: the copy's order form (ORDERS … END) must not win over the orders
// the player wrote above it.
func TestUnmarkedCopyOfHourMailIsNotOrders(t *testing.T) {
	d := newReplyDesk(t, nil)
	first := d.startGame()
	var copy strings.Builder
	for _, l := range strings.Split(first.Text, "\n") {
		copy.WriteString(" " + l + "\n") // Yahoo's plain text: indented by a space
	}
	d.reply("bob@"+testDomain, first, "activate hardee\n\nSent from Yahoo Mail on Android\n\n"+
		"  On Saturday, 21 November 2026, 09:00:00 GMT, Shiloh PBEM <"+replyTo(t, first)+"> wrote:\n\n"+copy.String())
	rc := d.last("g1", "receipt-")
	if !strings.Contains(rc.Text, "activate") || strings.Contains(rc.Text, "no orders") {
		t.Fatalf("the player's orders were lost to the copied form:\n%s", rc.Text)
	}
	if strings.Contains(rc.Text, "ERR") {
		t.Errorf("the copy was read as orders:\n%s", rc.Text)
	}
}

// playFirstHour has both sides answer the first hour mails; with no change of
// mind the hour resolves and Day 1 8AM opens. It returns CSA's first mail.
func (d *replyDesk) playFirstHour() *mail.Inbound {
	d.t.Helper()
	first := d.startGame()
	d.reply("bob@"+testDomain, first, "activate hardee\n")
	d.reply("alice@"+testDomain, d.last("g1", "hour-h0-usa"), "at all: hold\n")
	d.last("g1", "hour-h1-csa") // the hour was played and its mails drawn
	return first
}

// orderSets is how many order sets the side has for an hour.
func (d *replyDesk) orderSets(hour int, side string) int {
	d.t.Helper()
	n := 0
	if err := d.st.View(func(tx *store.Tx) error {
		h, err := tx.Hour("g1", hour)
		if err != nil {
			return err
		}
		n = len(h.OrderSets[side])
		return nil
	}); err != nil {
		d.t.Fatal(err)
	}
	return n
}

// A reply to an earlier hour's mail (In-Reply-To and References name it) was
// used for the hour now open without a word. By default it is refused with a
// clear answer, and nothing is stored as orders; the mail stays in the archive.
func TestReplyToPlayedHourRefused(t *testing.T) {
	d := newReplyDesk(t, nil)
	first := d.playFirstHour()
	d.reply("bob@"+testDomain, first, "activate bragg\n")
	if n := d.orderSets(1, "csa"); n != 0 {
		t.Fatalf("orders written for Day 1 7AM were stored for Day 1 8AM (%d sets)", n)
	}
	if l := d.outbox("g1", "receipt-h1"); len(l) != 0 {
		t.Fatalf("a receipt for Day 1 8AM was sent:\n%s", l[0].Text)
	}
	no := d.last("g1", "played-")
	for _, w := range []string{"Day 1 7AM", "already", "Day 1 8AM", "not read as orders"} {
		if !strings.Contains(no.Subject+"\n"+no.Text, w) {
			t.Errorf("the refusal does not say %q:\n%s\n%s", w, no.Subject, no.Text)
		}
	}
	// The reply to the mail of the hour now open is taken, and its receipt says
	// which mail it answered.
	d.reply("bob@"+testDomain, d.last("g1", "hour-h1-csa"), "activate bragg\n")
	rc := d.last("g1", "receipt-h1")
	if !strings.Contains(rc.Text, "Your mail answers the mail for Day 1 8AM.") {
		t.Errorf("the receipt does not say which mail was answered:\n%s", rc.Text)
	}
}

// With accept_replies_to_played_hours the orders are read for the hour now
// open, and the receipt says the mail answered an earlier hour.
func TestReplyToPlayedHourAccepted(t *testing.T) {
	d := newReplyDesk(t, func(c *Config) { c.AcceptPlayedHourReplies = true })
	first := d.playFirstHour()
	d.reply("bob@"+testDomain, first, "activate bragg\n")
	if n := d.orderSets(1, "csa"); n != 1 {
		t.Fatalf("%d order sets for Day 1 8AM, want 1", n)
	}
	rc := d.last("g1", "receipt-h1")
	if !strings.Contains(rc.Text, "Your mail answers the mail for Day 1 7AM, which has been played; it was read as orders for Day 1 8AM.") {
		t.Errorf("the receipt does not say the mail answered Day 1 7AM:\n%s", rc.Text)
	}
}

// A receipt counts the player's own lines: the 3rd line written below a quote
// is "line 3", not its line in the whole mail.
func TestReceiptLineNumbersCountOwnLines(t *testing.T) {
	d := newReplyDesk(t, nil)
	first := d.startGame()
	var quote strings.Builder
	for _, l := range strings.Split(first.Text, "\n") {
		quote.WriteString("> " + l + "\n")
	}
	d.reply("bob@"+testDomain, first, "On Sat, 21 Nov 2026 at 09:00, Shiloh PBEM <"+replyTo(t, first)+"> wrote:\n"+
		quote.String()+"\nactivate hardee\nat all: hold\nfly to the moon\n")
	rc := d.last("g1", "receipt-")
	if !strings.Contains(rc.Text, "line 3: fly to the moon") {
		t.Errorf("the error is not on the player's 3rd line:\n%s", rc.Text)
	}
}

// Every receipt says when the hour now open resolves: at the deadline, at the
// end of the change of mind once both sides' orders are in, or, without a
// deadline, once they are.
func TestReceiptSaysWhenTheHourResolves(t *testing.T) {
	t.Run("no deadline", func(t *testing.T) {
		d := newReplyDesk(t, nil)
		d.reply("bob@"+testDomain, d.startGame(), "activate hardee\n")
		if rc := d.last("g1", "receipt-"); !strings.Contains(rc.Text, "Day 1 7AM resolves once both sides' orders are in (there is no deadline).") {
			t.Errorf("receipt:\n%s", rc.Text)
		}
	})
	t.Run("deadline, then change of mind", func(t *testing.T) {
		d := newReplyDesk(t, func(c *Config) { c.HourLength = 48 * time.Hour; c.ChangeOfMind = 10 * time.Minute })
		first := d.startGame()
		d.reply("bob@"+testDomain, first, "activate hardee\n")
		if rc := d.last("g1", "receipt-"); !strings.Contains(rc.Text,
			"Day 1 7AM resolves at the deadline, Mon 23 Nov 2026 09:00 UTC, or sooner once both sides' orders are in.") {
			t.Errorf("first receipt:\n%s", rc.Text)
		}
		d.now = d.now.Add(5 * time.Minute)
		d.reply("alice@"+testDomain, d.last("g1", "hour-h0-usa"), "at all: hold\n")
		rc := d.outbox("g1", "receipt-")
		if got := rc[len(rc)-1]; !strings.Contains(got.Text, "Both sides' orders are in: Day 1 7AM resolves at Sat 21 Nov 2026 09:15 UTC.") {
			t.Errorf("second receipt:\n%s", got.Text)
		}
	})
}

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

// desk is a server and its store without any mail server: mails are handed to
// Handle as the watcher would, and what the server answers is read from the
// outbox. Hour mails are drawn at once.
type desk struct {
	t   *testing.T
	st  *store.Store
	srv *Server
	uid uint32
	now time.Time
}

func newDesk(t *testing.T, adjust func(*Config)) *desk {
	t.Helper()
	d := &desk{t: t, now: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
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
func (d *desk) outbox(game, prefix string) []*mail.Inbound {
	d.t.Helper()
	var out []*mail.Inbound
	if err := d.st.View(func(tx *store.Tx) error {
		msgs, err := tx.OutboxMessages(game)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if !strings.HasPrefix(m.Kind, prefix) || m.Raw == nil {
				continue
			}
			in, err := mail.Decode(m.Raw, &mail.DecodeOptions{MaxBytes: -1})
			if err != nil {
				return err
			}
			out = append(out, in)
		}
		return nil
	}); err != nil {
		d.t.Fatal(err)
	}
	return out
}

// last is the newest queued mail of a kind; the test fails without one.
func (d *desk) last(game, prefix string) *mail.Inbound {
	d.t.Helper()
	l := d.outbox(game, prefix)
	if len(l) == 0 {
		d.t.Fatalf("no %s mail queued", prefix)
	}
	return l[len(l)-1]
}

// reply hands the server a plain-text reply to one of its mails, as a client
// threads it (In-Reply-To and References), from the player from.
func (d *desk) reply(from string, to *mail.Inbound, body string, extra ...string) {
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
func (d *desk) startGame() *mail.Inbound {
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
	d := newDesk(t, nil)
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

// A receipt counts the player's own lines: the 3rd line written below a quote
// is "line 3", not its line in the whole mail.
func TestReceiptLineNumbersCountOwnLines(t *testing.T) {
	d := newDesk(t, nil)
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

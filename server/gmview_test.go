package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
)

// gmGame is a server on a fake clock, without mail servers, with gm@club.test as
// the club's GM and game "g1" started with a 48-hour deadline.
func gmGame(t *testing.T, adjust func(*Config, *NewGame)) (*Server, *store.Store, *fakeClock) {
	t.Helper()
	clk := newFakeClock()
	st, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), &store.Options{Now: clk.Now, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg := Config{Registry: testRules, Address: "pbem@club.test", Now: clk.Now, GMs: []string{"gm@club.test"},
		GMSecrets: map[string]string{"gm@club.test": gmPass}, Logger: testLogger(t)}
	req := NewGame{ID: "g1", USA: "alice@club.test", CSA: "bob@club.test", GM: "gm@club.test",
		Deadline: schedule.Policy{HourLength: 48 * time.Hour}}
	if adjust != nil {
		adjust(&cfg, &req)
	}
	srv, err := New(st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.CreateGame(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	return srv, st, clk
}

// outMails decodes a game's queued mails whose kind starts with prefix, in queue
// order.
func outMails(t *testing.T, st *store.Store, game, prefix string) []*mail.Inbound {
	t.Helper()
	var out []*mail.Inbound
	if err := st.View(func(tx *store.Tx) error {
		msgs, err := tx.OutboxMessages(game)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if !strings.HasPrefix(m.Kind, prefix) {
				continue
			}
			in, err := mail.Decode(m.Raw, nil)
			if err != nil {
				return err
			}
			out = append(out, in)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// lastOut is the newest of outMails, failing the test when there is none.
func lastOut(t *testing.T, st *store.Store, game, prefix string) *mail.Inbound {
	t.Helper()
	ms := outMails(t, st, game, prefix)
	if len(ms) == 0 {
		t.Fatalf("no %s mail queued for game %s", prefix, game)
	}
	return ms[len(ms)-1]
}

// deliver hands the server one mail as the watcher would.
func deliver(t *testing.T, srv *Server, uid uint32, from, to, subject, body string) {
	t.Helper()
	raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <m%d@client.example>\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\n%s", from, to, subject, uid, strings.ReplaceAll(body, "\n", "\r\n"))
	if err := srv.Handle(context.Background(), mail.Delivery{UIDValidity: 1, UID: uid,
		MessageID: fmt.Sprintf("m%d@client.example", uid), Raw: []byte(raw)}); err != nil {
		t.Fatal(err)
	}
}

// The GM's hour mail is a summary, not an order form: who sent orders for the
// hour played and when, what is due for the hour now open and by when, the GM's
// full map, and the GM commands. A GM who replies to it with orders is told that
// GMs send none.
func TestGMHourMailIsASummary(t *testing.T) {
	srv, st, clk := gmGame(t, nil)
	first := lastOut(t, st, "g1", "hour-h0-gm")
	toyHasNot(t, "GM's first mail", first.Subject, "orders due")
	toyHasNot(t, "GM's first mail", first.Text, "Reply to this mail with your orders", "ORDERS FOR")
	toyHas(t, "GM's first mail", first.Text, "GM summary", "NOW OPEN: Day 1 7AM", "USA: orders due by Wed 7 Jan 2026 09:00",
		"CSA: orders due by", "EXTEND", "FORCE", "PASSPHRASE")

	clk.Advance(time.Hour)
	sendOrders(t, srv, st, "g1", adjudicator.USA, "at all: hold\n", "u1@club.test")
	clk.Advance(time.Hour)
	sendOrders(t, srv, st, "g1", adjudicator.USA, "activate sherman\n", "u2@club.test")
	sendOrders(t, srv, st, "g1", adjudicator.CSA, "activate hardee\n", "c1@club.test")
	if ok, err := srv.ResolveIfReady(context.Background(), "g1"); err != nil || !ok {
		t.Fatalf("resolve: %v %v", ok, err)
	}
	m := lastOut(t, st, "g1", "hour-h1-gm")
	toyHasNot(t, "GM's hour mail", m.Subject, "orders due")
	toyHasNot(t, "GM's hour mail", m.Text, "Reply to this mail with your orders", "ORDERS FOR Day 1 8AM")
	toyHas(t, "GM's hour mail", m.Subject, "GM summary", "Day 1 7AM results, Day 1 8AM")
	toyHas(t, "GM's hour mail", m.Text, "RESULTS OF Day 1 7AM", "USA: version 2, received Mon 5 Jan 2026 11:00",
		"CSA: version 1, received Mon 5 Jan 2026 11:00", "NOW OPEN: Day 1 8AM", "orders due by Wed 7 Jan 2026 11:00",
		"ROLLBACK", "PREDICT")
	if len(m.Attachments) == 0 || !strings.HasSuffix(m.Attachments[0].Filename, "-gm.png") {
		t.Errorf("GM's hour mail carries no map: %+v", m.Attachments)
	}

	// The GM answers the hour mail with orders: told, not ignored.
	deliver(t, srv, 1, "gm@club.test", "pbem@club.test", "Re: "+m.Subject, "activate grant\nat all: hold\n")
	ans := outMails(t, st, "g1", "gm-no-orders")
	if len(ans) != 1 {
		t.Fatalf("GM's reply with orders got %d answers, want 1", len(ans))
	}
	toyHas(t, "answer to the GM's orders", ans[0].Text, "GMs do not send orders", "g1", "EXTEND")
	if h := hourRec(t, st, "g1", 1); len(h.OrderSets["usa"])+len(h.OrderSets["csa"]) != 0 {
		t.Errorf("the GM's orders were stored: %+v", h.OrderSets)
	}
}

func hourRec(t *testing.T, st *store.Store, game string, n int) *store.HourRecord {
	t.Helper()
	var h *store.HourRecord
	if err := st.View(func(tx *store.Tx) error {
		var err error
		h, err = tx.Hour(game, n)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return h
}

// A side that missed the hour (NMR) is named in the GM's results mail and in its
// opponent's, each saying that its blocks were played by standing orders.
func TestNMRToldToGMAndOpponent(t *testing.T) {
	srv, st, clk := gmGame(t, nil)
	sendOrders(t, srv, st, "g1", adjudicator.USA, "at all: hold\n", "u1@club.test")
	clk.Advance(49 * time.Hour)
	if ok, err := srv.ResolveIfReady(context.Background(), "g1"); err != nil || !ok {
		t.Fatalf("resolve at the deadline: %v %v", ok, err)
	}
	toyHas(t, "GM's results", lastOut(t, st, "g1", "hour-h1-gm").Text,
		"CSA: NO ORDERS (NMR): played by its standing orders", "USA: version 1, received")
	usa := lastOut(t, st, "g1", "hour-h1-usa")
	toyHas(t, "USA's results", usa.Text,
		"Your opponent (CSA) sent no orders for Day 1 7AM: its blocks held and fought by standing orders (NMR).")
	csa := lastOut(t, st, "g1", "hour-h1-csa")
	toyHas(t, "CSA's results", csa.Text, "No orders were received from you for Day 1 7AM")
	toyHasNot(t, "CSA's results", csa.Text, "Your opponent")
	toyHasNot(t, "USA's results", usa.Text, "No orders were received from you")
}

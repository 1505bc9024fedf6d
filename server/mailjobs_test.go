package server

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
)

// outboxKinds lists the kinds of a game's queued mail, in queue order, and the
// number of mail jobs still to do.
func outboxKinds(t *testing.T, st *store.Store, game string) (kinds []string, jobs int) {
	t.Helper()
	if err := st.View(func(tx *store.Tx) error {
		msgs, err := tx.OutboxMessages(game)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			kinds = append(kinds, m.Kind)
		}
		js, err := tx.MailJobs()
		jobs = len(js)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return kinds, jobs
}

func sendOrders(t *testing.T, srv *Server, st *store.Store, game string, sd adjudicator.Side, text, msgID string) {
	t.Helper()
	if err := st.Update(func(tx *store.Tx) error {
		g, err := tx.Game(game)
		if err != nil {
			return err
		}
		in := &mail.Inbound{From: mail.Address{Addr: g.Players[sideKey(sd)].Address}, Text: text, MessageID: msgID,
			References: []string{"earlier@client.example"}}
		_, err = srv.takeOrders(tx, g, sd, in, 0)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// The hour commits with the job of its mails, and the maps are drawn after.
// A daemon killed in between (here: a server whose composer never ran) leaves
// the jobs; the next daemon draws and queues every mail once, in order.
func TestHourMailsSurviveACrash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.db")
	st, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	dead, err := New(st, Config{Registry: testRules, Address: "pbem@club.test"})
	if err != nil {
		t.Fatal(err)
	}
	dead.composing.Store(true) // its composer would draw later; it never does
	if _, err := dead.CreateGame(ctx, NewGame{ID: "c1", USA: "alice@club.test", CSA: "bob@club.test", GM: "gm@club.test"}); err != nil {
		t.Fatal(err)
	}
	sendOrders(t, dead, st, "c1", adjudicator.USA, "at all: hold\n", "u1@club.test")
	sendOrders(t, dead, st, "c1", adjudicator.CSA, "activate hardee\n", "c1@club.test")
	if ok, err := dead.ResolveIfReady(ctx, "c1"); err != nil || !ok {
		t.Fatalf("resolve: %v %v", ok, err)
	}
	kinds, jobs := outboxKinds(t, st, "c1")
	if jobs != 2 || strings.Contains(strings.Join(kinds, " "), "hour-") {
		t.Fatalf("before the composer ran: %d jobs, outbox %v; want 2 jobs and no hour mail", jobs, kinds)
	}

	next, err := New(st, Config{Registry: testRules, Address: "pbem@club.test"})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second flush finds nothing left to do
		if err := next.FlushMail(ctx); err != nil {
			t.Fatal(err)
		}
	}
	kinds, jobs = outboxKinds(t, st, "c1")
	var hour []string
	for _, k := range kinds {
		if strings.HasPrefix(k, "hour-") {
			hour = append(hour, k)
		}
	}
	want := "hour-h0-usa hour-h0-csa hour-h0-gm hour-h1-usa hour-h1-csa hour-h1-gm"
	if jobs != 0 || strings.Join(hour, " ") != want {
		t.Fatalf("after the restart: %d jobs, hour mails %v; want none left and %s", jobs, hour, want)
	}
	// The results mail is the stored hour's: it reveals the committed seed.
	if err := st.View(func(tx *store.Tx) error {
		h, err := tx.Hour("c1", 0)
		if err != nil {
			return err
		}
		msgs, err := tx.OutboxMessages("c1")
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if m.Kind != "hour-h1-usa" {
				continue
			}
			in, err := mail.Decode(m.Raw, nil)
			if err != nil {
				return err
			}
			if !strings.Contains(in.Text, "RESULTS OF Day 1 7AM") || !strings.Contains(in.Text, fmt.Sprintf("%x", h.Seed)) {
				t.Errorf("results mail drawn after the restart:\n%s", in.Text)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// A receipt answers the player's own mail: In-Reply-To its Message-ID, and
// References with the game's thread first, then the player's.
func TestReceiptThreadsUnderTheOrders(t *testing.T) {
	srv, st := playHours(t, 0, "shiloh1862")
	sendOrders(t, srv, st, "v1", adjudicator.CSA, "activate hardee\n", "orders-7@phone.example")
	if err := st.View(func(tx *store.Tx) error {
		msgs, err := tx.OutboxMessages("v1")
		if err != nil {
			return err
		}
		m := msgs[len(msgs)-1]
		if !strings.HasPrefix(m.Kind, "receipt-") {
			t.Fatalf("last mail is %s, want the receipt", m.Kind)
		}
		in, err := mail.Decode(m.Raw, nil)
		if err != nil {
			return err
		}
		if len(in.InReplyTo) != 1 || in.InReplyTo[0] != "orders-7@phone.example" {
			t.Errorf("receipt In-Reply-To %q", in.InReplyTo)
		}
		root := mail.ThreadRootID("v1", srv.idDomain)
		if len(in.References) != 3 || in.References[0] != root || in.References[1] != "earlier@client.example" ||
			in.References[2] != "orders-7@phone.example" {
			t.Errorf("receipt References %v", in.References)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// RESEND draws the side's last hour mail again from the stored hours: sent
// mail keeps no bytes, and the new copy says what the first one said.
func TestResendRedrawsTheLastHourMail(t *testing.T) {
	srv, st := playHours(t, 2, "shiloh1862")
	if err := st.Update(func(tx *store.Tx) error {
		g, err := tx.Game("v1")
		if err != nil {
			return err
		}
		return srv.queueResend(tx, g, adjudicator.CSA)
	}); err != nil {
		t.Fatal(err)
	}
	if err := srv.FlushMail(context.Background()); err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	if err := st.View(func(tx *store.Tx) error {
		msgs, err := tx.OutboxMessages("v1")
		if err != nil {
			return err
		}
		for _, m := range msgs {
			in, err := mail.Decode(m.Raw, nil)
			if err != nil {
				return err
			}
			texts[m.Kind] = in.Text
			if strings.HasPrefix(m.Kind, "resend-") {
				texts["resend"] = in.Text
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	orig := texts["hour-h2-csa"]
	if orig == "" || texts["resend"] != orig {
		t.Fatalf("resend differs from the hour mail it repeats:\n--- hour-h2-csa\n%s\n--- resend\n%s", orig, texts["resend"])
	}
}

// A job whose mails cannot be drawn stays for a later try, while the jobs
// behind it are done; FlushMail then says so instead of trying again for ever.
func TestFlushMailStopsAtAJobItCannotDraw(t *testing.T) {
	srv, st := playHours(t, 0, "shiloh1862")
	if err := st.Update(func(tx *store.Tx) error {
		g, err := tx.Game("v1")
		if err != nil {
			return err
		}
		bad := *g
		bad.ID, bad.Scenario = "broken", "no-such-scenario"
		if err := addJob(tx, hourJob{Game: &bad, Played: -1, Open: 0}); err != nil {
			return err
		}
		hj, _, err := lastHourJob(tx, g)
		if err != nil {
			return err
		}
		hj.To, hj.Tag = "usa", "resend-usa"
		return addJob(tx, hj)
	}); err != nil {
		t.Fatal(err)
	}
	err := srv.FlushMail(context.Background())
	if err == nil || !strings.Contains(err.Error(), "1 hour mail jobs could not be drawn") {
		t.Fatalf("FlushMail = %v, want the one job it could not draw", err)
	}
	kinds, jobs := outboxKinds(t, st, "v1")
	if jobs != 1 || !strings.HasPrefix(kinds[len(kinds)-1], "resend-usa-") {
		t.Fatalf("after the flush: %d jobs left, outbox %v; want the broken job left and the resend queued", jobs, kinds)
	}
}

// In the daemon the composer draws no more maps while the outbox holds
// MaxQueuedMaps of them: a storm's mails wait as small jobs, not as drawn
// megabytes in the store, until the sender has made room.
func TestComposerWaitsForTheSender(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := New(st, Config{Registry: testRules, Address: "pbem@club.test", DeferHourMail: true, MaxQueuedMaps: 3})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, id := range []string{"w1", "w2", "w3", "w4"} {
		if _, err := srv.CreateGame(ctx, NewGame{ID: id, USA: "alice@club.test", CSA: "bob@club.test", GM: "gm@club.test"}); err != nil {
			t.Fatal(err)
		}
	}
	srv.composing.Store(true) // as under Run
	done := make(chan error, 1)
	go func() { done <- srv.FlushMail(ctx) }()
	queued := func() int {
		n := 0
		st.View(func(tx *store.Tx) error { n = tx.BulkDepth(); return nil })
		return n
	}
	sent := 0
	for {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			if sent+queued() != 12 {
				t.Fatalf("%d maps sent and %d queued, want 12 in all", sent, queued())
			}
			return
		case <-time.After(300 * time.Millisecond):
		}
		// The composer has had time to draw all four games; it may not have.
		// Two workers may each pass the check before either queues.
		if n := queued(); n > 3+3 {
			t.Fatalf("%d maps queued, bound 3 (plus one game per other worker)", n)
		}
		sent += markAllSent(t, st)
	}
}

// The daemon wakes at a game's deadline, not at its next tick: here the tick is
// an hour away and the deadline a second and a half.
func TestRunWakesAtTheDeadline(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := New(st, Config{Registry: testRules, Address: "pbem@club.test"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, err := srv.CreateGame(ctx, NewGame{ID: "d1", USA: "alice@club.test", CSA: "bob@club.test",
		Deadline: schedule.Policy{HourLength: 1500 * time.Millisecond}}); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); _ = srv.Run(ctx, time.Hour) }()
	defer func() { cancel(); <-done }()
	for guard := time.Now().Add(hangGuard * 20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var hour int
		if err := st.View(func(tx *store.Tx) error {
			g, err := tx.Game("d1")
			hour = g.CurrentHour
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if hour > 0 {
			return
		}
		if time.Now().After(guard) {
			t.Fatal("the hour did not resolve at its deadline (the next tick is an hour away)")
		}
	}
}

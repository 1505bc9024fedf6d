package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/mail/mailtest"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
)

// busyStore makes a club's store after a season's start: games running, each
// with its hour open, and sent mail in the sent index. The store syncs to disk
// as the daemon's does. Hour mails are not drawn (nothing here reads them).
func busyStore(b *testing.B, games, sentMails int) (*Server, *store.Store, []*store.Game) {
	b.Helper()
	st, err := store.Open(filepath.Join(b.TempDir(), "pbem.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	srv, err := New(st, Config{Registry: testRules, Address: "pbem@" + testDomain, DeferHourMail: true})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	gs := make([]*store.Game, games)
	for i := range gs {
		if gs[i], err = srv.CreateGame(ctx, NewGame{ID: fmt.Sprintf("s%04d", i), USA: fmt.Sprintf("u%d@club.test", i),
			CSA: fmt.Sprintf("c%d@club.test", i)}); err != nil {
			b.Fatal(err)
		}
	}
	body := make([]byte, 2048)
	for i := range body {
		body[i] = 'x'
	}
	const perTx = 1000
	for done := 0; done < sentMails; done += perTx {
		if err := st.Update(func(tx *store.Tx) error {
			for k := done; k < min(done+perTx, sentMails); k++ {
				g := gs[k%games]
				raw := append([]byte(fmt.Sprintf("Message-Id: <%s.m%d@bench>\r\n\r\n", g.ID, k)), body...)
				id, err := tx.EnqueueOutbox(&store.OutMsg{Game: g.ID, Kind: fmt.Sprintf("bench-%d", k), To: []string{"x@club.test"}, Raw: raw})
				if err != nil {
					return err
				}
				if err := tx.MarkSent(id, tx.Now()); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			b.Fatal(err)
		}
	}
	return srv, st, gs
}

// BenchmarkReceiptBusyStore: one player's orders, as a mail the watcher hands
// over, to the receipt queued, in a store holding 1,000 games and 20,000 sent
// mails. The alarm is the bound of 50 ms (a receipt must arrive within a
// second end to end).
func BenchmarkReceiptBusyStore(b *testing.B) {
	srv, _, gs := busyStore(b, 1000, 20000)
	ctx := context.Background()
	var total, worst time.Duration
	i := 0
	for b.Loop() {
		g := gs[(i*37)%len(gs)] // spread over the store, not one hot game
		to := mail.ReplyAddress("pbem", testDomain, g.ID, "usa", g.Players["usa"].Token)
		mid := fmt.Sprintf("orders-%d@phone.example", i)
		raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: Re: orders\r\nMessage-ID: <%s>\r\n"+
			"Content-Type: text/plain; charset=utf-8\r\n\r\nat all: withdraw if weaker\r\nsupply: sherman\r\n",
			g.Players["usa"].Address, to, mid)
		t0 := time.Now()
		if err := srv.Handle(ctx, mail.Delivery{UIDValidity: 1, UID: uint32(i + 1), MessageID: mid, Raw: []byte(raw)}); err != nil {
			b.Fatal(err)
		}
		d := time.Since(t0)
		total += d
		worst = max(worst, d)
		i++
	}
	mean := total / time.Duration(i)
	b.ReportMetric(float64(mean.Microseconds())/1000, "ms/receipt")
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	if mean > 50*time.Millisecond {
		b.Errorf("ALARM: a receipt takes %v to queue in a busy store (bound 50 ms)", mean)
	}
}

// BenchmarkDeadlineStorm: N games (PBEM_STORM_GAMES, default 100) reach their
// deadline at once, with the daemon's parts running against the in-process
// mail server: the resolver and its composer, the sender and the watcher. It
// reports games resolved and mailed per second (until the SMTP server has every
// hour mail) and the receipt latency of one player's orders sent while the storm
// is under way, from the mail's delivery to the receipt accepted by SMTP.
func BenchmarkDeadlineStorm(b *testing.B) {
	n := 100
	if v := os.Getenv("PBEM_STORM_GAMES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 2 {
			b.Fatalf("PBEM_STORM_GAMES=%q: want a number of games ≥ 2", v)
		}
	}
	for b.Loop() {
		b.StopTimer()
		s := newStorm(b, n)
		b.StartTimer()
		perSec, receipt := s.run(b)
		b.ReportMetric(perSec, "games/s")
		b.ReportMetric(float64(receipt.Milliseconds()), "receipt-ms")
		if receipt > 5*time.Second {
			b.Errorf("ALARM: a receipt took %v during a storm of %d games (bound 5 s)", receipt, n)
		}
	}
}

// storm is a store of n running games whose deadline has passed, and the
// daemon's parts ready to run.
type storm struct {
	n      int
	ms     *mailtest.Server
	st     *store.Store
	srv    *Server
	sender *mail.Sender
	gs     []*store.Game
	start  int // mails the SMTP server had before the storm
}

func newStorm(b *testing.B, n int) *storm {
	ms, err := mailtest.Start(&mailtest.Options{AutoCreate: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ms.Close() })
	for _, u := range []string{"pbem", "alice", "bob", "gm"} {
		if _, err := ms.AddUser(u, mailtest.DefaultPassword(u)); err != nil {
			b.Fatal(err)
		}
	}
	var offset atomic.Int64 // the clock jumps past the deadline when the storm starts
	now := func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
	st, err := store.Open(filepath.Join(b.TempDir(), "pbem.db"), &store.Options{Now: now})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	sender := mail.NewSender(mail.SMTPConfig{Addr: ms.SMTPAddr, TLS: mail.TLSNone})
	sender.Logger = slog.New(slog.DiscardHandler)
	sender.Now = now // mail queued on the store's clock is due on the sender's
	srv, err := New(st, Config{Registry: testRules, Address: "pbem@" + testDomain, Now: now, Wake: sender.Wake, DeferHourMail: true})
	if err != nil {
		b.Fatal(err)
	}
	s := &storm{n: n, ms: ms, st: st, srv: srv, sender: sender}
	ctx := context.Background()
	for i := range n {
		g, err := srv.CreateGame(ctx, NewGame{ID: fmt.Sprintf("s%04d", i), USA: "alice@" + testDomain, CSA: "bob@" + testDomain,
			GM: "gm@" + testDomain, Deadline: schedule.Policy{HourLength: 48 * time.Hour}})
		if err != nil {
			b.Fatal(err)
		}
		s.gs = append(s.gs, g)
	}
	// The first mails go out before the storm.
	if err := srv.FlushMail(ctx); err != nil {
		b.Fatal(err)
	}
	for {
		if _, err := sender.SendDue(ctx, Outbox{St: st}); err != nil {
			b.Fatal(err)
		}
		if len(ms.Received()) >= 3*n {
			break
		}
	}
	s.start = len(ms.Received())
	offset.Store(int64(49 * time.Hour))
	return s
}

func (s *storm) run(b *testing.B) (gamesPerSec float64, receipt time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	w := mail.NewWatcher(mail.WatcherConfig{Addr: s.ms.IMAPAddr, TLS: mail.TLSNone, Username: "pbem",
		Password: mailtest.DefaultPassword("pbem"), Logger: slog.New(slog.DiscardHandler)})
	t0 := time.Now()
	for _, f := range []func(){
		func() { _ = s.sender.Run(ctx, Outbox{St: s.st}) },
		func() { _ = w.Run(ctx, s.srv) },
		func() { _ = s.srv.Run(ctx, time.Hour) }, // one tick: the storm
	} {
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
	want := s.start + 3*s.n
	// Halfway through, the first game's USA player sends orders for its new hour.
	var mid string
	var sentAt time.Time
	for deadline := time.Now().Add(5 * time.Minute); ; {
		got := s.ms.Received()
		if mid == "" && len(got) >= s.start+3*s.n/2 {
			g := s.gs[0]
			mid = fmt.Sprintf("storm-orders-%d@phone.example", time.Now().UnixNano())
			to := mail.ReplyAddress("pbem", testDomain, g.ID, "usa", g.Players["usa"].Token)
			raw := fmt.Sprintf("From: alice@%s\r\nTo: %s\r\nSubject: Re: orders\r\nMessage-ID: <%s>\r\n\r\nat all: hold\r\n", testDomain, to, mid)
			sentAt = time.Now()
			if err := s.ms.Deliver("pbem@"+testDomain, "INBOX", []byte(raw)); err != nil {
				b.Fatal(err)
			}
		}
		if mid != "" && receipt == 0 {
			for _, m := range got[s.start:] {
				if bytes.Contains(headerOf(m.Raw), []byte("In-Reply-To: <"+mid+">")) {
					receipt = m.At.Sub(sentAt)
				}
			}
		}
		if len(got) >= want+1 && receipt > 0 {
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("after 5 minutes the SMTP server has %d of %d storm mails (receipt seen: %v)", len(got)-s.start, want-s.start+1, receipt > 0)
		}
		time.Sleep(5 * time.Millisecond)
	}
	elapsed := time.Since(t0)
	return float64(s.n) / elapsed.Seconds(), receipt
}

// headerOf is a raw mail's header.
func headerOf(raw []byte) []byte {
	if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
		return raw[:i]
	}
	return raw
}

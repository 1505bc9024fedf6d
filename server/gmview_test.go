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
	return queued(t, st, game, func(m *store.OutMsg) bool { return strings.HasPrefix(m.Kind, prefix) })
}

// queued decodes the queued mails of a game ("": every game's) that keep
// accepts, in queue order: what the server has answered, read back as a
// mail client would.
func queued(t *testing.T, st *store.Store, game string, keep func(*store.OutMsg) bool) []*mail.Inbound {
	t.Helper()
	var out []*mail.Inbound
	if err := st.View(func(tx *store.Tx) error {
		msgs, err := tx.OutboxMessages(game)
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if m.Raw == nil || !keep(m) {
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
	// The commands listed are HELP's, every one that acts on a game.
	toyHas(t, "GM's hour mail", m.Text, "  CANCEL: end the game; not rated", "  VOID: end the game", "  RESULT usa|csa|draw:",
		"  FORCE [nopenalty]:", "  STATUS: one game in full", "  EXTEND <36h|90m|2d>: move the deadline later")
	toyHasNot(t, "GM's hour mail", m.Text, "NEWGAME", "LADDERS:", "<game>")
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

// The GM is told once, GMWarnBefore (the server's default, or the game's own
// setting) before the deadline, which sides still owe orders; a game may turn it
// off.
func TestGMWarnedOfMissingOrders(t *testing.T) {
	for _, tc := range []struct {
		name    string
		game    time.Duration // NewGame.GMWarn
		quiet   time.Duration // a time after opening when no warning is due yet
		warned  time.Duration // a time when it is
		noWarns bool
	}{
		{name: "server default", game: 0, quiet: 41 * time.Hour, warned: 43 * time.Hour},
		{name: "game's own", game: 10 * time.Hour, quiet: 37 * time.Hour, warned: 39 * time.Hour},
		{name: "off", game: -1, quiet: 41 * time.Hour, warned: 47 * time.Hour, noWarns: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, st, clk := gmGame(t, func(c *Config, g *NewGame) {
				c.GMWarnBefore = 6 * time.Hour
				g.GMWarn = tc.game
			})
			tick := func() {
				t.Helper()
				if _, err := srv.ResolveDue(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			clk.Advance(time.Hour)
			sendOrders(t, srv, st, "g1", adjudicator.USA, "at all: hold\n", "u1@club.test")
			clk.Advance(tc.quiet - time.Hour)
			tick()
			if n := len(outMails(t, st, "g1", "gm-warn")); n != 0 {
				t.Fatalf("%d GM warnings %v after the opening", n, tc.quiet)
			}
			clk.Advance(tc.warned - tc.quiet)
			tick()
			tick()
			ws := outMails(t, st, "g1", "gm-warn")
			if tc.noWarns {
				if len(ws) != 0 {
					t.Fatalf("a game without GM warnings sent %d", len(ws))
				}
				return
			}
			if len(ws) != 1 {
				t.Fatalf("%d GM warnings, want 1", len(ws))
			}
			toyHas(t, "GM warning", ws[0].Subject, "Day 1 7AM", "no orders yet from CSA")
			saysWrapped(t, "GM warning", ws[0].Text, "CSA has sent no orders", "due Wed 7 Jan 2026 09:00", "EXTEND",
				"played as an NMR: its blocks hold and fight by standing orders.")
			toyHasNot(t, "GM warning", ws[0].Text, "USA has sent no orders")
			if ws[0].To[0].Addr != "gm@club.test" {
				t.Errorf("GM warning to %v", ws[0].To)
			}
		})
	}
}

// Both sides missing: the warning names both, with the verb agreeing ("USA and
// CSA have", once worded "has"), and gives the grace as a GM writes it ("1h30m",
// once "1h30m0s").
func TestGMWarnedOfBothSidesMissing(t *testing.T) {
	srv, st, clk := gmGame(t, func(c *Config, g *NewGame) { c.GMWarnBefore, g.Deadline.Grace = 6*time.Hour, 90*time.Minute })
	clk.Advance(43 * time.Hour)
	if _, err := srv.ResolveDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	ws := outMails(t, st, "g1", "gm-warn")
	if len(ws) != 1 {
		t.Fatalf("%d GM warnings, want 1", len(ws))
	}
	toyHas(t, "GM warning", ws[0].Subject, "no orders yet from USA and CSA")
	saysWrapped(t, "GM warning", ws[0].Text, "Game g1, Day 1 7AM: USA and CSA have sent no orders yet.",
		"with 1h30m of grace after that.")
}

// In sequential play the GM gets the "Player 1 has moved" mail too.
func TestGMToldPlayerOneMoved(t *testing.T) {
	srv, st, _ := gmGame(t, func(_ *Config, g *NewGame) { g.Sequential = true })
	sendOrders(t, srv, st, "g1", adjudicator.CSA, "activate hardee\n", "c1@club.test")
	toyHas(t, "Player 2's notice", lastOut(t, st, "g1", "p1moves-h0-usa").Text, "Player 1 (CSA) has moved")
	m := lastOut(t, st, "g1", "p1moves-h0-gm")
	toyHas(t, "GM's notice", m.Subject, "Player 1 has moved")
	toyHas(t, "GM's notice", m.Text, "Player 1 (CSA) has moved", "shown to Player 2 (USA)")
	toyHasNot(t, "GM's notice", m.Text, "Send your orders")
}

// NEWGAME's gmwarn= sets the game's own warning time; gmwarn=0 turns it off.
func TestNewGameGMWarnSetting(t *testing.T) {
	srv, st, _ := gmGame(t, func(c *Config, _ *NewGame) { c.GMWarnBefore = 6 * time.Hour })
	for i, tc := range []struct {
		arg  string
		want time.Duration
	}{{"", 6 * time.Hour}, {" gmwarn=3h", 3 * time.Hour}, {" gmwarn=0", 0}} {
		id := fmt.Sprintf("w%d", i)
		deliver(t, srv, uint32(100+i), "gm@club.test", "pbem@club.test", "new",
			"NEWGAME "+id+" usa=alice@club.test csa=bob@club.test hours=24h"+tc.arg+"\nPASSPHRASE "+gmPass+"\n")
		var g *store.Game
		if err := st.View(func(tx *store.Tx) error {
			var err error
			g, err = tx.Game(id)
			return err
		}); err != nil {
			t.Fatalf("NEWGAME%s: %v", tc.arg, err)
		}
		if g.Deadline.GMWarn != tc.want {
			t.Errorf("NEWGAME%s: GM warning %v before the deadline, want %v", tc.arg, g.Deadline.GMWarn, tc.want)
		}
	}
}

// In sequential play Player 2's orders are checked against Player 2's view after
// Player 1's moves, not the position before them: an HQ that Player 1 attacked
// cannot activate and a move into the attacked area is no plain move. Player 2
// (and the GM) get those moves on a map.
func TestSequentialPlayer2CheckedAfterPlayer1Moved(t *testing.T) {
	srv, st, _ := gmGame(t, func(_ *Config, g *NewGame) { g.Sequential = true })
	sendOrders(t, srv, st, "g1", adjudicator.CSA, "activate hardee\ncleburne, lindsay: ben howell > shiloh church attack\n", "c1@club.test")
	moved := lastOut(t, st, "g1", "p1moves-h0-usa")
	toyHas(t, "Player 2's notice", moved.Text, "Shiloh Church")
	for _, m := range []*mail.Inbound{moved, lastOut(t, st, "g1", "p1moves-h0-gm")} {
		if len(m.Attachments) != 1 || !strings.HasSuffix(m.Attachments[0].Filename, ".png") {
			t.Errorf("%q carries no map: %+v", m.Subject, m.Attachments)
		}
	}
	sendOrders(t, srv, st, "g1", adjudicator.USA, "activate sherman\nmcdowell: thomil > shiloh church\n", "u1@club.test")
	rc := lastOut(t, st, "g1", "receipt-h0-v1-usa")
	toyHas(t, "Player 2's receipt", rc.Text, "Sherman is in a battle area", "Shiloh Church is contested")
}

// Player 1's receipt in sequential play says its moves are final, and nothing
// that contradicts it; Player 2's still says it may send new orders.
func TestSequentialReceiptsSayWhatIsTrue(t *testing.T) {
	srv, st, _ := gmGame(t, func(_ *Config, g *NewGame) { g.Sequential = true })
	sendOrders(t, srv, st, "g1", adjudicator.CSA, "activate hardee\n", "c1@club.test")
	p1 := lastOut(t, st, "g1", "receipt-h0-v1-csa")
	saysWrapped(t, "Player 1's receipt", p1.Text, "final for Day 1 7AM")
	toyHasNot(t, "Player 1's receipt", p1.Text, "You may send new orders", "until the hour resolves")
	sendOrders(t, srv, st, "g1", adjudicator.USA, "at all: hold\n", "u1@club.test")
	toyHas(t, "Player 2's receipt", lastOut(t, st, "g1", "receipt-h0-v1-usa").Text, "You may send new orders until the hour resolves")
}

// A GM warned of missing orders, who then EXTENDs the deadline, is warned again
// before the new one, in a mail of its own: our Message-IDs are what lets a
// mail service drop a retried mail, so a second warning that repeated the
// first one's was liable to be dropped as a copy of it.
func TestGMWarnedAgainAfterExtend(t *testing.T) {
	d := newDesk(t)
	d.gm("", "NEWGAME g1 usa="+alice+" csa="+bob+" hours=48h gmwarn=6h")
	warnings := func() []*mail.Inbound {
		t.Helper()
		if _, err := d.srv.ResolveDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		var ws []*mail.Inbound
		for _, m := range d.to(gm) {
			if strings.Contains(m.Subject, "no orders yet") {
				ws = append(ws, m)
			}
		}
		return ws
	}
	d.clk.Advance(43 * time.Hour)
	if ws := warnings(); len(ws) != 1 {
		t.Fatalf("%d warnings 5h before the deadline, want 1", len(ws))
	}
	d.gm("g1", "EXTEND 24h")
	d.clk.Advance(12 * time.Hour) // 17h before the new deadline: none due
	if ws := warnings(); len(ws) != 1 {
		t.Fatalf("%d warnings 17h before the extended deadline, want the first only", len(ws))
	}
	d.clk.Advance(12 * time.Hour) // 5h before it
	ws := warnings()
	if len(ws) != 2 {
		t.Fatalf("%d warnings 5h before the extended deadline, want 2", len(ws))
	}
	if ws[0].MessageID == ws[1].MessageID {
		t.Errorf("both warnings carry Message-ID %s", ws[0].MessageID)
	}
}

package server

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
)

// fakeClock is the settable clock the store and server share in tests. It starts
// in the past so that the real mail sender finds every queued mail due.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)} // a Monday
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

const (
	alice = "alice@" + testDomain
	bob   = "bob@" + testDomain
	gm    = "gm@" + testDomain
)

// subjects lists the subjects of the mails an address received.
func (r *rig) subjects(addr string) []string {
	var out []string
	for _, m := range r.mailsTo(addr) {
		out = append(out, m.Subject)
	}
	return out
}

// countSubject counts an address's mails whose subject contains s.
func (r *rig) countSubject(addr, s string) int {
	n := 0
	for _, sub := range r.subjects(addr) {
		if strings.Contains(sub, s) {
			n++
		}
	}
	return n
}

func (r *rig) tick() int {
	r.t.Helper()
	n, err := r.srv.ResolveDue(context.Background())
	if err != nil {
		r.t.Fatal(err)
	}
	return n
}

func (r *rig) game(id string) *store.Game {
	r.t.Helper()
	var g *store.Game
	if err := r.st.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(id)
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	return g
}

// Reminders go out once, before the deadline, only to the side without orders,
// in that player's time zone; past the deadline the late side gets one grace
// notice; at the end of the grace the hour is played without its orders, the
// mails of both sides say so and the player's record counts an NMR.
func TestGraceRemindersAndNMR(t *testing.T) {
	clk := newFakeClock()
	r := newRigWith(t, clk.Now, nil)
	pol := schedule.Policy{HourLength: 24 * time.Hour, Grace: 6 * time.Hour, ReminderBefore: 4 * time.Hour}
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: "dl", USA: alice, CSA: bob,
		USAZone: "America/Chicago", CSAZone: "Europe/London", Deadline: pol}); err != nil {
		t.Fatal(err)
	}
	r.waitFor("first mails", func() bool { return len(r.mailsTo(alice)) == 1 && len(r.mailsTo(bob)) == 1 })
	if !strings.Contains(r.mailsTo(alice)[0].Text, "CST") {
		t.Errorf("USA deadline not in Chicago time:\n%s", r.mailsTo(alice)[0].Text)
	}
	r.send(bob, replyTo(t, r.mailsTo(bob)[0]), "orders", "at all: hold\n")
	r.waitFor("CSA receipt", func() bool { return len(r.mailsTo(bob)) == 2 })

	clk.Advance(19 * time.Hour) // 5 hours before the deadline: nothing due
	if r.tick() != 0 {
		t.Fatal("resolved before the deadline")
	}
	clk.Advance(2 * time.Hour) // 3 hours before: remind the USA only
	r.tick()
	r.tick() // a second tick sends nothing more
	r.waitFor("reminder", func() bool { return r.countSubject(alice, "Reminder") == 1 })
	rem := r.mailsTo(alice)[len(r.mailsTo(alice))-1]
	if !strings.Contains(rem.Text, "Tue 6 Jan 03:00 CST") {
		t.Errorf("reminder not in the player's zone:\n%s", rem.Text)
	}
	clk.Advance(4 * time.Hour) // an hour past the deadline: grace notice
	r.tick()
	r.tick()
	r.waitFor("grace notice", func() bool { return r.countSubject(alice, "grace until") == 1 })
	clk.Advance(5*time.Hour + time.Minute) // past the grace: resolve without USA orders
	if r.tick() != 1 {
		t.Fatal("hour not resolved at the end of the grace")
	}
	r.waitFor("reports", func() bool { return r.countSubject(alice, "8AM") >= 1 && r.countSubject(bob, "8AM") >= 1 })
	if n := r.countSubject(bob, "Reminder") + r.countSubject(bob, "grace"); n != 0 {
		t.Errorf("the CSA, whose orders were in, got %d notices", n)
	}
	var rep string
	for _, m := range r.mailsTo(alice) {
		if strings.Contains(m.Text, "RESULTS OF Day 1 7AM") {
			rep = m.Text
		}
	}
	if !strings.HasPrefix(rep, "No orders were received from you for Day 1 7AM: your blocks held and fought by standing orders (NMR).") {
		t.Errorf("USA report does not open with the NMR notice:\n%.300s", rep)
	}
	// The opponent is told the USA missed the hour, and nothing of one of its own.
	told := false
	for _, m := range r.mailsTo(bob) {
		if strings.Contains(m.Text, "No orders were received from you") {
			t.Error("the CSA report speaks of an NMR of the CSA's")
		}
		told = told || strings.HasPrefix(m.Text, "Your opponent (USA) sent no orders for Day 1 7AM")
	}
	if !told {
		t.Error("the CSA report does not say that the USA missed the hour")
	}
	g := r.game("dl")
	if g.Players["usa"].NMRs != 1 || g.Players["csa"].OnTime != 1 {
		t.Errorf("records: usa %+v csa %+v", g.Players["usa"], g.Players["csa"])
	}
	if !g.Deadline.Next.Equal(clk.Now().Add(24*time.Hour)) || g.Deadline.GraceNotice || len(g.Deadline.Reminded) != 0 {
		t.Errorf("next hour's deadline state: %+v", g.Deadline)
	}
}

// A vacation moves a deadline that falls in it to its end, is capped, and the
// opponent is told; a player may set the time zone its texts are written in.
func TestVacation(t *testing.T) {
	clk := newFakeClock()
	r := newRigWith(t, clk.Now, nil)
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: "vac", USA: alice, CSA: bob,
		Deadline: schedule.Policy{HourLength: 48 * time.Hour}, VacationCap: 5}); err != nil {
		t.Fatal(err)
	}
	r.waitFor("first mails", func() bool { return len(r.mailsTo(alice)) == 1 && len(r.mailsTo(bob)) == 1 })
	r.send(alice, replyTo(t, r.mailsTo(alice)[0]), "away", "VACATION 2026-01-06 4\n")
	r.waitFor("opponent told", func() bool { return r.countSubject(bob, "vacation") == 1 })
	r.waitFor("vacation granted", func() bool { return len(r.mailsTo(alice)) == 2 })
	if got, want := r.game("vac").Deadline.Next, time.Date(2026, 1, 10, 0, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("deadline %v, want the end of the vacation %v", got, want)
	}
	r.send(alice, replyTo(t, r.mailsTo(alice)[0]), "away again", "VACATION 2026-02-01 2\n")
	r.waitFor("refusal", func() bool { return len(r.mailsTo(alice)) == 3 })
	if m := r.mailsTo(alice)[2]; !strings.Contains(m.Text, "refused") {
		t.Errorf("vacation over the cap: %s", m.Text)
	}
	saysWrapped(t, "vacation granted", r.mailsTo(alice)[1].Text, "Vacation granted from Tue 6 Jan 00:00 UTC to Sat 10 Jan 00:00 UTC.")
	saysWrapped(t, "vacation refused", r.mailsTo(alice)[2].Text, "(the cap is 5 days per player in this game).")
	saysWrapped(t, "opponent's notice", r.lastTo(bob, "vacation").Text,
		"Your opponent (USA) is on vacation from Tue 6 Jan 00:00 UTC to Sat 10 Jan 00:00 UTC. Deadlines falling in it move to its end. The current deadline is")
	r.send(alice, replyTo(t, r.mailsTo(alice)[0]), "zone", "ZONE America/New_York\n")
	r.waitFor("zone set", func() bool { return r.countSubject(alice, "Time zone") == 1 })
	if z := r.game("vac").Players["usa"].TimeZone; z != "America/New_York" || !strings.Contains(r.lastTo(alice, "Time zone").Text, "Fri 9 Jan 19:00 EST") {
		t.Errorf("zone %q; mail:\n%s", z, r.lastTo(alice, "Time zone").Text)
	}
}

// BenchmarkTickIdle measures the daemon's tick over 20 running games none of
// which is due: what every 30-second tick costs a club's server.
func BenchmarkTickIdle(b *testing.B) {
	st, err := store.Open(b.TempDir()+"/pbem.db", &store.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	srv, err := New(st, Config{Registry: testRules, Address: "pbem@" + testDomain})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for i := range 20 {
		id := "b" + strings.Repeat("x", i)
		if _, err := srv.CreateGame(ctx, NewGame{ID: id, USA: alice, CSA: bob,
			Deadline: schedule.Policy{HourLength: 48 * time.Hour, ReminderBefore: time.Hour}}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if n, err := srv.ResolveDue(ctx); err != nil || n != 0 {
			b.Fatal(n, err)
		}
	}
}

package server

import (
	"context"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/schedule"
)

// Antietam plays by mail through the same server as Shiloh 1862 (DESIGN §9): the
// side whose player-turn it is sends moves and attacks; the side waiting may send
// standing orders at any time, which stay in force and come back in its order
// form; a phasing side that sends nothing by the deadline is NMR'd, its units
// hold and the mandatory attacks are made by default; and the stored game
// replays with no difference.
func TestAntietamByMail(t *testing.T) {
	reg := builtin.Systems()
	clk := newFakeClock()
	r := newRigWith(t, clk.Now, func(c *Config) { c.Registry = reg })
	ctx := context.Background()
	pol := schedule.Policy{HourLength: 24 * time.Hour, Grace: 6 * time.Hour, ReminderBefore: 4 * time.Hour}
	if _, err := r.srv.CreateGame(ctx, NewGame{ID: "ant1", Scenario: "antietam", USA: alice, CSA: bob, GM: gm, Deadline: pol}); err != nil {
		t.Fatal(err)
	}
	if g := r.game("ant1"); g.Ruleset != "antietam" {
		t.Fatalf("the game records ruleset %q", g.Ruleset)
	}
	firstA := r.toyMail(alice, "T01-USA: USA orders due", 1)
	firstB := r.toyMail(bob, "T01-USA: your opponent moves (CSA)", 1)
	toyHas(t, "USA's first mail", firstA.Text, "# Orders of USA for T01-USA", "# 1/1/I (1/1/I), infantry 4-6, at 0804",
		"The form below lists your units")
	toyHas(t, "CSA's first mail", firstB.Text, "It is the USA player-turn: no moves or attacks are due from you.",
		"Retreats (7.71): by default")
	replyA, replyB := replyTo(t, firstA), replyTo(t, firstB)

	// HELP answers with Antietam's guide, not Shiloh 1862's: the order form
	// sends the player to it.
	r.send(bob, replyB, "help", "HELP\n")
	help := r.toyMail(bob, "Player's guide", 1)
	toyHas(t, "CSA's HELP", help.Text, "# Antietam by mail — the players' guide")
	toyHasNot(t, "CSA's HELP", help.Text, "Shiloh PBEM — the player's guide")

	// STATUS names the player-turn open, in the system's terms.
	r.send(bob, replyB, "status", "STATUS\n")
	status := r.toyMail(bob, "Status", 1)
	toyHas(t, "CSA's status", status.Text, "Game ant1 is running; T01-USA is now open.", "USA: no orders yet", "CSA: no orders yet")
	toyHasNot(t, "CSA's status", status.Text, "hour")

	// The Confederates write their standing orders while the Union moves.
	r.send(bob, replyB, "orders", "retreat from sharpsburg toward 0126\ndisplace: law, evans\n")
	rc := r.toyMail(bob, "Orders received for T01-USA (v1)", 1)
	toyHas(t, "CSA's receipt", rc.Text, "OK    retreat from 0815, 0816, 0716, 0616 toward 0126", "OK    displace: Law, Evans",
		"until the player-turn resolves")
	if r.tick() != 0 || r.game("ant1").CurrentHour != 0 {
		t.Fatal("T01-USA resolved on the waiting side's orders")
	}
	// A mistyped unit gets an answer, and the rest of the mail counts: the
	// moving side is in, so the player-turn resolves.
	r.send(alice, replyA, "orders", "1/1/I: 0805\nJackson: 0806\n")
	rcA := r.toyMail(alice, "Orders received for T01-USA (v1) with 1 error", 1)
	toyHas(t, "USA's receipt", rcA.Text, `none of your units is called "Jackson"`, "OK    1/1/I: 0805")
	repA := r.toyMail(alice, "T01-USA results, T01-CSA: your opponent moves (USA)", 1)
	repB := r.toyMail(bob, "T01-USA results, T01-CSA orders due (CSA)", 1)
	toyHas(t, "USA's T01-USA report", repA.Text, "1/1/I moved from 0804 to 0805 (1 MP).")
	toyHas(t, "CSA's T01-USA report", repB.Text, "1/1/I moved from 0804 to 0805",
		"# Your standing orders in force", "\nretreat from 0815, 0816, 0716, 0616 toward 0126\n", "\ndisplace: Law, Evans\n")
	toyHasNot(t, "USA's T01-USA report", repA.Text, "toward 0126", "displace: Law")

	// T01-CSA: the Confederates send nothing. Only they are reminded, and at the
	// deadline's grace they are NMR'd: their units hold and the attacks 7.11 and
	// 7.12 demand are made by default.
	clk.Advance(21 * time.Hour)
	if r.tick() != 0 {
		t.Fatal("T01-CSA resolved before its deadline")
	}
	// The notices say what an Antietam side's units do without orders, in
	// the system's own words (antietam.txt's nmr.*): never blocks.
	rem := r.toyMail(bob, "Reminder: orders for T01-CSA due", 1)
	saysWrapped(t, "CSA's reminder", rem.Text, "no orders from you (CSA) yet for T01-CSA",
		"Without them your units hold, and the default plan makes every attack the rules demand (7.11, 7.12).")
	toyHasNot(t, "CSA's reminder", rem.Text, "block", "hour")
	clk.Advance(10 * time.Hour)
	r.tick()
	nmrA := r.toyMail(alice, "T01-CSA results, T02-USA orders due (USA)", 1)
	nmr := r.toyMail(bob, "T01-CSA results, T02-USA: your opponent moves (CSA)", 1)
	toyHas(t, "CSA's T01-CSA report", nmr.Text, "RESULTS OF T01-CSA", "# Your standing orders in force",
		"No orders were received from you for T01-CSA: your units held, and the default plan made every attack the rules demanded (7.11, 7.12) (NMR).")
	toyHas(t, "USA's T01-CSA report", nmrA.Text,
		"Your opponent (CSA) sent no orders for T01-CSA: its units held, and the default plan made every attack the rules demanded (7.11, 7.12) (NMR).")
	toyHasNot(t, "USA's T01-CSA report", nmrA.Text, "blocks held")
	g := r.game("ant1")
	if g.Players["csa"].NMRs != 1 || g.Players["usa"].NMRs != 0 {
		t.Errorf("NMRs: USA %d, CSA %d; want the Confederates' one", g.Players["usa"].NMRs, g.Players["csa"].NMRs)
	}
	if g.CurrentHour != 2 {
		t.Errorf("the game is at turn unit %d, want 2 (T02-USA)", g.CurrentHour)
	}

	// The stored game replays exactly, the waiting side's orders and the NMR with it.
	rec := exportGame(t, r.st, "ant1")
	if diffs, err := VerifyRecord(reg, rec); err != nil || len(diffs) > 0 {
		t.Fatalf("replay: %v %v", diffs, err)
	}
}

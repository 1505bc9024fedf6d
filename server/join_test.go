package server

import (
	"context"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

// An open game fills by JOIN mails (to the plain address naming the game, or to
// the game's address) and starts when full; an invitation game starts when both
// named players have accepted at their secret addresses.
func TestJoinAndInvitation(t *testing.T) {
	r, _ := newGMRig(t)
	carol, dave := "carol@"+testDomain, "dave@"+testDomain
	r.gmSend("pbem@"+testDomain, "NEWGAME j1")
	if g := r.game("j1"); g.Status != store.StatusOpen {
		t.Fatalf("open game is %s", g.Status)
	}
	r.send(carol, "pbem@"+testDomain, "join", "JOIN j1 csa zone=Europe/Berlin\n")
	r.waitFor("carol joined", func() bool { return r.countSubject(carol, "JOIN j1") == 1 })
	r.send(carol, "pbem@"+testDomain, "join", "JOIN j1\n")
	r.waitFor("second join refused", func() bool { return r.countSubject(carol, "not done") == 1 })
	r.send(dave, mail.GameAddress("pbem", testDomain, "j1"), "join", "JOIN usa\n")
	r.waitFor("game started", func() bool {
		return r.countSubject(carol, "CSA orders due") == 1 && r.countSubject(dave, "USA orders due") == 1
	})
	g := r.game("j1")
	if g.Status != store.StatusRunning || g.Players["csa"].Address != carol || g.Players["usa"].Address != dave ||
		g.Players["csa"].TimeZone != "Europe/Berlin" {
		t.Fatalf("joined game: %s %+v", g.Status, g.Players)
	}
	r.send("erin@"+testDomain, "pbem@"+testDomain, "join", "JOIN j1\n")
	r.waitFor("full game refused", func() bool { return r.countSubject("erin@"+testDomain, "not done") == 1 })

	r.gmSend("pbem@"+testDomain, "NEWGAME i1 usa="+alice+" csa="+bob+" invite")
	r.waitFor("invitations", func() bool { return r.countSubject(alice, "Invitation") == 1 && r.countSubject(bob, "Invitation") == 1 })
	r.send(alice, replyTo(t, r.lastTo(alice, "Invitation")), "Re: invitation", "ACCEPT\n")
	r.waitFor("accepted", func() bool { return r.countSubject(alice, "accepted") == 1 })
	if r.game("i1").Status != store.StatusOpen {
		t.Fatal("the game started with one acceptance")
	}
	r.send(bob, replyTo(t, r.lastTo(bob, "Invitation")), "Re: invitation", "ACCEPT\n")
	r.waitFor("invitation game started", func() bool {
		return r.countSubject(alice, "USA orders due") == 1 && r.countSubject(bob, "CSA orders due") == 1
	})
	if r.game("i1").Status != store.StatusRunning {
		t.Fatal("not running after both accepted")
	}
}

// Three games in one mailbox and one store, with a player in all three: orders
// mailed in turn to each game land in that game only, and each game's mails
// carry its own tag.
func TestThreeGamesInterleaved(t *testing.T) {
	r := newRig(t)
	carol, dave := "carol@"+testDomain, "dave@"+testDomain
	games := []struct{ id, usa, csa string }{{"ta", alice, bob}, {"tb", carol, alice}, {"tc", alice, dave}}
	for _, g := range games {
		if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: g.id, USA: g.usa, CSA: g.csa}); err != nil {
			t.Fatal(err)
		}
	}
	r.waitFor("first mails", func() bool { return len(r.mailsTo(alice)) == 3 && len(r.sentTo(bob, carol, dave)) == 3 })
	first := func(addr, game string) string {
		return replyTo(t, r.lastTo(addr, "["+game+"] Day 1 7AM:"))
	}
	// Interleave: one side of each game, then the other sides.
	r.send(alice, first(alice, "ta"), "o", "at all: hold\n")
	r.send(alice, first(alice, "tb"), "o", "at all: withdraw after round 2\n")
	r.send(dave, first(dave, "tc"), "o", "at all: hold\n")
	r.send(bob, first(bob, "ta"), "o", "at all: hold\n")
	r.send(alice, first(alice, "tc"), "o", "at all: hold\n")
	r.send(carol, first(carol, "tb"), "o", "at all: hold\n")
	r.waitFor("all reports", func() bool {
		return r.countSubject(alice, "8AM orders due") == 3 && r.countSubject(bob, "8AM") == 1 &&
			r.countSubject(carol, "8AM") == 1 && r.countSubject(dave, "8AM") == 1
	})
	for _, g := range games {
		h := r.hour(g.id, 0)
		if !h.Resolved() || len(h.OrderSets["usa"]) != 1 || len(h.OrderSets["csa"]) != 1 {
			t.Errorf("game %s: resolved %v, orders usa %d csa %d", g.id, h.Resolved(), len(h.OrderSets["usa"]), len(h.OrderSets["csa"]))
		}
	}
	if got := r.hour("tb", 0).OrderSets["csa"][0].Text; !strings.Contains(got, "withdraw after round 2") {
		t.Errorf("alice's tb orders landed elsewhere: %q", got)
	}
	for _, m := range r.mailsTo(alice) {
		if !strings.HasPrefix(m.Subject, "[t") {
			t.Errorf("untagged mail %q", m.Subject)
		}
	}
}

// sentTo returns the mails received by any of the addresses.
func (r *rig) sentTo(addrs ...string) []*mail.Inbound {
	var out []*mail.Inbound
	for _, a := range addrs {
		out = append(out, r.mailsTo(a)...)
	}
	return out
}

// A player who resigns loses: the game closes with the end-of-game record to
// both players, and the leaving is recorded.
func TestResign(t *testing.T) {
	r := newRig(t)
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: "rs", USA: alice, CSA: bob}); err != nil {
		t.Fatal(err)
	}
	r.waitFor("first mails", func() bool { return len(r.mailsTo(bob)) == 1 })
	r.send(bob, replyTo(t, r.mailsTo(bob)[0]), "I give up", "RESIGN\n")
	r.waitFor("records", func() bool {
		return r.countSubject(alice, "End-of-game record: USA wins by resignation") == 1 &&
			r.countSubject(bob, "End-of-game record: USA wins by resignation") == 1
	})
	g := r.game("rs")
	if g.Status != store.StatusFinished || len(g.Departed) != 1 || g.Departed[0].Address != bob || g.Departed[0].Replaced {
		t.Fatalf("after resigning: %s %+v", g.Status, g.Departed)
	}
	if rec := r.lastTo(alice, "End-of-game record").Text; !strings.Contains(rec, "Left the game: "+bob) ||
		!strings.Contains(rec, "Result: USA wins by resignation\n") || strings.Contains(rec, "VP") {
		t.Errorf("record:\n%s", rec)
	}
	if err := r.st.VerifyChain("rs"); err != nil {
		t.Fatal(err)
	}
}

package server

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

// Sequential play: initiative is announced when the hour opens; Player 2's early
// orders do not resolve the hour; Player 1's orders are played to the end of its
// turn and the moves Player 2 may see are mailed to it; Player 1 can no longer
// change them; Player 2's orders then resolve the hour, and the report shows the
// same moves.
func TestSequentialPlay(t *testing.T) {
	r := newRig(t)
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: "sq", USA: alice, CSA: bob, Sequential: true}); err != nil {
		t.Fatal(err)
	}
	r.waitFor("initiative", func() bool {
		return r.countSubject(alice, "CSA is Player 1") == 1 && r.countSubject(bob, "CSA is Player 1") == 1
	})
	if m := r.lastTo(alice, "Player 1"); !strings.Contains(m.Text, "You are Player 2") ||
		!strings.Contains(m.Text, "Initiative: CSA is always Player 1 at Day 1 7AM (2.1), no roll. CSA is Player 1.") {
		t.Errorf("USA initiative mail:\n%s", m.Text)
	}
	usaAddr, csaAddr := replyTo(t, r.mailsTo(alice)[0]), replyTo(t, r.mailsTo(bob)[0])
	r.send(alice, usaAddr, "early", "at all: hold\n")
	r.waitFor("USA receipt", func() bool { return r.countSubject(alice, "Orders received") == 1 })
	if m := r.lastTo(alice, "Orders received"); !strings.Contains(m.Text, "Player 1 has not moved yet") {
		t.Errorf("early Player 2 receipt:\n%s", m.Text)
	}

	rules, st, err := r.srv.CurrentState("sq")
	if err != nil {
		t.Fatal(err)
	}
	v := rules.View(st, adjudicator.CSA)
	sc, err := shiloh1862.Engine(rules)
	if err != nil {
		t.Fatal(err)
	}
	o := bot.RandomOrders(sc, v.(*shiloh1862.View), rand.New(rand.NewPCG(1, 2)))
	r.send(bob, csaAddr, "orders", shiloh1862.FormatOrders(o, shiloh1862.ScenarioNames(sc)))
	// Player 1's receipt and Player 2's notice leave in either order: wait for both.
	r.waitFor("Player 1's moves", func() bool {
		return r.countSubject(alice, "Player 1 has moved") == 1 && r.countSubject(bob, "Orders received") == 1
	})
	if r.hour("sq", 0).Resolved() {
		t.Fatal("the hour resolved on Player 2's orders sent before Player 1 moved")
	}
	moves := r.lastTo(alice, "Player 1 has moved").Text
	if !strings.Contains(moves, "An enemy block: ") {
		t.Fatalf("no CSA move shown to Player 2:\n%s\nCSA: %s", moves, r.lastTo(bob, "Orders received").Text)
	}
	saysWrapped(t, "Player 1 receipt", r.lastTo(bob, "Orders received").Text, "final for Day 1 7AM")
	r.send(bob, csaAddr, "change", "at all: hold\n")
	r.waitFor("refusal", func() bool { return r.countSubject(bob, "Orders not taken") == 1 })

	r.send(alice, usaAddr, "orders", "at all: hold\n")
	r.waitFor("reports", func() bool {
		return r.countSubject(alice, "7AM results") >= 1 && r.countSubject(bob, "7AM results") >= 1
	})
	h := r.hour("sq", 0)
	if len(h.OrderSets["csa"]) != 1 || len(h.OrderSets["usa"]) != 2 {
		t.Errorf("order sets: csa %d usa %d", len(h.OrderSets["csa"]), len(h.OrderSets["usa"]))
	}
	// Player 2 was told Player 1's moves as its hour report tells them.
	report := r.lastTo(alice, "7AM results").Text
	for _, line := range strings.Split(moves, "\n") {
		if l := strings.TrimSpace(line); strings.HasPrefix(l, "An enemy block") && !strings.Contains(report, l) {
			t.Errorf("announced move %q is not in the USA report:\n%s", l, report)
		}
	}
	// The next hour opens with its initiative announced.
	r.waitFor("next initiative", func() bool { return r.countSubject(alice, "8AM: ") >= 1 && r.countSubject(alice, "is Player 1") == 2 })
}

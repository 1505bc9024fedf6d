package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// joinLadder creates a ladder game and has each player JOIN it by mail with
// the given words after the game id; it returns the answers in order.
func (r *rig) joinLadder(id string, joins ...[2]string) []string {
	r.t.Helper()
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: id, Scenario: "shiloh1862-day2", Ladder: "club",
		Deadline: schedule.Policy{HourLength: time.Hour}}); err != nil {
		r.t.Fatal(err)
	}
	var answers []string
	for _, j := range joins {
		who, words := j[0], j[1]
		before := r.countSubject(who, "JOIN "+id)
		r.send(who, "pbem@"+testDomain, "join", strings.TrimSpace("JOIN "+id+" "+words)+"\n")
		r.waitFor("answer to "+who, func() bool { return r.countSubject(who, "JOIN "+id) == before+1 })
		answers = append(answers, r.lastTo(who, "JOIN "+id).Text)
	}
	return answers
}

// In a ladder game a player may ask for a side: it is granted unless the
// opponent asked for it too, and every answer says which side and why.
func TestJoinLadderSide(t *testing.T) {
	r, _ := newGMRig(t)
	// bob sorts after alice, so the alternation alone would give alice the USA.
	ans := r.joinLadder("s1", [2]string{alice, "csa"}, [2]string{bob, ""})
	if !strings.Contains(ans[0], "asking for the CSA") || !strings.Contains(ans[0], "when your opponent joins") {
		t.Errorf("first answer does not say what happens to the side asked for:\n%s", ans[0])
	}
	g := r.game("s1")
	if g.Status != store.StatusRunning || g.Players["csa"].Address != alice || g.Players["usa"].Address != bob {
		t.Fatalf("s1: %s %+v", g.Status, g.Players)
	}
	if !strings.Contains(ans[1], "as USA") || !strings.Contains(ans[1], "your opponent asked for the CSA") {
		t.Errorf("second answer:\n%s", ans[1])
	}
	r.waitFor("alice told her side", func() bool { return r.countSubject(alice, "Sides in game s1") == 1 })
	if txt := r.lastTo(alice, "Sides in game s1").Text; !strings.Contains(txt, "You play the CSA, as you asked") {
		t.Errorf("alice's notice:\n%s", txt)
	}

	// Both ask for the USA, no bids: the alternation decides, and says so.
	ans = r.joinLadder("s2", [2]string{alice, "usa"}, [2]string{bob, "usa"})
	g = r.game("s2")
	if g.Players["usa"].Address != alice {
		t.Fatalf("s2: %+v", g.Players)
	}
	if !strings.Contains(ans[1], "as CSA") || !strings.Contains(ans[1], "both asked for the USA") ||
		!strings.Contains(ans[1], "alternat") {
		t.Errorf("bob is not told why he has the CSA:\n%s", ans[1])
	}
}

// An invitation names the opponent (by name, not address) and the ladder, and
// DECLINE refuses it: the other player and the GM are told, and the game
// never starts.
func TestInvitationDecline(t *testing.T) {
	r, _ := newGMRig(t)
	r.gmSend("pbem@"+testDomain, "NEWGAME i2 usa="+alice+" csa="+bob+" invite ladder=club")
	r.waitFor("invitations", func() bool { return r.countSubject(alice, "Invitation") == 1 && r.countSubject(bob, "Invitation") == 1 })
	inv := r.lastTo(alice, "Invitation").Text
	if !strings.Contains(inv, "against bob") || !strings.Contains(inv, "ladder club") || strings.Contains(inv, bob) ||
		!strings.Contains(inv, "DECLINE") {
		t.Errorf("alice's invitation:\n%s", inv)
	}
	r.send(bob, replyTo(t, r.lastTo(bob, "Invitation")), "Re: invitation", "DECLINE\n")
	r.waitFor("declined", func() bool {
		return r.countSubject(bob, "Invitation declined") == 1 && r.countSubject(alice, "Game i2 will not start") == 1 &&
			r.countSubject(gm, "Game i2 will not start") == 1
	})
	if txt := r.lastTo(alice, "Game i2 will not start").Text; !strings.Contains(txt, "declined") || strings.Contains(txt, bob) {
		t.Errorf("alice's notice:\n%s", txt)
	}
	r.send(alice, replyTo(t, r.lastTo(alice, "Invitation")), "Re: invitation", "ACCEPT\n")
	r.waitFor("alice's acceptance answered", func() bool { return r.countSubject(alice, "not running") == 1 })
	if g := r.game("i2"); g.Status != store.StatusFinished || g.Ending != store.EndCancelled {
		t.Fatalf("declined game is %s (%q)", g.Status, g.Ending)
	}
	if n := r.countSubject(alice, "orders due"); n != 0 {
		t.Fatalf("the declined game started: %d hour mails", n)
	}
}

// Both players bid for the USA: the higher bid takes it, the bid is VP for the
// CSA at the end, and a narrow USA win on the board becomes a CSA win on the
// bid; the answers, the record and the standings say so.
func TestLadderBid(t *testing.T) {
	carol := "carol@" + testDomain
	r, clk := newGMRig(t)
	ans := r.joinLadder("b1", [2]string{alice, "usa bid 2"}, [2]string{bob, "bid 3 usa"})
	g := r.game("b1")
	if g.Players["usa"].Address != bob || g.BidTo != "csa" || g.BidVP != 3 {
		t.Fatalf("b1: %+v, bid %d VP to %q", g.Players, g.BidVP, g.BidTo)
	}
	saysWrapped(t, "alice's answer", ans[0], "You joined game b1 on ladder club, asking for the USA with a bid of 2 VP.")
	saysWrapped(t, "bob's answer", ans[1], "your bid of 3 VP beat your opponent's 2 VP")
	r.waitFor("alice told her side", func() bool { return r.countSubject(alice, "Sides in game b1") == 1 })
	saysWrapped(t, "alice's notice", r.lastTo(alice, "Sides in game b1").Text, "you get 3 VP added to your score")
	r.fastForward("b1", false, "usa", "csa") // the USA wins on the board, by less than 3 VP
	clk.Advance(61 * time.Minute)
	if ok, err := r.srv.ResolveIfReady(context.Background(), "b1"); err != nil || !ok {
		t.Fatalf("resolved %v, %v", ok, err)
	}
	r.waitFor("record", func() bool { return r.countSubject(alice, "End-of-game record") == 1 })
	rec := r.lastTo(alice, "End-of-game record")
	if !strings.Contains(rec.Subject, "CSA wins on the bid") || !strings.Contains(rec.Text, "+ 3 VP bid") {
		t.Errorf("record %q:\n%s", rec.Subject, rec.Text)
	}
	for _, x := range r.ratings("club") {
		if (x.Player == alice) != (x.Wins == 1) {
			t.Errorf("%s: %d wins", x.Player, x.Wins)
		}
	}
	r.waitFor("standings", func() bool { return r.countSubject(alice, "Standings of ladder club") == 1 })
	if txt := r.lastTo(alice, "Standings of ladder club").Text; !strings.Contains(txt, "b1: USA bob, CSA alice: CSA wins on the bid") {
		t.Errorf("standings:\n%s", txt)
	}

	// A bid needs a side, a number, and a ladder game.
	r.gmSend("pbem@"+testDomain, "NEWGAME b2")
	for _, bad := range []string{"JOIN b2 bid 3", "JOIN b2 usa bid", "JOIN b2 usa bid -1", "JOIN b2 usa bid 3"} {
		before := r.countSubject(carol, "not done")
		r.send(carol, "pbem@"+testDomain, "join", bad+"\n")
		r.waitFor(bad, func() bool { return r.countSubject(carol, "not done") == before+1 })
	}
}

func TestSettleSides(t *testing.T) {
	notices, err := templates.SharedNotices()
	if err != nil {
		t.Fatal(err)
	}
	p := func(addr, wants string, bid int) store.Player {
		return store.Player{Address: addr, Wants: wants, Bid: bid}
	}
	for _, c := range []struct {
		name   string
		a, b   store.Player
		usa    string
		bidTo  string
		bidVP  int
		whyUSA string
	}{
		{"different wishes", p("b@x", "csa", 0), p("a@x", "usa", 5), "a@x", "", 0, "as you asked"},
		{"one wish", p("a@x", "", 0), p("b@x", "usa", 0), "b@x", "", 0, "as you asked"},
		{"csa contested", p("a@x", "csa", 1), p("b@x", "csa", 4), "a@x", "usa", 4, "opponent's bid of 4 VP"},
		{"tie with a bid", p("b@x", "csa", 2), p("a@x", "csa", 2), "a@x", "usa", 2, "equal bids (2 VP)"},
		{"no wishes", p("b@x", "", 0), p("a@x", "", 0), "a@x", "", 0, "Neither of you"},
	} {
		st := settleSides(notices, c.a, c.b, "club", nil)
		if st.usa.Address != c.usa || st.bidTo != c.bidTo || st.bidVP != c.bidVP || !strings.Contains(strings.Join(strings.Fields(st.why["usa"]), " "), c.whyUSA) {
			t.Errorf("%s: USA %s, %d VP to %q; why %q", c.name, st.usa.Address, st.bidVP, st.bidTo, st.why["usa"])
		}
		if st.usa.Address == st.csa.Address {
			t.Errorf("%s: one player on both sides", c.name)
		}
	}
}

func FuzzParseJoinWords(f *testing.F) {
	for _, s := range []string{"usa", "csa bid 3", "bid=2 usa", "bid", "usa usa", "bid 100 csa", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		req, err := parseJoinWords(strings.Fields(strings.ToLower(s)))
		if err != nil {
			return
		}
		if req.bid < 0 || req.bid > maxBid || (req.hasBid && req.side == "") || (req.side != "" && req.side != "usa" && req.side != "csa") {
			t.Fatalf("%q: %+v", s, req)
		}
	})
}

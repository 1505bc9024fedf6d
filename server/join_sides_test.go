package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
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

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

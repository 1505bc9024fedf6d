package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
)

// ladderPair creates a ladder game and seats two players by JOIN.
func (r *rig) ladderPair(id, ladderName, a, b string) {
	r.t.Helper()
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: id, Scenario: "shiloh1862-day2", Ladder: ladderName,
		Deadline: schedule.Policy{HourLength: time.Hour}}); err != nil {
		r.t.Fatal(err)
	}
	if err := r.st.Update(func(tx *store.Tx) error {
		for _, p := range []string{a, b} {
			if _, err := r.srv.join(tx, p, id, "", nil); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		r.t.Fatal(err)
	}
}

// ratings reads a ladder's stored ratings.
func (r *rig) ratings(ladderName string) []*store.Rating {
	r.t.Helper()
	var out []*store.Rating
	if err := r.st.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Ratings(ladderName)
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	return out
}

// endAs closes a running game the way the GM's commands do (they set Ending
// and FastForwarded, then finish the game): nobody is charged for the hours
// the GM fast-forwarded, so the players' hour counts stay as they are.
func (r *rig) endAs(id, ending string, fastForwarded int, winner adjudicator.Side) {
	r.t.Helper()
	if err := r.st.Update(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		g.Status, g.Ending, g.FastForwarded = store.StatusFinished, ending, fastForwarded
		g.Deadline.Next = time.Time{}
		if err := tx.PutGame(g); err != nil {
			return err
		}
		_, err = r.srv.finishGame(tx, g, adjudicator.Outcome{Over: true, Winner: winner, Score: [2]int{3, 9}})
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
}

// A game the GM fast-forwarded to its end without orders from anyone is not
// rated and charges nobody an NMR; a voided game is listed as void and not
// rated; a cancelled one is neither rated nor listed. The standings say which
// games were forced or voided.
func TestLadderForcedVoidedCancelled(t *testing.T) {
	r, clk := newGMRig(t)
	ctx := context.Background()
	r.ladderPair("e1", "club", alice, bob)
	r.fastForward("e1", r.game("e1").Players["csa"].Address == alice, "usa", "csa")
	clk.Advance(61 * time.Minute)
	if ok, err := r.srv.ResolveIfReady(ctx, "e1"); err != nil || !ok {
		t.Fatalf("e1 resolved %v, %v", ok, err)
	}
	for _, c := range []struct {
		id, ending string
		ff         int
	}{{"e2", store.EndForced, 12}, {"e3", store.EndVoided, 0}, {"e4", store.EndCancelled, 0}} {
		r.ladderPair(c.id, "club", alice, bob)
		winner := adjudicator.USA
		if r.game(c.id).Players["csa"].Address == bob {
			winner = adjudicator.CSA
		}
		r.endAs(c.id, c.ending, c.ff, winner) // bob "wins" each
	}

	for _, x := range r.ratings("club") {
		wantW, wantL := 1, 0
		if x.Player == bob {
			wantW, wantL = 0, 1
		}
		if x.Games != 1 || x.Wins != wantW || x.Losses != wantL {
			t.Errorf("%s rated on %d games (%d-%d), want only e1", x.Player, x.Games, x.Wins, x.Losses)
		}
		if x.Late != 0 || x.HoursDue != 1 || x.OnTime != 1 {
			t.Errorf("%s: NMRs %d, hours due %d, on time %d; want 0, 1, 1 (e1's one hour)", x.Player, x.Late, x.HoursDue, x.OnTime)
		}
	}
	r.waitFor("standings after e4", func() bool { return r.countSubject(alice, "Standings of ladder club") == 4 })
	table := r.lastTo(alice, "Standings of ladder club").Text
	for _, want := range []string{
		"e2: USA", "forced to its end by the GM", "12 hours fast-forwarded", "not rated: no orders from either player",
		"e3: USA", "void: not rated",
	} {
		if !strings.Contains(table, want) {
			t.Errorf("standings lack %q:\n%s", want, table)
		}
	}
	if strings.Contains(table, "e4") {
		t.Errorf("the cancelled game is listed:\n%s", table)
	}
}

// STANDINGS for a ladder that does not exist is answered, with the ladders
// that do.
func TestStandingsUnknownLadder(t *testing.T) {
	r, _ := newGMRig(t)
	r.ladderPair("u1", "club", alice, bob)
	r.endAs("u1", store.EndPlayed, 0, adjudicator.USA)
	r.send(alice, "pbem@"+testDomain, "standings", "STANDINGS spring\n")
	r.waitFor("answer", func() bool { return r.countSubject(alice, "STANDINGS spring") == 1 })
	if txt := r.lastTo(alice, "STANDINGS spring").Text; !strings.Contains(txt, `no ladder "spring" with a finished game`) ||
		!strings.Contains(txt, "club") {
		t.Errorf("answer:\n%s", txt)
	}
}

// Standings show display names, which a player sets with NAME; no member's
// address appears in any standings mail.
func TestLadderDisplayNames(t *testing.T) {
	r, _ := newGMRig(t)
	r.ladderPair("n1", "club", alice, bob)
	r.endAs("n1", store.EndPlayed, 0, adjudicator.USA)
	r.send(alice, "pbem@"+testDomain, "name", "NAME Alice Q. Public <alice@elsewhere.example>\n")
	r.waitFor("NAME answered", func() bool { return r.countSubject(alice, "NAME") == 1 })
	if txt := r.lastTo(alice, "NAME").Text; !strings.Contains(txt, `"Alice Q. Public aliceelsewhere.example"`) ||
		!strings.Contains(txt, "club") {
		t.Errorf("NAME answer:\n%s", txt)
	}
	r.send(bob, "pbem@"+testDomain, "standings", "STANDINGS club\n")
	r.waitFor("standings", func() bool { return r.countSubject(bob, "Standings of ladder club") == 2 })
	for _, m := range append(r.mailsTo(bob), r.mailsTo(alice)...) {
		if !strings.Contains(m.Subject, "Standings") {
			continue
		}
		if strings.Contains(m.Text, "@") {
			t.Errorf("an address in the standings:\n%s", m.Text)
		}
	}
	if txt := r.lastTo(bob, "Standings of ladder club").Text; !strings.Contains(txt, "Alice Q. Public") || !strings.Contains(txt, "bob") {
		t.Errorf("standings without the display names:\n%s", txt)
	}
	r.send("zed@"+testDomain, "pbem@"+testDomain, "name", "NAME Zed\n")
	r.waitFor("NAME of a non-member answered", func() bool { return r.countSubject("zed@"+testDomain, "NAME") == 1 })
	if txt := r.lastTo("zed@"+testDomain, "NAME").Text; !strings.Contains(txt, "no ladder") {
		t.Errorf("NAME of a non-member:\n%s", txt)
	}
}

func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"Jane D.", "  a\tb  ", "x@y.z", "\x00\u202e", strings.Repeat("é", 60), ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := cleanName(s)
		if strings.ContainsAny(n, "@\n\r\t") || len([]rune(n)) > maxNameRunes || n != strings.TrimSpace(n) {
			t.Fatalf("cleanName(%q) = %q", s, n)
		}
	})
}

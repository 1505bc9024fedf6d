package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
)

// fastForward moves a game's open hour to the scenario's last one, so the next
// resolution ends the game, and decides the winner through the victory points
// (8.0: Day 2 goes to the CSA with more VP, else to the USA). The
// sides listed in onTime get orders in. Only the test does this; the server plays
// the hour and ends the game as it would any other.
func (r *rig) fastForward(id string, csaWins bool, onTime ...string) {
	r.t.Helper()
	sc, err := shiloh1862.LoadScenario("shiloh1862-day2")
	if err != nil {
		r.t.Fatal(err)
	}
	err = r.st.Update(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		h, err := tx.Hour(id, g.CurrentHour)
		if err != nil {
			return err
		}
		st, err := shiloh1862.UnmarshalState(h.StateAtStart)
		if err != nil {
			return err
		}
		st.Hour = sc.End
		lose := func(side adjudicator.Side) {
			for _, b := range sc.OB.Blocks {
				if b.Side == side {
					st.Losses = append(st.Losses, shiloh1862.Loss{Block: b.ID, Side: side, Hour: st.Hour})
					return
				}
			}
		}
		// A loss scores for the enemy; the scenario starts with shattered blocks.
		for p := st.Points(); csaWins && p[1] <= p[0]; p = st.Points() {
			lose(adjudicator.USA)
		}
		for p := st.Points(); !csaWins && p[1] > p[0]; p = st.Points() {
			lose(adjudicator.CSA)
		}
		if h.StateAtStart, err = shiloh1862.MarshalState(st); err != nil {
			return err
		}
		if err := tx.PutHour(h); err != nil {
			return err
		}
		for _, sd := range onTime {
			if _, err := tx.AddOrderSet(id, h.Hour, sd, store.OrderSet{Text: "at all: hold\n"}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
}

// A ladder of six players after ten finished games: the games are filled by
// joins with sides alternating between the same two players, finished through
// the server, rated with Glicko-2 and reliability (NMRs, an abandonment) kept
// apart; both players get the standings after each game and on request, and the
// end-of-game record verifies.
func TestLadderSixPlayersTenGames(t *testing.T) {
	r, clk := newGMRig(t)
	ctx := context.Background()
	carol, dave, erin, frank := "carol@"+testDomain, "dave@"+testDomain, "erin@"+testDomain, "frank@"+testDomain
	schedule10 := []struct{ a, b, winner string }{
		{alice, bob, alice}, {carol, dave, carol}, {erin, frank, erin}, {alice, carol, alice}, {bob, dave, bob},
		{erin, alice, alice}, {frank, bob, bob}, {carol, erin, carol}, {alice, bob, alice}, {dave, frank, frank},
	}
	ids := []string{"l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9"}
	for i, m := range schedule10 {
		id := ids[i]
		if _, err := r.srv.CreateGame(ctx, NewGame{ID: id, Scenario: "shiloh1862-day2", Ladder: "club",
			Deadline: schedule.Policy{HourLength: time.Hour}}); err != nil {
			t.Fatal(err)
		}
		if err := r.st.Update(func(tx *store.Tx) error {
			for _, p := range []string{m.a, m.b} {
				if _, err := r.srv.join(tx, p, id, "", nil); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		g := r.game(id)
		if g.Status != store.StatusRunning {
			t.Fatalf("%s: %s after two joins", id, g.Status)
		}
		if i == 9 { // dave leaves his last game: erin takes his side
			side := "usa"
			if g.Players["csa"].Address == dave {
				side = "csa"
			}
			if err := r.st.Update(func(tx *store.Tx) error {
				_, err := r.srv.gmReplace(tx, g, []string{side, erin})
				return err
			}); err != nil {
				t.Fatal(err)
			}
			m.a, m.b = erin, frank
			g = r.game(id)
		}
		var onTime []string
		for _, sd := range []string{"usa", "csa"} {
			if g.Players[sd].Address != dave {
				onTime = append(onTime, sd)
			}
		}
		r.fastForward(id, g.Players["csa"].Address == m.winner, onTime...)
		clk.Advance(61 * time.Minute)
		if ok, err := r.srv.ResolveIfReady(ctx, id); err != nil || !ok {
			t.Fatalf("%s: resolved %v, %v", id, ok, err)
		}
		if g := r.game(id); g.Status != store.StatusFinished {
			t.Fatalf("%s is %s", id, g.Status)
		}
	}
	// Sides alternate between alice and bob: the USA in l0 is the CSA in l8.
	if a, b := r.game("l0").Players["usa"].Address, r.game("l8").Players["usa"].Address; a == b {
		t.Errorf("the same player had the USA in both alice-bob games (%s)", a)
	}

	ratings := r.ratings("club")
	by := map[string]*store.Rating{}
	games := 0
	for _, x := range ratings {
		by[x.Player] = x
		games += x.Games
	}
	if len(ratings) != 6 || games != 20 {
		t.Fatalf("%d rated players with %d games, want 6 and 20", len(ratings), games)
	}
	if a := by[alice]; a.Wins != 4 || a.Losses != 0 || a.Rating <= by[bob].Rating {
		t.Errorf("alice: %+v (bob %.0f)", a, by[bob].Rating)
	}
	for _, x := range ratings {
		if x.Player != alice && x.Rating >= by[alice].Rating {
			t.Errorf("%s rated %.0f, above alice's %.0f", x.Player, x.Rating, by[alice].Rating)
		}
	}
	if d := by[dave]; d.Late != 2 || d.OnTime != 0 || d.HoursDue != 2 || d.Abandoned != 1 {
		t.Errorf("dave's reliability: on time %d, NMRs %d, due %d, abandoned %d", d.OnTime, d.Late, d.HoursDue, d.Abandoned)
	}
	if c := by[carol]; c.OnTime != 3 || c.Late != 0 || c.HoursDue != 3 {
		t.Errorf("carol's reliability: %+v", c)
	}

	// Standings after the last game went to both its players; another player asks.
	r.waitFor("standings after the last game", func() bool {
		return r.countSubject(erin, "Standings") >= 1 && r.countSubject(frank, "Standings") >= 3
	})
	table := r.lastTo(frank, "Standings").Text
	if i, j := strings.Index(table, "\n1  alice "), strings.Index(table, "  bob "); i < 0 || j < 0 || i > j {
		t.Errorf("alice is not first, above bob, in the standings:\n%s", table)
	}
	for _, p := range []string{"alice", "bob", "carol", "dave", "erin", "frank"} {
		if !strings.Contains(table, "  "+p+" ") {
			t.Errorf("standings lack %s:\n%s", p, table)
		}
	}
	if strings.Contains(table, "@") {
		t.Errorf("an address in the standings:\n%s", table)
	}
	r.send(bob, "pbem@"+testDomain, "standings", "STANDINGS club\n")
	r.waitFor("standings on request", func() bool { return r.countSubject(bob, "Standings of ladder club") == 5 })

	// The end-of-game record: its head closes the exported chain, which verifies.
	rec := r.lastTo(alice, "End-of-game record")
	if !strings.Contains(rec.Text, "END-OF-GAME RECORD, game l8") {
		t.Fatalf("alice's last record is not l8's:\n%s", rec.Text)
	}
	gr := exportGame(t, r.st, "l8")
	if diffs, err := VerifyRecord(testRules, gr); err != nil || len(diffs) > 0 {
		t.Fatalf("verify: %v %v", diffs, err)
	}
	last := gr.Audit[len(gr.Audit)-1]
	if last.Kind != AuditGameOver || !strings.Contains(rec.Text, gr.ChainHead.Hash.String()) || !strings.Contains(last.Text, alice) {
		t.Errorf("record mail vs export: last link %s %q; mail:\n%s", last.Kind, last.Text, rec.Text)
	}
}

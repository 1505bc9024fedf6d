package templates

import (
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// The repetitions players saw in their reports (issue 14), each told once now.
// The reasons are the phrases the engine gives.
func TestReportSaysEachThingOnce(t *testing.T) {
	csa, usa := adjudicator.CSA, adjudicator.USA
	c2 := shiloh1862.Firepower{Letter: 'C', Value: 2}
	rv := &shiloh1862.ReportView{
		Viewer: csa, Hour: 15,
		Initiative: shiloh1862.Initiative{Rolls: [2]int{6, 10}, Player1: csa,
			Why: adjudicator.Say("why.rolled", adjudicator.SideArg("side", csa), adjudicator.IntArg("roll", 10), adjudicator.SideArg("other", usa), adjudicator.IntArg("other-roll", 6))},
		Events: []shiloh1862.Event{
			{Kind: shiloh1862.EvBattle, Area: "davis_field", Attacker: csa, Revealed: []shiloh1862.Revealed{
				{Block: "cs_bowen", Side: csa, Strength: 1, Firepower: c2}}},
			{Kind: shiloh1862.EvRound, Area: "davis_field", Round: 4},
			{Kind: shiloh1862.EvRetreat, Side: csa, Block: "cs_bowen", Area: "davis_field", From: "davis_field", To: "barnes_field", Round: 4, Rule: "6.72",
				Why: adjudicator.Say("ev.retreat", adjudicator.PhrasesArg("why", adjudicator.Say("ev.attackers-retreat")), adjudicator.PhrasesArg("how", adjudicator.Say("ev.retreat-default")))},
			{Kind: shiloh1862.EvHit, Side: csa, Block: "cs_cobb", Area: "davis_field", Round: 4, Rule: "6.6",
				Why: adjudicator.Say("ev.hit-by", adjudicator.UnitArg("by", "us_ws_smith"), adjudicator.PhrasesArg("how", adjudicator.Say("ev.loss-tied",
					adjudicator.IntArg("others", 1), adjudicator.IntArg("strength", 1), adjudicator.PhrasesArg("order", adjudicator.Say("ev.loss-default")))))},
			{Kind: shiloh1862.EvEliminated, Side: csa, Block: "cs_cobb", Area: "davis_field", Round: 4, Rule: "6.9", Why: adjudicator.Say("ev.eliminated", adjudicator.UnitArg("unit", "cs_cobb"))},
			{Kind: shiloh1862.EvBattleEnd, Area: "davis_field", Winner: usa},
		},
		Results: []shiloh1862.Result{
			{Side: csa, Order: shiloh1862.OrderRef{Kind: "activate", Line: 1}, Status: shiloh1862.Executed, Rule: "5.2",
				Blocks: []shiloh1862.BlockID{"cs_anderson", "cs_gibson"},
				Why:    adjudicator.Say("why.commanded", adjudicator.UnitArg("hq", "cs_bragg"), adjudicator.UnitsArg("blocks", []string{"cs_anderson", "cs_gibson"}), adjudicator.IntArg("strength", 1))},
			{Side: csa, Order: shiloh1862.OrderRef{Kind: "battles", Index: 0}, Status: shiloh1862.Unused, Rule: "6.2",
				Why: adjudicator.Say("why.player2-battles", adjudicator.SideArg("side", csa))},
			{Side: csa, Order: shiloh1862.OrderRef{Kind: "battles", Index: 1}, Status: shiloh1862.Unused, Rule: "6.2",
				Why: adjudicator.Say("why.player2-battles", adjudicator.SideArg("side", csa))},
		},
	}
	r := report(t, rv)
	var lines []string
	for _, l := range r.Orders {
		lines = append(lines, l.Text)
	}
	for _, b := range r.Battles {
		for _, rd := range b.Rounds {
			for _, l := range rd.Lines {
				lines = append(lines, l.Text)
			}
		}
	}
	for _, l := range r.Losses {
		lines = append(lines, l.Text)
	}
	got := r.Initiative + "\n" + strings.Join(lines, "\n")
	want := `Initiative: USA rolled 6, CSA rolled 10. CSA was Player 1.
activate (line 1): Bragg commanded Anderson, Gibson; reduced to strength 1 [rule 5.2]
battles: unused: CSA was Player 2 this hour: Player 1 sets the battle sequence [rule 6.2]
Bowen retreats to Barnes' Field (attackers must retreat in round 4 (6.73); default destination: friendly before vacant, fewest enemy neighbours) [6.72].
Cobb takes a hit, strength 0 (hit by Smith (tied with 1 other at strength 1; default: non-HQ before HQ, lower firepower)) [6.6].
Cobb eliminated [6.9].`
	if got != want {
		t.Errorf("report lines:\n%s\nwant:\n%s", got, want)
	}

	// A tie, or a fixed Player 1, is explained by the reason.
	for _, c := range []struct {
		in   shiloh1862.Initiative
		want string
	}{
		{shiloh1862.Initiative{Rolls: [2]int{9, 9}, Player1: usa, Why: adjudicator.Say("why.tie", adjudicator.IntArg("roll", 9),
			adjudicator.SideArg("side", usa), adjudicator.TextArg("rule", "9.3.1"))}, "both rolled 9; USA wins ties (9.3.1)"},
		{shiloh1862.Initiative{Player1: usa, Why: adjudicator.Say("why.first-hour", adjudicator.SideArg("side", usa), adjudicator.TextArg("hour", "Day 2 7AM"))},
			"USA is always Player 1 at Day 2 7AM (2.1), no roll"},
	} {
		if line := report(t, &shiloh1862.ReportView{Viewer: usa, Hour: 15, Initiative: c.in}).Initiative; !strings.HasSuffix(line, c.want) {
			t.Errorf("initiative %q lost its reason", line)
		}
	}
}

// Two orders for two blocks that share a name (Shiloh has a Taylor in the
// cavalry and one in the artillery) are two lines of the GM's report: only a
// sentence said twice over for one order is told once.
func TestSameNamedBlocksBothReported(t *testing.T) {
	usa := adjudicator.USA
	move := func(id shiloh1862.BlockID, index int) shiloh1862.Result {
		return shiloh1862.Result{Side: usa, Order: shiloh1862.OrderRef{Kind: "move", Index: index}, Status: shiloh1862.Executed,
			Rule: "5.3", Blocks: []shiloh1862.BlockID{id}}
	}
	r := report(t, &shiloh1862.ReportView{Viewer: adjudicator.NoSide, Hour: 3, Results: []shiloh1862.Result{
		move("us_taylor_cav", 0), move("us_taylor_art", 1), move("us_taylor_art", 1)}})
	var got []string
	for _, l := range r.Orders {
		got = append(got, l.Text)
	}
	want := []string{"USA move: executed (Taylor) [rule 5.3]", "USA move: executed (Taylor) [rule 5.3]"}
	if !slices.Equal(got, want) {
		t.Errorf("orders %q, want %q", got, want)
	}
}

package templates

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/internal/builtin"
)

var update = flag.Bool("update", false, "rewrite golden files")

func scenario(t testing.TB) *shiloh1862.Scenario {
	t.Helper()
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// contract is Shiloh 1862's full battle as the server sees it.
func contract(t testing.TB) adjudicator.Scenario {
	t.Helper()
	sc, err := builtin.Systems().FindScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// hourMail is a viewer's hour mail through the contract, as the server makes it.
func hourMail(t testing.TB, game string, rv *shiloh1862.ReportView, v *shiloh1862.View) *HourMail {
	t.Helper()
	var r adjudicator.ReportView
	if rv != nil {
		r = rv
	}
	m, err := HourMailOf(contract(t), game, r, v)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// report words a report view through the contract.
func report(t testing.TB, rv *shiloh1862.ReportView) *Report {
	t.Helper()
	r, err := BuildReport(contract(t), "g1", rv)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// eventText is one event as a viewer's report tells it outside a battle.
func eventText(t testing.TB, viewer adjudicator.Side, e shiloh1862.Event) string {
	t.Helper()
	r := report(t, &shiloh1862.ReportView{Viewer: viewer, Hour: 1, Events: []shiloh1862.Event{e}})
	// The supply section opens with the SP spent, which every hour tells.
	for _, ls := range [][]Line{r.Movement, r.Enemy, r.Supply[1:], r.Losses} {
		if len(ls) == 1 {
			return ls[0].Text
		}
	}
	t.Fatalf("%s: no line in %+v", e.Kind, r)
	return ""
}

// reserves is the rulebook's Battle Reserves Example as the CSA sees it after the
// hour: the CSA attacked Rea Field, Hildebrand fell in round 1, the USA reserves
// arrived in round 2.
func reserves() *shiloh1862.ReportView {
	csa, usa := adjudicator.CSA, adjudicator.USA
	a2 := shiloh1862.Firepower{Letter: 'A', Value: 2}
	c3 := shiloh1862.Firepower{Letter: 'C', Value: 3}
	c2 := shiloh1862.Firepower{Letter: 'C', Value: 2}
	return &shiloh1862.ReportView{
		Viewer: csa, Hour: 1,
		Initiative: shiloh1862.Initiative{Rolls: [2]int{5, 9}, Player1: csa},
		Events: []shiloh1862.Event{
			{Kind: shiloh1862.EvActivate, Side: csa, Block: "cs_hardee", Rule: "5.2"},
			{Kind: shiloh1862.EvMove, Side: csa, Block: "cs_cleburne", From: "seay_field", To: "rea_field", Intent: shiloh1862.IntentAttack, CommandedBy: "cs_hardee"},
			{Kind: shiloh1862.EvMove, Side: csa, Block: "cs_shoup", From: "seay_field", To: "rea_field", Intent: shiloh1862.IntentAttack, CommandedBy: "cs_hardee"},
			{Kind: shiloh1862.EvMove, Side: usa, From: "water_oaks", To: "rea_field"},
			{Kind: shiloh1862.EvBattle, Area: "rea_field", Attacker: csa, Revealed: []shiloh1862.Revealed{
				{Block: "cs_cleburne", Side: csa, Strength: 3, Firepower: c3},
				{Block: "cs_shoup", Side: csa, Strength: 2, Firepower: a2},
				{Block: "us_hildebrand", Side: usa, Strength: 1, Firepower: c2},
				{Block: "us_peabody", Side: usa, Strength: 3, Firepower: c2, Reserve: true},
				{Block: "us_munch", Side: usa, Strength: 2, Firepower: a2, Reserve: true},
			}},
			{Kind: shiloh1862.EvRound, Area: "rea_field", Round: 1},
			{Kind: shiloh1862.EvFire, Side: csa, Block: "cs_shoup", Area: "rea_field", Round: 1, Firepower: shiloh1862.Firepower{Letter: 'A', Value: 1}, Dice: []int{4, 6}},
			{Kind: shiloh1862.EvFire, Side: usa, Block: "us_hildebrand", Area: "rea_field", Round: 1, Firepower: c2, Dice: []int{5}},
			{Kind: shiloh1862.EvFire, Side: csa, Block: "cs_cleburne", Area: "rea_field", Round: 1, Firepower: c3, Dice: []int{2, 5, 6}, Hits: 1},
			{Kind: shiloh1862.EvEliminated, Side: usa, Block: "us_hildebrand", Area: "rea_field", Round: 1, Rule: "6.6"},
			{Kind: shiloh1862.EvSwap, Side: csa, Area: "rea_field", Round: 1, Rule: "6.5"},
			{Kind: shiloh1862.EvRound, Area: "rea_field", Round: 2},
			{Kind: shiloh1862.EvReserves, Side: usa, Area: "rea_field", Round: 2},
			{Kind: shiloh1862.EvFire, Side: csa, Block: "cs_shoup", Area: "rea_field", Round: 2, Firepower: a2, Dice: []int{1, 3}, Hits: 1},
			{Kind: shiloh1862.EvHit, Side: usa, Block: "us_peabody", Area: "rea_field", Round: 2, Strength: 2},
			{Kind: shiloh1862.EvBattleEnd, Area: "rea_field", Winner: csa},
			{Kind: shiloh1862.EvSupply, Side: csa, Block: "cs_cleburne", Strength: 3},
		},
		Results: []shiloh1862.Result{{Side: csa, Order: shiloh1862.OrderRef{Kind: "move", Index: 0, Line: 2}, Status: shiloh1862.Executed,
			Rule: "5.3", Blocks: []shiloh1862.BlockID{"cs_cleburne", "cs_shoup"}}, {Side: csa, Order: shiloh1862.OrderRef{Kind: "move", Index: 2, Line: 4}, Status: shiloh1862.Dropped,
			Rule: "3.32", Why: adjudicator.Say("why.as-written", adjudicator.TextArg("text", "the ford's move limit of 4 was used up")), Blocks: []shiloh1862.BlockID{"cs_wood"}}},
		Points: [2]int{0, 1},
	}
}

func TestReportGolden(t *testing.T) {
	sc := scenario(t)
	rv := reserves()
	v := &shiloh1862.View{Scenario: sc.ID, Viewer: adjudicator.CSA, Mode: shiloh1862.VisBlocks, Hour: 2,
		Own: []shiloh1862.OwnBlock{{ID: "cs_cleburne", Name: "Cleburne", Side: adjudicator.CSA, Type: shiloh1862.Infantry,
			Where: shiloh1862.OnMap, Area: "rea_field", Strength: 3, Max: 3, Firepower: shiloh1862.Firepower{Letter: 'C', Value: 3}},
			{ID: "cs_hardee", Name: "Hardee", Side: adjudicator.CSA, Type: shiloh1862.HQ, HQKind: shiloh1862.CHQ,
				Where: shiloh1862.OnMap, Area: "seay_field", Strength: 1, Max: 2, Firepower: shiloh1862.Firepower{Letter: 'B', Value: 2}, CommandRange: 2}},
		Points: [2]int{0, 1}}
	m := hourMail(t, "g7", rv, v)
	m.Commitment = strings.Repeat("ab", 32)
	m.RevealedSeed = strings.Repeat("cd", 32)
	m.ChainHead = "#3 0123456789ab"
	m.HasMap = true
	text, html := goldenMail(t, m, "reserves-csa")
	if got, want := m.Subject(), "[g7] Day 1 8AM results, Day 1 9AM orders due (CSA)"; got != want {
		t.Errorf("subject %q, want %q", got, want)
	}
	for _, want := range []string{"Battle of Rea Field (CSA attacking)", "Hildebrand eliminated", "Round 2",
		"An enemy block: Water Oaks Pond > Rea Field", "line 4, move: dropped (Wood)", "[rule 3.32]", "Line 2: Cleburne, Shoup: Seay Field > Rea Field (attack), commanded by Hardee", "cid:map@pbem"} {
		if !strings.Contains(text+html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// An enemy move the viewer saw has no block id: the report must say "an enemy
// block", never guess a name.
func TestEnemyMoveWithoutIdentity(t *testing.T) {
	l := eventText(t, adjudicator.CSA, shiloh1862.Event{Kind: shiloh1862.EvMove, Side: adjudicator.USA, From: "water_oaks", To: "rea_field"})
	if !strings.HasPrefix(l, "An enemy block") {
		t.Fatalf("got %q", l)
	}
}

func TestOrderTemplateListsOwnBlocksAndExits(t *testing.T) {
	v := &shiloh1862.View{Viewer: adjudicator.CSA, Hour: 0, Own: []shiloh1862.OwnBlock{
		{ID: "cs_cleburne", Name: "Cleburne", Side: adjudicator.CSA, Type: shiloh1862.Infantry, Where: shiloh1862.OnMap,
			Area: "seay_field", Strength: 3, Max: 3, Firepower: shiloh1862.Firepower{Letter: 'C', Value: 3}}}}
	out := hourMail(t, "g1", nil, v).Template
	for _, want := range []string{"ORDERS CSA Day 1 7AM", "== Seay Field", "Cleburne", "C3 3/3", "Rea Field 4/2", "END"} {
		if !strings.Contains(out, want) {
			t.Errorf("template lacks %q:\n%s", want, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "ORDERS") && line != "END" {
			t.Errorf("non-comment line %q would be read as an order", line)
		}
	}
}

// goldenMail holds a mail's text and HTML to name.txt and name.html, and
// returns them.
func goldenMail(t *testing.T, m *HourMail, name string) (text, html string) {
	t.Helper()
	var err error
	if text, err = m.Text(); err != nil {
		t.Fatal(err)
	}
	if html, err = m.HTML(); err != nil {
		t.Fatal(err)
	}
	golden(t, name+".txt", text)
	golden(t, name+".html", html)
	return text, html
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from golden; got:\n%s", name, got)
	}
}

// The last mail of a game carries the whole record: result, losses by type, both
// sides' orders every hour and the seeds.
func TestSummaryInFinalMail(t *testing.T) {
	sc := scenario(t)
	v := &shiloh1862.View{Scenario: sc.ID, Viewer: adjudicator.USA, Hour: shiloh1862.Day2Last, Over: true,
		Winner: adjudicator.USA, Points: [2]int{14, 13}}
	m := hourMail(t, "g7", nil, v)
	m.Summary = &Summary{Result: "USA wins on Day 2 by 1 VP (8.0: USA needs 1+, and wins ties).",
		Losses: []string{"USA lost 13 blocks: 9 infantry, 2 artillery, 2 HQs fallen."},
		Hours: []SummaryHour{{Hour: "Day 2 7AM", Player1: "USA", USA: "Activate Grant", CSA: "(no orders: played by standing orders)",
			Seed: "00ff", Commitment: "abcd"}},
		ChainHead: "#30 0123456789ab"}
	text, err := m.Text()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.HTML(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"END OF GAME", "USA wins on Day 2", "9 infantry", "== Day 2 7AM: USA was Player 1. Seed 00ff",
		"Activate Grant", "(no orders: played by standing orders)", "#30 0123456789ab"} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "ORDERS FOR") {
		t.Error("a finished game still asks for orders")
	}
	if got := m.Subject(); got != "[g7] Game over (USA)" {
		t.Errorf("subject %q", got)
	}
}

// The engine names an arrival's place in Area.
func TestArrivalPlace(t *testing.T) {
	l := eventText(t, adjudicator.USA, shiloh1862.Event{Kind: shiloh1862.EvArrival, Side: adjudicator.USA,
		Blocks: []shiloh1862.BlockID{"us_grant"}, Area: "pittsburg_landing"})
	if !strings.Contains(l, "Grant arrive at Pittsburg Landing") {
		t.Fatalf("got %q", l)
	}
}

// BenchmarkReport renders one side's hour mail, text and HTML, from its report
// view (issue target: ≤ 2 ms/op).
func BenchmarkReport(b *testing.B) {
	sc := scenario(b)
	rv := reserves()
	v := &shiloh1862.View{Scenario: sc.ID, Viewer: adjudicator.CSA, Hour: 2}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m := hourMail(b, "g7", rv, v)
		if _, err := m.Text(); err != nil {
			b.Fatal(err)
		}
		if _, err := m.HTML(); err != nil {
			b.Fatal(err)
		}
	}
}

// wrap breaks at spaces within the width, as the plain-text mail's paragraphs
// were broken by hand: Shiloh's reply note breaks where its goldens do.
func TestWrap(t *testing.T) {
	got := wrap(80, "Reply to this mail with your orders. The form below lists your blocks and where they can go; send HELP for the player's guide.")
	want := "Reply to this mail with your orders. The form below lists your blocks and where\nthey can go; send HELP for the player's guide."
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := wrap(10, "averyveryverylongword and more"); got != "averyveryverylongword\nand more" {
		t.Errorf("a word longer than the width: %q", got)
	}
}

// TestOrderFormShowsFormations: each block's line in the order form names its
// formation, whose HQ commands it (5.22), and the form is still one a player can
// send back as it is, wrapped or not: nothing in it reads as an order.
func TestOrderFormShowsFormations(t *testing.T) {
	sc := scenario(t)
	st, err := shiloh1862.NewState(sc, shiloh1862.Options{})
	if err != nil {
		t.Fatal(err)
	}
	names := shiloh1862.ScenarioNames(sc)
	for side, want := range map[adjudicator.Side][]string{
		adjudicator.CSA: {"#   Cleburne ", "infantry, Hardee's corps", "#   Beauregard ", "AHQ, Johnston's army troops"},
		adjudicator.USA: {"#   Hildebrand ", "infantry, Sherman's division", "#   Webster ", "artillery, Grant's army troops"},
	} {
		form := hourMail(t, "g1", nil, shiloh1862.ViewOf(sc, st, side)).Template
		for i := 0; i < len(want); i += 2 {
			found := false
			for _, line := range strings.Split(form, "\n") {
				if strings.HasPrefix(line, want[i]) {
					found = strings.HasSuffix(line, want[i+1])
					if !found {
						t.Errorf("%s: %q, want it to end %q", side, line, want[i+1])
					}
				}
			}
			if !found {
				t.Errorf("%s: no line %q…%q in\n%s", side, want[i], want[i+1], form)
			}
		}
		// as it is, and as a mail program wraps it at 72 columns
		var wrapped []string
		for _, line := range strings.Split(form, "\n") {
			wrapped = append(wrapped, strings.Split(wrap(72, line), "\n")...)
		}
		for _, text := range []string{form, strings.Join(wrapped, "\n")} {
			if o, probs := shiloh1862.ParseOrders(text, names, side); len(probs) > 0 || len(o.Moves) > 0 || len(o.Activate) > 0 {
				t.Errorf("%s: the form sent back as it is reads as orders or problems: %+v %+v", side, o, probs)
			}
		}
	}
}

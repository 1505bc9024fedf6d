package templates

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// shilohCodes are the codes the report says, with the keys it gives each: the
// wording file must word every one, name no other key, and hold nothing unsaid.
var shilohCodes = func() []adjudicator.CodeSpec {
	var specs []adjudicator.CodeSpec
	add := func(keys []string, codes ...string) {
		for _, c := range codes {
			specs = append(specs, adjudicator.CodeSpec{Code: c, Keys: keys})
		}
	}
	add([]string{"unit"}, "who")
	add(nil, "who.enemy", "reserves", "ohio-barred", "list.and", "unit.unseen", "place.unseen")
	add([]string{"side", "unit"}, "who.gm")
	add([]string{"blocks", "place"}, "arrival", "pinned")
	add([]string{"side", "place"}, "arrival.unnamed", "control-changed")
	add([]string{"place"}, "pinned.unnamed", "camp-captured", "control-changed.nobody")
	add([]string{"why"}, "arrival-held")
	add([]string{"who"}, "activate", "pass", "eliminated", "hq-fallen", "succession")
	move := []string{"who", "path", "intent", "hq"}
	add(move, "move", "move.intent", "move.commanded", "move.intent.commanded")
	add([]string{"who", "dice", "strength"}, "straggler")
	add([]string{"who", "strength"}, "hq-reduced", "hit", "supply", "hq-rebuilt")
	add([]string{"side"}, "swap")
	add([]string{"who", "firepower", "dice", "hits"}, "fire")
	add([]string{"who", "to"}, "retreat", "regroup")
	add([]string{"place", "winner", "round"}, "battle-end", "battle-end.round", "battle-end.won", "battle-end.won.round")
	add([]string{"winner", "usa", "csa"}, "victory", "victory.won")
	// The report around the events.
	add([]string{"usa", "csa", "player1", "why"}, "initiative", "initiative.why", "initiative.rolled", "initiative.rolled.why")
	add([]string{"orders"}, "report.carried-out")
	add([]string{"place", "attacker"}, "battle", "battle.attacker")
	add([]string{"side", "kind", "unit", "firepower", "strength"}, "revealed", "revealed.reserve")
	add([]string{"usa", "csa"}, "report.points")
	add([]string{"winner"}, "report.over", "report.over.won")
	result := []string{"side", "line", "kind", "status", "blocks", "why", "rule"}
	add(result, "result", "result.line", "result.side", "result.line.side", "result.blocks", "result.why", "result.rule")
	add([]string{"kind", "line", "what"}, "tag", "tag.line", "tag.what", "tag.what.line")
	add([]string{"winner", "day", "usa", "csa"}, "summary.won", "summary.none")
	add([]string{"side", "total", "what"}, "summary.losses")
	add([]string{"n", "kind"}, "summary.count")
	add([]string{"n"}, "summary.fallen")
	add(nil, "summary.nothing", "summary.no-orders")
	add([]string{"game"}, "summary.chart")
	add(nil, "form.edit", "form.examples", "form.activate", "form.arriving", "form.battles", "form.at-all", "form.supply")
	add([]string{"hqs"}, "form.hqs")
	add([]string{"place", "terrain", "stack"}, "form.area")
	add([]string{"list"}, "form.to")
	add([]string{"game", "viewer", "played", "next"}, "subject.first", "subject.hour", "subject.over")
	return specs
}()

func TestWordingFiles(t *testing.T) {
	words := []string{"intent.attack", "intent.reinforce"}
	for _, st := range []shiloh1862.Status{shiloh1862.Executed, shiloh1862.Partial, shiloh1862.Dropped,
		shiloh1862.Invalid, shiloh1862.Illegal, shiloh1862.Unused} {
		words = append(words, "status."+string(st))
	}
	for _, w := range words {
		if !shilohWords.Has(w) {
			t.Errorf("%s has no wording", w)
		}
	}
	for _, p := range shilohWords.Problems(shilohCodes, words...) {
		t.Error(p)
	}
}

// The two rare events the random games of the wording's equivalence check did not
// produce, worded as the report always worded them.
func TestRareEventsWorded(t *testing.T) {
	n := namer{scenario(t)}
	for _, c := range []struct {
		e    shiloh1862.Event
		want string
	}{
		{shiloh1862.Event{Kind: shiloh1862.EvControlChanged, Area: "rea_field", Side: adjudicator.CSA}, "Rea Field is now held by CSA."},
		{shiloh1862.Event{Kind: shiloh1862.EvControlChanged, Area: "rea_field"}, "Rea Field is now held by nobody."},
		{shiloh1862.Event{Kind: shiloh1862.EvOhioBarred, Rule: "9.1"}, "All three landings are Confederate: the Army of the Ohio will not arrive [9.1]."},
	} {
		if got := eventLine(n, adjudicator.USA, c.e).Text; got != c.want {
			t.Errorf("%s: %q, want %q", c.e.Kind, got, c.want)
		}
	}
}

// The end-of-game record's lines (8.0): a winner with the day, each side's losses
// by type with its Fallen HQ markers apart, and a side that lost nothing.
func TestSummaryWording(t *testing.T) {
	st := &shiloh1862.State{Hour: shiloh1862.Day2First + 3, Winner: adjudicator.CSA}
	if got, want := SummaryResult(st), "CSA wins (Day 2): USA 0 VP, CSA 0 VP (8.0)."; got != want {
		t.Errorf("result %q, want %q", got, want)
	}
	if got, want := SummaryResult(&shiloh1862.State{Hour: 3}), "The game ended without a winner: USA 0 VP, CSA 0 VP."; got != want {
		t.Errorf("result %q, want %q", got, want)
	}
	lines := SummaryLosses([2]shiloh1862.Tally{
		{Side: adjudicator.USA, Total: 4, ByType: []shiloh1862.TypeCount{{Type: shiloh1862.Infantry, N: 2}, {Type: shiloh1862.Artillery, N: 1}}, Fallen: 1},
		{Side: adjudicator.CSA},
	})
	want := []string{"USA lost 4 (VPs for the enemy): 2 infantry, 1 artillery, 1 Fallen HQ markers.", "CSA lost 0 (VPs for the enemy): nothing."}
	if len(lines) != 2 || lines[0] != want[0] || lines[1] != want[1] {
		t.Errorf("losses %q, want %q", lines, want)
	}
}

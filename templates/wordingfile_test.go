package templates

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/templates/words"
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
	add([]string{"line", "moves"}, "done", "done.line")
	add([]string{"what", "rule"}, "done.move", "done.move.rule")
	add([]string{"tag", "rule"}, "done.tag")
	add([]string{"blocks"}, "who.blocks")
	add([]string{"end", "usa", "csa", "lost"}, "brief.battle", "brief.battle.lost")
	add([]string{"side", "spent", "sp"}, "supply.spent")
	add([]string{"place", "attacker"}, "battle", "battle.attacker")
	add([]string{"side", "kind", "unit", "firepower", "strength"}, "revealed", "revealed.reserve")
	add([]string{"usa", "csa"}, "report.points")
	add([]string{"winner"}, "report.over", "report.over.won")
	result := []string{"side", "line", "kind", "status", "blocks", "why", "rule"}
	add(result, "result", "result.line", "result.side", "result.line.side", "result.blocks", "result.why", "result.rule")
	add([]string{"kind", "line", "what"}, "tag", "tag.line", "tag.what", "tag.what.line")
	add([]string{"winner", "day", "usa", "csa"}, "summary.won", "summary.none")
	add([]string{"side", "total", "what"}, "summary.losses")
	add([]string{"block", "formation"}, "form.block")
	add([]string{"hq"}, "form.formation.corps", "form.formation.division", "form.formation.army")
	add([]string{"n"}, "summary.count.infantry", "summary.count.cavalry", "summary.count.artillery", "summary.count.hq", "summary.count.gunboat")
	add([]string{"n"}, "summary.fallen")
	add(nil, "summary.nothing", "summary.no-orders")
	add([]string{"game"}, "summary.chart")
	add([]string{"usa", "csa"}, "chart.totals")
	add([]string{"side"}, "chart.lost")
	add(nil, "form.edit", "form.examples", "form.activate", "form.arriving", "form.battles", "form.at-all", "form.supply")
	add([]string{"hqs"}, "form.hqs")
	add([]string{"place", "terrain", "stack"}, "form.area")
	add([]string{"list"}, "form.to")
	add([]string{"game", "viewer", "played", "next"}, "subject.first", "subject.hour", "subject.over", "subject.first.wait", "subject.hour.wait")
	// The sheet's lines and the form's (adjudicator.Told).
	add([]string{"parts"}, "parts")
	add([]string{"what", "why", "rule"}, "line", "line.why", "line.rule", "line.why.rule")
	add([]string{"place"}, "path.step")
	add(nil, "unit.a-block", "place.off-map")
	add([]string{"kind"}, "event.unknown")
	add([]string{"player1", "battles", "usa", "csa", "winner"}, "progress", "progress.won", "progress.over")
	add([]string{"due"}, "form.arrival")
	add([]string{"blocks", "where"}, "arrival.due")
	add([]string{"text"}, "form.text")
	add([]string{"place", "move", "battle"}, "form.exit", "form.exit.road")
	// The map (shiloh1862 picture.go).
	add(nil, "map.legend.heading", "map.legend.clear", "map.legend.woods", "map.legend.river", "map.legend.road",
		"map.legend.camp", "map.legend.stream", "map.legend.stream-crossing", "map.legend.creek", "map.legend.creek-crossing",
		"map.legend.entry", "map.legend.slope", "map.legend.ravine", "map.legend.marsh", "map.legend.river-bank",
		"map.gm", "map.gm.all", "mode.blocks", "mode.double-blind", "mode.open", "map.over", "map.score-label",
		"map.camps", "map.arrivals", "map.eliminated", "map.none", "map.where.landing", "map.key.name", "map.key.unit",
		"map.key.battle", "map.key.move", "map.key.retreat", "map.key.changed", "map.key.control", "map.key.eliminated",
		"map.key.enemy", "map.key.ghost", "map.key.formation",
		"map.key.count", "map.key.taken", "map.key.contested")
	add([]string{"side"}, "map.side")
	add([]string{"turn", "player1", "usa", "csa"}, "map.player1", "map.player1.rolled")
	add([]string{"winner"}, "map.over.won")
	add([]string{"side", "points"}, "map.score")
	add([]string{"blocks", "where"}, "map.arrival")
	add([]string{"place", "choice"}, "map.where", "map.where.choice")
	add([]string{"n"}, "map.arrivals-tag")
	add([]string{"name", "side"}, "map.lost", "map.lost.side", "map.lost.unknown")
	// Why each order went as it did (shiloh1862 Result.Why), by their keys.
	add([]string{"block"}, "why.not-your-block", "block")
	add([]string{"text"}, "why.as-written")
	add([]string{"area"}, "why.unknown-area")
	add([]string{"unit", "where"}, "why.off-map")
	add(nil, "why.no-planned-initiative", "why.arrival-night", "why.no-blocks", "why.no-destination", "why.path-too-long",
		"why.off-map-straight", "why.road-ends-home", "why.road-frontline", "why.night-no-attack", "why.road-no-battle", "why.marsh",
		"why.gunboat-river", "why.gunboat-attack", "why.gunboat-night", "why.player1-not-pinned", "why.no-battle",
		"why.doctrines-covered", "why.regroup-none", "why.no-supply", "why.day2-armies")
	add([]string{"side"}, "why.marker-held", "why.marker-kept", "why.player2-battles")
	add([]string{"side", "to"}, "why.marker-passes", "why.marker-passes.taken")
	add([]string{"side", "hour"}, "why.first-hour")
	add([]string{"side", "roll", "other", "other-roll"}, "why.rolled")
	add([]string{"roll", "side", "rule"}, "why.tie")
	add([]string{"unit"}, "why.not-an-hq", "why.activated-already", "why.hq-at-zero", "why.hq-in-battle", "why.no-army-command",
		"why.stood-down", "why.no-hq", "why.arrival-waits", "why.no-landing", "why.arrival-siege", "why.moved-already",
		"why.not-arrived", "why.siege", "why.leaving-battle", "why.gunboat-zero", "why.pin-not-needed", "why.regroup.unknown",
		"why.regroup.done", "why.regroup.siege", "why.regroup.there", "why.regroup.border", "why.regroup.artillery",
		"why.regroup.contested", "why.regroup.enemy", "why.stepped-already", "why.full-strength")
	add([]string{"hq", "blocks", "strength"}, "why.commanded")
	add([]string{"unit", "hq", "range"}, "why.out-of-range")
	add([]string{"hq", "unit", "army"}, "why.other-army")
	add([]string{"unit", "hq"}, "why.not-of-formation", "why.no-hq.activate", "why.no-reinforce-command")
	add([]string{"unit", "own", "hq"}, "why.own-hq-present")
	add([]string{"hq"}, "why.army-hq-full")
	add([]string{"unit", "action", "why"}, "why.no-hq-can")
	add([]string{"action", "why"}, "why.uncommanded")
	add([]string{"unit", "roll"}, "why.straggled")
	add([]string{"place"}, "why.not-a-landing", "why.landing-closed", "why.hold-not-enemy", "why.held-back", "why.arrival-contested",
		"why.road-blocked", "why.enemy-reinforce", "why.enemy-move", "why.contested-own-attack", "why.contested-move",
		"why.contested-p1", "why.not-entry-road", "why.gunboat-no-target", "why.no-battle-at", "why.listed-twice",
		"why.fought-in-order", "why.no-longer-contested", "why.earlier-doctrine", "why.regrouped", "why.area-supplied")
	add([]string{"arrival", "option"}, "why.not-your-arrival", "why.arrival-done", "why.arrival-not-due", "why.no-such-option", "why.arrival-option")
	add([]string{"unit", "place"}, "why.entry-enemy", "why.pinned", "why.attacked-border", "why.regroup.not-victor", "why.regroup.not-adjacent")
	add([]string{"limit"}, "why.arrival-limit")
	add([]string{"went", "failed", "why"}, "why.partial")
	add([]string{"unit", "at", "from"}, "why.elsewhere")
	add([]string{"to", "from", "adjacent"}, "why.not-adjacent", "why.not-adjacent.brief")
	add([]string{"from", "via", "or", "to"}, "why.impassable", "why.no-road-to", "why.artillery-road", "why.no-single-road", "why.road-ambiguous")
	add([]string{"limit", "from", "to"}, "why.move-limit", "why.frontline-limit", "why.battle-limit")
	add([]string{"place", "limit"}, "why.overstacked")
	add([]string{"side", "place"}, "why.won-no-battle")
	add([]string{"why"}, "why.regroup-failed")
	add([]string{"unit", "limit"}, "why.regroup.limit", "why.regroup.stacking")
	// What the report adds to an event (shiloh1862 Event.Why), by their keys.
	add([]string{"arrival"}, "ev.arrival-waits", "ev.no-landing")
	add([]string{"blocks", "place"}, "ev.entry-enemy")
	add([]string{"blocks", "place", "limit"}, "ev.arrival-overstack")
	add([]string{"unit", "roll"}, "ev.straggler-lost", "ev.straggler-none")
	add([]string{"unit", "roll", "strength"}, "ev.straggler-step")
	add([]string{"unit"}, "ev.as-army-hq", "ev.eliminated-straggling", "ev.eliminated-shattered", "ev.flank-bonus-lost", "ev.pass-gunboats",
		"ev.pass-reserves", "ev.pass-gunboat-holds", "ev.pass-zero", "ev.gunboat-zero", "ev.gunboat-no-target", "ev.gunboat-wear",
		"ev.gunboat-spent", "ev.eliminated", "ev.eliminated-left-map", "ev.public-loss", "ev.public-fall", "ev.other-army-commander",
		"ev.senior-hq", "ev.hq-waits", "ev.hq-never-rebuilt", "ev.hq-no-room")
	add([]string{"place"}, "ev.camp-captured")
	add([]string{"defender", "place", "attacker"}, "ev.swap")
	add([]string{"side", "place", "blocks", "notes"}, "ev.reserves", "ev.reserves.notes")
	add([]string{"why"}, "ev.fire", "ev.stays-off-map")
	add(nil, "ev.fp-reinforcing-artillery", "ev.fp-attacking-artillery", "ev.fp-ravine", "ev.fp-flank", "ev.fp-pursuit",
		"ev.loss-strongest", "ev.loss-first", "ev.loss-last", "ev.loss-default", "ev.attackers-retreat", "ev.retreat-listed",
		"ev.retreat-listed-full", "ev.retreat-default", "ev.retreat-rule-attackers", "ev.retreat-rule-reserves",
		"ev.retreat-rule-defenders", "ev.ohio-barred", "doctrine.hold", "doctrine.withdraw-if-weaker")
	add([]string{"what", "note"}, "ev.with-note")
	add([]string{"unit", "firepower", "why"}, "ev.pass-no-firepower")
	add([]string{"by", "how"}, "ev.hit-by")
	add([]string{"others", "strength", "order"}, "ev.loss-tied")
	add([]string{"place", "by"}, "ev.night-hit")
	add([]string{"unit", "by"}, "ev.pond-hit")
	add([]string{"unit", "place"}, "ev.retreated-full", "ev.eliminated-no-room", "ev.regroup", "ev.hq-rebuilt")
	add([]string{"why", "how"}, "ev.retreat")
	add([]string{"source", "doctrine"}, "ev.doctrine")
	add([]string{"doctrine", "steps", "enemy"}, "ev.weaker")
	add([]string{"round"}, "doctrine.withdraw-after")
	add([]string{"unit", "why"}, "ev.retreat-river", "ev.retreat-off-map", "ev.eliminated-siege", "ev.stays-siege")
	add([]string{"unit", "from", "to"}, "ev.move-on")
	add([]string{"why", "rule"}, "ev.stays-no-retreat")
	add([]string{"unit", "why", "rule"}, "ev.eliminated-no-retreat")
	add([]string{"unit", "enemy"}, "ev.hq-falls", "ev.army-hq-falls")
	add([]string{"unit", "army", "why"}, "ev.successor")
	add([]string{"army"}, "ev.no-successor")
	add([]string{"usa", "csa", "by"}, "ev.day1-usa-wins", "ev.day1-csa-wins", "ev.day2-csa-wins", "ev.day1-no-victory", "ev.day2-usa-wins")
	add([]string{"hour", "usa", "csa"}, "ev.scenario-ends")
	add([]string{"side", "position"}, "ev.battle-listed")
	add(nil, "ev.battle-unlisted")
	// A receipt's verdicts (shiloh1862 Check.Why) and suggestions (Check.Hint).
	add(nil, "check.no-side", "check.other-side", "check.ok", "check.pin-standing", "check.marker-yours", "check.no-planned-initiative",
		"check.battles", "check.regroup", "hint.army-hq", "hint.fewer", "hint.artillery-road", "hint.attack", "hint.reinforce", "hint.road")
	add([]string{"error"}, "check.misfit", "check.error")
	add([]string{"commands"}, "check.ok-commanded")
	add([]string{"unit", "hq"}, "check.commanded-by")
	add([]string{"blocks"}, "check.ok-supply")
	add([]string{"why"}, "check.ok-why")
	add([]string{"sp", "blocks"}, "check.supply-plan")
	add([]string{"side"}, "check.marker-other")
	add([]string{"doctrine"}, "check.doctrine")
	add([]string{"area"}, "check.unknown-retreat")
	add([]string{"to", "from"}, "check.retreat-not-adjacent")
	add([]string{"area", "to"}, "check.regroup-unknown")
	add([]string{"hq"}, "hint.hq-cannot", "hint.activate")
	add([]string{"adjacent"}, "hint.adjacent")
	// Why each die was thrown (adjudicator.Throw.Why).
	add([]string{"side", "die"}, "throw.initiative")
	add([]string{"block"}, "throw.straggler")
	add([]string{"place", "round", "unit", "firepower", "die", "dice"}, "throw.fire", "throw.night")
	// What the order grammar and package orders find in the orders.
	specs = append(specs, shiloh1862.GrammarCodes()...)
	specs = append(specs, ReceiptCodes()...)
	specs = append(specs, FrameCodes()...)
	specs = append(specs, NoticeCodes()...)
	return append(specs, orders.Codes()...)
}()

func TestWordingFiles(t *testing.T) {
	words := []string{"intent.attack", "intent.reinforce", "action.move", "action.attack", "action.reinforce",
		"where.pending", "where.eliminated", "where.fallen", "where.absent", "army.CSA", "army.US-TN", "army.US-OH",
		"army-title.CSA", "army-title.US-TN", "army-title.US-OH", "doctrine-source.doctrine", "doctrine-source.default"}
	for _, st := range []shiloh1862.Status{shiloh1862.Executed, shiloh1862.Partial, shiloh1862.Dropped,
		shiloh1862.Invalid, shiloh1862.Illegal, shiloh1862.Unused} {
		words = append(words, "status."+string(st))
	}
	for _, w := range words {
		if !shilohWords(t).Has(w) {
			t.Errorf("%s has no wording", w)
		}
	}
	for _, p := range shilohWords(t).Problems(shilohCodes, words...) {
		t.Error(p)
	}
}

// The two rare events the random games of the wording's equivalence check did not
// produce, worded as the report always worded them.
func TestRareEventsWorded(t *testing.T) {
	for _, c := range []struct {
		e    shiloh1862.Event
		want string
	}{
		{shiloh1862.Event{Kind: shiloh1862.EvControlChanged, Area: "rea_field", Side: adjudicator.CSA}, "Rea Field is now held by CSA."},
		{shiloh1862.Event{Kind: shiloh1862.EvControlChanged, Area: "rea_field"}, "Rea Field is now held by nobody."},
		{shiloh1862.Event{Kind: shiloh1862.EvOhioBarred, Rule: "9.1"}, "All three landings are Confederate: the Army of the Ohio will not arrive [9.1]."},
	} {
		if got := eventText(t, adjudicator.USA, c.e); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.Kind, got, c.want)
		}
	}
}

// The event reasons no game or probe of the engine's equivalence tests gives
// (shiloh1862 why_test.go): a siege gun that must retreat, a reserve with
// nowhere to go, a default doctrine that withdraws. Worded as the engine writes
// them.
func TestRareEventReasonsWorded(t *testing.T) {
	w := teller{told: contract(t).(adjudicator.Told), w: shilohWords(t)}
	must := adjudicator.Say("ev.attackers-retreat")
	hold := adjudicator.Say("ev.doctrine", adjudicator.WordArg("source", "doctrine-source.default"), adjudicator.PhrasesArg("doctrine", adjudicator.Say("doctrine.hold")))
	for _, c := range []struct {
		why  adjudicator.Phrase
		want string
	}{
		{adjudicator.Say("ev.eliminated-siege", adjudicator.UnitArg("unit", "us_webster"), adjudicator.PhrasesArg("why", must)),
			"Webster must retreat (attackers must retreat in round 4 (6.73)) but never retreats (6.1): eliminated"},
		{adjudicator.Say("ev.stays-no-retreat", adjudicator.PhrasesArg("why", hold), adjudicator.PhrasesArg("rule", adjudicator.Say("ev.retreat-rule-reserves"))),
			"default: hold, but no retreat is open (reserves retreat like defenders, 6.74)"},
	} {
		if got := w.say(c.why); got != c.want {
			t.Errorf("%s: %q, want %q", c.why.Code, got, c.want)
		}
	}
}

// The end-of-game record's lines (8.0): a winner with the day, each side's losses
// by type with its Fallen HQ markers apart, and a side that lost nothing.
func TestSummaryWording(t *testing.T) {
	c := contract(t)
	record := func(st *shiloh1862.State) (string, []string) {
		rec, err := c.(adjudicator.Told).Record(st, nil)
		if err != nil {
			t.Fatal(err)
		}
		w := teller{told: c.(adjudicator.Told), w: shilohWords(t)}
		var losses []string
		for _, l := range rec.Losses {
			losses = append(losses, w.say(l))
		}
		return w.say(rec.Result), losses
	}
	if got, _ := record(&shiloh1862.State{Hour: shiloh1862.Day2First + 3, Winner: adjudicator.CSA}); got != "CSA wins (Day 2): USA 0 VP, CSA 0 VP (8.0)." {
		t.Errorf("result %q", got)
	}
	if got, _ := record(&shiloh1862.State{Hour: 3}); got != "The game ended without a winner: USA 0 VP, CSA 0 VP." {
		t.Errorf("result %q", got)
	}
	// USA lost two infantry blocks, an artillery block and an HQ's Fallen marker;
	// the CSA nothing.
	st := &shiloh1862.State{Hour: 3, Losses: []shiloh1862.Loss{{Side: adjudicator.USA, Block: "us_hildebrand"},
		{Side: adjudicator.USA, Block: "us_buckland"}, {Side: adjudicator.USA, Block: "us_taylor_art"},
		{Side: adjudicator.USA, Block: "us_sherman", HQFall: true}}}
	_, lines := record(st)
	want := []string{"USA lost 4 (VPs for the enemy): 2 infantry, 1 artillery, 1 Fallen HQ marker.", "CSA lost 0 (VPs for the enemy): nothing."}
	if len(lines) != 2 || lines[0] != want[0] || lines[1] != want[1] {
		t.Errorf("losses %q, want %q", lines, want)
	}
}

// shilohWords is Shiloh 1862's wording as the mails read it.
func shilohWords(t testing.TB) *words.Wording {
	t.Helper()
	w, err := words.For(shiloh1862.SystemID)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

package shiloh1862

import (
	"fmt"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file cuts the hour mail's report from a ReportView (adjudicator.Told): what
// each section says, as phrases worded by templates/words/shiloh1862.txt. It reads
// only the viewer's report view and the scenario's static names, so the report
// can tell nothing the view does not.

// UnitName and PlaceName name what the wording names: every id a view carries
// (the view has already left out what its viewer may not know). An id the
// scenario lacks is printed as written.
func (c contractScenario) UnitName(id string) (string, bool) {
	if b := c.sc.OB.Block(BlockID(id)); b != nil {
		return b.Name, true
	}
	return id, true
}

func (c contractScenario) PlaceName(id string) (string, bool) {
	if a := c.sc.Map.Area(AreaID(id)); a != nil {
		return a.Name, true
	}
	return id, true
}

// phraseArg is a phrase as an argument; none says nothing.
func phraseArg(key string, p adjudicator.Phrase) adjudicator.Arg {
	if p.Code == "" {
		return adjudicator.TextArg(key, "")
	}
	return adjudicator.PhrasesArg(key, p)
}

func blockIDs(ids []BlockID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return out
}

// blocksArg lists blocks as a report does: "A, B, C".
func blocksArg(key string, ids []BlockID) adjudicator.Arg {
	return adjudicator.UnitsArg(key, blockIDs(ids))
}

// Sheet is the hour's report for rv's viewer.
func (c contractScenario) Sheet(v adjudicator.ReportView) (*adjudicator.Sheet, error) {
	rv, err := AsReportView(v)
	if err != nil {
		return nil, err
	}
	if rv == nil {
		return nil, fmt.Errorf("shiloh1862: no report view")
	}
	return sheetOf(c.sc, rv), nil
}

func sheetOf(sc *Scenario, rv *ReportView) *adjudicator.Sheet {
	r := &adjudicator.Sheet{Viewer: rv.Viewer, Turn: rv.Hour.String(), Initiative: initiativePhrase(rv.Initiative)}
	// The orders that failed come first, each with why, for the summary; each
	// of the others is one line: an order carried out says what it did (its
	// moves, which the movement then leaves out), one unused says why.
	told := toldByOrders(rv)
	for _, res := range rv.Results {
		if res.Status == Executed && rv.Viewer != adjudicator.NoSide {
			if res.Order.Kind == "supply" { // the supply section tells each step given
				continue
			}
			r.Orders = append(r.Orders, executedLine(rv, res))
			continue
		}
		// One order can give several identical results (Player 2's battle list,
		// one per area named): the reader needs the sentence once.
		l := resultLine(rv.Viewer, res)
		to := &r.Orders
		if failed(res.Status) {
			to = &r.Attention
		}
		if k := len(*to); k > 0 && (*to)[k-1].Class == l.Class && samePhrase((*to)[k-1].Say, l.Say) {
			continue
		}
		*to = append(*to, l)
	}
	var cur *adjudicator.Battle
	var round *adjudicator.Round
	var fought []Event // the current battle's events, for its summary
	battles := 0
	for _, e := range rv.Events {
		if cur != nil && e.Kind != EvBattle && battleEvent(e.Kind) {
			fought = append(fought, e)
			if e.Kind == EvRound {
				cur.Rounds = append(cur.Rounds, adjudicator.Round{N: int(e.Round)})
				round = &cur.Rounds[len(cur.Rounds)-1]
				continue
			}
			l := eventLine(sc, rv.Viewer, e)
			switch {
			case e.Kind == EvBattleEnd || e.Kind == EvRegroup || round == nil:
				cur.After = append(cur.After, l)
			default:
				round.Lines = append(round.Lines, l)
			}
			if e.Kind == EvBattleEnd {
				round = nil
			}
			cur.Result = battleResult(fought)
			continue
		}
		switch e.Kind {
		case EvBattle:
			battles++
			r.Battles = append(r.Battles, adjudicator.Battle{Title: battleTitle(e)})
			cur = &r.Battles[len(r.Battles)-1]
			round, fought = nil, nil
			for _, b := range e.Revealed {
				cls := "enemy"
				if b.Side == rv.Viewer {
					cls = "own"
				}
				code := "revealed"
				if b.Reserve {
					code = "revealed.reserve"
				}
				cur.Revealed = append(cur.Revealed, adjudicator.Line{Say: adjudicator.Say(code, adjudicator.SideArg("side", b.Side),
					adjudicator.TextArg("kind", blockKind(sc, b.Block)), adjudicator.UnitArg("unit", string(b.Block)),
					adjudicator.TextArg("firepower", b.Firepower.String()), adjudicator.IntArg("strength", b.Strength)), Class: cls})
			}
		case EvSupply, EvHQRebuilt, EvCampCaptured:
			cur = nil
			r.Supply = append(r.Supply, eventLine(sc, rv.Viewer, e))
		case EvEliminated, EvHQFallen, EvSuccession:
			r.Losses = append(r.Losses, eventLine(sc, rv.Viewer, e))
		case EvVictory:
			r.Outcome = eventLine(sc, rv.Viewer, e).Say
		case EvInitiative:
		default:
			cur = nil
			switch {
			case told[e.Kind][e.Block] && e.Side == rv.Viewer:
			case e.Side != rv.Viewer && rv.Viewer != adjudicator.NoSide:
				r.Enemy = append(r.Enemy, eventLine(sc, rv.Viewer, e))
			default:
				r.Movement = append(r.Movement, eventLine(sc, rv.Viewer, e))
			}
		}
	}
	r.Supply = append(supplySpent(rv), r.Supply...)
	r.Points = pointsPhrase(rv.Points)
	if rv.Over && r.Outcome.Code == "" {
		code := "report.over"
		if rv.Winner != adjudicator.NoSide {
			code = "report.over.won"
		}
		r.Outcome = adjudicator.Say(code, adjudicator.SideArg("winner", rv.Winner))
	}
	r.Progress = progressPhrase(rv, battles)
	return r
}

// failed says whether an order's result needs the player's attention: it did not
// go (or not all of it) as written.
func failed(s Status) bool {
	switch s {
	case Partial, Dropped, Illegal, Invalid:
		return true
	}
	return false
}

// toldByOrders are the viewer's own events that the order lines tell already,
// by kind and block: the moves of the move orders carried out, and the
// activation and step lost of each HQ an activation order names.
func toldByOrders(rv *ReportView) map[EventKind]map[BlockID]bool {
	told := map[EventKind]map[BlockID]bool{EvMove: {}, EvActivate: {}, EvHQReduced: {}}
	if rv.Viewer == adjudicator.NoSide {
		return told
	}
	for _, res := range rv.Results {
		switch {
		case res.Order.Kind == "move" && res.Status == Executed:
			for _, id := range res.Blocks {
				told[EvMove][id] = true
			}
		case res.Order.Kind == "activate" && res.Status == Executed:
			if hq := phraseUnit(res.Why, "hq"); hq != "" {
				told[EvActivate][hq], told[EvHQReduced][hq] = true, true
			}
		case res.Order.Kind == "activate" && res.Status == Unused && len(res.Blocks) == 1:
			told[EvActivate][res.Blocks[0]] = true
		}
	}
	return told
}

// phraseUnit is the unit a phrase names under key, or "".
func phraseUnit(p adjudicator.Phrase, key string) BlockID {
	for _, a := range p.Args {
		if a.Key == key && a.Kind == adjudicator.ArgUnit && len(a.Strs) == 1 {
			return BlockID(a.Strs[0])
		}
	}
	return ""
}

// executedLine is one order of the viewer's carried out: a move order by the
// moves it made, its blocks together where they went alike; any other by its
// tag ("activate (line 1): Hardee commanded Cleburne, Wood; reduced to 1").
func executedLine(rv *ReportView, res Result) adjudicator.Line {
	if res.Order.Kind != "move" {
		return adjudicator.Line{Say: res.tagLine(), Class: "own"}
	}
	type group struct {
		e      Event
		blocks []BlockID
	}
	var groups []*group
	for _, e := range rv.Events {
		if e.Kind != EvMove || e.Side != rv.Viewer || !slices.Contains(res.Blocks, e.Block) {
			continue
		}
		var g *group
		for _, o := range groups {
			if o.e.From == e.From && o.e.To == e.To && slices.Equal(o.e.Via, e.Via) && o.e.Intent == e.Intent &&
				o.e.CommandedBy == e.CommandedBy && o.e.Rule == e.Rule {
				g = o
			}
		}
		if g == nil {
			g = &group{e: e}
			groups = append(groups, g)
		}
		g.blocks = append(g.blocks, e.Block)
	}
	if len(groups) == 0 {
		return adjudicator.Line{Say: res.tagLine(), Class: "own"}
	}
	moves := make([]adjudicator.Phrase, len(groups))
	for i, g := range groups {
		code := "done.move"
		if g.e.Rule != "" {
			code += ".rule"
		}
		moves[i] = adjudicator.Say(code, adjudicator.PhrasesArg("what", movePhrase(g.e,
			adjudicator.Say("who.blocks", blocksArg("blocks", g.blocks)))), adjudicator.TextArg("rule", g.e.Rule))
	}
	code := "done"
	if res.Order.Line > 0 {
		code += ".line"
	}
	return adjudicator.Line{Say: adjudicator.Say(code, adjudicator.IntArg("line", res.Order.Line),
		adjudicator.PhrasesArg("moves", moves...)), Class: "own"}
}

// tagLine is an order carried out in one line, by its tag.
func (r Result) tagLine() adjudicator.Phrase {
	return adjudicator.Say("done.tag", adjudicator.PhrasesArg("tag", resultTag(r)), adjudicator.TextArg("rule", r.Rule))
}

// battleResult is a battle in one line for the summary, from its events so far:
// how it ended, the hits each side took and the blocks it lost.
func battleResult(evs []Event) adjudicator.Phrase {
	var hits [2]int
	var lost []BlockID
	var end adjudicator.Phrase
	for _, e := range evs {
		switch {
		case e.Side == adjudicator.NoSide:
		case e.Kind == EvHit, e.Kind == EvEliminated && !restates(e):
			hits[e.Side.Index()]++
		}
		if (e.Kind == EvEliminated || e.Kind == EvHQFallen) && e.Block != "" && !slices.Contains(lost, e.Block) {
			lost = append(lost, e.Block)
		}
		if e.Kind == EvBattleEnd {
			end = battleEnd(e)
		}
	}
	code := "brief.battle"
	if len(lost) > 0 {
		code += ".lost"
	}
	return adjudicator.Say(code, phraseArg("end", end), adjudicator.IntArg("usa", hits[adjudicator.USA.Index()]),
		adjudicator.IntArg("csa", hits[adjudicator.CSA.Index()]), blocksArg("lost", lost))
}

// supplySpent is the SP each side the viewer may know of spent this hour, of
// those it had (7.1, 7.2, 9.2.3): one per step given.
func supplySpent(rv *ReportView) []adjudicator.Line {
	var out []adjudicator.Line
	for _, s := range adjudicator.Sides {
		if rv.Viewer != adjudicator.NoSide && s != rv.Viewer {
			continue
		}
		spent, camps := 0, 0
		for _, e := range rv.Events {
			switch {
			case e.Kind == EvSupply && e.Side == s:
				spent++
			case e.Kind == EvCampCaptured && e.Side == s:
				camps++
			}
		}
		out = append(out, adjudicator.Line{Say: adjudicator.Say("supply.spent", adjudicator.SideArg("side", s),
			adjudicator.IntArg("spent", spent), adjudicator.IntArg("sp", supplyOf(rv.Hour, camps))), Class: classFor(rv.Viewer, s)})
	}
	return out
}

// classFor is how the HTML colours a line about side s for viewer.
func classFor(viewer, s adjudicator.Side) string {
	if s == viewer || viewer == adjudicator.NoSide {
		return "own"
	}
	return "enemy"
}

// samePhrase reports whether two phrases say the same thing with the same
// arguments (and so word alike).
func samePhrase(a, b adjudicator.Phrase) bool {
	return a.Code == b.Code && slices.EqualFunc(a.Args, b.Args, func(x, y adjudicator.Arg) bool {
		return x.Key == y.Key && x.Kind == y.Kind && x.Int == y.Int && slices.Equal(x.Strs, y.Strs) &&
			slices.Equal(x.Ints, y.Ints) && slices.EqualFunc(x.Phrases, y.Phrases, samePhrase)
	})
}

func pointsPhrase(p [2]int) adjudicator.Phrase {
	return adjudicator.Say("report.points", adjudicator.IntArg("usa", p[adjudicator.USA.Index()]),
		adjudicator.IntArg("csa", p[adjudicator.CSA.Index()]))
}

// progressPhrase is the hour in one line for the demo's terminal: Player 1, the
// battles fought and the victory points, and the end if it came.
func progressPhrase(rv *ReportView, battles int) adjudicator.Phrase {
	code := "progress"
	if rv.Over {
		code = "progress.over"
		if rv.Winner != adjudicator.NoSide {
			code = "progress.won"
		}
	}
	return adjudicator.Say(code, adjudicator.SideArg("player1", rv.Initiative.Player1), adjudicator.IntArg("battles", battles),
		adjudicator.IntArg("usa", rv.Points[adjudicator.USA.Index()]), adjudicator.IntArg("csa", rv.Points[adjudicator.CSA.Index()]),
		adjudicator.SideArg("winner", rv.Winner))
}

// blockKind is what a block is ("infantry", "DHQ"), as the report names it.
func blockKind(sc *Scenario, id BlockID) string {
	b := sc.OB.Block(id)
	if b == nil {
		return string(id)
	}
	return kindWord(b.Type, b.HQKind)
}

func battleEvent(k EventKind) bool {
	switch k {
	case EvRound, EvReserves, EvSwap, EvFire, EvHit, EvRetreat, EvPass, EvEliminated,
		EvHQFallen, EvSuccession, EvBattleEnd, EvRegroup:
		return true
	}
	return false
}

func battleTitle(e Event) adjudicator.Phrase {
	code := "battle"
	if e.Attacker != adjudicator.NoSide {
		code = "battle.attacker"
	}
	return adjudicator.Say(code, placeArg("place", e.Area), adjudicator.SideArg("attacker", e.Attacker))
}

func initiativePhrase(in Initiative) adjudicator.Phrase {
	u, c := in.Rolls[adjudicator.USA.Index()], in.Rolls[adjudicator.CSA.Index()]
	code := "initiative"
	if u != 0 || c != 0 {
		code += ".rolled"
	}
	// The reason says why only when the rolls do not: a tie, or an hour whose
	// Player 1 is fixed. A higher roll is told once, by the rolls.
	if decided := u != c && u != 0 && c != 0; in.Why.Code != "" && !decided {
		code += ".why"
	}
	return adjudicator.Say(code, adjudicator.IntArg("usa", u), adjudicator.IntArg("csa", c),
		adjudicator.SideArg("player1", in.Player1), adjudicator.PhrasesArg("why", in.Why))
}

// resultTag names an executed order briefly: "move (line 3): Cleburne". An
// activation says which HQ commanded which blocks: its blocks are the commanded
// ones, not HQs, and would read as if they had been activated.
func resultTag(r Result) adjudicator.Phrase {
	code := "tag"
	var what adjudicator.Arg
	switch {
	case r.Order.Kind == "activate" && r.Why.Code != "":
		code, what = "tag.what", resultWhy(r)
	case len(r.Blocks) > 0:
		code, what = "tag.what", blocksArg("what", r.Blocks)
	}
	what.Key = "what"
	if r.Order.Line > 0 {
		code += ".line"
	}
	return adjudicator.Say(code, adjudicator.TextArg("kind", r.Order.Kind), adjudicator.IntArg("line", r.Order.Line), what)
}

// resultWhy is why an order went as it did: the result's phrase, naming what the
// viewer's report view carries (a result is the viewer's own order, and its
// phrase names only what the viewer knows).
func resultWhy(r Result) adjudicator.Arg { return adjudicator.PhrasesArg("why", r.Why) }

func resultLine(viewer adjudicator.Side, r Result) adjudicator.Line {
	// The order, as "line 3, move: dropped", then what it was about, why, and the
	// rule, each worded by its own entry.
	code := "result"
	if r.Order.Line > 0 {
		code += ".line"
	}
	if viewer == adjudicator.NoSide {
		code += ".side"
	}
	args := []adjudicator.Arg{adjudicator.SideArg("side", r.Side), adjudicator.IntArg("line", r.Order.Line),
		adjudicator.TextArg("kind", r.Order.Kind), adjudicator.WordArg("status", "status."+string(r.Status)),
		blocksArg("blocks", r.Blocks), resultWhy(r), adjudicator.TextArg("rule", r.Rule)}
	parts := []adjudicator.Phrase{adjudicator.Say(code, args...)}
	if len(r.Blocks) > 0 && (r.Order.Kind != "activate" || r.Why.Code == "") { // an activation's reason names its HQ and blocks
		parts = append(parts, adjudicator.Say("result.blocks", args...))
	}
	if r.Why.Code != "" {
		parts = append(parts, adjudicator.Say("result.why", args...))
	}
	if r.Rule != "" {
		parts = append(parts, adjudicator.Say("result.rule", args...))
	}
	cls := ""
	switch r.Status {
	case Dropped, Illegal, Invalid:
		cls = "warn"
	}
	return adjudicator.Line{Say: adjudicator.Say("parts", adjudicator.PhrasesArg("parts", parts...)), Class: cls}
}

// eventLine tells one event in a sentence from the viewer's side.
func eventLine(sc *Scenario, viewer adjudicator.Side, e Event) adjudicator.Line {
	cls := "enemy"
	if e.Side == viewer || viewer == adjudicator.NoSide {
		cls = "own"
	}
	say := adjudicator.Say
	who := say("who", unitArg("unit", e.Block))
	switch {
	case e.Block == "" && e.Side != viewer:
		who = say("who.enemy")
	case viewer == adjudicator.NoSide && e.Side != adjudicator.NoSide && e.Block != "":
		who = say("who.gm", adjudicator.SideArg("side", e.Side), unitArg("unit", e.Block))
	}
	w := adjudicator.PhrasesArg("who", who)
	var s adjudicator.Phrase
	switch e.Kind {
	case EvArrival:
		where := e.Area
		if where == "" {
			where = e.To
		}
		if len(e.Blocks) > 0 {
			s = say("arrival", blocksArg("blocks", e.Blocks), placeArg("place", where))
		} else {
			s = say("arrival.unnamed", adjudicator.SideArg("side", e.Side), placeArg("place", where))
		}
	case EvArrivalHeld:
		s = say("arrival-held", phraseArg("why", e.Why))
	case EvActivate:
		s = say("activate", w)
	case EvMove:
		s = movePhrase(e, who)
	case EvStraggler:
		s = say("straggler", w, adjudicator.DiceArg("dice", e.Dice), adjudicator.IntArg("strength", e.Strength))
	case EvHQReduced:
		s = say("hq-reduced", w, adjudicator.IntArg("strength", e.Strength))
	case EvPinned:
		if len(e.Blocks) > 0 {
			s = say("pinned", placeArg("place", e.Area), blocksArg("blocks", e.Blocks))
		} else {
			s = say("pinned.unnamed", placeArg("place", e.Area))
		}
	case EvReserves:
		s = say("reserves")
	case EvSwap:
		s = say("swap", adjudicator.SideArg("side", e.Side))
	case EvFire:
		s = say("fire", w, adjudicator.TextArg("firepower", e.Firepower.String()), adjudicator.DiceArg("dice", e.Dice),
			adjudicator.IntArg("hits", e.Hits))
		if e.Hits > 0 {
			cls = "hit"
		}
	case EvHit:
		s = say("hit", w, adjudicator.IntArg("strength", e.Strength))
		cls = "hit"
	case EvRetreat:
		s = say("retreat", w, placeArg("to", e.To))
	case EvPass:
		s = say("pass", w)
	case EvEliminated:
		s = say("eliminated", w)
		cls = "loss"
	case EvHQFallen:
		s = say("hq-fallen", w)
		cls = "loss"
	case EvSuccession:
		s = say("succession", w)
	case EvBattleEnd:
		s = battleEnd(e)
	case EvRegroup:
		s = say("regroup", w, placeArg("to", e.To))
	case EvCampCaptured:
		s = say("camp-captured", placeArg("place", e.Area))
	case EvSupply:
		s = say("supply", w, adjudicator.IntArg("strength", e.Strength))
	case EvHQRebuilt:
		s = say("hq-rebuilt", w, adjudicator.IntArg("strength", e.Strength))
	case EvOhioBarred:
		s = say("ohio-barred")
	case EvVictory:
		code := "victory"
		if e.Winner != adjudicator.NoSide {
			code += ".won"
		}
		s = say(code, adjudicator.SideArg("winner", e.Winner), adjudicator.IntArg("usa", e.Points[0]), adjudicator.IntArg("csa", e.Points[1]))
	case EvControlChanged:
		if e.Side == adjudicator.NoSide {
			s = say("control-changed.nobody", placeArg("place", e.Area))
		} else {
			s = say("control-changed", placeArg("place", e.Area), adjudicator.SideArg("side", e.Side))
		}
	default:
		s = say("event.unknown", adjudicator.TextArg("kind", e.Kind.String()))
	}
	// The sentence, then why (where the engine explains a decision) and the rule.
	// An enemy move the viewer saw carries no identity; the engine's text would
	// only repeat the path.
	code := "line"
	unseen := e.Kind == EvMove && e.Block == ""
	if e.Why.Code != "" && !restates(e) && !unseen {
		code += ".why"
	}
	if e.Rule != "" {
		code += ".rule"
	}
	return adjudicator.Line{Say: say(code, adjudicator.PhrasesArg("what", s), adjudicator.PhrasesArg("why", e.Why),
		adjudicator.TextArg("rule", e.Rule)), Class: cls}
}

// movePhrase tells a move of who's: its path, its intent and the HQ that
// commanded it.
func movePhrase(e Event, who adjudicator.Phrase) adjudicator.Phrase {
	path := []adjudicator.Arg{placeArg("", e.From)}
	for _, v := range e.Via {
		path = append(path, placeArg("", v))
	}
	if len(e.Via) == 0 || e.Via[len(e.Via)-1] != e.To {
		path = append(path, placeArg("", e.To))
	}
	steps := make([]adjudicator.Phrase, len(path))
	for i, a := range path {
		a.Key = "place"
		steps[i] = adjudicator.Say("path.step", a)
	}
	code := "move"
	args := []adjudicator.Arg{adjudicator.PhrasesArg("who", who), adjudicator.PhrasesArg("path", steps...)}
	if e.Intent != IntentMove {
		code += ".intent"
		args = append(args, adjudicator.WordArg("intent", "intent."+e.Intent.String()))
	}
	if e.CommandedBy != "" {
		code += ".commanded"
		args = append(args, unitArg("hq", e.CommandedBy))
	}
	return adjudicator.Say(code, args...)
}

// battleEnd tells how a battle ended: who won, and in which round.
func battleEnd(e Event) adjudicator.Phrase {
	code := "battle-end"
	if e.Winner != adjudicator.NoSide {
		code += ".won"
	}
	if e.Round > 0 {
		code += ".round"
	}
	return adjudicator.Say(code, placeArg("place", e.Area), adjudicator.SideArg("winner", e.Winner), adjudicator.IntArg("round", e.Round))
}

// restates reports the events whose engine text only says again what the
// sentence already tells; for the others (retreats, hits, pins…) it explains a
// decision. A block eliminated at its last step (6.9) was told by its last hit.
func restates(e Event) bool {
	switch e.Kind {
	case EvActivate, EvMove, EvHQReduced, EvSupply, EvArrival, EvArrivalHeld, EvPinned, EvBattleEnd:
		return true
	case EvEliminated:
		return e.Rule == "6.9"
	}
	return false
}

package templates

import (
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Line is one sentence of the report. Class lets the HTML colour it: "own",
// "enemy", "hit", "loss", "warn" or "".
type Line struct {
	Text  string
	Class string
}

// Round is one battle round.
type Round struct {
	N     int
	Lines []Line
}

// Battle is one battle told in full (6.2: blocks are revealed at strength).
type Battle struct {
	Title    string
	Revealed []Line
	Rounds   []Round
	After    []Line // the end, regroups
}

// Report is the data both the text and the HTML report are made from.
type Report struct {
	Game       string
	Viewer     string
	Hour       string // the hour that was played
	Initiative string
	Orders     []Line
	Movement   []Line
	Battles    []Battle
	Supply     []Line
	Losses     []Line
	Points     string
	Outcome    string
}

// BuildReport turns a side's ReportView into report data. It reads only the
// ReportView and the scenario's static names.
func BuildReport(sc *shiloh1862.Scenario, game string, rv *shiloh1862.ReportView) *Report {
	n := namer{sc}
	r := &Report{Game: game, Viewer: viewerName(rv.Viewer), Hour: rv.Hour.String()}
	r.Initiative = initiativeLine(rv.Initiative)
	// Orders that did not go as written come first, each with why; those carried
	// out are summed up in one line (their moves are told under Movement).
	var done []string
	for _, res := range rv.Results {
		if res.Status == shiloh1862.Executed && rv.Viewer != adjudicator.NoSide {
			done = append(done, resultTag(n, res))
			continue
		}
		// One order can give several identical results (Player 2's battle list,
		// one per area named): the reader needs the sentence once.
		l := resultLine(n, rv.Viewer, res)
		if k := len(r.Orders); k > 0 && r.Orders[k-1] == l {
			continue
		}
		r.Orders = append(r.Orders, l)
	}
	if len(done) > 0 {
		r.Orders = append(r.Orders, Line{Text: shilohWords.Say(adjudicator.Say("report.carried-out", adjudicator.TextArg("orders", strings.Join(done, "; "))), n)})
	}
	var cur *Battle
	var round *Round
	for _, e := range rv.Events {
		if cur != nil && e.Kind != shiloh1862.EvBattle && battleEvent(e.Kind) {
			if e.Kind == shiloh1862.EvRound {
				cur.Rounds = append(cur.Rounds, Round{N: int(e.Round)})
				round = &cur.Rounds[len(cur.Rounds)-1]
				continue
			}
			l := eventLine(n, rv.Viewer, e)
			switch {
			case e.Kind == shiloh1862.EvBattleEnd || e.Kind == shiloh1862.EvRegroup || round == nil:
				cur.After = append(cur.After, l)
			default:
				round.Lines = append(round.Lines, l)
			}
			if e.Kind == shiloh1862.EvBattleEnd {
				round = nil
			}
			continue
		}
		switch e.Kind {
		case shiloh1862.EvBattle:
			r.Battles = append(r.Battles, Battle{Title: battleTitle(n, e)})
			cur = &r.Battles[len(r.Battles)-1]
			round = nil
			for _, b := range e.Revealed {
				cls := "enemy"
				if b.Side == rv.Viewer {
					cls = "own"
				}
				code := "revealed"
				if b.Reserve {
					code = "revealed.reserve"
				}
				txt := shilohWords.Say(adjudicator.Say(code, adjudicator.SideArg("side", b.Side), adjudicator.TextArg("kind", n.blockKind(b.Block)),
					adjudicator.UnitArg("unit", string(b.Block)), adjudicator.TextArg("firepower", b.Firepower.String()),
					adjudicator.IntArg("strength", b.Strength)), n)
				cur.Revealed = append(cur.Revealed, Line{txt, cls})
			}
		case shiloh1862.EvSupply, shiloh1862.EvHQRebuilt, shiloh1862.EvCampCaptured:
			cur = nil
			r.Supply = append(r.Supply, eventLine(n, rv.Viewer, e))
		case shiloh1862.EvEliminated, shiloh1862.EvHQFallen, shiloh1862.EvSuccession:
			r.Losses = append(r.Losses, eventLine(n, rv.Viewer, e))
		case shiloh1862.EvVictory:
			r.Outcome = eventLine(n, rv.Viewer, e).Text
		case shiloh1862.EvInitiative:
		default:
			cur = nil
			r.Movement = append(r.Movement, eventLine(n, rv.Viewer, e))
		}
	}
	r.Points = shilohWords.Say(adjudicator.Say("report.points", adjudicator.IntArg("usa", rv.Points[adjudicator.USA.Index()]),
		adjudicator.IntArg("csa", rv.Points[adjudicator.CSA.Index()])), n)
	if rv.Over && r.Outcome == "" {
		code := "report.over"
		if rv.Winner != adjudicator.NoSide {
			code = "report.over.won"
		}
		r.Outcome = shilohWords.Say(adjudicator.Say(code, adjudicator.SideArg("winner", rv.Winner)), n)
	}
	return r
}

func viewerName(s adjudicator.Side) string {
	if s == adjudicator.NoSide {
		return "GM"
	}
	return s.String()
}

func battleEvent(k shiloh1862.EventKind) bool {
	switch k {
	case shiloh1862.EvRound, shiloh1862.EvReserves, shiloh1862.EvSwap, shiloh1862.EvFire,
		shiloh1862.EvHit, shiloh1862.EvRetreat, shiloh1862.EvPass, shiloh1862.EvEliminated,
		shiloh1862.EvHQFallen, shiloh1862.EvSuccession, shiloh1862.EvBattleEnd, shiloh1862.EvRegroup:
		return true
	}
	return false
}

func battleTitle(n namer, e shiloh1862.Event) string {
	code := "battle"
	if e.Attacker != adjudicator.NoSide {
		code = "battle.attacker"
	}
	return shilohWords.Say(adjudicator.Say(code, adjudicator.PlaceArg("place", string(e.Area)), adjudicator.SideArg("attacker", e.Attacker)), n)
}

func initiativeLine(in shiloh1862.Initiative) string {
	u, c := in.Rolls[adjudicator.USA.Index()], in.Rolls[adjudicator.CSA.Index()]
	code := "initiative"
	if u != 0 || c != 0 {
		code += ".rolled"
	}
	// The reason says why only when the rolls do not: a tie, or an hour whose
	// Player 1 is fixed. A higher roll is told once, by the rolls.
	why := ""
	if in.Why.Code != "" {
		why = shilohWords.Say(in.Why, namer{})
	}
	if decided := u != c && u != 0 && c != 0; why != "" && !decided {
		code += ".why"
	}
	return shilohWords.Say(adjudicator.Say(code, adjudicator.IntArg("usa", u), adjudicator.IntArg("csa", c),
		adjudicator.SideArg("player1", in.Player1), adjudicator.TextArg("why", why)), namer{})
}

// resultTag names an executed order briefly: "move (line 3): Cleburne". An
// activation says which HQ commanded which blocks: its blocks are the commanded
// ones, not HQs, and would read as if they had been activated.
func resultTag(n namer, r shiloh1862.Result) string {
	code, what := "tag", ""
	switch {
	case r.Order.Kind == "activate" && r.Why.Code != "":
		code, what = "tag.what", resultWhy(n, r)
	case len(r.Blocks) > 0:
		code, what = "tag.what", n.blocks(r.Blocks)
	}
	if r.Order.Line > 0 {
		code += ".line"
	}
	return shilohWords.Say(adjudicator.Say(code, adjudicator.TextArg("kind", r.Order.Kind),
		adjudicator.IntArg("line", r.Order.Line), adjudicator.TextArg("what", what)), n)
}

// resultWhy words why an order went as it did from the result's phrase, naming
// what the viewer's report view carries (a result is the viewer's own order, and
// its phrase names only what the viewer knows).
func resultWhy(n namer, r shiloh1862.Result) string { return shilohWords.Say(r.Why, n) }

func resultLine(n namer, viewer adjudicator.Side, r shiloh1862.Result) Line {
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
		adjudicator.TextArg("blocks", n.blocks(r.Blocks)), adjudicator.TextArg("why", resultWhy(n, r)), adjudicator.TextArg("rule", r.Rule)}
	say := func(code string) string { return shilohWords.Say(adjudicator.Say(code, args...), n) }
	s := say(code)
	if len(r.Blocks) > 0 && (r.Order.Kind != "activate" || r.Why.Code == "") { // an activation's reason names its HQ and blocks
		s += say("result.blocks")
	}
	if r.Why.Code != "" {
		s += say("result.why")
	}
	if r.Rule != "" {
		s += say("result.rule")
	}
	cls := ""
	switch r.Status {
	case shiloh1862.Dropped, shiloh1862.Illegal, shiloh1862.Invalid:
		cls = "warn"
	}
	return Line{s, cls}
}

// eventLine tells one event in a sentence from the viewer's side, worded by
// templates/words/shiloh1862.txt.
func eventLine(n namer, viewer adjudicator.Side, e shiloh1862.Event) Line {
	cls := "enemy"
	if e.Side == viewer || viewer == adjudicator.NoSide {
		cls = "own"
	}
	say := func(code string, args ...adjudicator.Arg) string {
		return shilohWords.Say(adjudicator.Say(code, args...), n)
	}
	unit := func(key string, id shiloh1862.BlockID) adjudicator.Arg { return adjudicator.UnitArg(key, string(id)) }
	place := func(key string, id shiloh1862.AreaID) adjudicator.Arg { return adjudicator.PlaceArg(key, string(id)) }
	who := say("who", unit("unit", e.Block))
	switch {
	case e.Block == "" && e.Side != viewer:
		who = say("who.enemy")
	case viewer == adjudicator.NoSide && e.Side != adjudicator.NoSide && e.Block != "":
		who = say("who.gm", adjudicator.SideArg("side", e.Side), unit("unit", e.Block))
	}
	w := adjudicator.TextArg("who", who)
	var s string
	switch e.Kind {
	case shiloh1862.EvArrival:
		where := e.Area
		if where == "" {
			where = e.To
		}
		if len(e.Blocks) > 0 {
			s = say("arrival", adjudicator.TextArg("blocks", n.blocks(e.Blocks)), place("place", where))
		} else {
			s = say("arrival.unnamed", adjudicator.SideArg("side", e.Side), place("place", where))
		}
	case shiloh1862.EvArrivalHeld:
		s = say("arrival-held", adjudicator.TextArg("why", engineWhy(n, e)))
	case shiloh1862.EvActivate:
		s = say("activate", w)
	case shiloh1862.EvMove:
		path := n.area(e.From)
		for _, v := range e.Via {
			path += " > " + n.area(v)
		}
		if len(e.Via) == 0 || e.Via[len(e.Via)-1] != e.To {
			path += " > " + n.area(e.To)
		}
		code := "move"
		args := []adjudicator.Arg{w, adjudicator.TextArg("path", path)}
		if e.Intent != shiloh1862.IntentMove {
			code += ".intent"
			args = append(args, adjudicator.WordArg("intent", "intent."+e.Intent.String()))
		}
		if e.CommandedBy != "" {
			code += ".commanded"
			args = append(args, unit("hq", e.CommandedBy))
		}
		s = say(code, args...)
	case shiloh1862.EvStraggler:
		s = say("straggler", w, adjudicator.DiceArg("dice", e.Dice), adjudicator.IntArg("strength", e.Strength))
	case shiloh1862.EvHQReduced:
		s = say("hq-reduced", w, adjudicator.IntArg("strength", e.Strength))
	case shiloh1862.EvPinned:
		if len(e.Blocks) > 0 {
			s = say("pinned", place("place", e.Area), adjudicator.TextArg("blocks", n.blocks(e.Blocks)))
		} else {
			s = say("pinned.unnamed", place("place", e.Area))
		}
	case shiloh1862.EvReserves:
		s = say("reserves")
	case shiloh1862.EvSwap:
		s = say("swap", adjudicator.SideArg("side", e.Side))
	case shiloh1862.EvFire:
		s = say("fire", w, adjudicator.TextArg("firepower", e.Firepower.String()), adjudicator.DiceArg("dice", e.Dice),
			adjudicator.IntArg("hits", e.Hits))
		if e.Hits > 0 {
			cls = "hit"
		}
	case shiloh1862.EvHit:
		s = say("hit", w, adjudicator.IntArg("strength", e.Strength))
		cls = "hit"
	case shiloh1862.EvRetreat:
		s = say("retreat", w, place("to", e.To))
	case shiloh1862.EvPass:
		s = say("pass", w)
	case shiloh1862.EvEliminated:
		s = say("eliminated", w)
		cls = "loss"
	case shiloh1862.EvHQFallen:
		s = say("hq-fallen", w)
		cls = "loss"
	case shiloh1862.EvSuccession:
		s = say("succession", w)
	case shiloh1862.EvBattleEnd:
		code := "battle-end"
		if e.Winner != adjudicator.NoSide {
			code += ".won"
		}
		if e.Round > 0 {
			code += ".round"
		}
		s = say(code, place("place", e.Area), adjudicator.SideArg("winner", e.Winner), adjudicator.IntArg("round", e.Round))
	case shiloh1862.EvRegroup:
		s = say("regroup", w, place("to", e.To))
	case shiloh1862.EvCampCaptured:
		s = say("camp-captured", place("place", e.Area))
	case shiloh1862.EvSupply:
		s = say("supply", w, adjudicator.IntArg("strength", e.Strength))
	case shiloh1862.EvHQRebuilt:
		s = say("hq-rebuilt", w, adjudicator.IntArg("strength", e.Strength))
	case shiloh1862.EvOhioBarred:
		s = say("ohio-barred")
	case shiloh1862.EvVictory:
		code := "victory"
		if e.Winner != adjudicator.NoSide {
			code += ".won"
		}
		s = say(code, adjudicator.SideArg("winner", e.Winner), adjudicator.IntArg("usa", e.Points[0]), adjudicator.IntArg("csa", e.Points[1]))
	case shiloh1862.EvControlChanged:
		if e.Side == adjudicator.NoSide {
			s = say("control-changed.nobody", place("place", e.Area))
		} else {
			s = say("control-changed", place("place", e.Area), adjudicator.SideArg("side", e.Side))
		}
	default:
		s = e.Kind.String()
	}
	// An enemy move the viewer saw carries no identity; the engine's text would
	// only repeat the path.
	unseen := e.Kind == shiloh1862.EvMove && e.Block == ""
	if why := engineWhy(n, e); why != "" && !restates(e) && !unseen {
		s += " (" + why + ")"
	}
	if e.Rule != "" {
		s += " [" + e.Rule + "]"
	}
	return Line{s + ".", cls}
}

// restates reports the events whose engine text only says again what the
// sentence already tells; for the others (retreats, hits, pins…) it explains a
// decision. A block eliminated at its last step (6.9) was told by its last hit.
func restates(e shiloh1862.Event) bool {
	switch e.Kind {
	case shiloh1862.EvActivate, shiloh1862.EvMove, shiloh1862.EvHQReduced, shiloh1862.EvSupply,
		shiloh1862.EvArrival, shiloh1862.EvArrivalHeld, shiloh1862.EvPinned, shiloh1862.EvBattleEnd:
		return true
	case shiloh1862.EvEliminated:
		return e.Rule == "6.9"
	}
	return false
}

// engineWhy is what the report adds to an event's sentence: its phrase (Why),
// worded ("" when it has none).
func engineWhy(n namer, e shiloh1862.Event) string {
	if e.Why.Code == "" {
		return ""
	}
	return shilohWords.Say(e.Why, n)
}

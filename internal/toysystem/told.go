package toysystem

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file is what the mails say (adjudicator.Told), cut from views and report
// views as phrases that toy.txt words: the report of a player-turn, the call for
// orders with the order form, and the end-of-game record.

var say = adjudicator.Say

// UnitName names a unit by its designation; PlaceName a hex by its number, with
// the name printed on it if it has one. The game is open: every id a view
// carries may be named.
func (c *scenario) UnitName(id string) (string, bool) {
	if u, ok := unitOf(id); ok {
		return u.Name, true
	}
	return "", false
}

func (c *scenario) PlaceName(id string) (string, bool) {
	p := c.board.Place(adjudicator.PlaceID(id))
	if p == nil {
		return "", false
	}
	if len(p.Aliases) > 0 {
		return fmt.Sprintf("%s (%s)", p.ID, p.Aliases[0]), true
	}
	return p.Name, true
}

// Sheet is a played turn unit as rv's viewer reads it.
func (c *scenario) Sheet(v adjudicator.ReportView) (*adjudicator.Sheet, error) {
	rv := asReport(v)
	if rv == nil {
		return nil, fmt.Errorf("toy: %T is not a toy report view", v)
	}
	sh := &adjudicator.Sheet{Viewer: rv.Viewer, Turn: rv.played().Key, Points: pointsPhrase(rv.After.Score),
		Outcome: outcomePhrase(rv.outcome()), Progress: progressPhrase(rv)}
	done := 0
	for _, res := range rv.Results {
		switch res.Status {
		case Done:
			done++
		case Refused:
			why := say(res.Why, adjudicator.UnitArg("unit", res.Move.Unit), adjudicator.PlaceArg("to", string(res.Move.To)))
			sh.Orders = append(sh.Orders, adjudicator.Line{Say: say("result.refused", adjudicator.PhrasesArg("why", why)), Class: "warn"})
		case Ignored:
			why := say(res.Why, adjudicator.SideArg("side", rv.phasing()))
			sh.Orders = append(sh.Orders, adjudicator.Line{Say: say("result.ignored", adjudicator.PhrasesArg("why", why)), Class: "warn"})
		}
	}
	if done > 0 {
		sh.Orders = append(sh.Orders, adjudicator.Line{Say: say("result.done", adjudicator.IntArg("n", done))})
	}
	for _, e := range rv.Events {
		cls := "enemy"
		if rv.Viewer == adjudicator.NoSide || e.Side == rv.Viewer {
			cls = "own"
		}
		args := []adjudicator.Arg{adjudicator.UnitArg("unit", e.Unit), adjudicator.PlaceArg("from", string(e.From)),
			adjudicator.PlaceArg("to", string(e.To))}
		if e.Code == "move" {
			sh.Movement = append(sh.Movement, adjudicator.Line{Say: say("move", args...), Class: cls})
			continue
		}
		code, loss := "attack.lost", "hit"
		if e.Eliminated {
			code = "attack.won"
			d, _ := unitOf(e.Target)
			sh.Losses = append(sh.Losses, adjudicator.Line{Say: say("loss", adjudicator.UnitArg("unit", e.Target),
				adjudicator.SideArg("side", d.Side)), Class: "loss"})
		}
		args = append(args, adjudicator.UnitArg("target", e.Target), adjudicator.IntArg("die", e.Die))
		sh.Battles = append(sh.Battles, adjudicator.Battle{Title: say("attack.title", adjudicator.PlaceArg("place", string(e.To))),
			After: []adjudicator.Line{{Say: say(code, args...), Class: loss}}})
	}
	return sh, nil
}

func pointsPhrase(score [2]int) adjudicator.Phrase {
	return say("points", adjudicator.IntArg("usa", score[0]), adjudicator.IntArg("csa", score[1]))
}

func outcomePhrase(o adjudicator.Outcome) adjudicator.Phrase {
	switch {
	case !o.Over:
		return adjudicator.Phrase{}
	case o.Winner == adjudicator.NoSide:
		return say("outcome.drawn")
	}
	return say("outcome.won", adjudicator.SideArg("winner", o.Winner))
}

// progressPhrase is the turn unit in one line: who moved, how many units and
// attacks, and the end when it came.
func progressPhrase(rv *ReportView) adjudicator.Phrase {
	moves, attacks := 0, 0
	for _, e := range rv.Events {
		moves++
		if e.Code == "attack" {
			attacks++
		}
	}
	code, o := "progress", rv.outcome()
	switch {
	case o.Over && o.Winner == adjudicator.NoSide:
		code = "progress.drawn"
	case o.Over:
		code = "progress.won"
	}
	return say(code, adjudicator.SideArg("side", rv.phasing()), adjudicator.IntArg("moves", moves),
		adjudicator.IntArg("attacks", attacks), adjudicator.SideArg("winner", o.Winner))
}

// Form is the call for orders of the player-turn v opens. The side whose
// player-turn it is gets the order form: its units, where each stands and the
// hexes it may move to; the other side a line saying no orders are due from it.
func (c *scenario) Form(view adjudicator.View) (*adjudicator.Form, error) {
	v, ok := asView(view)
	if !ok {
		return nil, fmt.Errorf("toy: %T is not a toy view", view)
	}
	f := &adjudicator.Form{Points: pointsPhrase(v.Score)}
	if v.Over {
		return f, nil
	}
	turn := v.ViewTurn()
	f.Turn = turn.Key
	if v.Viewer != adjudicator.NoSide && !turn.Sends(v.Viewer) {
		f.Lines = []adjudicator.Phrase{say("form.wait", adjudicator.SideArg("side", turn.Phasing))}
		return f, nil
	}
	text := func(s string) adjudicator.Phrase { return say("form.text", adjudicator.TextArg("text", s)) }
	f.Lines = []adjudicator.Phrase{text(fmt.Sprintf("ORDERS %s %s", turn.Phasing, turn.Key)), say("form.edit"), say("form.how")}
	for _, u := range v.Units {
		if u.Side != turn.Phasing {
			continue
		}
		var near []string
		for _, n := range c.board.Neighbours(u.Hex) {
			near = append(near, string(n))
		}
		f.Lines = append(f.Lines, say("form.unit", adjudicator.UnitArg("unit", u.ID), adjudicator.TextArg("id", u.ID),
			adjudicator.PlaceArg("place", string(u.Hex)), adjudicator.PlacesArg("near", near)))
	}
	f.Lines = append(f.Lines, text("END"))
	return f, nil
}

// Record is the end of a finished game: who won on units left, each side's
// losses, and per player-turn who moved and the units each side lost.
func (c *scenario) Record(after adjudicator.State, gm []adjudicator.ReportView) (*adjudicator.Record, error) {
	st, err := asState(after)
	if err != nil {
		return nil, err
	}
	n := left(st.Units)
	rec := &adjudicator.Record{Result: say("record.drawn", adjudicator.IntArg("usa", n[0]), adjudicator.IntArg("csa", n[1]))}
	if st.Winner != adjudicator.NoSide {
		rec.Result = say("record.won", adjudicator.SideArg("winner", st.Winner), adjudicator.IntArg("usa", n[0]), adjudicator.IntArg("csa", n[1]))
	}
	for _, side := range adjudicator.Sides {
		var lost []string
		for _, u := range st.Units {
			if d, _ := unitOf(u.ID); d.Side == side && u.Hex == "" {
				lost = append(lost, u.ID)
			}
		}
		code := "record.losses"
		if len(lost) == 0 {
			code = "record.losses.none"
		}
		rec.Losses = append(rec.Losses, say(code, adjudicator.SideArg("side", side), adjudicator.UnitsArg("units", lost)))
	}
	for _, v := range gm {
		rv := asReport(v)
		if rv == nil {
			return nil, fmt.Errorf("toy: %T is not a toy report view", v)
		}
		t := rv.played()
		row := adjudicator.RecordTurn{Key: t.Key, Short: fmt.Sprintf("%d%c", t.Index/2+1, t.Phasing.String()[0]), First: t.Phasing}
		for _, e := range rv.Events {
			if d, _ := unitOf(e.Target); e.Eliminated {
				row.Lost[d.Side.Index()]++
			}
		}
		rec.Turns = append(rec.Turns, row)
	}
	return rec, nil
}

var _ adjudicator.Told = skirmish

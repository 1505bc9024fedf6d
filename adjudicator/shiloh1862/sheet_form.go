package shiloh1862

import (
	"fmt"
	"sort"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file cuts the call for orders (the pre-filled order form, the arrivals due)
// and the end-of-game record (8.0) as phrases for templates to word.

// Form is the call for orders of the hour v opens.
func (c contractScenario) Form(view adjudicator.View) (*adjudicator.Form, error) {
	v, err := AsView(view)
	if err != nil {
		return nil, err
	}
	f := &adjudicator.Form{Points: pointsPhrase(v.Points)}
	if v.Over {
		return f, nil
	}
	f.Turn = v.Hour.String()
	f.Lines = orderForm(c.sc, v)
	for _, a := range v.Arrivals {
		f.Arrivals = append(f.Arrivals, dueArrival(c.sc, a))
	}
	return f, nil
}

func dueArrival(sc *Scenario, a DueArrival) adjudicator.Phrase {
	name := func(id AreaID) string {
		if ar := sc.Map.Area(id); ar != nil {
			return ar.Name
		}
		return string(id)
	}
	return adjudicator.Say("arrival.due", blocksArg("blocks", a.Blocks), adjudicator.PhrasesArg("where", arrivalWhere(a.Options, name)...))
}

// arrivalWhere names where an arrival group may enter (5.6, 9.1), each place
// once: an entry area (with the choice word a player writes for it, when its
// name does not show it) or a landing. name is how the caller prints an area;
// the group's id is the scenario file's, never shown.
func arrivalWhere(opts []ArrivalOption, name func(AreaID) string) []adjudicator.Phrase {
	var where []adjudicator.Phrase
	seen := map[ArrivalOption]bool{}
	for _, o := range opts {
		o.Hour = 0 // the same place at another hour is the same place
		if seen[o] {
			continue
		}
		seen[o] = true
		switch {
		case o.Landing:
			where = append(where, adjudicator.Say("map.where.landing"))
		case o.Area != "":
			n := name(o.Area)
			code := "map.where"
			if o.Choice != "" && !strings.Contains(n, o.Choice) {
				code += ".choice"
			}
			where = append(where, adjudicator.Say(code, adjudicator.TextArg("place", n), adjudicator.TextArg("choice", o.Choice)))
		}
	}
	return where
}

// text is a line of the form that is the order language itself (its first and
// last lines) or a block's figures, which no wording changes.
func text(s string) adjudicator.Phrase {
	return adjudicator.Say("form.text", adjudicator.TextArg("text", s))
}

// orderForm is the pre-filled order form of one side for the hour its View opens:
// own blocks grouped by area with strength, firepower and command range, and as
// comments the adjacent areas with the border's move/battle limits and whether it
// carries a road. Lines starting with # are comments the order parser ignores, so
// the form can be edited and sent back. A zero phrase is a blank line.
func orderForm(sc *Scenario, v *View) []adjudicator.Phrase {
	say := adjudicator.Say
	blank := adjudicator.Phrase{}
	lines := []adjudicator.Phrase{text(fmt.Sprintf("ORDERS %s %s", v.Viewer, v.Hour)), say("form.edit"), say("form.examples")}
	areaName := func(id AreaID) string {
		if a := sc.Map.Area(id); a != nil {
			return a.Name
		}
		return string(id)
	}
	byArea := map[AreaID][]OwnBlock{}
	var areas []AreaID
	var hqs []OwnBlock
	for _, o := range v.Own {
		if o.Where != OnMap || (v.Viewer != adjudicator.NoSide && o.Side != v.Viewer) {
			continue
		}
		if _, ok := byArea[o.Area]; !ok {
			areas = append(areas, o.Area)
		}
		byArea[o.Area] = append(byArea[o.Area], o)
		if o.Type == HQ && o.Strength > 0 {
			hqs = append(hqs, o)
		}
	}
	sort.Slice(areas, func(i, j int) bool { return areaName(areas[i]) < areaName(areas[j]) })
	sort.Slice(hqs, func(i, j int) bool { return hqs[i].Name < hqs[j].Name })
	if len(hqs) > 0 {
		ids := make([]string, len(hqs))
		for i, h := range hqs {
			ids[i] = string(h.ID)
		}
		lines = append(lines, blank, say("form.hqs", adjudicator.UnitsArg("hqs", ids)), say("form.activate"))
	}
	for _, a := range areas {
		area := sc.Map.Area(a)
		lines = append(lines, blank, say("form.area", adjudicator.PlaceArg("place", string(a)), adjudicator.TextArg("terrain", string(area.Terrain)),
			adjudicator.IntArg("stack", area.Stack)))
		for _, o := range byArea[a] {
			s := fmt.Sprintf("#   %-14s %s %d/%d", o.Name, o.Firepower, o.Strength, o.Max)
			if o.CommandRange > 0 {
				s += fmt.Sprintf(" CR%d", o.CommandRange)
			}
			s += " " + kindWord(o.Type, o.HQKind)
			if f := formationPhrase(sc, o.Formation); f.Code != "" {
				lines = append(lines, say("form.block", adjudicator.TextArg("block", s), adjudicator.PhrasesArg("formation", f)))
				continue
			}
			lines = append(lines, text(s))
		}
		var exits []adjudicator.Phrase
		for _, nb := range sc.Map.Neighbours(a) {
			l := sc.Map.Border(a, nb).Limits(a)
			if !l.Passable {
				continue
			}
			code := "form.exit"
			if l.Road {
				code = "form.exit.road"
			}
			exits = append(exits, say(code, adjudicator.PlaceArg("place", string(nb)), adjudicator.IntArg("move", l.Move),
				adjudicator.IntArg("battle", l.Battle)))
		}
		if len(exits) > 0 {
			lines = append(lines, say("form.to", adjudicator.PhrasesArg("list", exits...)))
		}
	}
	if len(v.Arrivals) > 0 {
		lines = append(lines, blank, say("form.arriving"))
		for _, ar := range v.Arrivals {
			lines = append(lines, say("form.arrival", adjudicator.PhrasesArg("due", dueArrival(sc, ar))))
		}
	}
	return append(lines, blank, say("form.battles"), say("form.at-all"), say("form.supply"), text("END"))
}

// formationPhrase names a block's formation by its HQ ("Hardee's corps"), which
// alone may command it outside its own area (5.22); zero when the data names none.
func formationPhrase(sc *Scenario, id FormationID) adjudicator.Phrase {
	f := sc.OB.Formation(id)
	if f == nil || sc.OB.Block(f.HQ) == nil {
		return adjudicator.Phrase{}
	}
	kind := "division"
	switch sc.OB.Block(f.HQ).HQKind {
	case CHQ:
		kind = "corps"
	case AHQ:
		kind = "army"
	}
	return adjudicator.Say("form.formation."+kind, adjudicator.UnitArg("hq", string(f.HQ)))
}

// kindWord is a block's type as its data names it ("infantry", "DHQ").
func kindWord(t BlockType, hq HQKind) string {
	if t == HQ {
		return string(hq)
	}
	return string(t)
}

// Record is the end-of-game record (8.0): the result, each side's losses, and per
// hour Player 1 and the steps each side lost.
func (c contractScenario) Record(after adjudicator.State, gm []adjudicator.ReportView) (*adjudicator.Record, error) {
	st, err := AsState(after)
	if err != nil {
		return nil, err
	}
	rec := &adjudicator.Record{Result: resultPhrase(st), Losses: lossPhrases(Tallies(c.sc, st))}
	for _, v := range gm {
		rv, err := AsReportView(v)
		if err != nil {
			return nil, err
		}
		if rv == nil {
			return nil, fmt.Errorf("shiloh1862: no report view")
		}
		rec.Turns = append(rec.Turns, adjudicator.RecordTurn{Key: rv.Hour.String(), Short: rv.Hour.Short(), First: rv.Initiative.Player1,
			Lost: [2]int{StepsLost(c.sc, rv.Events, adjudicator.USA), StepsLost(c.sc, rv.Events, adjudicator.CSA)}})
	}
	return rec, nil
}

// resultPhrase is a finished game's result by the victory rules (8.0).
func resultPhrase(st *State) adjudicator.Phrase {
	p := st.Points()
	day := 1
	if st.Hour > Day1Last {
		day = 2
	}
	code := "summary.none"
	if st.Winner != adjudicator.NoSide {
		code = "summary.won"
	}
	return adjudicator.Say(code, adjudicator.SideArg("winner", st.Winner), adjudicator.IntArg("day", day),
		adjudicator.IntArg("usa", p[adjudicator.USA.Index()]), adjudicator.IntArg("csa", p[adjudicator.CSA.Index()]))
}

// lossPhrases are each side's losses, one phrase a side.
func lossPhrases(t [2]Tally) []adjudicator.Phrase {
	say := adjudicator.Say
	var out []adjudicator.Phrase
	for _, s := range t {
		var parts []adjudicator.Phrase
		for _, c := range s.ByType {
			// a code per type: each noun has its own plural ("2 HQs", "2 infantry")
			parts = append(parts, say("summary.count."+string(c.Type), adjudicator.IntArg("n", c.N)))
		}
		if s.Fallen > 0 {
			parts = append(parts, say("summary.fallen", adjudicator.IntArg("n", s.Fallen)))
		}
		what := adjudicator.PhrasesArg("what", parts...)
		if len(parts) == 0 {
			what = adjudicator.WordArg("what", "summary.nothing")
		}
		out = append(out, say("summary.losses", adjudicator.SideArg("side", s.Side), adjudicator.IntArg("total", s.Total), what))
	}
	return out
}

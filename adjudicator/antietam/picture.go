package antietam

// This file is the map (adjudicator.Pictured): render draws the hex board from
// the Grid with Board.Labels' names; this file says what stands on it, cut from
// a view and a report view only: the counters as printed (designation, type,
// strength-movement, 2.4), this player-turn's moves, each attack with the
// column it was played at and its result (7.6), retreats, advances and
// eliminations, who holds Sharpsburg (17.1), and the reinforcements due. Every
// text is worded with antietam.txt through the Wording render hands in.

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Legend is the key to the base map: the Terrain Effects Chart's effects (9.0).
func (c *Contract) Legend(w adjudicator.Wording) adjudicator.Legend {
	label := func(code string) string { return w(say("map.legend." + code)) }
	return adjudicator.Legend{
		Heading: label("heading"),
		Items: []adjudicator.LegendItem{
			{Label: label("clear"), Terrain: string(Clear)},
			{Label: label("forest"), Terrain: string(Forest)},
			{Label: label("rough"), Terrain: string(Rough)},
			{Label: label("town"), Terrain: string(Town)},
			{Label: label("river"), Terrain: string(River)},
			{Label: label("river-ferry"), Terrain: string(RiverFerry)},
			{Label: label("creek"), Features: []string{string(Creek)}},
			{Label: label("bridge"), Features: []string{string(Creek), string(Bridge)}},
			{Label: label("ford"), Features: []string{string(Creek), string(Ford)}},
			{Label: label("road"), Road: true},
		},
	}
}

// counter is a unit's piece as printed, named as the deployment chart (14.2)
// abbreviates it where it does ("GT And", "Brksdl"): a counter has room for
// six or seven letters, and "GT Anderson" must not read as "GB Anderson".
func (c *Contract) counter(u SeenUnit) adjudicator.UnitView {
	spec := c.sc.Unit(u.ID)
	name := spec.Designation
	if spec.Chart != "" {
		name = spec.Chart
	}
	return adjudicator.UnitView{Side: u.Side, Place: u.Hex, Kind: string(spec.Type), Name: name,
		Strength: u.Strength, Movement: spec.Movement}
}

// Picture is v's map, with the player-turn rv reports drawn on it.
func (c *Contract) Picture(view adjudicator.View, report adjudicator.ReportView, w adjudicator.Wording) (*adjudicator.Picture, error) {
	v, err := asView(view)
	if err != nil {
		return nil, err
	}
	rv, err := asReportView(report)
	if err != nil {
		return nil, err
	}
	p := &adjudicator.Picture{Viewer: v.Viewer}
	var enemy []adjudicator.UnitView
	for _, u := range v.Units { // own first, then the enemy's, each in id order
		if v.Viewer == adjudicator.NoSide || u.Side == v.Viewer {
			p.Units = append(p.Units, c.counter(u))
		} else {
			enemy = append(enemy, c.counter(u))
		}
	}
	p.Units = append(p.Units, enemy...)
	for _, ct := range v.Control {
		p.Control = append(p.Control, adjudicator.PlaceControl{Place: ct.Hex, Side: ct.Side})
	}
	turn := say("map.turn", adjudicator.TextArg("turn", v.Turn.Key), adjudicator.SideArg("side", v.Phasing))
	p.Title.Turn = w(turn)
	if v.Final != nil {
		p.Title.Turn = w(outcomePhrase(v.Final))
	}
	whose := say("map.gm")
	if v.Viewer != adjudicator.NoSide {
		whose = say("map.side", adjudicator.SideArg("side", v.Viewer))
	}
	p.Title.Notes = []string{w(whose), w(say("mode." + string(v.Mode)))}
	score := v.Outcome().Score
	for _, s := range adjudicator.Sides {
		p.Title.Score = append(p.Title.Score, adjudicator.Tally{Side: s,
			Text: w(say("map.score", adjudicator.SideArg("side", s), intArg("n", score[s.Index()])))})
	}
	p.Title.ScoreLabel = w(say("map.score-label"))
	if rv != nil {
		p.Title.Notes = append(p.Title.Notes, w(c.progress(rv)))
		c.lastTurn(p, rv, w)
	}
	for _, a := range c.arrivalTags(v) { // one tag a hex: groups entering there share it
		if n := len(p.Tags); n > 0 && p.Tags[n-1].Place == a.hex {
			p.Tags[n-1].Text += "; " + w(a.say)
			continue
		}
		p.Tags = append(p.Tags, adjudicator.PlaceTag{Place: a.hex, Text: w(a.say)})
	}
	if !v.Over {
		p.Panel = append(p.Panel, adjudicator.PanelLine{Heading: w(say("map.panel.next")), Text: w(turn)})
	}
	mine := v.Viewer
	if mine == adjudicator.NoSide {
		mine = adjudicator.USA
	}
	p.Key = adjudicator.PictureKey{
		Unit:     adjudicator.UnitView{Side: mine, Kind: string(Infantry), Name: w(say("map.key.name")), Strength: 4, Movement: c.sc.OB.OB.Movement},
		UnitText: w(say("map.key.unit")), Battle: w(say("map.key.attack")), Move: w(say("map.key.move")),
		Retreat: w(say("map.key.retreat")), Advance: w(say("map.key.advance")), Changed: w(say("map.key.changed")),
		Control: w(say("map.key.control")), Eliminated: w(say("map.key.eliminated")),
	}
	if v.Viewer != adjudicator.NoSide {
		p.Key.EnemyText = w(say("map.key.enemy"))
	}
	return p, nil
}

// lastTurn draws the player-turn rv reports: an arrow for each move (along the
// hexes the viewer saw of it), each attack with the hexes it came from, the
// column played and the result, retreats and displacements dashed, advances
// double-headed, eliminations counted where they fell, and Sharpsburg's hexes
// that changed hands.
func (c *Contract) lastTurn(p *adjudicator.Picture, rv *ReportView, w adjudicator.Wording) {
	var lost []UnitID
	for i, e := range rv.Events {
		switch e.Code {
		case "move", "enter":
			path := e.Path
			if e.From != "" {
				path = append([]HexID{e.From}, path...)
			}
			if len(path) > 1 {
				p.Arrows = append(p.Arrows, adjudicator.Arrow{Side: e.Side, Path: path, Count: 1})
			}
		case "retreat", "displaced", "advance":
			if e.From != "" && e.To != "" {
				p.Arrows = append(p.Arrows, adjudicator.Arrow{Side: e.Side, Path: []HexID{e.From, e.To}, Count: 1,
					Retreat: e.Code != "advance", Advance: e.Code == "advance"})
			}
		case "combat":
			if len(e.Hexes) == 0 {
				continue
			}
			winner := e.Side
			if e.CRT == AttackerEliminated || e.CRT == AttackerRetreats {
				winner = e.Side.Enemy()
			}
			p.Battles = append(p.Battles, adjudicator.BattleMark{Place: e.Hexes[0], Over: true, Winner: winner,
				From: attackedFrom(rv, i), Odds: e.Column, Result: string(e.CRT)})
		case "eliminated":
			lost = append(lost, e.Unit)
			if e.Hex != "" {
				addCount(&p.Losses, e.Hex)
			}
		case "control":
			p.Marks = append(p.Marks, adjudicator.Mark{Place: e.Hex, Kind: adjudicator.MarkChanged, Side: e.Side})
		}
	}
	if len(lost) > 0 {
		p.Panel = append(p.Panel, adjudicator.PanelLine{Heading: w(say("map.panel.eliminated")),
			Text: w(say("map.lost", unitsArg("units", lost), intArg("strength", c.strength(lost))))})
	}
}

// attackedFrom are the hexes the adjacent attackers of the combat at event i
// attacked from: where each stood then, which a later retreat, advance or
// elimination in the report tells, else where the view shows it after.
func attackedFrom(rv *ReportView, i int) []HexID {
	var out []HexID
	for _, id := range rv.Events[i].Attackers {
		at := HexID("")
		for _, e := range rv.Events[i+1:] {
			if e.Unit != id {
				continue
			}
			switch e.Code {
			case "retreat", "displaced", "advance":
				at = e.From
			case "eliminated":
				at = e.Hex
			}
			if at != "" {
				break
			}
		}
		if at == "" {
			if u := rv.After.Unit(id); u != nil {
				at = u.Hex
			}
		}
		if at != "" && !slices.Contains(out, at) {
			out = append(out, at)
		}
	}
	return out
}

func addCount(cs *[]adjudicator.PlaceCount, h HexID) {
	for i := range *cs {
		if (*cs)[i].Place == h {
			(*cs)[i].Count++
			return
		}
	}
	*cs = append(*cs, adjudicator.PlaceCount{Place: h, Count: 1})
}

type tag struct {
	hex HexID
	say adjudicator.Phrase
}

// arrivalTags mark the entry hexes of the viewer's reinforcements still to come
// (15.0): the game-turn each group may enter from, or its roll (20.5).
func (c *Contract) arrivalTags(v *View) []tag {
	var out []tag
	for _, a := range c.arrivals(v) {
		var hex HexID
		var group string
		for _, arg := range a.Args {
			switch arg.Key {
			case "hex":
				hex = HexID(arg.Strs[0])
			case "group":
				group = arg.Strs[0]
			}
		}
		code := "map.tag"
		if a.Code == "arrival.roll" {
			code = "map.tag.roll"
		}
		turn, _ := a.Get("turn")
		out = append(out, tag{hex, say(code, adjudicator.TextArg("group", group), intArg("turn", turn.Int))})
	}
	return out
}

var _ adjudicator.Pictured = (*Contract)(nil)

// pictureCodes are the codes of the map, for tellCodes.
var pictureCodes = func() []adjudicator.CodeSpec {
	var specs []adjudicator.CodeSpec
	add := func(keys []string, codes ...string) {
		for _, c := range codes {
			specs = append(specs, adjudicator.CodeSpec{Code: c, Keys: keys, Rule: "map"})
		}
	}
	add([]string{"turn", "side"}, "map.turn")
	add([]string{"side"}, "map.side")
	add([]string{"side", "n"}, "map.score")
	add([]string{"units", "strength"}, "map.lost")
	add([]string{"group", "turn"}, "map.tag", "map.tag.roll")
	add(nil, "map.gm", "mode."+string(ModeOpen), "mode."+string(ModeDoubleBlind), "map.score-label", "map.panel.next",
		"map.panel.eliminated", "map.key.name", "map.key.unit", "map.key.enemy", "map.key.attack", "map.key.move",
		"map.key.retreat", "map.key.advance", "map.key.changed", "map.key.control", "map.key.eliminated")
	return specs
}()

package toysystem

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file is the map (adjudicator.Pictured): render computes the hex board from
// the Grid and prints Board.Labels; the toy says what stands on it, cut from a view
// and a report view only, and words every text with toy.txt through the Wording
// render hands it.

// Legend is the key to the board's terrain, which the toy's rules ignore.
func (c *scenario) Legend(w adjudicator.Wording) adjudicator.Legend {
	label := func(code string) string { return w(say("map.legend." + code)) }
	return adjudicator.Legend{Heading: label("heading"), Items: []adjudicator.LegendItem{
		{Label: label("clear"), Terrain: "clear"},
		{Label: label("town"), Terrain: "town"},
		{Label: label("forest"), Terrain: "forest"},
	}}
}

// counter is a unit's piece: an infantry counter of strength 1 and movement 1.
func counter(id string, side adjudicator.Side, hex adjudicator.PlaceID) adjudicator.UnitView {
	d, _ := unitOf(id)
	return adjudicator.UnitView{Side: side, Place: hex, Kind: "infantry", Name: d.Name, Strength: 1, Movement: 1}
}

// Picture is v's map, with the last player-turn rv reports drawn on it.
func (c *scenario) Picture(view adjudicator.View, report adjudicator.ReportView, w adjudicator.Wording) (*adjudicator.Picture, error) {
	v, ok := asView(view)
	if !ok {
		return nil, fmt.Errorf("toy: %T is not a toy view", view)
	}
	rv := asReport(report)
	if report != nil && rv == nil {
		return nil, fmt.Errorf("toy: %T is not a toy report view", report)
	}
	p := &adjudicator.Picture{Viewer: v.Viewer}
	for _, u := range v.Units { // own first, then the enemy's: the view's order
		p.Units = append(p.Units, counter(u.ID, u.Side, u.Hex))
	}
	turn := v.ViewTurn()
	p.Title.Turn = w(say("map.turn", adjudicator.TextArg("turn", turn.Key), adjudicator.SideArg("side", turn.Phasing)))
	if v.Over {
		p.Title.Turn = w(outcomePhrase(v.outcome()))
	}
	whose := say("map.gm")
	if v.Viewer != adjudicator.NoSide {
		whose = say("map.side", adjudicator.SideArg("side", v.Viewer))
	}
	p.Title.Notes = []string{w(whose), w(say("mode.open"))}
	for _, side := range adjudicator.Sides {
		p.Title.Score = append(p.Title.Score, adjudicator.Tally{Side: side,
			Text: w(say("map.score", adjudicator.SideArg("side", side), adjudicator.IntArg("n", v.Score[side.Index()])))})
	}
	p.Title.ScoreLabel = w(say("map.score-label"))
	if rv != nil {
		p.Title.Notes = append(p.Title.Notes, w(progressPhrase(rv)))
		lastTurn(p, rv, w)
	}
	if !v.Over {
		p.Panel = append(p.Panel, adjudicator.PanelLine{Heading: w(say("map.panel.next")),
			Text: w(say("map.turn", adjudicator.TextArg("turn", turn.Key), adjudicator.SideArg("side", turn.Phasing)))})
	}
	mine := v.Viewer
	if mine == adjudicator.NoSide {
		mine = adjudicator.USA
	}
	p.Key = adjudicator.PictureKey{Unit: counter("ohio", mine, ""), UnitText: w(say("map.key.unit")),
		Ghost: adjudicator.UnitView{Side: mine.Enemy(), Ghost: true}, Battle: w(say("map.key.attack")),
		Move: w(say("map.key.move")), Retreat: w(say("map.key.retreat")), Advance: w(say("map.key.advance")),
		Changed: w(say("map.key.changed")), Control: w(say("map.key.control")), Eliminated: w(say("map.key.eliminated"))}
	if v.Viewer != adjudicator.NoSide {
		p.Key.EnemyText = w(say("map.key.enemy"))
	}
	return p, nil
}

// lastTurn draws the player-turn rv reports: an arrow for each move, an attack
// mark with the die for each attack (an advance arrow and an elimination mark
// when it won), and the eliminated units in the panel.
func lastTurn(p *adjudicator.Picture, rv *ReportView, w adjudicator.Wording) {
	var lost []string
	for _, e := range rv.Events {
		path := []adjudicator.PlaceID{e.From, e.To}
		switch {
		case e.Code == "move":
			p.Arrows = append(p.Arrows, adjudicator.Arrow{Side: e.Side, Path: path, Count: 1})
		case e.Eliminated:
			p.Arrows = append(p.Arrows, adjudicator.Arrow{Side: e.Side, Path: path, Advance: true, Count: 1})
			p.Battles = append(p.Battles, adjudicator.BattleMark{Place: e.To, Over: true, Winner: e.Side, From: path[:1],
				Odds: w(say("map.die", adjudicator.IntArg("die", e.Die))), Result: w(say("map.attack.won"))})
			p.Losses = append(p.Losses, adjudicator.PlaceCount{Place: e.To, Count: 1})
			lost = append(lost, e.Target)
		default:
			p.Battles = append(p.Battles, adjudicator.BattleMark{Place: e.To, Over: true, Winner: e.Side.Enemy(), From: path[:1],
				Odds: w(say("map.die", adjudicator.IntArg("die", e.Die))), Result: w(say("map.attack.lost"))})
		}
	}
	if len(lost) > 0 {
		p.Panel = append(p.Panel, adjudicator.PanelLine{Heading: w(say("map.panel.eliminated")),
			Text: w(say("map.lost", adjudicator.UnitsArg("units", lost)))})
	}
}

var _ adjudicator.Pictured = skirmish

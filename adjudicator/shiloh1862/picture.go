package shiloh1862

import (
	"fmt"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file cuts the map's picture (adjudicator.Picture) from a View and a
// ReportView, never from a State: the picture holds no more than the viewer knows
// (DESIGN §3). Its texts are the map's wording in this game's terms (rule numbers,
// hours, blocks); they stay here until the map is worded from codes like the
// reports (docs/ARCHITECTURE.md §5).

var _ adjudicator.Pictured = contractScenario{}

// Legend is the key to the terrain of 3.34 and 3.35, with what each terrain does.
func (c contractScenario) Legend(say adjudicator.Wording) adjudicator.Legend {
	label := func(code string) string { return say(adjudicator.Say("map.legend." + code)) }
	border := func(code string, f ...BorderTerrain) adjudicator.LegendItem {
		it := adjudicator.LegendItem{Label: label(code)}
		for _, t := range f {
			it.Features = append(it.Features, string(t))
		}
		return it
	}
	return adjudicator.Legend{
		Heading: label("heading"),
		Items: []adjudicator.LegendItem{
			{Label: label("clear"), Terrain: string(Clear)},
			{Label: label("woods"), Terrain: string(Woods)},
			{Label: label("river"), Terrain: string(River)},
			{Label: label("road"), Road: true},
			{Label: label("camp"), Signs: []adjudicator.Sign{{Kind: adjudicator.SignCamp, Side: USA}, {Kind: adjudicator.SignLanding}}},
			border("stream", BorderStream),
			border("stream-crossing", BorderStream, BorderFord, BorderBridge),
			border("creek", BorderCreek),
			border("creek-crossing", BorderCreek, BorderCreekFord, BorderCreekBridge),
			{Label: label("entry"), Signs: []adjudicator.Sign{{Kind: adjudicator.SignEntry, Side: CSA, Text: "A"}}},
			border("slope", BorderSlope),
			border("ravine", BorderRavine),
			border("marsh", BorderMarsh),
			border("river-bank", BorderRiver),
		},
	}
}

// Picture is one side's map of the hour v opens, with the hour rv reports.
func (c contractScenario) Picture(v adjudicator.View, rv adjudicator.ReportView, say adjudicator.Wording) (*adjudicator.Picture, error) {
	view, err := AsView(v)
	if err != nil {
		return nil, err
	}
	r, err := AsReportView(rv)
	if err != nil {
		return nil, err
	}
	p := &picture{board: c.board, ob: c.sc.OB, v: view, rv: r, out: &adjudicator.Picture{Viewer: view.Viewer}, say: say}
	p.names()
	p.units()
	p.marks()
	if r != nil {
		p.moves()
		p.battles()
	}
	p.arrivals()
	p.title()
	p.panel()
	p.key()
	return p.out, nil
}

type picture struct {
	board *adjudicator.Board
	ob    *OrderOfBattle
	v     *View
	rv    *ReportView
	out   *adjudicator.Picture
	say   adjudicator.Wording
	// blocks the viewer knows by name, for the panel's lists
	name map[BlockID]string
	// formations whose tags the map prints, for the key
	tags map[FormationID]bool
}

func (p *picture) names() {
	p.name = map[BlockID]string{}
	for _, b := range p.v.Own {
		p.name[b.ID] = b.Name
	}
	for _, b := range p.v.EnemyEliminated {
		p.name[b.Block] = b.Name
	}
	for _, gh := range p.v.Ghosts {
		p.name[gh.Block] = gh.Name
	}
}

// corner is the text a block prints instead of its unit symbol: an HQ's command
// range, GB for a gunboat.
func corner(t BlockType, commandRange int) string {
	switch {
	case commandRange > 0:
		return fmt.Sprintf("R%d", commandRange)
	case t == Gunboat:
		return "GB"
	}
	return ""
}

// mapName is the name a block prints on the map: its own where another block
// shares its name, so that no two blocks read alike.
func (p *picture) mapName(id BlockID, name string) string {
	if b := p.ob.Block(id); b != nil && b.MapName != "" {
		return b.MapName
	}
	return name
}

// tag is what a formation's blocks print on the map (command depends on it,
// 5.2), and the key lists it.
func (p *picture) tag(id FormationID) string {
	f := p.ob.Formation(id)
	if f == nil || f.Tag == "" {
		return ""
	}
	if p.tags == nil {
		p.tags = map[FormationID]bool{}
	}
	p.tags[id] = true
	return f.Tag
}

// units lists own blocks on the map, then enemy blocks, then ghosts. Enemy
// identities go into the picture only in open games and for the GM, whatever an
// EnemyBlock carries.
func (p *picture) units() {
	v := p.v
	for _, b := range v.Own {
		if b.Where != OnMap || b.Area == "" {
			continue
		}
		p.out.Units = append(p.out.Units, adjudicator.UnitView{Side: b.Side, Place: adjudicator.PlaceID(b.Area),
			Kind: string(b.Type), HQ: b.Type == HQ, Name: p.mapName(b.ID, b.Name), Strength: b.Strength,
			Rating: b.Firepower.String(), Corner: corner(b.Type, b.CommandRange), Formation: p.tag(b.Formation)})
	}
	enemy := v.Viewer.Enemy()
	open := v.Mode == VisOpen || v.Viewer == NoSide
	for _, b := range v.Enemy {
		u := adjudicator.UnitView{Side: enemy, Place: adjudicator.PlaceID(b.Area), Hidden: !open}
		if open {
			u.Kind, u.HQ, u.Name, u.Strength = string(b.Type), b.Type == HQ, p.mapName(b.ID, b.Name), b.Strength
			u.Rating, u.Corner = b.Firepower.String(), corner(b.Type, 0)
			if spec := p.ob.Block(b.ID); spec != nil {
				u.Formation = p.tag(spec.Formation)
			}
		}
		p.out.Units = append(p.out.Units, u)
	}
	for _, gh := range v.Ghosts {
		p.out.Units = append(p.out.Units, adjudicator.UnitView{Side: enemy, Place: adjudicator.PlaceID(gh.Area),
			Ghost: true, Seen: gh.Hour.Short(), Name: p.mapName(gh.Block, gh.Name), Strength: gh.Strength, Rating: gh.Firepower.String()})
	}
	for _, c := range v.Control {
		p.out.Control = append(p.out.Control, adjudicator.PlaceControl{Place: adjudicator.PlaceID(c.Area), Side: c.Side, Contested: c.Contested})
	}
}

// marks are the camps captured (7.2), then the hour's changes of hands (5.1)
// and captures in the order they happened.
func (p *picture) marks() {
	for _, a := range p.v.CampsCaptured {
		p.out.Marks = append(p.out.Marks, adjudicator.Mark{Place: adjudicator.PlaceID(a), Kind: adjudicator.MarkTaken})
	}
	if p.rv == nil {
		return
	}
	for _, e := range p.rv.Events {
		switch e.Kind {
		case EvControlChanged:
			p.out.Marks = append(p.out.Marks, adjudicator.Mark{Place: adjudicator.PlaceID(e.Area), Kind: adjudicator.MarkChanged, Side: e.Side})
		case EvCampCaptured:
			p.out.Marks = append(p.out.Marks, adjudicator.Mark{Place: adjudicator.PlaceID(e.Area), Kind: adjudicator.MarkCaptured, Side: e.Side})
		}
	}
}

// moves are the hour's moves and retreats the viewer saw (5.3, 6.7), one arrow
// per path with the number of blocks that took it. Arrows carry no names.
func (p *picture) moves() {
	type key struct {
		side     Side
		from, to AreaID
		via      string
		retreat  bool
	}
	at := map[key]int{}
	for _, e := range p.rv.Events {
		if (e.Kind != EvMove && e.Kind != EvRetreat) || e.From == "" || e.To == "" {
			continue
		}
		var via []string
		for _, a := range e.Via {
			via = append(via, string(a))
		}
		k := key{e.Side, e.From, e.To, strings.Join(via, ","), e.Kind == EvRetreat}
		i, ok := at[k]
		if !ok {
			path := []adjudicator.PlaceID{adjudicator.PlaceID(e.From)}
			for _, a := range e.Via {
				if a != e.From && a != e.To {
					path = append(path, adjudicator.PlaceID(a))
				}
			}
			i = len(p.out.Arrows)
			at[k] = i
			p.out.Arrows = append(p.out.Arrows, adjudicator.Arrow{Side: e.Side, Path: append(path, adjudicator.PlaceID(e.To)), Retreat: k.retreat})
		}
		p.out.Arrows[i].Count += max(1, len(e.Blocks))
	}
}

// battles are the hour's battles with their winners (6.0), and the blocks
// eliminated (6.9), by area in the order they happened.
func (p *picture) battles() {
	battle := map[AreaID]int{}
	lost := map[AreaID]int{}
	for _, e := range p.rv.Events {
		if e.Area == "" {
			continue
		}
		place := adjudicator.PlaceID(e.Area)
		switch e.Kind {
		case EvBattle, EvBattleEnd:
			i, ok := battle[e.Area]
			if !ok {
				i = len(p.out.Battles)
				battle[e.Area] = i
				p.out.Battles = append(p.out.Battles, adjudicator.BattleMark{Place: place})
			}
			if e.Kind == EvBattleEnd {
				p.out.Battles[i].Over, p.out.Battles[i].Winner = true, e.Winner
			}
		case EvEliminated:
			i, ok := lost[e.Area]
			if !ok {
				i = len(p.out.Losses)
				lost[e.Area] = i
				p.out.Losses = append(p.out.Losses, adjudicator.PlaceCount{Place: place})
			}
			p.out.Losses[i].Count++
		}
	}
}

// arrivals tag the areas where own blocks may arrive next hour with their
// number (5.6, 5.61, 9.1).
func (p *picture) arrivals() {
	n := map[AreaID]int{}
	var areas []AreaID
	for _, a := range p.v.Arrivals {
		for _, o := range a.Options {
			if o.Area == "" {
				continue
			}
			if n[o.Area] == 0 {
				areas = append(areas, o.Area)
			}
			n[o.Area] += len(a.Blocks)
		}
	}
	for _, a := range areas {
		p.out.Tags = append(p.out.Tags, adjudicator.PlaceTag{Place: adjudicator.PlaceID(a), Text: p.word("map.arrivals-tag", adjudicator.IntArg("n", n[a]))})
	}
}

// title is the hour, whose map it is, Player 1 of the reported hour (2.1), the
// end of the game and the victory points (8.0).
func (p *picture) title() {
	v := p.v
	t := adjudicator.PictureTitle{Turn: v.Hour.String(), Notes: []string{p.word("map.gm"), p.word("map.gm.all")}}
	if v.Viewer != NoSide {
		t.Notes = []string{p.word("map.side", adjudicator.SideArg("side", v.Viewer)), p.word("mode." + string(v.Mode))}
	}
	if p.rv != nil {
		in := p.rv.Initiative
		code := "map.player1"
		if in.Rolls != [2]int{} {
			code += ".rolled"
		}
		t.Notes = append(t.Notes, p.word(code, adjudicator.TextArg("turn", p.rv.Hour.String()), adjudicator.SideArg("player1", in.Player1),
			adjudicator.IntArg("usa", in.Rolls[USA.Index()]), adjudicator.IntArg("csa", in.Rolls[CSA.Index()])))
	}
	if v.Over {
		code := "map.over"
		if v.Winner != NoSide {
			code += ".won"
		}
		t.Notes = append(t.Notes, p.word(code, adjudicator.SideArg("winner", v.Winner)))
	}
	for _, s := range Sides {
		t.Score = append(t.Score, adjudicator.Tally{Side: s, Text: p.word("map.score", adjudicator.SideArg("side", s), adjudicator.IntArg("points", v.Points[s.Index()]))})
	}
	t.ScoreLabel = p.word("map.score-label")
	p.out.Title = t
}

// word words one of the map's phrases.
func (p *picture) word(code string, args ...adjudicator.Arg) string {
	return p.say(adjudicator.Say(code, args...))
}

// panel lists the camps still to capture (7.2), the arrivals due (5.6) and the
// blocks eliminated in the reported hour (6.9).
func (p *picture) panel() {
	p.out.Panel = []adjudicator.PanelLine{
		{Heading: p.word("map.camps"), Text: p.uncaptured()},
		{Heading: p.word("map.arrivals"), Text: p.arrivalList()},
	}
	if p.rv != nil {
		p.out.Panel = append(p.out.Panel, adjudicator.PanelLine{Heading: p.word("map.eliminated"), Text: p.eliminated()})
	}
}

// listOrNone joins a list, or says there is nothing in it.
func (p *picture) listOrNone(items []string, sep string) string {
	if len(items) == 0 {
		return p.word("map.none")
	}
	return strings.Join(items, sep)
}

// printed is an area's name as the map prints it.
func (p *picture) printed(id AreaID) string {
	if pl := p.board.Place(adjudicator.PlaceID(id)); pl != nil {
		return pl.Printed()
	}
	return string(id)
}

func (p *picture) uncaptured() string {
	done := map[AreaID]bool{}
	for _, a := range p.v.CampsCaptured {
		done[a] = true
	}
	var names []string
	for _, pl := range p.board.Places {
		if pl.Sign != nil && pl.Sign.Kind == adjudicator.SignCamp && pl.Sign.Side == USA && !done[AreaID(pl.ID)] {
			names = append(names, pl.Printed())
		}
	}
	return p.listOrNone(names, ", ")
}

func (p *picture) arrivalList() string {
	var parts []string
	for _, a := range p.v.Arrivals {
		where := arrivalWhere(a.Options, p.printed)
		var names []string
		for _, b := range a.Blocks {
			if n := p.name[b]; n != "" {
				names = append(names, n)
			} else {
				names = append(names, string(b))
			}
		}
		parts = append(parts, p.word("map.arrival", adjudicator.TextArg("blocks", strings.Join(names, ", ")), adjudicator.PhrasesArg("where", where...)))
	}
	return p.listOrNone(parts, "; ")
}

func (p *picture) eliminated() string {
	var names []string
	for _, e := range p.rv.Events {
		if e.Kind != EvEliminated {
			continue
		}
		code := "map.lost"
		switch {
		case p.name[e.Block] == "":
			code = "map.lost.unknown"
		case e.Side != NoSide:
			code = "map.lost.side"
		}
		names = append(names, p.word(code, adjudicator.TextArg("name", p.name[e.Block]), adjudicator.SideArg("side", e.Side)))
	}
	return p.listOrNone(names, ", ")
}

// key is the key to the view's symbols; the GM's has no enemy and no ghosts.
func (p *picture) key() {
	own := p.v.Viewer
	if own == NoSide {
		own = USA
	}
	k := adjudicator.PictureKey{
		Unit:     adjudicator.UnitView{Side: own, Kind: string(Infantry), Name: p.word("map.key.name"), Strength: 4, Rating: "C3"},
		UnitText: p.word("map.key.unit"),
		Battle:   p.word("map.key.battle"),
		Move:     p.word("map.key.move"), Retreat: p.word("map.key.retreat"), Changed: p.word("map.key.changed"),
		Control: p.word("map.key.control"), Eliminated: p.word("map.key.eliminated"),
		Count: p.word("map.key.count"), Taken: p.word("map.key.taken"), Contested: p.word("map.key.contested"),
	}
	for _, f := range p.ob.Formations {
		if !p.tags[f.ID] {
			continue
		}
		name := f.Name
		if hq := p.ob.Block(f.HQ); hq != nil {
			name = p.mapName(hq.ID, hq.Name)
		}
		k.Formations = append(k.Formations, adjudicator.FormationName{Side: f.Side, Tag: f.Tag, Name: name})
	}
	if len(k.Formations) > 0 {
		k.FormationText = p.word("map.key.formation")
		k.Unit.Formation = k.Formations[0].Tag
		for _, f := range k.Formations {
			if f.Side == own {
				k.Unit.Formation = f.Tag // the sample is an own block
				break
			}
		}
	}
	if p.v.Viewer != NoSide {
		k.EnemyText = p.word("map.key.enemy")
		k.Ghost = adjudicator.UnitView{Side: own.Enemy(), Ghost: true, Name: p.word("map.key.name"), Strength: 3, Rating: "B2", Seen: Hour(3).Short()}
		k.GhostText = p.word("map.key.ghost")
	}
	p.out.Key = k
}

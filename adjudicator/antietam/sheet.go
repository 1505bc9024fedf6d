package antietam

// This file is what the mails say (adjudicator.Told), cut from views and report
// views as phrases that templates/words/antietam.txt words: the report of a
// player-turn (every attack in full: units, odds before and after terrain and
// any reduction, the die, the result and what followed), the call for orders
// with its order form, and the end-of-game record (17.2). tellCodes lists every
// code said here beside the engine's (codes.go).

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

var say = adjudicator.Say

// UnitName names a unit as the order language writes it (unitName): its
// designation as printed (2.4), or its id where the counter prints a bare "4" or
// "A" (cav4, artA), so that the report and the orders name a unit alike. A phrase
// only ever carries a unit its reader may know of (ViewReport cuts the rest), so
// every unit may be named.
func (c *Contract) UnitName(id string) (string, bool) {
	if u := c.sc.Unit(UnitID(id)); u != nil {
		return unitName(*u).Canonical, true
	}
	return "", false
}

// PlaceName names a hex by its number, with the name printed on it if it has
// one: "0815 (Sharpsburg)".
func (c *Contract) PlaceName(id string) (string, bool) {
	p := c.sc.Board.Place(HexID(id))
	if p == nil {
		return "", false
	}
	if len(p.Aliases) > 0 {
		return fmt.Sprintf("%s (%s)", p.ID, p.Aliases[0]), true
	}
	return string(p.ID), true
}

// eventPhrase says an event by its own code, with every field it sets as an
// argument keyed by its JSON name (codes.go): a field the viewer may not know
// is empty and so left out, and the wording's fallback stands in.
func (c *Contract) eventPhrase(e Event) adjudicator.Phrase {
	var args []adjudicator.Arg
	add := func(a adjudicator.Arg) { args = append(args, a) }
	if e.Side != adjudicator.NoSide {
		add(adjudicator.SideArg("side", e.Side))
	}
	for _, u := range []struct {
		key string
		id  UnitID
	}{{"unit", e.Unit}, {"by", e.By}} {
		if u.id != "" {
			add(unitArg(u.key, u.id))
		}
	}
	for _, us := range []struct {
		key string
		ids []UnitID
	}{{"units", e.Units}, {"attackers", e.Attackers}, {"bombard", e.Bombard}, {"defenders", e.Defenders}} {
		if len(us.ids) > 0 {
			add(unitsArg(us.key, us.ids))
		}
	}
	for _, h := range []struct {
		key string
		id  HexID
	}{{"hex", e.Hex}, {"from", e.From}, {"to", e.To}} {
		if h.id != "" {
			add(hexArg(h.key, h.id))
		}
	}
	if len(e.Path) > 0 {
		add(hexesArg("path", e.Path))
	}
	if len(e.Hexes) > 0 {
		add(hexesArg("hexes", e.Hexes))
	}
	for _, n := range []struct {
		key string
		v   int
	}{{"mp", e.MP}, {"combat", e.Combat}, {"order", e.Order}, {"attack", e.Attack}, {"defence", e.Defence}, {"die", e.Die}} {
		if n.v != 0 {
			add(intArg(n.key, n.v))
		}
	}
	if e.Group != "" {
		add(adjudicator.TextArg("group", c.groupName(e.Group)))
	}
	for _, t := range []struct{ key, v string }{{"odds", e.Odds}, {"column", e.Column}} {
		if t.v != "" {
			add(adjudicator.TextArg(t.key, t.v))
		}
	}
	if e.CRT != "" {
		add(adjudicator.WordArg("crt", string(e.CRT)))
	}
	if e.Why != nil {
		add(adjudicator.PhrasesArg("why", *e.Why))
	}
	if e.Points != nil {
		add(adjudicator.PhrasesArg("points", pointsPhrase(*e.Points)))
	}
	if e.Code == "victory" {
		add(levelArg(e.Level))
	}
	return say(e.Code, args...)
}

// groupName is a reinforcement group's name as ob.toml gives it.
func (c *Contract) groupName(id string) string {
	if r := c.sc.reinforcement(id); r != nil && r.Name != "" {
		return r.Name
	}
	return id
}

// levelArg is a 17.2 level as a word of the wording file ("level.none" when
// no level matched: the data's gap, docs/systems/antietam.md).
func levelArg(level string) adjudicator.Arg {
	if level == "" {
		level = "none"
	}
	return adjudicator.WordArg("level", "level."+level)
}

func pointsPhrase(p [2]int) adjudicator.Phrase {
	return say("points", intArg("usa", p[0]), intArg("csa", p[1]))
}

// classOf is how the HTML mail colours a line about side s for viewer.
func classOf(viewer, s adjudicator.Side) string {
	switch {
	case s == adjudicator.NoSide:
		return ""
	case viewer == adjudicator.NoSide || s == viewer:
		return "own"
	}
	return "enemy"
}

// movementCodes are the events the report tells under movement: the
// player-turn's opening (18.1, 20.5, 10.1), the moves and what they did (17.1,
// 18.1), 21.0's rallies.
var movementCodes = []string{"limit-lifted", "arrival-roll", "arrival-allowed", "night", "move", "enter", "control",
	"creek-crossed", "rallied", "rally-failed"}

// Sheet is a played player-turn as rv's viewer reads it.
func (c *Contract) Sheet(v adjudicator.ReportView) (*adjudicator.Sheet, error) {
	rv, err := asReportView(v)
	if err != nil || rv == nil {
		return nil, fmt.Errorf("antietam: %T is not an Antietam report view", v)
	}
	out := rv.After.Outcome()
	sh := &adjudicator.Sheet{Viewer: rv.Viewer, Turn: rv.Turn.Key, Points: pointsPhrase(out.Score),
		Progress: c.progress(rv)}
	if rv.After.Final != nil {
		sh.Outcome = outcomePhrase(rv.After.Final)
	}
	// The summary opens with the side that moved; the refused orders and the
	// contacts left unattacked are what needs the player's attention.
	sh.Initiative = say("first", adjudicator.SideArg("side", rv.Turn.Phasing))
	sh.Attention, sh.Orders = c.orderLines(rv)
	var lost [2][]UnitID
	var fight Event   // the current combat
	var died []UnitID // its eliminated units, for its summary
	for _, e := range rv.Events {
		line := adjudicator.Line{Say: c.eventPhrase(e), Class: classOf(rv.Viewer, e.Side)}
		enemy := e.Side != rv.Viewer && e.Side != adjudicator.NoSide && rv.Viewer != adjudicator.NoSide
		switch {
		case e.Code == "move" && enemy && rv.Mode == ModeDoubleBlind:
			line.Say.Code = "move.seen" // only what was seen of it
			sh.Enemy = append(sh.Enemy, line)
		case slices.Contains(movementCodes, e.Code) && enemy:
			sh.Enemy = append(sh.Enemy, line)
		case slices.Contains(movementCodes, e.Code):
			sh.Movement = append(sh.Movement, line)
		case e.Code == "combat":
			fight, died = e, nil
			b := c.battle(rv, e)
			b.Result = combatResult(fight, died)
			sh.Battles = append(sh.Battles, b)
		case e.Combat > 0 && len(sh.Battles) > 0:
			b := &sh.Battles[len(sh.Battles)-1]
			if e.Code == "eliminated" {
				line.Class = "loss"
				if e.Unit != "" {
					died = append(died, e.Unit)
				}
				b.Result = combatResult(fight, died)
			}
			b.After = append(b.After, line)
		case e.Code == "unmet":
			line.Class = "warn"
			sh.Attention = append(sh.Attention, line)
		default: // eliminated outside combat, cut-off, victory
			if e.Code == "eliminated" || e.Code == "cut-off" {
				line.Class = "loss"
			}
			sh.Losses = append(sh.Losses, line)
		}
		if e.Code == "eliminated" {
			lost[e.Side.Index()] = append(lost[e.Side.Index()], e.Unit)
		}
	}
	for _, s := range adjudicator.Sides {
		if ids := lost[s.Index()]; len(ids) > 0 {
			sh.Losses = append(sh.Losses, adjudicator.Line{Say: say("loss.side", adjudicator.SideArg("side", s),
				unitsArg("units", ids), intArg("strength", c.strength(ids))), Class: "loss"})
		}
	}
	return sh, nil
}

// strength totals units' printed strength (2.4): a unit of Blue & Gray has no
// steps, it is eliminated whole (7.6).
func (c *Contract) strength(ids []UnitID) int {
	n := 0
	for _, id := range ids {
		if u := c.sc.Unit(id); u != nil {
			n += u.Strength
		}
	}
	return n
}

// orderLines are what became of the viewer's orders: each refused one with
// why (for the summary), and a count of those carried out.
func (c *Contract) orderLines(rv *ReportView) (refused, done []adjudicator.Line) {
	n := map[string]int{}
	for _, r := range rv.Results {
		if r.Status == Executed {
			n[r.Order.Kind]++
			continue
		}
		why := say("why.unknown")
		if r.Why != nil {
			why = *r.Why
		}
		refused = append(refused, adjudicator.Line{Say: say("result.refused", adjudicator.WordArg("kind", "kind."+r.Order.Kind),
			intArg("n", r.Order.Index), adjudicator.PhrasesArg("why", why), adjudicator.TextArg("rule", r.Rule)), Class: "warn"})
	}
	if len(rv.Results) > 0 {
		done = append(done, adjudicator.Line{Say: say("result.done", intArg("moves", n[KindMove]), intArg("attacks", n[KindAttack]))})
	}
	return refused, done
}

// combatResult is a combat in one line for the summary: where, the result
// the die gave, and the units it eliminated.
func combatResult(e Event, died []UnitID) adjudicator.Phrase {
	code := "combat.result"
	if len(died) > 0 {
		code += ".lost"
	}
	return say(code, intArg("combat", e.Combat), hexesArg("hexes", e.Hexes), adjudicator.WordArg("crt", string(e.CRT)),
		unitsArg("lost", died))
}

// battle is one combat told in full: its title, then its line with the odds
// before and after terrain and the column played, the die and the result; the
// events that follow it (retreats, advances, eliminations) are added after.
func (c *Contract) battle(rv *ReportView, e Event) adjudicator.Battle {
	b := adjudicator.Battle{Title: say("combat.title", intArg("combat", e.Combat), hexesArg("hexes", e.Hexes),
		adjudicator.SideArg("side", e.Side))}
	args := []adjudicator.Arg{unitsArg("attackers", e.Attackers), unitsArg("defenders", e.Defenders), hexesArg("hexes", e.Hexes),
		intArg("attack", e.Attack), intArg("defence", e.Defence), adjudicator.TextArg("odds", e.Odds),
		adjudicator.TextArg("column", e.Column)}
	if p, ok := rv.plain(e.Combat); ok {
		args = append(args, intArg("plain", p.Defence), adjudicator.TextArg("before", p.Odds))
	}
	code := "combat.line"
	if len(e.Bombard) > 0 {
		code = "combat.line.bombard"
		args = append(args, unitsArg("bombard", e.Bombard))
	}
	cls := classOf(rv.Viewer, e.Side)
	b.After = append(b.After, adjudicator.Line{Say: say(code, args...), Class: cls})
	if e.Column != e.Odds {
		b.After = append(b.After, adjudicator.Line{Say: say("combat.column", adjudicator.TextArg("odds", e.Odds),
			adjudicator.TextArg("column", e.Column))})
	}
	if e.Why != nil {
		b.After = append(b.After, adjudicator.Line{Say: say("combat.why", adjudicator.PhrasesArg("why", *e.Why))})
	}
	b.After = append(b.After, adjudicator.Line{Say: say("combat.die", intArg("die", e.Die),
		adjudicator.WordArg("crt", string(e.CRT))), Class: "hit"})
	return b
}

// progress is the player-turn in one line for the GM's terminal: who moved,
// how many units, how many attacks, and how many units were eliminated.
func (c *Contract) progress(rv *ReportView) adjudicator.Phrase {
	n := map[string]int{}
	for _, e := range rv.Events {
		n[e.Code]++
	}
	return say("progress", adjudicator.SideArg("side", rv.Turn.Phasing), intArg("moves", n["move"]+n["enter"]),
		intArg("attacks", n["combat"]), intArg("eliminated", n["eliminated"]))
}

// outcomePhrase is the end of the game (17.0, 17.2).
func outcomePhrase(f *Final) adjudicator.Phrase {
	return say("outcome", adjudicator.SideArg("winner", f.Winner), levelArg(f.Level),
		intArg("usa", f.Points[0]), intArg("csa", f.Points[1]))
}

// Form is the call for orders of the player-turn v opens. The phasing side gets
// its order form: the Union limit (18.1), its units on the map with their
// factors, the contacts it must attack from (7.12), the reinforcements it may
// bring on (15.0). The other side is told no moves are due from it, and how its
// standing orders decide its choices in the enemy's combat (7.71, 7.75, 7.81).
func (c *Contract) Form(view adjudicator.View) (*adjudicator.Form, error) {
	v, err := asView(view)
	if err != nil {
		return nil, err
	}
	out := v.Outcome()
	f := &adjudicator.Form{Points: pointsPhrase(out.Score)}
	if v.Over {
		return f, nil
	}
	f.Turn = v.Turn.Key
	f.Arrivals = c.arrivals(v)
	if v.Viewer != adjudicator.NoSide && v.Viewer != v.Phasing {
		f.Lines = append([]adjudicator.Phrase{say("form.wait", adjudicator.SideArg("side", v.Phasing))}, c.standingForm(v)...)
		return f, nil
	}
	f.Lines = []adjudicator.Phrase{say("form.header", adjudicator.SideArg("side", v.Phasing), adjudicator.TextArg("turn", v.Turn.Key)),
		say("form.edit")}
	b := c.sc.Believed(v)
	g := c.sc.newGame(b, nil, nil, nil)
	if limit := g.unionLimit(); limit >= 0 {
		f.Lines = append(f.Lines, say("form.limit", intArg("limit", limit)))
	}
	if g.night {
		f.Lines = append(f.Lines, say("form.night"))
	}
	for _, u := range v.Units {
		if u.Side != v.Phasing {
			continue
		}
		spec := c.sc.Unit(u.ID)
		f.Lines = append(f.Lines, say("form.unit", unitArg("unit", u.ID), adjudicator.TextArg("id", string(u.ID)),
			adjudicator.WordArg("kind", "type."+string(spec.Type)), intArg("strength", u.Strength), intArg("mp", spec.Movement),
			hexArg("hex", u.Hex)))
	}
	for _, gs := range v.Groups {
		r := c.sc.reinforcement(gs.ID)
		if r == nil || gs.From == 0 || gs.From > v.GameTurn {
			continue
		}
		var ids []UnitID
		for _, id := range v.Pending {
			if c.sc.Unit(id).Group == gs.ID && c.sc.Unit(id).Side == v.Phasing {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			f.Lines = append(f.Lines, say("form.enter", unitsArg("units", ids), hexArg("hex", r.Hex)))
		}
	}
	if contacts, err := c.sc.Contacts(b); err == nil && !g.night {
		for _, ct := range contacts {
			f.Lines = append(f.Lines, say("form.contact", hexArg("from", ct.From), hexArg("hex", ct.Hex)))
		}
	}
	if v.Standing != nil {
		f.Lines = append(f.Lines, c.standingForm(v)...)
	}
	f.Lines = append(f.Lines, say("form.end"))
	return f, nil
}

// standingForm is the part of the form about the viewer's standing orders (7.71,
// 7.75, 7.81): those in force, echoed as order lines to keep or edit, or else what
// the defaults do.
func (c *Contract) standingForm(v *View) []adjudicator.Phrase {
	if v.Standing != nil {
		text, err := c.sc.FormatOrders(&Orders{Side: v.Viewer, Standing: *v.Standing})
		if err == nil {
			out := []adjudicator.Phrase{say("form.standing.in-force")}
			for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
				if l != "" {
					out = append(out, say("form.standing.line", adjudicator.TextArg("line", l)))
				}
			}
			return out
		}
	}
	return []adjudicator.Phrase{say("form.standing"), say("form.standing.retreat"), say("form.standing.displace"), say("form.standing.advance")}
}

// arrivals are the reinforcements still to come that the viewer may know of:
// its own groups with units pending (the GM's: both sides'), each with the
// game-turn it may enter from, or its roll (20.5).
func (c *Contract) arrivals(v *View) []adjudicator.Phrase {
	var out []adjudicator.Phrase
	for _, gs := range v.Groups {
		r := c.sc.reinforcement(gs.ID)
		if r == nil {
			continue
		}
		var ids []UnitID
		for _, id := range v.Pending {
			if c.sc.Unit(id).Group == gs.ID {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			continue
		}
		s, _ := side(r.Side)
		args := []adjudicator.Arg{adjudicator.SideArg("side", s), adjudicator.TextArg("group", c.groupName(gs.ID)),
			unitsArg("units", ids), hexArg("hex", r.Hex), intArg("turn", gs.From)}
		code := "arrival"
		if gs.From == 0 {
			code = "arrival.roll"
		}
		out = append(out, say(code, args...))
	}
	return out
}

// Record is the end of a finished game: the 17.2 level with the points, each
// side's units lost, and per player-turn the strength each side lost (7.6: a
// unit is lost whole).
func (c *Contract) Record(after adjudicator.State, gm []adjudicator.ReportView) (*adjudicator.Record, error) {
	st, err := asState(after)
	if err != nil {
		return nil, err
	}
	rec := &adjudicator.Record{}
	if st.Final != nil {
		rec.Result = outcomePhrase(st.Final)
	} else {
		rec.Result = say("record.unfinished", adjudicator.PhrasesArg("points", pointsPhrase(st.points())))
	}
	for _, s := range adjudicator.Sides {
		var ids []UnitID
		for i, u := range st.Units {
			if u.Status == Eliminated && c.sc.slotSpec[i].Side == s {
				ids = append(ids, u.ID)
			}
		}
		if len(ids) == 0 {
			rec.Losses = append(rec.Losses, say("record.losses.none", adjudicator.SideArg("side", s)))
			continue
		}
		rec.Losses = append(rec.Losses, say("record.losses", adjudicator.SideArg("side", s), unitsArg("units", ids),
			intArg("strength", c.strength(ids))))
	}
	for _, v := range gm {
		rv, err := asReportView(v)
		if err != nil || rv == nil {
			return nil, fmt.Errorf("antietam: %T is not an Antietam report view", v)
		}
		t := rv.Turn
		row := adjudicator.RecordTurn{Key: t.Key, Short: fmt.Sprintf("%d%c", t.Index/2+1, t.Phasing.String()[0]), First: t.Phasing}
		for _, e := range rv.Events {
			if e.Code == "eliminated" {
				row.Lost[e.Side.Index()] += c.strength([]UnitID{e.Unit})
			}
		}
		rec.Turns = append(rec.Turns, row)
	}
	return rec, nil
}

var _ adjudicator.Told = (*Contract)(nil)

// tellCodes are the codes this file, check.go and picture.go say, with their
// keys: the wording file words every one (TestWording).
var tellCodes = func() []adjudicator.CodeSpec {
	var specs []adjudicator.CodeSpec
	add := func(rule string, keys []string, codes ...string) {
		for _, c := range codes {
			specs = append(specs, adjudicator.CodeSpec{Code: c, Keys: keys, Rule: rule})
		}
	}
	// the report
	add("5.0", []string{"side", "unit", "from", "to", "path"}, "move.seen")
	add("7.0", []string{"combat", "hexes", "side"}, "combat.title")
	add("7.0, 7.4", []string{"attackers", "defenders", "hexes", "attack", "defence", "odds", "column", "plain", "before"}, "combat.line")
	add("7.0, 7.4, 8.1", []string{"attackers", "defenders", "hexes", "attack", "defence", "odds", "column", "plain", "before", "bombard"}, "combat.line.bombard")
	add("7.9, 20.6", []string{"odds", "column"}, "combat.column")
	add("7.11", []string{"why"}, "combat.why")
	add("7.6", []string{"die", "crt"}, "combat.die")
	add("7.6", []string{"side", "units", "strength"}, "loss.side")
	add("", []string{"kind", "n", "why", "rule"}, "result.refused")
	add("", []string{"moves", "attacks"}, "result.done")
	add("4.1", []string{"side"}, "first")
	add("7.6", []string{"combat", "hexes", "crt", "lost"}, "combat.result", "combat.result.lost")
	add("", nil, "why.unknown")
	add("17.1", []string{"usa", "csa"}, "points")
	add("17.2", []string{"winner", "level", "usa", "csa"}, "outcome")
	add("", []string{"side", "moves", "attacks", "eliminated"}, "progress")
	// the call for orders
	add("15.0", []string{"side", "group", "units", "hex", "turn"}, "arrival", "arrival.roll")
	add("4.1", []string{"side"}, "form.wait")
	add("7.71, 7.75, 7.81", nil, "form.standing", "form.standing.retreat", "form.standing.displace", "form.standing.advance", "form.standing.in-force")
	add("", []string{"line"}, "form.standing.line")
	add("", []string{"side", "turn"}, "form.header")
	add("", nil, "form.edit", "form.end")
	add("18.1", []string{"limit"}, "form.limit")
	add("10.1", nil, "form.night")
	add("2.4", []string{"unit", "id", "kind", "strength", "mp", "hex"}, "form.unit")
	add("15.0", []string{"units", "hex"}, "form.enter")
	add("7.12", []string{"from", "hex"}, "form.contact")
	// the record
	add("17.0", []string{"points"}, "record.unfinished")
	add("17.0", []string{"side", "units", "strength"}, "record.losses")
	add("17.0", []string{"side"}, "record.losses.none")
	add("", nil, "summary.no-orders")
	add("", []string{"game"}, "summary.chart")
	// the receipt
	add("", nil, "check.not-antietam")
	add("16.4", nil, "check.over")
	add("4.1", []string{"side"}, "check.not-your-turn")
	add("7.71, 7.75, 7.81", []string{"retreats", "displace", "advance"}, "check.standing")
	add("18.1", []string{"limit", "moved"}, "check.limit")
	add("7.0, 7.4, 7.9", []string{"hexes", "attack", "defence", "odds", "column"}, "check.attack")
	add("7.11, 7.12", []string{"attackers", "hexes"}, "check.default-attack")
	// the map's legend (picture.go)
	add("9.0", nil, "map.legend.heading", "map.legend.clear", "map.legend.forest", "map.legend.rough", "map.legend.town",
		"map.legend.river", "map.legend.river-ferry", "map.legend.creek", "map.legend.bridge", "map.legend.ford", "map.legend.road")
	// the throw log (DESIGN §4)
	add("7.6", []string{"n"}, "throw.combat")
	add("21.0", []string{"n", "unit"}, "throw.rally")
	add("20.5", nil, "throw.optional-reinforcement")
	return specs
}()

// tellWords are the entries said only as the word of another phrase: the CRT
// results (7.6), the 17.2 levels, the kinds of order and unit.
func tellWords(sc *Scenario) []string {
	var out []string
	for _, r := range CombatResults {
		out = append(out, string(r))
	}
	out = append(out, "level.none")
	for _, l := range sc.Charts.Victory.Levels {
		out = append(out, "level."+l.Side+"-"+l.Name)
	}
	for _, k := range []string{KindMove, KindAttack} {
		out = append(out, "kind."+k)
	}
	for _, t := range []UnitType{Infantry, Cavalry, Artillery} {
		out = append(out, "type."+string(t))
	}
	return out
}

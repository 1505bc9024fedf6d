package templates

import "github.com/shiloh-pbem/pbem/adjudicator"

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

// Battle is one battle told in full.
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
	Hour       string // the turn unit that was played
	Initiative string
	Orders     []Line
	Movement   []Line
	Battles    []Battle
	Supply     []Line
	Losses     []Line
	Points     string
	Outcome    string
}

// BuildReport words a viewer's report of a resolved turn unit from the system's
// sheet (adjudicator.Told). It reads only the report view, through the system.
func BuildReport(sc adjudicator.Scenario, game string, rv adjudicator.ReportView) (*Report, error) {
	t, err := tellerOf(sc)
	if err != nil {
		return nil, err
	}
	sh, err := t.told.Sheet(rv)
	if err != nil {
		return nil, err
	}
	return t.report(game, sh), nil
}

func (t teller) report(game string, sh *adjudicator.Sheet) *Report {
	r := &Report{Game: game, Viewer: viewerName(sh.Viewer), Hour: sh.Turn, Initiative: t.say(sh.Initiative),
		Orders: t.lines(sh.Orders), Movement: t.lines(sh.Movement), Supply: t.lines(sh.Supply), Losses: t.lines(sh.Losses),
		Points: t.say(sh.Points), Outcome: t.say(sh.Outcome)}
	for _, b := range sh.Battles {
		bt := Battle{Title: t.say(b.Title), Revealed: t.lines(b.Revealed), After: t.lines(b.After)}
		for _, rd := range b.Rounds {
			bt.Rounds = append(bt.Rounds, Round{N: rd.N, Lines: t.lines(rd.Lines)})
		}
		r.Battles = append(r.Battles, bt)
	}
	return r
}

func viewerName(s adjudicator.Side) string {
	if s == adjudicator.NoSide {
		return "GM"
	}
	return s.String()
}

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

// Battle is one battle told in full, and in one line for the summary (Result).
type Battle struct {
	Title    string
	Result   string
	Revealed []Line
	Rounds   []Round
	After    []Line // the end, regroups
}

// Report is the data both the text and the HTML report are made from. It reads
// top-down: a summary (Initiative, each battle's Result, Points, Outcome and
// Attention: the orders that failed), then the details, each fact once (Orders
// one line per order, Movement, Enemy, Battles, Losses, Supply).
type Report struct {
	Game       string
	Viewer     string
	Hour       string // the turn unit that was played
	Initiative string
	Attention  []Line
	Orders     []Line
	Movement   []Line
	Enemy      []Line
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
		Attention: t.lines(sh.Attention), Orders: t.lines(sh.Orders), Movement: t.lines(sh.Movement), Enemy: t.lines(sh.Enemy),
		Supply: t.lines(sh.Supply), Losses: t.lines(sh.Losses),
		Points: t.say(sh.Points), Outcome: t.say(sh.Outcome)}
	for _, b := range sh.Battles {
		bt := Battle{Title: t.say(b.Title), Result: t.say(b.Result), Revealed: t.lines(b.Revealed), After: t.lines(b.After)}
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

// Details says whether the report has anything below its summary.
func (r *Report) Details() bool {
	return len(r.Orders)+len(r.Movement)+len(r.Enemy)+len(r.Battles)+len(r.Losses)+len(r.Supply) > 0
}

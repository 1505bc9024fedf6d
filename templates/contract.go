package templates

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file is what the server asks of the wording through the contract's types:
// the hour mail, the sequential-play notice and the end-of-game record. Each
// system cuts its sheets from its views (adjudicator.Told) and this package words
// them with the system's wording file; it knows no system.

// HourMailOf assembles one viewer's hour mail: rv is nil at the start of a game, v
// is the view of the turn unit now open (or the final view).
func HourMailOf(sc adjudicator.Scenario, game string, rv adjudicator.ReportView, v adjudicator.View) (*HourMail, error) {
	t, err := tellerOf(sc)
	if err != nil {
		return nil, err
	}
	f, err := t.told.Form(v)
	if err != nil {
		return nil, err
	}
	m := &HourMail{Game: game, Title: sc.Title(), Viewer: viewerName(v.SeenBy()), Next: f.Turn, Points: t.say(f.Points), t: t}
	// A player whose opponent's player-turn is open is told so, not asked for
	// orders (docs/ARCHITECTURE.md §4); the GM is never asked.
	if turn := v.ViewTurn(); v.SeenBy() != adjudicator.NoSide && len(turn.Senders) > 0 && !turn.Sends(v.SeenBy()) {
		m.Waiting = true
	}
	if rv != nil {
		sh, err := t.told.Sheet(rv)
		if err != nil {
			return nil, err
		}
		m.Report = t.report(game, sh)
	}
	for _, a := range f.Arrivals {
		m.Arrivals = append(m.Arrivals, t.say(a))
	}
	var b strings.Builder
	for _, l := range f.Lines {
		b.WriteString(t.say(l) + "\n")
	}
	m.Template = b.String()
	return m, nil
}

// ReportTextOf words one viewer's report of a resolved turn unit as the hour mail's
// text words it, without the mail around it: what pbem resolve prints for the GM.
func ReportTextOf(sc adjudicator.Scenario, rv adjudicator.ReportView) (string, error) {
	r, err := BuildReport(sc, "", rv)
	if err != nil {
		return "", err
	}
	return ReportText(r)
}

// FirstMovesLines are the lines of Player 1's turn that Player 2 is shown in
// sequential play, worded as the hour report words its movement and what it saw
// of the enemy; the initiative is left out (it was announced when the turn unit
// opened).
func FirstMovesLines(sc adjudicator.Scenario, rv adjudicator.ReportView) ([]string, error) {
	r, err := BuildReport(sc, "", rv)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range slices.Concat(r.Movement, r.Enemy) {
		out = append(out, l.Text)
	}
	return out, nil
}

// PlayedHour is one resolved turn unit as the end-of-game record reads it.
type PlayedHour struct {
	Index            int
	GM               adjudicator.ReportView // the GM's report view, as stored
	Sent             [2]bool                // whether each side sent orders (index Side.Index())
	Orders           [2]string              // each side's orders in canonical text, when sent
	Seed, Commitment string
}

// ChartRow is one turn unit of the casualty chart: its short label and the steps
// each side lost (index Side.Index()).
type ChartRow struct {
	Label string
	Lost  [2]int
}

// EndOfGame words the end-of-game record from the final state and every played
// turn unit, and counts the casualty chart's rows. Nothing is hidden any more, so
// it reads the GM's views.
func EndOfGame(sc adjudicator.Scenario, after adjudicator.State, head string, hours []PlayedHour) (*Summary, []ChartRow, error) {
	t, err := tellerOf(sc)
	if err != nil {
		return nil, nil, err
	}
	gm := make([]adjudicator.ReportView, len(hours))
	for i, ph := range hours {
		gm[i] = ph.GM
	}
	rec, err := t.told.Record(after, gm)
	if err != nil {
		return nil, nil, err
	}
	if len(rec.Turns) != len(hours) {
		return nil, nil, fmt.Errorf("templates: the record has %d turns for %d played", len(rec.Turns), len(hours))
	}
	sum := &Summary{ChainHead: head, Result: t.say(rec.Result)}
	for _, l := range rec.Losses {
		sum.Losses = append(sum.Losses, t.say(l))
	}
	noOrders := t.say(adjudicator.Say("summary.no-orders"))
	var chart []ChartRow
	for i, ph := range hours {
		row := rec.Turns[i]
		sh := SummaryHour{Hour: row.Key, Player1: row.First.String(), Seed: ph.Seed, Commitment: ph.Commitment,
			USA: ph.Orders[adjudicator.USA.Index()], CSA: ph.Orders[adjudicator.CSA.Index()]}
		if !ph.Sent[adjudicator.USA.Index()] {
			sh.USA = noOrders
		}
		if !ph.Sent[adjudicator.CSA.Index()] {
			sh.CSA = noOrders
		}
		sum.Hours = append(sum.Hours, sh)
		chart = append(chart, ChartRow{Label: row.Short, Lost: row.Lost})
	}
	return sum, chart, nil
}

// ProgressLine is one line on a resolved turn unit for a terminal (the demo's
// progress), from the GM's report: the turn, then what the system sums it up as.
func ProgressLine(sc adjudicator.Scenario, gm adjudicator.ReportView) (string, error) {
	t, err := tellerOf(sc)
	if err != nil {
		return "", err
	}
	sh, err := t.told.Sheet(gm)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%-10s %s", sh.Turn, t.say(sh.Progress)), nil
}

// Wording words the phrases of sc's system that a caller passes on without
// reading them (the initiative a sequential hour opens with), naming units and
// places by the scenario's names: for what a side's own view may name.
func Wording(sc adjudicator.Scenario) (func(adjudicator.Phrase) string, error) {
	t, err := tellerOf(sc)
	if err != nil {
		return nil, err
	}
	return t.say, nil
}

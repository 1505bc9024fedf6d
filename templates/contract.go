package templates

import (
	"errors"
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// This file is what the server asks of the wording through the contract's types:
// the hour mail, the sequential-play notice and the end-of-game record. The
// wording reads Shiloh 1862's views until views and reports take the shared shapes
// (docs/ARCHITECTURE.md §11, steps 15 and 17); then only these bodies change, and
// the server not at all.

// HourMailOf assembles one viewer's hour mail: rv is nil at the start of a game, v
// is the view of the turn unit now open (or the final view).
func HourMailOf(sc adjudicator.Scenario, game string, rv adjudicator.ReportView, v adjudicator.View) (*HourMail, error) {
	eng, err := shiloh1862.Engine(sc)
	if err != nil {
		return nil, err
	}
	r, err := shiloh1862.AsReportView(rv)
	if err != nil {
		return nil, err
	}
	w, err := shiloh1862.AsView(v)
	if err != nil {
		return nil, err
	}
	return NewHourMail(eng, game, r, w), nil
}

// ReportTextOf words one viewer's report of a resolved turn unit as the hour mail's
// text words it, without the mail around it: what pbem resolve prints for the GM.
func ReportTextOf(sc adjudicator.Scenario, rv adjudicator.ReportView) (string, error) {
	eng, err := shiloh1862.Engine(sc)
	if err != nil {
		return "", err
	}
	r, err := reportOf(rv)
	if err != nil {
		return "", err
	}
	return ReportText(BuildReport(eng, "", r))
}

// FirstMovesLines are the lines of Player 1's turn that Player 2 is shown in
// sequential play, the initiative left out (it was announced when the hour opened):
// each worded as the hour's report will word it.
func FirstMovesLines(sc adjudicator.Scenario, rv adjudicator.ReportView) ([]string, error) {
	eng, err := shiloh1862.Engine(sc)
	if err != nil {
		return nil, err
	}
	r, err := reportOf(rv)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range r.Events {
		if e.Kind == shiloh1862.EvInitiative {
			continue
		}
		out = append(out, eventLine(namer{eng}, r.Viewer, e).Text)
	}
	return out, nil
}

// Wording words the phrases of sc's system that a caller passes on without
// reading them (the initiative a sequential hour opens with), naming units and
// places by the scenario's names: for what a side's own view may name.
func Wording(sc adjudicator.Scenario) (func(adjudicator.Phrase) string, error) {
	eng, err := shiloh1862.Engine(sc)
	if err != nil {
		return nil, err
	}
	n := namer{eng}
	return func(p adjudicator.Phrase) string { return shilohWords.Say(p, n) }, nil
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
// hour, and counts the casualty chart's rows. Nothing is hidden any more, so it
// reads the GM's views.
func EndOfGame(sc adjudicator.Scenario, after adjudicator.State, head string, hours []PlayedHour) (*Summary, []ChartRow, error) {
	eng, err := shiloh1862.Engine(sc)
	if err != nil {
		return nil, nil, err
	}
	st, err := shiloh1862.AsState(after)
	if err != nil {
		return nil, nil, err
	}
	sum := &Summary{ChainHead: head, Result: SummaryResult(st), Losses: SummaryLosses(shiloh1862.Tallies(eng, st))}
	var chart []ChartRow
	for _, ph := range hours {
		rv, err := reportOf(ph.GM)
		if err != nil {
			return nil, nil, err
		}
		hour := shiloh1862.Hour(ph.Index)
		sh := SummaryHour{Hour: hour.String(), Player1: rv.Initiative.Player1.String(), Seed: ph.Seed, Commitment: ph.Commitment,
			USA: ph.Orders[adjudicator.USA.Index()], CSA: ph.Orders[adjudicator.CSA.Index()]}
		if !ph.Sent[adjudicator.USA.Index()] {
			sh.USA = SummaryNoOrders()
		}
		if !ph.Sent[adjudicator.CSA.Index()] {
			sh.CSA = SummaryNoOrders()
		}
		sum.Hours = append(sum.Hours, sh)
		chart = append(chart, ChartRow{Label: hour.Short(), Lost: [2]int{
			shiloh1862.StepsLost(eng, rv.Events, adjudicator.USA), shiloh1862.StepsLost(eng, rv.Events, adjudicator.CSA)}})
	}
	return sum, chart, nil
}

// ProgressLine is one line on a resolved hour for a terminal (the demo's
// progress): the hour, Player 1, the battles and the victory points.
func ProgressLine(sc adjudicator.Scenario, gm adjudicator.ReportView) (string, error) {
	rv, err := reportOf(gm)
	if err != nil {
		return "", err
	}
	battles := 0
	for _, e := range rv.Events {
		if e.Kind == shiloh1862.EvBattle {
			battles++
		}
	}
	s := fmt.Sprintf("%-10s Player 1 %s, %d battles, VP USA %d CSA %d", rv.Hour, rv.Initiative.Player1, battles,
		rv.Points[adjudicator.USA.Index()], rv.Points[adjudicator.CSA.Index()])
	if rv.Over {
		if rv.Winner != adjudicator.NoSide {
			s += fmt.Sprintf(": %s wins", rv.Winner)
		} else {
			s += ": game over"
		}
	}
	return s, nil
}

// reportOf is a report view that must be there: the engine's behind rv.
func reportOf(rv adjudicator.ReportView) (*shiloh1862.ReportView, error) {
	r, err := shiloh1862.AsReportView(rv)
	if err == nil && r == nil {
		err = errors.New("templates: no report view")
	}
	return r, err
}

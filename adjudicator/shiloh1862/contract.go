package shiloh1862

import (
	"encoding/json"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file is the rest of the contract's Scenario (docs/ARCHITECTURE.md §3.7):
// resolution, views and stored encodings, each a thin wrapper over the engine's own
// functions, so that the server plays an hour without naming this package.

func (o *Orders) Sender() Side                    { return o.Side }
func (r *Report) Played() adjudicator.Turn        { return r.Hour.Turn() }
func (v *View) SeenBy() Side                      { return v.Viewer }
func (v *View) ViewTurn() adjudicator.Turn        { return v.Hour.Turn() }
func (r *ReportView) ReportFor() Side             { return r.Viewer }
func (r *ReportView) ViewAfter() adjudicator.View { return &r.After }

// AsState, AsOrders, AsView and AsReportView are the engine's values behind
// contract values of this system: what the grammar's Format and the adapters in
// templates and render use, until those read shared shapes (docs/ARCHITECTURE.md
// §11). Another
// system's value is an error; nil orders and a nil report view stay nil (a side
// that sent none, the first mail of a game).
func AsState(st adjudicator.State) (*State, error) {
	s, ok := st.(*State)
	if !ok || s == nil {
		return nil, errorf("%T is not a %s state", st, SystemID)
	}
	return s, nil
}

func AsOrders(o adjudicator.Orders) (*Orders, error) {
	if o == nil {
		return nil, nil
	}
	x, ok := o.(*Orders)
	if !ok {
		return nil, errorf("%T are not %s orders", o, SystemID)
	}
	return x, nil
}

func AsView(v adjudicator.View) (*View, error) {
	x, ok := v.(*View)
	if !ok || x == nil {
		return nil, errorf("%T is not a %s view", v, SystemID)
	}
	return x, nil
}

func AsReportView(rv adjudicator.ReportView) (*ReportView, error) {
	if rv == nil {
		return nil, nil
	}
	x, ok := rv.(*ReportView)
	if !ok {
		return nil, errorf("%T is not a %s report view", rv, SystemID)
	}
	return x, nil
}

func (c contractScenario) DecodeOrders(b []byte) (adjudicator.Orders, error) {
	var o Orders
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, errorf("stored orders: %v", err)
	}
	return &o, nil
}

func (c contractScenario) Resolve(st adjudicator.State, ord [2]adjudicator.Orders, d Dice) (adjudicator.State, adjudicator.Report, error) {
	before, err := AsState(st)
	if err != nil {
		return nil, nil, err
	}
	var o [2]*Orders
	for i := range ord {
		if o[i], err = AsOrders(ord[i]); err != nil {
			return nil, nil, err
		}
	}
	after, rep, err := ResolveHour(c.sc, before, o, d)
	if err != nil {
		return nil, nil, err
	}
	return after, rep, nil
}

// View and ViewReport take states and reports this system made; anything else is
// a programming error, not bad input, so they panic rather than hand back a view
// that might say too much.
func (c contractScenario) View(st adjudicator.State, viewer Side) adjudicator.View {
	s, err := AsState(st)
	if err != nil {
		panic(err)
	}
	return ViewOf(c.sc, s, viewer)
}

func (c contractScenario) ViewReport(before adjudicator.State, r adjudicator.Report, after adjudicator.State, viewer Side) adjudicator.ReportView {
	b, err := AsState(before)
	if err != nil {
		panic(err)
	}
	a, err := AsState(after)
	if err != nil {
		panic(err)
	}
	rep, ok := r.(*Report)
	if !ok {
		panic(errorf("%T is not a %s report", r, SystemID))
	}
	return ViewReport(c.sc, b, rep, a, viewer)
}

// ReportFormat: 2 is the report view whose reasons are phrases (Why); 1, the
// same with the engine's English in their place, is still read (format1.go).
func (c contractScenario) ReportFormat() int { return 2 }

func (c contractScenario) DecodeReportView(b []byte, format int) (adjudicator.ReportView, error) {
	switch format {
	case 1:
		rv, err := decodeFormat1(c.sc, b)
		if err != nil {
			return nil, errorf("stored report (format 1): %v", err)
		}
		return rv, nil
	case 2:
		var rv ReportView
		if err := json.Unmarshal(b, &rv); err != nil {
			return nil, errorf("stored report: %v", err)
		}
		return &rv, nil
	}
	return nil, errorf("stored report: format %d is not one this build reads (1, 2)", format)
}

// Initiative and FirstMoves make the scenario an adjudicator.Sequential
// (sequential.go has the rules).
func (c contractScenario) Initiative(st adjudicator.State, d Dice) (Side, Phrase, error) {
	s, err := AsState(st)
	if err != nil {
		return NoSide, Phrase{}, err
	}
	in, err := ThrowInitiative(c.sc, s, d)
	return in.Player1, in.Why, err
}

func (c contractScenario) FirstMoves(st adjudicator.State, first adjudicator.Orders, d Dice) (adjudicator.ReportView, error) {
	s, o, err := asStateAndOrders(st, first)
	if err != nil {
		return nil, err
	}
	rv, err := FirstMoves(c.sc, s, o, d)
	if err != nil {
		return nil, err
	}
	return rv, nil
}

func (c contractScenario) BetweenTurns(st adjudicator.State, first adjudicator.Orders, d Dice) (adjudicator.State, error) {
	s, o, err := asStateAndOrders(st, first)
	if err != nil {
		return nil, err
	}
	mid, err := BetweenTurns(c.sc, s, o, d)
	if err != nil {
		return nil, err
	}
	return mid, nil
}

// asStateAndOrders is AsState and AsOrders at once, for the sequential steps.
func asStateAndOrders(st adjudicator.State, o adjudicator.Orders) (*State, *Orders, error) {
	s, err := AsState(st)
	if err != nil {
		return nil, nil, err
	}
	x, err := AsOrders(o)
	return s, x, err
}

var _ adjudicator.Sequential = contractScenario{}

// Check is CheckOrders from the side's Knowledge, cut from st here, so that a
// caller holding the State can never check against more than the side knows.
func (c contractScenario) Check(st adjudicator.State, o adjudicator.Orders) []adjudicator.Check {
	s, err := AsState(st)
	if err != nil {
		return contractChecks(orderCheck(because("check.error", adjudicator.TextArg("error", err.Error()))))
	}
	x, err := AsOrders(o)
	if err != nil || x == nil {
		return contractChecks(orderCheck(noSide))
	}
	return contractChecks(CheckOrders(c.sc, KnowledgeOf(c.sc, s, x.Side), x))
}

// contractChecks are the engine's checks as the contract gives them.
func contractChecks(cs []Check) []adjudicator.Check {
	var out []adjudicator.Check
	for _, ch := range cs {
		out = append(out, adjudicator.Check{Order: ch.Order, Status: ch.Status, Rule: ch.Rule, Why: ch.Why, Hint: ch.Hint})
	}
	return out
}

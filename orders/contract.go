package orders

import (
	"errors"
	"strings"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// This file is what the server asks of the order language through the contract's
// types: read a side's mail into orders with a receipt, and print stored orders.
// The grammar in this package is Shiloh 1862's until it moves into the system's
// package (docs/ARCHITECTURE.md §11 step 16); these two functions are then the
// only ones whose bodies change.

// names caches each scenario's compiled dictionary of names.
var names sync.Map // scenario id -> *Dictionary

func namesOf(sc *shiloh1862.Scenario) *Dictionary {
	if d, ok := names.Load(sc.ID); ok {
		return d.(*Dictionary)
	}
	d := ScenarioNames(sc)
	names.Store(sc.ID, d)
	return d
}

// Read reads one side's orders for the turn unit st is at, and the receipt that
// answers them (version v, replacing version replaces; 0 for none): every order
// echoed canonically with its status, and the engine's checks made from the side's
// own view only (fog of war).
func Read(sc adjudicator.Scenario, st adjudicator.State, side adjudicator.Side, text string, version, replaces int) (adjudicator.Orders, *Receipt, error) {
	eng, err := shiloh1862.Engine(sc)
	if err != nil {
		return nil, nil, err
	}
	p := ParseText(text, namesOf(eng), side)
	return p.Orders, receipt(sc, eng, st, p, version, replaces), nil
}

// receipt answers one submission (issue: the receipt).
func receipt(sc adjudicator.Scenario, eng *shiloh1862.Scenario, st adjudicator.State, p *Parsed, version, replaces int) *Receipt {
	rc := NewReceipt(p, namesOf(eng), version, replaces)
	// The engine's checks against the side's own view: legality with the rule, a
	// suggestion, the command assignment, what the supply list would buy.
	if p.Orders == nil || p.Orders.Side == adjudicator.NoSide {
		return rc
	}
	for _, c := range sc.Check(st, p.Orders) {
		status := OK
		switch c.Status {
		case adjudicator.CheckWarning:
			status = Warned
		case adjudicator.CheckError:
			status = Errored
		}
		sugg := c.Suggestion
		if strings.Contains(c.Text, sugg) {
			sugg = "" // the engine's text already ends with it
		}
		if c.Order.Line > 0 {
			rc.AddCheck(c.Order.Line, status, c.Rule, c.Text, sugg)
		} else {
			rc.AddCheckFor(c.Order.Kind, c.Order.Index, status, c.Rule, c.Text, sugg)
		}
	}
	return rc
}

// Canonical prints stored orders in their canonical text, as the receipt echoed
// them and as their hash was taken.
func Canonical(sc adjudicator.Scenario, o adjudicator.Orders) (string, error) {
	eng, err := shiloh1862.Engine(sc)
	if err != nil {
		return "", err
	}
	x, err := shiloh1862.AsOrders(o)
	if err != nil {
		return "", err
	}
	if x == nil {
		return "", errors.New("orders: no orders to print")
	}
	return Format(x, namesOf(eng)), nil
}

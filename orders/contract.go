package orders

import (
	"errors"
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file is what the server asks of the order language through the contract's
// types: read a side's mail into orders with a receipt, and print stored orders.
// Each rule system brings its own grammar; this package finds it on the scenario.

// Grammar is a rule system's order language, written over this package's mail
// clean-up, lexer and name lookup. A system's contract scenario implements it, so
// that Read and Canonical reach the grammar through the scenario they are given,
// with no import of the system and no registry of grammars.
type Grammar interface {
	// Parse reads one side's orders from a mail. It never stops at a problem: a
	// line it cannot read is an error and the others still count.
	Parse(text string, side adjudicator.Side) *Parsed
	// Format prints orders in canonical form, one order a line: the text a receipt
	// hashes. Parsing it gives the same orders.
	Format(o adjudicator.Orders) (string, error)
}

// Parsed is what a grammar read from one mail, in the terms a receipt needs.
type Parsed struct {
	Orders   adjudicator.Orders // only what was understood
	Problems []Problem
	// Lines are the orders in canonical form, one receipt line per source line,
	// in the order Format prints them.
	Lines []OrderLine
	// Summary counts the orders ("2 moves, 1 attack") as a phrase the system's
	// wording file words; the receipt adds the lines in error.
	Summary adjudicator.Phrase
}

// OrderLine is one order line in canonical form, with the line it came from (0 when
// unknown) and the orders it holds, named as the system's checks name them
// (adjudicator.OrderRef): Count orders of Kind from Index on.
type OrderLine struct {
	Line  int
	Kind  string
	Index int
	Count int // 0 reads as 1
	Text  string
}

// grammarOf is the grammar a scenario brings, or an error saying it has none.
func grammarOf(sc adjudicator.Scenario) (Grammar, error) {
	if sc == nil {
		return nil, errors.New("orders: no scenario")
	}
	g, ok := sc.(Grammar)
	if !ok {
		return nil, fmt.Errorf("orders: scenario %s of %s has no order grammar", sc.ID(), sc.System())
	}
	return g, nil
}

// Read reads one side's orders for the turn unit st is at, and the receipt that
// answers them (version v, replacing version replaces; 0 for none): every order
// echoed canonically with its status, and the system's checks made from the side's
// own view only (fog of war). The receipt is phrases; templates words it.
func Read(sc adjudicator.Scenario, st adjudicator.State, side adjudicator.Side, text string, version, replaces int) (adjudicator.Orders, *Receipt, error) {
	g, err := grammarOf(sc)
	if err != nil {
		return nil, nil, err
	}
	p := g.Parse(text, side)
	canon, err := g.Format(p.Orders)
	if err != nil {
		return nil, nil, err
	}
	rc := NewReceipt(p, canon, version, replaces)
	// The system's checks against the side's own view: legality with the rule, a
	// suggestion, the command assignment, what the supply list would buy.
	if p.Orders == nil || p.Orders.Sender() == adjudicator.NoSide {
		return p.Orders, rc, nil
	}
	for _, c := range sc.Check(st, p.Orders) {
		status := OK
		switch c.Status {
		case adjudicator.CheckWarning:
			status = Warned
		case adjudicator.CheckError:
			status = Errored
		}
		ck := Check{Status: status, Rule: c.Rule, Why: c.Why, Hint: c.Hint}
		if c.Order.Line > 0 {
			rc.AddCheck(c.Order.Line, ck)
		} else {
			rc.AddCheckFor(c.Order.Kind, c.Order.Index, ck)
		}
	}
	return p.Orders, rc, nil
}

// Canonical prints stored orders in their canonical text, as the receipt echoed
// them and as their hash was taken.
func Canonical(sc adjudicator.Scenario, o adjudicator.Orders) (string, error) {
	g, err := grammarOf(sc)
	if err != nil {
		return "", err
	}
	if o == nil {
		return "", errors.New("orders: no orders to print")
	}
	return g.Format(o)
}

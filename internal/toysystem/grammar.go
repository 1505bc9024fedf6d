package toysystem

import (
	"fmt"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// The order language (orders.Grammar), written over package orders: its mail
// clean-up finds the orders in a mail (ORDERS and END lines, quotes, signatures,
// "#" comments), its lexer splits a line into words and arrows, and its name
// lookup finds units and hexes by any spelling with "did you mean". The toy adds
// two orders:
//
//	move <unit> <hex>     (also "move <unit> to <hex>"; a unit by its id or name,
//	                      a hex by its number or the name printed on it)
//	hold                  (no moves: what an order set without moves prints as)

var vocabulary = orders.NewVocabulary([]string{"move", "hold"}, nil, nil)

// names are what the grammar looks up: the hexes, and each side's units.
type names struct{ board *adjudicator.Board }

func (n names) Areas() []orders.Name {
	var out []orders.Name
	for _, p := range n.board.Places {
		out = append(out, orders.Name{ID: string(p.ID), Canonical: p.Name, Aliases: p.Aliases})
	}
	return out
}

func (n names) Blocks(side adjudicator.Side) []orders.Name {
	var out []orders.Name
	for _, u := range units {
		if u.Side == side {
			out = append(out, orders.Name{ID: u.ID, Canonical: u.ID, Aliases: []string{u.Name}})
		}
	}
	return out
}

func (n names) Arrivals(adjudicator.Side) []orders.Name { return nil }

// Parse reads one side's orders from a mail. A line it cannot read is a problem
// at that line; the others still count.
func (c *scenario) Parse(text string, side adjudicator.Side) *orders.Parsed {
	dict := c.dict
	r := &orders.Reader{Dict: dict, Side: side}
	o := &Orders{Side: side}
	var lines []orders.OrderLine
	r.Read(text, vocabulary, func(toks []orders.Token) {
		if len(toks) == 1 && toks[0].Low == "hold" {
			return
		}
		if len(toks) == 0 || toks[0].Low != "move" {
			r.Fail(say("parse.hint.one-a-line"), say("parse.not-an-order", adjudicator.TextArg("typed", orders.JoinWords(toks))))
			return
		}
		unit, hex, ok := splitMove(toks[1:])
		if !ok {
			r.Fail(say("parse.hint.move"), say("parse.move"))
			return
		}
		u := r.Resolve(dict.BlockTable(side), unit)
		h := r.Resolve(dict.AreaTable(), hex)
		for _, x := range []struct {
			res  orders.Resolved
			code string
		}{{u, "parse.no-unit"}, {h, "parse.no-hex"}} {
			if !x.res.Found {
				if !x.res.Reported {
					r.Fail(x.res.Hint, say(x.code, adjudicator.TextArg("typed", x.res.Typed)))
				}
				return
			}
		}
		m := Move{Unit: u.ID, To: adjudicator.PlaceID(h.ID)}
		o.Moves = append(o.Moves, m)
		lines = append(lines, orders.OrderLine{Line: r.Line, Kind: "move", Index: len(o.Moves) - 1, Text: formatMove(m)})
	})
	summary := say("orders-count", adjudicator.IntArg("n", len(o.Moves)))
	return &orders.Parsed{Orders: o, Problems: r.Problems, Lines: lines, Summary: summary}
}

// splitMove cuts what follows "move" into the unit and the hex: at an arrow
// ("to", ">"), else before the last word.
func splitMove(toks []orders.Token) (unit, hex []orders.Token, ok bool) {
	for i, t := range toks {
		if t.Kind == orders.Arrow {
			return toks[:i], toks[i+1:], i > 0 && i < len(toks)-1
		}
	}
	if len(toks) < 2 {
		return nil, nil, false
	}
	return toks[:len(toks)-1], toks[len(toks)-1:], true
}

func formatMove(m Move) string { return fmt.Sprintf("move %s %s", m.Unit, m.To) }

// Format prints orders canonically, one move a line, or "hold": the text a
// receipt hashes. Parse reads it back to the same orders.
func (c *scenario) Format(o adjudicator.Orders) (string, error) {
	x, err := asOrders(o)
	if err != nil || x == nil {
		return "", fmt.Errorf("toy: no orders to print (%v)", err)
	}
	if len(x.Moves) == 0 {
		return "hold\n", nil
	}
	var b strings.Builder
	for _, m := range x.Moves {
		b.WriteString(formatMove(m) + "\n")
	}
	return b.String(), nil
}

var _ orders.Grammar = skirmish

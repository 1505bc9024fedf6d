package shiloh1862

import (
	"strings"

	"github.com/shiloh-pbem/pbem/orders"
)

// This file prints orders in canonical form, the text whose SHA-256 is the order
// set's hash on receipts (orders.Hash): it must stay byte for byte what it is, so
// that receipts already sent keep matching their hashes.

// FormatOrders prints orders in canonical form: one order a line, in a fixed order
// (activations, moves, battle sequence, doctrine, regroups, losses, pinning, supply,
// arrivals, initiative), every name as the scenario spells it. Parsing the result
// gives the same orders.
func FormatOrders(o *Orders, names orders.Names) string {
	if o == nil {
		return ""
	}
	var b strings.Builder
	for _, l := range canonicalLines(o, orders.Compile(names), listLines{}, false) {
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// canonicalLines are the orders' lines in canonical form, with the line each came
// from and what it is (the OrderRef kinds of the checks).
func canonicalLines(o *Orders, d *orders.Dictionary, ll listLines, byLine bool) []orders.OrderLine {
	var out []orders.OrderLine
	blocks := d.BlockTable(o.Side)
	arrivals := d.ArrivalTable(o.Side)
	area := func(id AreaID) string { return d.AreaTable().Canonical(string(id)) }
	blockList := func(ids []BlockID) string {
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = blocks.Canonical(string(id))
		}
		return strings.Join(parts, ", ")
	}
	areaList := func(ids []AreaID) string {
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = area(id)
		}
		return strings.Join(parts, ", ")
	}
	// FormatOrders prints one activate line; a receipt one per source line, so that each
	// line's problems stay with it.
	for i := 0; i < len(o.Activate); {
		j := i + 1
		for j < len(o.Activate) && (!byLine || o.Activate[j].Line == o.Activate[i].Line) {
			j++
		}
		parts := make([]string, 0, j-i)
		for _, a := range o.Activate[i:j] {
			s := blocks.Canonical(string(a.HQ))
			if a.AsArmy {
				s += " as army"
			}
			parts = append(parts, s)
		}
		out = append(out, orders.OrderLine{Line: o.Activate[i].Line, Kind: "activate", Index: i, Count: j - i, Text: "activate " + strings.Join(parts, ", ")})
		i = j
	}
	for i, m := range o.Moves {
		var b strings.Builder
		b.WriteString(blockList(m.Blocks))
		if m.From != "" {
			b.WriteString(": " + area(m.From))
		}
		switch {
		case len(m.Path) == 2 && m.Path[0] == "":
			b.WriteString(" >> " + area(m.Path[1]))
		default:
			for _, a := range m.Path {
				b.WriteString(" > " + area(a))
			}
		}
		if m.Intent != IntentMove {
			b.WriteString(" " + m.Intent.String())
		}
		if m.Uncommanded {
			b.WriteString(" uncommanded")
		}
		out = append(out, orders.OrderLine{Line: m.Line, Kind: "move", Index: i, Text: b.String()})
	}
	if len(o.Battles) > 0 {
		out = append(out, orders.OrderLine{Line: ll.Battles, Kind: "battles", Text: "battles: " + areaList(o.Battles)})
	}
	for i, dc := range o.Doctrine {
		where := "all battles:"
		if dc.Area != "" {
			where = "at " + area(dc.Area) + ":"
		}
		var kind string
		switch dc.Kind {
		case WithdrawAfter:
			if dc.AfterRound == 0 {
				kind = "withdraw at once"
			} else {
				kind = "withdraw after round " + itoa(dc.AfterRound)
			}
		case WithdrawIfWeaker:
			kind = "withdraw if weaker"
		default:
			kind = "hold"
		}
		text := where + " " + kind
		if len(dc.Retreat) > 0 {
			text += ", retreat to " + areaList(dc.Retreat)
		}
		out = append(out, orders.OrderLine{Line: dc.Line, Kind: "doctrine", Index: i, Text: text})
	}
	for i, r := range o.Regroup {
		text := "regroup at " + area(r.Area) + ": "
		if len(r.Blocks) > 0 {
			text += blockList(r.Blocks) + " > "
		}
		text += area(r.To)
		out = append(out, orders.OrderLine{Line: r.Line, Kind: "regroup", Index: i, Text: text})
	}
	if len(o.LossesFirst) > 0 {
		out = append(out, orders.OrderLine{Line: ll.LossesFirst, Kind: "losses", Text: "losses first: " + blockList(o.LossesFirst)})
	}
	if len(o.LossesLast) > 0 {
		out = append(out, orders.OrderLine{Line: ll.LossesLast, Kind: "losses", Index: 1, Text: "losses last: " + blockList(o.LossesLast)})
	}
	if len(o.Pin) > 0 {
		out = append(out, orders.OrderLine{Line: ll.Pin, Kind: "pin", Text: "pin: " + blockList(o.Pin)})
	}
	if len(o.Supply) > 0 {
		out = append(out, orders.OrderLine{Line: ll.Supply, Kind: "supply", Text: "supply: " + blockList(o.Supply)})
	}
	for i, c := range o.ArrivalChoices {
		line := 0
		if i < len(ll.ArrivalChoices) {
			line = ll.ArrivalChoices[i]
		}
		out = append(out, orders.OrderLine{Line: line, Kind: "arrival", Index: i, Text: "arrival " + arrivals.Canonical(c.Arrival) + ": " + c.Choice})
	}
	if len(o.HoldArrivals) > 0 {
		parts := make([]string, len(o.HoldArrivals))
		for i, a := range o.HoldArrivals {
			parts[i] = arrivals.Canonical(a)
		}
		out = append(out, orders.OrderLine{Line: ll.Delay, Kind: "delay", Text: "delay: " + strings.Join(parts, ", ")})
	}
	for i, l := range o.Landings {
		out = append(out, orders.OrderLine{Line: l.Line, Kind: "landing", Index: i, Text: "landing " + arrivals.Canonical(l.Arrival) + ": " + area(l.Area)})
	}
	switch o.Initiative {
	case InitiativeFirst:
		out = append(out, orders.OrderLine{Line: ll.Initiative, Kind: "initiative", Text: "initiative: first"})
	case InitiativeSecond:
		out = append(out, orders.OrderLine{Line: ll.Initiative, Kind: "initiative", Text: "initiative: second"})
	}
	return out
}

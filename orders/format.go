package orders

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// An orderLine is one order in canonical form, with the line it came from and what
// it is (the OrderRef kinds of the engine's results).
type orderLine struct {
	line  int
	kind  string
	index int
	text  string
}

// Format prints orders in canonical form: one order a line, in a fixed order
// (activations, moves, battle sequence, doctrine, regroups, losses, pinning, supply,
// arrivals, initiative), every name as the scenario spells it. Parsing the result
// gives the same orders.
func Format(o *shiloh1862.Orders, names Names) string {
	if o == nil {
		return ""
	}
	var b strings.Builder
	for _, l := range canonicalLines(o, Compile(names), ListLines{}, false) {
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	return b.String()
}

// Hash is the SHA-256 of the canonical form, in hex: the order set's fingerprint on
// receipts.
func Hash(o *shiloh1862.Orders, names Names) string {
	sum := sha256.Sum256([]byte(Format(o, names)))
	return hex.EncodeToString(sum[:])
}

func canonicalLines(o *shiloh1862.Orders, d *Dictionary, ll ListLines, byLine bool) []orderLine {
	var out []orderLine
	blocks := d.BlockTable(o.Side)
	arrivals := d.ArrivalTable(o.Side)
	area := func(id shiloh1862.AreaID) string { return d.AreaTable().Canonical(string(id)) }
	blockList := func(ids []shiloh1862.BlockID) string {
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = blocks.Canonical(string(id))
		}
		return strings.Join(parts, ", ")
	}
	areaList := func(ids []shiloh1862.AreaID) string {
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = area(id)
		}
		return strings.Join(parts, ", ")
	}
	// Format prints one activate line; a receipt one per source line, so that each
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
		out = append(out, orderLine{line: o.Activate[i].Line, kind: "activate", index: i, text: "activate " + strings.Join(parts, ", ")})
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
		if m.Intent != shiloh1862.IntentMove {
			b.WriteString(" " + m.Intent.String())
		}
		if m.Uncommanded {
			b.WriteString(" uncommanded")
		}
		out = append(out, orderLine{line: m.Line, kind: "move", index: i, text: b.String()})
	}
	if len(o.Battles) > 0 {
		out = append(out, orderLine{line: ll.Battles, kind: "battles", text: "battles: " + areaList(o.Battles)})
	}
	for i, dc := range o.Doctrine {
		where := "all battles:"
		if dc.Area != "" {
			where = "at " + area(dc.Area) + ":"
		}
		var kind string
		switch dc.Kind {
		case shiloh1862.WithdrawAfter:
			if dc.AfterRound == 0 {
				kind = "withdraw at once"
			} else {
				kind = "withdraw after round " + itoa(dc.AfterRound)
			}
		case shiloh1862.WithdrawIfWeaker:
			kind = "withdraw if weaker"
		default:
			kind = "hold"
		}
		text := where + " " + kind
		if len(dc.Retreat) > 0 {
			text += ", retreat to " + areaList(dc.Retreat)
		}
		out = append(out, orderLine{line: dc.Line, kind: "doctrine", index: i, text: text})
	}
	for i, r := range o.Regroup {
		text := "regroup at " + area(r.Area) + ": "
		if len(r.Blocks) > 0 {
			text += blockList(r.Blocks) + " > "
		}
		text += area(r.To)
		out = append(out, orderLine{line: r.Line, kind: "regroup", index: i, text: text})
	}
	if len(o.LossesFirst) > 0 {
		out = append(out, orderLine{line: ll.LossesFirst, kind: "losses", text: "losses first: " + blockList(o.LossesFirst)})
	}
	if len(o.LossesLast) > 0 {
		out = append(out, orderLine{line: ll.LossesLast, kind: "losses", index: 1, text: "losses last: " + blockList(o.LossesLast)})
	}
	if len(o.Pin) > 0 {
		out = append(out, orderLine{line: ll.Pin, kind: "pin", text: "pin: " + blockList(o.Pin)})
	}
	if len(o.Supply) > 0 {
		out = append(out, orderLine{line: ll.Supply, kind: "supply", text: "supply: " + blockList(o.Supply)})
	}
	for i, c := range o.ArrivalChoices {
		line := 0
		if i < len(ll.ArrivalChoices) {
			line = ll.ArrivalChoices[i]
		}
		out = append(out, orderLine{line: line, kind: "arrival", index: i, text: "arrival " + arrivals.Canonical(c.Arrival) + ": " + c.Choice})
	}
	if len(o.HoldArrivals) > 0 {
		parts := make([]string, len(o.HoldArrivals))
		for i, a := range o.HoldArrivals {
			parts[i] = arrivals.Canonical(a)
		}
		out = append(out, orderLine{line: ll.Delay, kind: "delay", text: "delay: " + strings.Join(parts, ", ")})
	}
	for i, l := range o.Landings {
		out = append(out, orderLine{line: l.Line, kind: "landing", index: i, text: "landing " + arrivals.Canonical(l.Arrival) + ": " + area(l.Area)})
	}
	switch o.Initiative {
	case shiloh1862.InitiativeFirst:
		out = append(out, orderLine{line: ll.Initiative, kind: "initiative", text: "initiative: first"})
	case shiloh1862.InitiativeSecond:
		out = append(out, orderLine{line: ll.Initiative, kind: "initiative", text: "initiative: second"})
	}
	return out
}

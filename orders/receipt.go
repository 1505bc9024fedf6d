package orders

import (
	"fmt"
	"sort"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Status is how a receipt line stands.
type Status string

const (
	OK      Status = "ok"
	Warned  Status = "warning"
	Errored Status = "error"
)

// Check is one finding about an order line: a parse problem, or a check the engine
// added later (command assignment, legality), with the rule it rests on.
type Check struct {
	Status     Status
	Rule       string
	Text       string
	Suggestion string
}

// ReceiptLine is one order echoed back: its line, its canonical form (empty when
// the line could not be read; Source then holds what was typed), its overall status
// and every check on it.
type ReceiptLine struct {
	Line      int
	Kind      string // the engine's OrderRef kind: "move", "activate", …; "" if unread
	Index     int    // index within its kind in the Orders
	Canonical string
	Source    string
	Status    Status
	Checks    []Check
}

// Receipt answers one submission: what was read, how each order stands, a summary,
// the version it replaces and the hash of the accepted order set.
type Receipt struct {
	Side     adjudicator.Side
	Version  int
	Replaces int
	Hash     string
	Lines    []ReceiptLine
	Summary  string
	// SupplyUsed and SupplyAvailable, when the engine sets them with SetSupply, say
	// what the supply list would buy.
	SupplyUsed, SupplyAvailable int
	supplySet                   bool
	orders                      *shiloh1862.Orders
}

// NewReceipt builds the receipt of a parse: every order in canonical form with its
// problems, lines that could not be read, a summary and the hash. Version is this
// submission's number; replaces is the number of the one it replaces (0 if none).
func NewReceipt(p *Parsed, names Names, version, replaces int) *Receipt {
	d := Compile(names)
	r := &Receipt{Side: p.Orders.Side, Version: version, Replaces: replaces, Hash: Hash(p.Orders, d), orders: p.Orders}
	for _, l := range canonicalLines(p.Orders, d, p.Lines, true) {
		r.Lines = append(r.Lines, ReceiptLine{Line: l.line, Kind: l.kind, Index: l.index, Canonical: l.text, Status: OK})
	}
	for _, pr := range p.Problems {
		st := Errored
		if pr.Severity == Warning {
			st = Warned
		}
		c := Check{Status: st, Text: pr.Text, Suggestion: pr.Suggestion}
		if i := r.lineIndex(pr.Line); i >= 0 {
			r.Lines[i].Checks = append(r.Lines[i].Checks, c)
			if r.Lines[i].Source == "" {
				r.Lines[i].Source = pr.Source
			}
			r.Lines[i].Status = worse(r.Lines[i].Status, st)
			continue
		}
		// a line nothing came of: keep one receipt line per source line
		r.Lines = append(r.Lines, ReceiptLine{Line: pr.Line, Source: pr.Source, Status: st, Checks: []Check{c}})
	}
	sort.SliceStable(r.Lines, func(i, j int) bool { return r.Lines[i].Line < r.Lines[j].Line })
	r.Summary = r.summary()
	return r
}

func (r *Receipt) lineIndex(line int) int {
	for i := range r.Lines {
		if r.Lines[i].Line == line {
			return i
		}
	}
	return -1
}

func worse(a, b Status) Status {
	rank := map[Status]int{OK: 0, Warned: 1, Errored: 2}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// AddCheck adds a finding to the order read from line (the engine's command and
// legality checks). A check on a line with no order becomes a line of its own.
func (r *Receipt) AddCheck(line int, status Status, rule, text, suggestion string) {
	c := Check{Status: status, Rule: rule, Text: text, Suggestion: suggestion}
	if i := r.lineIndex(line); i >= 0 {
		r.Lines[i].Checks = append(r.Lines[i].Checks, c)
		r.Lines[i].Status = worse(r.Lines[i].Status, status)
	} else {
		r.Lines = append(r.Lines, ReceiptLine{Line: line, Status: status, Checks: []Check{c}})
		sort.SliceStable(r.Lines, func(i, j int) bool { return r.Lines[i].Line < r.Lines[j].Line })
	}
	r.Summary = r.summary()
}

// AddCheckFor adds a finding to an order known by its kind and index (the engine's
// OrderRef), for orders that carry no line.
func (r *Receipt) AddCheckFor(kind string, index int, status Status, rule, text, suggestion string) {
	for i := range r.Lines {
		l := &r.Lines[i]
		if l.Kind == kind && (l.Index == index || kind == "activate" && index >= l.Index && r.activateEnd(i) > index) {
			l.Checks = append(l.Checks, Check{Status: status, Rule: rule, Text: text, Suggestion: suggestion})
			l.Status = worse(l.Status, status)
			r.Summary = r.summary()
			return
		}
	}
	r.AddCheck(0, status, rule, text, suggestion)
}

// activateEnd is the index after the last activation printed on receipt line i.
func (r *Receipt) activateEnd(i int) int {
	for j := i + 1; j < len(r.Lines); j++ {
		if r.Lines[j].Kind == "activate" {
			return r.Lines[j].Index
		}
	}
	if r.orders != nil {
		return len(r.orders.Activate)
	}
	return r.Lines[i].Index + 1
}

// SetSupply records what the supply list would buy, for the summary.
func (r *Receipt) SetSupply(used, available int) {
	r.SupplyUsed, r.SupplyAvailable, r.supplySet = used, available, true
	r.Summary = r.summary()
}

// Errors counts the lines in error.
func (r *Receipt) Errors() int {
	n := 0
	for _, l := range r.Lines {
		if l.Status == Errored {
			n++
		}
	}
	return n
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func (r *Receipt) summary() string {
	o := r.orders
	if o == nil {
		return ""
	}
	var moves, attacks, reinf, road, uncmd int
	for _, m := range o.Moves {
		switch m.Intent {
		case shiloh1862.IntentAttack:
			attacks++
		case shiloh1862.IntentReinforce:
			reinf++
		default:
			moves++
		}
		if len(m.Path) == 2 {
			road++
		}
		if m.Uncommanded {
			uncmd++
		}
	}
	var parts []string
	if len(o.Activate) > 0 {
		parts = append(parts, plural(len(o.Activate), "HQ activated", "HQs activated"))
	}
	parts = append(parts, plural(moves, "move", "moves"), plural(attacks, "attack", "attacks"))
	if reinf > 0 {
		parts = append(parts, plural(reinf, "reinforcement", "reinforcements"))
	}
	if road > 0 {
		parts = append(parts, plural(road, "road move", "road moves"))
	}
	if uncmd > 0 {
		parts = append(parts, plural(uncmd, "uncommanded", "uncommanded"))
	}
	if len(o.Battles) > 0 {
		parts = append(parts, plural(len(o.Battles), "battle in sequence", "battles in sequence"))
	}
	if len(o.Doctrine) > 0 {
		parts = append(parts, plural(len(o.Doctrine), "battle doctrine", "battle doctrines"))
	}
	switch {
	case r.supplySet:
		parts = append(parts, fmt.Sprintf("supply %d of %d SP", r.SupplyUsed, r.SupplyAvailable))
	case len(o.Supply) > 0:
		parts = append(parts, "supply list of "+plural(len(o.Supply), "block", "blocks"))
	}
	s := strings.Join(parts, ", ")
	if e := r.Errors(); e > 0 {
		s += "; " + plural(e, "line in error", "lines in error")
	}
	return s
}

// Text renders the receipt for a mail: the errors first, in plain words, then every
// order echoed in canonical form with its status, then the summary and the hash.
func (r *Receipt) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Orders v%d", r.Version)
	if r.Side != adjudicator.NoSide {
		fmt.Fprintf(&b, " for %s", r.Side)
	}
	if r.Replaces > 0 {
		fmt.Fprintf(&b, " (v%d replaces v%d)", r.Version, r.Replaces)
	}
	b.WriteString("\n\n")
	if n := r.Errors(); n > 0 {
		fmt.Fprintf(&b, "%s:\n", plural(n, "ERROR (this does not count as written)", "ERRORS (these do not count as written)"))
		for _, l := range r.Lines {
			if l.Status != Errored {
				continue
			}
			what := l.Source
			if what == "" {
				what = l.Canonical
			}
			fmt.Fprintf(&b, "  line %d: %s\n", l.Line, what)
			for _, c := range l.Checks {
				if c.Status == Errored {
					writeCheck(&b, c)
				}
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("As read:\n")
	any := false
	for _, l := range r.Lines {
		if l.Canonical == "" {
			continue
		}
		any = true
		tag := "OK  "
		switch l.Status {
		case Warned:
			tag = "NOTE"
		case Errored:
			tag = "ERR "
		}
		fmt.Fprintf(&b, "  %s  %s\n", tag, l.Canonical)
		for _, c := range l.Checks {
			if c.Status != Errored {
				writeCheck(&b, c)
			}
		}
	}
	if !any {
		b.WriteString("  (no orders: your side follows its standing doctrine and the defaults)\n")
	}
	fmt.Fprintf(&b, "\nSummary: %s.\nHash: %s\n", r.Summary, r.Hash)
	return b.String()
}

func writeCheck(b *strings.Builder, c Check) {
	b.WriteString("        ")
	if c.Rule != "" {
		fmt.Fprintf(b, "(%s) ", c.Rule)
	}
	b.WriteString(c.Text)
	if c.Suggestion != "" {
		b.WriteString(" — " + c.Suggestion)
	}
	b.WriteString("\n")
}

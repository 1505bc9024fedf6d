package orders

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Status is how a receipt line stands.
type Status string

const (
	OK      Status = "ok"
	Warned  Status = "warning"
	Errored Status = "error"
)

// Check is one finding about an order line: a parse problem, or a check the system
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
	Kind      string // the system's OrderRef kind: "move", "activate", …; "" if unread
	Index     int    // index within its kind in the Orders
	Count     int    // how many orders of Kind from Index the line holds (0 reads as 1)
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
	// orderSummary is the grammar's count of the orders, before the lines in error;
	// read is false when nothing was read (no summary at all).
	orderSummary string
	read         bool
}

// Hash is the SHA-256 of an order set's canonical text, in hex: the order set's
// fingerprint on receipts, stored with the orders.
func Hash(canonical string) string {
	sum := sha256.Sum256([]byte(canonical))
	return hex.EncodeToString(sum[:])
}

// NewReceipt builds the receipt of a parse: every order in canonical form with its
// problems, lines that could not be read, a summary and the hash of canonical, the
// orders as the grammar's Format prints them. Version is this submission's number;
// replaces is the number of the one it replaces (0 if none). say words the
// problems that are phrases (the system's wording: templates.Wording gives it).
func NewReceipt(p *Parsed, canonical string, version, replaces int, say func(adjudicator.Phrase) string) *Receipt {
	r := &Receipt{Version: version, Replaces: replaces, Hash: Hash(canonical), orderSummary: p.Summary, read: p.Orders != nil}
	if p.Orders != nil {
		r.Side = p.Orders.Sender()
	}
	r.Lines = make([]ReceiptLine, 0, len(p.Lines)+len(p.Problems)) // a line each at most
	for _, l := range p.Lines {
		r.Lines = append(r.Lines, ReceiptLine{Line: l.Line, Kind: l.Kind, Index: l.Index, Count: l.Count, Canonical: l.Text, Status: OK})
	}
	for _, pr := range p.Problems {
		st := Errored
		if pr.Severity == Warning {
			st = Warned
		}
		c := Check{Status: st, Text: say(pr.Why)}
		if pr.Hint.Code != "" {
			c.Suggestion = say(pr.Hint)
		}
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

// AddCheck adds a finding to the order read from line (the system's command and
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

// AddCheckFor adds a finding to an order known by its kind and index (the system's
// OrderRef), for orders that carry no line: to the receipt line that holds it.
func (r *Receipt) AddCheckFor(kind string, index int, status Status, rule, text, suggestion string) {
	for i := range r.Lines {
		l := &r.Lines[i]
		if l.Kind == kind && index >= l.Index && index < l.Index+max(l.Count, 1) {
			l.Checks = append(l.Checks, Check{Status: status, Rule: rule, Text: text, Suggestion: suggestion})
			l.Status = worse(l.Status, status)
			r.Summary = r.summary()
			return
		}
	}
	r.AddCheck(0, status, rule, text, suggestion)
}

// SetSummary replaces the grammar's count of the orders in the summary: for a system
// that learns more from its checks (what the supply list would buy).
func (r *Receipt) SetSummary(s string) {
	r.orderSummary = s
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

// Plural counts n things, "1 move" or "2 moves": for receipts and the summaries
// grammars write for them.
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func (r *Receipt) summary() string {
	if !r.read {
		return ""
	}
	s := r.orderSummary
	if e := r.Errors(); e > 0 {
		s += "; " + Plural(e, "line in error", "lines in error")
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
		fmt.Fprintf(&b, "%s:\n", Plural(n, "ERROR (this does not count as written)", "ERRORS (these do not count as written)"))
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

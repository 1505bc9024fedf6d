package orders

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"

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
// added later (command assignment, legality), with the rule it rests on. Why and
// Hint (zero: none) are phrases; templates words them and lays the receipt out.
type Check struct {
	Status Status
	Rule   string
	Why    adjudicator.Phrase
	Hint   adjudicator.Phrase
}

// ReceiptLine is one order echoed back: its line (0 for a check that names no
// line or order of its own), its canonical form (empty when the line could not be
// read; Source then holds what was typed), its overall status and every check on
// it.
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

// Receipt answers one submission as data: what was read, how each order stands,
// the system's count of the orders, the version it replaces and the hash of the
// accepted order set. templates.ReceiptText words it for the mail.
type Receipt struct {
	Side     adjudicator.Side
	Version  int
	Replaces int
	Hash     string
	Lines    []ReceiptLine
	// Summary is the system's count of the orders ("2 moves, 1 attack") as its
	// wording file words it; zero when nothing was read. A system that learns more
	// from its checks may replace it (what the supply list would buy).
	Summary adjudicator.Phrase
}

// Hash is the SHA-256 of an order set's canonical text, in hex: the order set's
// fingerprint on receipts, stored with the orders.
func Hash(canonical string) string {
	sum := sha256.Sum256([]byte(canonical))
	return hex.EncodeToString(sum[:])
}

// NewReceipt builds the receipt of a parse: every order in canonical form with its
// problems, lines that could not be read, the grammar's count and the hash of
// canonical, the orders as the grammar's Format prints them. Version is this
// submission's number; replaces is the number of the one it replaces (0 if none).
func NewReceipt(p *Parsed, canonical string, version, replaces int) *Receipt {
	r := &Receipt{Version: version, Replaces: replaces, Hash: Hash(canonical)}
	if p.Orders != nil {
		r.Side = p.Orders.Sender()
		r.Summary = p.Summary
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
		c := Check{Status: st, Why: pr.Why, Hint: pr.Hint}
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
func (r *Receipt) AddCheck(line int, c Check) {
	if i := r.lineIndex(line); i >= 0 {
		r.Lines[i].Checks = append(r.Lines[i].Checks, c)
		r.Lines[i].Status = worse(r.Lines[i].Status, c.Status)
		return
	}
	r.Lines = append(r.Lines, ReceiptLine{Line: line, Status: c.Status, Checks: []Check{c}})
	sort.SliceStable(r.Lines, func(i, j int) bool { return r.Lines[i].Line < r.Lines[j].Line })
}

// AddCheckFor adds a finding to an order known by its kind and index (the system's
// OrderRef), for orders that carry no line: to the receipt line that holds it, or
// to a line 0 of its own when none does.
func (r *Receipt) AddCheckFor(kind string, index int, c Check) {
	for i := range r.Lines {
		l := &r.Lines[i]
		if l.Kind == kind && index >= l.Index && index < l.Index+max(l.Count, 1) {
			l.Checks = append(l.Checks, c)
			l.Status = worse(l.Status, c.Status)
			return
		}
	}
	r.AddCheck(0, c)
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

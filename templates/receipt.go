package templates

import (
	"fmt"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// This file lays out a receipt (orders.Receipt, data: phrases and numbers) for its
// mail: the errors first, then every order echoed in canonical form with its
// status, then the summary and the hash, in the receipt.* words of shared.txt.

// ReceiptText words a receipt of sc's system for the mail that answers the orders.
func ReceiptText(sc adjudicator.Scenario, rc *orders.Receipt) (string, error) {
	t, err := tellerOf(sc)
	if err != nil {
		return "", err
	}
	return t.receipt(rc), nil
}

// ReceiptMail words the whole mail that answers orders for the turn unit turn
// (its Key): its subject and its text, the receipt within it.
func ReceiptMail(sc adjudicator.Scenario, turn string, rc *orders.Receipt) (subject, text string, err error) {
	return receiptMail(sc, turn, rc, true)
}

// FinalReceiptMail is ReceiptMail for orders that cannot be replaced (sequential
// play's Player 1, whose moves are shown at once): it does not say that newer
// orders may follow.
func FinalReceiptMail(sc adjudicator.Scenario, turn string, rc *orders.Receipt) (subject, text string, err error) {
	return receiptMail(sc, turn, rc, false)
}

func receiptMail(sc adjudicator.Scenario, turn string, rc *orders.Receipt, replaceable bool) (subject, text string, err error) {
	t, err := tellerOf(sc)
	if err != nil {
		return "", "", err
	}
	subj := say("subject.receipt", textArg("turn", turn), intArg("version", rc.Version))
	if n := rc.Errors(); n > 0 {
		subj = say("subject.receipt.errors", textArg("turn", turn), intArg("version", rc.Version), intArg("n", n))
	}
	text = t.say(say("receipt.received", textArg("turn", turn))) + "\n\n" + t.receipt(rc)
	if replaceable {
		text += "\n" + t.say(say("mail.receipt-until")) + "\n"
	}
	return t.say(subj), text, nil
}

// ReceiptNote words one line under a receipt in sc's system: which mail the
// player answered (receipt.answered…) or when the turn unit now open resolves
// (receipt.resolves…), from the code and its arguments (ReceiptCodes lists them).
func ReceiptNote(sc adjudicator.Scenario, code string, args ...adjudicator.Arg) (string, error) {
	t, err := tellerOf(sc)
	if err != nil {
		return "", err
	}
	return t.say(say(code, args...)) + "\n", nil
}

var (
	say      = adjudicator.Say
	intArg   = adjudicator.IntArg
	textArg  = adjudicator.TextArg
	statusOf = map[orders.Status]string{orders.OK: "receipt.status.ok", orders.Warned: "receipt.status.warning", orders.Errored: "receipt.status.error"}
)

func (t teller) receipt(rc *orders.Receipt) string {
	var b strings.Builder
	title := "receipt.title"
	args := []adjudicator.Arg{intArg("version", rc.Version)}
	if rc.Side != adjudicator.NoSide {
		title += ".side"
		args = append(args, adjudicator.SideArg("side", rc.Side))
	}
	if rc.Replaces > 0 {
		title += ".replaces"
		args = append(args, intArg("replaces", rc.Replaces))
	}
	b.WriteString(t.say(say(title, args...)) + "\n\n")
	if n := rc.Errors(); n > 0 {
		b.WriteString(t.say(say("receipt.errors", intArg("n", n))) + "\n")
		for _, l := range rc.Lines {
			if l.Status != orders.Errored {
				continue
			}
			b.WriteString("  " + t.receiptLine(l) + "\n")
			for _, c := range l.Checks {
				if c.Status == orders.Errored {
					t.writeCheck(&b, c)
				}
			}
		}
		b.WriteString("\n")
	}
	b.WriteString(t.say(say("receipt.as-read")) + "\n")
	anyRead := false
	// The orders as read, with the notes on lines that hold no order (a correction
	// on a "stay" line); then what the checks say of the orders as a whole (where
	// the supply goes). Lines in error were told above.
	for _, whole := range []bool{false, true} {
		for _, l := range rc.Lines {
			if (l.Line <= 0 && l.Canonical == "") != whole || l.Canonical == "" && l.Status == orders.Errored {
				continue
			}
			what := l.Canonical
			if what == "" {
				what = t.receiptLine(l)
			} else {
				anyRead = true
			}
			fmt.Fprintf(&b, "  %-4s  %s\n", t.say(say(statusOf[l.Status])), what)
			for _, c := range l.Checks {
				if c.Status != orders.Errored {
					t.writeCheck(&b, c)
				}
			}
		}
	}
	if !anyRead {
		b.WriteString("  " + t.say(say("receipt.no-orders")) + "\n")
	}
	// Nothing read, no count: the lines in error are not counted either.
	summary := say("receipt.summary", phraseOrNothing("count", rc.Summary))
	if e := rc.Errors(); e > 0 && rc.Summary.Code != "" {
		summary = say("receipt.summary.errors", phraseOrNothing("count", rc.Summary), intArg("errors", e))
	}
	b.WriteString("\n" + t.say(summary) + "\n" + t.say(say("receipt.hash", textArg("hash", rc.Hash))) + "\n")
	return b.String()
}

// receiptLine heads an erroneous line: its number and what was typed (or read),
// or, for a check that names no line of its own, the orders as a whole (never
// "line 0").
func (t teller) receiptLine(l orders.ReceiptLine) string {
	if l.Line <= 0 {
		return t.say(say("receipt.whole"))
	}
	what := l.Source
	if what == "" {
		what = l.Canonical
	}
	return t.say(say("receipt.line", intArg("line", l.Line), textArg("text", what)))
}

// writeCheck writes one check under its line: the rule, why and the hint, unless
// why says it already.
func (t teller) writeCheck(b *strings.Builder, c orders.Check) {
	why, hint := t.say(c.Why), t.say(c.Hint)
	if strings.Contains(why, hint) {
		hint = "" // the system's text already ends with it
	}
	code := "receipt.check"
	args := []adjudicator.Arg{textArg("why", why)}
	if c.Rule != "" {
		code += ".rule"
		args = append(args, textArg("rule", c.Rule))
	}
	if hint != "" {
		code += ".hint"
		args = append(args, textArg("hint", hint))
	}
	b.WriteString("        " + t.say(say(code, args...)) + "\n")
}

// phraseOrNothing is a phrase as an argument; a zero phrase says nothing.
func phraseOrNothing(key string, p adjudicator.Phrase) adjudicator.Arg {
	if p.Code == "" {
		return textArg(key, "")
	}
	return adjudicator.PhrasesArg(key, p)
}

// ReceiptCodes are the codes of a receipt's frame, with their keys, worded in
// shared.txt for every system: a system's wording test counts them as said.
func ReceiptCodes() []adjudicator.CodeSpec {
	var specs []adjudicator.CodeSpec
	add := func(keys []string, codes ...string) {
		for _, c := range codes {
			specs = append(specs, adjudicator.CodeSpec{Code: c, Keys: keys})
		}
	}
	add([]string{"version", "side", "replaces"}, "receipt.title", "receipt.title.side", "receipt.title.replaces", "receipt.title.side.replaces")
	add([]string{"n"}, "receipt.errors")
	add([]string{"line", "text"}, "receipt.line")
	add(nil, "receipt.whole", "receipt.as-read", "receipt.status.ok", "receipt.status.warning", "receipt.status.error", "receipt.no-orders")
	add([]string{"why", "rule", "hint"}, "receipt.check", "receipt.check.rule", "receipt.check.hint", "receipt.check.rule.hint")
	add([]string{"count", "errors"}, "receipt.summary", "receipt.summary.errors")
	add([]string{"hash"}, "receipt.hash")
	add([]string{"turn"}, "receipt.received", "receipt.answered", "receipt.resolves.now", "receipt.resolves.waiting")
	add([]string{"turn", "current"}, "receipt.answered.played")
	add([]string{"turn", "time"}, "receipt.resolves.deadline", "receipt.resolves.grace", "receipt.resolves.both")
	add([]string{"turn", "version"}, "subject.receipt")
	add([]string{"turn", "version", "n"}, "subject.receipt.errors")
	return specs
}

package mail

import (
	"strings"
	"unicode"
)

// Ours is what the adjudicator knows it sent to a correspondent, so that a copy of
// it in a reply is never taken for the sender's own words. Not every client marks
// what it quotes: Yahoo's plain text indents it, some clients paste it below an
// attribution line with no mark at all. Such a copy of an hour mail holds a whole
// order form (ORDERS … END), which would otherwise win over the orders the player
// wrote above it.
type Ours struct {
	// Texts are the plain texts of mails we sent that a reply may quote (the hour
	// mail now answered, the last receipt).
	Texts []string
	// Addresses are our own addresses; an attribution line naming one ("On …,
	// Shiloh PBEM <pbem+g1-csa-…@example.org> wrote:") introduces a copy of our
	// mail, quoted or not.
	Addresses []string
	// Names are our display names, for attributions without an address.
	Names []string
}

// Own returns what the sender wrote in this mail: Fresh, after every copy of a
// mail we sent (as ours describes them) has been removed, marked as a quote or not.
func (in *Inbound) Own(ours Ours) string { return OwnText(in.Text, ours) }

// OwnText is FreshText of text after copies of our own mails are removed. A copy
// begins at an attribution line that names us with no quoted line after it, or
// at the first lines of one of ours.Texts (indented, or not marked at all); it
// runs to the end of the text. A quote marked with ">" is left to FreshText, so
// a player's lines below it are kept. A copy the sender
// wrote into (the order form filled in where it was quoted) is kept from the
// ORDERS line before the first line that is not ours: the part of our mail above
// it is still dropped.
func OwnText(text string, ours Ours) string {
	lines := strings.Split(text, "\n")
	k := newKnown(ours.Texts)
	start := -1
	for i := 0; i < len(lines) && start < 0; i++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), ">") {
			continue // a quote marked as one is FreshText's
		}
		switch {
		case attributionNamesUs(lines, i, ours) && !nextIsQuoteOrEnd(lines, i+attributionLines(lines, i)):
			start = i
		case k.anchorAt(lines, i):
			start = i
			// The attribution or separator just above the copy belongs to it.
			j := i - 1
			for j >= 0 && strings.TrimSpace(lines[j]) == "" {
				j--
			}
			if j >= 0 && (isAttributionAt(lines, j) || historyCutRE.MatchString(strings.TrimSpace(lines[j]))) {
				start = j
			} else if j >= 1 && isAttributionAt(lines, j-1) && isWrappedAttribution(lines, j-1) {
				start = j - 1
			}
		}
	}
	if start < 0 {
		return FreshText(text)
	}
	kept := lines[:start]
	if from, ok := k.filledIn(lines, start); ok {
		kept = append(append([]string(nil), kept...), lines[from:]...)
	}
	return FreshText(strings.Join(kept, "\n"))
}

// known is the normalised text of our mails: each line, and all of it as one
// string for the lines a client wrapped anew.
type known struct {
	lines   map[string]bool
	all     []string // each text normalised as one line
	anchors [][]string
}

func newKnown(texts []string) *known {
	k := &known{lines: map[string]bool{}}
	for _, t := range texts {
		var anchor, words []string
		for _, l := range strings.Split(t, "\n") {
			n := normLine(l)
			if n == "" {
				continue
			}
			k.lines[n] = true
			words = append(words, n)
			if len(anchor) < 3 {
				anchor = append(anchor, n)
			}
		}
		if len(anchor) > 0 {
			k.anchors = append(k.anchors, anchor)
			k.all = append(k.all, strings.Join(words, " "))
		}
	}
	return k
}

// has reports whether a normalised line is ours: one of our lines, or (long
// enough not to match by chance) a piece of one a client wrapped.
func (k *known) has(n string) bool {
	if k.lines[n] {
		return true
	}
	if len([]rune(n)) < 20 {
		return false
	}
	for _, a := range k.all {
		if strings.Contains(a, n) {
			return true
		}
	}
	return false
}

// anchorAt reports whether one of our mails is copied from line i: its first line
// there and the next non-blank lines ours too (up to two).
func (k *known) anchorAt(lines []string, i int) bool {
	n := normLine(lines[i])
	if n == "" {
		return false
	}
	for _, a := range k.anchors {
		if a[0] != n {
			continue
		}
		need, j := len(a)-1, i+1
		for ; need > 0 && j < len(lines); j++ {
			m := normLine(lines[j])
			if m == "" {
				continue
			}
			if !k.has(m) {
				break
			}
			need--
		}
		if need == 0 {
			return true
		}
	}
	return false
}

// filledIn decides whether the sender wrote into the copy from start on: whether
// the order form in it (from its ORDERS line to END) holds a line that is neither
// ours nor a comment. If so the copy is kept from that ORDERS line. Only the form
// counts: a client that quoted our HTML renders the report above it differently,
// which is no sign of the sender's hand. A copy we do not recognise line by line
// (fewer than three of its lines ours) is never taken as filled in.
func (k *known) filledIn(lines []string, start int) (int, bool) {
	ours, form, filled := 0, -1, -1
	for i := start; i < len(lines); i++ {
		n := normLine(lines[i])
		w, _, _ := strings.Cut(n, " ")
		w = strings.ToLower(strings.TrimRight(w, ":."))
		switch {
		case n == "", strings.HasPrefix(n, "#"):
			continue
		case w == "orders" && filled < 0:
			// The last ORDERS line before the sender's first is the form's
			// (an hour mail says "ORDERS FOR <hour>" above its form too).
			form = i
		case form >= 0 && w == "end" && len(n) <= len("end orders"):
			if filled < 0 {
				form = -1 // the form ended untouched
			}
		case form >= 0 && filled < 0 && !k.has(n):
			filled = form
			continue
		}
		if k.has(n) {
			ours++
		}
	}
	if filled < 0 || ours < 3 {
		return 0, false
	}
	return filled, true
}

// normLine is a line as compared with ours: without quote marks or indentation,
// spaces collapsed.
func normLine(l string) string {
	l = strings.TrimLeftFunc(l, func(r rune) bool { return r == '>' || r == '|' || unicode.IsSpace(r) })
	return strings.Join(strings.Fields(l), " ")
}

// attributionNamesUs reports whether line i (or i and the next, wrapped) is an
// attribution line naming one of our addresses or display names.
func attributionNamesUs(lines []string, i int, ours Ours) bool {
	var a string
	switch {
	case isAttributionAt(lines, i), attributionLeadRE.MatchString(strings.TrimSpace(lines[i])):
		a = lines[i]
	case isWrappedAttribution(lines, i):
		a = lines[i] + lines[i+1]
	default:
		return false
	}
	for _, f := range strings.FieldsFunc(a, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("<>()[]\"',;", r) }) {
		if !strings.Contains(f, "@") {
			continue
		}
		f = strings.TrimRight(f, ":：.")
		for _, us := range ours.Addresses {
			if SameMailbox(f, us) {
				return true
			}
		}
	}
	low := strings.ToLower(a)
	for _, name := range ours.Names {
		if name != "" && strings.Contains(low, strings.ToLower(name)) {
			return true
		}
	}
	return false
}

// attributionLines is how many lines the attribution at line i takes: 2 when
// a client wrapped it, else 1.
func attributionLines(lines []string, i int) int {
	if isWrappedAttribution(lines, i) {
		return 2
	}
	return 1
}

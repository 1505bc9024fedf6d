package orders

import (
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file is what a grammar reads a mail with: the lines of the orders, their
// tokens, the names in them, and the problems found, each at its line.

// Severity says whether a problem stops an order (Error) or only tells the player
// how it was read (Warning).
type Severity uint8

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Problem is something wrong or doubtful in the text, at a 1-based line. Source is
// the line as the player typed it (joined when it was wrapped).
type Problem struct {
	Line     int
	Severity Severity
	// Why says what is wrong and Hint how to put it right (zero: no hint), as
	// phrases the wording files word (templates), like the checks: the codes of
	// this package's own problems are in Codes, worded in shared.txt.
	Why    adjudicator.Phrase
	Hint   adjudicator.Phrase
	Source string
}

// Reader reads one mail for a grammar: it finds the orders in the mail, joins the
// lines a mail client wrapped, lexes each order line for the grammar, looks names
// up in Dict, and keeps the problems found, each at its line. A grammar makes one
// per mail (its zero value with Dict and Side set); it is not for concurrent use.
type Reader struct {
	Dict *Dictionary
	Side adjudicator.Side // whose orders: the blocks and arrival groups looked up
	// Line is the line being read, 1-based: the line of every problem reported.
	Line     int
	Problems []Problem

	source string // the line being read, as typed
	// parts are the wrapped lines of the line being read, not yet joined to source
	parts []linePart
	// working buffers, kept from line to line
	lines    []logicalLine
	raw      []string   // the mail's physical lines
	allParts []linePart // the physical lines joined to others
	toks     []Token    // each line's tokens
	keyBuf   []byte     // name keys
}

// maxLineLen is longer than any sensible order line.
const maxLineLen = 1000

// Read finds the orders in text and calls readLine with the tokens of each order
// line, Line set to it. Lines too long to be orders are refused here; the tokens
// are valid until readLine returns. words is the grammar's vocabulary (nil: none).
func (r *Reader) Read(text string, words *Vocabulary, readLine func(toks []Token)) {
	if words == nil {
		words = plainVocabulary
	}
	if r.lines == nil {
		// sized for a mail of ordinary length
		r.lines = make([]logicalLine, 0, 64)
		r.raw = make([]string, 0, 64)
		r.toks = make([]Token, 0, 64)
		r.keyBuf = make([]byte, 0, 64)
	}
	r.lines, r.raw, r.allParts = words.splitLinesInto(r.lines[:0], r.raw, r.allParts[:0], text)
	for _, l := range r.lines {
		parts := r.allParts[l.first : l.first+l.more]
		r.Line, r.source, r.parts = l.n, l.source, parts
		if l.length > maxLineLen {
			src := r.Source()
			r.source, r.parts = src[:min(len(src), 40)]+"…", nil
			r.Fail(adjudicator.Say("orders.hint.one-a-line"), adjudicator.Say("orders.too-long", adjudicator.IntArg("length", l.length)))
			continue
		}
		if l.joinedQuote > 0 {
			r.Doubt(adjudicator.Say("orders.quoted-joined", adjudicator.IntArg("line", l.joinedQuote)))
		}
		// the tokens of one line are kept by nothing after it, so one buffer serves all
		r.toks = Lex(r.toks, l.text)
		for _, pt := range parts {
			r.toks = lexAppend(r.toks, pt.code)
		}
		readLine(r.toks)
	}
}

// Fail reports an error on the line being read: why it cannot be read, and a hint
// (a zero phrase for none).
func (r *Reader) Fail(hint, why adjudicator.Phrase) {
	r.growProbs()
	r.Problems = append(r.Problems, Problem{Line: r.Line, Severity: Error, Why: why, Hint: hint, Source: r.Source()})
}

// Doubt reports how the line being read was understood, where that may not be
// what the player meant.
func (r *Reader) Doubt(why adjudicator.Phrase) {
	r.growProbs()
	r.Problems = append(r.Problems, Problem{Line: r.Line, Severity: Warning, Why: why, Source: r.Source()})
}

// Source is the line being read as typed, its wrapped parts joined (once, when a
// problem first needs it).
func (r *Reader) Source() string {
	if len(r.parts) > 0 {
		r.source, r.parts = joinParts(r.source, r.parts), nil
	}
	return r.source
}

// growProbs makes room for a handful of problems at the first one.
func (r *Reader) growProbs() {
	if r.Problems == nil {
		r.Problems = make([]Problem, 0, 8)
	}
}

// Lookup finds the name the tokens spell in t, sparing the key's allocation in the
// common cases (one plain word, or words found exactly).
func (r *Reader) Lookup(t *Table, toks []Token) Match {
	if len(toks) == 1 && toks[0].Simple {
		// the common case: one plain word, the key itself
		w := toks[0].Low
		if len(w) > 3 && w[len(w)-1] == 's' {
			w = w[:len(w)-1]
		}
		if !isStopWord(w) {
			if u, ok := t.unique[w]; ok {
				return exactMatch(u)
			}
			return t.resolveKey(w)
		}
	}
	return r.lookupWords(t, toks)
}

// lookupWords is Lookup of several words, or of one that is not plain.
func (r *Reader) lookupWords(t *Table, toks []Token) Match {
	buf := r.keyBuf[:0]
	kept := 0
	one := "" // the key while it is one plain word, not yet copied into buf
	for i := range toks {
		tk := &toks[i]
		if tk.Kind != Word {
			continue
		}
		if tk.Simple {
			// appendKey's result, without its walk over every byte
			w := tk.Low
			if len(w) > 3 && w[len(w)-1] == 's' {
				w = w[:len(w)-1]
			}
			if isStopWord(w) {
				continue
			}
			if kept == 0 {
				one, kept = w, 1
				continue
			}
			if one != "" {
				buf, one = append(buf, one...), ""
			}
			buf = append(buf, ' ')
			buf = append(buf, w...)
			kept++
			continue
		}
		if one != "" {
			buf, one = append(buf, one...), ""
		}
		var k int
		buf, k = appendKey(buf, tk.Text)
		kept += k
	}
	r.keyBuf = buf
	switch {
	case kept == 0:
		return t.Lookup(JoinWords(toks))
	case one != "":
		return t.resolveString(one)
	}
	return t.resolveBytes(buf)
}

// LookupText is t.Lookup(JoinWords(toks)), sparing the text when every token is a
// word: their keys, joined, are the key of the text.
func (r *Reader) LookupText(t *Table, toks []Token) Match {
	for _, tk := range toks {
		if tk.Kind != Word {
			return t.Lookup(JoinWords(toks))
		}
	}
	return r.Lookup(t, toks)
}

// Resolved is a name a Reader resolved.
type Resolved struct {
	ID    string // when Found
	Found bool
	// Reported says that the name was not found and a problem was reported (it
	// matches several names). Otherwise a name not found is the grammar's to
	// report, in its own words: Typed is what was written ("" for nothing) and
	// Hint offers the names nearest to it ("did you mean Rea Field?"; zero for
	// none), the hint of the grammar's Fail.
	Reported bool
	Typed    string
	Hint     adjudicator.Phrase
}

// Resolve looks up the name toks spell in t: found exactly or by prefix it is taken
// silently, a near miss is taken with a warning ("read 'cleburn' as Cleburne"),
// and a name that matches several is an error naming them.
func (r *Reader) Resolve(t *Table, toks []Token) Resolved {
	if len(toks) > 0 {
		if m := r.Lookup(t, toks); m.Found() {
			r.NoteRespelt(t, m, toks)
			return Resolved{ID: t.names[m.Entry].ID, Found: true}
		}
	}
	typed := JoinWords(toks)
	if strings.TrimSpace(typed) == "" {
		return Resolved{}
	}
	m := t.Lookup(typed)
	switch m.How {
	case Exact, Prefix:
		r.NoteRespelt(t, m, toks)
		return Resolved{ID: t.names[m.Entry].ID, Found: true}
	case Fuzzy:
		r.Doubt(ReadAs(typed, t.names[m.Entry].Canonical))
		return Resolved{ID: t.names[m.Entry].ID, Found: true}
	case Ambiguous:
		r.Fail(adjudicator.Say("orders.hint.more-of-name"),
			adjudicator.Say("orders.ambiguous", adjudicator.TextArg("typed", typed), adjudicator.TextsArg("names", t.Candidates(m))))
		return Resolved{Reported: true}
	}
	var hint adjudicator.Phrase
	if len(m.cands) > 0 {
		hint = adjudicator.Say("orders.did-you-mean", adjudicator.TextsArg("names", t.Candidates(m)))
	}
	return Resolved{Typed: typed, Hint: hint}
}

// NoteRespelt notes a name found under a misspelling the scenario lists for it
// ("read 'breckenridge' as Breckinridge"), as Resolve notes a near miss: m is the
// match of toks in t. A grammar that takes a match of Lookup calls it.
func (r *Reader) NoteRespelt(t *Table, m Match, toks []Token) {
	if m.Respelt && m.Found() {
		r.Doubt(ReadAs(JoinWords(toks), t.names[m.Entry].Canonical))
	}
}

// ReadAs is the doubt of a word read as another: what was typed, and the name or
// keyword it was taken for ("read 'cleburn' as Cleburne").
func ReadAs(typed, as string) adjudicator.Phrase {
	return adjudicator.Say("orders.read-as", adjudicator.TextArg("typed", typed), adjudicator.TextArg("as", as))
}

// maxNameWords is more words than any name has.
const maxNameWords = 5

// SplitNames reads a list item of several words as two or more names typed without
// a comma ("cleburne wood"), when every part is a name exactly or by prefix, and
// returns their ids; nil when the item is not so read. It reports nothing: a
// grammar that takes its reading calls ReadNames.
func (r *Reader) SplitNames(t *Table, item []Token) []string {
	return r.splitNames(t, item, false)
}

// ReadNames is SplitNames, noting the parts found under a misspelling
// (NoteRespelt) when the item is so read.
func (r *Reader) ReadNames(t *Table, item []Token) []string {
	return r.splitNames(t, item, true)
}

func (r *Reader) splitNames(t *Table, item []Token, note bool) []string {
	if len(item) < 2 {
		return nil
	}
	for _, tk := range item {
		if tk.Kind != Word {
			return nil
		}
	}
	var out []string
	var respelt [][2]int // the parts found under a misspelling, noted once the item is read
	for i := 0; i < len(item); {
		j := min(len(item), i+maxNameWords)
		for ; j > i; j-- {
			l := r.Lookup(t, item[i:j])
			if l.How == Exact || (l.How == Prefix && j-i > 1) || (l.How == Prefix && len(item[i].Low) >= 3) {
				out = append(out, t.names[l.Entry].ID)
				if l.Respelt {
					respelt = append(respelt, [2]int{i, j})
				}
				break
			}
		}
		if j == i {
			return nil
		}
		i = j
	}
	if len(out) < 2 {
		return nil
	}
	if note {
		for _, p := range respelt {
			r.NoteRespelt(t, r.Lookup(t, item[p[0]:p[1]]), item[p[0]:p[1]])
		}
	}
	return out
}

// SkipColon drops a colon that starts toks ("supply: …").
func SkipColon(toks []Token) []Token {
	if len(toks) > 0 && toks[0].Kind == Colon {
		return toks[1:]
	}
	return toks
}

// SkipWords drops the words that start toks, if they are among words ("battle
// order sequence: …").
func SkipWords(toks []Token, words ...string) []Token {
	for len(toks) > 0 && toks[0].Kind == Word && slices.Contains(words, toks[0].Low) {
		toks = toks[1:]
	}
	return toks
}

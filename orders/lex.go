package orders

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// A logical line is one order as the player meant it: a physical line, or several
// when a mail client wrapped a long line at 72 columns.
type logicalLine struct {
	n      int    // first physical line, 1-based
	text   string // of the first physical line, without comments
	source string // the first physical line as typed, for error messages
	// Wrapped lines joined to the first are parts[first:first+more] of the
	// splitter's parts, so that joining copies nothing: the text of the whole is
	// the texts joined by spaces, length long, and so is its source.
	first, more int
	length      int
	// joinedQuote is the line of a ">" line read as this line's continuation.
	joinedQuote int
}

// linePart is a physical line joined to the one before it.
type linePart struct {
	code, source string
}

// join appends a continuation line to parts. A line grown past any sensible order
// stops growing (the parser rejects it), so that joining stays linear.
func (l *logicalLine) join(parts *[]linePart, code, raw string) {
	if l.length > maxLineLen {
		return
	}
	if l.more == 0 {
		l.first = len(*parts)
	}
	*parts = append(*parts, linePart{code: code, source: strings.TrimSpace(raw)})
	l.more++
	l.length += 1 + len(code)
}

// joinParts is source and the parts' sources joined by spaces: the source of a
// line with its wrapped parts.
func joinParts(source string, parts []linePart) string {
	var b strings.Builder
	n := len(source)
	for _, pt := range parts {
		n += 1 + len(pt.source)
	}
	b.Grow(n)
	b.WriteString(source)
	for _, pt := range parts {
		b.WriteByte(' ')
		b.WriteString(pt.source)
	}
	return b.String()
}

// physical line kinds found while scanning the mail.
func isQuoted(s string) bool {
	t := trimLeftBlank(s)
	return strings.HasPrefix(t, ">") || strings.HasPrefix(t, "|>")
}

// trimLeftBlank is strings.TrimLeft(s, " \t"), and trimRightBlank
// strings.TrimRight(s, " \t"), without building a cutset on every line.
func trimLeftBlank(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	return s
}

func trimRightBlank(s string) string {
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// lowerASCII writes s in lower case into buf, reporting false (and writing nothing
// useful) when s is not ASCII or does not fit: for ASCII, strings.ToLower without
// an allocation.
func lowerASCII(buf []byte, s string) ([]byte, bool) {
	if len(s) > cap(buf) {
		return buf, false
	}
	buf = buf[:len(s)]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return buf, false
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf, true
}

// stripComment cuts a "#" or "//" comment and reports whether there was one.
func stripComment(s string) (string, bool) {
	cut := -1
	if i := strings.IndexByte(s, '#'); i >= 0 {
		cut = i
	}
	if strings.IndexByte(s, '/') >= 0 { // most lines have none
		if i := strings.Index(s, "//"); i >= 0 && (cut < 0 || i < cut) {
			cut = i
		}
	}
	if cut < 0 {
		return s, false
	}
	return s[:cut], true
}

// firstWord returns the first word of s, lower case, without trailing punctuation.
// Its callers only ask whether it is one of the vocabulary's words; a capitalised
// ASCII word that is none of them comes back as typed, sparing an allocation, since
// it is none of them either way.
func (v *Vocabulary) firstWord(s string) string {
	return v.firstWordTrimmed(strings.TrimSpace(s))
}

// firstWordTrimmed is firstWord of a line already trimmed of space.
func (v *Vocabulary) firstWordTrimmed(s string) string {
	end, plain := 0, true
	for end < len(s) {
		c := s[end]
		if f := byteClass[c]; f&bAlnum != 0 {
			if f&bUpper != 0 {
				plain = false
			}
			end++
			continue
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[end:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			plain = false
			end += n
			continue
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '\'' || c == '.') {
			break
		}
		if c >= 'A' && c <= 'Z' {
			plain = false
		}
		end++
	}
	w := s[:end]
	for len(w) > 0 && w[len(w)-1] == '.' {
		w = w[:len(w)-1]
	}
	if plain {
		return w
	}
	var buf [16]byte
	if low, ok := lowerASCII(buf[:0], w); ok {
		if lw, ok := v.words[string(low)]; ok {
			return lw.text
		}
		if len(w) <= len(buf) {
			return w
		}
	}
	return strings.ToLower(w)
}

// Vocabulary is what the mail clean-up must know of a grammar's words to rejoin the
// lines a mail client wrapped: which words start an order (a line starting with one
// is never the rest of the line before), which may end one (a line of nothing else
// is the tail of a wrapped order), and which make a line an order wherever they
// stand. A grammar builds its Vocabulary once with NewVocabulary.
type Vocabulary struct {
	// words are the words firstWord's callers look for, each with the groups it is
	// in: keywords (bit 0), tails (bit 1), and the words of every grammar (bit 2).
	words map[string]lineWord
	// standalone are the grammar's standalone words, each after a space, as
	// standalone looks for them
	standalone []string
}

// commonWords are in every vocabulary: the words that join a wrapped line, the
// "on" of a reply header and the ORDERS line's own word.
var commonWords = []string{"to", "and", "then", "via", "from", "on", "orders"}

// NewVocabulary compiles a grammar's words for the clean-up. keywords start an
// order line; tails may end one ("attack", "uncommanded") and a line holding only
// them continues the line before; standalone words ("attack", "move") make a line
// an order of its own wherever they stand, a word starting with one counting too.
func NewVocabulary(keywords, tails, standalone []string) *Vocabulary {
	v := &Vocabulary{words: newWordIndex(keywords, tails, commonWords)}
	for _, w := range standalone {
		v.standalone = append(v.standalone, " "+w)
	}
	return v
}

// plainVocabulary is the vocabulary of a grammar that gives none.
var plainVocabulary = NewVocabulary(nil, nil, nil)

// lineWord is one of a vocabulary's words: the word itself, so that firstWord
// returns it rather than a copy, and the groups it is in (bit i for the i-th list).
type lineWord struct {
	text   string
	groups int
}

// newWordIndex maps each word of the groups to the groups it is in.
func newWordIndex(groups ...[]string) map[string]lineWord {
	m := map[string]lineWord{}
	for i, g := range groups {
		for _, w := range g {
			m[w] = lineWord{text: w, groups: m[w].groups | 1<<i}
		}
	}
	return m
}

// isOrdersLine recognises the optional ORDERS line that starts the orders: "ORDERS",
// "Orders:", "ORDERS CSA Day 1 8AM".
func (v *Vocabulary) isOrdersLine(s string) bool {
	t := strings.TrimSpace(s)
	// t[0] first: no other byte starts what folds to "orders"
	if len(t) < 6 || len(t) > 48 || t[0]|0x20 != 'o' || !strings.EqualFold(t[:6], "orders") || v.firstWord(t) != "orders" {
		return false
	}
	// what may follow: a side, an hour, a version ("ORDERS CSA Day 1 8AM", "Orders
	// for USA, D2 07:00", "orders v3"), so that prose after the orders ("orders as
	// above, thanks") does not count
	for w := range strings.FieldsFuncSeq(t[len("orders"):], func(r rune) bool {
		return r == ' ' || r == '\t' || r == ':' || r == ',' || r == '-' || r == '.'
	}) {
		// lowering (without allocating) only what the words below are compared with:
		// no word that is not ASCII is one of them, and ParseSide lowers for itself
		var buf [48]byte
		if low, ascii := lowerASCII(buf[:0], w); ascii {
			switch string(low) {
			case "for", "day", "night", "turn", "hour", "am", "pm", "game", "of", "the":
				continue
			}
			if onlyHourBytes(low) {
				continue // d1, 8am, 07, 00, v3, 6pm, g14
			}
			// the side, given already lowered (ParseSide lowering "CSA" allocates)
			if _, ok := adjudicator.ParseSide(string(low)); ok {
				continue
			}
			return false
		}
		if _, ok := adjudicator.ParseSide(w); ok {
			continue
		}
		return false
	}
	return true
}

// onlyHourBytes reports whether w is made of digits and the letters of hours and
// versions (strings.Trim(w, "0123456789dvhampgt#") == "", without the cutset built
// for every word).
func onlyHourBytes(w []byte) bool {
	for _, c := range w {
		switch {
		case c >= '0' && c <= '9':
		case c == 'd', c == 'v', c == 'h', c == 'a', c == 'm', c == 'p', c == 'g', c == 't', c == '#':
		default:
			return false
		}
	}
	return true
}

// isAttribution recognises a reply header ("On Sun, … Shiloh Judge <judge@…>
// wrote:", or s-nail's `"Shiloh PBEM" <pbem@…> wrote:`). It introduces quoted
// lines, which are skipped; it does not end the orders, because a player who
// answers below the quote writes the orders after it. t is trimmed of space.
func isAttribution(t string) bool {
	return len(t) >= 6 && t[len(t)-1] == ':' && strings.EqualFold(t[len(t)-6:], "wrote:")
}

// isEndLine recognises where a mail's orders end: END, a signature, a reply header or
// a client's forwarding banner.
func isEndLine(s string) bool {
	return isEndLineTrimmed(s, strings.TrimSpace(s))
}

// isEndLineTrimmed is isEndLine of s, given t, s trimmed of space.
func isEndLineTrimmed(s, t string) bool {
	if s == "-- " || trimRightBlank(s) == "--" {
		return true
	}
	if len(t) == 0 {
		return false
	}
	// This runs on every line: cheap tests first, lowering only what may match.
	if len(t) <= 16 {
		w := t // strings.Trim(t, ".:!")
		for len(w) > 0 && (w[0] == '.' || w[0] == ':' || w[0] == '!') {
			w = w[1:]
		}
		for len(w) > 0 && (w[len(w)-1] == '.' || w[len(w)-1] == ':' || w[len(w)-1] == '!') {
			w = w[:len(w)-1]
		}
		// each starts with e or o (no other byte or lowered rune becomes one)
		if len(w) > 0 && (w[0]|0x20 == 'e' || w[0]|0x20 == 'o') {
			var buf [16]byte
			low, ok := lowerASCII(buf[:0], w)
			if !ok {
				low = []byte(strings.ToLower(w))
			}
			switch string(low) {
			case "end", "end orders", "end of orders", "endorders", "end of order", "orders end":
				return true
			}
		}
	}
	prefixFold := func(p string) bool { return len(t) >= len(p) && strings.EqualFold(t[:len(p)], p) }
	switch t[0] {
	case '-':
		return strings.HasPrefix(t, "-----") && strings.Contains(strings.ToLower(t), "original message")
	case 'b', 'B':
		return prefixFold("begin forwarded message")
	case 's', 'S':
		return prefixFold("sent from my ")
	case '_':
		return strings.HasPrefix(t, "________")
	}
	return false
}

// isKeyword reports whether w is one of the vocabulary's keywords.
func (v *Vocabulary) isKeyword(w string) bool {
	return v.words[w].groups&1 != 0
}

// isTail reports whether w is one of the vocabulary's tails.
func (v *Vocabulary) isTail(w string) bool {
	return v.words[w].groups&2 != 0
}

// continuesNext reports whether a line, comments cut, is unfinished: it ends with a
// list comma or a separator, so the next line is the rest of it.
func continuesNext(s string) bool {
	t := trimRightBlank(s)
	if t == "" {
		return false
	}
	switch t[len(t)-1] {
	case ',', ':', '>', '-', '&', '+', '/':
		return true
	}
	if t[len(t)-1] >= utf8.RuneSelf && (strings.HasSuffix(t, "→") || strings.HasSuffix(t, "–") || strings.HasSuffix(t, "—")) {
		return true
	}
	// Most lines end in some other word: only and, to, from, then, via and with
	// join, so the last letter must end one of them (a letter's case is its 0x20 bit;
	// no other byte or lowered rune becomes one of these).
	switch t[len(t)-1] | 0x20 {
	case 'd', 'o', 'm', 'n', 'a', 'h':
	default:
		return false
	}
	i := len(t) - 1 // strings.LastIndexAny(t, " \t,:")
	for i >= 0 && t[i] != ' ' && t[i] != '\t' && t[i] != ',' && t[i] != ':' {
		i--
	}
	if i < 0 || len(t)-i-1 > 4 {
		return false // the joining words are short
	}
	var buf [4]byte
	low, ok := lowerASCII(buf[:0], t[i+1:])
	if !ok {
		low = []byte(strings.ToLower(t[i+1:]))
	}
	switch string(low) {
	case "and", "to", "from", "then", "via", "with":
		return true
	}
	return false
}

// continuesPrev reports whether a line can only be the rest of the line before:
// it starts with a separator or a joining word, or holds only tails (the words
// that end an order). t is trimmed of space; fw is its first word.
func (v *Vocabulary) continuesPrev(t, fw string) bool {
	if t == "" {
		return false
	}
	switch {
	case strings.HasPrefix(t, "->"), strings.HasPrefix(t, "=>"), strings.HasPrefix(t, "→"),
		strings.HasPrefix(t, ","), strings.HasPrefix(t, "&"):
		return true
	}
	switch fw {
	case "to", "and", "then", "via", "from":
		return true
	}
	return v.isTail(fw) && v.onlyTails(t)
}

// onlyTails reports whether a line holds nothing but tails ("attack", "reinforce
// uncommanded"): the tail of a wrapped order.
func (v *Vocabulary) onlyTails(s string) bool {
	if len(s) > 32 {
		return false // a wrapped tail is short
	}
	words := strings.Fields(strings.ToLower(s))
	for _, w := range words {
		if !v.isTail(strings.Trim(w, ".,()")) {
			return false
		}
	}
	return len(words) > 0
}

// standaloneLine reports whether a line could be an order on its own: it starts with a
// keyword, has a separator a move needs or holds a standalone word.
func (v *Vocabulary) standaloneLine(s string) bool {
	t := strings.TrimSpace(s)
	if v.isKeyword(v.firstWord(t)) {
		return true
	}
	if strings.ContainsAny(t, ":>→") || strings.Contains(t, "->") {
		return true
	}
	l := " " + strings.ToLower(t) + " "
	if strings.Contains(l, " to ") || strings.Contains(l, " from ") {
		return true
	}
	for _, w := range v.standalone {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// maxLines is more lines than any hour's orders need; the rest of a longer mail is
// not read.
const maxLines = 2000

// wrapWidth is the length above which a line may have been wrapped by a mail client
// (most wrap at 72 to 78 columns; a line that long ending mid-list is suspect).
const wrapWidth = 60

// splitLines finds the orders in a mail and joins wrapped lines. Lines before an
// ORDERS line (when there is one), after END or a signature, quoted lines (">"),
// reply headers and comment-only lines are left out.
// The lines are appended to dst; raw is reused for the physical lines and parts for
// the wrapped lines joined to others.
func (v *Vocabulary) splitLinesInto(dst []logicalLine, raw []string, parts []linePart, text string) ([]logicalLine, []string, []linePart) {
	if strings.IndexByte(text, '\r') >= 0 {
		text = strings.ReplaceAll(text, "\r\n", "\n")
		text = strings.ReplaceAll(text, "\r", "\n")
	}
	raw = raw[:0]
	for {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			raw = append(raw, text)
			break
		}
		raw = append(raw, text[:i])
		text = text[i+1:]
	}
	start := 0
	for i, l := range raw {
		if isEndLine(l) {
			break
		}
		if !isQuoted(l) && v.isOrdersLine(l) {
			start = i + 1
			break
		}
	}
	out := dst[:0]
	if len(raw)-start > maxLines {
		raw = raw[:start+maxLines]
	}
	type prevInfo struct {
		long        bool // the previous physical line was long enough to have been wrapped
		comment     bool // it had a comment, which a wrap may have continued
		open        bool // it ended unfinished
		order       bool // it belongs to the last logical line
		commentOnly bool
	}
	var prev prevInfo
	for i := start; i < len(raw); i++ {
		l := raw[i]
		t := strings.TrimSpace(l)
		if isAttribution(t) {
			// a reply header wrapped before "wrote:" began on the line before
			if n := len(out); n > 0 && out[n-1].n == i && strings.EqualFold(v.firstWord(out[n-1].text), "on") {
				out = out[:n-1]
			}
			prev = prevInfo{}
			continue
		}
		if isEndLineTrimmed(l, t) {
			break
		}
		if isQuoted(l) {
			// One quoted line alone between two lines of orders is a move wrapped
			// before its ">" (a mail client's 72 columns), not a quote.
			if prev.order && len(out) > 0 && i+1 < len(raw) && !isQuoted(raw[i+1]) && i > 0 && !isQuoted(raw[i-1]) &&
				strings.TrimSpace(raw[i-1]) != "" && !strings.HasPrefix(strings.TrimSpace(l), ">>") {
				code, _ := stripComment(l)
				last := &out[len(out)-1]
				last.join(&parts, strings.TrimSpace(code), l)
				last.joinedQuote = i + 1
				prev = prevInfo{long: len(l) >= wrapWidth, order: true}
				continue
			}
			prev = prevInfo{}
			continue
		}
		long := len(l) >= wrapWidth && len(trimRightBlank(l)) >= wrapWidth
		code, hadComment := l, false
		if strings.IndexByte(l, '#') >= 0 || strings.IndexByte(l, '/') >= 0 {
			code, hadComment = stripComment(l)
		}
		if strings.IndexByte(code, 0xC2) >= 0 || strings.IndexByte(code, 0xEF) >= 0 {
			code = strings.TrimSpace(strings.Trim(code, "\u00a0\ufeff \t")) // no-break spaces, a byte-order mark
		} else if hadComment {
			code = strings.TrimSpace(code)
		} else {
			code = t
		}
		if code == "" {
			if hadComment {
				// a comment-only line (the template's own notes)
				prev = prevInfo{long: long, comment: true, commentOnly: true}
			} else {
				prev = prevInfo{}
			}
			continue
		}
		if (code[0]|0x20 == 'o') && v.isOrdersLine(code) {
			prev = prevInfo{}
			continue
		}
		// A line may join the one before when that is an order and it does not
		// start with a keyword (bar a line of tails). The keyword is looked up last,
		// when the rest already says the line would join: most lines would not.
		after := len(out) > 0 && prev.order
		fw := ""
		if after {
			fw = v.firstWordTrimmed(code) // needed only for joining
		}
		joinable := func() bool { return !v.isKeyword(fw) || v.isTail(fw) && v.onlyTails(code) }
		switch {
		case after && (prev.open || v.continuesPrev(code, fw)) && !(prev.comment && !prev.open) && joinable():
			last := &out[len(out)-1]
			last.join(&parts, code, l)
			prev = prevInfo{long: long, comment: hadComment, open: continuesNext(code), order: true}
			continue
		case prev.long && prev.comment && !v.standaloneLine(code):
			// the tail of a wrapped comment
			prev = prevInfo{long: long, comment: true, order: prev.order, commentOnly: prev.commentOnly}
			continue
		case after && prev.long && !prev.comment && joinable() && !v.standaloneLine(code):
			last := &out[len(out)-1]
			last.join(&parts, code, l)
			prev = prevInfo{long: long, comment: hadComment, open: continuesNext(code), order: true}
			continue
		}
		out = append(out, logicalLine{n: i + 1, text: code, source: t, length: len(code)})
		prev = prevInfo{long: long, comment: hadComment, open: continuesNext(code), order: true}
	}
	return out, raw, parts
}

// TokenKind is what a token of an order line is: a word or one of the separators
// every grammar reads alike.
type TokenKind uint8

const (
	Word  TokenKind = iota
	Comma           // , ; & + / and the word "and"
	Colon           // :
	Arrow           // > -> - => → and the words to, then, into
	Road            // >> ->> =>>
)

// Token is one word or separator of an order line, as Lex found it.
type Token struct {
	Kind TokenKind
	// Simple marks a word of ASCII letters and digits only, whose name key
	// (Normalize) is its lower case less a plural "s".
	Simple bool
	Text   string // as typed
	Low    string // lower case, for keywords
}

// Byte classes for the lexer.
const (
	bSpace uint8 = 1 << iota // space, and brackets and marks read as space
	bComma                   // , ; & + / |
	bColon                   // :
	bArrow                   // > - = <, which make arrows
	bLead                    // 0xE2, the lead byte of → – —
	bUpper                   // A-Z and every byte from 0x80: a word holding one needs lowering
	bAlnum                   // ASCII letters and digits

	bEnd = bSpace | bComma | bColon | bArrow | bLead // bytes that end a word
)

var byteClass = func() (t [256]uint8) {
	for _, c := range []byte(" \t()[]\"{}*!?") {
		t[c] = bSpace
	}
	for _, c := range []byte(",;&+/|") {
		t[c] = bComma
	}
	t[':'] = bColon
	for _, c := range []byte(">-=<") {
		t[c] = bArrow
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = bUpper
	}
	t[0xE2] |= bLead
	for c := '0'; c <= '9'; c++ {
		t[c] = bAlnum
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = bAlnum
		t[c-'a'+'A'] = bAlnum | bUpper
	}
	return t
}()

// Lex splits an order line into words and separators, reusing buf's storage.
// Parentheses, quotes and brackets are space; a period ends nothing (initials
// "W. Wallace" stay words).
func Lex(buf []Token, s string) []Token {
	toks := buf[:0]
	i := 0
	for i < len(s) {
		f := byteClass[s[i]]
		switch {
		case f&bEnd == 0:
			// a word starts (the common case first)
		case f&bSpace != 0:
			i++
			continue
		case f&bComma != 0:
			toks = append(toks, Token{Kind: Comma, Text: s[i : i+1], Low: s[i : i+1]})
			i++
			continue
		case f&bColon != 0:
			toks = append(toks, Token{Kind: Colon, Text: ":", Low: ":"})
			i++
			continue
		case f&bArrow != 0:
			j, roads := i, 0
			for j < len(s) && byteClass[s[j]]&bArrow != 0 {
				if s[j] == '>' {
					roads++
				}
				j++
			}
			k := Arrow
			if roads >= 2 {
				k = Road
			}
			toks = append(toks, Token{Kind: k, Text: s[i:j], Low: s[i:j]})
			i = j
			continue
		case f&bLead != 0 && strings.HasPrefix(s[i:], "→"):
			j, n := i, 0
			for strings.HasPrefix(s[j:], "→") {
				j += len("→")
				n++
			}
			k := Arrow
			if n >= 2 {
				k = Road
			}
			toks = append(toks, Token{Kind: k, Text: s[i:j], Low: s[i:j]})
			i = j
			continue
		case f&bLead != 0 && (strings.HasPrefix(s[i:], "–") || strings.HasPrefix(s[i:], "—")):
			toks = append(toks, Token{Kind: Arrow, Text: s[i : i+3], Low: s[i : i+3]})
			i += 3
			continue
		}
		// a word: up to a byte that ends words (the lead byte of an arrow or dash
		// only when one follows)
		j := i
		for j < len(s) && s[j]-'a' < 26 {
			j++ // lower-case letters, most of a word, need no class
		}
		all, seen := bAlnum, uint8(0)
		for j < len(s) {
			f := byteClass[s[j]]
			if f&bEnd != 0 {
				if f&bLead == 0 || dashAt(s[j:]) {
					break
				}
			}
			all &= f
			seen |= f
			j++
		}
		if j == i {
			// a lone byte that ends words: an arrow or dash lead byte not followed
			// by the rest of one
			j = i + 1
			all, seen = 0, 0
		}
		w := s[i:j]
		i = j
		if w == "." || w == "'" {
			continue
		}
		low := w
		if w[len(w)-1] == '.' {
			low = strings.TrimRight(w, ".")
		}
		if seen&bUpper != 0 {
			low = strings.ToLower(low)
		}
		switch low {
		case "and":
			toks = append(toks, Token{Kind: Comma, Text: w, Low: low})
		case "to", "then", "into", "towards", "toward", "via", "thru", "through":
			toks = append(toks, Token{Kind: Arrow, Text: w, Low: low})
		default:
			toks = append(toks, Token{Kind: Word, Simple: all != 0, Text: w, Low: low})
		}
	}
	return toks
}

// lexAppend appends the tokens of s to toks: the tokens of texts joined by a space
// are those of each text, one after the other.
func lexAppend(toks []Token, s string) []Token {
	more := Lex(toks[len(toks):], s)
	if len(more) <= cap(toks)-len(toks) { // lexed in place
		return toks[:len(toks)+len(more)]
	}
	return append(toks, more...)
}

// dashAt reports whether s starts with an arrow or a dash.
func dashAt(s string) bool {
	return strings.HasPrefix(s, "→") || strings.HasPrefix(s, "–") || strings.HasPrefix(s, "—")
}

// JoinWords prints tokens back as the player wrote them, for names and messages.
func JoinWords(toks []Token) string {
	var b strings.Builder
	for i := range toks {
		t := &toks[i]
		if i > 0 && t.Kind != Comma && t.Kind != Colon {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// SplitList splits tokens on commas (and the word "and"): the items of a list.
func SplitList(toks []Token) [][]Token {
	out := make([][]Token, 0, 4)
	for item := range ListItems(toks) {
		out = append(out, item)
	}
	return out
}

// HasItem reports whether SplitList would find an item.
func HasItem(toks []Token) bool {
	for ti := range toks {
		t := &toks[ti]
		if t.Kind != Comma {
			return true
		}
	}
	return false
}

// LastItem returns the last item SplitList would find.
func LastItem(toks []Token) (last []Token, ok bool) {
	for item := range ListItems(toks) {
		last, ok = item, true
	}
	return last, ok
}

// ListItems yields the items SplitList returns, without gathering them. Empty items
// are left out; each item is capped, so that appending to it copies.
func ListItems(toks []Token) iter.Seq[[]Token] {
	return func(yield func([]Token) bool) {
		start := 0
		for i := range toks {
			t := &toks[i]
			if t.Kind == Comma {
				if i > start && !yield(toks[start:i:i]) {
					return
				}
				start = i + 1
			}
		}
		if len(toks) > start {
			yield(toks[start:len(toks):len(toks)])
		}
	}
}

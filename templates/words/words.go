// Package words turns the contract's phrases (adjudicator.Phrase: a code and
// typed arguments) into sentences, from wording files a club can read and correct:
// shared.txt for the shared machinery, and one file per rule system, named by the
// system's id (docs/ARCHITECTURE.md §5). Those files are embedded; a system
// outside this module, or a test's, gives its file to Register instead.
//
// A wording file has one entry a line, "code = text", with # comments and blank
// lines. The text starts after "= "; a second space after it is part of the text. The text names arguments in braces:
//
//	{key}            the argument as its kind prints: a number, a side, a unit's or
//	                 place's name, names as "A, B and C", dice as [6 3 1], a word
//	                 by its own entry, a text as written
//	{key|one|many}   "one" when the number is 1, else "many"; # in either prints
//	                 the number
//	{key?fallback}   fallback when the argument is missing, or names a unit or
//	                 place the reader's view does not name (fog of war: the namer
//	                 decides, never the wording)
//	{key/sep}        a list (names, phrases, texts) joined by sep: {blocks/, }
//	                 prints "A, B, C" where {blocks} prints "A, B and C"
//	{key/sep/last}   the same with last before the last item: {names/, / or }
//	                 prints "A, B or C"
//
// A phrases argument prints each phrase by its own entry.
//
// "{{" and "}}" print braces.
package words

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Namer names the units and places a reader may know. A false answer keeps the id
// unsaid: the placeholder's fallback, or "an unseen unit"/"an unseen place", is
// printed instead.
type Namer interface {
	UnitName(id string) (string, bool)
	PlaceName(id string) (string, bool)
}

// Wording is the entries of one or more wording files.
type Wording struct {
	entries map[string]*entry
}

type entry struct {
	code   string
	file   string
	line   int
	pieces []piece
}

// piece is a run of literal text, or a placeholder when key is set.
type piece struct {
	text     string
	key      string
	one      string // plural forms, when plural is set
	many     string
	plural   bool
	fallback string
	hasFall  bool
	sep      string // a list's separator, when hasSep is set
	hasSep   bool
	last     string // the separator before a list's last item, when hasLast is set
	hasLast  bool
}

//go:embed *.txt
var files embed.FS

var loaded sync.Map // system id → *Wording

// For is a system's wording as every reader of it words it: the shared file and
// the system's own, read once (embedded, or given to Register).
func For(system string) (*Wording, error) {
	if w, ok := loaded.Load(system); ok {
		return w.(*Wording), nil
	}
	w, err := Load("shared", system)
	if err != nil {
		return nil, fmt.Errorf("wording of %s: %w", system, err)
	}
	loaded.Store(system, w)
	return w, nil
}

// Register supplies a system's wording file from outside the embedded set: for
// systems outside this module and for tests, which cannot add a file to
// templates/words. src is parsed as an embedded file is (it is known by the name
// <system>.txt in errors), together with shared.txt, so that For(system) words the
// system's phrases as it words a built-in system's. A system that already has
// wording (an embedded file, or one registered or loaded before) is refused, as
// is a file with problems or one that words a shared code again; nothing is
// registered then.
func Register(system string, src []byte) error {
	if system == "" || strings.ContainsAny(system, "/\\ \t") {
		return fmt.Errorf("words: %q is not a system id", system)
	}
	if _, err := files.ReadFile(system + ".txt"); err == nil {
		return fmt.Errorf("words: %s has an embedded wording file already", system)
	}
	w, err := Load("shared")
	if err != nil {
		return err
	}
	if err := w.add(system+".txt", src); err != nil {
		return err
	}
	if _, dup := loaded.LoadOrStore(system, w); dup {
		return fmt.Errorf("words: %s has its wording already", system)
	}
	return nil
}

// Load reads the embedded wording files by name ("shared", a system id) into one
// wording; a code defined twice is an error.
func Load(names ...string) (*Wording, error) {
	w := &Wording{entries: map[string]*entry{}}
	for _, n := range names {
		src, err := files.ReadFile(n + ".txt")
		if err != nil {
			return nil, fmt.Errorf("words: no wording file %s.txt", n)
		}
		if err := w.add(n+".txt", src); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// Parse reads one wording file's text (for tests and a club's own copy).
func Parse(name string, src []byte) (*Wording, error) {
	w := &Wording{entries: map[string]*entry{}}
	return w, w.add(name, src)
}

func (w *Wording) add(file string, src []byte) error {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		code, text, ok := strings.Cut(line, "=")
		code = strings.TrimSpace(code)
		if !ok || code == "" || strings.ContainsAny(code, " \t{}") {
			return fmt.Errorf("%s:%d: want \"code = text\"", file, n)
		}
		if old, dup := w.entries[code]; dup {
			return fmt.Errorf("%s:%d: %s is worded already at %s:%d", file, n, code, old.file, old.line)
		}
		// The text starts after "= "; further spaces are kept, for the pieces a
		// sentence is built of (" [rule 6.6]").
		pieces, err := parseText(strings.TrimRight(strings.TrimPrefix(text, " "), " \t\r"))
		if err != nil {
			return fmt.Errorf("%s:%d: %s: %v", file, n, code, err)
		}
		w.entries[code] = &entry{code: code, file: file, line: n, pieces: pieces}
	}
	return sc.Err()
}

func parseText(s string) ([]piece, error) {
	var out []piece
	var lit strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case (c == '{' || c == '}') && i+1 < len(s) && s[i+1] == c:
			lit.WriteByte(c)
			i++
		case c == '}':
			return nil, fmt.Errorf("a lone } at %d", i)
		case c == '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("{ without } at %d", i)
			}
			p, err := parsePlaceholder(s[i+1 : i+end])
			if err != nil {
				return nil, err
			}
			if lit.Len() > 0 {
				out = append(out, piece{text: lit.String()})
				lit.Reset()
			}
			out = append(out, p)
			i += end
		default:
			lit.WriteByte(c)
		}
	}
	if lit.Len() > 0 {
		out = append(out, piece{text: lit.String()})
	}
	return out, nil
}

func parsePlaceholder(s string) (piece, error) {
	var p piece
	if k, fb, ok := strings.Cut(s, "?"); ok {
		s, p.fallback, p.hasFall = k, fb, true
	}
	if k, forms, ok := strings.Cut(s, "|"); ok {
		one, many, ok := strings.Cut(forms, "|")
		if !ok {
			return p, fmt.Errorf("{%s}: plural needs {key|one|many}", s)
		}
		s, p.one, p.many, p.plural = k, one, many, true
	}
	if k, sep, ok := strings.Cut(s, "/"); ok {
		s, p.sep, p.hasSep = k, sep, true
		if sep, last, ok := strings.Cut(sep, "/"); ok {
			p.sep, p.last, p.hasLast = sep, last, true
		}
	}
	if s == "" || strings.ContainsAny(s, " {") {
		return p, fmt.Errorf("{%s}: not an argument name", s)
	}
	p.key = s
	return p, nil
}

// Has reports whether a code is worded.
func (w *Wording) Has(code string) bool { _, ok := w.entries[code]; return ok }

// Say words a phrase for a reader whose view the namer stands for. A code the
// wording lacks prints as "(code)", which the wording tests forbid.
func (w *Wording) Say(p adjudicator.Phrase, n Namer) string {
	e, ok := w.entries[p.Code]
	if !ok {
		return "(" + p.Code + ")"
	}
	var b strings.Builder
	for _, pc := range e.pieces {
		if pc.key == "" {
			b.WriteString(pc.text)
			continue
		}
		b.WriteString(w.placeholder(pc, p, n))
	}
	return b.String()
}

func (w *Wording) placeholder(pc piece, p adjudicator.Phrase, n Namer) string {
	a, ok := p.Get(pc.key)
	if !ok {
		if pc.hasFall {
			return pc.fallback
		}
		return "{" + pc.key + "?}"
	}
	if pc.plural {
		count := a.Int // a number; a list counts its items
		if a.Kind != adjudicator.ArgInt {
			count = len(a.Strs) + len(a.Ints) + len(a.Phrases)
		}
		form := pc.many
		if count == 1 {
			form = pc.one
		}
		return strings.ReplaceAll(form, "#", strconv.Itoa(count))
	}
	name := func(id string, unit bool) string {
		var s string
		var ok bool
		if unit {
			s, ok = n.UnitName(id)
		} else {
			s, ok = n.PlaceName(id)
		}
		switch {
		case ok:
			return s
		case pc.hasFall:
			return pc.fallback
		case unit:
			return w.Say(adjudicator.Say("unit.unseen"), n)
		}
		return w.Say(adjudicator.Say("place.unseen"), n)
	}
	switch a.Kind {
	case adjudicator.ArgInt:
		return strconv.Itoa(a.Int)
	case adjudicator.ArgSide:
		return adjudicator.Side(a.Int).String()
	case adjudicator.ArgUnit, adjudicator.ArgPlace:
		if len(a.Strs) == 0 {
			return pc.fallback
		}
		return name(a.Strs[0], a.Kind == adjudicator.ArgUnit)
	case adjudicator.ArgUnits, adjudicator.ArgPlaces:
		names := make([]string, len(a.Strs))
		for i, id := range a.Strs {
			names[i] = name(id, a.Kind == adjudicator.ArgUnits)
		}
		return w.join(pc, names, n)
	case adjudicator.ArgPhrases:
		said := make([]string, len(a.Phrases))
		for i, q := range a.Phrases {
			said[i] = w.Say(q, n)
		}
		return w.join(pc, said, n)
	case adjudicator.ArgDice:
		s := make([]string, len(a.Ints))
		for i, v := range a.Ints {
			s[i] = strconv.Itoa(v)
		}
		return "[" + strings.Join(s, " ") + "]"
	case adjudicator.ArgWord:
		if len(a.Strs) == 0 {
			return pc.fallback
		}
		return w.Say(adjudicator.Say(a.Strs[0]), n)
	case adjudicator.ArgText:
		// one text as written; several are a list (the names a word might mean)
		return w.join(pc, a.Strs, n)
	}
	return "{" + pc.key + "?}"
}

// join joins a list as the placeholder says: by its separators, else as List.
func (w *Wording) join(pc piece, items []string, n Namer) string {
	if pc.hasLast && len(items) > 1 {
		return strings.Join(items[:len(items)-1], pc.sep) + pc.last + items[len(items)-1]
	}
	if pc.hasSep {
		return strings.Join(items, pc.sep)
	}
	return w.List(items, n)
}

// List joins names as the wording's "list.and" entry says: "A, B and C".
func (w *Wording) List(names []string, n Namer) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	and := " and "
	if w.Has("list.and") {
		and = " " + w.Say(adjudicator.Say("list.and"), n) + " "
	}
	return strings.Join(names[:len(names)-1], ", ") + and + names[len(names)-1]
}

// Problems holds a wording to the codes a system declares: every code worded,
// every placeholder naming a declared key, and no entry that nothing says (words
// used as arguments are listed in used).
func (w *Wording) Problems(specs []adjudicator.CodeSpec, used ...string) []string {
	var out []string
	declared := map[string]bool{}
	for _, s := range specs {
		declared[s.Code] = true
		e, ok := w.entries[s.Code]
		if !ok {
			out = append(out, fmt.Sprintf("%s (rule %s) has no wording", s.Code, s.Rule))
			continue
		}
		for _, pc := range e.pieces {
			if pc.key != "" && !slices.Contains(s.Keys, pc.key) {
				out = append(out, fmt.Sprintf("%s:%d: %s names {%s}, which the code does not carry (it has %s)",
					e.file, e.line, s.Code, pc.key, strings.Join(s.Keys, ", ")))
			}
		}
	}
	for code, e := range w.entries {
		if !declared[code] && !slices.Contains(used, code) {
			out = append(out, fmt.Sprintf("%s:%d: %s is worded but never said", e.file, e.line, code))
		}
	}
	slices.Sort(out)
	return out
}

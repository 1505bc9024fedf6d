package orders

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Name is one thing a player may name in orders: an area, a block or an arrival
// group. ID is what the orders carry, Canonical is how receipts print it (unique
// among its kind), Aliases are other spellings the scenario knows. Options lists the
// choices an arrival group offers (Lew Wallace's roads "D" and "E", 5.61); it is
// empty for everything else.
type Name struct {
	ID        string
	Canonical string
	Aliases   []string
	Options   []string
}

// Names is what the language needs to know of a scenario: the names of its areas,
// of one side's blocks and of one side's arrival groups. The scenario satisfies it
// through its grammar (Shiloh 1862: shiloh1862.ScenarioNames); tests use small
// hand-made tables.
type Names interface {
	Areas() []Name
	Blocks(side adjudicator.Side) []Name
	Arrivals(side adjudicator.Side) []Name
}

// Roads is what a Names may also know: the areas a road move of two areas from one
// area to another may pass through (5.31). With it, "Gladden: Seay >> Hardee" is read
// as a move through the one area in between; without it, or when there is none or
// several, the middle is left for the engine.
type Roads interface {
	RoadMiddles(from, to string) []string
}

// Dictionary is a Names prepared for fast lookups (Compile). A grammar compiles
// its scenario's names once and reads every order set with them.
type Dictionary struct {
	roads    Roads // nil when the names know no roads
	areas    *Table
	blocks   [3]*Table // by Side
	arrivals [3]*Table
}

// Compile prepares names for lookups. Compiling a *Dictionary returns it unchanged.
func Compile(names Names) *Dictionary {
	if d, ok := names.(*Dictionary); ok && d != nil {
		return d
	}
	if names == nil {
		names = emptyNames{}
	}
	d := &Dictionary{areas: newTable(names.Areas())}
	if r, ok := names.(Roads); ok {
		d.roads = r
	}
	for _, s := range adjudicator.Sides {
		d.blocks[s] = newTable(names.Blocks(s))
		d.arrivals[s] = newTable(names.Arrivals(s))
	}
	d.blocks[adjudicator.NoSide] = newTable(nil)
	d.arrivals[adjudicator.NoSide] = newTable(nil)
	return d
}

// emptyNames knows no names.
type emptyNames struct{}

func (emptyNames) Areas() []Name                    { return nil }
func (emptyNames) Blocks(adjudicator.Side) []Name   { return nil }
func (emptyNames) Arrivals(adjudicator.Side) []Name { return nil }

// RoadMiddles is the Roads of the names compiled, if they have any.
func (d *Dictionary) RoadMiddles(from, to string) []string {
	if d.roads == nil {
		return nil
	}
	return d.roads.RoadMiddles(from, to)
}

// Areas returns the area names.
func (d *Dictionary) Areas() []Name { return d.areas.names }

// AreaTable is the areas' Table, for lookups.
func (d *Dictionary) AreaTable() *Table { return d.areas }

// Blocks returns one side's block names.
func (d *Dictionary) Blocks(side adjudicator.Side) []Name { return d.BlockTable(side).names }

// Arrivals returns one side's arrival groups.
func (d *Dictionary) Arrivals(side adjudicator.Side) []Name { return d.ArrivalTable(side).names }

// BlockTable is one side's blocks' Table, for lookups; that of no side is empty.
func (d *Dictionary) BlockTable(side adjudicator.Side) *Table {
	if side > adjudicator.CSA {
		side = adjudicator.NoSide
	}
	return d.blocks[side]
}

// ArrivalTable is one side's arrival groups' Table, for lookups; that of no side is
// empty.
func (d *Dictionary) ArrivalTable(side adjudicator.Side) *Table {
	if side > adjudicator.CSA {
		side = adjudicator.NoSide
	}
	return d.arrivals[side]
}

// key is one normalised spelling of a name, split into words for prefix matching.
type key struct {
	text  string
	words []string
	entry int
	canon bool // the canonical name or the id, not an alias
	// respelt marks an alias that is a misspelling of the canonical name
	// ("Breckenridge" for Breckinridge), which a receipt echoes (isRespelling)
	respelt bool
}

// Table holds one kind of name (the areas, or one side's blocks or arrival groups)
// indexed for lookups; a grammar gets it from its Dictionary.
type Table struct {
	names []Name
	keys  []key
	exact map[string][]int // key text to entries
	byID  map[string]int
	// unique maps the keys of one entry (those of exact with one entry) to it:
	// most names in orders are typed in full.
	unique map[string]uniqueKey
}

// uniqueKey is the entry a key of one entry names, and whether the key is a
// misspelling of its name.
type uniqueKey struct {
	entry   int
	respelt bool
}

// exactMatch is the match of a key found in unique.
func exactMatch(u uniqueKey) Match { return Match{How: Exact, Entry: u.entry, Respelt: u.respelt} }

func newTable(names []Name) *Table {
	t := &Table{names: names, exact: map[string][]int{}, byID: map[string]int{}}
	canon := true
	add := func(i int, s string) {
		k := Normalize(s)
		if k == "" || slices.Contains(t.exact[k], i) {
			return
		}
		t.exact[k] = append(t.exact[k], i)
		t.keys = append(t.keys, key{text: k, words: strings.Fields(k), entry: i, canon: canon,
			respelt: !canon && isRespelling(k, Normalize(names[i].Canonical))})
	}
	// Canonical names and ids first: an alias of one name never shadows another's
	// canonical name, so that every canonical name reads back as itself.
	for i, n := range names {
		if _, dup := t.byID[n.ID]; !dup {
			t.byID[n.ID] = i
		}
		add(i, n.Canonical)
		add(i, n.ID)
	}
	claimed := len(t.keys)
	canon = false
	for i, n := range names {
		for _, a := range n.Aliases {
			k := Normalize(a)
			shadowed := false
			for _, kk := range t.keys[:claimed] {
				if kk.text == k && kk.entry != i {
					shadowed = true
					break
				}
			}
			if !shadowed {
				add(i, a)
			}
		}
	}
	t.unique = make(map[string]uniqueKey, len(t.exact))
	for _, kk := range t.keys {
		if es := t.exact[kk.text]; len(es) == 1 {
			t.unique[kk.text] = uniqueKey{entry: es[0], respelt: kk.respelt}
		}
	}
	return t
}

// isRespelling reports whether an alias key is a misspelling of a canonical key
// rather than another name: as many words, each the same or a near miss of its
// own (one letter off, two when either has eight; words both under four letters
// exactly the same), at least one not the same. "breckenridge" and "rhea" are
// respellings of Breckinridge and Rea; "lew wallace", "ml smith" and "peach
// orchard" are other names.
func isRespelling(alias, canon string) bool {
	a, c := strings.Fields(alias), strings.Fields(canon)
	if len(a) != len(c) || alias == canon {
		return false
	}
	for i := range a {
		limit := 0
		switch n := max(utf8.RuneCountInString(a[i]), utf8.RuneCountInString(c[i])); {
		case n >= 8:
			limit = 2
		case n >= 4:
			limit = 1
		}
		if Distance(a[i], c[i], limit+1) > limit {
			return false
		}
	}
	return true
}

// Name is the entry a Match found.
func (t *Table) Name(m Match) *Name { return &t.names[m.Entry] }

// ByID returns the name with this id.
func (t *Table) ByID(id string) (*Name, bool) {
	i, ok := t.byID[id]
	if !ok {
		return nil, false
	}
	return &t.names[i], true
}

// Canonical returns how an id is printed, or the id itself when unknown.
func (t *Table) Canonical(id string) string {
	if i, ok := t.byID[id]; ok {
		return t.names[i].Canonical
	}
	return id
}

// isStopWord reports a word that carries no meaning in a name ("the Hornet's Nest",
// "Rea Field", "Rea fld", and field as thumbs type it). A switch, not a map: it runs
// for every word.
func isStopWord[S []byte | string](w S) bool {
	switch string(w) {
	case "the", "field", "fld", "fd", "feild", "fied", "filed", "feld", "fiel":
		return true
	}
	return false
}

// Normalize folds a name to the form names are compared in: lower case, apostrophes
// dropped, other punctuation a word break, a plural or possessive "s" dropped, and
// the words "the" and "field" left out ("Sarah Bell's Field" and "sarah bells" both
// become "sarah bell").
func Normalize(s string) string {
	buf, kept := appendKey(make([]byte, 0, len(s)), s)
	if kept == 0 && len(s) > 0 {
		return normalizeAll(s)
	}
	return string(buf)
}

// appendKey appends the normalised words of s to buf (a space before each word when
// buf is not empty) and counts the words kept.
func appendKey(buf []byte, s string) ([]byte, int) {
	kept := 0
	wordStart := -1
	flush := func() {
		if wordStart < 0 {
			return
		}
		w := buf[wordStart:]
		if len(w) > 3 && w[len(w)-1] == 's' {
			buf = buf[:len(buf)-1]
			w = buf[wordStart:]
		}
		if isStopWord(w) {
			buf = buf[:wordStart]
			if len(buf) > 0 {
				buf = buf[:len(buf)-1] // the space before it
			}
		} else {
			kept++
		}
		wordStart = -1
	}
	start := func() {
		if wordStart < 0 {
			if len(buf) > 0 {
				buf = append(buf, ' ')
			}
			wordStart = len(buf)
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			case c == '\'' || c == '`':
				continue // an apostrophe joins: "Hornet's" is one word
			default:
				flush()
				continue
			}
			start()
			buf = append(buf, c)
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '’' || r == '‘' || r == '´':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			start()
			buf = utf8.AppendRune(buf, unicode.ToLower(r))
		default:
			flush()
		}
	}
	flush()
	return buf, kept
}

// normalizeAll is normalize keeping stop words, for a name made only of them.
func normalizeAll(s string) string {
	var words []string
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '’')
	}) {
		f = strings.NewReplacer("'", "", "’", "").Replace(f)
		if len(f) > 3 && strings.HasSuffix(f, "s") {
			f = f[:len(f)-1]
		}
		if f != "" {
			words = append(words, f)
		}
	}
	return strings.Join(words, " ")
}

// How says how a name was matched.
type How uint8

const (
	NotFound  How = iota
	Exact         // a spelling of the name, as the table holds it
	Prefix        // the start of its words, or of its last words ("shil ch", "church")
	Fuzzy         // a near miss, read with a warning
	Ambiguous     // several names, none chosen
)

// Match is the outcome of looking one name up.
type Match struct {
	How   How
	Entry int // when found: the name is Table.Name(m)
	// Respelt says that the name was found under a misspelling the scenario lists
	// for it ("Breckenridge"): a correction the receipt echoes, as it does a near
	// miss.
	Respelt bool
	cands   []int // when ambiguous, or the nearest names when not found
}

// Found reports a name found exactly or by prefix: one a player may write without
// a warning.
func (m Match) Found() bool { return m.How == Exact || m.How == Prefix }

// Lookup finds the entry a player's spelling means: an exact spelling first, then a
// unique word-by-word prefix ("shil ch" for Shiloh Church, "wallace" for the last
// word of W. Wallace), then a unique near miss (Damerau-Levenshtein distance 1 for
// four letters or more, 2 for eight or more).
func (t *Table) Lookup(input string) Match {
	return t.resolveKey(Normalize(input))
}

// resolveBytes is resolve for a key already normalised, sparing an allocation when
// the key is found exactly (the common case).
func (t *Table) resolveBytes(k []byte) Match {
	if u, ok := t.unique[string(k)]; ok {
		return exactMatch(u)
	}
	return t.resolveKey(string(k))
}

// resolveString is resolveBytes for a key held in a string.
func (t *Table) resolveString(k string) Match {
	if u, ok := t.unique[k]; ok {
		return exactMatch(u)
	}
	return t.resolveKey(k)
}

func (t *Table) resolveKey(k string) Match {
	if k == "" || len(k) > maxNameLen {
		return Match{How: NotFound}
	}
	if es := t.exact[k]; len(es) > 0 {
		if len(es) == 1 {
			return exactMatch(t.unique[k])
		}
		return Match{How: Ambiguous, cands: es}
	}
	// Prefix matches in tiers: the start of a canonical name, the end of one ("church"),
	// then the same for aliases. The first tier with a match decides.
	var bounds [maxNameLen / 2][2]int
	var wordBuf [maxNameLen / 2]string
	nw := fieldsOf(k, &bounds)
	for i := range nw {
		wordBuf[i] = k[bounds[i][0]:bounds[i][1]] // into the array: through a slice, k would escape
	}
	words := wordBuf[:nw]
	// the tiers' entries live on the stack: a name typed in part matches few
	var tierBuf [4][4]int
	tiers := [4][]int{tierBuf[0][:0], tierBuf[1][:0], tierBuf[2][:0], tierBuf[3][:0]}
	var plain [4]bool // a key of the tier is no misspelling
	for i := range t.keys {
		kk := &t.keys[i]
		tier := 0
		if !kk.canon {
			tier = 2
		}
		switch {
		case wordPrefix(words, kk.words, 0):
		case len(kk.words) > len(words) && wordPrefix(words, kk.words, len(kk.words)-len(words)):
			tier++
		default:
			continue
		}
		tiers[tier] = addUnique(tiers[tier], kk.entry)
		plain[tier] = plain[tier] || !kk.respelt
	}
	for tier, es := range tiers {
		if len(es) == 1 {
			return Match{How: Prefix, Entry: es[0], Respelt: !plain[tier]}
		}
		if len(es) > 1 {
			return Match{How: Ambiguous, cands: slices.Clone(es)}
		}
	}
	n := utf8.RuneCountInString(k) - strings.Count(k, " ") // letters, the spaces left out (keys are valid UTF-8)
	limit := 0
	switch {
	case n >= 8:
		limit = 2
	case n >= 4:
		limit = 1
	}
	best, bestD := []int(nil), limit+1
	near, nearD := []int(nil), maxDistance
	for i := range t.keys {
		kk := &t.keys[i]
		d := Distance(k, kk.text, maxDistance)
		// A typo in an abbreviation: compare with the name cut to the input's length.
		if n >= 5 && len(kk.text) > len(k) {
			if dp := Distance(k, kk.text[:len(k)], maxDistance); dp < d {
				d = dp
			}
		}
		if d < bestD {
			best, bestD = []int{kk.entry}, d
		} else if d == bestD {
			best = addUnique(best, kk.entry)
		}
		if d < nearD {
			near, nearD = []int{kk.entry}, d
		} else if d == nearD {
			near = addUnique(near, kk.entry)
		}
	}
	if bestD <= limit && len(best) == 1 {
		return Match{How: Fuzzy, Entry: best[0]}
	}
	if bestD <= limit && len(best) > 1 {
		return Match{How: Ambiguous, cands: best}
	}
	if nearD >= maxDistance || nearD*2 > n+1 {
		near = nil
	}
	return Match{How: NotFound, cands: near}
}

// fieldsOf finds the words strings.Fields splits a key into, as their bounds in buf
// (a key has at most half its length in words), and returns how many. Bounds
// rather than strings.FieldsSeq, whose yield lets the key escape: a key made of
// bytes was copied to the heap for every search.
func fieldsOf(k string, buf *[maxNameLen / 2][2]int) int {
	n, start := 0, -1
	for i := 0; i < len(k); {
		c, size, space := k[i], 1, false
		if c < utf8.RuneSelf {
			space = c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(k[i:])
			space = unicode.IsSpace(r)
		}
		switch {
		case space && start >= 0:
			buf[n] = [2]int{start, i}
			n, start = n+1, -1
		case !space && start < 0:
			start = i
		}
		i += size
	}
	if start >= 0 {
		buf[n] = [2]int{start, len(k)}
		n++
	}
	return n
}

// maxNameLen is longer than any name: longer text is not looked up.
const maxNameLen = 64

// maxDistance bounds the distance computed: names further apart are not suggested.
const maxDistance = 4

// wordPrefix reports whether each input word starts the candidate word at the same
// position, the candidate's words taken from offset on.
func wordPrefix(in, cand []string, offset int) bool {
	if len(in)+offset > len(cand) {
		return false
	}
	for i, w := range in {
		if !strings.HasPrefix(cand[offset+i], w) {
			return false
		}
	}
	return true
}

func addUnique(xs []int, x int) []int {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

// Candidates are the names a Match was torn between, or those nearest to a name
// not found, in canonical form and the table's order ("Owl Creek Bottoms", "Owl
// Creek Woods"): a phrase's list of texts, which the wording joins.
func (t *Table) Candidates(m Match) []string {
	sorted := append([]int(nil), m.cands...)
	sort.Ints(sorted)
	names := make([]string, len(sorted))
	for i, e := range sorted {
		names[i] = t.names[e].Canonical
	}
	return names
}

// Distance is the optimal-string-alignment Damerau-Levenshtein distance between a
// and b, giving up (returning max) once every path is at least max.
func Distance(a, b string, max int) int {
	if a == b {
		return 0
	}
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= max || -d >= max {
		return max
	}
	var buf [3][40]int
	if len(rb)+1 > len(buf[0]) {
		return max
	}
	prev2, prev, cur := buf[0][:len(rb)+1], buf[1][:len(rb)+1], buf[2][:len(rb)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := prev[j] + 1
			if x := cur[j-1] + 1; x < v {
				v = x
			}
			if x := prev[j-1] + cost; x < v {
				v = x
			}
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				if x := prev2[j-2] + 1; x < v {
					v = x
				}
			}
			cur[j] = v
			if v < rowMin {
				rowMin = v
			}
		}
		if rowMin >= max {
			return max
		}
		prev2, prev, cur = prev, cur, prev2
	}
	if prev[len(rb)] < max {
		return prev[len(rb)]
	}
	return max
}

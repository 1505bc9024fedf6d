package antietam

// The case suite: one TOML file per case in testdata/cases, each a small position,
// one player-turn's orders, scripted dice, and what the rules demand. The format
// is documented in testdata/cases/README.md. A failing case prints every event,
// order result and throw, and the units on the map afterwards.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// caseFile is one case as written.
type caseFile struct {
	Title        string            `toml:"title"`
	Rules        []string          `toml:"rules"`
	Turn         int               `toml:"turn"`
	Phasing      string            `toml:"phasing"`
	Optional     []string          `toml:"optional"`
	Keep         bool              `toml:"keep"`
	CreekCrossed bool              `toml:"creek_crossed"`
	Released     bool              `toml:"released"`
	Night        bool              `toml:"night"`
	Terrain      map[string]string `toml:"terrain"`
	Control      map[string]string `toml:"control"`
	Units        []caseUnit        `toml:"unit"`
	Groups       []GroupState      `toml:"group"`
	NoOrders     bool              `toml:"no_orders"`
	Orders       map[string]any    `toml:"orders"`
	Other        map[string]any    `toml:"other"`
	Dice         []int             `toml:"dice"`
	Expect       caseExpect        `toml:"expect"`
}

type caseUnit struct {
	ID          UnitID     `toml:"id"`
	Hex         HexID      `toml:"hex"`
	Strength    int        `toml:"strength"`
	Ineffective bool       `toml:"ineffective"`
	Status      UnitStatus `toml:"status"`
}

type caseExpect struct {
	Events       []string          `toml:"events"`
	NoEvents     []string          `toml:"no_events"`
	Results      []string          `toml:"results"`
	Units        []string          `toml:"units"`
	Points       []int             `toml:"points"`
	Released     *bool             `toml:"released"`
	CreekCrossed *bool             `toml:"creek_crossed"`
	Over         *bool             `toml:"over"`
	Level        string            `toml:"level"`
	Turn         int               `toml:"turn"`
	Phasing      string            `toml:"phasing"`
	Control      map[string]string `toml:"control"`
}

var ruleNumber = regexp.MustCompile(`^[1-9][0-9]?\.[0-9]+$`)

func caseFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.toml"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

func readCase(t *testing.T, path string) *caseFile {
	t.Helper()
	var c caseFile
	md, err := toml.DecodeFile(path, &c)
	if err != nil {
		t.Fatal(err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		var keys []string
		for _, k := range u {
			if len(k) > 0 && (k[0] == "orders" || k[0] == "other") {
				continue // decoded as JSON below
			}
			keys = append(keys, k.String())
		}
		if len(keys) > 0 {
			t.Fatalf("unknown keys: %v", keys)
		}
	}
	if c.Title == "" || len(c.Rules) == 0 {
		t.Fatal("a case needs a title and the rule numbers it checks")
	}
	for _, r := range c.Rules {
		if !ruleNumber.MatchString(r) {
			t.Fatalf("rule %q is not a rule number", r)
		}
	}
	return &c
}

// sideName reads "union" or "confederate".
func sideName(t testing.TB, s string) adjudicator.Side {
	t.Helper()
	switch s {
	case "", "union":
		return adjudicator.USA
	case "confederate":
		return adjudicator.CSA
	}
	t.Fatalf("side %q", s)
	return adjudicator.NoSide
}

// casePosition builds the case's scenario and position.
func casePosition(t *testing.T, c *caseFile) (*Scenario, *State) {
	t.Helper()
	sc := mustLoadTB(t)
	if len(c.Terrain) > 0 || c.Night {
		tm := map[HexID]Terrain{}
		for h, k := range c.Terrain {
			tm[HexID(h)] = Terrain(k)
		}
		var night []int
		if c.Night {
			night = []int{max(1, c.Turn)}
		}
		sc = variant(t, tm, night)
	}
	st, err := sc.NewState(c.Optional)
	if err != nil {
		t.Fatal(err)
	}
	st.GameTurn = max(1, c.Turn)
	st.Phasing = sideName(t, c.Phasing)
	st.CreekCrossed, st.Released = c.CreekCrossed, c.Released
	if !c.Keep {
		for i := range st.Units {
			st.Units[i].Status, st.Units[i].Hex = Absent, ""
		}
	}
	for _, u := range c.Units {
		us := st.Unit(u.ID)
		if us == nil {
			t.Fatalf("unknown unit %q", u.ID)
		}
		us.Status, us.Hex = OnMap, u.Hex
		if u.Status != "" {
			us.Status, us.Hex = u.Status, ""
		}
		if u.Strength != 0 {
			us.Strength = u.Strength
		}
		us.Ineffective = u.Ineffective
	}
	for _, gr := range c.Groups {
		gs := st.Group(gr.ID)
		if gs == nil {
			t.Fatalf("unknown group %q", gr.ID)
		}
		gs.From = gr.From
	}
	for h, s := range c.Control {
		found := false
		for i := range st.Control {
			if st.Control[i].Hex == HexID(h) {
				st.Control[i].Side, found = sideName(t, s), true
			}
		}
		if !found {
			t.Fatalf("control of %s: not a Sharpsburg hex", h)
		}
	}
	if err := sc.fits(st); err != nil {
		t.Fatal(err)
	}
	return sc, st
}

// caseOrders reads an orders table as the JSON of Orders.
func caseOrders(t *testing.T, m map[string]any, s adjudicator.Side) *Orders {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	o := &Orders{}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(o); err != nil {
		t.Fatalf("orders: %v", err)
	}
	o.Side = s
	return o
}

func TestCases(t *testing.T) {
	files := caseFiles(t)
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".toml"), func(t *testing.T) {
			runCase(t, readCase(t, f))
		})
	}
}

// caseInputs are a case's scenario, position and both sides' orders.
func caseInputs(t *testing.T, c *caseFile) (sc *Scenario, st *State, own, other *Orders) {
	t.Helper()
	sc, st = casePosition(t, c)
	if !c.NoOrders {
		own = caseOrders(t, c.Orders, st.Phasing)
	}
	if c.Other != nil {
		other = caseOrders(t, c.Other, st.Phasing.Enemy())
	}
	return sc, st, own, other
}

func runCase(t *testing.T, c *caseFile) {
	sc, st, own, other := caseInputs(t, c)
	before, _ := sc.EncodeState(st)
	dice := adjudicator.NewScriptedDice(c.Dice...)
	next, rep := mustResolve(t, sc, st, own, other, dice)
	if after, _ := sc.EncodeState(st); !bytes.Equal(before, after) {
		t.Error("Resolve changed its input state")
	}
	defer func() {
		if t.Failed() {
			t.Log(dump(sc, next, rep))
		}
	}()
	if dice.Remaining() != 0 {
		t.Errorf("%d scripted dice left over; thrown: %s", dice.Remaining(), dice.Thrown())
	}
	// Same state, orders and dice: the same bytes.
	again, rep2 := mustResolve(t, sc, st, own, other, adjudicator.NewScriptedDice(c.Dice...))
	if a, b := encodeBoth(t, sc, next, rep), encodeBoth(t, sc, again, rep2); !bytes.Equal(a, b) {
		t.Error("two resolutions of the same input differ")
	}
	checkCodes(t, rep)
	checkExpect(t, c, sc, next, rep)
}

func mustResolve(t *testing.T, sc *Scenario, st *State, own, other *Orders, d adjudicator.Dice) (*State, *Report) {
	t.Helper()
	var (
		next *State
		rep  *Report
		err  error
	)
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("panic: %v", r)
			}
		}()
		next, rep, err = sc.Resolve(st, own, other, d)
	}()
	if err != nil {
		t.Fatal(err)
	}
	return next, rep
}

func encodeBoth(t *testing.T, sc *Scenario, st *State, rep *Report) []byte {
	t.Helper()
	a, err := sc.EncodeState(st)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return append(a, b...)
}

// checkCodes holds every code said to codes.go's table: events only set their
// listed fields, phrases carry exactly their listed keys.
func checkCodes(t *testing.T, rep *Report) {
	t.Helper()
	specs := map[string][]string{}
	for _, c := range Codes() {
		specs[c.Code] = c.Keys
	}
	phrase := func(p *adjudicator.Phrase, where string) {
		if p == nil {
			return
		}
		keys, ok := specs[p.Code]
		if !ok {
			t.Errorf("%s: phrase code %q not in Codes()", where, p.Code)
			return
		}
		var got []string
		for _, a := range p.Args {
			got = append(got, a.Key)
		}
		if !slices.Equal(got, keys) {
			t.Errorf("%s: %s has keys %v, Codes() says %v", where, p.Code, got, keys)
		}
	}
	for _, e := range rep.Events {
		keys, ok := specs[e.Code]
		if !ok {
			t.Errorf("event code %q not in Codes()", e.Code)
			continue
		}
		for k := range eventFields(e) {
			if k != "seq" && k != "code" && k != "rule" && !slices.Contains(keys, k) {
				t.Errorf("event %s sets %q, not among its keys %v", e.Code, k, keys)
			}
		}
		phrase(e.Why, "event "+e.Code)
	}
	for _, r := range rep.Results {
		phrase(r.Why, fmt.Sprintf("%s %d", r.Order.Kind, r.Order.Index))
	}
}

// eventFields are the fields an event sets, by their JSON names.
func eventFields(e Event) map[string]any {
	b, _ := json.Marshal(e)
	m := map[string]any{}
	_ = json.Unmarshal(b, &m)
	return m
}

// eventText renders an event's fields as the cases write them: lists joined by
// commas, a reason by its code, no spaces.
func eventText(e Event) map[string]string {
	out := map[string]string{}
	for k, v := range eventFields(e) {
		out[k] = strings.ReplaceAll(valueText(v), " ", "")
	}
	return out
}

// eventLine writes an event for a failing case's log: its code, then key=value
// for each field set.
func eventLine(e Event) string {
	m := eventText(e)
	var keys []string
	for k := range m {
		if k != "seq" && k != "code" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	parts := []string{e.Code}
	for _, k := range keys {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, " ")
}

func valueText(v any) string {
	switch x := v.(type) {
	case []any:
		s := make([]string, len(x))
		for i, y := range x {
			s[i] = valueText(y)
		}
		return strings.Join(s, ",")
	case map[string]any:
		return fmt.Sprint(x["code"])
	case float64:
		return strconv.Itoa(int(x))
	}
	return fmt.Sprint(v)
}

// eventMatches says whether an event is what an expected line describes: the
// code, then key=value for the fields that matter, "key=" for one that must be
// unset.
func eventMatches(e Event, want string) bool {
	w := strings.Fields(want)
	if len(w) == 0 || w[0] != e.Code {
		return false
	}
	have := eventText(e)
	for _, kv := range w[1:] {
		k, v, _ := strings.Cut(kv, "=")
		if have[k] != v {
			return false
		}
	}
	return true
}

// inOrder checks that each wanted item is found, in order, among the items had.
func inOrder[T any](t *testing.T, what string, want []string, have []T, match func(T, string) bool) {
	t.Helper()
	i := 0
	for _, w := range want {
		for i < len(have) && !match(have[i], w) {
			i++
		}
		if i == len(have) {
			t.Errorf("expected %s not found (in order): %s", what, w)
			i = 0
			continue
		}
		i++
	}
}

func resultLine(r OrderResult) string {
	s := fmt.Sprintf("%s %d %s", r.Order.Kind, r.Order.Index, r.Status)
	if r.Why != nil {
		s += " " + r.Why.Code
	}
	return s
}

func checkExpect(t *testing.T, c *caseFile, sc *Scenario, st *State, rep *Report) {
	t.Helper()
	inOrder(t, "event", c.Expect.Events, rep.Events, eventMatches)
	for _, bad := range c.Expect.NoEvents {
		for _, e := range rep.Events {
			if eventMatches(e, bad) {
				t.Errorf("unexpected event: %s", eventLine(e))
			}
		}
	}
	inOrder(t, "result", c.Expect.Results, rep.Results, func(r OrderResult, w string) bool { return resultLine(r) == w })
	for _, u := range c.Expect.Units {
		f := strings.Fields(u)
		if len(f) != 2 {
			t.Fatalf("unit expectation %q: want \"<unit> <hex|status>\"", u)
		}
		us := st.Unit(UnitID(f[0]))
		if us == nil {
			t.Fatalf("unit expectation %q: unknown unit", u)
		}
		var ok bool
		switch f[1] {
		case "eliminated", "pending", "absent":
			ok = string(us.Status) == f[1]
		case "ineffective":
			ok = us.Ineffective
		case "effective":
			ok = !us.Ineffective
		default:
			ok = us.Status == OnMap && string(us.Hex) == f[1]
		}
		if !ok {
			t.Errorf("want %s, unit is %s %s ineffective=%v", u, us.Status, us.Hex, us.Ineffective)
		}
	}
	if p := c.Expect.Points; p != nil && (len(p) != 2 || [2]int{p[0], p[1]} != rep.Points) {
		t.Errorf("points %v, want %v", rep.Points, p)
	}
	if b := c.Expect.Released; b != nil && *b != st.Released {
		t.Errorf("released %v, want %v", st.Released, *b)
	}
	if b := c.Expect.CreekCrossed; b != nil && *b != st.CreekCrossed {
		t.Errorf("creek crossed %v, want %v", st.CreekCrossed, *b)
	}
	if b := c.Expect.Over; b != nil && *b != st.Over {
		t.Errorf("over %v, want %v", st.Over, *b)
	}
	if c.Expect.Level != "" && (st.Final == nil || st.Final.Level != c.Expect.Level) {
		t.Errorf("level %+v, want %s", st.Final, c.Expect.Level)
	}
	if c.Expect.Turn != 0 && st.GameTurn != c.Expect.Turn {
		t.Errorf("game-turn %d, want %d", st.GameTurn, c.Expect.Turn)
	}
	if c.Expect.Phasing != "" && st.Phasing != sideName(t, c.Expect.Phasing) {
		t.Errorf("phasing %s, want %s", st.Phasing, c.Expect.Phasing)
	}
	for h, s := range c.Expect.Control {
		for _, hc := range st.Control {
			if hc.Hex == HexID(h) && hc.Side != sideName(t, s) {
				t.Errorf("control of %s: %s, want %s", h, hc.Side, s)
			}
		}
	}
}

// dump writes what a player-turn did, for a failing case.
func dump(sc *Scenario, st *State, rep *Report) string {
	var b strings.Builder
	b.WriteString("events:\n")
	for _, e := range rep.Events {
		fmt.Fprintf(&b, "  %s\n", eventLine(e))
	}
	b.WriteString("results:\n")
	for _, r := range rep.Results {
		fmt.Fprintf(&b, "  %s", resultLine(r))
		if r.Why != nil {
			for _, a := range r.Why.Args {
				fmt.Fprintf(&b, " %s=%v%v%d", a.Key, a.Strs, a.Ints, a.Int)
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "throws: %+v\nunits:\n", rep.Throws)
	for _, u := range st.Units {
		if u.Status != Absent {
			fmt.Fprintf(&b, "  %s %s %s str=%d ineffective=%v\n", u.ID, u.Status, u.Hex, u.Strength, u.Ineffective)
		}
	}
	fmt.Fprintf(&b, "points %v released=%v crossed=%v turn=%d %s\n", rep.Points, st.Released, st.CreekCrossed, st.GameTurn, st.Phasing)
	return b.String()
}

// TestCaseCount keeps the suite from shrinking unnoticed, and counts the rules
// chapters the cases cite: each one the engine implements has a case.
func TestCaseCount(t *testing.T) {
	files := caseFiles(t)
	chapters := map[string]int{}
	for _, f := range files {
		for _, r := range readCase(t, f).Rules {
			chapters[strings.SplitN(r, ".", 2)[0]]++
		}
	}
	if len(files) < 60 {
		t.Errorf("%d cases; issue 15 wants at least 60", len(files))
	}
	for _, ch := range []string{"4", "5", "6", "7", "8", "9", "10", "11", "15", "16", "17", "18", "19", "20", "21"} {
		if chapters[ch] == 0 {
			t.Errorf("no case cites chapter %s", ch)
		}
	}
}

// TestCodesSaid plays every case and lists the codes of Codes() that none says:
// each must be said by some case, or be listed here with why no case says it.
func TestCodesSaid(t *testing.T) {
	unsaid := map[string]string{}
	said := map[string]bool{}
	for _, f := range caseFiles(t) {
		c := readCase(t, f)
		sc, st, own, other := caseInputs(t, c)
		_, rep := mustResolve(t, sc, st, own, other, adjudicator.NewScriptedDice(c.Dice...))
		for _, e := range rep.Events {
			said[e.Code] = true
			if e.Why != nil {
				said[e.Why.Code] = true
			}
		}
		for _, r := range rep.Results {
			if r.Why != nil {
				said[r.Why.Code] = true
			}
		}
	}
	for _, c := range Codes() {
		if !said[c.Code] && unsaid[c.Code] == "" {
			t.Errorf("no case says %s (%s)", c.Code, c.Rule)
		}
	}
}

package shiloh1862_test

// The case suite: plain-text cases in testdata/cases, in the spirit of the Diplomacy
// Adjudicator Test Cases. Each file gives a position, both sides' orders in the order
// language, scripted dice, and the events and state the rules demand. The format is
// documented in docs/CASES.md.

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/orders"
)

// caseFile is one parsed case: its header comment and its sections in file order.
type caseFile struct {
	Title    string
	Rules    []string
	Sections []caseSection
}

type caseSection struct {
	Name string
	Line int // line of the "-- name --" header
	Body string
}

func (c *caseFile) section(name string) (caseSection, bool) {
	for _, s := range c.Sections {
		if s.Name == name {
			return s, true
		}
	}
	return caseSection{}, false
}

var (
	sectionHeader = regexp.MustCompile(`^-- ([a-z0-9.\-]+) --\s*$`)
	ruleCitation  = regexp.MustCompile(`\b[1-9]\.[0-9]+(?:\.[0-9]+)?\b`)
)

// knownSections are the section names a case may have (docs/CASES.md).
var knownSections = []string{
	"scenario", "options", "hour", "setup", "usa", "csa", "usa.json", "csa.json",
	"dice", "expect.events", "expect.no-events", "expect.results", "expect.state",
}

// parseCase splits a case file into its header and "-- name --" sections.
func parseCase(data string) (*caseFile, error) {
	c := &caseFile{}
	var header []string
	cur := -1
	for i, line := range strings.Split(strings.ReplaceAll(data, "\r\n", "\n"), "\n") {
		if m := sectionHeader.FindStringSubmatch(line); m != nil {
			if !slices.Contains(knownSections, m[1]) {
				return nil, fmt.Errorf("line %d: unknown section %q", i+1, m[1])
			}
			if _, dup := c.section(m[1]); dup {
				return nil, fmt.Errorf("line %d: section %q twice", i+1, m[1])
			}
			c.Sections = append(c.Sections, caseSection{Name: m[1], Line: i + 1})
			cur = len(c.Sections) - 1
			continue
		}
		if cur < 0 {
			header = append(header, strings.TrimSpace(strings.TrimPrefix(line, "#")))
			continue
		}
		c.Sections[cur].Body += line + "\n"
	}
	c.Title = strings.TrimSpace(strings.Join(header, " "))
	if c.Title == "" {
		return nil, fmt.Errorf("no header comment: a case must say what it checks and cite its rules")
	}
	c.Rules = ruleCitation.FindAllString(c.Title, -1)
	if len(c.Rules) == 0 {
		return nil, fmt.Errorf("header %q cites no rule number", c.Title)
	}
	return c, nil
}

// caseLines returns the non-empty lines of a section body with # comments removed.
func caseLines(body string) []string {
	var out []string
	for _, l := range strings.Split(body, "\n") {
		if i := strings.Index(l, "#"); i >= 0 {
			l = l[:i]
		}
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// scenarioCache keeps loaded scenarios: loading is read-only and cases share them.
var scenarioCache = map[string]*shiloh1862.Scenario{}

func loadScenario(t testing.TB, name string) *shiloh1862.Scenario {
	t.Helper()
	if sc, ok := scenarioCache[name]; ok {
		return sc
	}
	sc, err := shiloh1862.LoadScenario(name)
	if err != nil {
		t.Fatalf("LoadScenario(%q): %v", name, err)
	}
	scenarioCache[name] = sc
	return sc
}

// parseOptions reads the options section: words naming optional rules, and
// visibility=<mode>.
func parseOptions(body string) (shiloh1862.Options, error) {
	o := shiloh1862.Options{Visibility: shiloh1862.VisBlocks}
	for _, l := range caseLines(body) {
		for _, w := range strings.Fields(l) {
			switch {
			case w == "planned_initiative":
				o.PlannedInitiative = true
			case w == "pond":
				o.Pond = true
			case w == "frontline_limits":
				o.FrontlineLimits = true
			case w == "flanking":
				o.Flanking = true
			case strings.HasPrefix(w, "visibility="):
				o.Visibility = shiloh1862.Visibility(strings.TrimPrefix(w, "visibility="))
			default:
				return o, fmt.Errorf("unknown option %q", w)
			}
		}
	}
	return o, nil
}

func parseSide(s string) (adjudicator.Side, error) {
	side, ok := adjudicator.ParseSide(s)
	if !ok {
		return adjudicator.NoSide, fmt.Errorf("unknown side %q", s)
	}
	return side, nil
}

var wheres = map[string]shiloh1862.Where{
	"pending": shiloh1862.Pending, "eliminated": shiloh1862.Eliminated,
	"fallen": shiloh1862.Fallen, "absent": shiloh1862.Absent,
}

// buildState makes a case's starting position from the scenario's own start: with
// "keep" as the first setup line every block stays where the scenario puts it;
// otherwise every block is taken off the map (absent, its arrival done) and only the
// listed blocks are placed.
func buildState(sc *shiloh1862.Scenario, c *caseFile) (*shiloh1862.State, error) {
	opts := shiloh1862.Options{Visibility: shiloh1862.VisBlocks}
	if s, ok := c.section("options"); ok {
		var err error
		if opts, err = parseOptions(s.Body); err != nil {
			return nil, err
		}
	}
	st, err := shiloh1862.NewState(sc, opts)
	if err != nil {
		return nil, fmt.Errorf("NewState: %v", err)
	}
	if s, ok := c.section("hour"); ok {
		h, err := shiloh1862.ParseHour(strings.Join(caseLines(s.Body), " "))
		if err != nil {
			return nil, err
		}
		st.Hour = h
	}
	s, _ := c.section("setup")
	lines := caseLines(s.Body)
	if len(lines) > 0 && lines[0] == "keep" {
		lines = lines[1:]
	} else {
		for i := range st.Blocks {
			st.Blocks[i].Where, st.Blocks[i].Area = shiloh1862.Absent, ""
		}
		st.ArrivalsDone = nil
		for _, a := range sc.Arrivals {
			st.ArrivalsDone = append(st.ArrivalsDone, a.ID)
		}
	}
	pendingArrival := map[string]bool{}
	explicitCommand := false
	for _, l := range lines {
		f := strings.Fields(l)
		switch f[0] {
		case "loss": // loss <block> [hqfall]: a VP already scored
			spec := sc.OB.Block(shiloh1862.BlockID(f[1]))
			if spec == nil {
				return nil, fmt.Errorf("setup %q: unknown block", l)
			}
			st.Losses = append(st.Losses, shiloh1862.Loss{Block: spec.ID, Side: spec.Side, Hour: st.Hour, HQFall: len(f) > 2 && f[2] == "hqfall"})
			continue
		case "camp-captured":
			st.CampsCaptured = append(st.CampsCaptured, shiloh1862.AreaID(f[1]))
			continue
		case "army-command": // army-command <army> <hq>
			explicitCommand = true
			st.ArmyCommand = append(st.ArmyCommand, shiloh1862.ArmyCommand{Army: shiloh1862.Army(f[1]), HQ: shiloh1862.BlockID(f[2])})
			continue
		case "no-army-command":
			explicitCommand = true
			st.ArmyCommand = nil
			continue
		case "marker":
			side, err := parseSide(f[1])
			if err != nil {
				return nil, err
			}
			st.InitiativeMarker = side
			continue
		case "ohio-barred":
			st.OhioBarred = true
			continue
		case "arrival-choice": // arrival-choice <arrival> <choice>
			st.ArrivalChoices = append(st.ArrivalChoices, shiloh1862.ArrivalChoice{Arrival: f[1], Choice: f[2]})
			continue
		}
		b := st.Block(shiloh1862.BlockID(f[0]))
		if b == nil {
			return nil, fmt.Errorf("setup %q: unknown block %q", l, f[0])
		}
		if len(f) < 2 {
			return nil, fmt.Errorf("setup %q: want <block> <area> <strength> or <block> pending|eliminated|fallen|absent", l)
		}
		rest := f[2:]
		if w, ok := wheres[f[1]]; ok {
			b.Where, b.Area = w, ""
			if w == shiloh1862.Pending {
				for _, a := range sc.Arrivals {
					if slices.Contains(a.Blocks, b.ID) {
						pendingArrival[a.ID] = true
					}
				}
			}
			if w == shiloh1862.Eliminated {
				// An eliminated HQ is a fallen army HQ, never replaced: a Fallen HQ
				// marker, as NewState records shattered HQs (6.91).
				spec := sc.OB.Block(b.ID)
				if spec.IsHQ() {
					b.Falls++
				}
				st.Losses = append(st.Losses, shiloh1862.Loss{Block: b.ID, Side: spec.Side, Hour: st.Hour, HQFall: spec.IsHQ()})
			}
		} else {
			if sc.Map.Area(shiloh1862.AreaID(f[1])) == nil {
				return nil, fmt.Errorf("setup %q: unknown area %q", l, f[1])
			}
			b.Where, b.Area = shiloh1862.OnMap, shiloh1862.AreaID(f[1])
			if len(rest) == 0 || strings.Contains(rest[0], "=") {
				return nil, fmt.Errorf("setup %q: strength missing", l)
			}
			n, err := strconv.Atoi(rest[0])
			if err != nil {
				return nil, fmt.Errorf("setup %q: bad strength", l)
			}
			b.Strength = n
			rest = rest[1:]
		}
		for _, kv := range rest {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "max":
				b.Max, _ = strconv.Atoi(v)
			case "fp":
				fp, err := shiloh1862.ParseFirepower(v)
				if err != nil {
					return nil, fmt.Errorf("setup %q: %v", l, err)
				}
				b.Firepower = fp
			case "falls":
				b.Falls, _ = strconv.Atoi(v)
			default:
				return nil, fmt.Errorf("setup %q: unknown attribute %q", l, kv)
			}
		}
	}
	if !explicitCommand {
		st.ArmyCommand = armyCommandFor(sc, st)
	}
	var done []string
	for _, id := range st.ArrivalsDone {
		if !pendingArrival[id] {
			done = append(done, id)
		}
	}
	st.ArrivalsDone = done
	sort.Slice(st.Losses, func(i, j int) bool { return st.Losses[i].Block < st.Losses[j].Block })
	return st, nil
}

// armyCommandFor says who commands each army as AHQ in a case's position when its
// own AHQ is not on the map, as NewState does for a scenario's start: an acting AHQ
// while the AHQ is still to arrive (Sherman, 5.21), else the senior HQ on the map
// (6.91).
func armyCommandFor(sc *shiloh1862.Scenario, st *shiloh1862.State) []shiloh1862.ArmyCommand {
	var out []shiloh1862.ArmyCommand
	for _, sen := range sc.OB.Seniority {
		if len(sen.HQs) == 0 || st.Block(sen.HQs[0]).Where == shiloh1862.OnMap {
			continue
		}
		var cmd shiloh1862.BlockID
		if st.Block(sen.HQs[0]).Where == shiloh1862.Pending {
			for _, b := range sc.OB.Blocks {
				if b.Army == sen.Army && b.ActingAHQ && st.Block(b.ID).Where == shiloh1862.OnMap {
					cmd = b.ID
					break
				}
			}
		} else {
			for _, id := range sen.HQs[1:] {
				if st.Block(id).Where == shiloh1862.OnMap {
					cmd = id
					break
				}
			}
		}
		if cmd != "" {
			out = append(out, shiloh1862.ArmyCommand{Army: sen.Army, HQ: cmd})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Army < out[j].Army })
	return out
}

// caseOrders reads one side's orders: the order language in section "usa"/"csa", or
// shiloh1862.Orders as JSON in "usa.json"/"csa.json". No section means no orders
// (NMR).
func caseOrders(sc *shiloh1862.Scenario, c *caseFile, side adjudicator.Side) (*shiloh1862.Orders, error) {
	name := strings.ToLower(side.String())
	if s, ok := c.section(name + ".json"); ok {
		var o shiloh1862.Orders
		if err := json.Unmarshal([]byte(s.Body), &o); err != nil {
			return nil, fmt.Errorf("%s.json: %v", name, err)
		}
		o.Side = side
		return &o, nil
	}
	s, ok := c.section(name)
	if !ok {
		return nil, nil
	}
	o, problems := shiloh1862.ParseOrders(s.Body, shiloh1862.ScenarioNames(sc), side)
	for _, p := range problems {
		if p.Severity == orders.Error {
			return nil, fmt.Errorf("%s orders (case line %d): %v", name, s.Line+p.Line, p)
		}
	}
	if o == nil {
		return nil, fmt.Errorf("%s orders: Parse returned nil", name)
	}
	return o, nil
}

func caseDice(c *caseFile) ([]int, error) {
	s, _ := c.section("dice")
	var out []int
	for _, l := range caseLines(s.Body) {
		for _, w := range strings.Fields(l) {
			n, err := strconv.Atoi(w)
			if err != nil || n < 1 || n > 6 {
				return nil, fmt.Errorf("dice: %q is not a die", w)
			}
			out = append(out, n)
		}
	}
	return out, nil
}

// eventLine renders an event as one line of tokens: the kind, the side, the block,
// then key=value pairs for every field set. Expected lines are matched against these
// tokens (docs/CASES.md).
func eventLine(e shiloh1862.Event) string {
	t := []string{e.Kind.String()}
	if e.Side != adjudicator.NoSide {
		t = append(t, strings.ToLower(e.Side.String()))
	}
	if e.Block != "" {
		t = append(t, string(e.Block))
	}
	add := func(k, v string) {
		if v != "" {
			t = append(t, k+"="+v)
		}
	}
	add("blocks", joinIDs(e.Blocks))
	add("area", string(e.Area))
	add("from", string(e.From))
	add("to", string(e.To))
	add("via", joinIDs(e.Via))
	if e.Kind == shiloh1862.EvMove || e.Intent != shiloh1862.IntentMove {
		add("intent", e.Intent.String())
	}
	add("by", string(e.CommandedBy))
	if e.Round > 0 {
		add("round", strconv.Itoa(int(e.Round)))
	}
	add("fp", e.Firepower.String())
	if len(e.Dice) > 0 {
		ds := make([]string, len(e.Dice))
		for i, d := range e.Dice {
			ds[i] = strconv.Itoa(d)
		}
		add("dice", strings.Join(ds, ","))
	}
	if e.Kind == shiloh1862.EvFire || e.Hits > 0 {
		add("hits", strconv.Itoa(int(e.Hits)))
	}
	if e.Kind == shiloh1862.EvHit || e.Kind == shiloh1862.EvSupply || e.Kind == shiloh1862.EvHQRebuilt || e.Kind == shiloh1862.EvStraggler || e.Kind == shiloh1862.EvHQReduced || e.Strength > 0 {
		add("str", strconv.Itoa(int(e.Strength)))
	}
	if e.Attacker != adjudicator.NoSide {
		add("attacker", strings.ToLower(e.Attacker.String()))
	}
	for _, r := range e.Revealed {
		k := "rev"
		if r.Reserve {
			k = "reserve"
		}
		add(k, fmt.Sprintf("%s:%d", r.Block, r.Strength))
	}
	if e.Winner != adjudicator.NoSide {
		add("winner", strings.ToLower(e.Winner.String()))
	}
	if e.Points != [2]int{} {
		add("points", fmt.Sprintf("%d:%d", e.Points[0], e.Points[1]))
	}
	add("rule", e.Rule)
	return strings.Join(t, " ")
}

// resultLine renders an order result: "result usa move:0 dropped rule=5.4 ...".
func resultLine(r shiloh1862.Result) string {
	t := []string{"result", strings.ToLower(r.Side.String()), fmt.Sprintf("%s:%d", r.Order.Kind, r.Order.Index), string(r.Status)}
	if r.Rule != "" {
		t = append(t, "rule="+r.Rule)
	}
	if len(r.Blocks) > 0 {
		t = append(t, "blocks="+joinIDs(r.Blocks))
	}
	return strings.Join(t, " ")
}

func joinIDs[T ~string](xs []T) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = string(x)
	}
	return strings.Join(s, ",")
}

// lineMatches: the expected line's first word is the kind; every other word must be
// one of the actual line's tokens.
func lineMatches(expected, actual string) bool {
	ew, aw := strings.Fields(expected), strings.Fields(actual)
	if len(ew) == 0 || len(aw) == 0 || ew[0] != aw[0] {
		return false
	}
	for _, w := range ew[1:] {
		if !slices.Contains(aw[1:], w) {
			return false
		}
	}
	return true
}

// matchSubsequence checks that the expected lines appear in order among actual;
// it returns the first expected line that does not.
func matchSubsequence(expected, actual []string) (missing string, ok bool) {
	i := 0
	for _, e := range expected {
		for i < len(actual) && !lineMatches(e, actual[i]) {
			i++
		}
		if i == len(actual) {
			return e, false
		}
		i++
	}
	return "", true
}

// checkState compares expect.state lines with the state after the hour.
func checkStateLines(sc *shiloh1862.Scenario, st *shiloh1862.State, rep *shiloh1862.Report, lines []string) []string {
	var bad []string
	for _, l := range lines {
		f := strings.Fields(l)
		fail := func(format string, a ...any) { bad = append(bad, fmt.Sprintf("%q: ", l)+fmt.Sprintf(format, a...)) }
		switch f[0] {
		case "points": // points usa=N csa=M
			p := st.Points()
			for _, kv := range f[1:] {
				k, v, _ := strings.Cut(kv, "=")
				side, err := parseSide(k)
				if err != nil {
					fail("%v", err)
					continue
				}
				if strconv.Itoa(p[side.Index()]) != v {
					fail("points are usa=%d csa=%d", p[0], p[1])
				}
			}
		case "hour":
			h, err := shiloh1862.ParseHour(strings.Join(f[1:], " "))
			if err != nil {
				fail("%v", err)
			} else if st.Hour != h {
				fail("hour is %s", st.Hour)
			}
		case "player1":
			if strings.ToLower(rep.Initiative.Player1.String()) != f[1] {
				fail("player 1 was %s (rolls %v, %s)", rep.Initiative.Player1, rep.Initiative.Rolls, whyText(sc, rep.Initiative.Why))
			}
		case "winner":
			if strings.ToLower(st.Winner.String()) != f[1] {
				fail("winner is %s (over=%v)", st.Winner, st.Over)
			}
		case "over":
			if fmt.Sprint(st.Over) != f[1] {
				fail("over is %v", st.Over)
			}
		case "camp-captured":
			if !slices.Contains(st.CampsCaptured, shiloh1862.AreaID(f[1])) {
				fail("camps captured: %v", st.CampsCaptured)
			}
		case "ohio-barred":
			if fmt.Sprint(st.OhioBarred) != f[1] {
				fail("ohio-barred is %v", st.OhioBarred)
			}
		case "marker":
			if strings.ToLower(st.InitiativeMarker.String()) != f[1] {
				fail("marker is %s", st.InitiativeMarker)
			}
		case "army-command": // army-command <army> <hq>
			found := false
			for _, ac := range st.ArmyCommand {
				found = found || (string(ac.Army) == f[1] && string(ac.HQ) == f[2])
			}
			if !found {
				fail("army command is %v", st.ArmyCommand)
			}
		case "count": // count <area> <side> <n>
			side, err := parseSide(f[2])
			if err != nil {
				fail("%v", err)
				continue
			}
			if n := len(st.BlocksIn(sc, shiloh1862.AreaID(f[1]), side)); strconv.Itoa(n) != f[3] {
				fail("%d %s blocks there: %v", n, side, st.BlocksIn(sc, shiloh1862.AreaID(f[1]), side))
			}
		default: // <block> <area>|<where> [strength] [max=N] [fp=X]
			b := st.Block(shiloh1862.BlockID(f[0]))
			if b == nil {
				fail("unknown block")
				continue
			}
			got := b.Where.String()
			if b.Where == shiloh1862.OnMap {
				got = string(b.Area)
			}
			if len(f) < 2 || got != f[1] {
				fail("block is %s (strength %d)", got, b.Strength)
				continue
			}
			for _, w := range f[2:] {
				k, v, isKV := strings.Cut(w, "=")
				switch {
				case !isKV:
					if strconv.Itoa(b.Strength) != w {
						fail("strength is %d", b.Strength)
					}
				case k == "max":
					if strconv.Itoa(b.Max) != v {
						fail("max is %d", b.Max)
					}
				case k == "fp":
					if b.Firepower.String() != v {
						fail("firepower is %s", b.Firepower)
					}
				case k == "falls":
					if strconv.Itoa(b.Falls) != v {
						fail("falls is %d", b.Falls)
					}
				default:
					fail("unknown attribute %q", w)
				}
			}
		}
	}
	return bad
}

// caseRun is the outcome of running one case.
type caseRun struct {
	Before, After *shiloh1862.State
	Report        *shiloh1862.Report
	Dice          *adjudicator.ScriptedDice
	Events        []string
	Results       []string
}

func runCase(t *testing.T, sc *shiloh1862.Scenario, c *caseFile) *caseRun {
	t.Helper()
	st, err := buildState(sc, c)
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	var ords [2]*shiloh1862.Orders
	for _, side := range adjudicator.Sides {
		if ords[side.Index()], err = caseOrders(sc, c, side); err != nil {
			t.Fatal(err)
		}
	}
	values, err := caseDice(c)
	if err != nil {
		t.Fatal(err)
	}
	d := adjudicator.NewScriptedDice(values...)
	run := &caseRun{Before: st, Dice: d}
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("ResolveHour panicked: %v", r)
			}
		}()
		run.After, run.Report, err = shiloh1862.ResolveHour(sc, st, ords, d)
	}()
	if err != nil {
		t.Fatalf("ResolveHour: %v", err)
	}
	for _, e := range run.Report.Events {
		run.Events = append(run.Events, eventLine(e))
	}
	for _, r := range run.Report.Results {
		run.Results = append(run.Results, resultLine(r))
	}
	return run
}

// describe prints what actually happened, for a failing case.
func (r *caseRun) describe(sc *shiloh1862.Scenario) string {
	var b strings.Builder
	fmt.Fprintf(&b, "initiative: %+v\nevents:\n", r.Report.Initiative)
	for _, l := range r.Events {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("results:\n")
	for _, l := range r.Results {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("throws:\n")
	for _, th := range r.Report.Throws {
		fmt.Fprintf(&b, "  %d %s\n", th.Value, whyText(sc, th.Why))
	}
	b.WriteString("blocks on the map after:\n")
	for _, bl := range r.After.Blocks {
		if bl.Where == shiloh1862.OnMap {
			fmt.Fprintf(&b, "  %s %s %d\n", bl.ID, bl.Area, bl.Strength)
		} else if before := r.Before.Block(bl.ID); before.Where != bl.Where {
			fmt.Fprintf(&b, "  %s %s\n", bl.ID, bl.Where)
		}
	}
	p := r.After.Points()
	fmt.Fprintf(&b, "points usa=%d csa=%d hour %s\n", p[0], p[1], r.After.Hour)
	return b.String()
}

func checkCase(t *testing.T, sc *shiloh1862.Scenario, c *caseFile, run *caseRun) {
	t.Helper()
	var problems []string
	if n := run.Dice.Remaining(); n > 0 {
		problems = append(problems, fmt.Sprintf("%d scripted dice left over", n))
	}
	if s, ok := c.section("expect.events"); ok {
		if miss, ok := matchSubsequence(caseLines(s.Body), run.Events); !ok {
			problems = append(problems, fmt.Sprintf("expected event missing (or out of order): %q", miss))
		}
	}
	if s, ok := c.section("expect.no-events"); ok {
		for _, e := range caseLines(s.Body) {
			for _, a := range run.Events {
				if lineMatches(e, a) {
					problems = append(problems, fmt.Sprintf("event %q must not happen, but %q did", e, a))
				}
			}
		}
	}
	if s, ok := c.section("expect.results"); ok {
		if miss, ok := matchSubsequence(caseLines(s.Body), run.Results); !ok {
			problems = append(problems, fmt.Sprintf("expected result missing (or out of order): %q", miss))
		}
	}
	if s, ok := c.section("expect.state"); ok {
		problems = append(problems, checkStateLines(sc, run.After, run.Report, caseLines(s.Body))...)
	}
	if len(problems) > 0 {
		t.Errorf("%s\n%s\n--- actual ---\n%s", c.Title, strings.Join(problems, "\n"), run.describe(sc))
	}
}

func caseFiles(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func readCase(t testing.TB, path string) *caseFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := parseCase(string(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return c
}

// caseScenario is the scenario a case is played in: its scenario section, else
// shiloh1862.
func caseScenario(t testing.TB, c *caseFile) *shiloh1862.Scenario {
	name := "shiloh1862"
	if s, ok := c.section("scenario"); ok {
		name = strings.Join(caseLines(s.Body), "")
	}
	return loadScenario(t, name)
}

// TestCases runs every case in testdata/cases.
func TestCases(t *testing.T) {
	files := caseFiles(t)
	if len(files) == 0 {
		t.Fatal("no cases in testdata/cases")
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			c := readCase(t, path)
			sc := caseScenario(t, c)
			run := runCase(t, sc, c)
			checkCase(t, sc, c, run)
		})
	}
}

// TestCaseFormat checks the case parser and the line matcher themselves.
func TestCaseFormat(t *testing.T) {
	c, err := parseCase("# 6.5 a case (rules 6.5, 9.2.3)\n-- hour --\nD1 7AM\n-- dice --\n1 2 # c\n3\n")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Rules, []string{"6.5", "6.5", "9.2.3"}) {
		t.Errorf("rules %v", c.Rules)
	}
	if d, err := caseDice(c); err != nil || !slices.Equal(d, []int{1, 2, 3}) {
		t.Errorf("dice %v %v", d, err)
	}
	for _, bad := range []string{
		"-- hour --\nD1 7AM\n",                       // no header
		"# no rule here\n-- hour --\n",               // no citation
		"# 5.2 x\n-- hour --\n-- hour --\n",          // section twice
		"# 5.2 x\n-- nonsense --\n",                  // unknown section
		"# 5.2 x\n-- dice --\n7\n-- expect.state --", // not a die (caught by caseDice)
	} {
		c, err := parseCase(bad)
		if err == nil {
			if _, err = caseDice(c); err == nil {
				t.Errorf("accepted %q", bad)
			}
		}
	}
	actual := []string{
		"move csa cs_cleburne from=seay_field to=rea_field intent=attack",
		"fire csa cs_shoup round=1 fp=A1 dice=6 hits=0",
		"fire usa us_hare round=1 fp=C3 dice=1,2 hits=2",
	}
	if _, ok := matchSubsequence([]string{"move cs_cleburne to=rea_field", "fire us_hare hits=2"}, actual); !ok {
		t.Error("subsequence not found")
	}
	if miss, ok := matchSubsequence([]string{"fire us_hare", "fire cs_shoup"}, actual); ok || miss != "fire cs_shoup" {
		t.Errorf("out of order matched (%q)", miss)
	}
	if lineMatches("hit us_hare", actual[2]) || lineMatches("fire us_hare hits=1", actual[2]) {
		t.Error("matched a wrong kind or value")
	}
}

// The rulebook's Battle Turn and Battle Reserves examples also live in docs/examples
// as the files `pbem resolve` reads: a state, both sides' orders, the dice, and the
// events the rulebook says must happen. They are generated from the cases with
// -update-examples and checked here from the files themselves.
var updateExamples = flag.Bool("update-examples", false, "rewrite docs/examples from the case files")

var examples = []struct{ dir, caseName string }{
	{"battle-turn", "6_4_battle_turn_example"},
	{"reserves", "6_5_battle_reserves_example"},
}

func writeExample(t *testing.T, sc *shiloh1862.Scenario, c *caseFile, dir string) {
	t.Helper()
	st, err := buildState(sc, c)
	if err != nil {
		t.Fatal(err)
	}
	b, err := shiloh1862.MarshalState(st)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"state.json": string(b) + "\n"}
	for _, name := range []string{"usa", "csa", "dice", "expect.events"} {
		s, ok := c.section(name)
		if !ok {
			continue
		}
		file := name + ".txt"
		if name == "expect.events" {
			file = "expect.txt"
		}
		files[file] = s.Body
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestExamples(t *testing.T) {
	sc := loadScenario(t, "shiloh1862")
	for _, ex := range examples {
		t.Run(ex.dir, func(t *testing.T) {
			dir := filepath.Join("..", "..", "docs", "examples", ex.dir)
			if *updateExamples {
				writeExample(t, sc, readCase(t, filepath.Join("testdata", "cases", ex.caseName+".txt")), dir)
			}
			read := func(name string) string {
				b, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			st, err := shiloh1862.UnmarshalState([]byte(read("state.json")))
			if err != nil {
				t.Fatal(err)
			}
			var ords [2]*shiloh1862.Orders
			for _, side := range adjudicator.Sides {
				name := strings.ToLower(side.String()) + ".txt"
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					continue // no orders from this side (NMR)
				}
				o, problems := shiloh1862.ParseOrders(read(name), shiloh1862.ScenarioNames(sc), side)
				for _, p := range problems {
					if p.Severity == orders.Error {
						t.Fatalf("%s orders: %v", side, p)
					}
				}
				ords[side.Index()] = o
			}
			var values []int
			for _, l := range caseLines(read("dice.txt")) {
				for _, w := range strings.Fields(l) {
					n, err := strconv.Atoi(w)
					if err != nil {
						t.Fatalf("dice.txt: %q", w)
					}
					values = append(values, n)
				}
			}
			d := adjudicator.NewScriptedDice(values...)
			_, rep, err := shiloh1862.ResolveHour(sc, st, ords, d)
			if err != nil {
				t.Fatal(err)
			}
			if d.Remaining() != 0 {
				t.Errorf("%d dice left over", d.Remaining())
			}
			var actual []string
			for _, e := range rep.Events {
				actual = append(actual, eventLine(e))
			}
			if miss, ok := matchSubsequence(caseLines(read("expect.txt")), actual); !ok {
				t.Errorf("the rulebook's outcome is missing %q; events:\n%s", miss, strings.Join(actual, "\n"))
			}
		})
	}
}

// requiredRules are the rule numbers the suite must cover: every numbered rule of the
// rulebook that decides something in play.
var requiredRules = []string{
	"2.1", "3.31", "3.32", "3.33", "3.34", "3.35", "3.36", "3.6", "4.2", "4.23", "4.24",
	"4.25", "5.2", "5.21", "5.22", "5.23", "5.3", "5.31", "5.4", "5.5", "5.6", "5.61",
	"6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "6.71", "6.72", "6.73", "6.74",
	"6.75", "6.8", "6.9", "6.91", "7.1", "7.2", "8.0", "9.1", "9.2", "9.2.1", "9.2.2",
	"9.2.3", "9.3.1", "9.3.2",
}

// requiredExamples are the rulebook's worked examples, each of which a case header
// must name.
var requiredExamples = []string{
	"Command & Move example", "Battle Turn Example", "Battle Reserves Example",
	"Battle Hits Example", "Pursuit Fire Example", "Victory Example",
}

// TestCaseCoverage checks that every required rule and worked example has a case,
// and logs the number of cases per rules chapter (go test -v).
func TestCaseCoverage(t *testing.T) {
	cited := map[string]bool{}
	perChapter := map[string]int{}
	var titles []string
	for _, path := range caseFiles(t) {
		c := readCase(t, path)
		titles = append(titles, c.Title)
		chapters := map[string]bool{}
		for _, r := range c.Rules {
			cited[r] = true
			chapters[r[:1]] = true
		}
		for ch := range chapters {
			perChapter[ch]++
		}
	}
	for _, r := range requiredRules {
		if !cited[r] {
			t.Errorf("no case cites rule %s", r)
		}
	}
	for _, ex := range requiredExamples {
		found := false
		for _, title := range titles {
			found = found || strings.Contains(title, ex)
		}
		if !found {
			t.Errorf("no case for the rulebook's %s", ex)
		}
	}
	chapters := make([]string, 0, len(perChapter))
	for ch := range perChapter {
		chapters = append(chapters, ch)
	}
	sort.Strings(chapters)
	for _, ch := range chapters {
		t.Logf("chapter %s: %d cases", ch, perChapter[ch])
	}
	t.Logf("%d cases", len(titles))
}

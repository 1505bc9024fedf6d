package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/render"
	"github.com/shiloh-pbem/pbem/server"
	"github.com/shiloh-pbem/pbem/templates"
)

func init() {
	register(command{name: "scenario check", summary: "validate a scenario (embedded name or a folder of TOML files)", run: runScenarioCheck})
	register(command{name: "scenario list", summary: "list the rule systems and their scenarios", run: runScenarioList})
	register(command{name: "render base", summary: "draw a scenario's base map as PNG", run: runRenderBase})
	register(command{name: "new-state", summary: "write a scenario's starting state as JSON", run: runNewState})
	register(command{name: "resolve", summary: "resolve one hour offline from a state and orders files", run: runResolve})
	register(command{name: "orders check", summary: "print the receipt a player would get for an orders file", run: runOrdersCheck})
	register(command{name: "mail inspect", summary: "show what the intake makes of a raw mail (.eml)", run: runMailInspect})
}

// loadScenarios reads --scenario: a registered scenario by id ("" for the
// default, the legacy system's first), or a club's edited copy of a system's data
// files (docs/DATA.md): a folder, giving every start in it, or one start file
// beside its map and order of battle. The system whose files they are reads them.
func loadScenarios(name string) ([]adjudicator.Scenario, error) {
	reg := builtin.Systems()
	if name == "" {
		sys, err := reg.System("")
		if err != nil {
			return nil, err
		}
		name = sys.Scenarios()[0]
	}
	fi, err := os.Stat(name)
	if err != nil {
		sc, err := reg.FindScenario(name)
		if err != nil {
			return nil, err
		}
		return []adjudicator.Scenario{sc}, nil
	}
	fsys, file := os.DirFS(name), "."
	if !fi.IsDir() {
		fsys, file = os.DirFS(filepath.Dir(name)), filepath.Base(name)
	}
	// Each system that reads club files tries them; exactly one must take them.
	var got []adjudicator.Scenario
	var readers, errs []string
	for _, id := range reg.IDs() {
		sys, err := reg.System(id)
		if err != nil {
			return nil, err
		}
		files, ok := sys.(clubFiles)
		if !ok {
			continue
		}
		scs, err := files.LoadFiles(fsys, file)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		got, readers = scs, append(readers, id)
	}
	switch {
	case len(readers) == 1:
		return got, nil
	case len(readers) > 1:
		return nil, fmt.Errorf("%s reads as %s: keep one system's files in a folder", name, strings.Join(readers, " and "))
	case len(errs) == 0:
		return nil, fmt.Errorf("%s: no rule system here reads scenario files", name)
	}
	return nil, errors.New(strings.Join(errs, "; "))
}

// clubFiles is implemented by systems whose data a club may correct from its own
// copy: the tools read such a copy through it, so that a club checks and tries its
// corrections before it trusts a game to them. It lives here, not in the
// contract, because the contract reads no files.
type clubFiles interface {
	// LoadFiles reads the scenarios of fsys: name is a folder ("." for all of
	// fsys), giving every start in it, or one start file.
	LoadFiles(fsys fs.FS, name string) ([]adjudicator.Scenario, error)
}

// loadScenario is loadScenarios for commands that need exactly one.
func loadScenario(name string) (adjudicator.Scenario, error) {
	scs, err := loadScenarios(name)
	if err != nil {
		return nil, err
	}
	if len(scs) != 1 {
		var ids []string
		for _, sc := range scs {
			ids = append(ids, sc.ID())
		}
		return nil, fmt.Errorf("%s holds %d scenarios (%s): name one start file", name, len(scs), strings.Join(ids, ", "))
	}
	return scs[0], nil
}

func runScenarioCheck(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("scenario check", "[name|folder ...]", "Validates scenarios: every embedded one by default. Exit 1 lists every problem.")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	names := fs.Args()
	if len(names) == 0 {
		names = builtin.Systems().ScenarioIDs()
	}
	bad := false
	var scs []adjudicator.Scenario
	for _, n := range names {
		got, err := loadScenarios(n)
		if err != nil {
			fmt.Fprintf(m.Stdout, "%s: %v\n", n, err)
			bad = true
			continue
		}
		scs = append(scs, got...)
	}
	for _, sc := range scs {
		v, ok := sc.(adjudicator.Validated)
		if !ok {
			fmt.Fprintf(m.Stdout, "%s: loaded; %s has no validator\n", sc.ID(), sc.System())
			continue
		}
		probs := v.Validate()
		if len(probs) == 0 {
			b := sc.Board()
			fmt.Fprintf(m.Stdout, "%s: ok (%s: %d places, %d edges, %d turns)\n", sc.ID(), sc.System(), len(b.Places), len(b.Edges), len(sc.Turns()))
			continue
		}
		bad = true
		fmt.Fprintf(m.Stdout, "%s: %d problems\n", sc.ID(), len(probs))
		for _, p := range probs {
			fmt.Fprintf(m.Stdout, "  %s\n", p)
		}
	}
	if bad {
		return errProblems
	}
	return nil
}

func runScenarioList(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("scenario list", "", "Lists the rule systems this binary plays and their scenarios, with the turns each runs and the fog-of-war modes and optional rules a game may choose.")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	reg := builtin.Systems()
	for _, id := range reg.IDs() {
		sys, err := reg.System(id)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "%s: %s\n", id, sys.Title())
		for _, n := range sys.Scenarios() {
			sc, err := sys.Scenario(n)
			if err != nil {
				return err
			}
			turns := sc.Turns()
			fmt.Fprintf(m.Stdout, "  %-16s %s (%s to %s, %d turns)\n", n, sc.Title(), turns[0].Key, turns[len(turns)-1].Key, len(turns))
			modes := make([]string, len(sc.Modes()))
			for i, v := range sc.Modes() {
				modes[i] = string(v)
			}
			fmt.Fprintf(m.Stdout, "  %-16s visibility: %s; optional rules: %s\n", "", strings.Join(modes, ", "), strings.Join(sc.Optional(), ", "))
		}
	}
	return nil
}

func runRenderBase(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("render base", "--scenario NAME --out FILE", "Draws the base map: areas by terrain, borders, roads, camps, landings, the river, entries, legend.")
	scn := fs.String("scenario", "", "scenario id (pbem scenario list), or a folder or start file of a club's copy (default: the first scenario)")
	out := fs.String("out", "map.png", "PNG file to write")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	sc, err := loadScenario(*scn)
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := render.WriteBasePNG(f, sc); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "wrote %s\n", *out)
	return nil
}

// emptyBoards is implemented by systems whose positions can be set up by hand:
// an empty board, then a short placement text (Shiloh 1862's: one "usa: Sherman
// 2 @ Shiloh Church" per block; docs/STATE.md).
type emptyBoards interface {
	EmptyState(o adjudicator.Options) (adjudicator.State, error)
	// Place returns the position a placement sets up on an empty state; its
	// error lists each line it could not read, one per line.
	Place(st adjudicator.State, text string) (adjudicator.State, error)
}

func runNewState(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("new-state", "--scenario NAME [--empty [--place FILE]] [--out FILE]", "Writes the scenario's starting state (docs/STATE.md), or with --empty its board cleared,\n"+
		"with --place the blocks a placement file puts on it (docs/STATE.md, \"Setting up a position\").")
	scn := fs.String("scenario", "", "scenario id (pbem scenario list), or a folder or start file of a club's copy (default: the first scenario)")
	out := fs.String("out", "-", "file to write, - for standard output")
	vis := fs.String("visibility", "", "fog-of-war mode (default: the scenario's first; pbem scenario list shows them)")
	empty := fs.Bool("empty", false, "no block on the map and none to arrive")
	place := fs.String("place", "", "with --empty: a placement file, one \"usa: Sherman 2 @ Shiloh Church\" per block (- for standard input)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *place != "" && !*empty {
		return usagef("--place sets up an empty board: give --empty too")
	}
	sc, err := loadScenario(*scn)
	if err != nil {
		return err
	}
	mode := adjudicator.Visibility(*vis)
	if mode == "" {
		mode = sc.Modes()[0]
	}
	opts := adjudicator.Options{Visibility: mode}
	var st adjudicator.State
	if *empty {
		eb, ok := sc.(emptyBoards)
		if !ok {
			return fmt.Errorf("--empty: scenario %s, of rule system %s, has no empty board to set up", sc.ID(), sc.System())
		}
		if st, err = eb.EmptyState(opts); err != nil {
			return err
		}
		if *place != "" {
			text, err := readIn(m, *place)
			if err != nil {
				return err
			}
			if st, err = eb.Place(st, string(text)); err != nil {
				for _, l := range strings.Split(err.Error(), "\n") {
					fmt.Fprintf(m.Stderr, "%s: %s\n", *place, l)
				}
				return errProblems
			}
		}
	} else if st, err = sc.NewState(opts); err != nil {
		return err
	}
	b, err := sc.EncodeState(st)
	if err != nil {
		return err
	}
	return writeOut(m, *out, append(b, '\n'))
}

func writeOut(m *Main, path string, b []byte) error {
	if path == "-" || path == "" {
		_, err := m.Stdout.Write(b)
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

func readIn(m *Main, path string) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(m.Stdin)
	}
	return os.ReadFile(path)
}

// readOrders reads an orders file: the system's JSON (docs/STATE.md) if it
// starts with {, otherwise the order language, read as a player's mail is read,
// with its receipt.
func readOrders(sc adjudicator.Scenario, st adjudicator.State, side adjudicator.Side, b []byte) (adjudicator.Orders, *orders.Receipt, error) {
	if t := strings.TrimSpace(string(b)); strings.HasPrefix(t, "{") {
		o, err := sc.DecodeOrders(b)
		if err != nil {
			return nil, nil, err
		}
		if o.Sender() != side {
			return nil, nil, fmt.Errorf("these orders are written for %s, not %s (their \"side\" field)", o.Sender(), side)
		}
		return o, nil, nil
	}
	return orders.Read(sc, st, side, string(b), 1, 0)
}

func parseDice(s string) ([]int, error) {
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 || v > 6 {
			return nil, fmt.Errorf("die %q is not 1..6", f)
		}
		out = append(out, v)
	}
	return out, nil
}

// diceArg reads --dice: a list of dice ("6,3,5") or a file of them, as the
// examples in docs/examples ship them (dice separated by spaces, commas or lines,
// "#" starting a comment).
func diceArg(s string) ([]int, error) {
	if strings.Trim(s, "0123456789, ") == "" {
		return parseDice(s)
	}
	b, err := os.ReadFile(s)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		if j := strings.IndexByte(l, '#'); j >= 0 {
			lines[i] = l[:j]
		}
	}
	return parseDice(strings.Join(lines, "\n"))
}

func runResolve(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("resolve", "--scenario NAME --state FILE --orders usa=FILE --orders csa=FILE [--dice 6,3,...|FILE | --seed N] [--json] [--next FILE] [--out DIR]",
		"Resolves one hour offline, for umpires and testing: prints the GM's report, worded as the hour mails word theirs (--json: the engine's report as data),\n"+
			"writes the next state, and with --out the mail each side and the GM would get: DIR/usa, DIR/csa and DIR/gm each hold\n"+
			"mail.txt, mail.html and the map PNG, drawn by the server's own code from that reader's view alone.")
	scn := fs.String("scenario", "", "scenario id (pbem scenario list), or a folder or start file of a club's copy (default: the first scenario)")
	statePath := fs.String("state", "", "state file (from new-state or a previous resolve)")
	var ordFlags multiFlag
	fs.Var(&ordFlags, "orders", "side=FILE, repeatable (order language or JSON)")
	diceList := fs.String("dice", "", "scripted dice: a list (6,3,5) or a file of them (# comments); fails if the rules ask for more")
	seed := fs.Uint64("seed", 0, "seed for the dice stream (when --dice is not given)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	next := fs.String("next", "", "write the next state here")
	outDir := fs.String("out", "", "write each side's and the GM's hour mail (text, HTML, map) into this folder, one subfolder each")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *statePath == "" {
		return usagef("--state is required")
	}
	sc, err := loadScenario(*scn)
	if err != nil {
		return err
	}
	b, err := readIn(m, *statePath)
	if err != nil {
		return err
	}
	st, err := sc.DecodeState(b)
	if err != nil {
		return err
	}
	var ord [2]adjudicator.Orders
	for _, f := range ordFlags {
		k, path, ok := strings.Cut(f, "=")
		side, sok := adjudicator.ParseSide(k)
		if !ok || !sok {
			return usagef("--orders %q: want usa=FILE or csa=FILE", f)
		}
		ob, err := readIn(m, path)
		if err != nil {
			return err
		}
		o, rc, err := readOrders(sc, st, side, ob)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if rc != nil {
			say, err := templates.Wording(sc)
			if err != nil {
				return err
			}
			for _, l := range rc.Lines {
				for _, c := range l.Checks {
					if c.Status != orders.OK {
						fmt.Fprintf(m.Stderr, "%s:%d: %s: %s\n", path, l.Line, c.Status, say(c.Why))
					}
				}
			}
		}
		ord[side.Index()] = o
	}
	var d adjudicator.Dice
	var scripted *adjudicator.ScriptedDice
	var streamSeed []byte // the seed the mails reveal, as a game's do
	if *diceList != "" {
		vals, err := diceArg(*diceList)
		if err != nil {
			return usagef("--dice: %v", err)
		}
		scripted = adjudicator.NewScriptedDice(vals...)
		d = scripted
	} else {
		streamSeed = make([]byte, 8)
		for i := range streamSeed {
			streamSeed[i] = byte(*seed >> (8 * (7 - i)))
		}
		d = adjudicator.NewStreamDice(streamSeed)
	}
	var after adjudicator.State
	var rep adjudicator.Report
	err = func() (err error) {
		defer func() {
			r := recover()
			out, ranOut := r.(*adjudicator.DiceRanOut)
			switch {
			case ranOut && scripted != nil:
				// The throws' reasons worded for the umpire who scripted them.
				say, werr := templates.Wording(sc)
				if werr != nil {
					say = adjudicator.Phrase.String
				}
				err = errors.New(out.Words(say))
			case r != nil && scripted != nil:
				err = fmt.Errorf("%v", r)
			case r != nil:
				panic(r)
			}
		}()
		after, rep, err = sc.Resolve(st, ord, d)
		return err
	}()
	if err != nil {
		return err
	}
	if *asJSON {
		out, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintln(m.Stdout, string(out))
	} else {
		text, err := templates.ReportTextOf(sc, sc.ViewReport(st, rep, after, adjudicator.NoSide))
		if err != nil {
			return err
		}
		fmt.Fprint(m.Stdout, text)
	}
	if scripted != nil && scripted.Remaining() > 0 {
		fmt.Fprintf(m.Stderr, "note: %d scripted dice were not used\n", scripted.Remaining())
	}
	if *outDir != "" {
		h := server.OfflineHour{Game: "offline", Rules: sc, Before: st, After: after, Report: rep, Orders: ord, Seed: streamSeed}
		if err := writeHourMails(m, *outDir, h); err != nil {
			return err
		}
	}
	if *next != "" {
		nb, err := sc.EncodeState(after)
		if err != nil {
			return err
		}
		return os.WriteFile(*next, append(nb, '\n'), 0o644)
	}
	return nil
}

// writeHourMails writes into dir the hour mail of each side and the GM, each in
// its own folder (usa, csa, gm), so that a folder holds one reader's view only.
func writeHourMails(m *Main, dir string, h server.OfflineHour) error {
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
		out, err := server.HourMail(h, viewer)
		if err != nil {
			return err
		}
		sub := filepath.Join(dir, mailFolder(viewer))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		for name, b := range map[string][]byte{"mail.txt": []byte(out.Text), "mail.html": []byte(out.HTML), out.MapName: out.MapPNG} {
			if err := os.WriteFile(filepath.Join(sub, name), b, 0o644); err != nil {
				return err
			}
		}
		fmt.Fprintf(m.Stderr, "wrote %s: mail.txt, mail.html, %s (subject: %s)\n", sub, out.MapName, out.Subject)
	}
	return nil
}

// mailFolder names the folder of a reader's mail: usa, csa or gm.
func mailFolder(viewer adjudicator.Side) string {
	if viewer == adjudicator.NoSide {
		return "gm"
	}
	return strings.ToLower(viewer.String())
}

func runOrdersCheck(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("orders check", "--scenario NAME --state FILE --side usa|csa [FILE|-]", "Prints the receipt a player would get for these orders.")
	scn := fs.String("scenario", "", "scenario id (pbem scenario list), or a folder or start file of a club's copy (default: the first scenario)")
	statePath := fs.String("state", "", "state file (default: the scenario's start)")
	sideName := fs.String("side", "", "usa or csa")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	side, ok := adjudicator.ParseSide(*sideName)
	if !ok {
		return usagef("--side must be usa or csa")
	}
	sc, err := loadScenario(*scn)
	if err != nil {
		return err
	}
	var st adjudicator.State
	if *statePath == "" {
		st, err = sc.NewState(adjudicator.Options{Visibility: sc.Modes()[0]})
	} else {
		var b []byte
		if b, err = os.ReadFile(*statePath); err == nil {
			st, err = sc.DecodeState(b)
		}
	}
	if err != nil {
		return err
	}
	in := "-"
	if fs.NArg() > 0 {
		in = fs.Arg(0)
	}
	text, err := readIn(m, in)
	if err != nil {
		return err
	}
	rc, errs, err := server.PreviewReceipt(sc, st, side, string(text))
	if err != nil {
		return err
	}
	fmt.Fprint(m.Stdout, strings.TrimRight(rc, "\n")+"\n")
	if errs > 0 {
		return errProblems
	}
	return nil
}

func runMailInspect(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("mail inspect", "[--address pbem@host] FILE.eml", "Prints what the intake makes of a raw mail: game, side, sender check,\n"+
		"body, commands and orders found, and why it would be ignored.")
	addr := fs.String("address", "pbem@example.org", "the adjudicator's address")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one .eml file")
	}
	raw, err := readIn(m, fs.Arg(0))
	if err != nil {
		return err
	}
	local, domain, _ := strings.Cut(*addr, "@")
	rep := mail.Inspect(raw, mail.InspectConfig{Route: mail.RouteConfig{LocalPart: local, Domain: domain},
		Self: mail.SelfInfo{Addresses: []string{*addr}, MessageIDDomain: domain}})
	fmt.Fprint(m.Stdout, rep.String())
	return nil
}

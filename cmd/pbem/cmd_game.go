package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/control"
	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/server"
	"github.com/shiloh-pbem/pbem/store"
)

func init() {
	register(command{name: "game new", summary: "create a game; its first mails go out when the daemon runs", run: runGameNew})
	register(command{name: "game list", summary: "list the games in the store", run: runGameList})
	register(command{name: "game show", summary: "show one game: players, hours, orders received, chain head", run: runGameShow})
	register(command{name: "game export", summary: "export a game record anyone can verify offline", run: runGameExport})
	register(command{name: "verify", summary: "verify an exported game record, or a stored game's hours", run: runVerify})
	register(command{name: "replay", summary: "recompute stored hours and show any difference", run: runReplay})
	register(command{name: "backup", summary: "hot, consistent copy of the store", run: runBackup})
	register(command{name: "restore", summary: "restore a store file from a backup", run: runRestore})
}

// storeFlags adds --config and --store; the store path comes from either.
type storeFlags struct{ config, path *string }

func addStoreFlags(fs *flag.FlagSet) storeFlags {
	return storeFlags{
		config: fs.String("config", "", "configuration file (its store.path is used)"),
		path:   fs.String("store", "", "store file (instead of --config)"),
	}
}

func (f storeFlags) storePath() (string, error) {
	if *f.config == "" && *f.path == "" {
		return "", usagef("give --config FILE or --store FILE")
	}
	if *f.path != "" {
		return *f.path, nil
	}
	c, err := LoadConfig(*f.config)
	if err != nil {
		return "", err
	}
	return c.Store.Path, nil
}

// parseStoreCommand parses the flags of a command that takes no arguments
// but the store (--config or --store) and returns the store's path.
func parseStoreCommand(m *Main, fs *flag.FlagSet, sf storeFlags, args []string) (string, error) {
	if err := m.parseFlags(fs, args); err != nil {
		return "", err
	}
	if fs.NArg() > 0 {
		return "", usagef("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	return sf.storePath()
}

// readJob is a read-only tool command: it runs on an open store and writes its
// answer. The same job runs in the daemon when the daemon holds the store.
type readJob func(st *store.Store, args []string, w io.Writer) error

// readJobs are the jobs a running daemon answers on its control socket.
var readJobs = map[string]readJob{
	"list":   gameListJob,
	"show":   gameShowJob,
	"export": gameExportJob,
	"backup": backupJob,
	"verify": verifyJob,
}

// runRead runs a read job on the store, or asks the running daemon to when the
// store is in use (bbolt lets one process open it).
func (f storeFlags) runRead(m *Main, name string, args []string) error {
	path, err := f.storePath()
	if err != nil {
		return err
	}
	if _, err := os.Stat(path); err != nil {
		return err
	}
	st, err := store.Open(path, &store.Options{ReadOnly: true, Timeout: 200 * time.Millisecond})
	if errors.Is(err, store.ErrInUse) {
		body, cerr := control.Call(control.SocketPath(path), append([]string{name}, args...)...)
		if cerr != nil {
			if errors.Is(cerr, control.ErrNoDaemon) {
				return fmt.Errorf("%v, and %v", err, cerr)
			}
			return cerr
		}
		return emit(m, body)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	var buf bytes.Buffer
	if err := readJobs[name](st, args, &buf); err != nil {
		return err
	}
	return emit(m, buf.Bytes())
}

// emit prints a job's answer; a verify answer that reports problems exits 1.
func emit(m *Main, body []byte) error {
	if _, err := m.Stdout.Write(body); err != nil {
		return err
	}
	if bytes.Contains(body, []byte("does NOT verify")) {
		return errProblems
	}
	return nil
}

func runGameNew(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("game new", "--config FILE --id ID --usa ADDR --csa ADDR [flags]",
		"Creates a game in the store and queues each player's first mail. The settings are NEWGAME's\n"+
			"(docs/GM.md); each left out takes the [games] default of the config.")
	sf := addStoreFlags(fs)
	id := fs.String("id", "", "game id (letters and digits)")
	usa := fs.String("usa", "", "USA player's address")
	csa := fs.String("csa", "", "CSA player's address")
	gm := fs.String("gm", "", "GM's address (gets the GM's summary and full map every hour)")
	scn := fs.String("scenario", "", "scenario (default: games.scenario)")
	vis := fs.String("visibility", "", "blocks, double-blind or open (default: games.visibility)")
	var s gameSettings
	s.flags(fs)
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *id == "" || *usa == "" || *csa == "" {
		return usagef("--id, --usa and --csa are required")
	}
	if *sf.config == "" {
		return usagef("--config is required (the game's mails need the adjudicator's address)")
	}
	cfg, err := LoadConfig(*sf.config)
	if err != nil {
		return err
	}
	if *scn == "" {
		*scn = cfg.Games.Scenario
	}
	if *vis == "" {
		*vis = cfg.Games.Visibility
	}
	req := server.NewGame{ID: *id, Scenario: *scn, USA: *usa, CSA: *csa, GM: *gm,
		Options: adjudicator.Options{Visibility: adjudicator.Visibility(*vis)}}
	if err := s.apply(fs, cfg.Games, &req); err != nil {
		return err
	}
	st, err := store.Open(cfg.Store.Path, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	// The daemon draws the first mails when it runs: creating a season's games
	// draws no map.
	srv, err := server.New(st, server.Config{Registry: builtin.Systems(), DefaultScenario: cfg.Games.Scenario,
		Address: cfg.Mail.Address, FromName: cfg.Mail.FromName, GMWarnBefore: cfg.Games.GMWarnBefore.Duration,
		ChangeOfMind: cfg.Games.ChangeOfMind.Duration, HourLength: cfg.Games.Deadline.Duration, DeferHourMail: true})
	if err != nil {
		return err
	}
	g, err := srv.CreateGame(ctx, req)
	if err != nil {
		return err
	}
	what := "the daemon sends the first mails when it runs"
	if req.Invite {
		what = "the daemon sends the invitations when it runs; the game starts when both players accept"
	}
	fmt.Fprintf(m.Stdout, "game %s created (%s, %s); %s\n", g.ID, g.Scenario, *vis, what)
	return nil
}

// gameSettings are the per-game settings of pbem game new: NEWGAME's keys by
// mail (docs/GM.md), as flags of the same names.
type gameSettings struct {
	hours, grace, remind, change, gmwarn string
	at, zone, ladder, optional           string
	usaZone, csaZone                     string
	weekdays, sequential, invite         bool
	vacation                             int
}

func (s *gameSettings) flags(fs *flag.FlagSet) {
	fs.StringVar(&s.hours, "hours", "", "deadline this long after each hour opens, e.g. 48h or 2d (default: games.deadline)")
	fs.StringVar(&s.at, "at", "", "deadline at this time of day instead, e.g. 21:00 (default: games.deadline_at)")
	fs.StringVar(&s.zone, "zone", "", "time zone of --at and of deadlines (default: games.time_zone)")
	fs.BoolVar(&s.weekdays, "weekdays", false, "no deadline on Saturdays and Sundays (default: games.weekdays_only)")
	fs.StringVar(&s.grace, "grace", "", "late orders still taken this long after the deadline (default: games.grace)")
	fs.StringVar(&s.remind, "remind", "", "remind sides without orders this long before the deadline (default: games.reminder_before)")
	fs.StringVar(&s.change, "change", "", "change-of-mind delay after both sides' orders are in (default: games.change_of_mind)")
	fs.StringVar(&s.gmwarn, "gmwarn", "", "tell the GM this long before the deadline which sides have sent nothing; 0: never (default: games.gm_warn_before)")
	fs.IntVar(&s.vacation, "vacation", 0, "vacation days per player (default: games.vacation_days)")
	fs.StringVar(&s.ladder, "ladder", "", "the ladder the result counts on")
	fs.BoolVar(&s.sequential, "sequential", false, "the rulebook's order of play: Player 1, then Player 2 (default: games.sequential)")
	fs.BoolVar(&s.invite, "invite", false, "the players must accept before the game starts")
	fs.StringVar(&s.usaZone, "usazone", "", "the USA player's time zone for the texts he gets")
	fs.StringVar(&s.csaZone, "csazone", "", "the CSA player's time zone")
	fs.StringVar(&s.optional, "optional", "", "optional rules, comma-separated (pbem scenario list names them)")
}

// apply puts the settings into req: each flag given, else the config's default.
func (s *gameSettings) apply(fs *flag.FlagSet, gc GamesConfig, req *server.NewGame) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	pol := schedule.Policy{HourLength: gc.Deadline.Duration, At: gc.DeadlineAt, Zone: gc.TimeZone,
		WeekdaysOnly: gc.WeekdaysOnly, Grace: gc.Grace.Duration, ReminderBefore: gc.ReminderBefore.Duration,
		ChangeOfMind: gc.ChangeOfMind.Duration}
	req.GMWarn, req.VacationCap, req.Sequential = gc.GMWarnBefore.Duration, gc.VacationDays, gc.Sequential
	for _, f := range []struct {
		name, value string
		into        *time.Duration
	}{{"hours", s.hours, &pol.HourLength}, {"grace", s.grace, &pol.Grace}, {"remind", s.remind, &pol.ReminderBefore},
		{"change", s.change, &pol.ChangeOfMind}, {"gmwarn", s.gmwarn, &req.GMWarn}} {
		if !set[f.name] {
			continue
		}
		var err error
		if *f.into, err = server.ParseDuration(f.value); err != nil {
			return usagef("--%s: %v", f.name, err)
		}
	}
	if set["weekdays"] {
		pol.WeekdaysOnly = s.weekdays
	}
	if set["sequential"] {
		req.Sequential = s.sequential
	}
	if set["at"] {
		pol.At = s.at
		if !set["hours"] {
			pol.HourLength = 0 // a time of day replaces the config's length
		}
	}
	if set["zone"] {
		pol.Zone = s.zone
	}
	if pol.HourLength > 0 || pol.At != "" {
		if err := pol.Validate(); err != nil {
			return usagef("deadlines: %v", err)
		}
	}
	if req.GMWarn == 0 {
		req.GMWarn = -1 // never, not the server's default
	}
	if set["vacation"] {
		req.VacationCap = s.vacation
	}
	req.Deadline, req.Ladder, req.Invite = pol, s.ladder, s.invite
	req.USAZone, req.CSAZone = s.usaZone, s.csaZone
	for _, z := range []string{s.usaZone, s.csaZone} {
		if _, err := time.LoadLocation(z); err != nil {
			return usagef("time zone %q: %v", z, err)
		}
	}
	rules, err := builtin.Systems().FindScenario(req.Scenario)
	if err != nil {
		return err
	}
	for _, o := range strings.Split(s.optional, ",") {
		if o = strings.TrimSpace(o); o == "" {
			continue
		}
		if !slices.Contains(rules.Optional(), o) {
			return usagef("--optional %s: scenario %s has the optional rules %s", o, rules.ID(), strings.Join(rules.Optional(), ", "))
		}
		req.Options.Optional = append(req.Options.Optional, o)
	}
	if !slices.Contains(rules.Modes(), req.Options.Visibility) {
		return usagef("--visibility %s: scenario %s offers %v", req.Options.Visibility, rules.ID(), rules.Modes())
	}
	return nil
}

func runGameList(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("game list", "--config FILE | --store FILE", "Lists the games.")
	sf := addStoreFlags(fs)
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	return sf.runRead(m, "list", nil)
}

func gameListJob(st *store.Store, _ []string, w io.Writer) error {
	return st.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		sort.Slice(gs, func(i, j int) bool { return gs[i].ID < gs[j].ID })
		reg := builtin.Systems()
		for _, g := range gs {
			fmt.Fprintf(w, "%-12s %-16s %-8s hour %-11s USA %s, CSA %s\n", g.ID, g.Scenario, g.Status,
				turnKeys(reg, g)(g.CurrentHour), g.Players["usa"].Address, g.Players["csa"].Address)
		}
		return nil
	})
}

func runGameShow(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("game show", "--config FILE | --store FILE ID", "Shows a game.")
	sf := addStoreFlags(fs)
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one game id")
	}
	return sf.runRead(m, "show", fs.Args())
}

func gameShowJob(st *store.Store, args []string, w io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("show needs a game id")
	}
	return st.View(func(tx *store.Tx) error {
		g, err := tx.Game(args[0])
		if err != nil {
			return err
		}
		key := turnKeys(builtin.Systems(), g)
		fmt.Fprintf(w, "game %s: %s, %s, visibility %s, hour %s\n", g.ID, g.Scenario, g.Status, g.Options.Visibility, key(g.CurrentHour))
		for _, s := range []string{"usa", "csa"} {
			p := g.Players[s]
			fmt.Fprintf(w, "  %s: %s", strings.ToUpper(s), p.Address)
			if p.TimeZone != "" {
				fmt.Fprintf(w, " (%s)", p.TimeZone)
			}
			fmt.Fprintln(w)
		}
		if g.GM != "" {
			fmt.Fprintf(w, "  GM: %s\n", g.GM)
		}
		showSettings(w, g)
		hs, err := tx.HourNumbers(g.ID)
		if err != nil {
			return err
		}
		for _, n := range hs {
			h, err := tx.Hour(g.ID, n)
			if err != nil {
				return err
			}
			line := fmt.Sprintf("  %-10s commitment %s", key(n), h.SeedCommitment.Short())
			for _, s := range []string{"usa", "csa"} {
				if o := h.Latest(s); o != nil {
					line += fmt.Sprintf(", %s v%d", s, o.Version)
				}
			}
			if h.Resolved() {
				line += ", resolved"
			}
			fmt.Fprintln(w, line)
		}
		head, err := tx.ChainHead(g.ID)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "  audit chain head %s\n", head)
		return nil
	})
}

func runGameExport(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("game export", "--config FILE | --store FILE [--out FILE] ID", "Writes a self-contained game record (JSON) for `pbem verify`.")
	sf := addStoreFlags(fs)
	out := fs.String("out", "-", "file, - for standard output")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one game id")
	}
	if *out == "-" {
		return sf.runRead(m, "export", fs.Args())
	}
	var buf bytes.Buffer
	mm := *m
	mm.Stdout = &buf
	if err := sf.runRead(&mm, "export", fs.Args()); err != nil {
		return err
	}
	return os.WriteFile(*out, buf.Bytes(), 0o644)
}

func gameExportJob(st *store.Store, args []string, w io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("export needs a game id")
	}
	b, err := st.ExportGame(args[0])
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

func runVerify(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("verify", "GAMEFILE | --config FILE --game ID [--hour N]",
		"Re-runs hours from their published state, orders and revealed seed and checks the outcome, the\n"+
			"seed commitments and the audit chain. Exit 1 lists every difference.")
	sf := addStoreFlags(fs)
	game := fs.String("game", "", "a game in the store")
	hour := fs.String("hour", "", "only this hour (e.g. \"D1 09:00\" or its number)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	var rec *store.GameRecord
	switch {
	case fs.NArg() == 1:
		b, err := readIn(m, fs.Arg(0))
		if err != nil {
			return err
		}
		if rec, err = store.ImportGameRecord(b); err != nil {
			return err
		}
	case *game != "":
		args := []string{*game}
		if *hour != "" {
			args = append(args, *hour)
		}
		return sf.runRead(m, "verify", args)
	default:
		return usagef("give a game record file or --game ID")
	}
	var buf bytes.Buffer
	if err := verifyRecord(rec, *hour, &buf); err != nil {
		return err
	}
	return emit(m, buf.Bytes())
}

// verifyJob verifies a stored game (args: id [hour]).
func verifyJob(st *store.Store, args []string, w io.Writer) error {
	if len(args) < 1 {
		return fmt.Errorf("verify needs a game id")
	}
	var rec *store.GameRecord
	if err := st.View(func(tx *store.Tx) error {
		var err error
		rec, err = tx.ExportGame(args[0])
		return err
	}); err != nil {
		return err
	}
	hour := ""
	if len(args) > 1 {
		hour = strings.Join(args[1:], " ")
	}
	return verifyRecord(rec, hour, w)
}

// turnKeys labels a game's turn units as its rules name them ("Day 1 8AM"), or by
// number when the game's rules are not in this binary. The rules are found once.
func turnKeys(reg *adjudicator.Registry, g *store.Game) func(index int) string {
	sc, err := reg.Scenario(g.Ruleset, g.Scenario)
	if err != nil {
		return func(index int) string { return fmt.Sprintf("turn %d", index) }
	}
	return func(index int) string { return adjudicator.TurnAt(sc, index).Key }
}

func runReplay(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("replay", "--config FILE | --store FILE --game ID [--hour N]", "Recomputes stored hours from their inputs and diffs against what was stored.")
	sf := addStoreFlags(fs)
	game := fs.String("game", "", "game id")
	hour := fs.String("hour", "", "only this hour")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *game == "" {
		return usagef("--game is required")
	}
	if *hour != "" {
		return runVerify(ctx, m, append(flagArgs(sf), "--game", *game, "--hour", *hour))
	}
	return runVerify(ctx, m, append(flagArgs(sf), "--game", *game))
}

func flagArgs(sf storeFlags) []string {
	var a []string
	if *sf.config != "" {
		a = append(a, "--config", *sf.config)
	}
	if *sf.path != "" {
		a = append(a, "--store", *sf.path)
	}
	return a
}

func runBackup(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("backup", "--config FILE | --store FILE --out FILE", "Writes a hot, consistent copy of the store. While the daemon runs, the daemon\n"+
		"writes it (one bbolt read transaction); otherwise the store is opened read-only.")
	sf := addStoreFlags(fs)
	out := fs.String("out", "", "backup file to write")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out is required")
	}
	// The store writes the file itself, from one read transaction straight to
	// disk: a daemon answering through its socket would otherwise hold the whole
	// store in memory. The path travels escaped (the request is one line of
	// words), and absolute, since the daemon's working directory is not ours.
	abs, err := filepath.Abs(*out)
	if err != nil {
		return err
	}
	var answer bytes.Buffer
	mm := *m
	mm.Stdout = &answer
	if err := sf.runRead(&mm, "backup", []string{url.PathEscape(abs)}); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "backup written to %s (%s bytes)\n", *out, strings.TrimSpace(answer.String()))
	return nil
}

// backupJob writes a backup to the file named by its one argument (escaped as
// url.PathEscape does) and answers with its size.
func backupJob(st *store.Store, args []string, w io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("backup needs the file to write")
	}
	path, err := url.PathUnescape(args[0])
	if err != nil || !filepath.IsAbs(path) {
		return fmt.Errorf("backup: %q is not an absolute file name", args[0])
	}
	if err := st.BackupFile(path); err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%d\n", fi.Size())
	return err
}

func runRestore(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("restore", "--from BACKUP --store FILE [--force]", "Restores a store file from a backup; refuses to overwrite unless --force.")
	from := fs.String("from", "", "backup file")
	path := fs.String("store", "", "store file to create")
	force := fs.Bool("force", false, "overwrite an existing store file (the daemon must be stopped)")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *from == "" || *path == "" {
		return usagef("--from and --store are required")
	}
	f, err := os.Open(*from)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := store.Restore(*path, f, *force); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "restored %s from %s\n", *path, *from)
	return nil
}

// showSettings writes a game's settings, as pbem game new and NEWGAME set them,
// and its next deadline.
func showSettings(w io.Writer, g *store.Game) {
	d := g.Deadline
	switch {
	case d.At != "":
		fmt.Fprintf(w, "  deadlines: at %s %s", d.At, cmp.Or(d.Zone, "UTC"))
	case d.HourLength > 0:
		fmt.Fprintf(w, "  deadlines: %s after each hour opens", d.HourLength)
	default:
		fmt.Fprint(w, "  deadlines: none (an hour resolves when both sides' orders are in)")
	}
	if d.WeekdaysOnly {
		fmt.Fprint(w, ", weekdays only")
	}
	fmt.Fprintf(w, "; grace %s; reminders %s before; change of mind %s", d.Grace, d.Reminder, d.ChangeOfMind)
	if d.GMWarn > 0 {
		fmt.Fprintf(w, "; GM warned %s before", d.GMWarn)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  vacation: %d days per player\n", d.VacationCap)
	if g.Ladder != "" {
		fmt.Fprintf(w, "  ladder: %s\n", g.Ladder)
	}
	play := "simultaneous"
	if g.Options.Sequential {
		play = "sequential"
	}
	fmt.Fprintf(w, "  play: %s\n", play)
	if len(g.Options.OptionalRules) > 0 {
		fmt.Fprintf(w, "  optional rules: %s\n", strings.Join(g.Options.OptionalRules, ", "))
	}
	switch {
	case g.Status == store.StatusPaused:
		fmt.Fprintf(w, "  next deadline: paused, %s left\n", d.PausedLeft)
	case !d.Next.IsZero():
		fmt.Fprintf(w, "  next deadline: %s\n", schedule.FormatIn(d.Next, d.Zone))
	}
}

package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
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

func (f storeFlags) open(readOnly bool) (*store.Store, *Config, error) {
	cfg := DefaultConfig()
	if *f.config != "" {
		c, err := LoadConfig(*f.config)
		if err != nil {
			return nil, nil, err
		}
		cfg = c
	}
	path := cfg.Store.Path
	if *f.path != "" {
		path = *f.path
	}
	if *f.config == "" && *f.path == "" {
		return nil, nil, usagef("give --config FILE or --store FILE")
	}
	if _, err := os.Stat(path); err != nil {
		return nil, nil, err
	}
	st, err := store.Open(path, &store.Options{ReadOnly: readOnly})
	return st, &cfg, err
}

func runGameNew(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("game new", "--config FILE --id ID --usa ADDR --csa ADDR [flags]", "Creates a game in the store and queues each player's first mail.")
	sf := addStoreFlags(fs)
	id := fs.String("id", "", "game id (letters and digits)")
	usa := fs.String("usa", "", "USA player's address")
	csa := fs.String("csa", "", "CSA player's address")
	gm := fs.String("gm", "", "GM's address (gets the full map every hour)")
	scn := fs.String("scenario", "", "scenario (default: games.scenario of the config)")
	vis := fs.String("visibility", "", "blocks, double-blind or open (default: games.visibility)")
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
	st, err := store.Open(cfg.Store.Path, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := server.New(st, server.Config{Address: cfg.Mail.Address, FromName: cfg.Mail.FromName,
		ChangeOfMind: cfg.Games.ChangeOfMind.Duration, HourLength: cfg.Games.Deadline.Duration})
	if err != nil {
		return err
	}
	if *scn == "" {
		*scn = cfg.Games.Scenario
	}
	if *vis == "" {
		*vis = cfg.Games.Visibility
	}
	g, err := srv.CreateGame(ctx, server.NewGame{ID: *id, Scenario: *scn, USA: *usa, CSA: *csa, GM: *gm,
		Options: adjudicator.Options{Visibility: adjudicator.Visibility(*vis)}})
	if err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "game %s created (%s, %s); the first mails are in the outbox\n", g.ID, g.Scenario, *vis)
	return nil
}

func runGameList(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("game list", "--config FILE | --store FILE", "Lists the games.")
	sf := addStoreFlags(fs)
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	st, _, err := sf.open(true)
	if err != nil {
		return err
	}
	defer st.Close()
	return st.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		sort.Slice(gs, func(i, j int) bool { return gs[i].ID < gs[j].ID })
		for _, g := range gs {
			fmt.Fprintf(m.Stdout, "%-12s %-10s %-8s hour %-11s USA %s, CSA %s\n", g.ID, g.Scenario, g.Status,
				adjudicator.Hour(g.CurrentHour), g.Players["usa"].Address, g.Players["csa"].Address)
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
	st, _, err := sf.open(true)
	if err != nil {
		return err
	}
	defer st.Close()
	return st.View(func(tx *store.Tx) error {
		g, err := tx.Game(fs.Arg(0))
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "game %s: %s, %s, visibility %s, hour %s\n", g.ID, g.Scenario, g.Status, g.Options.Visibility, adjudicator.Hour(g.CurrentHour))
		for _, s := range []string{"usa", "csa"} {
			fmt.Fprintf(m.Stdout, "  %s: %s\n", strings.ToUpper(s), g.Players[s].Address)
		}
		if g.GM != "" {
			fmt.Fprintf(m.Stdout, "  GM: %s\n", g.GM)
		}
		hs, err := tx.HourNumbers(g.ID)
		if err != nil {
			return err
		}
		for _, n := range hs {
			h, err := tx.Hour(g.ID, n)
			if err != nil {
				return err
			}
			line := fmt.Sprintf("  %-10s commitment %s", adjudicator.Hour(n), h.SeedCommitment.Short())
			for _, s := range []string{"usa", "csa"} {
				if o := h.Latest(s); o != nil {
					line += fmt.Sprintf(", %s v%d", s, o.Version)
				}
			}
			if h.Resolved() {
				line += ", resolved"
			}
			fmt.Fprintln(m.Stdout, line)
		}
		head, err := tx.ChainHead(g.ID)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stdout, "  audit chain head %s\n", head)
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
	st, _, err := sf.open(true)
	if err != nil {
		return err
	}
	defer st.Close()
	b, err := st.ExportGame(fs.Arg(0))
	if err != nil {
		return err
	}
	return writeOut(m, *out, b)
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
		st, _, err := sf.open(true)
		if err != nil {
			return err
		}
		defer st.Close()
		err = st.View(func(tx *store.Tx) error {
			var err error
			rec, err = tx.ExportGame(*game)
			return err
		})
		if err != nil {
			return err
		}
	default:
		return usagef("give a game record file or --game ID")
	}
	if *hour != "" {
		n, err := hourArg(*hour)
		if err != nil {
			return usagef("--hour: %v", err)
		}
		var keep []store.HourRecord
		for _, h := range rec.Hours {
			if h.Hour == n {
				keep = append(keep, h)
			}
		}
		if len(keep) == 0 {
			return fmt.Errorf("game %s has no hour %s", rec.Game.ID, adjudicator.Hour(n))
		}
		diffs, err := server.ReplayHour(&keep[0], rec.Game.Scenario)
		return report(m, rec.Game.ID, diffs, err)
	}
	diffs, err := server.VerifyRecord(rec)
	return report(m, rec.Game.ID, diffs, err)
}

func hourArg(s string) (int, error) {
	var n int
	if _, err := fmt.Sscanf(s, "%d", &n); err == nil && fmt.Sprint(n) == s {
		return n, nil
	}
	h, err := adjudicator.ParseHour(s)
	return int(h), err
}

func report(m *Main, game string, diffs []string, err error) error {
	if err != nil {
		return err
	}
	if len(diffs) == 0 {
		fmt.Fprintf(m.Stdout, "game %s verifies: every hour replays to the published result\n", game)
		return nil
	}
	fmt.Fprintf(m.Stdout, "game %s does NOT verify:\n", game)
	for _, d := range diffs {
		fmt.Fprintf(m.Stdout, "  %s\n", d)
	}
	return errProblems
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
	fs := m.newFlags("backup", "--config FILE | --store FILE --out FILE", "Writes a hot, consistent copy of the store (safe while the daemon runs).")
	sf := addStoreFlags(fs)
	out := fs.String("out", "", "backup file to write")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out is required")
	}
	st, _, err := sf.open(true)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.BackupFile(*out); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "backup written to %s\n", *out)
	return nil
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

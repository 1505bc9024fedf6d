package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/demo"
	"github.com/shiloh-pbem/pbem/internal/builtin"
)

func init() {
	register(command{name: "demo", summary: "play a demo game by email on a built-in mail server", run: runDemo})
}

func runDemo(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("demo", "[flags]", "Starts an IMAP and SMTP server on 127.0.0.1, creates a game and lets two built-in\n"+
		"players play it by email. Every mail each side receives is saved as .eml with its map.")
	out := fs.String("out", "", "folder for the saved mails and the store (default: a new folder under the system temp dir)")
	systems := builtin.Systems()
	scenario := fs.String("scenario", "shiloh1862-day2", "scenario: "+strings.Join(systems.ScenarioIDs(), ", ")+" (pbem scenario list)")
	hours := fs.Int("hours", 0, "stop after this many turn units: hours, or player-turns where the sides alternate (0: play to the end)")
	fs.IntVar(hours, "turns", 0, "the same as -hours")
	seed := fs.Uint64("seed", 1862, "seed for the bots' choices")
	play := fs.String("play", "", "play this side yourself (usa or union, csa or confederate) with a mail client; the other side is a bot")
	mind := fs.Duration("change-of-mind", time.Minute, "with -play: how long each hour waits after the last orders arrive, so you may still send new ones\n"+
		"(0: it resolves at once; bots playing each other wait only when this is given)")
	verbose := fs.Bool("v", false, "log what the daemon does")
	if err := m.parseFlags(fs, args); err != nil {
		return err
	}
	if *mind < 0 {
		return usagef("-change-of-mind %s: want a duration of 0 or more, e.g. 1m or 30s", *mind)
	}
	opt := demo.Options{Registry: systems, Bot: builtin.Bot, Out: *out, Scenario: *scenario, Hours: *hours, Seed: *seed, Progress: m.Stdout}
	if *play != "" {
		s, ok := adjudicator.ParseSide(*play)
		if !ok {
			return usagef("-play %q: want usa (union) or csa (confederate)", *play)
		}
		opt.Human = s
	}
	// Bots never change their minds: without a person the delay would only slow
	// the game down, unless asked for.
	if opt.Human != adjudicator.NoSide || flagGiven(fs, "change-of-mind") {
		opt.ChangeOfMind = *mind
	}
	if opt.Out == "" {
		dir, err := os.MkdirTemp("", "pbem-demo-")
		if err != nil {
			return err
		}
		opt.Out = dir
	}
	if *verbose {
		opt.Logger = slog.New(slog.NewTextHandler(m.Stderr, nil))
	}
	abs, err := filepath.Abs(opt.Out)
	if err != nil {
		return err
	}
	saved := fmt.Sprintf("Every mail each player received (.eml, with the maps as .png) is in:\n  %s\n", abs)
	start := time.Now()
	fmt.Fprintf(m.Stdout, "Shiloh PBEM demo: scenario %s, mail on 127.0.0.1\nMaps and mails are saved in:\n  %s\n", *scenario, abs)
	res, err := demo.Run(ctx, opt)
	switch {
	case err != nil && ctx.Err() != nil:
		// Ctrl-C (SIGINT) or SIGTERM: a player's way to stop; the folder is
		// what they keep.
		fmt.Fprintf(m.Stdout, "\nStopped. %s", saved)
		return nil
	case err != nil:
		fmt.Fprintf(m.Stdout, "\n%s", saved)
		return err
	}
	fmt.Fprintf(m.Stdout, "\n%d %s played in %s.", res.Hours, turnUnits(systems, *scenario), time.Since(start).Round(100*time.Millisecond))
	if res.Over {
		if res.Winner != adjudicator.NoSide {
			fmt.Fprintf(m.Stdout, " %s wins, VP USA %d CSA %d.", res.Winner, res.Points[0], res.Points[1])
		} else {
			fmt.Fprintf(m.Stdout, " Game over, VP USA %d CSA %d.", res.Points[0], res.Points[1])
		}
	}
	fmt.Fprintf(m.Stdout, "\n%s", saved)
	return nil
}

// turnUnits names what one mail round plays in a scenario, for the demo's last
// line: "hours" where both sides send at once, "player-turns" where they take
// turns (adjudicator.Turn.Phasing).
func turnUnits(r *adjudicator.Registry, scenario string) string {
	sc, err := r.FindScenario(scenario)
	if err != nil || len(sc.Turns()) == 0 || sc.Turns()[0].Phasing == adjudicator.NoSide {
		return "hours"
	}
	return "player-turns"
}

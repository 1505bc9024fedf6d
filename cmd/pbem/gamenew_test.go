package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeCommand is the README's command line that starts with prefix, as a
// reader would type it, with the config path replaced by cfg.
func readmeCommand(t *testing.T, prefix, cfg string) []string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "`"+prefix)
	if !ok {
		t.Fatalf("README.md has no `%s...` command", prefix)
	}
	line, _, _ := strings.Cut(rest, "`")
	args := strings.Fields(prefix + line)
	if args[0] != "pbem" {
		t.Fatalf("README command %q does not start with pbem", args)
	}
	for i, a := range args {
		if a == "/etc/pbem/pbem.toml" {
			args[i] = cfg
		}
	}
	return args[1:]
}

// `pbem game new` takes the settings NEWGAME takes by mail; the README's example
// gives some, and `pbem game show` shows them with the next deadline.
func TestGameNewSettingsAsDocumented(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[store]\npath = %q\n[mail]\naddress = \"pbem@club.test\"\n",
		filepath.Join(dir, "pbem.db"))), 0o600); err != nil {
		t.Fatal(err)
	}
	args := readmeCommand(t, "pbem game new ", cfg)
	if code, out, errs := run(t, "", args...); code != exitOK {
		t.Fatalf("%q: exit %d: %s %s", args, code, out, errs)
	}
	code, out, errs := run(t, "", "game", "show", "--config", cfg, "g7")
	if code != exitOK {
		t.Fatalf("game show: %d %s", code, errs)
	}
	inOrder(t, "game show", out, "game g7: shiloh1862, running, visibility double-blind",
		"deadlines: 24h0m0s after each hour opens", "grace 6h0m0s", "reminders 4h0m0s before",
		"ladder: spring", "play: sequential", "next deadline: ")

	// Each setting, and the flags' errors.
	code, out, errs = run(t, "", "game", "new", "--config", cfg, "--id", "g8", "--usa", "a@x.org", "--csa", "b@y.org",
		"--at", "21:00", "--zone", "Europe/London", "--weekdays", "--change", "30m", "--vacation", "3",
		"--gmwarn", "2d", "--usazone", "America/Chicago", "--visibility", "open", "--optional", "pond,flanking")
	if code != exitOK {
		t.Fatalf("game new g8: %d %s %s", code, out, errs)
	}
	_, out, _ = run(t, "", "game", "show", "--config", cfg, "g8")
	inOrder(t, "game show g8", out, "visibility open", "USA: a@x.org (America/Chicago)",
		"deadlines: at 21:00 Europe/London, weekdays only", "change of mind 30m0s", "GM warned 48h0m0s before",
		"vacation: 3 days per player", "play: simultaneous", "optional rules: pond, flanking", "next deadline: ")
	for _, bad := range [][]string{{"--optional", "no-such-rule"}, {"--grace", "soon"}, {"--at", "25:00"}, {"--visibility", "fog"}} {
		a := append([]string{"game", "new", "--config", cfg, "--id", "g9", "--usa", "a@x.org", "--csa", "b@y.org"}, bad...)
		if code, out, _ := run(t, "", a...); code == exitOK {
			t.Errorf("%q accepted: %s", bad, out)
		}
	}
}

// The orders the README shows a newcomer for the demo's first hour (`demo --play
// csa`, whose scenario is shiloh1862-day2) are legal there: every line OK, no
// note a newcomer would have to puzzle over.
func TestReadmeDemoOrdersAreLegal(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "type your\norders under the quoted form")
	if !ok {
		t.Fatal("README.md no longer shows the demo's example orders")
	}
	_, rest, _ = strings.Cut(rest, "```\n")
	example, _, _ := strings.Cut(rest, "```")
	code, out, errs := run(t, example, "orders", "check", "--scenario", "shiloh1862-day2", "--side", "csa", "-")
	if code != 0 || strings.Contains(out, "NOTE") || strings.Contains(out, "ERR") {
		t.Errorf("README's demo orders, exit %d:\n%s\n%s", code, out, errs)
	}
	if n := strings.Count(out, "\n  OK    "); n < strings.Count(strings.TrimSpace(example), "\n")+1 {
		t.Errorf("README's demo orders: %d lines OK of %q:\n%s", n, example, out)
	}
}

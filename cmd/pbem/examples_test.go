package main

import (
	"os"
	"strings"
	"testing"
)

// inOrder fails unless each of wants appears in text after the one before it.
func inOrder(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	at := 0
	for _, w := range wants {
		i := strings.Index(text[at:], w)
		if i < 0 {
			t.Fatalf("%s: %q missing (or out of order) in:\n%s", what, w, text)
		}
		at += i + len(w)
	}
}

// TestExamplesReplayAsDocumented runs the replay command docs/examples/README.md
// gives, as a reader would type it, and the same for the other example: each must
// show what the rulebook's example shows (#3: pbem resolve reproduces the Battle
// Turn Example's firing order and the Battle Reserves Example's outcome).
func TestExamplesReplayAsDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../docs/examples/README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "Replay one with\n\n```\n")
	if !ok {
		t.Fatal("docs/examples/README.md: no replay command")
	}
	block, _, _ = strings.Cut(block, "```")
	args := strings.Fields(strings.ReplaceAll(block, "\\\n", " "))
	if len(args) < 2 || args[0] != "pbem" || args[1] != "resolve" {
		t.Fatalf("replay command is not pbem resolve: %q", args)
	}
	args = args[1:]
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, "docs/examples/", "../../docs/examples/")
	}
	code, out, errs := run(t, "", args...)
	if code != exitOK {
		t.Fatalf("%q: exit %d: %s", args, code, errs)
	}
	// Battle Reserves Example (6.5).
	inOrder(t, "reserves", out,
		"Hildebrand eliminated [6.9]",
		"CSA defends the area from round 2",
		"Munch fires (A1)", "Munch fires (A2)",
		"pursuit fire", "Munch retreats", "Peabody retreats")

	// The Battle Turn Example (6.4), with the same command for its files.
	bt := make([]string, len(args))
	for i, a := range args {
		bt[i] = strings.ReplaceAll(a, "/reserves/", "/battle-turn/")
	}
	var noUSA []string // the battle-turn example ships no USA orders
	for _, a := range bt {
		if strings.HasPrefix(a, "usa=") {
			noUSA = noUSA[:len(noUSA)-1] // drop the --orders flag before it
			continue
		}
		noUSA = append(noUSA, a)
	}
	code, out, errs = run(t, "", noUSA...)
	if code != exitOK {
		t.Fatalf("%q: exit %d: %s", noUSA, code, errs)
	}
	_, round1, _ := strings.Cut(out, "Battle of Rea Field")
	_, round1, _ = strings.Cut(round1, "  Round 1\n")
	round1, _, _ = strings.Cut(round1, "  Round 2\n")
	inOrder(t, "battle turn, round 1", round1,
		"Taylor fires (A2)", "Gage fires (A1)", "Sherman fires (B3)", "Clanton fires (B1)", "Bragg fires (B1)",
		"Hildebrand fires (C2)", "Hare fires (C3)", "Wood fires (C2)", "Cleburne fires (C3)")
	inOrder(t, "battle turn, round 2", out, "  Round 2\n", "Gage fires (A2)")
}

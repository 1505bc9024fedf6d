// Command pbem is Shiloh PBEM: a play-by-email adjudicator for the Shiloh 1862 block
// wargame. One binary holds the daemon (serve), the embedded demo over a built-in
// mail server (demo), and the tools an operator, a GM or an umpire needs offline.
//
// This package only wires: flags, configuration, signals, the clock and exit codes.
// The logic lives in adjudicator/, orders/, mail/, store/, render/ and templates/.
//
// Exit codes: 0 success; 1 the command ran and found problems (a scenario that does
// not validate, orders with errors, a record that does not verify); 2 bad usage (no
// command at all included); 3 the command could not run (I/O, store in use, mail
// server unreachable).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	m := NewMain()
	code := m.Run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// Main is the program, separated from os.Exit so tests can run it.
type Main struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// NewMain returns a Main on the process's standard streams.
func NewMain() *Main {
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
}

// Exit codes (documented in the package comment and the README).
const (
	exitOK       = 0
	exitProblems = 1
	exitUsage    = 2
	exitFailure  = 3
)

// command is one subcommand. Run returns an error; errProblems and usageError map to
// their exit codes, anything else to exitFailure.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, m *Main, args []string) error
}

// errProblems reports that the command ran and found problems it already printed.
var errProblems = errors.New("problems found")

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

var commands []command

func register(c command) { commands = append(commands, c) }

// Run runs one command line and returns the exit code.
func (m *Main) Run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		// No command is a mistake in the command line, as in any other.
		m.usage(m.Stderr)
		return exitUsage
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			return m.Run(ctx, []string{args[1], "-h"})
		}
		m.usage(m.Stdout)
		return exitOK
	}
	name := args[0]
	rest := args[1:]
	// Two-word commands: "scenario check", "game list", "render base", …
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		if c := lookup(name + " " + rest[0]); c != nil {
			name, rest = c.name, rest[1:]
		}
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(m.Stderr, "pbem: unknown command %q\n\n", strings.Join(args[:1], " "))
		m.usage(m.Stderr)
		return exitUsage
	}
	err := c.run(ctx, m, rest)
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errHelp):
		return exitOK
	case errors.Is(err, errProblems):
		return exitProblems
	case errors.As(err, &ue):
		fmt.Fprintf(m.Stderr, "pbem %s: %v\n", c.name, err)
		return exitUsage
	default:
		fmt.Fprintf(m.Stderr, "pbem %s: %v\n", c.name, err)
		return exitFailure
	}
}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

func (m *Main) usage(w io.Writer) {
	fmt.Fprintln(w, "pbem: Shiloh 1862 play-by-email adjudicator")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: pbem <command> [flags]   (pbem <command> -h for its flags)")
	fmt.Fprintln(w)
	cs := append([]command(nil), commands...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	for _, c := range cs {
		fmt.Fprintf(w, "  %-16s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit codes: 0 ok, 1 problems found, 2 bad usage, 3 could not run.")
}

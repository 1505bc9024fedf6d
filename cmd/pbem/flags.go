package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"
)

// errHelp is returned when -h was asked for; the usage was printed.
var errHelp = errors.New("help shown")

// newFlags makes a FlagSet for a subcommand that prints its usage to the Main's
// stdout on -h and returns usage errors instead of exiting.
func (m *Main) newFlags(name, args, summary string) *flag.FlagSet {
	fs := flag.NewFlagSet("pbem "+name, flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: pbem %s %s\n\n%s\n", name, args, summary)
		var any bool
		fs.VisitAll(func(*flag.Flag) { any = true })
		if any {
			fmt.Fprintln(fs.Output(), "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses a subcommand's flags.
func (m *Main) parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(m.Stdout)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return errHelp
	}
	if err != nil {
		return usageError{err.Error()}
	}
	return nil
}

// multiFlag collects a repeatable flag such as --orders usa=FILE.
type multiFlag []string

func (f *multiFlag) String() string     { return strings.Join(*f, ",") }
func (f *multiFlag) Set(v string) error { *f = append(*f, v); return nil }

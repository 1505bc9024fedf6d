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

// parseFlags parses a subcommand's flags. Flags may come before or after the
// arguments ("game export g7 --out g7.json"), as users write them; everything
// after "--" is an argument.
func (m *Main) parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(m.Stdout)
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		if err != nil {
			return usageError{err.Error()}
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	// Leave exactly the arguments in fs.Args().
	return fs.Parse(append([]string{"--"}, pos...))
}

// multiFlag collects a repeatable flag such as --orders usa=FILE.
type multiFlag []string

func (f *multiFlag) String() string     { return strings.Join(*f, ",") }
func (f *multiFlag) Set(v string) error { *f = append(*f, v); return nil }

// flagGiven says whether the command line set the flag, as opposed to leaving
// its default.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

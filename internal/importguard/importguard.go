// Package importguard lets a package's tests hold it to a list of imports, so that
// a pure package (the rules, the ladder, the deadline arithmetic) cannot grow a
// dependency on I/O, the clock or the rest of the project unnoticed.
package importguard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Rules say what the non-test .go files of the current directory may use.
type Rules struct {
	// Allow reports whether an import path is allowed.
	Allow func(path string) bool
	// AllowIn, when set, is asked instead of Allow with the file's name too, for a
	// package in which one file may import more than the others (the engine's
	// loader).
	AllowIn func(file, path string) bool
	// NoClock refuses time.Now, time.Since and time.Until: the package is handed
	// the times it needs.
	NoClock bool
	// EmbedOnly, when set, names the one file that may carry a //go:embed directive.
	EmbedOnly string
	// Also, when set, is asked for more problems with each file's syntax: a
	// package's own rule about what its code may use (the bot names no State).
	Also func(fset *token.FileSet, f *ast.File) []string
	// MinFiles is how many files Check must find (at least one: a guard that reads
	// nothing guards nothing).
	MinFiles int
}

// Only allows exactly the listed import paths.
func Only(paths ...string) func(string) bool {
	ok := map[string]bool{}
	for _, p := range paths {
		ok[p] = true
	}
	return func(p string) bool { return ok[p] }
}

// Check reports every file of the current directory that breaks r, and fails if
// it finds fewer files than r asks for.
func Check(t testing.TB, r Rules) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		problems, err := Problems(r, name, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Errorf("%s", p)
		}
		checked++
	}
	if checked < max(1, r.MinFiles) {
		t.Fatalf("only %d source files found; is the test running in the package directory?", checked)
	}
}

// Problems lists what is wrong with one file's source under r.
func Problems(r Rules, name string, src []byte) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	allow := func(path string) bool { return r.Allow(path) }
	if r.AllowIn != nil {
		allow = func(path string) bool { return r.AllowIn(name, path) }
	}
	var out []string
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); !allow(path) {
			out = append(out, name+" imports "+path)
		}
	}
	if r.EmbedOnly != "" && name != r.EmbedOnly && strings.Contains(string(src), "//go:embed") {
		out = append(out, name+" has a //go:embed directive; only "+r.EmbedOnly+" may read embedded files")
	}
	if r.NoClock {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "time" {
					switch sel.Sel.Name {
					case "Now", "Since", "Until":
						out = append(out, name+" reads the clock: time."+sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
	if r.Also != nil {
		out = append(out, r.Also(fset, f)...)
	}
	return out, nil
}

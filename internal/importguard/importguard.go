// Package importguard lets a package's tests hold it to a list of imports, so that
// a pure package (the rules, the ladder, the deadline arithmetic) cannot grow a
// dependency on I/O, the clock or the rest of the project unnoticed.
package importguard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Rules say what the non-test .go files of the current directory may use.
type Rules struct {
	// Allow reports whether an import path is allowed.
	Allow func(path string) bool
	// NoClock refuses time.Now, time.Since and time.Until: the package is handed
	// the times it needs.
	NoClock bool
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
// there is no file to check (a guard that reads nothing guards nothing).
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
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); !r.Allow(path) {
				t.Errorf("%s imports %s", name, path)
			}
		}
		if r.NoClock {
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "time" {
						switch sel.Sel.Name {
						case "Now", "Since", "Until":
							t.Errorf("%s reads the clock: time.%s", name, sel.Sel.Name)
						}
					}
				}
				return true
			})
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no source files found")
	}
}

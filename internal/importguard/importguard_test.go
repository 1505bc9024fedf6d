package importguard

import (
	"fmt"
	"go/ast"
	"go/token"
	"testing"
)

// recorder is a testing.TB that keeps the failures instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

// The guard must catch a forbidden import and a clock read in this very package
// (importguard.go imports go/ast and reads no clock).
func TestCheckCatches(t *testing.T) {
	r := &recorder{TB: t}
	Check(r, Rules{Allow: Only("go/parser", "go/token", "os", "path/filepath", "strconv", "strings", "testing")})
	if len(r.errs) != 1 {
		t.Fatalf("want one forbidden import (go/ast), got %q", r.errs)
	}
	r = &recorder{TB: t}
	Check(r, Rules{Allow: func(string) bool { return true }, NoClock: true})
	if len(r.errs) != 0 {
		t.Fatalf("clean file flagged: %q", r.errs)
	}
}

func TestCheckCatchesClock(t *testing.T) {
	t.Chdir("testdata/clock")
	r := &recorder{TB: t}
	Check(r, Rules{Allow: Only("time"), NoClock: true})
	if len(r.errs) != 1 {
		t.Fatalf("want the time.Since read, got %q", r.errs)
	}
}

// A package's own rule sees each file's syntax, and what it says is reported.
func TestCheckAsksAlso(t *testing.T) {
	r := &recorder{TB: t}
	var seen []string
	Check(r, Rules{Allow: func(string) bool { return true }, Also: func(fset *token.FileSet, f *ast.File) []string {
		seen = append(seen, fset.Position(f.Pos()).Filename)
		return []string{"no"}
	}})
	if len(seen) != 1 || seen[0] != "importguard.go" || len(r.errs) != 1 || r.errs[0] != "no" {
		t.Fatalf("Also saw %q and reported %q", seen, r.errs)
	}
}

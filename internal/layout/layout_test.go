package layout

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/internal/builtin"
)

const module = "github.com/shiloh-pbem/pbem/"

// systemPackage reports whether a package of ours is a rule system's.
func systemPackage(pkg string) bool { return strings.HasPrefix(pkg, "adjudicator/") }

// agnostic are the packages that serve every rule system: they may not import a
// system's package nor write one of its ids (ARCHITECTURE §2).
var agnostic = []string{"server", "store", "mail", "schedule", "ladder", "control", "demo", "orders", "render", "templates"}

// engineFree are the packages that import nothing of any engine, not even the
// contract.
var engineFree = []string{"store", "mail", "mail/mailtest", "schedule", "ladder", "control", "internal/mailbox", "internal/ops"}

// movingOff lists the packages that still import the Shiloh 1862 engine directly,
// each with the migration step (ARCHITECTURE §11) that takes it onto the contract.
// The list only shrinks: a package missing from it may not start.
var movingOff = map[string]string{
	"templates": "step 15: templates onto the shared views",
}

// mayImportSystems are the packages that import system packages by design.
var mayImportSystems = []string{"internal/builtin"}

// packages maps each of our non-test packages, by path below the module, to the
// packages of ours it imports.
func packages(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "testdata") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(p, 0)
		if err != nil {
			return nil // no Go files here, or only tests
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		for _, imp := range pkg.Imports {
			if strings.HasPrefix(imp, module) {
				out[rel] = append(out[rel], strings.TrimPrefix(imp, module))
			}
		}
		if _, ok := out[rel]; !ok {
			out[rel] = nil
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 20 {
		t.Fatalf("found only %d packages: is the walk looking at the module?", len(out))
	}
	return out
}

// problems lists every import that breaks the layers.
func problems(pkgs map[string][]string) []string {
	var out []string
	for pkg, imps := range pkgs {
		for _, imp := range imps {
			switch {
			case pkg == "adjudicator":
				out = append(out, pkg+" (the contract) imports "+imp)
			case systemPackage(pkg):
				if imp != "adjudicator" && !systemPackage(imp) && imp != "orders" {
					out = append(out, pkg+" (a rule system) imports "+imp)
				}
			case slices.Contains(engineFree, pkg) && (imp == "adjudicator" || systemPackage(imp)):
				out = append(out, pkg+" imports the engine's "+imp)
			case systemPackage(imp) && !slices.Contains(mayImportSystems, pkg) && movingOff[pkg] == "":
				out = append(out, pkg+" imports the rule system "+imp+": reach it through the registry")
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestLayers(t *testing.T) {
	pkgs := packages(t)
	for _, p := range problems(pkgs) {
		t.Error(p)
	}
	// An entry of movingOff that no longer imports a system is done: remove it,
	// so that the package cannot slide back.
	for pkg, step := range movingOff {
		if !slices.ContainsFunc(pkgs[pkg], systemPackage) {
			t.Errorf("%s no longer imports a rule system (%s): remove it from movingOff", pkg, step)
		}
	}
}

// The guard catches what it is for.
func TestLayersCatch(t *testing.T) {
	bad := map[string][]string{
		"adjudicator":            {"store"},
		"adjudicator/shiloh1862": {"server"},
		"store":                  {"adjudicator"},
		"ladder":                 {"adjudicator/antietam"},
		"control":                {"adjudicator/shiloh1862"},
		"schedule":               {"adjudicator/antietam"},
		"server":                 {"adjudicator", "store", "adjudicator/shiloh1862"},
		"render":                 {"adjudicator", "adjudicator/shiloh1862"},
		"cmd/pbem":               {"internal/builtin", "adjudicator/shiloh1862"},
	}
	if got := problems(bad); len(got) != len(bad) {
		t.Errorf("caught %d of %d: %v", len(got), len(bad), got)
	}
	fine := map[string][]string{
		"adjudicator/antietam": {"adjudicator", "orders"},
		"internal/builtin":     {"adjudicator", "adjudicator/antietam"},
		"templates":            {"adjudicator", "adjudicator/shiloh1862"},
		"cmd/pbem":             {"internal/builtin", "adjudicator", "server"},
	}
	if got := problems(fine); len(got) != 0 {
		t.Errorf("flagged allowed imports: %v", got)
	}
}

// No system-agnostic package writes a registered system's id or one of its
// scenarios' ids as a string in its code: defaults live in cmd/pbem's config,
// and stored games name their own.
func TestAgnosticPackagesNameNoSystem(t *testing.T) {
	reg := builtin.Systems()
	ids := append(reg.IDs(), reg.ScenarioIDs()...)
	root := filepath.Join("..", "..")
	seen := 0
	for _, pkg := range agnostic {
		files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pkg), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			seen++
			for _, lit := range stringLiterals(t, f) {
				if slices.Contains(ids, lit.value) {
					t.Errorf("%s:%d names %q: take it from the registry or the stored game", filepath.ToSlash(f), lit.line, lit.value)
				}
			}
		}
	}
	if seen < 50 {
		t.Fatalf("read only %d files", seen)
	}
}

type literal struct {
	value string
	line  int
}

func stringLiterals(t *testing.T, file string) []literal {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []literal
	ast.Inspect(f, func(n ast.Node) bool {
		if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING {
			if v, err := strconv.Unquote(b.Value); err == nil {
				out = append(out, literal{v, fset.Position(b.Pos()).Line})
			}
		}
		return true
	})
	return out
}

// The literal scan sees a system id written in code, and not one in a comment.
func TestStringLiteralsCatch(t *testing.T) {
	f := filepath.Join(t.TempDir(), "x.go")
	src := "package x\n\n// shiloh1862 in a comment is fine\nvar scenario = `shiloh1862`\nvar other = \"shiloh1862-day2\"\n"
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := stringLiterals(t, f)
	if len(got) != 2 || got[0] != (literal{"shiloh1862", 4}) || got[1] != (literal{"shiloh1862-day2", 5}) {
		t.Errorf("literals %v", got)
	}
}

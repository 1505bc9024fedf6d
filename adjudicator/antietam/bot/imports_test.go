package bot

import (
	"go/ast"
	"go/token"
	"testing"

	"github.com/shiloh-pbem/pbem/internal/importguard"
)

// The bot is pure like the engine (no clock, files or global randomness: its
// choices are a function of its view and its seed), and it sees only views
// (DESIGN §3).
var botRules = importguard.Rules{
	Allow: importguard.Only("errors", "fmt", "slices", "sync",
		"github.com/shiloh-pbem/pbem/adjudicator", "github.com/shiloh-pbem/pbem/adjudicator/antietam"),
	Also:     stateUses,
	MinFiles: 3,
}

// makesState are the calls that make a State from the truth, or take one to
// show it: the bot may call none of them.
var makesState = []string{"NewState", "DecodeState", "EncodeState", "Resolve", "View"}

// stateUses lists where a file of the bot could come to hold a State: naming
// the type (so no variable, field or parameter can have it), calling what makes
// one from the truth, or calling Believed other than as the very argument of
// CheckMoves or Contacts (so the believed position goes straight to the engine's
// checks and is gone).
func stateUses(fset *token.FileSet, f *ast.File) []string {
	var out []string
	say := func(n ast.Node, what string) {
		out = append(out, fset.Position(n.Pos()).String()+": "+what+"; the bot must decide from its view alone")
	}
	passed := map[*ast.CallExpr]bool{} // Believed calls handed straight to a check
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "CheckMoves" || sel.Sel.Name == "Contacts") {
			for _, a := range call.Args {
				if inner, ok := a.(*ast.CallExpr); ok {
					passed[inner] = true
				}
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && x.Sel.Name == "State" && (id.Name == "antietam" || id.Name == "adjudicator") {
				say(x, "names "+id.Name+".State")
			}
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok {
				break
			}
			for _, m := range makesState {
				if sel.Sel.Name == m {
					say(x, "calls "+m)
				}
			}
			if sel.Sel.Name == "Believed" && !passed[x] {
				say(x, "keeps what Believed returns instead of handing it to CheckMoves or Contacts")
			}
		}
		return true
	})
	return out
}

// TestBotSeesOnlyViews guards the package: its imports, and no State in any of
// its files.
func TestBotSeesOnlyViews(t *testing.T) { importguard.Check(t, botRules) }

// TestGuardCatches proves both guards can fail.
func TestGuardCatches(t *testing.T) {
	bad := map[string]string{
		"a.go": "package bot\nimport \"github.com/shiloh-pbem/pbem/adjudicator/antietam\"\nvar st *antietam.State\n",
		"b.go": "package bot\nfunc f(sc S) { sc.NewState(nil) }\n",
		"c.go": "package bot\nfunc f(sc S, st T) { _ = sc.View(st, 0) }\n",
		"d.go": "package bot\nfunc f(sc S, v V) { st := sc.Believed(v); sc.CheckMoves(st, nil) }\n",
		"e.go": "package bot\nfunc f(sc S, v V) { sc.Resolve(sc.Believed(v), nil, nil, nil) }\n",
		"f.go": "package bot\nfunc f(sc S, v V) { g(sc.Believed(v)) }\n",
	}
	for name, src := range bad {
		uses, err := importguard.Problems(botRules, name, []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(uses) == 0 {
			t.Errorf("%s: a State in the bot not caught:\n%s", name, src)
		}
	}
	good := "package bot\nfunc f(sc S, v V) { sc.CheckMoves(sc.Believed(v), nil); sc.Contacts(sc.Believed(v)) }\n"
	if uses, err := importguard.Problems(botRules, "good.go", []byte(good)); err != nil || len(uses) != 0 {
		t.Errorf("the allowed use flagged: %v %v", uses, err)
	}
	p, err := importguard.Problems(botRules, "os.go", []byte("package bot\nimport \"os\"\n"))
	if err != nil || len(p) == 0 {
		t.Errorf("import of os not caught: %v %v", p, err)
	}
}

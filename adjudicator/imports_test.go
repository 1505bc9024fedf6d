package adjudicator_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// engineImports is what a rules file of the engine may import: no clock, files,
// network, logging, global randomness or reflection (DESIGN §4, STYLE: a pure
// engine). Hashing is there for the dice stream.
var engineImports = []string{
	"bytes", "cmp", "crypto/hmac", "crypto/sha256", "encoding/binary", "encoding/json", "hash",
	"errors", "fmt", "math", "math/bits", "slices", "sort", "strconv", "strings",
	"unicode", "unicode/utf8",
}

// loaderImports are allowed in load.go only: it reads the embedded scenario files.
var loaderImports = []string{
	"embed", "io/fs", "path", "github.com/BurntSushi/toml",
}

// importProblems returns what is wrong with one engine file's imports.
func importProblems(name string, src []byte) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return nil, err
	}
	allowed := engineImports
	if name == "load.go" {
		allowed = append(slices.Clone(engineImports), loaderImports...)
	}
	var out []string
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if !slices.Contains(allowed, path) {
			out = append(out, name+" imports "+strconv.Quote(path))
		}
	}
	if name != "load.go" && strings.Contains(string(src), "//go:embed") {
		out = append(out, name+" has a //go:embed directive; only load.go reads embedded files")
	}
	return out, nil
}

// TestEngineImports guards the engine's purity file by file: every non-test .go file
// may import only engineImports, and load.go also loaderImports; only load.go may
// carry a //go:embed directive.
func TestEngineImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		checked++
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		problems, err := importProblems(name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, p := range problems {
			t.Errorf("%s: the engine may import only %v (load.go also %v)", p, engineImports, loaderImports)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d engine files checked; is the test running in the package directory?", checked)
	}
}

// TestImportGuardCatches proves the guard can fail.
func TestImportGuardCatches(t *testing.T) {
	bad := map[string]string{
		"battle.go":  "package adjudicator\nimport \"time\"\n",
		"supply.go":  "package adjudicator\nimport (\n\t\"math/rand\"\n\t\"fmt\"\n)\n",
		"view.go":    "package adjudicator\nimport _ \"embed\"\n//go:embed x\nvar x string\n",
		"command.go": "package adjudicator\nimport \"io/fs\"\n",
		"bot.go":     "package adjudicator\nimport \"math/rand/v2\"\n",
	}
	for name, src := range bad {
		p, err := importProblems(name, []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(p) == 0 {
			t.Errorf("%s: forbidden import not caught", name)
		}
	}
	p, err := importProblems("load.go", []byte("package adjudicator\nimport (\n\t\"embed\"\n\t\"io/fs\"\n)\n//go:embed scenarios\nvar files embed.FS\nvar _ fs.FS\n"))
	if err != nil || len(p) != 0 {
		t.Errorf("load.go with embed and io/fs flagged: %v %v", p, err)
	}
}

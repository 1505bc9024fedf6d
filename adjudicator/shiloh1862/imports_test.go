package shiloh1862_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/internal/importguard"
)

// engineImports is what a rules file of the engine may import: the contract, and
// no clock, files, network, logging, global randomness or reflection (DESIGN §4,
// STYLE: a pure engine). Hashing is there for the dice stream.
var engineImports = []string{
	"github.com/shiloh-pbem/pbem/adjudicator",
	"bytes", "cmp", "crypto/hmac", "crypto/sha256", "encoding/binary", "encoding/json", "hash",
	"errors", "fmt", "math", "math/bits", "slices", "sort", "strconv", "strings",
	"unicode", "unicode/utf8",
}

// loaderImports are allowed in load.go only: it reads the embedded scenario files.
var loaderImports = []string{
	"embed", "io/fs", "path", "github.com/shiloh-pbem/pbem/adjudicator/datafile",
}

// grammarImports are allowed in the grammar files only (grammar*.go): the order
// language is written over package orders, and the scenario's names are compiled
// once for every goroutine that reads orders. The rules never see either.
var grammarImports = []string{
	"github.com/shiloh-pbem/pbem/orders", "sync",
}

// engineRules hold every engine file to engineImports, load.go also to
// loaderImports, the grammar files to grammarImports; only load.go may carry a
// //go:embed directive.
var engineRules = importguard.Rules{
	AllowIn: func(file, path string) bool {
		return slices.Contains(engineImports, path) ||
			file == "load.go" && slices.Contains(loaderImports, path) ||
			strings.HasPrefix(file, "grammar") && slices.Contains(grammarImports, path)
	},
	EmbedOnly: "load.go",
	MinFiles:  10,
}

// importProblems returns what is wrong with one engine file's imports.
func importProblems(name string, src []byte) ([]string, error) {
	return importguard.Problems(engineRules, name, src)
}

// TestEngineImports guards the engine's purity file by file (DESIGN §4): see
// engineRules.
func TestEngineImports(t *testing.T) { importguard.Check(t, engineRules) }

// TestImportGuardCatches proves the guard can fail.
func TestImportGuardCatches(t *testing.T) {
	bad := map[string]string{
		"battle.go":  "package shiloh1862\nimport \"time\"\n",
		"supply.go":  "package shiloh1862\nimport (\n\t\"math/rand\"\n\t\"fmt\"\n)\n",
		"view.go":    "package shiloh1862\nimport _ \"embed\"\n//go:embed x\nvar x string\n",
		"command.go": "package shiloh1862\nimport \"io/fs\"\n",
		"bot.go":     "package shiloh1862\nimport \"math/rand/v2\"\n",
		"engine.go":  "package shiloh1862\nimport \"sync\"\n",
		"orders.go":  "package shiloh1862\nimport \"github.com/shiloh-pbem/pbem/orders\"\n",
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
	p, err := importProblems("load.go", []byte("package shiloh1862\nimport (\n\t\"embed\"\n\t\"io/fs\"\n)\n//go:embed scenarios\nvar files embed.FS\nvar _ fs.FS\n"))
	if err != nil || len(p) != 0 {
		t.Errorf("load.go with embed and io/fs flagged: %v %v", p, err)
	}
}

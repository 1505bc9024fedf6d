package antietam

import (
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/internal/importguard"
)

// pureImports is what a file of the package may import: the contract, and no
// clock, files, network, logging, global randomness or reflection (STYLE: a pure
// rule system). sync only makes the board's tables safe to fill lazily.
var pureImports = []string{
	"github.com/shiloh-pbem/pbem/adjudicator",
	"bytes", "cmp", "encoding/json", "errors", "fmt", "math", "slices", "sort", "strconv", "strings",
	"sync", "unicode", "unicode/utf8",
}

// loaderImports are allowed in load.go only: it reads the data files, the
// embedded ones once for every game (sync).
var loaderImports = []string{
	"embed", "io/fs", "path", "sync", "github.com/shiloh-pbem/pbem/adjudicator/datafile",
}

// grammarImports are allowed in the grammar*.go files only: the order language
// is written over package orders, which is pure too; the rules never read mail.
var grammarImports = []string{"github.com/shiloh-pbem/pbem/orders"}

var pureRules = importguard.Rules{
	AllowIn: func(file, path string) bool {
		return slices.Contains(pureImports, path) ||
			file == "load.go" && slices.Contains(loaderImports, path) ||
			strings.HasPrefix(file, "grammar") && slices.Contains(grammarImports, path)
	},
	EmbedOnly: "load.go",
	MinFiles:  5,
}

// TestPureImports guards the package's purity file by file: only load.go reads
// files or embeds.
func TestPureImports(t *testing.T) { importguard.Check(t, pureRules) }

// TestImportGuardCatches proves the guard can fail.
func TestImportGuardCatches(t *testing.T) {
	bad := map[string]string{
		"validate.go": "package antietam\nimport \"os\"\n",
		"charts.go":   "package antietam\nimport \"math/rand/v2\"\n",
		"scenario.go": "package antietam\nimport _ \"embed\"\n//go:embed x\nvar x string\n",
		"data.go":     "package antietam\nimport \"io/fs\"\n",
		"board.go":    "package antietam\nimport \"time\"\n",
		// the rules never read mail: only the grammar imports package orders
		"rule07_combat.go": "package antietam\nimport \"github.com/shiloh-pbem/pbem/orders\"\n",
		"grammar.go":       "package antietam\nimport \"os\"\n",
	}
	for name, src := range bad {
		p, err := importguard.Problems(pureRules, name, []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(p) == 0 {
			t.Errorf("%s: forbidden import not caught", name)
		}
	}
	p, err := importguard.Problems(pureRules, "load.go", []byte("package antietam\nimport (\n\t\"embed\"\n\t\"io/fs\"\n)\n//go:embed scenarios\nvar files embed.FS\nvar _ fs.FS\n"))
	if err != nil || len(p) != 0 {
		t.Errorf("load.go with embed and io/fs flagged: %v %v", p, err)
	}
	p, err = importguard.Problems(pureRules, "grammar_attack.go", []byte("package antietam\nimport \"github.com/shiloh-pbem/pbem/orders\"\nvar _ orders.Token\n"))
	if err != nil || len(p) != 0 {
		t.Errorf("a grammar file importing orders flagged: %v %v", p, err)
	}
}

package server

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/docs"
	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/templates"
)

// Every notice code the server says is one templates declares (NoticeCodes, and
// FrameCodes for the systems' nmr.* words), so a typo in a code cannot reach a
// player as "(notice.…)"; and every declared notice is said somewhere, so the
// wording file holds no dead entry. A prefix ("notice.did."+did) counts for
// every code under it.
func TestNoticeCodesAreSaid(t *testing.T) {
	declared := map[string]bool{}
	for _, c := range templates.NoticeCodes() {
		declared[c.Code] = true
	}
	for _, c := range templates.FrameCodes() {
		if strings.HasPrefix(c.Code, "nmr.") {
			declared[c.Code] = true
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	lit := regexp.MustCompile(`"((?:notice|nmr)\.[a-z0-9.-]*)"`)
	said, prefixes := map[string]bool{}, []string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(src), -1) {
			code := m[1]
			if strings.HasSuffix(code, ".") {
				prefixes = append(prefixes, code)
				continue
			}
			said[code] = true
			if !declared[code] {
				t.Errorf("%s says %s, which templates.NoticeCodes does not declare", f, code)
			}
		}
	}
	if len(said) < 50 {
		t.Fatalf("found %d notice codes in the server's source; the pattern no longer finds them", len(said))
	}
	for code := range declared {
		under := slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(code, p) })
		if !said[code] && !under {
			t.Errorf("%s is declared and worded, but the server never says it", code)
		}
	}
}

// Every built-in rule system has its player's guide, the answer to HELP.
func TestEveryBuiltInSystemHasAGuide(t *testing.T) {
	reg := builtin.Systems()
	for _, id := range reg.IDs() {
		if guide, ok := docs.PlayersGuide(id); !ok || !strings.HasPrefix(guide, "# ") {
			t.Errorf("system %s has no player's guide in package docs", id)
		}
	}
	if len(reg.IDs()) < 2 {
		t.Fatalf("the built-in registry holds %v", reg.IDs())
	}
}

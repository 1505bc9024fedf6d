package store

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/internal/importguard"
)

// TestImports keeps the store independent of the rules engine, mail, render
// and templates: it may import the standard library, bbolt and the
// internal/mailbox leaf (the players index keys by its Key).
func TestImports(t *testing.T) {
	importguard.Check(t, importguard.Rules{Allow: func(path string) bool {
		return !strings.Contains(path, ".") || strings.HasPrefix(path, "go.etcd.io/bbolt") ||
			path == "github.com/shiloh-pbem/pbem/internal/mailbox"
	}})
}

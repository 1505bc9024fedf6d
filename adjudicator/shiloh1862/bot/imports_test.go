package bot

import (
	"os"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/internal/importguard"
)

// The bot is pure like the engine (no clock, files or global randomness: its
// choices are a function of its view and its seed), and it sees only views: it
// names no State and calls nothing that takes one (DESIGN §3, fog by type).
func TestBotSeesOnlyViews(t *testing.T) {
	allowed := importguard.Only("errors", "slices", "github.com/shiloh-pbem/pbem/adjudicator", "github.com/shiloh-pbem/pbem/adjudicator/shiloh1862")
	importguard.Check(t, importguard.Rules{AllowIn: func(_, path string) bool { return allowed(path) }, MinFiles: 1})
	src, err := os.ReadFile("bot.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, banned := range []string{"shiloh1862.State", "shiloh1862.ViewOf", "shiloh1862.ResolveHour", "shiloh1862.CheckOrders", "shiloh1862.NewState", "adjudicator.State"} {
		if strings.Contains(string(src), banned) {
			t.Errorf("bot.go uses %s: the bot must decide from its view alone", banned)
		}
	}
}

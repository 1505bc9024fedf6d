package shiloh1862_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

var updateGoldenGames = flag.Bool("update-golden-games", false, "rewrite testdata/golden/games.txt from the engine")

// goldenGames is how many seeded bot games testdata/golden/games.txt pins.
const goldenGames = 200

// TestGoldenGames pins the engine's behaviour byte for byte: the hash of every
// report and the final state of seeded bot games must not change. Optimisations
// must keep it; a deliberate rules change rewrites the file with
// -update-golden-games and says why in its commit.
func TestGoldenGames(t *testing.T) {
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "golden", "games.txt")
	games := goldenGames
	if testing.Short() && !*updateGoldenGames {
		games = 20
	}
	var got bytes.Buffer
	for seed := range games {
		final, reports := playRandomGame(t, sc, uint64(seed), true, nil)
		sum := sha256.Sum256(append(reports, final...))
		fmt.Fprintf(&got, "%d %s\n", seed, hex.EncodeToString(sum[:]))
	}
	if *updateGoldenGames {
		if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wantLines := strings.Split(string(want), "\n")
	for i, line := range strings.Split(strings.TrimSuffix(got.String(), "\n"), "\n") {
		if i >= len(wantLines) || wantLines[i] != line {
			t.Fatalf("game %d played differently from testdata/golden/games.txt (got %q): the engine's behaviour changed", i, line)
		}
	}
}

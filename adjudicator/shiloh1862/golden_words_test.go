package shiloh1862_test

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

var updateGoldenWords = flag.Bool("update-golden-words", false, "rewrite testdata/golden/words.txt from the wording")

// wordsDigest hashes what people read of an hour, as templates words it: every
// viewer's report, the receipt's checks of orders for the hour, and the throws'
// log. testdata/golden/words.txt keeps the digests of the golden games, the
// cases and the rare-event probes; it was written when the engine still said
// all of it in English too, after the equivalence tests of step 14
// (docs/ARCHITECTURE.md §11) had found the phrases worded to that English.
type wordsDigest struct {
	reports, checks, throws hash.Hash
}

func newWordsDigest() *wordsDigest {
	return &wordsDigest{reports: sha256.New(), checks: sha256.New(), throws: sha256.New()}
}

func (d *wordsDigest) hour(t *testing.T, sc *shiloh1862.Scenario, before, after *shiloh1862.State, rep *shiloh1862.Report) {
	t.Helper()
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
		text, err := reportText(sc, shiloh1862.ViewReport(sc, before, rep, after, viewer))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(d.reports, "%s %s\n%s\n", before.Hour, viewer, text)
	}
	for _, th := range rep.Throws {
		fmt.Fprintf(d.throws, "%d %s\n", th.Value, whyText(sc, th.Why))
	}
}

// receipt adds the checks of one side's orders.
func (d *wordsDigest) receipt(sc *shiloh1862.Scenario, st *shiloh1862.State, side adjudicator.Side, o *shiloh1862.Orders) {
	for _, c := range shiloh1862.CheckOrders(sc, shiloh1862.KnowledgeOf(sc, st, side), o) {
		fmt.Fprintf(d.checks, "%s %s %d %s %s: %s | %s\n", st.Hour, side, c.Order.Index, c.Order.Kind, c.Status,
			whyText(sc, c.Why), whyText(sc, c.Hint))
	}
}

func (d *wordsDigest) line(name string) string {
	sum := func(h hash.Hash) string { return fmt.Sprintf("%x", h.Sum(nil)[:16]) }
	return fmt.Sprintf("%s reports=%s checks=%s throws=%s", name, sum(d.reports), sum(d.checks), sum(d.throws))
}

// TestGoldenWords holds the wording of the golden games, the cases and the
// probes of rare events to testdata/golden/words.txt: a change of a wording
// entry, or of what the engine says, shows as the game, case or probe whose
// reports, checks or throws read differently. A deliberate change of wording
// rewrites the file with -update-golden-words and says why in its commit.
func TestGoldenWords(t *testing.T) {
	var got []string
	games := goldenGameCount()
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range games {
		d := newWordsDigest()
		rng := rand.New(rand.NewPCG(uint64(seed), 17))
		playRandomGame(t, sc, uint64(seed), false, func(before, after *shiloh1862.State, rep *shiloh1862.Report) error {
			d.hour(t, sc, before, after, rep)
			for _, side := range adjudicator.Sides {
				d.receipt(sc, before, side, bot.RandomOrders(sc, sideView(sc, before, side), rng))
			}
			return nil
		})
		got = append(got, d.line(fmt.Sprintf("game %d", seed)))
	}
	for _, path := range caseFiles(t) {
		c := readCase(t, path)
		csc := caseScenario(t, c)
		run := runCase(t, csc, c)
		d := newWordsDigest()
		d.hour(t, csc, run.Before, run.After, run.Report)
		for _, side := range adjudicator.Sides {
			o, err := caseOrders(csc, c, side)
			if err != nil {
				t.Fatal(err)
			}
			d.receipt(csc, run.Before, side, o)
		}
		got = append(got, d.line("case "+strings.TrimSuffix(filepath.Base(path), ".txt")))
	}
	for _, p := range rareEvents {
		sc, run := playProbe(t, p.end, p.text)
		d := newWordsDigest()
		d.hour(t, sc, run.Before, run.After, run.Report)
		got = append(got, d.line("probe "+p.code))
	}
	path := filepath.Join("testdata", "golden", "words.txt")
	if *updateGoldenWords {
		if testing.Short() {
			t.Fatal("-update-golden-words needs every golden game: run it without -short")
		}
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		name, _, _ := strings.Cut(l, " reports=")
		want[name] = l
	}
	failed := 0
	for _, l := range got {
		name, _, _ := strings.Cut(l, " reports=")
		if want[name] != l {
			t.Errorf("%s reads differently from testdata/golden/words.txt:\n\tgot  %s\n\twant %s", name, l, want[name])
			if failed++; failed >= 10 {
				t.FailNow()
			}
		}
	}
	if len(got) < len(want) && !testing.Short() {
		t.Errorf("worded %d games, cases and probes; the file has %d", len(got), len(want))
	}
}

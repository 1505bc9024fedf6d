package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// TestCountsAgreeWithTheirNouns: Shiloh's counts say "1 battle" and "2 battles",
// never "1 battles" or "other(s)".
func TestCountsAgreeWithTheirNouns(t *testing.T) {
	say, err := Wording(contract(t))
	if err != nil {
		t.Fatal(err)
	}
	n := adjudicator.IntArg
	txt := adjudicator.TextArg
	for _, c := range []struct {
		p    adjudicator.Phrase
		want string
	}{
		{adjudicator.Say("progress", txt("player1", "CSA"), n("battles", 1), n("usa", 0), n("csa", 2)), "Player 1 CSA, 1 battle, VP USA 0 CSA 2"},
		{adjudicator.Say("progress", txt("player1", "CSA"), n("battles", 2), n("usa", 0), n("csa", 2)), "Player 1 CSA, 2 battles, VP USA 0 CSA 2"},
		{adjudicator.Say("summary.fallen", n("n", 1)), "1 Fallen HQ marker"},
		{adjudicator.Say("summary.fallen", n("n", 3)), "3 Fallen HQ markers"},
		{adjudicator.Say("summary.count.hq", n("n", 1)), "1 HQ"},
		{adjudicator.Say("summary.count.hq", n("n", 2)), "2 HQs"},
		{adjudicator.Say("summary.count.gunboat", n("n", 2)), "2 gunboats"},
		{adjudicator.Say("summary.count.infantry", n("n", 2)), "2 infantry"},
		{adjudicator.Say("ev.loss-tied", n("others", 1), n("strength", 2), adjudicator.PhrasesArg("order", adjudicator.Say("ev.loss-default"))), "tied with 1 other at strength 2; default"},
		{adjudicator.Say("ev.loss-tied", n("others", 2), n("strength", 2), adjudicator.PhrasesArg("order", adjudicator.Say("ev.loss-default"))), "tied with 2 others at strength 2; default"},
		{adjudicator.Say("ev.weaker", adjudicator.PhrasesArg("doctrine", adjudicator.Say("doctrine.withdraw-if-weaker")), n("steps", 1), n("enemy", 3)), "withdraw if weaker, 1 step against 3"},
		{adjudicator.Say("orders-count", adjudicator.PhrasesArg("parts", adjudicator.Say("orders-count.moves", n("n", 1)),
			adjudicator.Say("orders-count.battles", n("n", 1)), adjudicator.Say("orders-count.supply", n("n", 1)))), "1 move, 1 battle in sequence, supply list of 1 block"},
		{adjudicator.Say("receipt.summary.errors", adjudicator.PhrasesArg("count", adjudicator.Say("orders-count.moves", n("n", 0))), n("errors", 1)), "Summary: 0 moves; 1 line in error."},
		{adjudicator.Say("receipt.errors", n("n", 1)), "1 ERROR (this does not count as written):"},
	} {
		got := say(c.p)
		if !strings.Contains(got, c.want) { // the phrases' own arguments may add text around it
			t.Errorf("%s: %q, want %q", c.p, got, c.want)
		}
	}
	// and no count in the wording files is followed by a plural noun as plain text
	countBeforePlural := regexp.MustCompile(`\{(n|battles|steps|others|hits|errors|count)\} [a-z]+s\b|\(s\)`)
	for _, f := range []string{"shiloh1862.txt", "shared.txt"} {
		b, err := os.ReadFile(filepath.Join("words", f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range countBeforePlural.FindAllString(string(b), -1) {
			if m == "{n} areas" { // parse.move-far: three areas or more
				continue
			}
			t.Errorf("%s: %q: a count needs {key|one|many}", f, m)
		}
	}
}

package shiloh1862

import (
	"strings"
	"testing"
)

// lineStarts are the first words parseLine dispatches on, case by case (keep
// them in step with its switch). A player's line starting with one is an order of
// its own, even after a long line a mail client may have wrapped: the mail
// clean-up must never join it to the line before.
var lineStarts = []string{
	"activate", "activates", "activated", "act", "activation", "hq", "hqs", "command",
	"battles", "battle", "sequence", "seq",
	"at",
	"all", "everywhere", "default", "defaults", "doctrine", "standing",
	"hold", "withdraw", "retreat", "fight", "stand",
	"losses", "loss", "hits", "casualties", "spare", "protect",
	"pin", "pinning", "pins", "pinned",
	"regroup", "regroups",
	"supply", "supplies", "rebuild", "resupply", "replacements",
	"landing", "landings", "land", "lands",
	"arrival", "arrivals", "arrive",
	"delay", "holdback",
	"initiative", "init",
	"side",
	"orders",
}

func TestLineStartsAreNeverJoined(t *testing.T) {
	names := testNames(t)
	// A move of more than 60 characters: the line before may have been wrapped.
	move := "cleburne, wood, anderson, gladden, shaver, pond: seay field > rea field attack"
	if len(move) < 60 {
		t.Fatalf("the move line is %d characters: too short to test wrapping", len(move))
	}
	if _, probs := ParseOrders(move+"\n", names, CSA); len(probs) > 0 {
		t.Fatalf("the move alone has problems: %v", probs)
	}
	for _, w := range lineStarts {
		if !strings.Contains(" "+strings.Join(keywords, " ")+" ", " "+w+" ") {
			t.Errorf("%q starts an order line but is not among the keywords", w)
		}
		_, probs := ParseOrders(move+"\n"+w+" shiloh church\n", names, CSA)
		for _, p := range probs {
			if p.Line == 1 {
				t.Errorf("a line starting with %q was joined to the move before it: line 1: %s", w, testWording(p.Why))
			}
		}
	}
}

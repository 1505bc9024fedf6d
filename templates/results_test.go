package templates

import (
	"regexp"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/docs"
)

// reservesMail is the CSA's mail after the Battle Reserves Example, with the
// next hour's deadline.
func reservesMail(t *testing.T) *HourMail {
	t.Helper()
	sc := scenario(t)
	v := &shiloh1862.View{Scenario: sc.ID, Viewer: adjudicator.CSA, Mode: shiloh1862.VisBlocks, Hour: 2, Points: [2]int{0, 1}}
	m := hourMail(t, "g7", reserves(), v)
	m.Deadline = "Tue 3 Mar 2026 09:00 UTC"
	m.HasMap = true
	return m
}

// inOrder fails unless each of want is in s, each after the one before it.
func inOrder(t *testing.T, what, s string, want ...string) {
	t.Helper()
	at := 0
	for _, w := range want {
		i := strings.Index(s[at:], w)
		if i < 0 {
			t.Errorf("%s: %q not found after byte %d:\n%s", what, w, at, s)
			return
		}
		at += i + len(w)
	}
}

// The results mail reads top-down (issue 16): a short summary first (Player 1,
// each battle with its winner and both sides' losses, the points, the next
// deadline, the orders that failed and why), then the details, each fact once:
// the orders as carried out one line per order, what was seen of the enemy, the
// battles round by round, supply. The HTML has the same order, with the map
// between the summary and the details.
func TestResultsMailReadsTopDown(t *testing.T) {
	m := reservesMail(t)
	text, err := m.Text()
	if err != nil {
		t.Fatal(err)
	}
	inOrder(t, "text", text,
		"RESULTS OF Day 1 8AM",
		"CSA was Player 1",
		"CSA wins the battle of Rea Field; hits taken: USA 2, CSA 0; lost: Hildebrand",
		"Victory points: USA 0, CSA 1.",
		"Orders for Day 1 9AM are due by Tue 3 Mar 2026 09:00 UTC",
		"NEEDS YOUR ATTENTION",
		"line 4, move: dropped (Wood): the ford's move limit of 4 was used up [rule 3.32]",
		"DETAILS",
		"Your orders:",
		"Line 2: Cleburne, Shoup: Seay Field > Rea Field (attack), commanded by Hardee",
		"What you saw of the enemy:",
		"An enemy block: Water Oaks Pond > Rea Field",
		"Battle of Rea Field (CSA attacking)",
		"Round 2",
		"Supply:",
		"ORDERS FOR Day 1 9AM")
	for _, once := range []string{"Seay Field > Rea Field", "dropped (Wood)", "Victory points", "Tue 3 Mar 2026", "Hardee activated"} {
		if n := strings.Count(text, once); n > 1 {
			t.Errorf("the text tells %q %d times", once, n)
		}
	}
	if strings.Contains(text, "Carried out as written") {
		t.Errorf("the text still sums up the orders carried out apart from what they did:\n%s", text)
	}
	html, err := m.HTML()
	if err != nil {
		t.Fatal(err)
	}
	inOrder(t, "HTML", html,
		"Results of Day 1 8AM",
		"CSA was Player 1",
		"CSA wins the battle of Rea Field; hits taken: USA 2, CSA 0; lost: Hildebrand",
		"Victory points: USA 0, CSA 1.",
		"Tue 3 Mar 2026 09:00 UTC",
		"Needs your attention",
		"dropped (Wood)",
		`src="cid:map@pbem"`,
		"Details",
		"Your orders",
		"Line 2: Cleburne, Shoup: Seay Field &gt; Rea Field (attack), commanded by Hardee",
		"What you saw of the enemy",
		"Battle of Rea Field (CSA attacking)",
		"Supply",
		"Orders for Day 1 9AM")
	if n := len(regexp.MustCompile(`cid:map@pbem`).FindAllString(html, -1)); n != 1 {
		t.Errorf("the HTML shows the map %d times", n)
	}
}

// The results mail names the orders the turn unit was played with by the
// version and hash their receipt showed (docs/PLAYERS.md §8), and its supply
// section says how many SP were spent of those the side had.
func TestResultsMailShowsHashAndSupply(t *testing.T) {
	m := reservesMail(t)
	hash := strings.Repeat("5e", 32)
	m.Ran = []OrdersRun{{Side: "CSA", Version: 3, Hash: hash}}
	text, err := m.Text()
	if err != nil {
		t.Fatal(err)
	}
	html, err := m.HTML()
	if err != nil {
		t.Fatal(err)
	}
	inOrder(t, "text", text, "DETAILS", "Supply:\n  - CSA spent 1 of 3 SP [7.1].\n  - Cleburne rebuilt to strength 3",
		"Your orders as executed: version 3, hash "+hash+" (the hash on its receipt).", "ORDERS FOR Day 1 9AM")
	inOrder(t, "HTML", html, "Details", "CSA spent 1 of 3 SP [7.1].", "Your orders as executed: version 3, hash <code>"+hash+"</code>",
		"Orders for Day 1 9AM")
	m.Ran = []OrdersRun{{Side: "CSA"}}
	if text, err = m.Text(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Your orders as executed: none were received; your side played by its standing orders.") {
		t.Errorf("a side that sent nothing is not told so:\n%s", text)
	}
	gm := reservesMail(t)
	gm.Viewer = "GM"
	gm.Report.Viewer = "GM"
	gm.Ran = []OrdersRun{{Side: "USA", Version: 1, Hash: hash}, {Side: "CSA"}}
	if text, err = gm.Text(); err != nil {
		t.Fatal(err)
	}
	inOrder(t, "GM text", text, "USA orders as executed: version 1, hash "+hash, "CSA orders as executed: none were received")
}

// The player's guide describes the results mail with lines the mail prints.
func TestPlayersGuideQuotesTheResultsMail(t *testing.T) {
	text, err := reservesMail(t).Text()
	if err != nil {
		t.Fatal(err)
	}
	guide := strings.Join(strings.Fields(docs.Players), " ")
	for _, l := range []string{"Line 2: Cleburne, Shoup: Seay Field > Rea Field (attack), commanded by Hardee", "CSA spent 1 of 3 SP"} {
		if !strings.Contains(text, l) {
			t.Errorf("the mail lacks %q", l)
		}
	}
	for _, l := range []string{"Line 2: Cleburne, Shoup: Seay Field > Rea Field (attack), commanded by Hardee", "CSA spent 3 of 3 SP"} {
		if !strings.Contains(guide, l) {
			t.Errorf("docs/PLAYERS.md lacks %q", l)
		}
	}
}

package server

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/toysystem"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
)

// A second rule system plugs into the contract with no change to the
// system-agnostic packages (docs/ARCHITECTURE.md §9): the toy system of
// internal/toysystem, which no built-in registry holds, is played to its end by
// mail through a server whose registry holds it alone. Its player-turns
// alternate: only the side whose turn it is is asked for orders, reminded, or
// waited for; the other side's orders are answered and not played. Its reports,
// order forms and end-of-game record are worded by its own wording file, every
// hour mail carries its map, an attack throws the hour's die, and the stored
// game replays with no difference.
func TestToyGameByMail(t *testing.T) {
	reg, err := adjudicator.NewRegistry(toysystem.SystemID, toysystem.System)
	if err != nil {
		t.Fatal(err)
	}
	clk := newFakeClock()
	r := newRigWith(t, clk.Now, func(c *Config) { c.Registry, c.DefaultScenario = reg, toysystem.ScenarioID })
	ctx := context.Background()
	pol := schedule.Policy{HourLength: 24 * time.Hour, Grace: 6 * time.Hour, ReminderBefore: 4 * time.Hour}
	if _, err := r.srv.CreateGame(ctx, NewGame{ID: "toy1", USA: alice, CSA: bob, GM: gm, Deadline: pol}); err != nil {
		t.Fatal(err)
	}
	if g := r.game("toy1"); g.Ruleset != toysystem.SystemID || g.Scenario != toysystem.ScenarioID {
		t.Fatalf("the game records ruleset %q, scenario %q", g.Ruleset, g.Scenario)
	}
	firstA := r.toyMail(alice, "T1-USA: USA orders due", 1)
	firstB := r.toyMail(bob, "T1-USA: your opponent moves (CSA)", 1)
	r.toyMail(gm, "T1-USA", 1)
	toyHas(t, "USA's first mail", firstA.Text, "ORDERS FOR T1-USA", "ORDERS USA T1-USA\n",
		"# 1st Ohio (ohio) in 0101: next to 0102, 0201", "# 2nd Iowa (iowa) in 0103: next to", "\nEND\n")
	toyHas(t, "CSA's first mail", firstB.Text, "It is the USA player-turn: no orders are due from you.")
	toyHasNot(t, "CSA's first mail", firstB.Text, "ORDERS CSA", "ORDERS FOR", "Reply to this mail with your orders")
	replyA, replyB := replyTo(t, firstA), replyTo(t, firstB)

	// HELP in a system this program ships no guide for says so, and where to ask.
	r.send(bob, replyB, "help", "HELP\n")
	help := r.toyMail(bob, "Player's guide", 1)
	saysWrapped(t, "CSA's HELP", help.Text, "no player's guide for the rules of game toy1 (toy); ask your GM")

	// T1-USA. Near the deadline, only the side whose turn it is is reminded.
	clk.Advance(21 * time.Hour)
	if r.tick() != 0 {
		t.Fatal("T1-USA resolved before its deadline")
	}
	r.toyMail(alice, "Reminder: orders for T1-USA due", 1)
	if got := r.game("toy1").Deadline.Reminded; len(got) != 1 || got[0] != "usa" {
		t.Errorf("reminded %v, want the USA only", got)
	}
	// The CSA writes out of turn: a receipt says its orders are not played, and
	// they do not make the turn unit resolve.
	r.send(bob, replyB, "orders", "move texas 0301\n")
	rc := r.toyMail(bob, "Orders received for T1-USA (v1) with 1 error", 1)
	toyHas(t, "CSA's receipt", rc.Text, "it is the USA player-turn, and only the side whose player-turn it is moves")
	if r.tick() != 0 || r.game("toy1").CurrentHour != 0 {
		t.Fatal("T1-USA resolved on the CSA's orders")
	}
	r.send(alice, replyA, "orders", "ORDERS USA T1-USA\nmove ohio 0201\nEND\n")
	r.toyMail(alice, "Orders received for T1-USA (v1)", 1)
	repA := r.toyMail(alice, "T1-USA results, T1-CSA: your opponent moves (USA)", 1)
	repB := r.toyMail(bob, "T1-USA results, T1-CSA orders due (CSA)", 1)
	toyHas(t, "CSA's T1-USA report", repB.Text, "RESULTS OF T1-USA", "1st Ohio moved from 0101 to 0201.",
		"Your orders were not played: it is the USA player-turn", "ORDERS CSA T1-CSA\n", "# 3rd Texas (texas) in 0401: next to")
	toyHas(t, "USA's T1-USA report", repA.Text, "Carried out as written: 1 move.", "1st Ohio moved from 0101 to 0201.",
		"It is the CSA player-turn: no orders are due from you.")
	toyHasNot(t, "USA's T1-USA report", repA.Text, "Your orders were not played", "No orders were received from you")

	// T1-CSA, then T2-USA: the Union attacks, and the hour's die decides.
	r.send(bob, replyB, "orders", "move 3rd texas to 0301\n")
	toyHas(t, "USA's T1-CSA report", r.toyMail(alice, "T1-CSA results, T2-USA orders due (USA)", 1).Text,
		"3rd Texas moved from 0401 to 0301.")
	r.send(alice, replyA, "orders", "move ohio 0301\n")
	attack := r.toyMail(bob, "T2-USA results, T2-CSA orders due (CSA)", 1).Text
	m := regexp.MustCompile(`1st Ohio attacked 3rd Texas from 0201: the die rolled (\d), `).FindStringSubmatch(attack)
	if m == nil {
		t.Fatalf("no attack in the CSA's T2-USA report:\n%s", attack)
	}
	die, _ := strconv.Atoi(m[1])
	t.Logf("the attack of T2-USA rolled %d", die)
	won := die >= 4
	if won {
		toyHas(t, "CSA's T2-USA report", attack, "3rd Texas is eliminated and 1st Ohio moves in.", "3rd Texas (CSA) was eliminated.")
	} else {
		toyHas(t, "CSA's T2-USA report", attack, "under 4: 3rd Texas holds its ground.")
	}
	toyHas(t, "USA's T2-USA report", r.toyMail(alice, "T2-USA results", 1).Text, m[0])

	// The rest stand: T2-CSA, T3-USA, and the last player-turn ends the game.
	r.send(bob, replyB, "orders", "hold\n")
	r.toyMail(alice, "T2-CSA results, T3-USA orders due", 1)
	r.send(alice, replyA, "orders", "hold\n")
	r.toyMail(bob, "T3-USA results, T3-CSA orders due", 1)
	r.send(bob, replyB, "orders", "hold\n")
	result := "The skirmish is a draw: USA 2, CSA 2 units left."
	if won {
		result = "USA wins the skirmish with more units left: USA 2, CSA 1."
	}
	for _, who := range []string{alice, bob, gm} {
		final := r.toyMail(who, "Game over", 1)
		toyHas(t, who+"'s last mail", final.Text, "RESULTS OF T3-CSA", "END OF GAME", result, "USA lost no units.",
			"T2-USA: USA moved", "-- USA --\nmove ohio 0301\n", "-- CSA --\n(no orders)")
		if !toyAttached(final, "casualties.png") {
			t.Errorf("%s's last mail has no casualty chart", who)
		}
		r.toyMail(who, "End-of-game record", 1)
	}
	g := r.game("toy1")
	if g.Status != store.StatusFinished {
		t.Fatalf("the game is %s", g.Status)
	}
	for _, side := range []string{"usa", "csa"} {
		if p := g.Players[side]; p.NMRs != 0 || p.Late != 0 {
			t.Errorf("%s counted %d NMRs and %d late: a side that was not asked was never late", side, p.NMRs, p.Late)
		}
	}

	// Every hour mail carried its map, a PNG.
	maps := 0
	for _, raw := range r.rawTo(alice, bob, gm) {
		for _, img := range toyPNGs(t, raw) {
			if _, err := png.Decode(bytes.NewReader(img)); err != nil {
				t.Fatalf("a map is not a PNG: %v", err)
			}
			maps++
		}
	}
	if want := 3 * (6 + 1 + 1); maps != want { // three readers, seven hour mails each with a map, and the chart
		t.Errorf("%d PNGs mailed, want %d", maps, want)
	}

	// The stored game replays exactly.
	rec := exportGame(t, r.st, "toy1")
	if diffs, err := VerifyRecord(reg, rec); err != nil || len(diffs) > 0 {
		t.Fatalf("replay: %v %v", diffs, err)
	}
	if len(rec.Hours) != 6 {
		t.Errorf("%d turn units stored, want 6", len(rec.Hours))
	}
}

// toyMail waits for the n-th mail to addr whose subject contains s.
func (r *rig) toyMail(addr, s string, n int) *mail.Inbound {
	r.t.Helper()
	var found *mail.Inbound
	r.waitFor(addr+": "+s, func() bool {
		k := 0
		for _, m := range r.mailsTo(addr) {
			if strings.Contains(m.Subject, s) {
				if k++; k == n {
					found = m
					return true
				}
			}
		}
		return false
	})
	return found
}

// rawTo returns the raw mails sent to any of the addresses.
func (r *rig) rawTo(addrs ...string) [][]byte {
	var out [][]byte
	for _, m := range r.ms.Received() {
		for _, to := range m.To {
			for _, a := range addrs {
				if strings.EqualFold(to, a) {
					out = append(out, m.Raw)
				}
			}
		}
	}
	return out
}

// toyPNGs returns the bodies of a mail's image/png parts.
func toyPNGs(t *testing.T, raw []byte) [][]byte {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(p.Header.Get("Content-Type"), "image/png") {
			b, err := io.ReadAll(p.Body)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
	}
}

func toyAttached(in *mail.Inbound, name string) bool {
	for _, a := range in.Attachments {
		if a.Filename == name && a.ContentType == "image/png" && a.Size > 0 {
			return true
		}
	}
	return false
}

func toyHas(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

func toyHasNot(t *testing.T, what, text string, not ...string) {
	t.Helper()
	for _, w := range not {
		if strings.Contains(text, w) {
			t.Errorf("%s says %q:\n%s", what, w, text)
		}
	}
}

// saysWrapped checks a notice's sentences whatever its line breaks: the
// notices are worded from entries and wrapped for a plain-text mail
// (templates.Notices), so a sentence may run over two lines.
func saysWrapped(t *testing.T, what, text string, want ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(text), " ")
	for _, w := range want {
		if !strings.Contains(flat, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

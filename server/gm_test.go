package server

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

const gmPass = "gunboat7"

// newGMRig is a rig on a fake clock with gm@ as the club's GM.
func newGMRig(t *testing.T) (*rig, *fakeClock) {
	clk := newFakeClock()
	r := newRigWith(t, clk.Now, func(c *Config) {
		c.GMs = []string{gm}
		c.GMSecrets = map[string]string{gm: gmPass}
	})
	return r, clk
}

// gmSend sends GM commands with the passphrase and waits for the GM's answer.
func (r *rig) gmSend(to, body string) *mail.Inbound {
	r.t.Helper()
	before := r.countSubject(gm, "GM commands")
	r.send(gm, to, "gm", body+"\nPASSPHRASE "+gmPass+"\n")
	r.waitFor("GM answer", func() bool { return r.countSubject(gm, "GM commands") == before+1 })
	var last *mail.Inbound
	for _, m := range r.mailsTo(gm) {
		if strings.Contains(m.Subject, "GM commands") {
			last = m
		}
	}
	if strings.Contains(last.Text, "NOT DONE") {
		r.t.Fatalf("GM command failed:\n%s", last.Text)
	}
	return last
}

// lastTo returns the newest mail to addr whose subject contains s.
func (r *rig) lastTo(addr, s string) *mail.Inbound {
	r.t.Helper()
	var last *mail.Inbound
	for _, m := range r.mailsTo(addr) {
		if strings.Contains(m.Subject, s) {
			last = m
		}
	}
	if last == nil {
		r.t.Fatalf("no mail to %s with %q in the subject; got %q", addr, s, r.subjects(addr))
	}
	return last
}

func (r *rig) hour(id string, n int) *store.HourRecord {
	r.t.Helper()
	var h *store.HourRecord
	if err := r.st.View(func(tx *store.Tx) error {
		var err error
		h, err = tx.Hour(id, n)
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	return h
}

func (r *rig) audit(id string) []store.AuditRecord {
	r.t.Helper()
	var recs []store.AuditRecord
	if err := r.st.View(func(tx *store.Tx) error {
		var err error
		recs, err = tx.AuditChain(id)
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	return recs
}

// Every GM command by mail, in the life of one double-blind game: NEWGAME,
// EXTEND, PAUSE, RESUME, PREDICT, FORCE, ROLLBACK, REPLACE and ANNOUNCE, each
// logged in the audit chain; a wrong passphrase or a forged GM does nothing.
func TestGMCommands(t *testing.T) {
	r, clk := newGMRig(t)
	plain, game := "pbem@"+testDomain, mail.GameAddress("pbem", testDomain, "gmg")

	// A forged sender, and the GM with a wrong passphrase, create nothing.
	r.send(gm, plain, "new", "NEWGAME bad usa="+alice+" csa="+bob+"\nPASSPHRASE wrong\n")
	r.waitFor("refusal", func() bool { return r.countSubject(gm, "refused") == 1 })
	r.send("mallory@"+testDomain, plain, "new", "NEWGAME bad2 usa="+alice+" csa="+bob+"\nPASSPHRASE "+gmPass+"\n")
	r.waitFor("stranger answered", func() bool { return len(r.mailsTo("mallory@"+testDomain)) == 1 })
	if gs, _ := r.srv.Games(); len(gs) != 0 {
		t.Fatalf("games created without authentication: %d", len(gs))
	}

	r.gmSend(plain, "NEWGAME gmg usa="+alice+" csa="+bob+" visibility=double-blind hours=24h remind=4h grace=2h")
	r.waitFor("first mails", func() bool {
		return len(r.mailsTo(alice)) == 1 && len(r.mailsTo(bob)) == 1 && r.countSubject(gm, "Day 1 7AM:") == 1
	})
	g := r.game("gmg")
	if g.Options.Visibility != store.VisibilityDoubleBlind || g.GM != gm || !g.Deadline.Next.Equal(clk.Now().Add(24*time.Hour)) {
		t.Fatalf("game as created: %+v", g)
	}
	// The GM of a double-blind game gets a summary with the full map, drawn from
	// the GM's view.
	gmMail := r.lastTo(gm, "Day 1 7AM:")
	if !strings.Contains(gmMail.Subject, "GM summary") || len(gmMail.Attachments) != 1 || gmMail.Attachments[0].Filename != "gmg-day17am-gm.png" {
		t.Errorf("the GM's mail is not the summary with the full map: %q %+v", gmMail.Subject, gmMail.Attachments)
	}

	r.gmSend(game, "EXTEND 24h")
	r.waitFor("extension notices", func() bool { return r.countSubject(alice, "extended") == 1 && r.countSubject(bob, "extended") == 1 })
	if want := g.Deadline.Next.Add(24 * time.Hour); !r.game("gmg").Deadline.Next.Equal(want) {
		t.Errorf("deadline %v, want %v", r.game("gmg").Deadline.Next, want)
	}

	r.gmSend(game, "PAUSE")
	clk.Advance(5 * 24 * time.Hour)
	if r.tick() != 0 || r.game("gmg").Status != store.StatusPaused {
		t.Fatal("a paused game resolved")
	}
	r.gmSend(game, "RESUME")
	if g := r.game("gmg"); g.Status != store.StatusRunning || !g.Deadline.Next.Equal(clk.Now().Add(48*time.Hour)) {
		t.Fatalf("resumed: %s, deadline %v", g.Status, g.Deadline.Next)
	}
	// The players' notices are worded from shared.txt (notice.*).
	saysWrapped(t, "extension notice", r.lastTo(alice, "Deadline extended").Text, "The GM extended the deadline of game gmg by 24h. Orders are now due")
	saysWrapped(t, "pause notice", r.lastTo(alice, "Game paused").Text, "The GM paused game gmg: the clock is stopped and nothing is played until it resumes.")
	saysWrapped(t, "resume notice", r.lastTo(bob, "Game resumed").Text, "The GM resumed game gmg. Orders are due")

	r.send(bob, replyTo(t, r.mailsTo(bob)[0]), "orders", "at all: hold\n")
	r.waitFor("CSA receipt", func() bool { return r.countSubject(bob, "Orders received") == 1 })
	nAlice := len(r.mailsTo(alice))
	r.gmSend(game, "PREDICT")
	r.waitFor("prediction", func() bool { return r.countSubject(gm, "PREDICTION") == 1 })
	if p := r.lastTo(gm, "PREDICTION"); !strings.Contains(p.Text, "RESULTS OF Day 1 7AM") || !strings.Contains(p.Text, "throwaway dice") {
		t.Errorf("prediction:\n%.500s", p.Text)
	}
	if r.hour("gmg", 0).Resolved() || len(r.mailsTo(alice)) != nAlice {
		t.Fatal("PREDICT changed the game or told a player")
	}

	r.gmSend(game, "FORCE")
	r.waitFor("forced reports", func() bool { return r.countSubject(alice, "8AM") == 1 && r.countSubject(bob, "8AM") == 1 })
	first := r.hour("gmg", 0)
	if !strings.HasPrefix(r.lastTo(alice, "8AM").Text, "No orders were received from you") {
		t.Error("forced hour: the USA mail does not say it was an NMR")
	}

	r.gmSend(game, "ROLLBACK")
	r.waitFor("rollback mails", func() bool {
		return r.countSubject(alice, "rolled back") == 1 && r.countSubject(alice, "Day 1 7AM:") == 2 && r.countSubject(bob, "Day 1 7AM:") == 2
	})
	saysWrapped(t, "rollback notice", r.lastTo(alice, "Day 1 7AM rolled back").Text,
		"The GM rolled back game gmg to the start of Day 1 7AM.", "Day 1 7AM is played again with new dice")
	re := r.hour("gmg", 0)
	if re.Resolved() || re.SeedCommitment == first.SeedCommitment || len(re.OrderSets["csa"]) != 1 {
		t.Fatalf("re-opened hour: resolved %v, same commitment %v, csa orders %d", re.Resolved(), re.SeedCommitment == first.SeedCommitment, len(re.OrderSets["csa"]))
	}
	if !strings.Contains(r.lastTo(alice, "Day 1 7AM:").Text, re.SeedCommitment.String()) {
		t.Error("the re-opened hour's mail does not carry the new commitment")
	}
	if err := r.st.VerifyChain("gmg"); err != nil {
		t.Fatalf("chain after rollback: %v", err)
	}

	// The CSA player is replaced: the new one gets the view and a fresh address;
	// the old address no longer works.
	oldBob := replyTo(t, r.mailsTo(bob)[0])
	r.gmSend(game, "REPLACE csa dave@"+testDomain)
	dave := "dave@" + testDomain
	r.waitFor("new player's mail", func() bool { return r.countSubject(dave, "Day 1 7AM:") == 1 })
	if r.countSubject(bob, "replaced") != 1 || r.countSubject(alice, "New opponent") != 1 {
		t.Errorf("replacement notices: bob %q, alice %q", r.subjects(bob), r.subjects(alice))
	}
	daveAddr := replyTo(t, r.lastTo(dave, "Day 1 7AM:"))
	if daveAddr == oldBob {
		t.Fatal("the new player got the old secret address")
	}
	nBob := len(r.mailsTo(bob))
	r.send(bob, oldBob, "orders", "at all: hold\n")
	r.send(dave, daveAddr, "orders", "at all: hold\n")
	r.waitFor("dave's receipt", func() bool { return r.countSubject(dave, "Orders received") == 1 })
	r.send(alice, replyTo(t, r.mailsTo(alice)[0]), "orders", "at all: hold\n")
	r.waitFor("re-played hour", func() bool { return r.countSubject(alice, "8AM") == 2 && r.countSubject(dave, "8AM") == 1 })
	if n := len(r.mailsTo(bob)); n > nBob+1 {
		t.Errorf("the old player's address still answered: %q", r.subjects(bob)[nBob:])
	}
	h0 := r.hour("gmg", 0)
	if bytes.Equal(h0.Seed, first.Seed) || store.Commitment(h0.Seed) != re.SeedCommitment {
		t.Error("the re-played hour did not use the new committed seed")
	}
	if diffs, err := ReplayHour(rulesOf(t, "shiloh1862"), h0); err != nil || len(diffs) > 0 {
		t.Fatalf("replay of the re-played hour: %v %v", diffs, err)
	}

	r.gmSend(game, "ANNOUNCE Heavy rain tonight.\nThe next deadline stands.")
	r.waitFor("announcement", func() bool {
		return r.countSubject(alice, "Announcement") == 1 && r.countSubject(dave, "Announcement") == 1
	})
	if a := r.lastTo(dave, "Announcement"); !strings.Contains(a.Text, "Heavy rain tonight.\nThe next deadline stands.") || strings.Contains(a.Text, gmPass) {
		t.Errorf("announcement text:\n%s", a.Text)
	}

	// The chain logs every action; the old seed stays revealed in it.
	var kinds []string
	oldSeedKept := false
	for _, rec := range r.audit("gmg") {
		if rec.Kind == store.AuditGMAction || rec.Kind == store.AuditRollback {
			kinds = append(kinds, strings.Fields(rec.Text)[0])
		}
		if bytes.Equal(rec.Seed, first.Seed) {
			oldSeedKept = true
		}
	}
	want := "NEWGAME EXTEND PAUSE RESUME PREDICT: FORCE: ROLLBACK: REPLACE ANNOUNCE"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("GM actions in the chain: %s\nwant %s", got, want)
	}
	if !oldSeedKept {
		t.Error("the rolled-back hour's seed is gone from the chain")
	}
	if err := r.st.VerifyChain("gmg"); err != nil {
		t.Fatal(err)
	}
}

// A double-blind game by mail: the USA's actual hour mail is what its view
// gives, and permuting the CSA's hidden facts in the game's real position leaves
// every byte of it unchanged.
func TestDoubleBlindGameFog(t *testing.T) {
	r, _ := newGMRig(t)
	r.gmSend("pbem@"+testDomain, "NEWGAME fog usa="+alice+" csa="+bob+" visibility=double-blind")
	r.waitFor("first mails", func() bool { return len(r.mailsTo(alice)) == 1 && len(r.mailsTo(bob)) == 1 })
	r.send(bob, replyTo(t, r.mailsTo(bob)[0]), "orders", "at all: hold\n")
	r.send(alice, replyTo(t, r.mailsTo(alice)[0]), "orders", "at all: hold\n")
	r.waitFor("reports", func() bool { return r.countSubject(alice, "8AM") == 1 })
	h := r.hour("fog", 1)
	st, err := shiloh1862.UnmarshalState(h.StateAtStart)
	if err != nil {
		t.Fatal(err)
	}
	if st.Options.Visibility != shiloh1862.VisDoubleBlind {
		t.Fatalf("state visibility %q", st.Options.Visibility)
	}
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	g := r.game("fog")
	usa := recipient{viewer: adjudicator.USA, addr: alice}
	base, err := r.srv.hourMail(g, rulesOf(t, "shiloh1862"), nil, nil, st, h.SeedCommitment, nil, usa)
	if err != nil {
		t.Fatal(err)
	}
	alt := st.Clone()
	n := 0
	for i, b := range alt.Blocks {
		if sc.OB.Block(b.ID).Side == adjudicator.CSA && b.Where == shiloh1862.OnMap && b.Strength > 1 {
			alt.Blocks[i].Strength--
			n++
		}
	}
	if n == 0 {
		t.Fatal("no CSA block to weaken")
	}
	m2, err := r.srv.hourMail(g, rulesOf(t, "shiloh1862"), nil, nil, alt, h.SeedCommitment, nil, usa)
	if err != nil {
		t.Fatal(err)
	}
	if base.Text != m2.Text || base.HTML != m2.HTML || !bytes.Equal(base.MapPNG, m2.MapPNG) {
		t.Error("the USA's double-blind mail depends on CSA strengths")
	}
	if got := r.lastTo(alice, "8AM"); got.Text != base.Text && !strings.Contains(got.Text, "RESULTS OF") {
		t.Error("the USA's mail is not built from its view")
	}
}

// Who plays: NEWGAME and REPLACE refuse one player on both sides, a
// replacement already in the game (himself included) and an address without a
// domain, each with its reason; nothing is changed and nobody is mailed.
func TestGMWhoPlays(t *testing.T) {
	d := newDesk(t)
	for _, c := range []struct{ cmd, why string }{
		{"NEWGAME w1 usa=" + alice + " csa=ALICE@" + testDomain, "NOT DONE: " + alice + " cannot play both sides"},
		{"NEWGAME w2 usa=erin csa=" + bob, `NOT DONE: usa=erin: "erin" is not a mail address`},
		{"NEWGAME w3 usa=" + alice + " csa=bob@", `NOT DONE: csa=bob@: "bob@" is not a mail address`},
	} {
		if got := d.gm("", c.cmd); !strings.Contains(got, c.why) {
			t.Errorf("%s:\n got %q\nwant %q", c.cmd, got, c.why)
		}
	}
	if gs, _ := d.srv.Games(); len(gs) != 0 {
		t.Fatalf("%d games created", len(gs))
	}
	if got := d.gm("", "NEWGAME w4 usa="+alice+" csa="+bob); !strings.Contains(got, "done. Game w4 started") {
		t.Fatalf("NEWGAME: %q", got)
	}
	nAlice, nBob := len(d.to(alice)), len(d.to(bob))
	for _, c := range []struct{ cmd, why string }{
		{"REPLACE csa Bob@" + testDomain, "NOT DONE: Bob@" + testDomain + " already plays CSA in game w4"},
		{"REPLACE usa " + bob, "NOT DONE: " + bob + " already plays CSA in game w4; one player cannot take both sides"},
		{"REPLACE csa erin", `NOT DONE: "erin" is not a mail address`},
	} {
		if got := d.gm("w4", c.cmd); !strings.Contains(got, c.why) {
			t.Errorf("%s:\n got %q\nwant %q", c.cmd, got, c.why)
		}
	}
	g := d.game("w4")
	if g.Players["usa"].Address != alice || g.Players["csa"].Address != bob || len(g.Departed) != 0 {
		t.Errorf("players changed: %+v, departed %+v", g.Players, g.Departed)
	}
	if len(d.to(alice)) != nAlice || len(d.to(bob)) != nBob || len(d.to("erin")) != 0 {
		t.Errorf("players were mailed: alice %q, bob %q", d.subjects(alice)[nAlice:], d.subjects(bob)[nBob:])
	}
}

// A GM who gave the right passphrase is always answered: a mistyped command
// gets "unknown command" with the likely one, never the strangers' reply, and
// the strangers' daily limit does not silence the GM's next mails.
func TestGMAlwaysAnswered(t *testing.T) {
	d := newDesk(t)
	d.gm("", "NEWGAME g1 usa="+alice+" csa="+bob)
	// A mail without the passphrase and without a GM command is a stranger's.
	d.mail(gm, "pbem@"+testDomain, "hello\n")
	about := func() int { return strings.Count(strings.Join(d.subjects(gm), "\n"), "About your mail") }
	if about() != 1 {
		t.Fatalf("the GM's mails: %q", d.subjects(gm))
	}
	for _, c := range []struct{ to, cmd, want string }{
		{"g1", "EXTNED 24h", "EXTNED 24h: NOT DONE: unknown command (did you mean EXTEND?)"},
		{"g1", "PAUS", "PAUS: NOT DONE: unknown command (did you mean PAUSE?)"},
		{"", "frobnicate g1", "FROBNICATE g1: NOT DONE: unknown command (HELP lists the commands)"},
		{"", "HELP", "HELP: "},
		{"", "STATUS g1", "STATUS g1: "},
		{"", "GAMES", "GAMES: "},
		{"", "JOIN g1", "JOIN g1: NOT DONE: JOIN is a player's command: send it without the PASSPHRASE line"},
	} {
		if got := d.gm(c.to, c.cmd); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q...", c.cmd, got, c.want)
		}
	}
	if n := about(); n != 1 {
		t.Errorf("the GM got the strangers' reply %d times", n)
	}
}

// Several commands in one mail: each line gets its own answer, in order, the
// bad ones included.
func TestGMEveryLineAnswered(t *testing.T) {
	d := newDesk(t)
	d.gm("", "NEWGAME g1 usa="+alice+" csa="+bob)
	got := d.gm("g1", "PAUSE\nEXTEND soon\nthanks!\nRESUME\nRESUME\nHISTORY")
	lines := strings.Split(strings.TrimSpace(got), "\n")
	want := []string{"PAUSE: done.", "EXTEND soon: NOT DONE: bad duration", "THANKS!: NOT DONE: unknown command",
		"RESUME: done.", "RESUME: NOT DONE: game g1 is not paused", "HISTORY: NOT DONE: HISTORY is a player's command"}
	if len(lines) != len(want) {
		t.Fatalf("%d answers for 6 lines:\n%s", len(lines), got)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("answer %d: %q, want %q...", i+1, lines[i], w)
		}
	}
}

// ANNOUNCE takes every line after it, even one that starts with a command
// word: it is the announcement's text, not a command.
func TestGMAnnounceTakesTheRest(t *testing.T) {
	d := newDesk(t)
	d.gm("", "NEWGAME g1 usa="+alice+" csa="+bob)
	got := d.gm("g1", "ANNOUNCE Orders of the day:\nPause at the river, then force the crossing.")
	if strings.Count(got, "\n") != 1 || d.game("g1").Status != store.StatusRunning {
		t.Errorf("answer %q, status %s", got, d.game("g1").Status)
	}
	a := d.to(alice)
	if last := a[len(a)-1].Text; !strings.Contains(last, "Orders of the day:\nPause at the river, then force the crossing.") {
		t.Errorf("announcement:\n%s", last)
	}
}

// orders sends a side's orders of a desk game to its secret address.
func (d *desk) orders(id, side, text string) {
	d.t.Helper()
	g := d.game(id)
	p := g.Players[side]
	d.mail(p.Address, mail.ReplyAddress(d.local, d.domain, id, side, p.Token), text)
}

// HELP, GAMES, STATUS and LADDERS tell the GM what there is.
func TestGMListsAndStatus(t *testing.T) {
	d := newDesk(t)
	help := d.gm("", "HELP")
	for _, u := range gmUsage {
		if !strings.Contains(help, "  "+u.usage+"\n") {
			t.Errorf("HELP lacks %q:\n%s", u.usage, help)
		}
	}
	if got := d.gm("", "GAMES"); got != "GAMES: done. You run no game.\n" {
		t.Errorf("GAMES of nothing: %q", got)
	}
	d.gm("", "NEWGAME g1 usa="+alice+" csa="+bob+" hours=24h")
	d.gm("", "NEWGAME g2 usa=carol@"+testDomain+" ladder=club")
	d.orders("g1", "csa", "at all: hold\n")
	want := "GAMES: done. 2 games:\n" +
		"  g1: running, Day 1 7AM, due Tue 6 Jan 09:00 UTC, orders in: CSA\n" +
		"  g2: open, waiting for CSA\n"
	if got := d.gm("", "GAMES"); got != want {
		t.Errorf("GAMES:\n%s\nwant\n%s", got, want)
	}
	st := d.gm("", "STATUS g1")
	for _, w := range []string{"STATUS g1: done. g1: running, Day 1 7AM", "\n  scenario shiloh1862, visibility blocks",
		"\n  USA: " + alice + " (hours on time 0, late 0, NMR 0)", "\n  ladder: none; GM: " + gm} {
		if !strings.Contains(st, w) {
			t.Errorf("STATUS lacks %q:\n%s", w, st)
		}
	}
	if got := d.gm("", "LADDERS"); got != "LADDERS: done. 1 ladder:\n  club: 1 member, 1 game (0 finished, 1 not)\n" {
		t.Errorf("LADDERS: %q", got)
	}
}

// CANCEL, VOID and RESULT end a game through finishGame with g.Ending set; each
// answer says what it does to ratings.
func TestGMEndGames(t *testing.T) {
	d := newDesk(t)
	for _, id := range []string{"e1", "e2", "e3"} {
		d.gm("", "NEWGAME "+id+" usa="+alice+" csa="+bob+" ladder=club")
	}
	d.gm("", "NEWGAME e4 usa="+alice)
	for _, c := range []struct{ cmd, want string }{
		{"CANCEL e1", "CANCEL e1: done. Game e1 cancelled; it is not rated and not listed on ladder club.\n"},
		{"VOID e2", "VOID e2: done. Game e2 voided; it is listed on ladder club as void and not rated.\n"},
		{"RESULT e3 maybe", "RESULT e3 maybe: NOT DONE: result \"maybe\": usa, csa or draw\n"},
		{"RESULT e3 csa", "RESULT e3 csa: done. Game e3 ended with a declared CSA win; it is rated on ladder club as declared.\n"},
		{"CANCEL e4", "CANCEL e4: done. Game e4 cancelled; it is on no ladder, so nothing is rated.\n"},
		{"VOID e1", "VOID e1: NOT DONE: game e1 is finished\n"},
	} {
		if got := d.gm("", c.cmd); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.cmd, got, c.want)
		}
	}
	for id, ending := range map[string]string{"e1": store.EndCancelled, "e2": store.EndVoided, "e3": store.EndDeclared, "e4": store.EndCancelled} {
		if g := d.game(id); g.Status != store.StatusFinished || g.Ending != ending {
			t.Errorf("game %s: %s, ending %q", id, g.Status, g.Ending)
		}
	}
	var results []*store.LadderResult
	if err := d.st.View(func(tx *store.Tx) error {
		var err error
		results, err = tx.LadderResults("club")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range results {
		got[r.Game] = r.Ending + "/" + r.Winner
	}
	if got["e2"] != store.EndVoided+"/" || got["e3"] != store.EndDeclared+"/csa" || (got["e1"] != "" && got["e1"] != store.EndCancelled+"/") {
		t.Errorf("ladder results: %v", got)
	}
	// The players are told, and the end-of-game record lists the GM's action.
	var told, record bool
	for _, m := range d.to(bob) {
		told = told || (m.Subject == "[e3] Game ended by the GM" && strings.Contains(m.Text, "The GM ended game e3 with a declared CSA win;"))
		record = record || (strings.Contains(m.Subject, "End-of-game record") && strings.Contains(m.Text, "RESULT: game e3 ended with a declared CSA win"))
	}
	if !told || !record {
		t.Errorf("bob told %v, record lists the action %v: %q", told, record, d.subjects(bob))
	}
}

// FORCE nopenalty plays the hour without charging the side without orders an
// NMR, counts the fast-forward, and a rollback takes it back; a fast-forward
// that ends the game marks it EndForced.
func TestGMFastForward(t *testing.T) {
	d := newDesk(t)
	d.gm("", "NEWGAME f1 usa="+alice+" csa="+bob+" scenario=shiloh1862-day2 ladder=club")
	d.orders("f1", "csa", "at all: hold\n")
	got := d.gm("f1", "FORCE nopenalty")
	if !strings.Contains(got, "FORCE nopenalty: done.") || !strings.Contains(got, "charged no NMR") {
		t.Fatalf("answer: %q", got)
	}
	g := d.game("f1")
	if g.FastForwarded != 1 || g.Players["usa"].NMRs != 0 || g.Players["csa"].OnTime != 1 {
		t.Fatalf("after a fast-forward: %d fast-forwarded, players %+v", g.FastForwarded, g.Players)
	}
	a := d.to(alice)
	if last := a[len(a)-1]; strings.Contains(last.Text, "(NMR)") || !strings.Contains(d.subjects(alice)[len(a)-2], "fast-forwarded") {
		t.Errorf("alice's mails %q; last:\n%.300s", d.subjects(alice), last.Text)
	}
	d.gm("f1", "FORCE")
	if g := d.game("f1"); g.Players["usa"].NMRs != 1 || g.Players["csa"].NMRs != 1 || g.FastForwarded != 1 {
		t.Fatalf("a plain FORCE: %d fast-forwarded, players %+v", g.FastForwarded, g.Players)
	}
	d.gm("f1", "ROLLBACK\nROLLBACK")
	if g := d.game("f1"); g.FastForwarded != 0 || g.Players["usa"].NMRs != 0 || g.Players["csa"].NMRs != 0 || g.Players["csa"].OnTime != 0 {
		t.Fatalf("rolled back twice: %d fast-forwarded, players %+v", g.FastForwarded, g.Players)
	}
	(&rig{t: t, st: d.st}).fastForward("f1", true)
	got = d.gm("f1", "FORCE nopenalty")
	if !strings.Contains(got, "The game is over; it is rated on ladder club, marked as fast-forwarded.") {
		t.Errorf("answer: %q", got)
	}
	if g := d.game("f1"); g.Status != store.StatusFinished || g.Ending != store.EndForced || g.FastForwarded != 1 {
		t.Errorf("game: %s, ending %q, %d fast-forwarded", g.Status, g.Ending, g.FastForwarded)
	}
}

// The small answers: EXTEND refuses a non-positive time, PAUSE says the time
// left, ROLLBACK past the start says so, PREDICT's subject names the game once,
// and NEWGAME refuses a reminder that could never be sent.
func TestGMSmallAnswers(t *testing.T) {
	d := newDesk(t)
	if got := d.gm("", "NEWGAME s0 usa="+alice+" csa="+bob+" hours=24h remind=24h"); !strings.Contains(got,
		"NOT DONE: remind=24h is not shorter than the 24h an hour has: no reminder would ever be sent") {
		t.Errorf("NEWGAME with remind=hours: %q", got)
	}
	if got := d.gm("", "NEWGAME s0 usa="+alice+" csa="+bob+" at=21:00 remind=30h"); !strings.Contains(got,
		"NOT DONE: remind=30h is not shorter than the 24h an hour has") {
		t.Errorf("NEWGAME with remind > a day at=: %q", got)
	}
	d.gm("", "NEWGAME s1 usa="+alice+" csa="+bob+" hours=24h remind=4h")
	nAlice := len(d.to(alice))
	for _, c := range []struct{ cmd, want string }{
		{"EXTEND 0m", "EXTEND 0m: NOT DONE: EXTEND needs a time longer than zero\n"},
		{"EXTEND -2h", "EXTEND -2h: NOT DONE: bad duration \"-2h\" (write 36h, 90m or 2d)\n"},
		{"ROLLBACK", "ROLLBACK: NOT DONE: no hour has been resolved yet\n"},
	} {
		if got := d.gm("s1", c.cmd); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.cmd, got, c.want)
		}
	}
	if len(d.to(alice)) != nAlice {
		t.Errorf("alice was told: %q", d.subjects(alice)[nAlice:])
	}
	d.clk.Advance(4*time.Hour + 30*time.Minute)
	if got := d.gm("s1", "PAUSE"); got != "PAUSE: done. Paused with 19h30m left to the deadline; RESUME restarts the clock with that.\n" {
		t.Errorf("PAUSE: %q", got)
	}
	d.gm("s1", "RESUME\nFORCE\nROLLBACK")
	if got := d.gm("s1", "ROLLBACK"); got != "ROLLBACK: NOT DONE: already at the first hour (Day 1 7AM): nothing earlier to roll back to\n" {
		t.Errorf("ROLLBACK past the start: %q", got)
	}
	d.orders("s1", "csa", "at all: hold\n")
	d.gm("s1", "PREDICT")
	var subj string
	for _, m := range d.to(gm) {
		if strings.Contains(m.Subject, "PREDICTION") {
			subj = m.Subject
		}
	}
	if subj != "[s1] PREDICTION of Day 1 7AM (for the GM only)" {
		t.Errorf("PREDICT's subject: %q", subj)
	}
	// Nor do the mails show the scenario file's ids of arrival groups
	// ("usa_tindall:"): they name the blocks and where they enter.
	for _, m := range append(d.to(gm), d.to(alice)...) {
		if ids := regexp.MustCompile(`\b(usa|csa)_[a-z]+`).FindAllString(m.Text, -1); len(ids) > 0 {
			t.Errorf("%q shows internal ids %v", m.Subject, ids)
		}
	}
	told := false
	for _, m := range d.to(gm) {
		told = told || strings.Contains(m.Subject, "PREDICTION") && strings.Contains(m.Text, "Tindall (at Pittsburg Landing)")
	}
	if !told {
		t.Errorf("the prediction does not say where Tindall arrives at 8AM: %q", d.subjects(gm))
	}
}

// FORCE on a paused game plays the hour and leaves the game paused: the new
// hour's mail says so and gives the time it will have, and RESUME starts it.
func TestGMForcePaused(t *testing.T) {
	d := newDesk(t)
	d.gm("", "NEWGAME fp usa="+alice+" csa="+bob+" hours=24h")
	d.gm("fp", "PAUSE")
	d.clk.Advance(30 * time.Hour)
	got := d.gm("fp", "FORCE")
	if !strings.Contains(got, "The game stays paused: the new hour's clock (24h) starts when you RESUME.") {
		t.Errorf("FORCE on a paused game: %q", got)
	}
	a := d.to(alice)
	hour := a[len(a)-1]
	if !strings.Contains(hour.Subject, "8AM") || !strings.Contains(hour.Text,
		"Orders for Day 1 8AM are due by the end of 24h counted from when the GM resumes the game (it is paused now).") {
		t.Errorf("the new hour's mail (%q):\n%.1200s", hour.Subject, hour.Text)
	}
	g := d.to(gm)
	if sum := g[len(g)-1]; !strings.Contains(sum.Subject, "GM summary") ||
		!strings.Contains(sum.Text, "USA: orders due by the end of 24h counted from when the GM resumes the game (it is paused now)") {
		t.Errorf("the GM's summary of the new hour (%q):\n%s", sum.Subject, sum.Text)
	}
	d.clk.Advance(10 * time.Hour)
	d.gm("fp", "RESUME")
	if g := d.game("fp"); g.Status != store.StatusRunning || !g.Deadline.Next.Equal(d.clk.Now().Add(24*time.Hour)) {
		t.Errorf("resumed: %s, due %v (now %v)", g.Status, g.Deadline.Next, d.clk.Now())
	}
}

// A finished game with a rolled-back, re-seeded hour verifies offline (the
// guide once said it would not): the verifier derives the reseed.
func TestGMRolledBackGameVerifies(t *testing.T) {
	d := newDesk(t)
	d.gm("", "NEWGAME v1 usa="+alice+" csa="+bob)
	d.gm("v1", "FORCE\nROLLBACK\nFORCE\nRESULT usa")
	g := d.game("v1")
	if g.Status != store.StatusFinished || g.Reseeds[0] != 1 || len(g.Secret) == 0 {
		t.Fatalf("game: %s, reseeds %v", g.Status, g.Reseeds)
	}
	gr := exportGame(t, d.st, "v1")
	if len(gr.Game.Secret) == 0 {
		t.Fatal("the record of a finished game has no secret: the seeds are not checked")
	}
	if diffs, err := VerifyRecord(testRules, gr); err != nil || len(diffs) > 0 {
		t.Fatalf("verify: %v %v", diffs, err)
	}
}

func TestFormatLeft(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0m", 90 * time.Second: "1m", 45 * time.Minute: "45m",
		2*time.Hour + 30*time.Second: "2h", 19*time.Hour + 30*time.Minute: "19h30m", 50 * time.Hour: "50h"} {
		if got := formatLeft(d); got != want {
			t.Errorf("formatLeft(%v) = %q, want %q", d, got, want)
		}
	}
}

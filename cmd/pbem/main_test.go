package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/internal/mdblocks"
	"github.com/shiloh-pbem/pbem/mail/mailtest"
	"github.com/shiloh-pbem/pbem/server"
)

// run runs one pbem command line in-process and returns its exit code and output.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	code := m.Run(context.Background(), args)
	return code, out.String(), errb.String()
}

func TestHelpListsCommands(t *testing.T) {
	code, out, _ := run(t, "", "help")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, c := range []string{"demo", "serve", "game new", "game list", "game show", "game export", "scenario check",
		"render base", "resolve", "orders check", "mail inspect", "verify", "replay", "backup", "status", "compact"} {
		if !strings.Contains(out, "  "+c+" ") {
			t.Errorf("help lacks %q", c)
		}
	}
	if code, _, _ := run(t, "", "frobnicate"); code != exitUsage {
		t.Errorf("unknown command exit %d, want %d", code, exitUsage)
	}
	if code, out, _ := run(t, "", "resolve", "-h"); code != exitOK || !strings.Contains(out, "--state") {
		t.Errorf("resolve -h: %d %q", code, out)
	}
}

// pbem alone is bad usage, as the package comment and the README say: the
// command list goes to standard error and the exit code is 2; pbem help is
// asked for, so it exits 0 with the list on standard output.
func TestNoArgumentsIsBadUsage(t *testing.T) {
	code, out, errs := run(t, "")
	if code != exitUsage || out != "" || !strings.Contains(errs, "  demo ") {
		t.Errorf("pbem alone: exit %d, stdout %q, stderr:\n%s", code, out, errs)
	}
	if code, out, _ := run(t, "", "help"); code != exitOK || !strings.Contains(out, "  demo ") {
		t.Errorf("pbem help: exit %d:\n%s", code, out)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), "`pbem` alone prints the same list and exits 2") {
		t.Error("README does not say what pbem alone does")
	}
}

// scenario list names every registered system, then each of its scenarios with the
// turns it runs and what a game may choose.
func TestScenarioList(t *testing.T) {
	code, out, _ := run(t, "", "scenario", "list")
	want := []string{
		"antietam: Blue & Gray: Antietam (SPI)\n",
		"  antietam         Antietam, 17 September 1862 (SPI Blue & Gray) — Shiloh PBEM edition (T01-USA to T10-CSA, 20 turns)\n",
		"visibility: open, double-blind; optional rules: attack_effectiveness,",
		"shiloh1862: Shiloh 1862 (Columbia Games)\n",
		"  shiloh1862       Shiloh 1862: the full battle (Day 1 7AM to Day 2 6PM, 25 turns)\n",
		"  shiloh1862-day2  Shiloh 1862: Day 2, historical (Day 2 7AM to Day 2 6PM, 12 turns)\n",
		"visibility: blocks, double-blind, open; optional rules: planned-initiative, pond, frontline-limits, flanking\n",
	}
	for _, w := range want {
		if code != exitOK || !strings.Contains(out, w) {
			t.Fatalf("exit %d, want %q in:\n%s", code, w, out)
		}
	}
}

func TestScenarioCheck(t *testing.T) {
	code, out, _ := run(t, "", "scenario", "check")
	if code != exitOK || !strings.Contains(out, "shiloh1862: ok") || !strings.Contains(out, "shiloh1862-day2: ok") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// A club's broken copy: exit 1 with the problem listed.
	dir := t.TempDir()
	src := filepath.Join("..", "..", "adjudicator", "shiloh1862", "scenarios", "shiloh1862")
	for _, f := range []string{"map.toml", "ob.toml", "full.toml"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if f == "map.toml" {
			b = bytes.Replace(b, []byte(`terrain = "woods"`), []byte(`terain = "woods"`), 1)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, _ = run(t, "", "scenario", "check", dir)
	if code != exitProblems || !strings.Contains(out, "terain") {
		t.Fatalf("broken copy: exit %d:\n%s", code, out)
	}
}

func TestNewStateResolveAndOrdersCheck(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "start.json")
	if code, _, errs := run(t, "", "new-state", "--scenario", "shiloh1862", "--out", state); code != exitOK {
		t.Fatalf("new-state: %s", errs)
	}
	usa := filepath.Join(dir, "usa.txt")
	csa := filepath.Join(dir, "csa.txt")
	os.WriteFile(usa, []byte("at all: hold\n"), 0o644)
	os.WriteFile(csa, []byte("activate hardee\nat all: hold\n"), 0o644)
	next := filepath.Join(dir, "next.json")
	code, out, errs := run(t, "", "resolve", "--scenario", "shiloh1862", "--state", state, "--orders", "usa="+usa,
		"--orders", "csa="+csa, "--seed", "7", "--next", next)
	if code != exitOK {
		t.Fatalf("resolve: exit %d %s", code, errs)
	}
	if !strings.HasPrefix(out, "RESULTS OF Day 1 7AM\nCSA was Player 1.") || !strings.Contains(out, "CSA Hardee activated") {
		t.Errorf("resolve output:\n%s", out)
	}
	b, err := os.ReadFile(next)
	if err != nil || !bytes.Contains(b, []byte(`"hour": "D1 08:00"`)) {
		t.Fatalf("next state: %v\n%.300s", err, b)
	}
	// Same seed, same result.
	_, out2, _ := run(t, "", "resolve", "--scenario", "shiloh1862", "--state", state, "--orders", "usa="+usa,
		"--orders", "csa="+csa, "--seed", "7")
	if out != out2 {
		t.Error("resolve is not deterministic for a fixed seed")
	}
	// Too few scripted dice is an error, not a guess, which says what the next
	// throw was for, worded.
	if code, _, errs := run(t, "", "resolve", "--scenario", "shiloh1862", "--state", next, "--dice", "6"); code != exitFailure ||
		!strings.Contains(errs, "scripted dice ran out at throw 2 (initiative USA die 2); thrown so far: 6 (initiative USA die 1)") {
		t.Errorf("short dice: exit %d %s", code, errs)
	}
	// Orders as JSON go through the scenario's own decoder, and must be the side's.
	usaJSON := filepath.Join(dir, "usa.json")
	os.WriteFile(usaJSON, []byte(`{"side": "CSA"}`), 0o644)
	if code, _, errs := run(t, "", "resolve", "--state", state, "--orders", "usa="+usaJSON, "--seed", "7"); code != exitFailure || !strings.Contains(errs, "written for CSA, not USA") {
		t.Errorf("another side's JSON orders: exit %d %s", code, errs)
	}
	// A mode the scenario does not offer is refused with the ones it does.
	if code, _, errs := run(t, "", "new-state", "--visibility", "fog"); code != exitFailure || !strings.Contains(errs, "double-blind") {
		t.Errorf("new-state --visibility fog: exit %d %s", code, errs)
	}
	code, out, _ = run(t, "cleburn: seay > rea attack\nactivate hardee\nfoo bar baz\n", "orders", "check", "--side", "csa", "-")
	if code != exitProblems || !strings.Contains(out, "Cleburne") {
		t.Errorf("orders check: exit %d\n%s", code, out)
	}
}

func TestRenderBase(t *testing.T) {
	p := filepath.Join(t.TempDir(), "map.png")
	if code, _, errs := run(t, "", "render", "base", "--scenario", "shiloh1862", "--out", p); code != exitOK {
		t.Fatal(errs)
	}
	b, err := os.ReadFile(p)
	if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Fatalf("not a PNG: %v", err)
	}
}

// The operator's tools on a real store: game new, list, show, backup, export,
// verify, with the store free, and again while `pbem serve` holds it (they then
// go through the daemon's control socket).
func TestGameToolsWithAndWithoutDaemon(t *testing.T) {
	ms, err := mailtest.Start(&mailtest.Options{AutoCreate: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ms.Close()
	if _, err := ms.AddUser("pbem", "pw"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.toml")
	db := filepath.Join(dir, "pbem.db")
	os.WriteFile(cfg, []byte(fmt.Sprintf(`
[store]
path = %q
[imap]
addr = %q
tls = "none"
username = "pbem"
password = "pw"
poll_interval = "200ms"
[smtp]
addr = %q
tls = "none"
[mail]
address = "pbem@club.test"
[games]
change_of_mind = "0s"
`, db, ms.IMAPAddr, ms.SMTPAddr)), 0o600)
	if code, out, errs := run(t, "", "game", "new", "--config", cfg, "--id", "g1", "--usa", "alice@club.test", "--csa", "bob@club.test"); code != exitOK {
		t.Fatalf("game new: %s %s", out, errs)
	}
	check := func(when string) {
		t.Helper()
		if code, out, errs := run(t, "", "game", "list", "--config", cfg); code != exitOK || !strings.Contains(out, "g1") {
			t.Fatalf("%s: game list: %d %s %s", when, code, out, errs)
		}
		if code, out, errs := run(t, "", "game", "show", "--config", cfg, "g1"); code != exitOK || !strings.Contains(out, "alice@club.test") {
			t.Fatalf("%s: game show: %d %s %s", when, code, out, errs)
		}
		bk := filepath.Join(dir, "backup-"+when+".db")
		if code, _, errs := run(t, "", "backup", "--config", cfg, "--out", bk); code != exitOK {
			t.Fatalf("%s: backup: %s", when, errs)
		}
		if code, out, errs := run(t, "", "game", "list", "--store", bk); code != exitOK || !strings.Contains(out, "g1") {
			t.Fatalf("%s: backup unreadable: %s %s", when, out, errs)
		}
		if code, out, errs := run(t, "", "verify", "--config", cfg, "--game", "g1"); code != exitOK || !strings.Contains(out, "verifies") {
			t.Fatalf("%s: verify: %d %s %s", when, code, out, errs)
		}
	}
	check("stopped")
	// Turns are named as the game's rules name them, and read back in any case.
	if code, out, errs := run(t, "", "game", "show", "--config", cfg, "g1"); code != exitOK || !strings.Contains(out, "hour Day 1 7AM") {
		t.Fatalf("game show names the hour by its rules: %d %s %s", code, out, errs)
	}
	if code, _, errs := run(t, "", "verify", "--config", cfg, "--game", "g1", "--hour", "day 1  9am"); code != exitFailure || !strings.Contains(errs, "no resolved turn Day 1 9AM") {
		t.Fatalf("verify --hour of a turn not yet played: %d %s", code, errs)
	}
	if code, _, errs := run(t, "", "verify", "--config", cfg, "--game", "g1", "--hour", "Day 3 7AM"); code != exitUsage || !strings.Contains(errs, `no turn "Day 3 7AM"`) {
		t.Fatalf("verify --hour of a turn the scenario lacks: %d %s", code, errs)
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	var serr bytes.Buffer
	go func() {
		m := &Main{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &serr}
		done <- m.Run(ctx, []string{"serve", "--config", cfg})
	}()
	// Wait until the daemon holds the store and answers on its socket.
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(db + ".sock"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("daemon did not start: %s", serr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The daemon sends the game's first mails.
	for len(ms.Received()) < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(ms.Received()); n != 2 {
		t.Fatalf("daemon sent %d mails, want the 2 first mails", n)
	}
	check("running")
	cancel()
	if code := <-done; code != exitOK {
		t.Fatalf("serve exit %d: %s", code, serr.String())
	}
}

// Flags may follow the arguments, as the README writes them.
func TestFlagsAfterArguments(t *testing.T) {
	var out bytes.Buffer
	m := &Main{Stdout: &out, Stderr: &out}
	fs := m.newFlags("x", "", "")
	o := fs.String("out", "", "")
	n := fs.Int("n", 0, "")
	if err := m.parseFlags(fs, []string{"g7", "--out", "f.json", "more", "-n", "3", "--", "-n", "last"}); err != nil {
		t.Fatal(err)
	}
	if *o != "f.json" || *n != 3 || strings.Join(fs.Args(), " ") != "g7 more -n last" {
		t.Fatalf("out=%q n=%d args=%q", *o, *n, fs.Args())
	}
}

// The demo's last line counts what its scenario plays a mail round of: Shiloh's
// hours, where both sides send at once, and Antietam's player-turns.
func TestDemoTurnUnits(t *testing.T) {
	r := builtin.Systems()
	for scenario, want := range map[string]string{"shiloh1862-day2": "hours", "antietam": "player-turns", "no-such": "hours"} {
		if got := turnUnits(r, scenario); got != want {
			t.Errorf("%s: %q, want %q", scenario, got, want)
		}
	}
}

// pbem resolve --out writes the hour mail each side and the GM would get, the
// very text, HTML and map the server draws, each in its own folder: a side's
// folder holds its own view only.
func TestResolveWritesEachSidesMail(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "start.json")
	if code, _, errs := run(t, "", "new-state", "--scenario", "shiloh1862", "--out", state); code != exitOK {
		t.Fatalf("new-state: %s", errs)
	}
	usa, csa := filepath.Join(dir, "usa.txt"), filepath.Join(dir, "csa.txt")
	os.WriteFile(usa, []byte("at all: hold\n"), 0o644)
	os.WriteFile(csa, []byte("activate hardee\nat all: hold\n"), 0o644)
	out := filepath.Join(dir, "mails")
	if code, _, errs := run(t, "", "resolve", "--scenario", "shiloh1862", "--state", state, "--orders", "usa="+usa,
		"--orders", "csa="+csa, "--seed", "7", "--out", out); code != exitOK {
		t.Fatalf("resolve: exit %d %s", code, errs)
	}
	// The same hour through the server's code.
	sc, err := loadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(state)
	before, err := sc.DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	var ord [2]adjudicator.Orders
	for sd, f := range map[adjudicator.Side]string{adjudicator.USA: usa, adjudicator.CSA: csa} {
		text, _ := os.ReadFile(f)
		if ord[sd.Index()], _, err = readOrders(sc, before, sd, text); err != nil {
			t.Fatal(err)
		}
	}
	seed := []byte{0, 0, 0, 0, 0, 0, 0, 7}
	after, rep, err := sc.Resolve(before, ord, adjudicator.NewStreamDice(seed))
	if err != nil {
		t.Fatal(err)
	}
	h := server.OfflineHour{Game: "offline", Rules: sc, Before: before, After: after, Report: rep, Orders: ord, Seed: seed}
	texts := map[string]string{}
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
		want, err := server.HourMail(h, viewer)
		if err != nil {
			t.Fatal(err)
		}
		folder := filepath.Join(out, mailFolder(viewer))
		files, _ := os.ReadDir(folder)
		var names []string
		for _, f := range files {
			names = append(names, f.Name())
		}
		if got := strings.Join(names, " "); got != "mail.html mail.txt "+want.MapName {
			t.Errorf("%s holds %s", folder, got)
		}
		for name, w := range map[string][]byte{"mail.txt": []byte(want.Text), "mail.html": []byte(want.HTML), want.MapName: want.MapPNG} {
			if got, err := os.ReadFile(filepath.Join(folder, name)); err != nil || !bytes.Equal(got, w) || len(w) == 0 {
				t.Errorf("%s/%s differs from the server's mail: %v", folder, name, err)
			}
		}
		texts[mailFolder(viewer)] = want.Text
		if viewer == adjudicator.USA {
			// docs/STATE.md names the files as they are.
			doc, err := os.ReadFile("../../docs/STATE.md")
			if err != nil || !bytes.Contains(doc, []byte("`mails/usa`, `mails/csa` and `mails/gm` each\nhold `mail.txt`, `mail.html` and the map (`"+want.MapName+"`)")) {
				t.Errorf("docs/STATE.md does not name the files of --out as they are (%s): %v", want.MapName, err)
			}
		}
	}
	// Fog: each side's mail is its own, with its own form and no other's.
	for side, other := range map[string]string{"usa": "CSA", "csa": "USA"} {
		if strings.Contains(texts[side], "ORDERS "+other+" ") || !strings.Contains(texts[side], "ORDERS "+strings.ToUpper(side)+" Day 1 8AM") {
			t.Errorf("%s's mail is not its own:\n%s", side, texts[side])
		}
	}
	// Gladden, a Confederate brigade out of the Union's sight, is in the
	// Confederates' and the GM's mails and nowhere in the Union's folder.
	for _, f := range []string{"usa/mail.txt", "usa/mail.html", "csa/mail.txt", "gm/mail.txt"} {
		b, _ := os.ReadFile(filepath.Join(out, f))
		if strings.Contains(string(b), "Gladden") != !strings.HasPrefix(f, "usa") {
			t.Errorf("%s: Gladden seen %v", f, strings.Contains(string(b), "Gladden"))
		}
	}
	if !strings.Contains(texts["usa"], "the dice seed of the hour just played was 0000000000000007") {
		t.Errorf("the revealed seed is missing:\n%s", texts["usa"])
	}
}

// docs/STATE.md's placement example sets up exactly the blocks it lists, and
// its commands run as written; a mistake is reported as the guide says.
func TestNewStateEmptyWithPlacementAsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/STATE.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var placement string
	var cmds [][]string
	for _, b := range mdblocks.Fenced(string(doc)) {
		switch {
		case len(b.Info) > 0 && b.Info[0] == "placement":
			placement = b.Body
		case placement != "" && len(b.Info) > 0 && b.Info[0] == "sh" && cmds == nil:
			for _, l := range strings.Split(strings.TrimSpace(b.Body), "\n") {
				cmds = append(cmds, strings.Fields(l))
			}
		}
	}
	if placement == "" || len(cmds) != 2 || cmds[0][1] != "new-state" || cmds[1][1] != "resolve" {
		t.Fatalf("docs/STATE.md: no placement example with its two commands: %q", cmds)
	}
	os.WriteFile(filepath.Join(dir, "skirmish.txt"), []byte(placement), 0o644)
	os.WriteFile(filepath.Join(dir, "usa.txt"), []byte("at all: hold\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "csa.txt"), []byte("activate hardee\ncleburne: rea > shiloh church attack\n"), 0o644)
	inDir := func(args []string) []string {
		out := append([]string(nil), args[1:]...)
		for i := range out {
			for _, f := range []string{"skirmish.txt", "skirmish.json", "usa.txt", "csa.txt"} {
				out[i] = strings.Replace(out[i], f, filepath.Join(dir, f), 1)
			}
		}
		return out
	}
	if code, _, errs := run(t, "", inDir(cmds[0])...); code != exitOK {
		t.Fatalf("%q: exit %d %s", cmds[0], code, errs)
	}
	b, err := os.ReadFile(filepath.Join(dir, "skirmish.json"))
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Hour   string `json:"hour"`
		Blocks []struct {
			ID, Where, Area string
			Strength, Max   int
		} `json:"blocks"`
	}
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range st.Blocks {
		if b.Where == "on map" {
			got = append(got, fmt.Sprintf("%s %s %d/%d", b.ID, b.Area, b.Strength, b.Max))
		}
	}
	want := "cs_cleburne rea_field 3/3 cs_hardee rea_field 2/2 cs_wood rea_field 2/3 us_buckland shiloh_church 3/3 us_hildebrand shiloh_church 2/3 us_sherman shiloh_church 2/2"
	if st.Hour != "D1 10:00" || strings.Join(got, " ") != want {
		t.Errorf("hour %s, on the map:\n%s\nwant\n%s", st.Hour, strings.Join(got, " "), want)
	}
	if code, out, errs := run(t, "", inDir(cmds[1])...); code != exitOK || !strings.Contains(out, "RESULTS OF Day 1 10AM") || !strings.Contains(out, "Battle of Shiloh Church") {
		t.Errorf("%q: exit %d %s\n%s", cmds[1], code, errs, out)
	}
	// The mistake the guide shows, worded as it says.
	bad := filepath.Join(dir, "skirmish.txt")
	os.WriteFile(bad, []byte(strings.Replace(placement, "usa: Sherman @", "usa: Shermn @", 1)), 0o644)
	if code, _, errs := run(t, "", inDir(cmds[0])...); code != exitProblems ||
		!strings.Contains(errs, bad+`: line 3: no USA block is called "Shermn"; did you mean Sherman?`) {
		t.Errorf("misspelt block: exit %d %s", code, errs)
	}
	if !strings.Contains(strings.Join(strings.Fields(string(doc)), " "), `skirmish.txt: line 3: no USA block is called "Shermn"; did you mean Sherman?`) {
		t.Error("docs/STATE.md does not show the error as it is worded")
	}
	if code, _, errs := run(t, "", "new-state", "--place", bad); code != exitUsage || !strings.Contains(errs, "give --empty too") {
		t.Errorf("--place without --empty: exit %d %s", code, errs)
	}
	if code, _, errs := run(t, "", "new-state", "--scenario", "antietam", "--empty"); code != exitFailure || !strings.Contains(errs, "has no empty board") {
		t.Errorf("--empty for a system without one: exit %d %s", code, errs)
	}
}

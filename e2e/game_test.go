package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Realistic order texts. Every line is understood every hour; the receipt also
// checks them against the position (so a move that no longer fits is marked ERR
// with its rule) and such orders become results when the hour resolves.
const usaOrders = `activate Sherman, Prentiss
Buckland: Shiloh Church > Rea Field attack
Peabody, Munch: Rea Woods > Seay Field attack
Hildebrand: Rea Field > Seay Field attack
Marsh: McClernand's Camp > Review Field
at all: hold
losses last: Sherman
supply: Prentiss, Peabody
`

const csaOrders = `activate hardee, bragg
cleburne, wood: seay > rea attack
shoup: seay > rea attack          # artillery: a road border, so allowed
gladden: road a >> spain           # road move, two areas
chalmers: spain > wicker reinforce
battles: rea, shiloh church        # my sequence if I am Player 1
at rea: withdraw if weaker, retreat to seay
losses: hardee last
supply: cleburne, hardee, shoup
`

// orderLines counts the order lines of a text (not blank, not a comment).
func orderLines(text string) int {
	n := 0
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "#") {
			n++
		}
	}
	return n
}

// game is one running game with its three mailboxes.
type game struct {
	t             testing.TB
	e             *env
	d             *daemon
	id            string
	usa, csa, gmb *mailbox
}

// startGame creates a game, starts the daemon and waits for each side's first
// hour mail.
func startGame(t testing.TB, e *env, id string) *game {
	g := &game{t: t, e: e, id: id, d: newGame(t, e, id),
		usa: newMailbox(t, e, "alice"), csa: newMailbox(t, e, "bob"), gmb: newMailbox(t, e, "gm")}
	g.d.start()
	for _, b := range g.boxes() {
		b.waitFor("first hour mail", 30*time.Second, has(id, "hour-h", 1))
	}
	return g
}

func (g *game) boxes() []*mailbox { return []*mailbox{g.usa, g.csa, g.gmb} }

func (g *game) box(side string) *mailbox {
	if side == "usa" {
		return g.usa
	}
	return g.csa
}

func playerAddr(side string) string {
	if side == "usa" {
		return usaAddr
	}
	return csaAddr
}

// mid is the Message-ID the daemon gives a mail of this kind.
func (g *game) mid(kind string) string {
	return fmt.Sprintf("%s.%s@shiloh-pbem.%s", g.id, kind, domain)
}

// reply sends a side's orders as a reply to its newest hour mail, to that mail's
// secret Reply-To, and returns the Message-ID used.
func (g *game) reply(side, body string) string {
	g.t.Helper()
	last, _ := lastHourMail(g.box(side).msgs, g.id)
	if last == nil || last.replyTo == "" {
		g.t.Fatalf("%s has no hour mail with a Reply-To", side)
	}
	mid := newMessageID(side)
	raw := plainMail(playerAddr(side), last.replyTo, "Re: "+last.subject, mid, body, "In-Reply-To: <"+last.messageID+">")
	smtpSend(g.t, g.e, playerAddr(side), last.replyTo, raw)
	return mid
}

// hourNow is the number of the hour now open, from the side's newest hour mail.
func (g *game) hourNow(side string) int {
	_, n := lastHourMail(g.box(side).msgs, g.id)
	return n
}

// receiptOK checks a receipt: version, no errors, every order line read.
func receiptOK(t testing.TB, m *msg, side string, version, lines int) {
	t.Helper()
	if want := fmt.Sprintf("Orders v%d for %s", version, strings.ToUpper(side)); !strings.Contains(m.text, want) {
		t.Errorf("receipt lacks %q:\n%s", want, m.text)
	}
	// Every line was understood: it is echoed as read (OK, NOTE, or ERR when the
	// engine's check against the position refuses it, with a rule number).
	// The checks of the orders as a whole (the supply plan) come on a line of
	// their own, which no order line wrote.
	got := strings.Count(m.text, "\n  OK    ") + strings.Count(m.text, "\n  NOTE  ") + strings.Count(m.text, "\n  ERR   ") -
		strings.Count(m.text, "your orders as a whole:")
	if got != lines {
		t.Errorf("receipt v%d reads %d orders, want %d:\n%s", version, got, lines, m.text)
	}
	if notUnderstood.MatchString(m.text) {
		t.Errorf("receipt v%d has a line that was not understood:\n%s", version, m.text)
	}
}

// notUnderstood finds an error that is not an engine check: the parser's errors
// carry no rule number in parentheses.
var notUnderstood = regexp.MustCompile(`(?m)^  line \d+: .*\n        [^(]`)

var (
	commitRe = regexp.MustCompile(`Dice commitment for [^:]+: ([0-9a-f]{64})`)
	seedRe   = regexp.MustCompile(`the dice seed of the hour just played was ([0-9a-f]{64})`)
)

// checkSeed says the report reveals a seed whose SHA-256 is the commitment
// published in the previous hour mail (DESIGN §4).
func checkSeed(t testing.TB, prev, report *msg) {
	t.Helper()
	c := commitRe.FindStringSubmatch(prev.text)
	s := seedRe.FindStringSubmatch(report.text)
	if c == nil || s == nil {
		t.Errorf("commitment %v / revealed seed %v missing (%s, %s)", c != nil, s != nil, prev.subject, report.subject)
		return
	}
	seed, err := hex.DecodeString(s[1])
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(seed); hex.EncodeToString(sum[:]) != c[1] {
		t.Errorf("%s: seed %s does not match the commitment %s", report.subject, s[1], c[1])
	}
}

// --- fog of war ---

// fog checks every mail one side received in the game: no enemy block name may
// appear unless that block was revealed in a battle of a report this side received
// (up to that mail: the view remembers revealed blocks as "last seen", DESIGN §3).
type fog struct {
	viewer   adjudicator.Side
	areas    []string // longest first, removed before the search
	enemy    map[string]*regexp.Regexp
	revealed map[string]bool
}

func newFog(t testing.TB, viewer adjudicator.Side) *fog {
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	f := &fog{viewer: viewer, enemy: map[string]*regexp.Regexp{}, revealed: map[string]bool{}}
	own := map[string]bool{}
	for _, b := range sc.OB.Blocks {
		if b.Side == viewer {
			own[b.Name] = true
		}
	}
	for _, b := range sc.OB.Blocks {
		// A name both sides use (Gibson, Smith, Stewart) cannot tell anything.
		if b.Side != viewer && !own[b.Name] {
			f.enemy[b.Name] = regexp.MustCompile(`\b` + regexp.QuoteMeta(b.Name) + `\b`)
		}
	}
	for _, a := range sc.Map.Areas {
		f.areas = append(f.areas, a.Name)
	}
	sort.Slice(f.areas, func(i, j int) bool { return len(f.areas[i]) > len(f.areas[j]) })
	return f
}

var tagRe = regexp.MustCompile(`<[^>]*>`)

// clean removes what names places, not blocks: area names (Hardee's Bivouac) and
// the order form's fixed example line, which is the same in every game.
func (f *fog) clean(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "# Examples:") {
			continue
		}
		keep = append(keep, l)
	}
	s = strings.Join(keep, "\n")
	for _, a := range f.areas {
		s = strings.ReplaceAll(s, a, "(area)")
	}
	return s
}

// learn records the enemy blocks a report reveals in its battles: the block lines
// right under each "Battle of" title.
func (f *fog) learn(text string) {
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "Battle of "):
			in = true
			continue
		case in && (strings.HasPrefix(l, "    USA ") || strings.HasPrefix(l, "    CSA ")):
			for name, re := range f.enemy {
				if re.MatchString(f.clean(l)) {
					f.revealed[name] = true
				}
			}
			continue
		}
		in = false
	}
}

func (f *fog) check(t testing.TB, m *msg) {
	t.Helper()
	f.learn(m.text)
	body := html.UnescapeString(tagRe.ReplaceAllString(m.html, " "))
	for part, s := range map[string]string{"subject": m.subject, "text": m.text, "html": body} {
		s = f.clean(s)
		for name, re := range f.enemy {
			if f.revealed[name] {
				continue
			}
			if loc := re.FindStringIndex(s); loc != nil {
				from, to := max(0, loc[0]-80), min(len(s), loc[1]+80)
				t.Errorf("fog: %s's mail %q (%s) names the enemy block %s, never revealed to it: …%s…",
					f.viewer, m.subject, part, name, s[from:to])
			}
		}
	}
}

// checkFogAll runs the fog check over every mail of the game a side received.
func checkFogAll(t testing.TB, viewer adjudicator.Side, b *mailbox, gameID string) {
	t.Helper()
	f := newFog(t, viewer)
	for _, m := range b.game(gameID) {
		f.check(t, m)
	}
}

// --- exactly once ---

// onceReport counts a mailbox's copies by Message-ID. Identical copies (same
// Message-ID, same text) can only come from the documented window (SMTP accepted,
// daemon killed before the outbox recorded it); they are counted, not hidden.
// Different Message-IDs for the same mail kind, or copies that differ, are errors.
func checkOnce(t testing.TB, b *mailbox, gameID string) (dups int) {
	t.Helper()
	byID := map[string][]*msg{}
	var ids []string
	for _, m := range b.game(gameID) {
		if len(byID[m.messageID]) == 0 {
			ids = append(ids, m.messageID)
		}
		byID[m.messageID] = append(byID[m.messageID], m)
	}
	byKind := map[string]string{} // kind without the serial → Message-ID
	for _, id := range ids {
		ms := byID[id]
		for _, m := range ms[1:] {
			dups++
			t.Logf("%s: %s arrived again (IMAP UIDs %d and %d)", b.local, m.kind, ms[0].uid, m.uid)
			if m.text != ms[0].text || m.subject != ms[0].subject {
				t.Errorf("%s: two different mails with Message-ID %s", b.local, id)
			}
		}
		k := ms[0].kind
		if strings.HasPrefix(k, "receipt-") { // receipt-hN-vV-side-serial: one per (hour, version)
			k = k[:strings.LastIndexByte(k, '-')]
		}
		if other, ok := byKind[k]; ok {
			t.Errorf("%s: %s arrived under two Message-IDs: %s and %s", b.local, k, other, id)
		}
		byKind[k] = id
	}
	if dups > 0 {
		t.Logf("%s: %d identical resend(s) by Message-ID (the SMTP-accepted-then-killed window)", b.local, dups)
	}
	return dups
}

// --- scenarios ---

// runWholeHour: both sides mail orders through SMTP, receipts come back, the hour
// resolves, each side's report with its map arrives, the seed matches the
// commitment, and nothing in one side's mail names the other side's hidden blocks.
// It returns the latency from the second side's orders landing in the
// adjudicator's mailbox to the later of the two reports accepted by SMTP.
func runWholeHour(t *testing.T, e *env) time.Duration {
	g := startGame(t, e, "hour1")
	first := map[string]*msg{}
	for _, side := range []string{"usa", "csa"} {
		m, n := lastHourMail(g.box(side).msgs, g.id)
		if n != 0 || !strings.Contains(m.subject, "Day 1 7AM: "+strings.ToUpper(side)+" orders due") {
			t.Fatalf("%s's first mail: %q (hour %d)", side, m.subject, n)
		}
		if !strings.HasPrefix(m.replyTo, "pbem+hour1-"+side+"-") {
			t.Errorf("%s's Reply-To %q is not its secret address", side, m.replyTo)
		}
		checkPNG(t, m)
		first[side] = m
	}
	if a, b := commitRe.FindString(first["usa"].text), commitRe.FindString(first["csa"].text); a == "" || a != b {
		t.Errorf("both sides must see the same dice commitment: %q, %q", a, b)
	}

	g.reply("usa", usaOrders)
	g.usa.waitFor("USA receipt", 20*time.Second, has(g.id, "receipt-h0-v1-usa", 1))
	receiptOK(t, find(g.usa.msgs, g.id, "receipt-h0-v1-usa")[0], "usa", 1, orderLines(usaOrders))

	second := g.reply("csa", csaOrders)
	for _, side := range []string{"usa", "csa"} {
		g.box(side).waitFor("report", 30*time.Second, has(g.id, "hour-h1-"+side, 1))
	}
	g.csa.waitFor("CSA receipt", 20*time.Second, has(g.id, "receipt-h0-v1-csa", 1))
	g.gmb.waitFor("GM report", 20*time.Second, has(g.id, "hour-h1-gm", 1))
	receiptOK(t, find(g.csa.msgs, g.id, "receipt-h0-v1-csa")[0], "csa", 1, orderLines(csaOrders))

	landed, ok1 := e.arrival(t, "pbem", second)
	var done time.Time
	ok2 := true
	for side, local := range map[string]string{"usa": "alice", "csa": "bob"} {
		at, ok := e.arrival(t, local, g.mid("hour-h1-"+side))
		ok2 = ok2 && ok
		if at.After(done) {
			done = at
		}
	}
	var lat time.Duration
	if ok1 && ok2 {
		lat = done.Sub(landed)
		rc, _ := e.arrival(t, "bob", find(g.csa.msgs, g.id, "receipt-h0-v1-csa")[0].messageID)
		t.Logf("%s: second side's orders in the mailbox → both reports accepted: %v (its receipt after %v; IDLE; %s)",
			e.name, lat.Round(time.Millisecond), rc.Sub(landed).Round(time.Millisecond), e.idleDelay)
	} else {
		t.Errorf("arrival times not found: orders %v, reports %v", ok1, ok2)
	}

	for _, side := range []string{"usa", "csa"} {
		rep := find(g.box(side).msgs, g.id, "hour-h1-"+side)[0]
		if !strings.Contains(rep.text, "RESULTS OF Day 1 7AM") || !strings.Contains(rep.text, "ORDERS FOR Day 1 8AM") {
			t.Errorf("%s report:\n%s", side, rep.text)
		}
		checkPNG(t, rep)
		checkSeed(t, first[side], rep)
	}
	checkFogAll(t, adjudicator.USA, g.usa, g.id)
	checkFogAll(t, adjudicator.CSA, g.csa, g.id)
	for _, b := range g.boxes() {
		checkOnce(t, b, g.id)
	}
	g.d.verify()
	return lat
}

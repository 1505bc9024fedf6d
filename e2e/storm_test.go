package e2e

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The deadline storm: a club's games all share one fixed time of day for their
// deadline, so every game's hour falls due at the same instant and the daemon
// must resolve them all, draw three maps per game and send them, while players
// keep writing. runStorm plays it the way an operator runs a club: one config,
// one store, n games made with `pbem game new`, the daemon started once and
// killed (SIGKILL) twice during the storm.
//
// A mailbox of n games holds 2n mails of about 300 KB each, so the test reads
// only a few header fields of every mail (stormBox) and fetches whole mails only
// where it must: copies of one Message-ID, the game a player writes in, and a
// sample of games checked as the other scenarios check theirs.

// stormMail is what the storm test keeps of one mail: some header fields.
type stormMail struct {
	uid       imap.UID
	messageID string // without brackets
	game      string // X-PBEM-Game
	kind      string // from the Message-ID, as parseMsg finds it
	inReplyTo string // without brackets
	subject   string
	filed     time.Time // INTERNALDATE: when the mail system filed it (to the second)
	size      int64
}

// stormFields are the header fields the storm test reads of every mail.
var stormFields = []string{"Message-Id", "X-Pbem-Game", "In-Reply-To", "Subject"}

// stormBox is one user's INBOX, read header fields only.
type stormBox struct {
	t     testing.TB
	e     *env
	local string
	side  string // usa, csa or gm: the kind suffix of its hour mails
	c     *imapclient.Client
	next  imap.UID // the lowest UID not read yet
	mails []*stormMail
	byID  map[string][]*stormMail
	hours map[string]int // "hour-h0", "hour-h1" → distinct Message-IDs seen
}

func newStormBox(t testing.TB, e *env, local, side string) *stormBox {
	b := &stormBox{t: t, e: e, local: local, side: side, next: 1, byID: map[string][]*stormMail{}, hours: map[string]int{}}
	t.Cleanup(b.close)
	return b
}

func (b *stormBox) close() {
	if b.c != nil {
		b.c.Close()
		b.c = nil
	}
}

func (b *stormBox) dial() error {
	if b.c != nil {
		return nil
	}
	c, err := imapclient.DialInsecure(b.e.imapAddr, nil)
	if err != nil {
		return err
	}
	u, p := b.e.login(b.local)
	if err := c.Login(u, p).Wait(); err != nil {
		c.Close()
		return err
	}
	b.c = c
	return nil
}

// poll reads the header fields of the mails that arrived since the last poll. On
// an error it drops the connection; the next poll dials again.
func (b *stormBox) poll() error {
	err := b.dial()
	if err == nil {
		err = b.fetchNew()
	}
	if err != nil {
		b.close()
	}
	return err
}

func (b *stormBox) fetchNew() error {
	sel, err := b.c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return err
	}
	if sel.NumMessages == 0 || (sel.UIDNext != 0 && sel.UIDNext <= b.next) {
		return nil
	}
	section := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, HeaderFields: stormFields, Peek: true}
	got, err := b.c.Fetch(imap.UIDSet{imap.UIDRange{Start: b.next, Stop: 0}}, &imap.FetchOptions{
		UID: true, InternalDate: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{section},
	}).Collect()
	if err != nil {
		return err
	}
	sort.Slice(got, func(i, j int) bool { return got[i].UID < got[j].UID })
	for _, g := range got {
		if g.UID < b.next { // "n:*" names the last mail when none is newer
			continue
		}
		m := parseStormHeader(g.FindBodySection(section))
		m.uid, m.filed, m.size = g.UID, g.InternalDate, g.RFC822Size
		b.next = g.UID + 1
		b.mails = append(b.mails, m)
		if len(b.byID[m.messageID]) == 0 && strings.HasPrefix(m.kind, "hour-h") && len(m.kind) > 7 {
			b.hours[m.kind[:7]]++
		}
		b.byID[m.messageID] = append(b.byID[m.messageID], m)
	}
	return nil
}

func parseStormHeader(raw []byte) *stormMail {
	m := &stormMail{}
	th, err := textproto.ReadHeader(bufio.NewReader(io.MultiReader(bytes.NewReader(raw), strings.NewReader("\r\n\r\n"))))
	if err != nil {
		return m
	}
	h := message.Header{Header: th}
	m.messageID = strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
	m.inReplyTo = strings.Trim(strings.TrimSpace(h.Get("In-Reply-To")), "<>")
	m.game = h.Get("X-Pbem-Game")
	m.subject = h.Get("Subject")
	if s, err := h.Text("Subject"); err == nil {
		m.subject = s
	}
	if sm := midKind.FindStringSubmatch(m.messageID); sm != nil && sm[1] == m.game {
		m.kind = sm[2]
	}
	return m
}

// fetchRaw fetches whole mails by UID (a few: copies, samples).
func (b *stormBox) fetchRaw(uids []imap.UID) (map[imap.UID][]byte, error) {
	out := map[imap.UID][]byte{}
	if len(uids) == 0 {
		return out, nil
	}
	var err error
	for try := 0; try < 3; try++ {
		if err = b.dial(); err != nil {
			continue
		}
		if _, err = b.c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
			b.close()
			continue
		}
		section := &imap.FetchItemBodySection{Peek: true}
		var got []*imapclient.FetchMessageBuffer
		got, err = b.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
		if err != nil {
			b.close()
			continue
		}
		for _, g := range got {
			if raw := g.FindBodySection(section); raw != nil {
				out[g.UID] = raw
			}
		}
		if len(out) != len(uids) {
			return out, fmt.Errorf("%s: fetched %d of %d mails", b.local, len(out), len(uids))
		}
		return out, nil
	}
	return out, err
}

// gameMails returns the mails of one game, in arrival order.
func (b *stormBox) gameMails(id string) []*stormMail {
	var out []*stormMail
	for _, m := range b.mails {
		if m.game == id {
			out = append(out, m)
		}
	}
	return out
}

// answer is the mail answering the Message-ID mid (In-Reply-To), or nil.
func (b *stormBox) answer(mid string) *stormMail {
	for i := len(b.mails) - 1; i >= 0; i-- {
		if b.mails[i].inReplyTo == mid {
			return b.mails[i]
		}
	}
	return nil
}

// sentBytesHash is the SHA-256 of a mail as the daemon sent it: without the
// trace fields a mail system puts on top (Return-Path, Delivered-To, Received,
// X-Original-To), which differ from one delivery to the next.
func sentBytesHash(raw []byte) string {
	rest := raw
	for len(rest) > 0 {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line = rest[:i+1]
		}
		name, _, ok := bytes.Cut(line, []byte(":"))
		folded := len(line) > 0 && (line[0] == ' ' || line[0] == '\t')
		trace := false
		if ok && !folded {
			switch strings.ToLower(string(name)) {
			case "return-path", "delivered-to", "received", "x-original-to":
				trace = true
			}
		}
		if !trace {
			break
		}
		rest = rest[len(line):]
		// a trace field's folded continuation lines
		for len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			if i := bytes.IndexByte(rest, '\n'); i >= 0 {
				rest = rest[i+1:]
			} else {
				rest = nil
			}
		}
	}
	sum := sha256.Sum256(rest)
	return hex.EncodeToString(sum[:])
}

// --- the daemon's log ---

// resolvedLog follows the daemon's log for its "hour resolved" records.
type resolvedLog struct {
	path     string
	off      int64
	resolved int
	first    time.Time
}

func (l *resolvedLog) read() {
	f, err := os.Open(l.path)
	if err != nil {
		return
	}
	defer f.Close()
	if _, err := f.Seek(l.off, io.SeekStart); err != nil {
		return
	}
	data, _ := io.ReadAll(f)
	end := bytes.LastIndexByte(data, '\n')
	if end < 0 {
		return
	}
	l.off += int64(end + 1)
	for _, line := range strings.Split(string(data[:end]), "\n") {
		if !strings.Contains(line, `msg="hour resolved"`) {
			continue
		}
		l.resolved++
		if l.first.IsZero() {
			if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], "time=") {
				if at, err := time.Parse(time.RFC3339Nano, strings.TrimPrefix(f[0], "time=")); err == nil {
					l.first = at
				}
			}
			if l.first.IsZero() {
				l.first = time.Now()
			}
		}
	}
}

func stormFileSize(t testing.TB, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		t.Errorf("store size: %v", err)
		return 0
	}
	return fi.Size()
}

// procMemory reads a process's resident memory from /proc/PID/status.
func stormMemory(pid int) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return err.Error()
	}
	var parts []string
	for _, l := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(l, ":")
		switch {
		case !ok:
		case k == "VmRSS", k == "VmHWM", k == "RssAnon", k == "RssFile", k == "RssShmem":
			parts = append(parts, k+" "+strings.Join(strings.Fields(v), " "))
		}
	}
	return strings.Join(parts, ", ")
}

// stormStatus logs `pbem status` and returns the number of games it says are
// due within the hour. Right after its start the daemon holds the store but does
// not answer on its control socket yet, and status fails: it is asked again for
// up to 10 s.
func stormStatus(t *testing.T, cfg, when string) (due int, ok bool) {
	t.Helper()
	t0 := time.Now()
	var out []byte
	var err error
	for tries := 1; ; tries++ {
		out, err = exec.Command(pbemBin, "status", "--config", cfg).CombinedOutput()
		if err == nil {
			if tries > 1 {
				t.Logf("pbem status answered after %d tries (%v)", tries, time.Since(t0).Round(time.Millisecond))
			}
			break
		}
		if time.Since(t0) > 10*time.Second {
			t.Errorf("pbem status: %v\n%s", err, out)
			return 0, false
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("pbem status %s:\n%s", when, out)
	for _, l := range strings.Split(string(out), "\n") {
		if rest, found := strings.CutPrefix(l, "due within 1h"); found {
			if f := strings.Fields(rest); len(f) > 0 {
				n, err := strconv.Atoi(f[0])
				return n, err == nil
			}
		}
	}
	return 0, false
}

// stormRSS is a process's VmRSS in bytes (0 if unknown).
func stormRSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

// stormLiveBytes is the size of the store's data without its free pages: a
// compacted copy of the stopped daemon's store (pbem compact --out). bbolt reuses
// the pages that sent mail frees and never shrinks the file, so the file's size
// says little about what a game-hour costs; this does. (A hot `pbem backup`
// would do without stopping the daemon, but the daemon buffers the whole store
// in memory to answer it, which would spoil the memory figures.)
func stormLiveBytes(t *testing.T, storePath, dir, name string) int64 {
	t.Helper()
	compact := filepath.Join(dir, name+".compact.db")
	defer os.Remove(compact)
	if out, err := exec.Command(pbemBin, "compact", "--store", storePath, "--out", compact).CombinedOutput(); err != nil {
		t.Errorf("pbem compact: %v\n%s", err, out)
		return 0
	}
	return stormFileSize(t, compact)
}

func stormMB(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// --- the storm ---

// stormSeed is PBEM_STORM_SEED, or a fresh seed (logged, so a run can be replayed).
func stormSeed(t testing.TB) uint64 {
	if v := os.Getenv("PBEM_STORM_SEED"); v != "" {
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("PBEM_STORM_SEED=%q: want a number", v)
		}
		return s
	}
	return uint64(time.Now().UnixNano())
}

// stormLead is how far ahead of the config's writing the deadline must be, at
// least: n games to create (about 23 ms each, measured) and 3n opening mails to
// draw and deliver (about 20 ms per game in-process, 60 ms through Postfix and
// Dovecot, on two cores), with room to spare. Against the real server it is at
// least a minute, as an operator would set it; the in-process test keeps to
// seconds so that it stays short.
func stormLead(e *env, n int) time.Duration {
	perGame := 120 * time.Millisecond
	lead := 4*time.Second + time.Duration(n)*perGame
	if e.name != "inproc" {
		lead = max(lead, time.Minute)
	}
	return lead
}

// writeStormConfig writes the club's config: one store, every game's deadline at
// the time of day at (UTC), no hour length, no grace, no reminders.
func writeStormConfig(t testing.TB, e *env, dir, at string) string {
	cfg := daemonConfig(e, dir, "info", fmt.Sprintf(`scenario = "shiloh1862"
deadline = "0s"
deadline_at = %q
time_zone = "UTC"
grace = "0s"
reminder_before = "0s"
change_of_mind = "0s"`, at))
	path := filepath.Join(dir, "pbem.toml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// runStorm: n games of one store, all due at one fixed time of day. The daemon
// sends 3n opening mails, then at the deadline resolves every game and sends 3n
// results mails, while it is killed twice (SIGKILL, restarted at once) and a
// player sends orders whose receipt is timed. Every mailbox must end with exactly
// one hour-h0 and one hour-h1 mail per game by Message-ID (copies of one
// Message-ID byte-identical), nothing else but the one receipt; a sample of games
// passes pbem verify and replay. The figures an operator sizes a machine by are
// logged.
func runStorm(t *testing.T, e *env, n int) {
	seed := stormSeed(t)
	rng := rand.New(rand.NewPCG(seed, 1862))
	t.Logf("storm: %d games against %s; seed %d (PBEM_STORM_SEED=%d replays the kill points and the choice of games)", n, e.name, seed, seed)
	pollEvery := 100 * time.Millisecond
	if e.name == "inproc" {
		pollEvery = 30 * time.Millisecond
	}
	alice, bob, gmb := newStormBox(t, e, "alice", "usa"), newStormBox(t, e, "bob", "csa"), newStormBox(t, e, "gm", "gm")
	boxes := []*stormBox{alice, bob, gmb}
	pollAll := func() error {
		var last error
		for _, b := range boxes {
			if err := b.poll(); err != nil {
				last = err
			}
		}
		return last
	}
	count := func(hour string) int {
		c := 0
		for _, b := range boxes {
			c += b.hours[hour]
		}
		return c
	}

	// 1. One config: every game due at the same minute, UTC.
	dir := t.TempDir()
	deadline := time.Now().UTC().Add(stormLead(e, n)).Truncate(time.Minute).Add(time.Minute)
	cfg := writeStormConfig(t, e, dir, deadline.Format("15:04"))
	storePath := filepath.Join(dir, "pbem.db")
	d := &daemon{t: t, env: e, game: "storm", dir: dir, config: cfg, logf: filepath.Join(dir, "daemon.log")}
	t.Cleanup(func() {
		d.stop()
		if t.Failed() || os.Getenv("PBEM_E2E_LOG") != "" {
			b, _ := os.ReadFile(d.logf)
			if len(b) > 12000 {
				b = b[len(b)-12000:]
			}
			t.Logf("daemon log (tail):\n%s", b)
		}
	})
	t.Logf("deadline_at %q UTC: %s, %v ahead", deadline.Format("15:04"), deadline.Format(time.RFC3339), time.Until(deadline).Round(time.Second))

	// 2. n games, one `pbem game new` each, timed.
	ids := make([]string, n)
	games := map[string]bool{}
	var createTotal, createMax time.Duration
	for i := range ids {
		ids[i] = fmt.Sprintf("st%04d", i)
		games[ids[i]] = true
		t0 := time.Now()
		out, err := exec.Command(pbemBin, "game", "new", "--config", cfg, "--id", ids[i],
			"--usa", usaAddr, "--csa", csaAddr, "--gm", gmAddr).CombinedOutput()
		dt := time.Since(t0)
		if err != nil {
			t.Fatalf("pbem game new %s: %v\n%s", ids[i], err, out)
		}
		createTotal += dt
		createMax = max(createMax, dt)
	}
	createMean := createTotal / time.Duration(n)
	t.Logf("created %d games in %v: %v per game (slowest %v); the deadline is %v ahead",
		n, createTotal.Round(time.Millisecond), createMean.Round(100*time.Microsecond), createMax.Round(time.Millisecond),
		time.Until(deadline).Round(100*time.Millisecond))
	if time.Until(deadline) < 3*time.Second {
		t.Fatalf("creating the games ran into the deadline (%s): stormLead is too short for this machine", deadline.Format(time.RFC3339))
	}

	// The daemon draws and sends the opening mails.
	d.start()
	started := time.Now()
	var opened time.Duration
	var lastErr error
	for count("hour-h0") < 3*n && time.Until(deadline) > time.Second {
		if err := pollAll(); err != nil {
			lastErr = err
		}
		if count("hour-h0") >= 3*n {
			break
		}
		time.Sleep(pollEvery)
	}
	if got := count("hour-h0"); got >= 3*n {
		opened = time.Since(started)
		t.Logf("opening mails: %d in %v after the daemon's start (%.1f mails/s); the deadline is %v ahead",
			got, opened.Round(time.Millisecond), float64(got)/opened.Seconds(), time.Until(deadline).Round(100*time.Millisecond))
	} else {
		t.Logf("opening mails: only %d of %d in before the deadline (last IMAP error %v); the storm starts with them still coming", got, 3*n, lastErr)
	}
	// The store's data before the storm, read offline: the daemon is stopped
	// (SIGTERM) and started again, as for an operator's maintenance.
	memOpening := stormMemory(d.cmd.Process.Pid)
	liveBefore := int64(-1)
	if time.Until(deadline) > 10*time.Second {
		d.stop()
		liveBefore = stormLiveBytes(t, storePath, dir, "before")
		d.start()
		t.Logf("daemon stopped and started again before the deadline (to read the store offline); the deadline is %v ahead",
			time.Until(deadline).Round(100*time.Millisecond))
	}
	// What an operator sees of the coming storm: every game due within the hour.
	if due, ok := stormStatus(t, cfg, "before the storm"); ok && due != n {
		t.Errorf("pbem status before the storm: %d games due within the hour, want %d", due, n)
	}
	time.Sleep(time.Until(deadline.Add(-500 * time.Millisecond)))
	sizeBefore := stormFileSize(t, storePath)
	memBefore := stormMemory(d.cmd.Process.Pid)
	logAt := stormFileSize(t, d.logf)
	time.Sleep(time.Until(deadline))

	// 3. The storm: every game is due now.
	rlog := &resolvedLog{path: d.logf, off: logAt}
	k1 := 1 + rng.IntN(max(1, n/2))           // kill 1: after this many games resolved
	k2 := 3*n/10 + rng.IntN(max(1, 3*n*6/10)) // kill 2: after this many results mails arrived
	ordersGame := ids[rng.IntN(n)]
	var kills []string
	var ordersMID, receiptMID string
	var ordersSent time.Time
	guard := deadline.Add(5*time.Minute + time.Duration(n)*500*time.Millisecond)
	complete := false
	var peakRSS int64
	var peakAt time.Duration
	for {
		if err := pollAll(); err != nil {
			lastErr = err
		}
		rlog.read()
		if d.cmd != nil {
			if rss := stormRSS(d.cmd.Process.Pid); rss > peakRSS {
				peakRSS, peakAt = rss, time.Since(deadline)
			}
		}
		results := count("hour-h1")
		if (len(kills) == 0 && rlog.resolved >= k1) || (len(kills) == 1 && results >= k2 && results < 3*n) {
			d.kill()
			d.start()
			kills = append(kills, fmt.Sprintf("deadline+%v (%d games resolved, %d of %d results mails in)",
				time.Since(deadline).Round(time.Millisecond), rlog.resolved, results, 3*n))
		}
		newestHour, _ := stormNewestHour(alice, ordersGame)
		// ~2 s into the storm (its first resolution), or once a third of the
		// results mails are in if the storm is that quick, a player writes, in
		// answer to the new hour's mail (orders answering the hour just played
		// are refused, server.Config.AcceptPlayedHourReplies).
		if ordersMID == "" && !rlog.first.IsZero() && (time.Since(rlog.first) >= 2*time.Second || results >= n) &&
			newestHour >= 1 {
			ordersMID = stormOrders(t, e, alice, ordersGame)
			ordersSent = time.Now()
		}
		if ordersMID != "" && receiptMID == "" {
			if m := alice.answer(ordersMID); m != nil {
				receiptMID = m.messageID
			}
		}
		if count("hour-h0") >= 3*n && results >= 3*n && receiptMID != "" {
			complete = true
			break
		}
		if time.Now().After(guard) {
			t.Errorf("after %v: %d of %d opening mails, %d of %d results mails, receipt %v (last IMAP error %v)",
				time.Since(deadline).Round(time.Second), count("hour-h0"), 3*n, results, 3*n, receiptMID != "", lastErr)
			break
		}
		time.Sleep(pollEvery)
	}
	// Let a resend from the last kill land before counting.
	time.Sleep(1500 * time.Millisecond)
	if err := pollAll(); err != nil {
		t.Logf("last poll: %v", err)
	}
	for i, k := range kills {
		t.Logf("SIGKILL %d at %s", i+1, k)
	}
	if len(kills) < 2 {
		t.Errorf("only %d SIGKILLs fell in the storm (kill points: %d games resolved, %d results mails)", len(kills), k1, k2)
	}

	// 5. Figures (taken before the checks, with the daemon still running).
	if complete {
		first, last := stormSpan(t, e, boxes)
		dur := last.Sub(deadline)
		busy := last.Sub(rlog.first)
		t.Logf("storm: first game resolved at deadline+%v, first results mail at deadline+%v, last at deadline+%v",
			rlog.first.Sub(deadline).Round(time.Millisecond), first.Sub(deadline).Round(time.Millisecond), dur.Round(time.Millisecond))
		t.Logf("storm: deadline → last results mail %v: %.2f games/s, %.1f mails/s; first resolution → last mail %v: %.2f games/s, %.1f mails/s",
			dur.Round(time.Millisecond), float64(n)/dur.Seconds(), float64(3*n)/dur.Seconds(),
			busy.Round(time.Millisecond), float64(n)/busy.Seconds(), float64(3*n)/busy.Seconds())
		landed, ok1 := e.arrival(t, "pbem", ordersMID)
		answered, ok2 := e.arrival(t, "alice", receiptMID)
		if ok1 && ok2 {
			during := "with the storm still under way"
			if answered.After(last) {
				during = "AFTER the storm's last results mail"
			}
			t.Logf("receipt: orders for game %s sent at deadline+%v; in the adjudicator's mailbox → receipt in alice's: %v (%s)",
				ordersGame, ordersSent.Sub(deadline).Round(time.Millisecond), answered.Sub(landed).Round(time.Millisecond), during)
		} else {
			t.Errorf("arrival times unknown: orders %v, receipt %v", ok1, ok2)
		}
	}
	sizeAfter := stormFileSize(t, storePath)
	t.Logf("store: %s before the storm, %s after: +%s, %.1f kB per game-hour", stormMB(sizeBefore), stormMB(sizeAfter),
		stormMB(sizeAfter-sizeBefore), float64(sizeAfter-sizeBefore)/float64(n)/1e3)
	if d.cmd != nil {
		t.Logf("daemon memory after the opening mails: %s", memOpening)
		t.Logf("daemon memory at the deadline: %s; highest VmRSS seen in the storm %s (deadline+%v)", memBefore,
			stormMB(peakRSS), peakAt.Round(100*time.Millisecond))
		t.Logf("daemon memory after the storm (pid %d, up since the last kill): %s", d.cmd.Process.Pid, stormMemory(d.cmd.Process.Pid))
	}
	// Every game's next deadline is a day away now.
	if due, ok := stormStatus(t, cfg, "after the storm"); ok && due != 0 {
		t.Errorf("pbem status after the storm: %d games due within the hour, want 0", due)
	}
	// 4. Checks: every mailbox, every game.
	var dups int
	for _, b := range boxes {
		dups += checkStormBox(t, b, ids, games, ordersGame, ordersMID)
	}
	if n := e.outside(t); n != 0 {
		t.Errorf("%d mails went to addresses outside the games", n)
	}
	t.Logf("%d identical resend(s) by Message-ID across the three mailboxes, %d SIGKILLs, %d daemon starts", dups, d.kills, d.starts)

	sample := stormDedupe([]string{ordersGame, ids[0], ids[n-1]})
	for _, i := range rng.Perm(n) {
		if len(sample) >= min(5, n) {
			break
		}
		if !stormHas(sample, ids[i]) {
			sample = append(sample, ids[i])
		}
	}
	for _, id := range sample {
		checkStormSample(t, alice, bob, gmb, id, id == ordersGame)
	}
	d.stop()
	if liveBefore >= 0 {
		liveAfter := stormLiveBytes(t, storePath, dir, "after")
		t.Logf("store data (compacted): %s before the storm, %s after: +%s, %.1f kB per game-hour",
			stormMB(liveBefore), stormMB(liveAfter), stormMB(liveAfter-liveBefore), float64(liveAfter-liveBefore)/float64(n)/1e3)
	}
	verifyStorm(t, d, sample)
}

func stormHas(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func stormDedupe(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !stormHas(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// stormOrders sends the USA player's orders in one game, as a reply to the newest
// hour mail alice has of it (whatever hour is open), and returns their Message-ID.
// stormNewestHour is the newest hour whose mail alice has in game id (-1: none),
// and that mail.
func stormNewestHour(alice *stormBox, id string) (int, *stormMail) {
	best, newest := -1, (*stormMail)(nil)
	for _, m := range alice.gameMails(id) {
		var h int
		if _, err := fmt.Sscanf(m.kind, "hour-h%d-", &h); err == nil && h > best {
			best, newest = h, m
		}
	}
	return best, newest
}

func stormOrders(t *testing.T, e *env, alice *stormBox, id string) string {
	t.Helper()
	_, newest := stormNewestHour(alice, id)
	if newest == nil {
		t.Fatalf("alice has no hour mail of game %s to answer", id)
	}
	raw, err := alice.fetchRaw([]imap.UID{newest.uid})
	if err != nil {
		t.Fatalf("fetching alice's hour mail of %s: %v", id, err)
	}
	m := parseMsg(raw[newest.uid])
	m.uid = newest.uid
	g := &game{t: t, e: e, id: id, usa: &mailbox{t: t, env: e, local: "alice", seen: map[imap.UID]bool{}, msgs: []*msg{m}}}
	return g.reply("usa", usaOrders)
}

// stormSpan is when the first and the last results mail (hour-h1) reached the
// mail system: the mails filed in the first and the last second by INTERNALDATE,
// timed exactly by e.arrival.
func stormSpan(t *testing.T, e *env, boxes []*stormBox) (first, last time.Time) {
	type cand struct {
		local string
		m     *stormMail
	}
	var all []cand
	var lo, hi time.Time
	for _, b := range boxes {
		for _, m := range b.mails {
			if !strings.HasPrefix(m.kind, "hour-h1-") {
				continue
			}
			all = append(all, cand{b.local, m})
			if lo.IsZero() || m.filed.Before(lo) {
				lo = m.filed
			}
			if m.filed.After(hi) {
				hi = m.filed
			}
		}
	}
	for _, c := range all {
		near := !c.m.filed.After(lo.Add(time.Second)) || !c.m.filed.Before(hi.Add(-time.Second))
		if !near {
			continue
		}
		at, ok := e.arrival(t, c.local, c.m.messageID)
		if !ok {
			at = c.m.filed
		}
		if first.IsZero() || at.Before(first) {
			first = at
		}
		if at.After(last) {
			last = at
		}
	}
	return first, last
}

// checkStormBox: exactly one hour-h0 and one hour-h1 mail per game by Message-ID,
// copies of one Message-ID byte-identical (checkOnce, on the sent bytes' SHA-256),
// no mail outside the games, and nothing else but the receipt answering ordersMID
// in the orders game. It returns the number of identical copies.
func checkStormBox(t *testing.T, b *stormBox, ids []string, games map[string]bool, ordersGame, ordersMID string) (dups int) {
	t.Helper()
	var problems []string
	kinds := map[string]map[string]map[string]bool{} // game → kind → Message-IDs
	receipts := map[string]bool{}
	for _, m := range b.mails {
		if !games[m.game] {
			problems = append(problems, fmt.Sprintf("a mail outside the games: %q [%s] (X-PBEM-Game %q)", m.subject, m.messageID, m.game))
			continue
		}
		if kinds[m.game] == nil {
			kinds[m.game] = map[string]map[string]bool{}
		}
		k := m.kind
		switch {
		case k == "hour-h0-"+b.side, k == "hour-h1-"+b.side:
		case b.side == "gm" && strings.HasPrefix(k, "gm-warn-h0-"): // the deadline is closer than [games] gm_warn_before
		case b.side == "usa" && m.game == ordersGame && strings.HasPrefix(k, "receipt-h") && strings.Contains(k, "-v1-usa-") && m.inReplyTo == ordersMID:
			receipts[m.messageID] = true
		default:
			problems = append(problems, fmt.Sprintf("an unexpected mail: %q [%s]", m.subject, m.messageID))
		}
		if kinds[m.game][k] == nil {
			kinds[m.game][k] = map[string]bool{}
		}
		kinds[m.game][k][m.messageID] = true
	}
	for _, id := range ids {
		for h := 0; h <= 1; h++ {
			k := fmt.Sprintf("hour-h%d-%s", h, b.side)
			if got := len(kinds[id][k]); got != 1 {
				problems = append(problems, fmt.Sprintf("game %s: %d mails of kind %s by Message-ID, want 1", id, got, k))
			}
		}
	}
	if b.side == "usa" && ordersMID != "" && len(receipts) != 1 {
		problems = append(problems, fmt.Sprintf("%d receipts by Message-ID answering the orders <%s> in game %s, want 1", len(receipts), ordersMID, ordersGame))
	}
	for i, p := range problems {
		if i == 20 {
			t.Errorf("%s: … and %d more problems", b.local, len(problems)-20)
			break
		}
		t.Errorf("%s: %s", b.local, p)
	}

	// Copies: fetch them whole and compare what the daemon sent.
	var copies []imap.UID
	for _, ms := range b.byID {
		if len(ms) > 1 {
			for _, m := range ms {
				copies = append(copies, m.uid)
			}
		}
	}
	raws, err := b.fetchRaw(copies)
	if err != nil {
		t.Errorf("%s: fetching %d copies: %v", b.local, len(copies), err)
	}
	mbox := &mailbox{t: t, env: b.e, local: b.local}
	for _, m := range b.mails {
		pm := &msg{uid: m.uid, messageID: m.messageID, subject: m.subject, game: m.game, kind: m.kind}
		if raw, ok := raws[m.uid]; ok {
			pm.text = sentBytesHash(raw)
		}
		mbox.msgs = append(mbox.msgs, pm)
	}
	seen := map[string]bool{}
	for _, m := range b.mails {
		if len(b.byID[m.messageID]) > 1 && !seen[m.game] {
			seen[m.game] = true
			dups += checkOnce(t, mbox, m.game)
		}
	}
	// One Message-ID per kind is checked above for the hour mails; checkOnce holds
	// every game's copies to one text (here: one SHA-256 of the sent bytes).
	return dups
}

// checkStormSample reads one game's mails whole, as the other scenarios do: maps
// that decode, the revealed seed against the commitment, fog of war for each side,
// and the receipt of the orders game.
func checkStormSample(t *testing.T, alice, bob, gmb *stormBox, id string, orders bool) {
	t.Helper()
	boxes := map[string]*mailbox{}
	for _, b := range []*stormBox{alice, bob, gmb} {
		var uids []imap.UID
		for _, m := range b.gameMails(id) {
			uids = append(uids, m.uid)
		}
		raws, err := b.fetchRaw(uids)
		if err != nil {
			t.Errorf("%s, game %s: %v", b.local, id, err)
			continue
		}
		mbox := &mailbox{t: t, env: b.e, local: b.local}
		for _, u := range uids {
			m := parseMsg(raws[u])
			m.uid = u
			for _, p := range m.problems {
				t.Errorf("%s, game %s: %q: %s", b.local, id, m.subject, p)
			}
			mbox.msgs = append(mbox.msgs, m)
		}
		boxes[b.side] = mbox
		for _, m := range find(mbox.msgs, id, "hour-h") {
			checkPNG(t, m)
		}
		if b.side == "gm" {
			continue
		}
		prev := find(mbox.msgs, id, "hour-h0-"+b.side)
		cur := find(mbox.msgs, id, "hour-h1-"+b.side)
		if len(prev) > 0 && len(cur) > 0 {
			checkSeed(t, prev[0], cur[0])
			if !strings.Contains(cur[0].text, "RESULTS OF Day 1 7AM") || !strings.Contains(cur[0].text, "ORDERS FOR Day 1 8AM") {
				t.Errorf("%s, game %s: the results mail does not read as hour 1's:\n%s", b.local, id, cur[0].text)
			}
		}
	}
	if b := boxes["usa"]; b != nil {
		checkFogAll(t, adjudicator.USA, b, id)
		if orders {
			// by Message-ID: a kill may have sent it twice, identical (checkOnce)
			byID := map[string]*msg{}
			for _, m := range find(b.msgs, id, "receipt-h") {
				byID[m.messageID] = m
			}
			if len(byID) != 1 {
				t.Errorf("game %s: %d receipts for alice's orders by Message-ID, want 1", id, len(byID))
			}
			for _, m := range byID {
				receiptOK(t, m, "usa", 1, orderLines(usaOrders))
			}
		}
	}
	if b := boxes["csa"]; b != nil {
		checkFogAll(t, adjudicator.CSA, b, id)
	}
}

// verifyStorm stops the daemon (SIGTERM) if it runs, requires a log without errors, and runs
// `pbem verify` and `pbem replay` on each sampled game and `pbem verify` on its
// exported record, as daemon.verify does for a one-game store.
func verifyStorm(t *testing.T, d *daemon, sample []string) {
	t.Helper()
	d.stop()
	if b, err := os.ReadFile(d.logf); err != nil {
		t.Error(err)
	} else {
		warns := map[string]int{}
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "level=ERROR") {
				t.Errorf("daemon logged: %s", l)
			}
			if strings.Contains(l, "level=WARN") {
				m := l
				if i := strings.Index(l, "msg="); i >= 0 {
					m = l[i:]
					if j := strings.Index(m, `" `); j >= 0 {
						m = m[:j+1]
					}
				}
				warns[m]++
			}
		}
		for m, c := range warns {
			t.Logf("daemon warned %d× %s", c, m)
		}
	}
	for _, id := range sample {
		record := filepath.Join(d.dir, id+".json")
		if out, err := exec.Command(pbemBin, "game", "export", "--config", d.config, "--out", record, id).CombinedOutput(); err != nil {
			t.Errorf("pbem game export %s: %v\n%s", id, err, out)
		}
		for _, args := range [][]string{
			{"verify", "--config", d.config, "--game", id},
			{"replay", "--config", d.config, "--game", id},
			{"verify", record},
		} {
			out, err := exec.Command(pbemBin, args...).CombinedOutput()
			if err != nil || !strings.Contains(string(out), "verifies") {
				t.Errorf("pbem %s (game %s): %v\n%s", args[0], id, err, out)
			}
		}
	}
	t.Logf("verified games %s: pbem verify, pbem replay and the exported record", strings.Join(sample, ", "))
}

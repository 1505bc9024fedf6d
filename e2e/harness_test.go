package e2e

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // windows-1252 and friends in test mails
	"github.com/emersion/go-smtp"
)

// pbemBin is the daemon under test, built once by TestMain.
var pbemBin string

// realSetup, set by the mailserver-tagged file, starts the real mail server before
// the tests and returns how to stop it.
var realSetup func() (stop func(), err error)

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "pbem-e2e-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	// PBEM_E2E_BIN runs the suite against an already built binary instead.
	pbemBin = os.Getenv("PBEM_E2E_BIN")
	if pbemBin == "" {
		pbemBin = filepath.Join(dir, "pbem")
		build := exec.Command("go", "build", "-o", pbemBin, "github.com/shiloh-pbem/pbem/cmd/pbem")
		if out, err := build.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "FAIL: building pbem: %v\n%s", err, out)
			return 1
		}
	}
	if realSetup != nil {
		stop, err := realSetup()
		if err != nil {
			fmt.Fprintf(os.Stderr, "FAIL: the real mail server did not start: %v\n", err)
			return 1
		}
		defer stop()
	}
	return m.Run()
}

const domain = "example.test"

// The mail users every environment has (local parts @example.test).
var allUsers = []string{"pbem", "gm", "alice", "bob", "catchall"}

const (
	adjAddr = "pbem@" + domain
	usaAddr = "alice@" + domain
	csaAddr = "bob@" + domain
	gmAddr  = "gm@" + domain
)

// env is one mail system the scenarios run against.
type env struct {
	name     string
	imapAddr string
	smtpAddr string
	// login gives the IMAP user name and password of a local part.
	login func(local string) (user, pass string)
	// restartIMAP stops and starts the IMAP server (mail kept).
	restartIMAP func(t testing.TB)
	// stopSMTP and startSMTP take the SMTP server away and back.
	stopSMTP, startSMTP func(t testing.TB)
	// deliver files a raw mail straight into a local part's INBOX, bypassing SMTP
	// (LMTP to Dovecot for the real server).
	deliver func(t testing.TB, local string, raw []byte)
	// arrival is when the mail with this Message-ID landed in the mail system for
	// local: SMTP acceptance in-process; the Maildir file's time for the real
	// server (an upper bound of Postfix's acceptance).
	arrival func(t testing.TB, local, messageID string) (time.Time, bool)
	// outside counts the mails the adjudicator sent outside example.test (to a
	// spoofer or a bounce's sender).
	outside func(t testing.TB) int
	// idleDelay is the server's own delay in reporting new mail through IDLE.
	idleDelay string
}

func headerOf(raw []byte) []byte {
	if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
		return raw[:i]
	}
	if i := bytes.Index(raw, []byte("\n\n")); i >= 0 {
		return raw[:i]
	}
	return raw
}

// --- the daemon ---

// daemon is one game's `pbem serve`, with its own store and config.
type daemon struct {
	t      testing.TB
	env    *env
	game   string
	dir    string
	config string
	logf   string
	cmd    *exec.Cmd
	done   chan struct{}
	starts int
	kills  int
}

// newGame writes a config for env, creates the game with `pbem game new` (the daemon
// is not running: the store is single-process) and returns the stopped daemon.
func newGame(t testing.TB, e *env, game string) *daemon {
	dir := t.TempDir()
	d := &daemon{t: t, env: e, game: game, dir: dir, config: filepath.Join(dir, "pbem.toml"), logf: filepath.Join(dir, "daemon.log")}
	cfg := daemonConfig(e, dir, "debug", `scenario = "shiloh1862"
change_of_mind = "0s"`)
	if err := os.WriteFile(d.config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pbemBin, "game", "new", "--config", d.config, "--id", game,
		"--usa", usaAddr, "--csa", csaAddr, "--gm", gmAddr).CombinedOutput()
	if err != nil {
		t.Fatalf("pbem game new: %v\n%s", err, out)
	}
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
	return d
}

// daemonConfig is a daemon's config for env: its store in dir, the pbem mailbox,
// the test SMTP server, gm as the GM, and the [games] settings given.
func daemonConfig(e *env, dir, logLevel, games string) string {
	user, pass := e.login("pbem")
	return fmt.Sprintf(`[store]
path = %q

[log]
level = %q

[imap]
addr = %q
tls = "none"
username = %q
password = %q
idle = true
poll_interval = "3s"

[smtp]
addr = %q
tls = "none"
retry_max = "1s"

[mail]
address = %q
gms = [%q]

[games]
%s
`, filepath.Join(dir, "pbem.db"), logLevel, e.imapAddr, user, pass, e.smtpAddr, adjAddr, gmAddr, games)
}

func (d *daemon) start() {
	d.t.Helper()
	if d.cmd != nil {
		d.t.Fatal("daemon already running")
	}
	lf, err := os.OpenFile(d.logf, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		d.t.Fatal(err)
	}
	fmt.Fprintf(lf, "=== start %d\n", d.starts+1)
	cmd := exec.Command(pbemBin, "serve", "--config", d.config)
	cmd.Stdout, cmd.Stderr = lf, lf
	if err := cmd.Start(); err != nil {
		lf.Close()
		d.t.Fatal(err)
	}
	d.cmd, d.done = cmd, make(chan struct{})
	d.starts++
	go func() {
		cmd.Wait()
		lf.Close()
		close(d.done)
	}()
}

// kill ends the daemon with SIGKILL: no cleanup, no flush.
func (d *daemon) kill() {
	if d.cmd == nil {
		return
	}
	_ = d.cmd.Process.Signal(syscall.SIGKILL)
	<-d.done
	d.cmd = nil
	d.kills++
}

// stop ends the daemon the way an operator does (SIGTERM) and waits for it.
func (d *daemon) stop() {
	if d.cmd == nil {
		return
	}
	_ = d.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-d.done:
	case <-time.After(20 * time.Second):
		_ = d.cmd.Process.Signal(syscall.SIGKILL)
		<-d.done
		d.t.Errorf("daemon did not stop within 20 s of SIGTERM")
	}
	d.cmd = nil
}

// verify stops the daemon and runs `pbem verify` and `pbem replay` on the game,
// and `pbem verify` on its exported record: all must pass (issue 7). The daemon must not have logged an error on the way
// (warnings, such as an SMTP server that is down, are expected in fault tests).
func (d *daemon) verify() {
	d.t.Helper()
	d.stop()
	if b, err := os.ReadFile(d.logf); err != nil {
		d.t.Error(err)
	} else {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "level=ERROR") {
				d.t.Errorf("daemon logged: %s", l)
			}
		}
	}
	record := filepath.Join(d.dir, d.game+".json")
	if out, err := exec.Command(pbemBin, "game", "export", "--config", d.config, "--out", record, d.game).CombinedOutput(); err != nil {
		d.t.Errorf("pbem game export: %v\n%s", err, out)
	}
	for _, args := range [][]string{
		{"verify", "--config", d.config, "--game", d.game},
		{"replay", "--config", d.config, "--game", d.game},
		{"verify", record}, // the exported record, as an outsider checks it
	} {
		out, err := exec.Command(pbemBin, args...).CombinedOutput()
		if err != nil || !strings.Contains(string(out), "verifies") {
			d.t.Errorf("pbem %s: %v\n%s", args[0], err, out)
		}
	}
}

// --- players' mailboxes ---

// msg is one mail as a player's mail client sees it.
type msg struct {
	uid       imap.UID
	raw       []byte
	messageID string // without brackets
	subject   string
	replyTo   string
	game      string // X-PBEM-Game
	kind      string // the part of our Message-ID between "game." and "@"
	text      string // the text/plain part
	html      string
	pngs      [][]byte
	problems  []string
}

var midKind = regexp.MustCompile(`^([a-z0-9_]+)\.([^@]+)@`)

func parseMsg(raw []byte) *msg {
	m := &msg{raw: raw}
	e, err := message.Read(bytes.NewReader(raw))
	if e == nil {
		m.problems = append(m.problems, fmt.Sprintf("unreadable: %v", err))
		return m
	}
	h := e.Header
	m.messageID = strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
	m.subject = h.Get("Subject")
	if s, err := h.Text("Subject"); err == nil {
		m.subject = s
	}
	m.replyTo = strings.Trim(strings.TrimSpace(h.Get("Reply-To")), "<>")
	m.game = h.Get("X-Pbem-Game")
	if sm := midKind.FindStringSubmatch(m.messageID); sm != nil && sm[1] == m.game {
		m.kind = sm[2]
	}
	_ = e.Walk(func(path []int, p *message.Entity, err error) error {
		if err != nil {
			m.problems = append(m.problems, err.Error())
			return nil
		}
		ct, _, _ := p.Header.ContentType()
		switch ct {
		case "text/plain", "text/html", "image/png":
			b, rerr := io.ReadAll(p.Body)
			if rerr != nil {
				m.problems = append(m.problems, rerr.Error())
			}
			switch {
			case ct == "image/png":
				m.pngs = append(m.pngs, b)
			case ct == "text/plain" && m.text == "":
				m.text = strings.ReplaceAll(string(b), "\r\n", "\n")
			case ct == "text/html" && m.html == "":
				m.html = string(b)
			}
		}
		return nil
	})
	return m
}

// mailbox is a player's INBOX read over IMAP, as a mail client would.
type mailbox struct {
	t     testing.TB
	env   *env
	local string
	c     *imapclient.Client
	seen  map[imap.UID]bool
	msgs  []*msg
}

func newMailbox(t testing.TB, e *env, local string) *mailbox {
	b := &mailbox{t: t, env: e, local: local, seen: map[imap.UID]bool{}}
	t.Cleanup(b.close)
	return b
}

func (b *mailbox) close() {
	if b.c != nil {
		b.c.Close()
		b.c = nil
	}
}

// poll fetches new mail; on any error it drops the connection and tries again next
// time (the server may be restarting).
func (b *mailbox) poll() error {
	if b.c == nil {
		c, err := imapclient.DialInsecure(b.env.imapAddr, nil)
		if err != nil {
			return err
		}
		u, p := b.env.login(b.local)
		if err := c.Login(u, p).Wait(); err != nil {
			c.Close()
			return err
		}
		b.c = c
	}
	err := b.fetchNew()
	if err != nil {
		b.close()
	}
	return err
}

func (b *mailbox) fetchNew() error {
	if _, err := b.c.Select("INBOX", nil).Wait(); err != nil {
		return err
	}
	data, err := b.c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
	if err != nil {
		return err
	}
	var want []imap.UID
	for _, u := range data.AllUIDs() {
		if !b.seen[u] {
			want = append(want, u)
		}
	}
	if len(want) == 0 {
		return nil
	}
	section := &imap.FetchItemBodySection{Peek: true}
	got, err := b.c.Fetch(imap.UIDSetNum(want...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil {
		return err
	}
	sort.Slice(got, func(i, j int) bool { return got[i].UID < got[j].UID })
	for _, g := range got {
		raw := g.FindBodySection(section)
		if raw == nil || b.seen[g.UID] {
			continue
		}
		b.seen[g.UID] = true
		m := parseMsg(raw)
		m.uid = g.UID
		b.msgs = append(b.msgs, m)
	}
	return nil
}

// game returns the mails of one game received so far.
func (b *mailbox) game(id string) []*msg {
	var out []*msg
	for _, m := range b.msgs {
		if m.game == id {
			out = append(out, m)
		}
	}
	return out
}

// waitFor polls until pred holds for the mailbox's mails, or fails the test.
func (b *mailbox) waitFor(what string, timeout time.Duration, pred func(ms []*msg) bool) {
	b.t.Helper()
	deadline := time.Now().Add(timeout)
	var lastErr error
	for {
		if err := b.poll(); err != nil {
			lastErr = err
		}
		if pred(b.msgs) {
			return
		}
		if time.Now().After(deadline) {
			var subj []string
			for _, m := range b.msgs {
				subj = append(subj, fmt.Sprintf("%s [%s]", m.subject, m.messageID))
			}
			b.t.Fatalf("%s: %s: not there after %v (last IMAP error %v); mailbox has:\n  %s", b.local, what, timeout,
				lastErr, strings.Join(subj, "\n  "))
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// find returns the game's mails whose kind starts with prefix.
func find(ms []*msg, game, prefix string) []*msg {
	var out []*msg
	for _, m := range ms {
		if m.game == game && strings.HasPrefix(m.kind, prefix) {
			out = append(out, m)
		}
	}
	return out
}

// has is a waitFor predicate: at least n of the game's mails of this kind.
func has(game, prefix string, n int) func([]*msg) bool {
	return func(ms []*msg) bool { return len(find(ms, game, prefix)) >= n }
}

// hourMail returns the newest hour mail (kind "hour-hN-side") of a game, with N.
func lastHourMail(ms []*msg, game string) (*msg, int) {
	var best *msg
	bestN := -1
	for _, m := range find(ms, game, "hour-h") {
		var n int
		if _, err := fmt.Sscanf(m.kind, "hour-h%d-", &n); err == nil && n > bestN {
			best, bestN = m, n
		}
	}
	return best, bestN
}

// --- players' outgoing mail ---

var sendSeq struct {
	sync.Mutex
	n int
}

// newMessageID makes a player's Message-ID.
func newMessageID(local string) string {
	sendSeq.Lock()
	defer sendSeq.Unlock()
	sendSeq.n++
	return fmt.Sprintf("%d.%d.%s@mua.example.net", time.Now().UnixNano(), sendSeq.n, local)
}

// plainMail builds a player's text/plain UTF-8 mail.
func plainMail(from, to, subject, mid, body string, extra ...string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\n", from, to, subject, mid,
		time.Now().UTC().Format(time.RFC1123Z))
	for _, h := range extra {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	return []byte(b.String())
}

// smtpSend submits a raw mail to the environment's SMTP server. envFrom "" sends
// the null reverse-path of a bounce.
func smtpSend(t testing.TB, e *env, envFrom, to string, raw []byte) {
	t.Helper()
	var err error
	for try := 0; try < 3; try++ {
		if err = sendPlain(e.smtpAddr, envFrom, to, raw); err == nil {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("SMTP to %s: %v", to, err)
}

// --- checks ---

// checkPNG says whether every mail's map decodes as a PNG image.
func checkPNG(t testing.TB, m *msg) {
	t.Helper()
	if len(m.pngs) == 0 {
		t.Errorf("%s: no image/png part", m.subject)
	}
	for _, p := range m.pngs {
		img, err := png.Decode(bytes.NewReader(p))
		if err != nil {
			t.Errorf("%s: map does not decode: %v", m.subject, err)
			continue
		}
		if r := img.Bounds(); r.Dx() < 200 || r.Dy() < 200 {
			t.Errorf("%s: map is only %v", m.subject, r)
		}
	}
}

// sendPlain is one SMTP transaction without TLS or AUTH (loopback test servers).
func sendPlain(addr, from, to string, raw []byte) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, []string{to}, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

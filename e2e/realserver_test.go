//go:build mailserver

package e2e

// The scenarios against a real Postfix (SMTP, queue, LMTP delivery) and Dovecot
// (IMAP with IDLE and MOVE), started by TestMain through scripts/mailserver/start.sh
// on ports of their own (11xxx) and in a directory of their own, so this suite runs
// beside the mail package's. Run: go test -tags mailserver ./e2e/ (as root, with
// postfix dovecot-imapd dovecot-lmtpd openssl installed; .ci/run installs them). A
// server that cannot start fails the run; nothing is skipped.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/shiloh-pbem/pbem/mail/mailtest"
)

const (
	realSMTP = "127.0.0.1:11025"
	realIMAP = "127.0.0.1:11143"
	realLMTP = "127.0.0.1:11024"
)

var realDir = filepath.Join(os.TempDir(), "pbem-e2e-mailserver")

func init() {
	realSetup = func() (func(), error) {
		if out, err := mailScript("stop.sh", "--purge"); err != nil {
			return nil, fmt.Errorf("stop: %v\n%s", err, out)
		}
		t0 := time.Now()
		if out, err := mailScript("start.sh"); err != nil {
			return nil, fmt.Errorf("%v\n%s", err, out)
		}
		fmt.Fprintf(os.Stderr, "mailserver up in %v (%s)\n", time.Since(t0).Round(time.Millisecond), realDir)
		return func() { mailScript("stop.sh") }, nil
	}
}

func mailScript(name string, args ...string) (string, error) {
	cmd := exec.Command(filepath.Join("..", "scripts", "mailserver", name), args...)
	cmd.Env = append(os.Environ(), "PBEM_MAIL_DIR="+realDir, "PBEM_MAIL_USERS="+strings.Join(allUsers, " "),
		"PBEM_MAIL_SMTP_PORT=11025", "PBEM_MAIL_SUBM_PORT=11587", "PBEM_MAIL_IMAP_PORT=11143",
		"PBEM_MAIL_LMTP_PORT=11024", "PBEM_MAIL_AUTH_PORT=11026")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func script(t testing.TB, name string, args ...string) {
	t.Helper()
	if out, err := mailScript(name, args...); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

// realEnv empties every test mailbox and returns the real server's environment.
func realEnv(t testing.TB) *env {
	login := func(local string) (string, string) { return local + "@" + domain, local + "-secret" }
	for _, u := range allUsers {
		if err := purge(login(u)); err != nil {
			t.Fatalf("emptying %s's mailboxes: %v", u, err)
		}
	}
	e := &env{
		name: "real", imapAddr: realIMAP, smtpAddr: realSMTP, login: login,
		restartIMAP: func(t testing.TB) { script(t, "stop.sh", "dovecot"); script(t, "start.sh") },
		stopSMTP:    func(t testing.TB) { script(t, "stop.sh", "postfix") },
		startSMTP:   func(t testing.TB) { script(t, "start.sh") },
		deliver: func(t testing.TB, local string, raw []byte) {
			if err := mailtest.DeliverLMTP(realLMTP, "someone@example.net", local+"@"+domain, raw); err != nil {
				t.Fatalf("LMTP: %v", err)
			}
		},
		arrival:   maildirArrival,
		idleDelay: "Dovecot reports new mail through IDLE about 0.5 s after delivery",
	}
	e.outside = func(t testing.TB) int {
		b := newMailbox(t, e, "catchall")
		if err := b.poll(); err != nil {
			t.Fatal(err)
		}
		return len(b.msgs)
	}
	return e
}

// purge deletes every mail of a user's INBOX and Processed folder.
func purge(user, pass string) error {
	c, err := imapclient.DialInsecure(realIMAP, nil)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Login(user, pass).Wait(); err != nil {
		return err
	}
	for _, box := range []string{"INBOX", "Processed"} {
		sel, err := c.Select(box, nil).Wait()
		if err != nil {
			continue // no Processed folder yet
		}
		if sel.NumMessages == 0 {
			continue
		}
		all := imap.SeqSet{{Start: 1, Stop: 0}}
		if err := c.Store(all, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
			return err
		}
		if err := c.Expunge().Close(); err != nil {
			return err
		}
	}
	return c.Logout().Wait()
}

// maildirIDs caches Maildir file → Message-ID (a file's base name, before the
// flags, never changes).
var maildirIDs sync.Map

// maildirArrival finds the mail in the user's Maildir (any folder) and returns the
// file's time: when Dovecot's LMTP wrote it, an upper bound of Postfix's SMTP
// acceptance.
func maildirArrival(t testing.TB, local, mid string) (time.Time, bool) {
	root := filepath.Join(realDir, "mail", local, "Maildir")
	want := "<" + strings.ToLower(mid) + ">"
	var at time.Time
	found := false
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || found || d.IsDir() {
			return nil
		}
		dir := filepath.Base(filepath.Dir(p))
		if dir != "new" && dir != "cur" {
			return nil
		}
		base, _, _ := strings.Cut(d.Name(), ":")
		key := local + "/" + base
		id, ok := maildirIDs.Load(key)
		if !ok {
			f, err := os.Open(p)
			if err != nil {
				return nil
			}
			head := make([]byte, 16<<10)
			n, _ := f.Read(head)
			f.Close()
			id = messageIDIn(head[:n])
			maildirIDs.Store(key, id)
		}
		if id == want {
			if info, err := d.Info(); err == nil {
				at, found = info.ModTime(), true
			}
		}
		return nil
	})
	return at, found
}

func messageIDIn(head []byte) string {
	for _, l := range strings.Split(string(headerOf(head)), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.EqualFold(k, "Message-Id") {
			return strings.ToLower(strings.TrimSpace(v))
		}
	}
	return ""
}

func TestWholeHourReal(t *testing.T) { runWholeHour(t, realEnv(t)) }

func TestMailSamplesReal(t *testing.T) { runMailSamples(t, realEnv(t)) }

func TestFaultsReal(t *testing.T) { runFaults(t, realEnv(t)) }

func TestSpoofAndNoiseReal(t *testing.T) { runSpoofAndNoise(t, realEnv(t)) }

// TestKillsReal: 7 hours with 3 SIGKILLs each, 21 kills against Postfix + Dovecot.
func TestKillsReal(t *testing.T) {
	st := runKills(t, realEnv(t), 7, 1863)
	if st.kills < 20 {
		t.Errorf("only %d kills", st.kills)
	}
}

// BenchmarkHourLatencyReal: from the second side's orders in Dovecot to both reports
// through Postfix into the players' mailboxes (IDLE).
func BenchmarkHourLatencyReal(b *testing.B) { benchHourLatency(b, realEnv(b)) }

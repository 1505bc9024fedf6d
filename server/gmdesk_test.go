package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

// desk is a server on a fake clock driven by handing it mails directly, without
// mail servers: what a GM's mail causes is in the outbox when Handle returns.
type desk struct {
	t   *testing.T
	st  *store.Store
	srv *Server
	clk *fakeClock
	n   uint32
	// local and domain make the server's address; gmAddr and pass are its GM's.
	local, domain, gmAddr, pass string
}

func newDesk(t *testing.T) *desk {
	t.Helper()
	return newDeskWith(t, "pbem", testDomain, gm, gmPass)
}

// newDeskWith is a desk whose server is local@domain, with one club GM.
func newDeskWith(t *testing.T, local, domain, gmAddr, pass string) *desk {
	t.Helper()
	clk := newFakeClock()
	st, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), &store.Options{Now: clk.Now, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, Config{Registry: testRules, Address: local + "@" + domain, Logger: testLogger(t), Now: clk.Now,
		GMs: []string{gmAddr}, GMSecrets: map[string]string{gmAddr: pass}})
	if err != nil {
		t.Fatal(err)
	}
	return &desk{t: t, st: st, srv: srv, clk: clk, local: local, domain: domain, gmAddr: gmAddr, pass: pass}
}

// mail hands the server one mail.
func (d *desk) mail(from, to, body string) {
	d.t.Helper()
	d.n++
	mid := fmt.Sprintf("m%d.%s", d.n, from)
	raw := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: gm\r\nMessage-ID: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		from, to, mid, strings.ReplaceAll(body, "\n", "\r\n"))
	if err := d.srv.Handle(context.Background(), mail.Delivery{UIDValidity: 1, UID: d.n, MessageID: mid, Raw: []byte(raw)}); err != nil {
		d.t.Fatal(err)
	}
}

// gm sends GM commands with the passphrase to the plain address (or to the
// game's address, to = a game id) and returns the text of the answer.
func (d *desk) gm(to, body string) string {
	d.t.Helper()
	addr := d.local + "@" + d.domain
	if to != "" {
		addr = mail.GameAddress(d.local, d.domain, to)
	}
	return d.gmMail(addr, body+"\nPASSPHRASE "+d.pass+"\n")
}

// gmMail sends the GM's mail as it is and returns the text of the answer.
func (d *desk) gmMail(addr, body string) string {
	d.t.Helper()
	before := len(d.to(d.gmAddr))
	d.mail(d.gmAddr, addr, body)
	got := d.to(d.gmAddr)[before:]
	for _, m := range got {
		if m.Subject == "GM commands" {
			return m.Text
		}
	}
	d.t.Fatalf("no answer to %q; the GM got %d other mails", body, len(got))
	return ""
}

// to returns the queued mails to addr, decoded, oldest first.
func (d *desk) to(addr string) []*mail.Inbound {
	d.t.Helper()
	return queued(d.t, d.st, "", func(m *store.OutMsg) bool { return len(m.To) == 1 && strings.EqualFold(m.To[0], addr) })
}

func (d *desk) game(id string) *store.Game {
	d.t.Helper()
	var g *store.Game
	if err := d.st.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(id)
		return err
	}); err != nil {
		d.t.Fatal(err)
	}
	return g
}

// subjects lists the subjects of the mails queued to addr.
func (d *desk) subjects(addr string) []string {
	var out []string
	for _, m := range d.to(addr) {
		out = append(out, m.Subject)
	}
	return out
}

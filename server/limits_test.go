package server

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/mail"
)

// A sender over its hourly cap is not read (DESIGN §5: rate-limit per sender).
func TestSenderRateLimit(t *testing.T) {
	r := newRigWith(t, nil, func(c *Config) { c.SenderPerHour = 2 })
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: "rl", USA: "alice@" + testDomain, CSA: "bob@" + testDomain}); err != nil {
		t.Fatal(err)
	}
	bob := "bob@" + testDomain
	r.waitFor("first mail", func() bool { return len(r.mailsTo(bob)) == 1 })
	to := replyTo(t, r.mailsTo(bob)[0])
	for i := 0; i < 3; i++ {
		r.send(bob, to, "orders", "activate hardee\n")
	}
	r.waitFor("two receipts", func() bool { return len(r.mailsTo(bob)) == 3 })
	time.Sleep(700 * time.Millisecond) // give the third mail every chance to be answered
	if n := len(r.mailsTo(bob)); n != 3 {
		t.Fatalf("%d mails to the sender: the third mail over the cap was read", n)
	}
}

// With DKIM required, an unsigned mail is refused: no orders, no receipt.
func TestDKIMRequired(t *testing.T) {
	r := newRigWith(t, nil, func(c *Config) {
		c.DKIM = mail.DKIMRequire
		c.LookupTXT = func(string) ([]string, error) { return nil, errors.New("no DNS in tests") }
	})
	if _, err := r.srv.CreateGame(context.Background(), NewGame{ID: "dk", USA: "alice@" + testDomain, CSA: "bob@" + testDomain}); err != nil {
		t.Fatal(err)
	}
	bob := "bob@" + testDomain
	r.waitFor("first mail", func() bool { return len(r.mailsTo(bob)) == 1 })
	r.send(bob, replyTo(t, r.mailsTo(bob)[0]), "orders", "activate hardee\n")
	time.Sleep(time.Second)
	if n := len(r.mailsTo(bob)); n != 1 {
		t.Fatalf("an unsigned mail was read under dkim=require (%d mails)", n)
	}
}

package mailtest

import (
	"errors"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

func TestDeliveryAndIMAP(t *testing.T) {
	s, err := Start(&Options{Users: map[string]string{"pbem": "pw"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	raw := "From: a@example.net\r\nTo: pbem+g1-csa-abcd1234@example.test\r\nSubject: hi\r\nMessage-ID: <m1@x>\r\n\r\nORDERS\r\n"
	if err := plainSend(s.SMTPAddr, "a@example.net", []string{"PBEM+g1-csa-abcd1234@example.test"}, strings.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	if n, err := s.Count("pbem", "INBOX"); err != nil || n != 1 {
		t.Fatalf("INBOX count %d %v", n, err)
	}
	// Unknown users are refused without AutoCreate.
	err = plainSend(s.SMTPAddr, "a@example.net", []string{"nobody@example.test"}, strings.NewReader(raw))
	var se *smtp.SMTPError
	if !errors.As(err, &se) || se.Code != 550 {
		t.Errorf("unknown user: %v", err)
	}
	if got := s.Received(); len(got) != 1 || got[0].To[0] != "PBEM+g1-csa-abcd1234@example.test" {
		t.Errorf("Received: %+v", got)
	}
	// IMAP sees it, with IDLE and MOVE offered.
	c, err := imapclient.DialInsecure(s.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login("pbem", "pw").Wait(); err != nil {
		t.Fatal(err)
	}
	if caps := c.Caps(); !caps.Has(imap.CapIdle) || !caps.Has(imap.CapMove) {
		t.Errorf("caps %v", caps)
	}
	sel, err := c.Select("INBOX", nil).Wait()
	if err != nil || sel.NumMessages != 1 {
		t.Fatalf("select: %v %v", sel, err)
	}
	// A temporary failure on demand.
	s.FailNextSMTP(1)
	err = plainSend(s.SMTPAddr, "a@example.net", []string{"pbem@example.test"}, strings.NewReader(raw))
	if !errors.As(err, &se) || se.Code != 451 {
		t.Errorf("FailNextSMTP: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err == nil {
		t.Error("second Close gave no error")
	}
}

func TestAuthAndTLS(t *testing.T) {
	srvTLS, cliTLS, err := SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	s, err := Start(&Options{AutoCreate: true, TLS: srvTLS, Users: map[string]string{"pbem": "pw"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, c := range []struct {
		pw string
		ok bool
	}{{"pw", true}, {"bad", false}} {
		cl, err := smtp.DialStartTLS(s.SMTPAddr, cliTLS)
		if err != nil {
			t.Fatal(err)
		}
		err = cl.Auth(sasl.NewPlainClient("", "pbem", c.pw))
		if (err == nil) != c.ok {
			t.Errorf("password %q: %v", c.pw, err)
		}
		cl.Close()
	}
	cl, err := smtp.DialTLS(s.SMTPSAddr, cliTLS)
	if err != nil {
		t.Fatal(err)
	}
	if err := cl.SendMail("a@x", []string{"carol@example.test"}, strings.NewReader("Subject: x\r\n\r\nhi\r\n")); err != nil {
		t.Fatal(err)
	}
	cl.Close()
	if n, _ := s.Count("carol", "INBOX"); n != 1 {
		t.Errorf("auto-created user got %d mails", n)
	}
	ic, err := imapclient.DialTLS(s.IMAPSAddr, &imapclient.Options{TLSConfig: cliTLS})
	if err != nil {
		t.Fatal(err)
	}
	defer ic.Close()
	if err := ic.Login("carol", DefaultPassword("carol")).Wait(); err != nil {
		t.Fatal(err)
	}
}

func plainSend(addr, from string, to []string, r *strings.Reader) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	return c.SendMail(from, to, r)
}

package mail

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/emersion/go-msgauth/dkim"
)

func TestCheckDKIM(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(bytes.NewReader(bytes.Repeat([]byte{42}, 64)))
	if err != nil {
		t.Fatal(err)
	}
	lookup := func(domain string) ([]string, error) {
		if domain == "sel._domainkey.example.net" {
			return []string{"v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)}, nil
		}
		return nil, errors.New("no such record")
	}
	raw := "From: Player <p@example.net>\r\nTo: pbem@example.org\r\nSubject: orders\r\nMessage-ID: <d1@example.net>\r\n\r\nORDERS\r\nhardee: seay > rea attack\r\n"
	var signed bytes.Buffer
	if err := dkim.Sign(&signed, strings.NewReader(raw), &dkim.SignOptions{Domain: "example.net", Selector: "sel", Signer: priv}); err != nil {
		t.Fatal(err)
	}
	tampered := bytes.Replace(signed.Bytes(), []byte("rea attack"), []byte("owl attack"), 1)
	cases := []struct {
		name   string
		raw    []byte
		from   string
		policy DKIMPolicy
		pass   bool
		accept bool
		reason string
	}{
		{"off", []byte(raw), "p@example.net", DKIMOff, false, true, "not checked"},
		{"valid", signed.Bytes(), "p@example.net", DKIMRequire, true, true, "pass d=example.net"},
		{"valid subdomain sender", signed.Bytes(), "p@mail.example.net", DKIMRequire, true, true, "pass"},
		{"tampered body, require", tampered, "p@example.net", DKIMRequire, false, false, "body hash"},
		{"tampered body, warn", tampered, "p@example.net", DKIMWarn, false, true, "body hash"},
		{"unsigned, require", []byte(raw), "p@example.net", DKIMRequire, false, false, "no signature"},
		{"other domain", signed.Bytes(), "p@evil.example", DKIMRequire, false, false, "not the From domain"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := CheckDKIM(c.raw, c.from, c.policy, lookup)
			if r.Pass != c.pass || r.Accept != c.accept || !strings.Contains(r.Reason, c.reason) {
				t.Errorf("got %+v, want pass=%v accept=%v reason ~%q", r, c.pass, c.accept, c.reason)
			}
		})
	}
	for _, s := range []string{"off", "warn", "require", ""} {
		if _, err := ParseDKIMPolicy(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := ParseDKIMPolicy("strict"); err == nil {
		t.Error("unknown policy accepted")
	}
}

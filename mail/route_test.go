package mail

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseAddressToken(t *testing.T) {
	cases := []struct {
		addr, local       string
		game, side, token string
		ok                bool
	}{
		{"pbem+shiloh1-csa-k7q3m9xz@example.org", "", "shiloh1", "csa", "k7q3m9xz", true},
		{"<PBEM+Shiloh1-USA-K7Q3M9XZ@Example.org>", "pbem", "shiloh1", "usa", "k7q3m9xz", true},
		{"judge+g_2-gm-abcd@x.y", "judge", "g_2", "gm", "abcd", true},
		{"pbem+shiloh1-rebels-k7q3m9xz@example.org", "", "", "", "", false},
		{"pbem+shiloh1-csa@example.org", "", "", "", "", false},
		{"pbem+shiloh1-csa-abc@example.org", "", "", "", "", false}, // token too short
		{"other+shiloh1-csa-k7q3m9xz@example.org", "", "", "", "", false},
		{"pbem@example.org", "", "", "", "", false},
		{"pbem+a-b-c-d@example.org", "", "", "", "", false},
		{"", "", "", "", "", false},
	}
	for _, c := range cases {
		g, s, tok, ok := ParseAddressToken(c.addr, c.local)
		if g != c.game || s != c.side || tok != c.token || ok != c.ok {
			t.Errorf("%q: got %q %q %q %v", c.addr, g, s, tok, ok)
		}
	}
	addr := ReplyAddress("pbem", "example.org", "shiloh1", "csa", "abcd2345")
	if g, s, tok, ok := ParseAddressToken(addr, "pbem"); !ok || g != "shiloh1" || s != "csa" || tok != "abcd2345" {
		t.Errorf("ReplyAddress round trip: %s", addr)
	}
	tok, err := NewToken(bytes.NewReader(bytes.Repeat([]byte{7}, 10)))
	if err != nil || len(tok) != 16 || !tokenRE.MatchString(tok) {
		t.Errorf("NewToken: %q %v", tok, err)
	}
	if !SecretEqual("ABCD", "abcd") || SecretEqual("", "") || SecretEqual("abc", "abcd") {
		t.Error("SecretEqual")
	}
}

func TestSubjectTagAndPassphrase(t *testing.T) {
	for subj, want := range map[string][2]string{
		"Re: [shiloh1 csa] Day 1":  {"shiloh1", "csa"},
		"[Shiloh1] join":           {"shiloh1", ""},
		"AW: RE: [ g2  GM ] force": {"g2", "gm"},
	} {
		g, s, ok := SubjectTag(subj)
		if !ok || g != want[0] || s != want[1] {
			t.Errorf("%q: got %q %q %v", subj, g, s, ok)
		}
	}
	if _, _, ok := SubjectTag("no tag [here is text]"); ok {
		t.Error("tag with spaces accepted")
	}
	if p, ok := Passphrase("hello\n  Passphrase: Blue-Bonnet \nmore"); !ok || p != "Blue-Bonnet" {
		t.Errorf("got %q %v", p, ok)
	}
	if _, ok := Passphrase("my passphrase is secret"); ok {
		t.Error("passphrase not at line start accepted")
	}
}

func TestRoute(t *testing.T) {
	raw := "From: p@example.net\nDelivered-To: pbem+g1-csa-abcd1234@example.org\nTo: Game <pbem+g1@example.org>, other+g9-usa-zzzz9999@example.org\n" +
		"Cc: pbem+g7-usa-wxyz1234@elsewhere.net\nSubject: Re: [g1 csa] hour\n\nPASSPHRASE swordfish\n\n> PASSPHRASE quoted\n"
	in, err := Decode([]byte(raw), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := Route(in, RouteConfig{LocalPart: "pbem", Domain: "example.org"})
	want := []Candidate{
		{Game: "g1", Side: "csa", Token: "abcd1234", Passphrase: "swordfish", Via: "address", Address: "pbem+g1-csa-abcd1234@example.org"},
		{Game: "g1", Passphrase: "swordfish", Via: "game address", Address: "pbem+g1@example.org"},
		{Game: "g1", Side: "csa", Passphrase: "swordfish", Via: "subject"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if !SenderMatches(in, "P@Example.NET") || SenderMatches(in, "q@example.net") {
		t.Error("SenderMatches")
	}
}

func TestCommands(t *testing.T) {
	text := "orders\nactivate hardee\nStatus please\n> HELP quoted\n  NEWGAME shiloh2 alice@x bob@y\nresend: map\nhelpful text\n"
	got := Commands(text)
	want := []Command{
		{Name: "ORDERS", Line: 1},
		{Name: "STATUS", Args: "please", Line: 3},
		{Name: "NEWGAME", Args: "shiloh2 alice@x bob@y", Line: 5, GM: true},
		{Name: "RESEND", Args: "map", Line: 6},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestRateLimiter(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	r := NewRateLimiter(2, time.Hour, clock)
	if !r.Allow("A@x") || !r.Allow("a@x") || r.Allow("a@x") {
		t.Fatal("burst of 2 not enforced (keys are case-insensitive)")
	}
	if !r.Allow("b@x") {
		t.Fatal("keys not independent")
	}
	now = now.Add(30 * time.Minute)
	if r.Allow("a@x") {
		t.Fatal("half a token spent")
	}
	now = now.Add(31 * time.Minute)
	if !r.Allow("a@x") || r.Allow("a@x") {
		t.Fatal("refill of one token per hour")
	}
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	r2 := NewRateLimiter(2, time.Hour, clock)
	if err := json.Unmarshal(js, r2); err != nil {
		t.Fatal(err)
	}
	if r2.Allow("a@x") {
		t.Fatal("restored limiter forgot the empty bucket")
	}
	now = now.Add(10 * time.Hour)
	r2.Prune()
	if js, _ := json.Marshal(r2); strings.Contains(string(js), "a@x") {
		t.Errorf("Prune kept a full bucket: %s", js)
	}
}

package mail

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// Fuzz with a short minimisation budget, e.g.
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 10m -fuzzminimizetime 5s ./mail/
//
// The seeds are whole mails (about 2 KB, about 1 ms per run); with the default 60 s
// budget a worker spends most of its time minimising each new input.

// FuzzDecode: any input decodes without a panic (Decode turns one into an
// "internal error", which fails here), to valid UTF-8 with LF line ends, and the
// rest of the intake (classification, routing, commands, inspect) copes with it.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("testdata/mails/*.eml")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		in, err := Decode(raw, nil)
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatal(err)
			}
			return
		}
		if !utf8.ValidString(in.Text) || strings.Contains(in.Text, "\r") {
			t.Fatalf("text not clean UTF-8/LF: %q", in.Text)
		}
		Classify(in, SelfInfo{Addresses: []string{"pbem@example.org"}, MessageIDDomain: "example.org"})
		for _, c := range Route(in, RouteConfig{}) {
			if !ValidGameID(c.Game) || (c.Side != "" && !ValidSide(c.Side)) {
				t.Fatalf("bad candidate %+v", c)
			}
		}
		Commands(in.Fresh())
		_ = Inspect(raw, InspectConfig{}).String()
	})
}

// FuzzParseAddressToken: whatever is accepted is valid and survives a round trip
// through ReplyAddress.
func FuzzParseAddressToken(f *testing.F) {
	for _, s := range []string{
		"pbem+shiloh1-csa-k7q3m9xz@example.org", "<PBEM+G1-USA-ABCD@x>", "pbem+g-gm-aaaa@", "pbem@x", "+--@", "pbem+a-b-c-d@x",
	} {
		f.Add(s, "pbem")
	}
	f.Fuzz(func(t *testing.T, addr, local string) {
		g, s, tok, ok := ParseAddressToken(addr, local)
		if !ok {
			return
		}
		if !ValidGameID(g) || !ValidSide(s) || !tokenRE.MatchString(tok) {
			t.Fatalf("accepted invalid parts %q %q %q from %q", g, s, tok, addr)
		}
		if local == "" {
			local = DefaultLocalPart
		}
		if strings.ContainsAny(local, "@+") {
			return // such a local part cannot be rebuilt into the same address
		}
		back := ReplyAddress(local, "example.org", g, s, tok)
		g2, s2, t2, ok2 := ParseAddressToken(back, local)
		if !ok2 || g2 != g || s2 != s || t2 != tok {
			t.Fatalf("round trip %q -> %q failed", addr, back)
		}
	})
}

// FuzzRoute: routing a mail built from arbitrary header and body text never panics
// and only yields well-formed candidates.
func FuzzRoute(f *testing.F) {
	f.Add("pbem+g1-csa-abcd1234@example.org", "Re: [g1 csa] orders", "PASSPHRASE x\nORDERS\n")
	f.Add("Game <pbem+g1@example.org>, x@y", "[G1]", "> PASSPHRASE quoted\n")
	f.Add("\"a,b\" <pbem+=?utf-8?q?x?=@e>", "[ a gm ]", "passphrase: \xff\n")
	f.Fuzz(func(t *testing.T, to, subject, body string) {
		raw := "From: p@example.net\r\nTo: " + to + "\r\nSubject: " + subject + "\r\n\r\n" + body
		in, err := Decode([]byte(raw), nil)
		if err != nil {
			return
		}
		for _, c := range Route(in, RouteConfig{LocalPart: "pbem"}) {
			if !ValidGameID(c.Game) || (c.Side != "" && !ValidSide(c.Side)) || (c.Via == "address" && c.Token == "") {
				t.Fatalf("bad candidate %+v", c)
			}
		}
	})
}

// FuzzHTMLToText: any HTML converts to valid UTF-8 without a panic.
func FuzzHTMLToText(f *testing.F) {
	f.Add(`<div>ORDERS<br>a &gt; b</div><blockquote><p>old</p></blockquote>`)
	f.Add(`<pre>  x</pre><ul><li>1<li>2</ul><table><tr><td>a<td>b</table>`)
	f.Fuzz(func(t *testing.T, src string) {
		out := HTMLToText(src)
		if utf8.ValidString(src) && !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 from valid input: %q", out)
		}
		FreshText(out)
	})
}

// FuzzOwnText: the sender's own text is never longer than the text, and every
// line of it is a line of the text (nothing is made up), whatever we sent.
func FuzzOwnText(f *testing.F) {
	f.Add("activate hardee\n\nOn Sat, 21 Nov 2026, Shiloh PBEM <pbem@example.org> wrote:\nTitle\nORDERS\nEND", "Title\nORDERS\n# x\nEND")
	f.Add("ok\n\tTitle\n\tline two\n\tORDERS CSA\n\tcleburne: hold\n\tEND", "Title\nline two\nORDERS CSA\nEND")
	f.Add("Am 1.2.2026 um 9:00 schrieb\nShiloh PBEM <pbem@example.org>:\n> x", "")
	f.Fuzz(func(t *testing.T, text, sent string) {
		out := OwnText(text, Ours{Texts: []string{sent}, Addresses: []string{"pbem@example.org"}, Names: []string{"Shiloh PBEM"}})
		if len(out) > len(text) {
			t.Fatalf("own text longer than the text: %q from %q", out, text)
		}
		have := map[string]bool{}
		for _, l := range strings.Split(text, "\n") {
			have[strings.TrimRight(l, " \t\r")] = true
		}
		for _, l := range strings.Split(out, "\n") {
			if l != "" && !have[l] && !have[strings.TrimRight(l, " \t\r")] {
				t.Fatalf("own text has a line the text has not: %q", l)
			}
		}
	})
}

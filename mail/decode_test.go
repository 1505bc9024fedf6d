package mail

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHTMLToText(t *testing.T) {
	cases := []struct{ name, html, want string }{
		{"blocks and br", `<div>ORDERS</div><div>a &gt; b</div><div><br></div><div>Thanks.</div>`, "ORDERS\na > b\n\nThanks."},
		{"blockquote quoted", `<p>yes</p><blockquote>Day 1.<br><br>line<blockquote>inner</blockquote></blockquote>`, "yes\n\n> Day 1.\n>\n> line\n>\n> > inner"},
		{"lists", `<ul><li>one</li><li>two</li></ul>`, "- one\n- two"},
		{"table cells", `<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>`, "a b\nc"},
		{"style script skipped", `<head><style>p{}</style><title>t</title></head><script>x()</script><p>body</p>`, "body"},
		{"entities and nbsp", `<p>Ren&eacute;&nbsp;&amp;&#8217;s</p>`, "René &’s"},
		{"pre keeps spaces", `<pre>a  b
  c</pre>`, "a  b\n  c"},
		{"whitespace collapsed", "<p>a\n   b\t c</p>", "a b c"},
		{"link target", `<a href="https://example.org/guide">guide</a>`, "guide (https://example.org/guide)"},
		{"image alt", `<img src="x" alt="map">`, "[map]"},
		{"outlook lines", `<p class=MsoNormal>ORDERS<o:p></o:p></p><p class=MsoNormal>sherman: hold<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Ren&eacute;</p>`, "ORDERS\nsherman: hold\n\nRené"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := HTMLToText(c.html); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestFreshText(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"top posting", "ok\n\nOn Sat, Nov 21, 2026 at 9:14 AM X <x@y> wrote:\n> old\n", "ok"},
		{"wrapped attribution", "ok\nOn Sat, Nov 21, 2026 at 9:14 AM X <\nx@y> wrote:\n\n> old", "ok"},
		{"inline reply", "> question?\nanswer\n> more?\nmore", "answer\nmore"},
		{"signature", "orders\n-- \nJohn\n", "orders"},
		{"outlook separator", "orders\n________________________________\nFrom: X\nSent: today\n", "orders"},
		{"outlook header block", "orders\n\nFrom: X <x@y>\nSent: Saturday\nTo: me\n", "orders"},
		{"german attribution", "ja\nAm 21.11.2026 um 09:14 schrieb X:\n> alt", "ja"},
		{"wrote without quote is kept", "On the left flank Smith wrote:\nattack", "On the left flank Smith wrote:\nattack"},
		{"move wrapped before its arrow", "activate hardee\ncleburne, wood: seay field\n> rea woods attack\nshoup: hold", "activate hardee\ncleburne, wood: seay field\n> rea woods attack\nshoup: hold"},
		{"one quoted line after an attribution", "ok\nOn Sat, Nov 21, 2026 at 9:14 AM X <x@y> wrote:\n> old\nmy answer", "ok\nmy answer"},
		{"forwarded", "see below\n-------- Original Message --------\nstuff", "see below"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := FreshText(c.in); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestDecodeLimitsAndOddities(t *testing.T) {
	big := "From: a@b\r\nSubject: x\r\n\r\n" + strings.Repeat("x", 2000)
	if _, err := Decode([]byte(big), &DecodeOptions{MaxBytes: 1000}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("want ErrTooLarge, got %v", err)
	}
	if _, err := Decode([]byte(big), &DecodeOptions{MaxBytes: -1}); err != nil {
		t.Fatalf("no limit: %v", err)
	}
	cases := []struct {
		name, raw, text, source string
	}{
		{"mbox line, CRLF, no content type", "From a@b Sat Nov 21 10:00:00 2026\r\nFrom: a@b\r\nSubject: s\r\n\r\nline1\r\nline2\r\n", "line1\nline2\n", "text/plain"},
		{"windows-1252 plain", "From: a@b\nContent-Type: text/plain; charset=windows-1252\nContent-Transfer-Encoding: quoted-printable\n\nit=92s =80 5\n", "it’s € 5\n", "text/plain"},
		{"iso-8859-1 base64", "From: a@b\nContent-Type: text/plain; charset=ISO-8859-1\nContent-Transfer-Encoding: base64\n\nR3L832U=\n", "Grüße", "text/plain"},
		{"unknown charset kept", "From: a@b\nContent-Type: text/plain; charset=x-klingon\n\nqapla\n", "qapla\n", "text/plain"},
		{"html only", "From: a@b\nContent-Type: text/html; charset=utf-8\n\n<p>STATUS</p>", "STATUS", "text/html converted"},
		{"no body", "From: a@b\nContent-Type: image/png\n\nxx", "", "none"},
		{"8-bit text labelled us-ascii", "From: a@b\nContent-Type: text/plain; charset=us-ascii\n\nM\xfcller \x80 5\n", "Müller € 5\n", "text/plain"},
		{"empty plain, html has it", "From: a@b\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain\n\n \n--b\nContent-Type: text/html\n\n<p>STATUS</p>\n--b--\n", "STATUS", "text/html converted"},
		{"bom stripped", "From: a@b\nContent-Type: text/plain; charset=utf-8\n\n\ufeffHELP\n", "HELP\n", "text/plain"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, err := Decode([]byte(c.raw), nil)
			if err != nil {
				t.Fatal(err)
			}
			if in.Text != c.text || in.BodySource != c.source {
				t.Errorf("got %q from %q, want %q from %q (problems %v)", in.Text, in.BodySource, c.text, c.source, in.Problems)
			}
		})
	}
	if _, err := Decode([]byte("\x00\x01 not a mail"), nil); err == nil {
		// go-message reads almost anything as a header-less body; either way, no panic.
		t.Log("garbage decoded without error")
	}
}

func TestMessageIDOf(t *testing.T) {
	if got := MessageIDOf(" <abc@x> ", nil); got != "abc@x" {
		t.Errorf("got %q", got)
	}
	a, b := MessageIDOf("", []byte("one")), MessageIDOf("", []byte("two"))
	if a == b || !strings.HasSuffix(a, "@pbem.invalid") || a != MessageIDOf("", []byte("one")) {
		t.Errorf("synthetic ids not stable and distinct: %q %q", a, b)
	}
}

// An attribution line in any of the players' languages, whole or wrapped over two
// lines as Gmail and others wrap it, belongs to the quote below it: it is not the
// sender's text (where it used to be read as an order line).
func TestFreshTextAttributions(t *testing.T) {
	cases := []struct{ lang, attribution string }{
		{"English Gmail", "On Sat, Nov 21, 2026 at 9:14 AM Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org> wrote:"},
		{"English Gmail wrapped", "On Sat, Nov 21, 2026 at 9:14 AM Shiloh PBEM <\npbem+g1-csa-k7q3m9xz2p4r@example.org> wrote:"},
		{"English Apple", "On 21 Nov 2026, at 09:14, Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org> wrote:"},
		{"German Gmail", "Am Sa., 21. Nov. 2026 um 09:14 Uhr schrieb Shiloh PBEM <\npbem+g1-csa-k7q3m9xz2p4r@example.org>:"},
		{"German Thunderbird", "Am 21.11.26 um 09:14 schrieb Shiloh PBEM:"},
		{"French Gmail", "Le sam. 21 nov. 2026 à 09:14, Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org> a\nécrit :"},
		{"French Apple", "Le 21 nov. 2026 à 09:14, Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org> a écrit :"},
		{"Spanish Gmail", "El sáb, 21 nov 2026 a las 9:14, Shiloh PBEM (<pbem+g1-csa-k7q3m9xz2p4r@example.org>)\nescribió:"},
		{"Italian Gmail", "Il giorno sab 21 nov 2026 alle ore 09:14 Shiloh PBEM <\npbem+g1-csa-k7q3m9xz2p4r@example.org> ha scritto:"},
		{"Portuguese Gmail", "Em sáb., 21 de nov. de 2026 às 09:14, Shiloh PBEM <\npbem+g1-csa-k7q3m9xz2p4r@example.org> escreveu:"},
		{"Dutch Gmail", "Op za 21 nov 2026 om 09:14 schreef Shiloh PBEM <\npbem+g1-csa-k7q3m9xz2p4r@example.org>:"},
		{"Polish Gmail", "sob., 21 lis 2026 o 09:14 Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org>\nnapisał(a):"},
		{"Polish Thunderbird", "W dniu 21.11.2026 o 09:14, Shiloh PBEM pisze:"},
		{"Russian Android Gmail", "сб, 21 нояб. 2026 г., 09:14 Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org>:"},
		{"Russian Gmail wrapped", "сб, 21 нояб. 2026 г. в 09:14, Shiloh PBEM <\npbem+g1-csa-k7q3m9xz2p4r@example.org>:"},
		{"Russian Thunderbird", "21.11.2026 09:14, Shiloh PBEM пишет:"},
		{"Japanese Gmail", "2026年11月21日(土) 9:14 Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org>:"},
		{"Japanese Apple", "2026/11/21 9:14、Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org>のメール:"},
		{"Chinese Gmail", "Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org> 于2026年11月21日周六 09:14写道："},
		{"s-nail and mailx, no date", "\"Shiloh PBEM\" <pbem+g1-csa-k7q3m9xz2p4r@example.org> wrote:"},
		{"address alone, no date", "pbem+g1-csa-k7q3m9xz2p4r@example.org wrote:"},
		{"Chinese Gmail wrapped", "Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org>\n于2026年11月21日周六 09:14写道："},
		// Outlook's header block, which it puts above the history instead.
		{"French Outlook", "De : Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org>\nEnvoyé : samedi 21 novembre 2026 09:14\nÀ : Albert Sidney"},
		{"Russian Outlook", "От: Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org>\nОтправлено: 21 ноября 2026 г. 9:14\nКому: Albert Sidney"},
		{"Chinese Outlook", "发件人: Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org>\n发送时间: 2026年11月21日 9:14\n收件人: Albert Sidney"},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			text := "activate hardee\ncleburne: seay > rea attack\n\n" + c.attribution +
				"\n\n> ORDERS CSA Day 1 8AM\n> # activate ...\n> END\n"
			if got, want := FreshText(text), "activate hardee\ncleburne: seay > rea attack"; got != want {
				t.Errorf("fresh text\n%s\n--- want\n%s", got, want)
			}
		})
	}
}

// A reply written below the quote, as s-nail and mailx make it: the attribution
// above the quote names the writer by address alone, with no date, and it is
// not the player's (it made the player's third line "line 5").
func TestFreshTextAttributionAboveTheQuote(t *testing.T) {
	for _, attribution := range []string{
		"\"Shiloh PBEM\" <pbem@demo.test> wrote:", // no digit anywhere
		"\"Shiloh PBEM\" <pbem+g1-csa-k7q3m9xz2p4r@example.org> wrote:",
		"On Sat, Nov 21, 2026 at 9:14 AM Shiloh PBEM <pbem+g1-csa-k7q3m9xz2p4r@example.org> wrote:",
	} {
		text := "\n" + attribution + "\n\n> ORDERS CSA Day 1 8AM\n> # activate ...\n> END\n>\nactivate hardee\ncleburne: seay > rea attack\n"
		if got, want := FreshText(text), "activate hardee\ncleburne: seay > rea attack"; got != want {
			t.Errorf("%s: fresh text\n%q\n--- want\n%q", attribution, got, want)
		}
	}
}

// The line a phone or app adds under the text ("Sent from my iPhone") is not the
// sender's text: the mail layer removes it, in every language players use.
func TestFreshTextDropsSentFrom(t *testing.T) {
	for _, l := range []string{
		"Sent from my iPhone", "Sent from my iPad", "Sent from my Android", "Sent from my Samsung Galaxy smartphone.",
		"Sent from my Galaxy", "Sent from Outlook for iOS", "Get Outlook for Android<https://aka.ms/AAb9ysg>",
		"Sent from Yahoo Mail on Android", "Sent from Yahoo Mail for iPhone", "Sent from Mail for Windows",
		"Sent with Proton Mail secure email.", "Sent via BlackBerry from T-Mobile",
		"Gesendet von meinem iPhone", "Von meinem iPhone gesendet", "Gesendet mit der GMX Mail App",
		"Envoyé de mon iPhone", "Envoyé depuis mon appareil Galaxy", "Enviado desde mi iPhone",
		"Enviado do meu iPhone", "Inviato da iPhone", "Inviato dal mio dispositivo Galaxy",
		"Verzonden vanaf mijn iPhone", "Verstuurd vanaf mijn iPad", "Wysłane z mojego iPhone'a",
		"Отправлено с iPhone", "Отправлено из мобильной Почты Mail.ru", "iPhoneから送信", "从我的iPhone发送", "發自我的 iPhone",
	} {
		text := "activate hardee\ncleburne: seay > rea attack\n\n" + l + "\n"
		if got, want := FreshText(text), "activate hardee\ncleburne: seay > rea attack"; got != want {
			t.Errorf("%q: fresh text %q", l, got)
		}
	}
	// The words in a sentence of the player's own are kept.
	for _, text := range []string{"I sent from my HQ the order to attack", "Hardee: sent from Seay Field > Rea Woods"} {
		if got := FreshText(text); got != text {
			t.Errorf("%q became %q", text, got)
		}
	}
}

// Outlook Express wrote its boundary unquoted, with '=' in it, which RFC 2045
// forbids and the MIME reader refuses: the mail is read leniently, not taken
// whole (headers of the parts and all) as the orders text.
func TestDecodeUnquotedBoundary(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "mails", "outlook_express_boundary.eml"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := Decode(raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "at all: hold\nsherman, mcdowell: shiloh church > rea woods attack\nsupply: sherman\n"
	if in.Text != want || in.BodySource != "text/plain" || in.ContentType != "multipart/alternative" {
		t.Errorf("got %q from %q (%s), want %q from text/plain (problems %v)", in.Text, in.BodySource, in.ContentType, want, in.Problems)
	}
	// A part's own header may be written the same way.
	nested := "From: a@b\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"outer\"\r\n\r\n--outer\r\n" +
		"Content-Type: multipart/alternative; boundary==_alt=_1\r\n\r\n--=_alt=_1\r\nContent-Type: text/plain\r\n\r\nSTATUS\r\n--=_alt=_1--\r\n--outer--\r\n"
	if in, err := Decode([]byte(nested), nil); err != nil || strings.TrimSpace(in.Text) != "STATUS" {
		t.Errorf("nested: %v, text %q (problems %v)", err, in.Text, in.Problems)
	}
}

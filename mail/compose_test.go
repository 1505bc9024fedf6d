package mail

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/templates"
)

func testPNG(t testing.TB) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for x := 0; x < 40; x++ {
		for y := 0; y < 30; y++ {
			img.Set(x, y, color.RGBA{uint8(x * 6), uint8(y * 8), 90, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func testOutMessage(t testing.TB) OutMessage {
	return OutMessage{
		ID: "out-000042", IDDomain: "example.org",
		From:       Address{Name: "Shiloh PBEM", Addr: "pbem@example.org"},
		To:         []Address{{Name: "Jürgen Müller", Addr: "juergen@example.net"}},
		ReplyTo:    "pbem+shiloh1-csa-abcd2345@example.org",
		Subject:    "[shiloh1 csa] Day 1, 9 AM: résultats",
		Date:       time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC),
		InReplyTo:  "CAF3x9@mail.gmail.com",
		References: []string{ThreadRootID("shiloh1", "example.org")},
		Text:       "Initiative: CSA 9, USA 4.\nOrders as executed:\n  cleburne: seay > rea OK\n",
		HTML:       "<html><body><p>Initiative: CSA 9, USA 4.</p></body></html>",
		MapPNG:     testPNG(t),
		Attachments: []OutAttachment{
			{Name: "orders-template.txt", ContentType: "text/plain; charset=utf-8", Data: []byte("# orders for 10 AM\n")},
		},
		Headers: map[string]string{"X-PBEM-Game": "shiloh1"},
	}
}

// TestComposeRoundTrip composes a report and decodes it again: text back, PNG bytes
// intact in the one inline map, threading headers right, and the intake would ignore
// it as our own auto-generated mail.
func TestComposeRoundTrip(t *testing.T) {
	m := testOutMessage(t)
	raw, err := Compose(m)
	if err != nil {
		t.Fatal(err)
	}
	in, err := Decode(raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	// A .txt attachment is taken as the orders text; the body is kept as the cover.
	if in.CoverText != m.Text || in.BodySource != "attachment orders-template.txt" || in.Text != "# orders for 10 AM\n" {
		t.Errorf("text: got %q (cover %q) from %s", in.Text, in.CoverText, in.BodySource)
	}
	if in.Subject != m.Subject || in.MessageID != "out-000042@example.org" || in.From.Addr != "pbem@example.org" || in.To[0].Name != "Jürgen Müller" {
		t.Errorf("headers: %+v", in)
	}
	if len(in.InReplyTo) != 1 || in.InReplyTo[0] != m.InReplyTo {
		t.Errorf("In-Reply-To: %v", in.InReplyTo)
	}
	if len(in.References) != 2 || in.References[0] != "game.shiloh1@example.org" || in.References[1] != m.InReplyTo {
		t.Errorf("References: %v", in.References)
	}
	if d, why := Classify(in, SelfInfo{MessageIDDomain: "example.org"}); d != IgnoreSilently || !strings.Contains(why, "Auto-Submitted") {
		t.Errorf("our own report classified %v (%s)", d, why)
	}
	// Walk the MIME tree: the structure and the PNG parts.
	ent, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	pngs := 0
	err = ent.Walk(func(path []int, e *message.Entity, err error) error {
		if err != nil {
			return err
		}
		ct, _, _ := e.Header.ContentType()
		types = append(types, strings.Repeat(" ", len(path))+ct)
		if ct == "image/png" {
			b, err := io.ReadAll(e.Body)
			if err != nil {
				return err
			}
			if !bytes.Equal(b, m.MapPNG) {
				t.Errorf("PNG at %v damaged", path)
			}
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Errorf("PNG at %v: %v", path, err)
			}
			pngs++
			if len(path) == 3 && e.Header.Get("Content-Id") != "<"+MapContentID+">" {
				t.Errorf("inline map Content-ID %q", e.Header.Get("Content-Id"))
			}
		}
		if ct == "text/html" {
			b, _ := io.ReadAll(e.Body)
			if !bytes.Contains(b, []byte(`src="cid:`+MapContentID+`"`)) {
				t.Errorf("HTML does not show the inline map: %s", b)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "multipart/mixed| multipart/alternative|  text/plain|  multipart/related|   text/html|   image/png| text/plain"
	if got := strings.Join(types, "|"); got != want {
		t.Errorf("MIME tree:\n%s\nwant\n%s", got, want)
	}
	if pngs != 1 {
		t.Errorf("%d PNG parts, want 1", pngs)
	}
	for _, h := range []string{"Auto-Submitted: auto-generated", "X-Pbem-Game: shiloh1", "Message-Id: <out-000042@example.org>"} {
		if !bytes.Contains(raw, []byte(h)) {
			t.Errorf("missing header %q", h)
		}
	}
	// Composing again gives the same Message-ID (retries are recognisable).
	raw2, _ := Compose(m)
	in2, _ := Decode(raw2, nil)
	if in2.MessageID != in.MessageID {
		t.Error("Message-ID not stable")
	}
}

// An hour mail as the server composes it (the hour template's HTML, the map named
// after game, hour and side): the map is in it once, as the inline image the HTML's
// cid: reference names, with its file name for clients that show only the text.
func TestComposeHourMailMapOnce(t *testing.T) {
	sc, err := builtin.Systems().FindScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	st, err := sc.NewState(adjudicator.Options{Visibility: sc.Modes()[0]})
	if err != nil {
		t.Fatal(err)
	}
	hm, err := templates.HourMailOf(sc, "g7", nil, sc.View(st, adjudicator.CSA))
	if err != nil {
		t.Fatal(err)
	}
	m := testOutMessage(t)
	raw := composeHourMail(t, hm, &m, "g7-day18am-csa.png")
	ent, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	type part struct{ id, disposition, filename string }
	var pngs []part
	var html string
	err = ent.Walk(func(path []int, e *message.Entity, err error) error {
		if err != nil {
			return err
		}
		ct, _, _ := e.Header.ContentType()
		if ct != "image/png" && ct != "text/html" {
			return nil
		}
		b, err := io.ReadAll(e.Body)
		if err != nil {
			return err
		}
		switch ct {
		case "image/png":
			if !bytes.Equal(b, m.MapPNG) {
				t.Errorf("PNG at %v is not the map", path)
			}
			disp, params, _ := e.Header.ContentDisposition()
			pngs = append(pngs, part{strings.Trim(e.Header.Get("Content-Id"), "<>"), disp, params["filename"]})
		case "text/html":
			html = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pngs) != 1 {
		t.Fatalf("%d PNG parts, want 1: %+v", len(pngs), pngs)
	}
	if p := pngs[0]; p.disposition != "inline" || p.filename != m.MapName {
		t.Errorf("the map's Content-Disposition is %q with file name %q, want inline, %q", p.disposition, p.filename, m.MapName)
	}
	refs := regexp.MustCompile(`src="cid:([^"]+)"`).FindAllStringSubmatch(html, -1)
	if len(refs) != 1 {
		t.Fatalf("the HTML shows %d cid: images, want 1:\n%s", len(refs), html)
	}
	if refs[0][1] != pngs[0].id {
		t.Errorf("the HTML shows cid:%s, the map's Content-ID is %q", refs[0][1], pngs[0].id)
	}
	// and the base64 text of the map is in the raw mail once
	enc := base64.StdEncoding.EncodeToString(m.MapPNG)[:76]
	if n := bytes.Count(raw, []byte(enc)); n != 1 {
		t.Errorf("the map's base64 text is in the mail %d times", n)
	}
}

// composeHourMail composes hm as the server does, into m with its map: the
// hour template's text and HTML, the map named name, no other attachment.
func composeHourMail(t *testing.T, hm *templates.HourMail, m *OutMessage, name string) []byte {
	t.Helper()
	hm.HasMap = true
	var err error
	m.Subject, m.MapName, m.Attachments = hm.Subject(), name, nil
	if m.Text, err = hm.Text(); err != nil {
		t.Fatal(err)
	}
	if m.HTML, err = hm.HTML(); err != nil {
		t.Fatal(err)
	}
	raw, err := Compose(*m)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// Without an HTML part the map is an ordinary attachment, once.
func TestComposeTextOnlyMapAttached(t *testing.T) {
	m := testOutMessage(t)
	m.HTML, m.Attachments = "", nil
	raw, err := Compose(m)
	if err != nil {
		t.Fatal(err)
	}
	ent, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	err = ent.Walk(func(path []int, e *message.Entity, err error) error {
		if err != nil {
			return err
		}
		ct, _, _ := e.Header.ContentType()
		types = append(types, strings.Repeat(" ", len(path))+ct)
		if ct == "image/png" {
			disp, params, _ := e.Header.ContentDisposition()
			if disp != "attachment" || params["filename"] != "map.png" {
				t.Errorf("map disposition %q, file name %q", disp, params["filename"])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(types, "|"), "multipart/mixed| text/plain| image/png"; got != want {
		t.Errorf("MIME tree:\n%s\nwant\n%s", got, want)
	}
}

func TestComposeRejects(t *testing.T) {
	base := testOutMessage(t)
	cases := map[string]func(*OutMessage){
		"no id":          func(m *OutMessage) { m.ID = "" },
		"no date":        func(m *OutMessage) { m.Date = time.Time{} },
		"no to":          func(m *OutMessage) { m.To = nil },
		"non-ascii name": func(m *OutMessage) { m.MapName = "karte-ü.png" },
		"header newline": func(m *OutMessage) { m.Headers = map[string]string{"X-A": "b\r\nBcc: x@y"} },
	}
	for name, f := range cases {
		m := base
		f(&m)
		if _, err := Compose(m); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// Text only: a single text/plain part.
	m := base
	m.HTML, m.MapPNG, m.Attachments = "", nil, nil
	raw, err := Compose(m)
	if err != nil {
		t.Fatal(err)
	}
	if in, _ := Decode(raw, nil); in.ContentType != "text/plain" || in.Text != m.Text {
		t.Errorf("text-only: %s %q", in.ContentType, in.Text)
	}
	refs := trimRefs([]string{"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"}, "r10")
	if len(refs) != maxReferences || refs[0] != "r0" || refs[len(refs)-1] != "r10" {
		t.Errorf("trimRefs: %v", refs)
	}
}

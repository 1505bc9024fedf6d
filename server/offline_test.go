package server

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	gomail "github.com/emersion/go-message/mail"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/store"
)

// mailParts returns a composed mail's text, HTML and map, decoded.
func mailParts(t *testing.T, raw []byte) (text, html string, png []byte) {
	t.Helper()
	mr, err := gomail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return text, html, png
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(p.Body)
		if err != nil {
			t.Fatal(err)
		}
		switch ct := p.Header.Get("Content-Type"); {
		case strings.HasPrefix(ct, "text/plain"):
			text = strings.ReplaceAll(string(b), "\r\n", "\n")
		case strings.HasPrefix(ct, "text/html"):
			html = strings.ReplaceAll(string(b), "\r\n", "\n")
		case strings.HasPrefix(ct, "image/png") && png == nil:
			png = b
		}
	}
}

// An hour resolved offline from a game's stored inputs gives each side the very
// text, HTML and map the server mailed it for that hour.
func TestHourMailIsWhatTheServerSends(t *testing.T) {
	srv, st := playHours(t, 2, "shiloh1862")
	if err := srv.FlushMail(context.Background()); err != nil {
		t.Fatal(err)
	}
	sc := rulesOf(t, "shiloh1862")
	rec := exportRecord(t, st)
	h := &rec.Hours[1]
	before, err := sc.DecodeState(h.StateAtStart)
	if err != nil {
		t.Fatal(err)
	}
	ord, err := decodeOrders(sc, h)
	if err != nil {
		t.Fatal(err)
	}
	after, rep, err := sc.Resolve(before, ord, adjudicator.NewStreamDice(h.Seed))
	if err != nil {
		t.Fatal(err)
	}
	off := OfflineHour{Game: "v1", Rules: sc, Before: before, After: after, Report: rep, Orders: ord, Seed: h.Seed,
		Ran: ordersRun(h, before.Turn())}
	for _, a := range rec.Audit {
		if a.Kind == store.AuditHour && a.Hour == h.Hour {
			off.Head = store.ChainHead{Seq: a.Seq, Hash: a.Hash}
		}
	}
	sent := map[string][]byte{}
	if err := st.View(func(tx *store.Tx) error {
		next, err := tx.Hour("v1", 2)
		if err != nil {
			return err
		}
		off.Commitment = next.SeedCommitment
		msgs, err := tx.OutboxMessages("v1")
		for _, m := range msgs {
			sent[m.Kind] = m.Raw
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for _, sd := range adjudicator.Sides {
		raw := sent["hour-h2-"+sideKey(sd)]
		if raw == nil {
			t.Fatalf("no hour mail to %s queued", sd)
		}
		text, html, png := mailParts(t, raw)
		out, err := HourMail(off, sd)
		if err != nil {
			t.Fatal(err)
		}
		if out.Text != text {
			t.Errorf("%s: text differs:\n--- offline\n%s\n--- sent\n%s", sd, out.Text, text)
		}
		if out.HTML != html {
			t.Errorf("%s: HTML differs", sd)
		}
		if !bytes.Equal(out.MapPNG, png) || len(png) == 0 {
			t.Errorf("%s: map differs (%d and %d bytes)", sd, len(out.MapPNG), len(png))
		}
	}
}

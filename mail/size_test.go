package mail

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/render"
	"github.com/shiloh-pbem/pbem/templates"
)

// maxResultsMail bounds a Shiloh results mail as composed (issue 16): the map
// drawn once, shown inline by the HTML, beside the text and the HTML.
const maxResultsMail = 350 << 10

// A realistic mid-game results mail (the CSA's Day 2 7AM of a seeded bot game:
// four battles, dozens of orders and moves, the map crowded), composed as the
// server composes it, stays under maxResultsMail.
func TestResultsMailSize(t *testing.T) {
	sc, err := builtin.Systems().FindScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join("..", "templates", "testdata", "format1", "game37-day2-7am-CSA.json"))
	if err != nil {
		t.Fatal(err)
	}
	rv, err := sc.DecodeReportView(b, 1)
	if err != nil {
		t.Fatal(err)
	}
	v := rv.ViewAfter()
	hm, err := templates.HourMailOf(sc, "g37", rv, v)
	if err != nil {
		t.Fatal(err)
	}
	hm.Deadline = "Tue 3 Mar 2026 09:00 UTC"
	hm.Commitment, hm.RevealedSeed, hm.ChainHead = string(bytes.Repeat([]byte("ab"), 32)), string(bytes.Repeat([]byte("cd"), 32)), "#57 0123456789ab"
	hm.Ran = []templates.OrdersRun{{Side: "CSA", Version: 2, Hash: string(bytes.Repeat([]byte("5e"), 32))}}
	var png bytes.Buffer
	if err := render.Draw(&png, sc, v, rv, &render.Options{GameTitle: "Game g37"}); err != nil {
		t.Fatal(err)
	}
	m := testOutMessage(t)
	m.MapPNG = png.Bytes()
	raw := composeHourMail(t, hm, &m, "g37-day28am-csa.png")
	t.Logf("results mail %d KB: map %d KB, text %d KB, HTML %d KB", len(raw)>>10, png.Len()>>10, len(m.Text)>>10, len(m.HTML)>>10)
	if len(raw) > maxResultsMail {
		t.Errorf("the results mail is %d KB composed, over %d KB", len(raw)>>10, maxResultsMail>>10)
	}
}

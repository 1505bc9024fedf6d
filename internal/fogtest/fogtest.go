// Package fogtest is fog of war's end-to-end test over the contract (DESIGN §3),
// for any rule system: everything a side is sent of a turn unit (its view and
// report view as stored, the mail's words, the map, the receipt for its
// orders) must not change by a byte when only what it cannot see changes. A
// system's test builds the two positions (it alone knows what its views hide)
// and hands them here; the harness plays both with the same orders and dice.
package fogtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/render"
	"github.com/shiloh-pbem/pbem/templates"
)

// Turn is one turn unit to play: the position before it, each side's orders
// (index Side.Index(); nil: none sent) and the dice's seed.
type Turn struct {
	Before adjudicator.State
	Orders [2]adjudicator.Orders
	Seed   []byte
}

// Received is what viewer is sent of a played turn unit, piece by piece, in a
// fixed order: the view and report view as the store keeps them, the hour
// mail's text and HTML, the map, and the receipt for the viewer's orders of
// the turn (when it sent any).
func Received(t testing.TB, sc adjudicator.Scenario, tu Turn, viewer adjudicator.Side) []Piece {
	t.Helper()
	after, rep, err := sc.Resolve(tu.Before, tu.Orders, adjudicator.NewStreamDice(tu.Seed))
	if err != nil {
		t.Fatal(err)
	}
	v, rv := sc.View(after, viewer), sc.ViewReport(tu.Before, rep, after, viewer)
	out := []Piece{{"view", mustJSON(t, v)}, {"report view", mustJSON(t, rv)}}
	m, err := templates.HourMailOf(sc, "fog", rv, v)
	if err != nil {
		t.Fatal(err)
	}
	text, err := m.Text()
	if err != nil {
		t.Fatal(err)
	}
	html, err := m.HTML()
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, Piece{"mail text", []byte(text)}, Piece{"mail HTML", []byte(html)})
	var png bytes.Buffer
	if err := render.Draw(&png, sc, v, rv, nil); err != nil {
		t.Fatal(err)
	}
	out = append(out, Piece{"map", png.Bytes()})
	if viewer != adjudicator.NoSide {
		if o := tu.Orders[viewer.Index()]; o != nil {
			out = append(out, Piece{"receipt", mustJSON(t, sc.Check(tu.Before, o))})
		}
	}
	return out
}

// Piece is one thing sent.
type Piece struct {
	Name  string
	Bytes []byte
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Same fails unless viewer receives the same bytes of both turns: a and b
// differ only in what viewer cannot see. The GM, who sees everything, must be
// sent something different, or the test changed nothing.
func Same(t testing.TB, sc adjudicator.Scenario, viewer adjudicator.Side, a, b Turn) {
	t.Helper()
	if diff := Differ(t, sc, viewer, a, b); len(diff) > 0 {
		t.Errorf("%s: fog of war: %v changed with what %s cannot see", viewer, diff, viewer)
	}
	if len(Differ(t, sc, adjudicator.NoSide, a, b)) == 0 {
		t.Errorf("%s: the GM is sent the same of both turns: the test hid nothing", viewer)
	}
}

// Differ lists the pieces viewer is sent differently of two turns.
func Differ(t testing.TB, sc adjudicator.Scenario, viewer adjudicator.Side, a, b Turn) []string {
	t.Helper()
	pa, pb := Received(t, sc, a, viewer), Received(t, sc, b, viewer)
	if len(pa) != len(pb) {
		return []string{fmt.Sprintf("%d pieces against %d", len(pa), len(pb))}
	}
	var out []string
	for i := range pa {
		if !bytes.Equal(pa[i].Bytes, pb[i].Bytes) {
			out = append(out, pa[i].Name)
		}
	}
	return slices.Compact(out)
}

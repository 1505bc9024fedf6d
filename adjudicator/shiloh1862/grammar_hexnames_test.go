package shiloh1862

import (
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// hexBoard names places the way an SPI hex map numbers them (CCRR), a few of them
// also by a town's name, as the Antietam board will (issue 14: place names may be
// hex numbers as well as area names).
type hexBoard struct{}

func (hexBoard) Areas() []orders.Name {
	return []orders.Name{
		{ID: "0815", Canonical: "0815", Aliases: []string{"Sharpsburg"}},
		{ID: "0816", Canonical: "0816"},
		{ID: "0716", Canonical: "0716"},
		{ID: "1815", Canonical: "1815"},
	}
}
func (hexBoard) Blocks(adjudicator.Side) []orders.Name {
	return []orders.Name{{ID: "hooker", Canonical: "Hooker"}, {ID: "meade", Canonical: "Meade"}}
}
func (hexBoard) Arrivals(adjudicator.Side) []orders.Name { return nil }

func TestHexNumbersAsPlaceNames(t *testing.T) {
	for _, c := range []struct {
		line string
		path []AreaID
	}{
		{"hooker: 0815 > 0816", []AreaID{"0816"}},
		{"hooker: 0815-0816", []AreaID{"0816"}},
		{"hooker: sharpsburg > 0716", []AreaID{"0716"}},
		{"meade > 0816", []AreaID{"0816"}},
	} {
		o, probs := ParseOrders(c.line, hexBoard{}, adjudicator.USA)
		if countErrors(probs) > 0 || len(o.Moves) != 1 {
			t.Errorf("%q: %d moves, problems %+v", c.line, len(o.Moves), probs)
			continue
		}
		if m := o.Moves[0]; !slices.Equal(m.Path, c.path) {
			t.Errorf("%q: path %v, want %v", c.line, m.Path, c.path)
		}
	}
	// A number that is not a hex of the board is refused, with the nearest hex
	// number offered.
	_, probs := ParseOrders("hooker: 0815 > 815", hexBoard{}, adjudicator.USA)
	var said []string
	for _, p := range probs {
		why, hint := problemText(p)
		said = append(said, why+" ["+hint+"]")
	}
	if all := strings.Join(said, "\n"); countErrors(probs) == 0 || !strings.Contains(all, "0815") {
		t.Errorf("815 was not refused with 0815 offered:\n%s", all)
	}
}

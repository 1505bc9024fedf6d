package shiloh1862_test

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// names is a tiny scenario: what the grammar needs to know of one.
type names struct{}

func (names) Areas() []orders.Name {
	return []orders.Name{
		{ID: "seay_field", Canonical: "Seay Field"},
		{ID: "rea_field", Canonical: "Rea Field"},
		{ID: "rea_woods", Canonical: "Rea Woods"},
	}
}

func (names) Blocks(side adjudicator.Side) []orders.Name {
	if side != adjudicator.CSA {
		return nil
	}
	return []orders.Name{
		{ID: "cs_cleburne", Canonical: "Cleburne"},
		{ID: "cs_wood", Canonical: "Wood"},
		{ID: "cs_hardee", Canonical: "Hardee"},
	}
}

func (names) Arrivals(adjudicator.Side) []orders.Name { return nil }

func ExampleParseOrders() {
	text := `Here are my orders.
ORDERS
activate hardee
cleburn and wood: seay -> rea atk   # in we go
at rea: withdraw if weaker, retreat to seay
END
-- 
Tom`
	o, problems := shiloh1862.ParseOrders(text, names{}, adjudicator.CSA)
	fmt.Print(shiloh1862.FormatOrders(o, names{}))
	// problems are phrases, worded by the system's wording (they name no unit by
	// id, so no namer is needed)
	w, err := words.For("shiloh1862")
	if err != nil {
		panic(err)
	}
	for _, p := range problems {
		fmt.Printf("line %d: %s: %s\n", p.Line, p.Severity, w.Say(p.Why, nil))
	}
	// Output:
	// activate Hardee
	// Cleburne, Wood: Seay Field > Rea Field attack
	// at Rea Field: withdraw if weaker, retreat to Seay Field
}

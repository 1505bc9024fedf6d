package orders

import "github.com/shiloh-pbem/pbem/adjudicator"

// Codes are the codes of the problems this package reports itself (Reader.Read,
// Resolve, ReadAs), with their keys: templates/words/shared.txt words them for
// every system, and a system's wording test holds its files to them.
func Codes() []adjudicator.CodeSpec {
	return []adjudicator.CodeSpec{
		{Code: "orders.too-long", Keys: []string{"length"}},
		{Code: "orders.hint.one-a-line"},
		{Code: "orders.quoted-joined", Keys: []string{"line"}},
		{Code: "orders.read-as", Keys: []string{"typed", "as"}},
		{Code: "orders.ambiguous", Keys: []string{"typed", "names"}},
		{Code: "orders.hint.more-of-name"},
		{Code: "orders.did-you-mean", Keys: []string{"names"}},
	}
}

package shiloh1862

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// TestResolve covers every way a name is found, or not.
func TestResolve(t *testing.T) {
	d := testNames(t)
	areas := d.AreaTable()
	usa := d.BlockTable(adjudicator.USA)
	csa := d.BlockTable(adjudicator.CSA)
	for _, c := range []struct {
		t     *orders.Table
		in    string
		how   orders.How
		want  string // canonical, or the candidates for orders.Ambiguous / not found
		table string
	}{
		{areas, "rea", orders.Exact, "Rea Field", "areas"},
		{areas, "Rea Field", orders.Exact, "Rea Field", "areas"},
		{areas, "rea woods", orders.Exact, "Rea Woods", "areas"},
		{areas, "shil", orders.Prefix, "Shiloh Church", "areas"},
		{areas, "shiloh ch", orders.Prefix, "Shiloh Church", "areas"},
		{areas, "church", orders.Prefix, "Shiloh Church", "areas"}, // the last word
		{areas, "hornets nest", orders.Exact, "Hornet's Nest", "areas"},
		{areas, "hardee biv", orders.Prefix, "Hardee's Bivouac", "areas"},
		{areas, "road a", orders.Exact, "Road A", "areas"},
		{areas, "road_a", orders.Exact, "Road A", "areas"}, // the id
		{areas, "shiloh chruch", orders.Fuzzy, "Shiloh Church", "areas"},
		{areas, "frailey", orders.Fuzzy, "Fraley Field", "areas"},
		{areas, "owl creek", orders.Ambiguous, "Owl Creek Bottoms or Owl Creek Woods", "areas"},
		{areas, "peach orchard", orders.Exact, "Sarah Bell's Field", "areas"}, // an alias
		{areas, "cornfield", orders.NotFound, "", "areas"},
		{areas, "lick creek", orders.Prefix, "Lick Creek Bottoms", "areas"}, // not Road C's "Lick Creek Ford"
		{areas, "sunken road", orders.Exact, "Hornet's Nest", "areas"},
		{areas, "spian", orders.Fuzzy, "Spain Field", "areas"},
		{csa, "cleburn", orders.Prefix, "Cleburne", "csa"},
		{csa, "clebrune", orders.Fuzzy, "Cleburne", "csa"},
		{csa, "hardee", orders.Exact, "Hardee", "csa"},
		{csa, "smith", orders.Exact, "Smith", "csa"}, // unique on the CSA side
		{usa, "smith", orders.Ambiguous, "M.L. Smith or W.S. Smith", "usa"},
		{usa, "ml smith", orders.Exact, "M.L. Smith", "usa"},
		{usa, "M.L. Smith", orders.Exact, "M.L. Smith", "usa"},
		{usa, "wallace", orders.Ambiguous, "L. Wallace or W. Wallace", "usa"},
		{usa, "l wallace", orders.Exact, "L. Wallace", "usa"},
		{usa, "lew wallace", orders.Exact, "L. Wallace", "usa"},
		{usa, "taylor cav", orders.Exact, "Taylor (cav)", "usa"},
		{usa, "Taylor (art)", orders.Exact, "Taylor (art)", "usa"},
		{usa, "gibson", orders.Exact, "Gibson", "usa"},
		{usa, "cleburne", orders.NotFound, "", "usa"},
		{usa, "mcdowel", orders.Prefix, "McDowell", "usa"},
		{usa, "hildebrnd", orders.Fuzzy, "Hildebrand", "usa"},
		{usa, "xyzzy", orders.NotFound, "", "usa"},
	} {
		l := c.t.Lookup(c.in)
		if l.How != c.how {
			t.Errorf("%s %q: how %d, want %d", c.table, c.in, l.How, c.how)
			continue
		}
		var got string
		switch l.How {
		case orders.Exact, orders.Prefix, orders.Fuzzy:
			got = c.t.Name(l).Canonical
		case orders.Ambiguous:
			got = strings.Join(c.t.Candidates(l), " or ")
		}
		if got != c.want {
			t.Errorf("%s %q: %q, want %q", c.table, c.in, got, c.want)
		}
	}
}

// TestNotFoundSuggests: an unknown name near a known one suggests it.
func TestNotFoundSuggests(t *testing.T) {
	d := testNames(t)
	_, probs := ParseOrders("cleburne: seay > rae field woods\nwood: sey > reaa fild attack", d, adjudicator.CSA)
	var texts []string
	for _, p := range probs {
		why, hint := problemText(p)
		texts = append(texts, why+" ["+hint+"]")
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "did you mean") {
		t.Errorf("no suggestion in:\n%s", all)
	}
}

// TestScenarioNames: how the grammar prints what the scenario data names.
func TestScenarioNames(t *testing.T) {
	d := testNames(t)
	want := map[string]string{
		"road_a":          "Road A",
		"road_e":          "Road E",
		"hornets_nest":    "Hornet's Nest",
		"us_ml_smith":     "M.L. Smith",
		"us_ws_smith":     "W.S. Smith",
		"us_taylor_cav":   "Taylor (cav)",
		"us_taylor_art":   "Taylor (art)",
		"us_gibson_oh":    "Gibson",
		"cs_gibson":       "Gibson",
		"cs_smith_art":    "Smith",
		"usa_lew_wallace": "L. Wallace",
		"usa_nelson":      "Nelson", // the division's HQ, not Buell travelling with it
		"csa_reserve":     "Breckinridge",
	}
	got := map[string]string{}
	for _, n := range d.Areas() {
		got[n.ID] = n.Canonical
	}
	for _, s := range adjudicator.Sides {
		for _, n := range d.Blocks(s) {
			got[n.ID] = n.Canonical
		}
		for _, n := range d.Arrivals(s) {
			got[n.ID] = n.Canonical
		}
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s prints as %q, want %q", id, got[id], w)
		}
	}
	for _, n := range d.Arrivals(adjudicator.USA) {
		if n.ID == "usa_lew_wallace" && strings.Join(n.Options, ",") != "D,E" {
			t.Errorf("L. Wallace options %v", n.Options)
		}
	}
	// every canonical name is unique within its kind, so that it reads back
	for _, s := range adjudicator.Sides {
		seen := map[string]string{}
		for _, n := range d.Blocks(s) {
			k := orders.Normalize(n.Canonical)
			if other, dup := seen[k]; dup {
				t.Errorf("%s and %s both print as %q", other, n.ID, n.Canonical)
			}
			seen[k] = n.ID
			if l := d.BlockTable(s).Lookup(n.Canonical); l.How != orders.Exact || d.BlockTable(s).Name(l).ID != n.ID {
				t.Errorf("%q does not read back as %s", n.Canonical, n.ID)
			}
		}
	}
	for _, n := range d.Areas() {
		if l := d.AreaTable().Lookup(n.Canonical); l.How != orders.Exact || d.AreaTable().Name(l).ID != n.ID {
			t.Errorf("%q does not read back as %s", n.Canonical, n.ID)
		}
	}
}

// TestNilNames: parsing with no names at all reports unknown names, never panics.
func TestNilNames(t *testing.T) {
	o, probs := ParseOrders("activate hardee\ncleburne: seay > rea", nil, adjudicator.CSA)
	if len(o.Activate) != 0 || len(o.Moves) != 0 || len(probs) == 0 {
		t.Errorf("orders %+v, problems %+v", o, probs)
	}
}

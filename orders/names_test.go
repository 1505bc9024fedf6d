package orders

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

func TestNormalize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Sarah Bell's Field", "sarah bell"},
		{"sarah bells", "sarah bell"},
		{"Hornet’s Nest", "hornet nest"},
		{"the Hornets nest", "hornet nest"},
		{"McClernand's Camp", "mcclernand camp"},
		{"Rea fld", "rea"},
		{"W. Wallace", "w wallace"},
		{"Road A (Pittsburg-Corinth Road)", "road a pittsburg corinth road"},
		{"The Crossroads", "crossroad"},
		{"Field", "field"}, // only a stop word: kept
		{"PRENTISS' CAMP", "prentis camp"},
		{"", ""},
	} {
		if got := normalize(c.in); got != c.want {
			t.Errorf("normalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"cleburne", "cleburne", 0},
		{"cleburn", "cleburne", 1},
		{"clebrune", "cleburne", 1}, // a transposition is one edit
		{"hildebrnd", "hildebrand", 1},
		{"shermn", "sherman", 1},
		{"abc", "xyz", 3},
		{"a", "abcdefgh", maxDistance}, // gives up
	} {
		if got := distance(c.a, c.b, maxDistance); got != c.want {
			t.Errorf("distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestResolve covers every way a name is found, or not.
func TestResolve(t *testing.T) {
	d := testNames(t)
	areas := d.areas
	usa := d.blockTable(adjudicator.USA)
	csa := d.blockTable(adjudicator.CSA)
	for _, c := range []struct {
		t     *table
		in    string
		how   how
		want  string // canonical, or the candidates for ambiguous / not found
		table string
	}{
		{areas, "rea", exact, "Rea Field", "areas"},
		{areas, "Rea Field", exact, "Rea Field", "areas"},
		{areas, "rea woods", exact, "Rea Woods", "areas"},
		{areas, "shil", prefix, "Shiloh Church", "areas"},
		{areas, "shiloh ch", prefix, "Shiloh Church", "areas"},
		{areas, "church", prefix, "Shiloh Church", "areas"}, // the last word
		{areas, "hornets nest", exact, "Hornet's Nest", "areas"},
		{areas, "hardee biv", prefix, "Hardee's Bivouac", "areas"},
		{areas, "road a", exact, "Road A", "areas"},
		{areas, "road_a", exact, "Road A", "areas"}, // the id
		{areas, "shiloh chruch", fuzzy, "Shiloh Church", "areas"},
		{areas, "frailey", fuzzy, "Fraley Field", "areas"},
		{areas, "owl creek", ambiguous, "Owl Creek Bottoms or Owl Creek Woods", "areas"},
		{areas, "peach orchard", exact, "Sarah Bell's Field", "areas"}, // an alias
		{areas, "cornfield", notFound, "", "areas"},
		{areas, "lick creek", prefix, "Lick Creek Bottoms", "areas"}, // not Road C's "Lick Creek Ford"
		{areas, "sunken road", exact, "Hornet's Nest", "areas"},
		{areas, "spian", fuzzy, "Spain Field", "areas"},
		{csa, "cleburn", prefix, "Cleburne", "csa"},
		{csa, "clebrune", fuzzy, "Cleburne", "csa"},
		{csa, "hardee", exact, "Hardee", "csa"},
		{csa, "smith", exact, "Smith", "csa"}, // unique on the CSA side
		{usa, "smith", ambiguous, "M.L. Smith or W.S. Smith", "usa"},
		{usa, "ml smith", exact, "M.L. Smith", "usa"},
		{usa, "M.L. Smith", exact, "M.L. Smith", "usa"},
		{usa, "wallace", ambiguous, "L. Wallace or W. Wallace", "usa"},
		{usa, "l wallace", exact, "L. Wallace", "usa"},
		{usa, "lew wallace", exact, "L. Wallace", "usa"},
		{usa, "taylor cav", exact, "Taylor (cav)", "usa"},
		{usa, "Taylor (art)", exact, "Taylor (art)", "usa"},
		{usa, "gibson", exact, "Gibson", "usa"},
		{usa, "cleburne", notFound, "", "usa"},
		{usa, "mcdowel", prefix, "McDowell", "usa"},
		{usa, "hildebrnd", fuzzy, "Hildebrand", "usa"},
		{usa, "xyzzy", notFound, "", "usa"},
	} {
		l := c.t.resolve(c.in)
		if l.how != c.how {
			t.Errorf("%s %q: how %d, want %d", c.table, c.in, l.how, c.how)
			continue
		}
		var got string
		switch l.how {
		case exact, prefix, fuzzy:
			got = c.t.names[l.entry].Canonical
		case ambiguous:
			got = c.t.candidates(l.cands)
		}
		if got != c.want {
			t.Errorf("%s %q: %q, want %q", c.table, c.in, got, c.want)
		}
	}
}

// TestNotFoundSuggests: an unknown name near a known one suggests it.
func TestNotFoundSuggests(t *testing.T) {
	d := testNames(t)
	_, probs := Parse("cleburne: seay > rae field woods\nwood: sey > reaa fild attack", d, adjudicator.CSA)
	var texts []string
	for _, p := range probs {
		texts = append(texts, p.Text+" ["+p.Suggestion+"]")
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "did you mean") {
		t.Errorf("no suggestion in:\n%s", all)
	}
}

// TestScenarioNames: how the adapter prints what the scenario data names.
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
			k := normalize(n.Canonical)
			if other, dup := seen[k]; dup {
				t.Errorf("%s and %s both print as %q", other, n.ID, n.Canonical)
			}
			seen[k] = n.ID
			if l := d.blockTable(s).resolve(n.Canonical); l.how != exact || d.blockTable(s).names[l.entry].ID != n.ID {
				t.Errorf("%q does not read back as %s", n.Canonical, n.ID)
			}
		}
	}
	for _, n := range d.Areas() {
		if l := d.areas.resolve(n.Canonical); l.how != exact || d.areas.names[l.entry].ID != n.ID {
			t.Errorf("%q does not read back as %s", n.Canonical, n.ID)
		}
	}
}

// TestNilNames: parsing with no names at all reports unknown names, never panics.
func TestNilNames(t *testing.T) {
	o, probs := Parse("activate hardee\ncleburne: seay > rea", nil, adjudicator.CSA)
	if len(o.Activate) != 0 || len(o.Moves) != 0 || len(probs) == 0 {
		t.Errorf("orders %+v, problems %+v", o, probs)
	}
}

package orders

import (
	"strings"
	"testing"
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
		if got := Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
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
		if got := Distance(c.a, c.b, maxDistance); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestLookup covers every way a name is found, or not, in toy names.
func TestLookup(t *testing.T) {
	areas := Compile(toyNames{}).AreaTable()
	for _, c := range []struct {
		in   string
		how  How
		want string // canonical, or the candidates when ambiguous or not found
	}{
		{"Shiloh Church", Exact, "Shiloh Church"},
		{"the ford", Exact, "Lick Creek Ford"}, // an alias
		{"church", Exact, "Shiloh Church"},     // the id
		{"shil ch", Prefix, "Shiloh Church"},
		{"creek ford", Prefix, "Lick Creek Ford"}, // the last words
		{"peach orchrd", Fuzzy, "Peach Orchard"},
		{"sh", Prefix, "Shiloh Church"},
		{"pxach orxhrd", NotFound, "Peach Orchard"}, // too far to take, near enough to offer
		{"cornfield", NotFound, ""},
	} {
		m := areas.Lookup(c.in)
		got := ""
		switch m.How {
		case Exact, Prefix, Fuzzy:
			got = areas.Name(m).Canonical
		default:
			got = strings.Join(areas.Candidates(m), ", ")
		}
		if m.How != c.how || got != c.want {
			t.Errorf("%q: how %d %q, want %d %q", c.in, m.How, got, c.how, c.want)
		}
	}
}

// TestRespelt: a name found under an alias that misspells it is marked, so that the
// receipt echoes the correction; an alias that is another name, and the canonical
// name, are not.
func TestRespelt(t *testing.T) {
	tb := newTable([]Name{
		{ID: "cs_breckinridge", Canonical: "Breckinridge", Aliases: []string{"Breckenridge"}},
		{ID: "us_lew_wallace", Canonical: "L. Wallace", Aliases: []string{"Lew Wallace"}},
		{ID: "rea", Canonical: "Rea Field", Aliases: []string{"Rhea Field", "Shiloh Branch"}},
	})
	for _, c := range []struct {
		in      string
		how     How
		respelt bool
	}{
		{"breckinridge", Exact, false},
		{"breckenridge", Exact, true},
		{"brecken", Prefix, true}, // only the misspelling starts so
		{"breck", Prefix, false},  // the name itself starts so
		{"rhea", Exact, true},
		{"rhea fld", Exact, true},
		{"shiloh branch", Exact, false}, // another name
		{"lew wallace", Exact, false},   // a fuller name, not a misspelling
		{"l wallace", Exact, false},
	} {
		m := tb.Lookup(c.in)
		if m.How != c.how || m.Respelt != c.respelt {
			t.Errorf("%q: how %d respelt %v, want %d %v", c.in, m.How, m.Respelt, c.how, c.respelt)
		}
	}
	for _, c := range []struct {
		alias, canon string
		want         bool
	}{
		{"breckenridge", "breckinridge", true},
		{"mcclelland", "mcclernand", true}, // two letters off a long word
		{"mcclelland camp", "mcclernand camp", true},
		{"ml smith", "m l smith", false}, // the words differ in number
		{"lew wallace", "l wallace", false},
		{"sweeney", "sweeny", true},
		{"rea", "rea", false},
		{"peach orchard", "sarah bell", false},
	} {
		if got := isRespelling(c.alias, c.canon); got != c.want {
			t.Errorf("isRespelling(%q, %q) = %v, want %v", c.alias, c.canon, got, c.want)
		}
	}
}

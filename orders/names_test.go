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

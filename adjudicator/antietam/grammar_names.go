package antietam

import (
	"strconv"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// This file gives the order language its names: each side's units, found by the
// designation printed on the counter (2.4, 14.0) and the spellings a player
// writing in a hurry uses, and the map's named places (map.toml [[place]]), which
// stand for their hexes. Hexes themselves are read by number (CCRR, 2.1), not
// looked up (grammar.go).

// grammarNames is the scenario's names compiled for lookups, once, when the
// scenario is indexed: read-only after, so parses in several goroutines share it.
type grammarNames struct {
	dict *orders.Dictionary
	// places are the named places' hexes, by place id.
	places map[string][]HexID
}

// newGrammarNames compiles a scenario's names.
func newGrammarNames(s *Scenario) *grammarNames {
	g := &grammarNames{places: map[string][]HexID{}}
	for _, p := range s.Map.Places {
		g.places[p.ID] = p.Hexes
	}
	g.dict = orders.Compile(scenarioNames{s})
	return g
}

// scenarioNames is the orders.Names of a scenario.
type scenarioNames struct{ s *Scenario }

// Areas are the named places. A name in parentheses is an alias too ("Sunken
// Road (Bloody Lane)" is also "Bloody Lane"), and the name is printed without it.
func (n scenarioNames) Areas() []orders.Name {
	out := make([]orders.Name, 0, len(n.s.Map.Places))
	for _, p := range n.s.Map.Places {
		name := orders.Name{ID: p.ID, Canonical: p.Name}
		if i := strings.IndexByte(p.Name, '('); i > 0 {
			name.Canonical = strings.TrimSpace(p.Name[:i])
			name.Aliases = append(name.Aliases, p.Name, strings.TrimSuffix(p.Name[i+1:], ")"))
		}
		out = append(out, name)
	}
	return out
}

// Blocks are one side's units. A unit is printed by its designation, except a
// bare number or letter (the Union cavalry "1" to "5", the Parrott batteries "A"
// to "C"), printed by its id ("cav1", "artA") so that a canonical name reads as
// nothing else; the designation stays an alias.
func (n scenarioNames) Blocks(side adjudicator.Side) []orders.Name {
	var out []orders.Name
	for _, u := range n.s.Units {
		if u.Side == side {
			out = append(out, unitName(u))
		}
	}
	return out
}

func (scenarioNames) Arrivals(adjudicator.Side) []orders.Name { return nil }

// unitName is how a unit is named in orders, with the spellings it is known by.
func unitName(u Unit) orders.Name {
	d := u.Designation
	n := orders.Name{ID: string(u.ID), Canonical: d}
	if len(d) <= 1 {
		n.Canonical = string(u.ID)
	}
	add := func(a ...string) { n.Aliases = append(n.Aliases, a...) }
	add(d, string(u.ID))
	if u.Chart != "" {
		add(u.Chart) // the deployment chart's abbreviation (14.2)
	}
	switch u.Type {
	case Cavalry:
		if len(d) <= 1 {
			add("cav "+d, d+" cav", ordinal(d)+" cav", "cavalry "+d, d+" cavalry", ordinal(d)+" cavalry")
		}
	case Artillery:
		if len(d) <= 1 {
			add("art "+d, "arty "+d, "battery "+d, "parrott "+d, d+" battery")
		}
	}
	// "1/1/I" typed with arabic numbers for the corps, as a phone's keypad
	// makes easy: "1/1/1", "1/2/12".
	if parts := strings.Split(d, "/"); len(parts) == 3 {
		if a, ok := arabic(parts[2]); ok {
			add(parts[0] + "/" + parts[1] + "/" + a)
		}
	}
	// Initials written with points or spaces: "G.T. Anderson", "G T Anderson".
	if first, rest, ok := strings.Cut(d, " "); ok && len(first) == 2 && strings.ToUpper(first) == first {
		add(first[:1]+"."+first[1:]+". "+rest, first[:1]+" "+first[1:]+" "+rest)
	}
	return n
}

// ordinal is "1st" of "1", "2nd" of "2" …
func ordinal(d string) string {
	switch d {
	case "1":
		return "1st"
	case "2":
		return "2nd"
	case "3":
		return "3rd"
	}
	return d + "th"
}

// arabic reads a corps' roman numeral.
func arabic(roman string) (string, bool) {
	val := map[byte]int{'I': 1, 'V': 5, 'X': 10}
	total := 0
	for i := 0; i < len(roman); i++ {
		v, ok := val[roman[i]]
		if !ok {
			return "", false
		}
		if i+1 < len(roman) && val[roman[i+1]] > v {
			v = -v
		}
		total += v
	}
	return strconv.Itoa(total), total > 0
}

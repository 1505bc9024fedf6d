package shiloh1862

import (
	"slices"
	"strings"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// ScenarioNames gives the names players may use in a scenario, compiled for lookups.
// It reads only the scenario's data (map, order of battle, arrival groups), never a
// game state.
//
// An area is printed by its name without a parenthesised note ("Road A" for "Road A
// (Pittsburg-Corinth Road)"); the full name and the id stay valid spellings. Blocks
// that share a name on one side ("Smith", "Taylor") are told apart in print by what
// their id adds ("M.L. Smith", "Taylor (cav)"), so that every canonical name reads
// back as the same block. An arrival group is named after its first HQ (or first
// block), with its id as an alias; its Options are the choices it offers (5.61).
//
// A scenario the loader made compiles its names once, on first use (about half a
// millisecond: more than a whole receipt), and every mail of every game shares them;
// any other scenario compiles them at each call.
func ScenarioNames(sc *Scenario) *orders.Dictionary {
	if sc == nil || sc.grammar == nil {
		return orders.Compile(scenarioNames{sc: sc})
	}
	g := sc.grammar
	g.once.Do(func() { g.names = orders.Compile(scenarioNames{sc: sc}) })
	return g.names
}

// grammarCache is what the grammar compiles from a loaded scenario once. The
// scenario holds a pointer to it, so that copying a Scenario stays allowed; the
// Dictionary is read-only once made, so parses in several goroutines share it.
type grammarCache struct {
	once  sync.Once
	names *orders.Dictionary
}

type scenarioNames struct{ sc *Scenario }

func (s scenarioNames) Areas() []orders.Name {
	if s.sc == nil || s.sc.Map == nil {
		return nil
	}
	out := make([]orders.Name, 0, len(s.sc.Map.Areas))
	for _, a := range s.sc.Map.Areas {
		n := orders.Name{ID: string(a.ID), Canonical: strings.TrimSpace(a.Name)}
		if i := strings.IndexByte(n.Canonical, '('); i > 0 {
			n.Canonical = strings.TrimSpace(n.Canonical[:i])
			n.Aliases = append(n.Aliases, a.Name)
		}
		if n.Canonical == "" {
			n.Canonical = string(a.ID)
		}
		n.Aliases = append(n.Aliases, a.Aliases...)
		out = append(out, n)
	}
	return out
}

func (s scenarioNames) Blocks(side adjudicator.Side) []orders.Name {
	if s.sc == nil || s.sc.OB == nil {
		return nil
	}
	var specs []*BlockSpec
	count := map[string]int{}
	for i := range s.sc.OB.Blocks {
		b := &s.sc.OB.Blocks[i]
		if b.Side != side {
			continue
		}
		specs = append(specs, b)
		count[orders.Normalize(b.Name)]++
	}
	out := make([]orders.Name, 0, len(specs))
	for _, b := range specs {
		n := orders.Name{ID: string(b.ID), Canonical: strings.TrimSpace(b.Name)}
		idWords := idWords(string(b.ID))
		if count[orders.Normalize(b.Name)] > 1 || n.Canonical == "" {
			n.Canonical = qualify(b.Name, idWords)
		}
		n.Aliases = append(n.Aliases, strings.Join(idWords, " "))
		n.Aliases = append(n.Aliases, b.Aliases...)
		out = append(out, n)
	}
	return out
}

func (s scenarioNames) Arrivals(side adjudicator.Side) []orders.Name {
	if s.sc == nil {
		return nil
	}
	blocks := s.Blocks(side)
	canon := map[string]string{}
	for _, n := range blocks {
		canon[n.ID] = n.Canonical
	}
	var out []orders.Name
	for _, a := range s.sc.Arrivals {
		if a.Side != side {
			continue
		}
		n := orders.Name{ID: a.ID, Aliases: []string{strings.ReplaceAll(a.ID, "_", " ")}}
		// Named after the group's own HQ: a division or corps HQ before an army HQ
		// travelling with it (Buell lands with Nelson, 9.1); the other HQs are
		// aliases.
		var hqs []string
		for _, id := range a.Blocks {
			if s.sc.OB == nil {
				break
			}
			if b := s.sc.OB.Block(id); b != nil && b.IsHQ() {
				if b.HQKind == AHQ {
					hqs = append(hqs, canon[string(id)])
				} else {
					hqs = append([]string{canon[string(id)]}, hqs...)
				}
			}
		}
		if len(hqs) > 0 {
			n.Canonical = hqs[0]
			n.Aliases = append(n.Aliases, hqs[1:]...)
		}
		if n.Canonical == "" && len(a.Blocks) > 0 {
			n.Canonical = canon[string(a.Blocks[0])]
		}
		if n.Canonical == "" {
			n.Canonical = a.ID
		}
		for _, o := range a.Options {
			if o.Choice != "" && !slices.Contains(n.Options, o.Choice) {
				n.Options = append(n.Options, o.Choice)
			}
		}
		out = append(out, n)
	}
	return out
}

// idWords turns "us_ml_smith" into ["ml", "smith"]: the id without its side prefix.
func idWords(id string) []string {
	w := strings.Split(id, "_")
	if len(w) > 1 && (w[0] == "us" || w[0] == "cs" || w[0] == "usa" || w[0] == "csa") {
		w = w[1:]
	}
	return w
}

// qualify prints a block whose name its side shares: the id's words before the name
// become initials ("M.L. Smith"), those after it a note ("Taylor (cav)").
func qualify(name string, id []string) string {
	nameKey := orders.Normalize(name)
	at := -1
	for i, w := range id {
		if orders.Normalize(w) == nameKey {
			at = i
			break
		}
	}
	if at < 0 {
		return name + " (" + strings.Join(id, " ") + ")"
	}
	out := name
	if at > 0 {
		var b strings.Builder
		for _, w := range id[:at] {
			if len(w) <= 3 {
				for _, r := range strings.ToUpper(w) {
					b.WriteRune(r)
					b.WriteByte('.')
				}
			} else {
				b.WriteString(strings.ToUpper(w[:1]) + w[1:] + " ")
			}
		}
		out = strings.TrimSpace(b.String()) + " " + name
	}
	if at+1 < len(id) {
		out += " (" + strings.Join(id[at+1:], " ") + ")"
	}
	return out
}

// RoadMiddles returns the areas one road passes through between from and to, two
// steps apart along it (5.31: a road move follows one road), as the map has them.
func (s scenarioNames) RoadMiddles(from, to string) []string {
	if s.sc == nil || s.sc.Map == nil {
		return nil
	}
	var out []string
	for _, a := range s.sc.Map.RoadMiddles(AreaID(from), AreaID(to)) {
		out = append(out, string(a))
	}
	return out
}

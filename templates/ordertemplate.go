package templates

import (
	"fmt"
	"sort"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// OrderTemplate is the pre-filled order form of one side for the hour its View
// opens (issue: the order template): own blocks grouped by area with strength,
// firepower and command range, and as comments the adjacent areas with the
// border's move/battle limits and whether it carries a road. Lines starting with #
// are comments the order parser ignores, so the form can be edited and sent back.
func OrderTemplate(sc *shiloh1862.Scenario, v *shiloh1862.View) string {
	n := namer{sc}
	line := func(code string, args ...adjudicator.Arg) string {
		return shilohWords.Say(adjudicator.Say(code, args...), n) + "\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "ORDERS %s %s\n", v.Viewer, v.Hour)
	b.WriteString(line("form.edit"))
	b.WriteString(line("form.examples"))
	byArea := map[shiloh1862.AreaID][]shiloh1862.OwnBlock{}
	var areas []shiloh1862.AreaID
	var hqs []string
	for _, o := range v.Own {
		if o.Where != shiloh1862.OnMap || (v.Viewer != adjudicator.NoSide && o.Side != v.Viewer) {
			continue
		}
		if _, ok := byArea[o.Area]; !ok {
			areas = append(areas, o.Area)
		}
		byArea[o.Area] = append(byArea[o.Area], o)
		if o.Type == shiloh1862.HQ && o.Strength > 0 {
			hqs = append(hqs, o.Name)
		}
	}
	sort.Slice(areas, func(i, j int) bool { return n.area(areas[i]) < n.area(areas[j]) })
	sort.Strings(hqs)
	if len(hqs) > 0 {
		b.WriteString("\n" + line("form.hqs", adjudicator.TextArg("hqs", strings.Join(hqs, ", "))))
		b.WriteString(line("form.activate"))
	}
	for _, a := range areas {
		area := sc.Map.Area(a)
		b.WriteString("\n" + line("form.area", adjudicator.PlaceArg("place", string(a)), adjudicator.TextArg("terrain", string(area.Terrain)),
			adjudicator.IntArg("stack", area.Stack)))
		for _, o := range byArea[a] {
			fmt.Fprintf(&b, "#   %-14s %s %d/%d", o.Name, o.Firepower, o.Strength, o.Max)
			if o.CommandRange > 0 {
				fmt.Fprintf(&b, " CR%d", o.CommandRange)
			}
			fmt.Fprintf(&b, " %s\n", kindWord(o))
		}
		var adj []string
		for _, nb := range sc.Map.Neighbours(a) {
			bd := sc.Map.Border(a, nb)
			l := bd.Limits(a)
			if !l.Passable {
				continue
			}
			s := fmt.Sprintf("%s %d/%d", n.area(nb), l.Move, l.Battle)
			if l.Road {
				s += " road"
			}
			adj = append(adj, s)
		}
		if len(adj) > 0 {
			b.WriteString(line("form.to", adjudicator.TextArg("list", strings.Join(adj, "; "))))
		}
	}
	if len(v.Arrivals) > 0 {
		b.WriteString("\n" + line("form.arriving"))
		for _, ar := range v.Arrivals {
			var names []string
			for _, id := range ar.Blocks {
				names = append(names, n.block(id))
			}
			fmt.Fprintf(&b, "#   %s: %s\n", ar.Arrival, strings.Join(names, ", "))
		}
	}
	b.WriteString("\n" + line("form.battles"))
	b.WriteString(line("form.at-all"))
	b.WriteString(line("form.supply"))
	b.WriteString("END\n")
	return b.String()
}

func kindWord(o shiloh1862.OwnBlock) string {
	if o.Type == shiloh1862.HQ {
		return string(o.HQKind)
	}
	return string(o.Type)
}

package orders

// This file reads the orders for arrivals: delays and choices of arrival groups (5.6,
// 5.61) and the Army of the Ohio's landings (9.1).

import (
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// parseDelay: "delay: nelson" holds arrival groups back (5.6).
func (p *parser) parseDelay(toks []token) {
	t := p.dict.arrivalTable(p.side)
	items := splitList(toks)
	if len(items) == 0 {
		p.errorf("e.g. \"delay: Nelson\"", "delay which arrival?")
		return
	}
	var ids []string
	for _, item := range items {
		r := p.resolveName(t, item, "arrival")
		if !r.found {
			continue
		}
		if slices.Contains(ids, r.id) || slices.Contains(p.o.HoldArrivals, r.id) {
			p.warnf("%s is listed twice", t.canonical(r.id))
			continue
		}
		ids = append(ids, r.id)
	}
	if len(ids) > 0 {
		if p.lines.Delay == 0 {
			p.lines.Delay = p.line
		}
		p.o.HoldArrivals = append(p.o.HoldArrivals, ids...)
	}
}

// parseArrival: "arrival L. Wallace: road D".
func (p *parser) parseArrival(toks []token) {
	toks = skipWords(toks, "choice", "of")
	toks = skipColon(toks)
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.kind == tColon || t.kind == tArrow {
			split = i
			break
		}
	}
	if split < 0 {
		// "arrival l wallace road d": the choice is the last word(s)
		for i := range toks {
			t := &toks[i]
			if t.kind == tWord && (t.low == "road" || t.low == "by" || t.low == "via" || t.low == "at") && i > 0 {
				split = i
				break
			}
		}
		if split < 0 && len(toks) > 1 {
			split = len(toks) - 1
		}
		if split < 0 {
			p.errorf("e.g. \"arrival L. Wallace: D\"", "arrival: which group and which choice?")
			return
		}
		p.arrivalChoice(toks[:split], toks[split:], true)
		return
	}
	p.arrivalChoice(toks[:split], toks[split+1:], true)
}

// arrivalChoice records a choice; strict reports problems, otherwise it reports
// whether the tokens are a choice at all.
func (p *parser) arrivalChoice(group, choice []token, strict bool) bool {
	if !strict && (len(choice) == 0 || len(choice) > 2 || choice[len(choice)-1].kind != tWord || len(choice[len(choice)-1].low) > 4) {
		return false
	}
	t := p.dict.arrivalTable(p.side)
	var opt []string
	for _, c := range choice {
		if c.kind == tWord && c.low != "road" && c.low != "by" && c.low != "via" && c.low != "at" && c.low != "take" && c.low != "takes" && c.low != "use" {
			opt = append(opt, c.text)
		}
	}
	optText := strings.Join(opt, " ")
	if !strict {
		if len(opt) != 1 || !p.dict.anyOption(optText) {
			return false
		}
		l := p.resolveToks(t, group)
		if l.how != exact && l.how != prefix {
			return false
		}
		if matchOption(t.names[l.entry].Options, optText) == "" {
			return false
		}
	}
	r := p.resolveName(t, group, "arrival")
	if !r.found {
		return true
	}
	n := t.names[t.byID[r.id]]
	o := matchOption(n.Options, optText)
	if o == "" {
		if len(n.Options) == 0 {
			p.errorf("", "%s offers no choice of arrival", n.Canonical)
		} else {
			p.errorf("choose "+joinOr(n.Options), "%s cannot arrive by '%s'", n.Canonical, optText)
		}
		return true
	}
	for i, c := range p.o.ArrivalChoices {
		if c.Arrival == r.id {
			p.warnf("a second choice for %s replaces the first (line %d)", n.Canonical, p.lines.ArrivalChoices[i])
			p.o.ArrivalChoices[i].Choice = o
			p.lines.ArrivalChoices[i] = p.line
			return true
		}
	}
	p.o.ArrivalChoices = append(p.o.ArrivalChoices, shiloh1862.ArrivalChoice{Arrival: r.id, Choice: o})
	p.lines.ArrivalChoices = append(p.lines.ArrivalChoices, p.line)
	return true
}

// matchOption finds the option typed; "wait" or "pass" takes the last of several
// (Lew Wallace passes on road D to come by road E, 5.61).
func matchOption(options []string, typed string) string {
	k := normalize(typed)
	switch k {
	case "wait", "pas", "later", "pass":
		if len(options) > 1 {
			return options[len(options)-1]
		}
	}
	for _, o := range options {
		if normalize(o) == k {
			return o
		}
	}
	return ""
}

// parseLandings: "landing nelson: pittsburg landing", "land nelson at browns ferry",
// "landings: nelson > pittsburg, mccook > upper" (9.1).
func (p *parser) parseLandings(toks []token) {
	toks = skipColon(toks)
	items := splitListKeepingPairs(toks)
	if len(items) == 0 {
		p.errorf("e.g. \"landing Nelson: Pittsburg Landing\"", "landing: which group where?")
		return
	}
	for _, item := range items {
		split := -1
		for i := range item {
			t := &item[i]
			if t.kind == tColon || t.kind == tArrow || (t.kind == tWord && (t.low == "at" || t.low == "lands")) {
				split = i
				break
			}
		}
		if split <= 0 || split == len(item)-1 {
			p.errorf("e.g. \"landing Nelson: Pittsburg Landing\"", "landing: cannot read '%s'", joinWords(item))
			continue
		}
		p.landing(item[:split], skipWords(item[split+1:], "at"))
	}
}

// splitListKeepingPairs splits "a > x, b > y" into pairs; "a: x" stays one item.
func splitListKeepingPairs(toks []token) [][]token {
	return splitList(toks)
}

func (p *parser) landing(group, area []token) {
	t := p.dict.arrivalTable(p.side)
	r := p.resolveName(t, group, "arrival")
	a := p.resolveName(p.dict.areas, area, "area")
	if !r.found || !a.found {
		return
	}
	for i, l := range p.o.Landings {
		if l.Arrival == r.id {
			p.warnf("a second landing for %s replaces the first (line %d)", t.canonical(r.id), l.Line)
			p.o.Landings[i] = shiloh1862.Landing{Arrival: r.id, Area: shiloh1862.AreaID(a.id), Line: p.line}
			return
		}
	}
	p.o.Landings = append(p.o.Landings, shiloh1862.Landing{Arrival: r.id, Area: shiloh1862.AreaID(a.id), Line: p.line})
}

package shiloh1862

// This file reads the orders for arrivals: delays and choices of arrival groups (5.6,
// 5.61) and the Army of the Ohio's landings (9.1).

import (
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// parseDelay: "delay: nelson" holds arrival groups back (5.6).
func (p *parser) parseDelay(toks []token) {
	t := p.Dict.ArrivalTable(p.Side)
	items := orders.SplitList(toks)
	if len(items) == 0 {
		p.fail("parse.eg.delay", "parse.delay-which")
		return
	}
	var ids []string
	for _, item := range items {
		for _, id := range p.itemIDs(t, item, "arrival") { // several without commas
			if slices.Contains(ids, id) || slices.Contains(p.o.HoldArrivals, id) {
				p.doubt("parse.listed-twice", txt("name", t.Canonical(id)))
				continue
			}
			ids = append(ids, id)
		}
	}
	if len(ids) > 0 {
		if p.lines.Delay == 0 {
			p.lines.Delay = p.Line
		}
		p.o.HoldArrivals = append(p.o.HoldArrivals, ids...)
	}
}

// parseArrival: "arrival L. Wallace: road D".
func (p *parser) parseArrival(toks []token) {
	toks = orders.SkipWords(toks, "choice", "of")
	toks = orders.SkipColon(toks)
	split := -1
	for i := range toks {
		t := &toks[i]
		if t.Kind == tColon || t.Kind == tArrow {
			split = i
			break
		}
	}
	if split < 0 {
		// "arrival l wallace road d": the choice is the last word(s)
		for i := range toks {
			t := &toks[i]
			if t.Kind == tWord && (t.Low == "road" || t.Low == "by" || t.Low == "via" || t.Low == "at") && i > 0 {
				split = i
				break
			}
		}
		if split < 0 && len(toks) > 1 {
			split = len(toks) - 1
		}
		if split < 0 {
			p.fail("parse.eg.arrival", "parse.arrival-what")
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
	if !strict && (len(choice) == 0 || len(choice) > 2 || choice[len(choice)-1].Kind != tWord || len(choice[len(choice)-1].Low) > 4) {
		return false
	}
	t := p.Dict.ArrivalTable(p.Side)
	var opt []string
	for _, c := range choice {
		if c.Kind == tWord && c.Low != "road" && c.Low != "by" && c.Low != "via" && c.Low != "at" && c.Low != "take" && c.Low != "takes" && c.Low != "use" {
			opt = append(opt, c.Text)
		}
	}
	optText := strings.Join(opt, " ")
	if !strict {
		if len(opt) != 1 || !anyOption(p.Dict, optText) {
			return false
		}
		l := p.LookupText(t, group)
		if !l.Found() {
			return false
		}
		if matchOption(t.Name(l).Options, optText) == "" {
			return false
		}
	}
	r := p.resolveName(t, group, "arrival")
	if !r.found {
		return true
	}
	n, _ := t.ByID(r.id)
	o := matchOption(n.Options, optText)
	if o == "" {
		if len(n.Options) == 0 {
			p.fail("", "parse.no-arrival-choice", txt("name", n.Canonical))
		} else {
			p.Fail(adjudicator.Say("parse.hint.choose", adjudicator.TextsArg("options", n.Options)),
				adjudicator.Say("parse.arrival-by", txt("name", n.Canonical), txt("typed", optText)))
		}
		return true
	}
	for i, c := range p.o.ArrivalChoices {
		if c.Arrival == r.id {
			p.doubt("parse.arrival-again", txt("name", n.Canonical), adjudicator.IntArg("line", p.lines.ArrivalChoices[i]))
			p.o.ArrivalChoices[i].Choice = o
			p.lines.ArrivalChoices[i] = p.Line
			return true
		}
	}
	p.o.ArrivalChoices = append(p.o.ArrivalChoices, ArrivalChoice{Arrival: r.id, Choice: o})
	p.lines.ArrivalChoices = append(p.lines.ArrivalChoices, p.Line)
	return true
}

// anyOption reports whether some arrival group offers this choice.
func anyOption(d *orders.Dictionary, typed string) bool {
	for _, s := range adjudicator.Sides {
		for _, n := range d.Arrivals(s) {
			if matchOption(n.Options, typed) != "" {
				return true
			}
		}
	}
	return false
}

// matchOption finds the option typed; "wait" or "pass" takes the last of several
// (Lew Wallace passes on road D to come by road E, 5.61).
func matchOption(options []string, typed string) string {
	k := orders.Normalize(typed)
	switch k {
	case "wait", "pas", "later", "pass":
		if len(options) > 1 {
			return options[len(options)-1]
		}
	}
	for _, o := range options {
		if orders.Normalize(o) == k {
			return o
		}
	}
	return ""
}

// parseLandings: "landing nelson: pittsburg landing", "land nelson at browns ferry",
// "landings: nelson > pittsburg, mccook > upper" (9.1).
func (p *parser) parseLandings(toks []token) {
	toks = orders.SkipColon(toks)
	items := splitListKeepingPairs(toks)
	if len(items) == 0 {
		p.fail("parse.eg.landing", "parse.landing-what")
		return
	}
	for _, item := range items {
		split := -1
		for i := range item {
			t := &item[i]
			if t.Kind == tColon || t.Kind == tArrow || (t.Kind == tWord && (t.Low == "at" || t.Low == "lands")) {
				split = i
				break
			}
		}
		if split <= 0 || split == len(item)-1 {
			p.fail("parse.eg.landing", "parse.landing-unread", txt("typed", orders.JoinWords(item)))
			continue
		}
		p.landing(item[:split], orders.SkipWords(item[split+1:], "at"))
	}
}

// splitListKeepingPairs splits "a > x, b > y" into pairs; "a: x" stays one item.
func splitListKeepingPairs(toks []token) [][]token {
	return orders.SplitList(toks)
}

func (p *parser) landing(group, area []token) {
	t := p.Dict.ArrivalTable(p.Side)
	r := p.resolveName(t, group, "arrival")
	a := p.resolveName(p.Dict.AreaTable(), area, "area")
	if !r.found || !a.found {
		return
	}
	for i, l := range p.o.Landings {
		if l.Arrival == r.id {
			p.doubt("parse.landing-again", txt("name", t.Canonical(r.id)), adjudicator.IntArg("line", l.Line))
			p.o.Landings[i] = Landing{Arrival: r.id, Area: AreaID(a.id), Line: p.Line}
			return
		}
	}
	p.o.Landings = append(p.o.Landings, Landing{Arrival: r.id, Area: AreaID(a.id), Line: p.Line})
}

package shiloh1862

import "github.com/shiloh-pbem/pbem/adjudicator"

// This file is how the grammar says what it cannot read: each problem a code that
// templates/words/shiloh1862.txt words ("parse.*" for why, "parse.eg.*" for an
// example of the order, "parse.hint.*" for other hints). Names are arguments as
// the order language spells them (text), the spellings the receipt echoes and
// reads back, which are not always the report's names ("M.L. Smith", "Road A").

// fail reports an error on the line being read: code says why, hint (a code, ""
// for none) how to put it right.
func (p *parser) fail(hint, code string, args ...adjudicator.Arg) {
	var h adjudicator.Phrase
	if hint != "" {
		h = adjudicator.Say(hint)
	}
	p.Fail(h, adjudicator.Say(code, args...))
}

// doubt reports how the line being read was understood.
func (p *parser) doubt(code string, args ...adjudicator.Arg) {
	p.Doubt(adjudicator.Say(code, args...))
}

// txt is an argument as the player typed it, or as the order language spells it.
func txt(key, s string) adjudicator.Arg { return adjudicator.TextArg(key, s) }

// GrammarCodes are the codes of the problems the grammar reports, with their keys,
// besides those of package orders (orders.Codes): the wording test holds
// shiloh1862.txt to them.
func GrammarCodes() []adjudicator.CodeSpec {
	var specs []adjudicator.CodeSpec
	add := func(keys []string, codes ...string) {
		for _, c := range codes {
			specs = append(specs, adjudicator.CodeSpec{Code: c, Keys: keys})
		}
	}
	add(nil, "parse.missing.block", "parse.missing.area", "parse.missing.arrival",
		"parse.activate-which", "parse.battles-which", "parse.pin-which", "parse.supply-which", "parse.losses-which",
		"parse.regroup-what", "parse.regroup-where", "parse.regroup-area", "parse.at-what", "parse.doctrine-what",
		"parse.withdraw-round", "parse.withdraw-if", "parse.move-what", "parse.move-blocks", "parse.move-list",
		"parse.move-where", "parse.delay-which", "parse.arrival-what", "parse.landing-what",
		"parse.eg.activate", "parse.eg.battles", "parse.eg.pin", "parse.eg.supply", "parse.eg.losses", "parse.eg.regroup",
		"parse.eg.regroup-to", "parse.eg.at", "parse.eg.doctrine", "parse.eg.withdraw-after", "parse.eg.withdraw-if",
		"parse.eg.move-attack", "parse.eg.move", "parse.eg.delay", "parse.eg.arrival", "parse.eg.landing",
		"parse.hint.initiative", "parse.hint.side", "parse.hint.hold", "parse.hint.doctrine", "parse.hint.withdraw-late",
		"parse.hint.move-list", "parse.hint.move-far", "parse.hint.uncommanded", "parse.hint.not-an-order",
		"parse.hint.blocks-first")
	add([]string{"typed"}, "parse.unknown.block", "parse.unknown.area", "parse.unknown.arrival", "parse.initiative-unread",
		"parse.side-unread", "parse.hold-extra", "parse.not-doctrine", "parse.two-intents", "parse.landing-unread")
	add([]string{"name", "enemy", "side"}, "parse.enemy-block")
	add([]string{"name"}, "parse.listed-twice", "parse.activated-twice", "parse.losses-both", "parse.no-arrival-choice")
	add([]string{"name", "list"}, "parse.on-list-already")
	add([]string{"line"}, "parse.battles-again", "parse.initiative-again", "parse.doctrine-again.all", "parse.retreat-again.all")
	add([]string{"name", "line"}, "parse.doctrine-again", "parse.retreat-again", "parse.move-cancelled", "parse.move-replaced",
		"parse.arrival-again", "parse.landing-again")
	add([]string{"said", "side"}, "parse.side-other")
	add([]string{"side"}, "parse.hint.side-address")
	add([]string{"doctrine"}, "parse.two-doctrines")
	add([]string{"round"}, "parse.withdraw-late")
	add([]string{"n"}, "parse.move-far")
	add([]string{"place"}, "parse.move-stays")
	add([]string{"intent"}, "parse.uncommanded")
	add([]string{"line"}, "parse.not-an-order")
	add([]string{"name", "typed"}, "parse.arrival-by")
	add([]string{"options"}, "parse.hint.choose")
	// The receipt's count of the orders (Parsed.Summary).
	add([]string{"parts"}, "orders-count")
	add([]string{"n"}, "orders-count.activated", "orders-count.moves", "orders-count.attacks", "orders-count.reinforcements",
		"orders-count.road", "orders-count.uncommanded", "orders-count.battles", "orders-count.doctrines", "orders-count.supply")
	add([]string{"used", "available"}, "orders-count.supply-plan")
	return specs
}

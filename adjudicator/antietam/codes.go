package antietam

// This file lists every code the rules engine says, in one place, so that the
// wording file (templates/words/antietam.txt, to come) can be held to it: the event
// codes with the Event fields each sets (their JSON names), and the reasons
// (why.*) with their arguments' keys. A test plays the cases and fails on any code
// or key said that is not here.

import (
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// eventCodes are the events, with the fields each sets besides seq, code and rule.
var eventCodes = []adjudicator.CodeSpec{
	{Code: "move", Keys: []string{"side", "unit", "from", "to", "path", "mp"}, Rule: "5.0"},
	{Code: "enter", Keys: []string{"side", "unit", "to", "path", "mp"}, Rule: "15.0, 15.3"},
	{Code: "control", Keys: []string{"side", "unit", "hex"}, Rule: "17.1"},
	{Code: "creek-crossed", Keys: []string{"side", "unit", "from", "to"}, Rule: "18.1"},
	{Code: "limit-lifted", Keys: []string{"side"}, Rule: "18.1"},
	{Code: "arrival-roll", Keys: []string{"side", "group", "die"}, Rule: "20.5"},
	{Code: "arrival-allowed", Keys: []string{"side", "group"}, Rule: "20.5, 15.0"},
	{Code: "night", Keys: []string{"side"}, Rule: "10.1"},
	{Code: "rallied", Keys: []string{"side", "unit", "die"}, Rule: "21.0"},
	{Code: "rally-failed", Keys: []string{"side", "unit", "die"}, Rule: "21.0"},
	{Code: "combat", Keys: []string{"side", "combat", "order", "attackers", "bombard", "defenders", "hexes",
		"attack", "defence", "odds", "column", "die", "crt", "why"}, Rule: "7.0, 7.6"},
	{Code: "joined", Keys: []string{"side", "combat", "units"}, Rule: "7.22"},
	{Code: "unaffected", Keys: []string{"combat", "units"}, Rule: "8.15, 19.0"},
	{Code: "ineffective", Keys: []string{"side", "unit", "combat"}, Rule: "11.1"},
	{Code: "retreat", Keys: []string{"side", "unit", "from", "to", "combat"}, Rule: "7.71"},
	{Code: "displaced", Keys: []string{"side", "unit", "from", "to", "combat", "by"}, Rule: "7.81"},
	{Code: "eliminated", Keys: []string{"side", "unit", "hex", "combat", "why"}, Rule: "7.6"},
	{Code: "advance", Keys: []string{"side", "unit", "from", "to", "combat"}, Rule: "7.75"},
	{Code: "no-advance", Keys: []string{"side", "unit", "combat", "why"}, Rule: "7.75"},
	{Code: "unmet", Keys: []string{"side", "hex", "units"}, Rule: "7.11"},
	{Code: "cut-off", Keys: []string{"side", "units", "hex"}, Rule: "17.1"},
	{Code: "victory", Keys: []string{"side", "points", "level"}, Rule: "17.0, 17.2"},
}

// reasonCodes are the reasons (phrases), with their arguments' keys.
var reasonCodes = []adjudicator.CodeSpec{
	// Movement (5.0, 15.0, 18.0, 19.0)
	{Code: "why.move.unknown-unit", Keys: []string{"unit"}, Rule: "5.0"},
	{Code: "why.move.not-phasing", Keys: []string{"unit"}, Rule: "4.1, 5.11"},
	{Code: "why.move.again", Keys: []string{"unit"}, Rule: "5.17"},
	{Code: "why.move.not-in-play", Keys: []string{"unit"}, Rule: "5.0"},
	{Code: "why.move.no-path", Keys: []string{"unit"}, Rule: "5.0"},
	{Code: "why.move.immobile", Keys: []string{"unit"}, Rule: "19.0"},
	{Code: "why.move.held", Keys: []string{"unit", "turn"}, Rule: "18.2"},
	{Code: "why.move.not-arrived", Keys: []string{"unit"}, Rule: "15.0"},
	{Code: "why.move.entry", Keys: []string{"unit", "hex"}, Rule: "15.0"},
	{Code: "why.move.zoc-locked", Keys: []string{"unit", "hex"}, Rule: "5.13, 6.3"},
	{Code: "why.move.limit", Keys: []string{"unit", "limit"}, Rule: "18.1"},
	{Code: "why.move.off-map", Keys: []string{"unit", "hex"}, Rule: "5.16"},
	{Code: "why.move.not-adjacent", Keys: []string{"unit", "from", "to"}, Rule: "5.16"},
	{Code: "why.move.zoc-stop", Keys: []string{"unit", "hex"}, Rule: "6.0"},
	{Code: "why.move.prohibited", Keys: []string{"unit", "hex"}, Rule: "5.21, 5.24"},
	{Code: "why.move.creek", Keys: []string{"unit", "from", "to"}, Rule: "5.25"},
	{Code: "why.move.ferry-bank", Keys: []string{"unit", "hex"}, Rule: "5.24"},
	{Code: "why.move.enemy", Keys: []string{"unit", "hex"}, Rule: "5.12"},
	{Code: "why.move.points", Keys: []string{"unit", "need", "have"}, Rule: "5.15"},
	{Code: "why.move.night-zoc", Keys: []string{"unit", "hex"}, Rule: "10.2"},
	{Code: "why.move.ineffective-zoc", Keys: []string{"unit", "hex"}, Rule: "11.2"},
	{Code: "why.move.ferry-end", Keys: []string{"unit", "hex"}, Rule: "5.24"},
	{Code: "why.move.stacking", Keys: []string{"unit", "hex", "limit"}, Rule: "5.32"},
	// Combat (7.0-7.9, 8.0, 9.0, 11.2)
	{Code: "why.attack.off-map", Keys: []string{"hex"}, Rule: "7.0"},
	{Code: "why.attack.terrain", Keys: []string{"hex"}, Rule: "9.0"},
	{Code: "why.attack.advanced", Keys: []string{"hex"}, Rule: "7.75"},
	{Code: "why.attack.again", Keys: []string{"hex"}, Rule: "7.14"},
	{Code: "why.attack.no-enemy", Keys: []string{"hex"}, Rule: "7.0"},
	{Code: "why.attack.no-defender", Rule: "7.0"},
	{Code: "why.attack.bad-odds", Keys: []string{"odds"}, Rule: "7.9"},
	{Code: "why.attack.unknown-unit", Keys: []string{"unit"}, Rule: "7.0"},
	{Code: "why.attack.not-phasing", Keys: []string{"unit"}, Rule: "7.0"},
	{Code: "why.attack.not-in-play", Keys: []string{"unit"}, Rule: "7.0"},
	{Code: "why.attack.fought", Keys: []string{"unit"}, Rule: "7.14"},
	{Code: "why.attack.ineffective", Keys: []string{"unit"}, Rule: "11.2"},
	{Code: "why.attack.silenced", Keys: []string{"unit"}, Rule: "7.82"},
	{Code: "why.attack.not-adjacent", Keys: []string{"unit", "hex"}, Rule: "7.15, 7.25"},
	{Code: "why.attack.creek", Keys: []string{"unit", "hex"}, Rule: "9.0"},
	{Code: "why.attack.no-attacker", Rule: "7.0"},
	{Code: "why.attack.bombard-one-hex", Rule: "8.13"},
	{Code: "why.attack.not-artillery", Keys: []string{"unit"}, Rule: "8.0"},
	{Code: "why.attack.twice", Keys: []string{"unit"}, Rule: "7.14"},
	{Code: "why.attack.bombard-zoc", Keys: []string{"unit"}, Rule: "8.41"},
	{Code: "why.attack.bombard-split", Keys: []string{"unit", "other"}, Rule: "8.14"},
	{Code: "why.attack.range", Keys: []string{"unit", "range"}, Rule: "8.11, 8.12"},
	{Code: "why.attack.sight", Keys: []string{"unit", "hex", "blocked"}, Rule: "8.31, 8.32"},
	{Code: "why.attack.must-include", Keys: []string{"hex", "from"}, Rule: "7.23"},
	{Code: "why.attack.default", Rule: "7.11, 7.12"},
	{Code: "why.attack.night", Rule: "10.1"},
	// After combat (7.6, 7.7, 7.8, 15.4, 19.0)
	{Code: "why.advance.not-vacated", Keys: []string{"unit"}, Rule: "7.75"},
	{Code: "why.advance.not-victor", Keys: []string{"unit"}, Rule: "7.75"},
	{Code: "why.advance.not-vacated-hex", Keys: []string{"unit", "hex"}, Rule: "7.75"},
	{Code: "why.advance.immobile", Keys: []string{"unit"}, Rule: "19.0"},
	{Code: "why.elim.crt", Keys: []string{"result"}, Rule: "7.6"},
	{Code: "why.elim.exchange", Keys: []string{"owed"}, Rule: "7.6"},
	{Code: "why.elim.no-retreat", Rule: "7.72"},
	{Code: "why.elim.off-map", Rule: "7.72, 15.4"},
	{Code: "why.elim.displacement", Rule: "7.82"},
	{Code: "why.elim.rifled", Rule: "19.0"},
}

// Codes lists every code the engine says, events first, each with its keys and
// rule, sorted by code within each group.
func Codes() []adjudicator.CodeSpec {
	byCode := func(a, b adjudicator.CodeSpec) int { return strings.Compare(a.Code, b.Code) }
	ev := slices.Clone(eventCodes)
	why := slices.Clone(reasonCodes)
	slices.SortFunc(ev, byCode)
	slices.SortFunc(why, byCode)
	return append(ev, why...)
}

// CombatResults are the CRT results a why.elim.crt phrase may carry as its word
// (7.6), for the wording file.
var CombatResults = []Result{AttackerEliminated, AttackerRetreats, DefenderRetreats, DefenderEliminated, Exchange}

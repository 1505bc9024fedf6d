package shiloh1862

import (
	"slices"
	"strconv"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// A reason is why something went as it did, as data: a phrase (a code with
// typed arguments) for templates/words/shiloh1862.txt to word from the reader's
// view. The engine says nothing in English (docs/ARCHITECTURE.md §3.3).
type reason = Phrase

// because is a reason.
func because(code string, args ...adjudicator.Arg) reason { return adjudicator.Say(code, args...) }

// none reports an empty reason: nothing stood in the way.
func none(r reason) bool { return r.Code == "" }

// unitArg and placeArg name a block or an area; one left blank (a block not
// named, a move off the map) is said by a word of its own.
func unitArg(key string, id BlockID) adjudicator.Arg {
	if id == "" {
		return adjudicator.WordArg(key, "unit.a-block")
	}
	return adjudicator.UnitArg(key, string(id))
}

func placeArg(key string, a AreaID) adjudicator.Arg {
	if a == "" || a == "offboard" {
		return adjudicator.WordArg(key, "place.off-map")
	}
	return adjudicator.PlaceArg(key, string(a))
}

// titleArg names an area: by id when the map has it, else as written ("offboard" in a JSON battle list stays "offboard", where a place
// argument would word it "off the map").
func titleArg(sc *Scenario, key string, a AreaID) adjudicator.Arg {
	if sc.Map.Area(a) == nil {
		return adjudicator.TextArg(key, string(a))
	}
	return placeArg(key, a)
}

// quotedArg is an id as the order wrote it (an unknown one, or another side's),
// quoted (%q) so that the reader sees it was not understood.
func quotedArg(key, s string) adjudicator.Arg { return adjudicator.TextArg(key, strconv.Quote(s)) }

// blockArg names a block: by id when the order of battle has it, else as
// written, quoted.
func (h *hour) blockArg(key string, id BlockID) adjudicator.Arg {
	if h.spec(id) != nil {
		return unitArg(key, id)
	}
	return quotedArg(key, string(id))
}

func unitsArg(key string, ids []BlockID) adjudicator.Arg {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = string(id)
	}
	return adjudicator.Arg{Key: key, Kind: adjudicator.ArgUnits, Strs: s}
}

// whereArg words where a block is off the map (pending, eliminated…).
func whereArg(key string, w Where) adjudicator.Arg {
	return adjudicator.WordArg(key, "where."+w.String())
}

// actionArg words what a move does (move, attack, reinforce).
func actionArg(key string, a action) adjudicator.Arg {
	return adjudicator.WordArg(key, "action."+a.String())
}

// armyArg words an army (Army of the Mississippi…) by its entry.
func armyArg(key string, a Army) adjudicator.Arg { return adjudicator.WordArg(key, "army."+string(a)) }

// notYours: an order names a block that is not the side's, quoted as written.
func notYours(id BlockID) reason {
	return because("why.not-your-block", quotedArg("block", string(id)))
}

// offMap: a block the order needs on the map is elsewhere (pending, eliminated…).
func offMap(spec *BlockSpec, w Where) reason {
	return because("why.off-map", unitArg("unit", spec.ID), whereArg("where", w))
}

// player1NotPinned: Player 1's pin preferences never apply (5.4).
var player1NotPinned = because("why.player1-not-pinned")

// unknownArea: an order names an area the map does not have, quoted as written.
func unknownArea(a AreaID) reason {
	return because("why.unknown-area", quotedArg("area", string(a)))
}

// adjacentArg lists the land areas a block may step to from a.
func adjacentArg(sc *Scenario, key string, a AreaID) adjudicator.Arg {
	var ids []string
	for _, ar := range adjacentLand(sc, a) {
		ids = append(ids, string(ar.ID))
	}
	return adjudicator.Arg{Key: key, Kind: adjudicator.ArgPlaces, Strs: ids}
}

// withoutAdjacent is a reason without the list of adjacent areas, which a
// receipt gives as the suggestion instead (check.go): the not-adjacent phrase,
// alone or as what a partial move's blocks did not do, becomes its brief form.
func withoutAdjacent(p Phrase) Phrase {
	switch p.Code {
	case "why.not-adjacent":
		return Phrase{Code: "why.not-adjacent.brief", Args: p.Args}
	case "why.partial":
		args := slices.Clone(p.Args)
		for i, a := range args {
			if a.Kind == adjudicator.ArgPhrases {
				inner := slices.Clone(a.Phrases)
				for j := range inner {
					inner[j] = withoutAdjacent(inner[j])
				}
				args[i].Phrases = inner
			}
		}
		return Phrase{Code: p.Code, Args: args}
	}
	return p
}

// blocksArg names blocks. A list that holds an id the order
// of battle lacks (a typo in JSON orders) is a list of phrases instead, each
// block as blockArg names it, so that the typo prints as written.
func (h *hour) blocksArg(key string, ids []BlockID) adjudicator.Arg {
	for _, id := range ids {
		if h.spec(id) == nil {
			ps := make([]Phrase, len(ids))
			for i, id := range ids {
				ps[i] = adjudicator.Say("block", h.blockArg("block", id))
			}
			return adjudicator.PhrasesArg(key, ps...)
		}
	}
	return unitsArg(key, ids)
}

// armyTitleArg names an army in full ("Army of the Mississippi") as armyTitle
// does: by its entry, or as written for an army the rules do not know.
func armyTitleArg(key string, a Army) adjudicator.Arg {
	switch a {
	case ArmyCSA, ArmyUSTN, ArmyUSOH:
		return adjudicator.WordArg(key, "army-title."+string(a))
	}
	return adjudicator.TextArg(key, string(a))
}

// doctrineArg says a doctrine as its order reads ("withdraw after round 2"), as
// Doctrine.Words does.
func doctrineArg(key string, d Doctrine) adjudicator.Arg {
	switch d.Kind {
	case WithdrawAfter:
		return adjudicator.PhrasesArg(key, adjudicator.Say("doctrine.withdraw-after", adjudicator.IntArg("round", d.AfterRound)))
	case WithdrawIfWeaker:
		return adjudicator.PhrasesArg(key, adjudicator.Say("doctrine.withdraw-if-weaker"))
	}
	return adjudicator.PhrasesArg(key, adjudicator.Say("doctrine.hold"))
}

package adjudicator

import (
	"slices"
	"strconv"
	"strings"
)

// Phrase is something to be said to a player, as data: a code and typed
// arguments, never English (DESIGN §8, docs/ARCHITECTURE.md §3.3). Package
// templates words it from the system's wording file, naming only the units and
// places the reader's view carries.
type Phrase struct {
	Code string `json:"code"`
	Args []Arg  `json:"args,omitempty"`
}

// ArgKind says how a wording prints an argument.
type ArgKind string

const (
	ArgInt    ArgKind = "int"    // a number: hits, strength, points
	ArgSide   ArgKind = "side"   // USA or CSA
	ArgUnit   ArgKind = "unit"   // one unit id, printed by its name
	ArgUnits  ArgKind = "units"  // unit ids, printed "A, B and C"
	ArgPlace  ArgKind = "place"  // one place id, printed by its name
	ArgPlaces ArgKind = "places" // place ids, printed "A, B and C"
	ArgDice   ArgKind = "dice"   // die faces, printed [6 3 1]
	ArgWord   ArgKind = "word"   // a code the wording file words: "withdraw-if-weaker"
	ArgText   ArgKind = "text"   // text as given: what a player wrote; several are a list
	// ArgPhrases are phrases within a phrase, each worded by its own entry: the
	// reasons a reason is made of ("A went; B did not: <why>").
	ArgPhrases ArgKind = "phrases"
)

// Arg is one named argument of a phrase. Which field holds the value follows
// Kind: Int for ints and sides (Side as a number), Strs for ids, words and text,
// Ints for dice, Phrases for phrases.
type Arg struct {
	Key     string   `json:"key"`
	Kind    ArgKind  `json:"kind"`
	Int     int      `json:"int,omitempty"`
	Strs    []string `json:"strs,omitempty"`
	Ints    []int    `json:"ints,omitempty"`
	Phrases []Phrase `json:"phrases,omitempty"`
}

// Say builds a phrase.
func Say(code string, args ...Arg) Phrase { return Phrase{Code: code, Args: args} }

// String spells a phrase out for logs and failing tests, not for players: its
// code and its arguments as given ("why.pinned{unit=cs_hardee place=rea_field}").
// Players read phrases worded by package templates.
func (p Phrase) String() string {
	if len(p.Args) == 0 {
		return p.Code
	}
	var b strings.Builder
	b.WriteString(p.Code + "{")
	for i, a := range p.Args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Key + "=")
		switch a.Kind {
		case ArgInt:
			b.WriteString(strconv.Itoa(a.Int))
		case ArgSide:
			b.WriteString(Side(a.Int).String())
		case ArgDice:
			for j, v := range a.Ints {
				if j > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.Itoa(v))
			}
		case ArgPhrases:
			for j, q := range a.Phrases {
				if j > 0 {
					b.WriteString("; ")
				}
				b.WriteString(q.String())
			}
		default:
			b.WriteString(strings.Join(a.Strs, ","))
		}
	}
	b.WriteByte('}')
	return b.String()
}

// Equal reports whether two phrases say the same: the same code and the same
// arguments in the same order.
func (p Phrase) Equal(q Phrase) bool {
	return p.Code == q.Code && slices.EqualFunc(p.Args, q.Args, func(a, b Arg) bool {
		return a.Key == b.Key && a.Kind == b.Kind && a.Int == b.Int && slices.Equal(a.Strs, b.Strs) && slices.Equal(a.Ints, b.Ints) &&
			slices.EqualFunc(a.Phrases, b.Phrases, Phrase.Equal)
	})
}

// Get returns the argument with that key.
func (p Phrase) Get(key string) (Arg, bool) {
	for _, a := range p.Args {
		if a.Key == key {
			return a, true
		}
	}
	return Arg{}, false
}

func IntArg(key string, v int) Arg   { return Arg{Key: key, Kind: ArgInt, Int: v} }
func SideArg(key string, s Side) Arg { return Arg{Key: key, Kind: ArgSide, Int: int(s)} }
func UnitArg(key, id string) Arg     { return Arg{Key: key, Kind: ArgUnit, Strs: []string{id}} }
func UnitsArg(key string, ids []string) Arg {
	return Arg{Key: key, Kind: ArgUnits, Strs: slices.Clone(ids)}
}
func PlaceArg(key, id string) Arg { return Arg{Key: key, Kind: ArgPlace, Strs: []string{id}} }
func PlacesArg(key string, ids []string) Arg {
	return Arg{Key: key, Kind: ArgPlaces, Strs: slices.Clone(ids)}
}
func DiceArg(key string, faces []int) Arg {
	return Arg{Key: key, Kind: ArgDice, Ints: slices.Clone(faces)}
}
func WordArg(key, code string) Arg { return Arg{Key: key, Kind: ArgWord, Strs: []string{code}} }
func TextArg(key, s string) Arg    { return Arg{Key: key, Kind: ArgText, Strs: []string{s}} }

// TextsArg is a list of texts: names as the order language spells them, printed
// as a list ("A, B or C" by {key/, / or }).
func TextsArg(key string, s []string) Arg {
	return Arg{Key: key, Kind: ArgText, Strs: slices.Clone(s)}
}
func PhrasesArg(key string, ps ...Phrase) Arg {
	return Arg{Key: key, Kind: ArgPhrases, Phrases: ps}
}

// CodeSpec declares a code a system says, with its argument keys and the rule it
// comes from, so that a test can hold the wording file to it.
type CodeSpec struct {
	Code string
	Keys []string
	Rule string
}

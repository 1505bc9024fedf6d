package adjudicator

import (
	"strconv"
	"strings"
)

// This file holds what the operator's tools (pbem scenario check, new-state,
// resolve, orders check, render base, verify) ask of a system beyond play: the
// validator, and turns named as the operator types them. A club's own copy of the
// data files is read through an interface cmd/pbem declares (clubFiles), since the
// contract reads no files.

// Validated is implemented by scenarios whose data a validator checks beyond what
// loading refuses (a border to nowhere, a block set up on a river).
type Validated interface {
	// Validate lists every problem found, one line each; none when the data is
	// sound.
	Validate() []string
}

// TurnAt is the scenario's turn unit with that index: stored hours are keyed by
// it. An index the scenario does not have (a record from a longer scenario
// version) still gets a plain key, so that nothing stored becomes unreadable.
func TurnAt(sc Scenario, index int) Turn {
	for _, t := range sc.Turns() {
		if t.Index == index {
			return t
		}
	}
	return Turn{Index: index, Key: "turn " + strconv.Itoa(index)}
}

// FindTurn reads a turn as an operator types it: its key in any case and spacing
// ("day 1 8am" for "Day 1 8AM"), or its index.
func FindTurn(sc Scenario, s string) (Turn, bool) {
	want := squeeze(s)
	for _, t := range sc.Turns() {
		if squeeze(t.Key) == want || strconv.Itoa(t.Index) == want {
			return t, true
		}
	}
	return Turn{}, false
}

func squeeze(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

package adjudicator

import (
	"fmt"
	"strings"
)

// Side is one of the two players. NoSide stands for "neither": a vacant area's
// controller, or the GM as a viewer.
type Side uint8

const (
	NoSide Side = iota
	USA
	CSA
)

// Sides lists both players in a fixed order, for loops that must not depend on map
// iteration.
var Sides = [2]Side{USA, CSA}

func (s Side) String() string {
	switch s {
	case USA:
		return "USA"
	case CSA:
		return "CSA"
	}
	return "none"
}

// Enemy returns the other side.
func (s Side) Enemy() Side {
	switch s {
	case USA:
		return CSA
	case CSA:
		return USA
	}
	return NoSide
}

// Index is 0 for USA and 1 for CSA, for fixed two-element arrays.
func (s Side) Index() int {
	if s == CSA {
		return 1
	}
	return 0
}

// ParseSide reads "usa", "union", "csa", "confederate" in any case.
func ParseSide(s string) (Side, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "usa", "us", "union", "north", "blue":
		return USA, true
	case "csa", "cs", "confederate", "confederacy", "rebel", "south", "gray", "grey":
		return CSA, true
	}
	return NoSide, false
}

func (s Side) MarshalText() ([]byte, error) {
	if s == NoSide {
		return []byte(""), nil
	}
	return []byte(s.String()), nil
}

func (s *Side) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*s = NoSide
		return nil
	}
	v, ok := ParseSide(string(b))
	if !ok {
		return fmt.Errorf("adjudicator: unknown side %q", b)
	}
	*s = v
	return nil
}

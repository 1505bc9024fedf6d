package templates

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// namer turns ids into the names players know.
type namer struct{ sc *adjudicator.Scenario }

func (n namer) area(id adjudicator.AreaID) string {
	if id == "" {
		return "off the map"
	}
	if id == "offboard" {
		return "off the map"
	}
	if a := n.sc.Map.Area(id); a != nil {
		return a.Name
	}
	return string(id)
}

func (n namer) block(id adjudicator.BlockID) string {
	if id == "" {
		return "a block"
	}
	if b := n.sc.OB.Block(id); b != nil {
		return b.Name
	}
	return string(id)
}

// blockLong is "Cleburne (C3)" style, with the block's side when told.
func (n namer) blockKind(id adjudicator.BlockID) string {
	b := n.sc.OB.Block(id)
	if b == nil {
		return string(id)
	}
	switch b.Type {
	case adjudicator.HQ:
		return string(b.HQKind)
	case adjudicator.Infantry:
		return "infantry"
	case adjudicator.Cavalry:
		return "cavalry"
	case adjudicator.Artillery:
		return "artillery"
	case adjudicator.Gunboat:
		return "gunboat"
	}
	return string(b.Type)
}

func (n namer) areas(ids []adjudicator.AreaID) string {
	var s []string
	for _, id := range ids {
		s = append(s, n.area(id))
	}
	return strings.Join(s, ", ")
}

func dice(d []int) string {
	var s []string
	for _, v := range d {
		s = append(s, strconv.Itoa(v))
	}
	return "[" + strings.Join(s, " ") + "]"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// whose says "your" or "the enemy's" or names the side for the GM.
func whose(viewer, s adjudicator.Side) string {
	switch {
	case viewer == adjudicator.NoSide:
		return s.String()
	case s == viewer:
		return "Your"
	}
	return "Enemy"
}

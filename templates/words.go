package templates

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// namer turns ids into the names players know.
type namer struct{ sc *shiloh1862.Scenario }

func (n namer) area(id shiloh1862.AreaID) string {
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

func (n namer) block(id shiloh1862.BlockID) string {
	if id == "" {
		return "a block"
	}
	if b := n.sc.OB.Block(id); b != nil {
		return b.Name
	}
	return string(id)
}

// blockKind is what a block is ("infantry", "DHQ"), as the report names it.
func (n namer) blockKind(id shiloh1862.BlockID) string {
	b := n.sc.OB.Block(id)
	if b == nil {
		return string(id)
	}
	switch b.Type {
	case shiloh1862.HQ:
		return string(b.HQKind)
	case shiloh1862.Infantry:
		return "infantry"
	case shiloh1862.Cavalry:
		return "cavalry"
	case shiloh1862.Artillery:
		return "artillery"
	case shiloh1862.Gunboat:
		return "gunboat"
	}
	return string(b.Type)
}

// dice is how reports show dice: [6 3 1].
func dice(d []int) string { return "[" + diceList(d) + "]" }

// diceList is the dice as the engine's texts write them: 6 3 1.
func diceList(d []int) string {
	s := make([]string, len(d))
	for i, v := range d {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

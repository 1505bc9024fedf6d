package templates

import (
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/templates/words"
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

// shilohWords is the wording of Shiloh 1862's reports (templates/words).
var shilohWords = func() *words.Wording {
	w, err := words.Load("shared", shiloh1862.SystemID)
	if err != nil {
		panic(err) // an embedded file that does not parse: TestWordingFiles says where
	}
	return w
}()

// UnitName and PlaceName let the words package name what the report names: every
// id the viewer's report view carries (the view has already left out what the
// viewer may not know).
func (n namer) UnitName(id string) (string, bool)  { return n.block(shiloh1862.BlockID(id)), true }
func (n namer) PlaceName(id string) (string, bool) { return n.area(shiloh1862.AreaID(id)), true }

// blocks names blocks as a report lists them: "A, B, C".
func (n namer) blocks(ids []shiloh1862.BlockID) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = n.block(id)
	}
	return strings.Join(names, ", ")
}

// WhyText words a reason given as a phrase (a result's or check's Why), naming
// blocks and places as the reports do. pbem's tools and the engine's equivalence
// test (shiloh1862 why_test.go) use it; reports word results in resultLine.
func WhyText(sc *shiloh1862.Scenario, why adjudicator.Phrase) string {
	return shilohWords.Say(why, namer{sc})
}

package words

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// viewNamer names what one side's view carries: its own units and every place,
// and no enemy unit it has not identified.
type viewNamer map[string]string

func (v viewNamer) UnitName(id string) (string, bool) { s, ok := v[id]; return s, ok }
func (v viewNamer) PlaceName(id string) (string, bool) {
	s, ok := v[id]
	return s, ok
}

var usaView = viewNamer{"us_sherman": "Sherman", "us_hare": "Hare", "us_peabody": "Peabody",
	"rea_field": "Rea Field", "shiloh_church": "Shiloh Church", "0815": "Sharpsburg"}

const toy = `# a toy system's wording
fire = {unit} fires at {place} with {dice}: {hits|# hit|# hits}
retreat = {units} {units|retreats|retreat} to {to}
met = {unit?an enemy block} met {by}
doctrine = at {place}: {doctrine}
withdraw-if-weaker = withdraw if weaker
quote = you wrote "{what}" {{sic}}
side = {side} moves
piece =  [rule {n}]
listed = {units/, } went; {why/; }
why.pinned = {unit} is pinned
why.far = {place} is too far
mean = did you mean {names/, / or }?
`

func TestSay(t *testing.T) {
	w, err := Parse("toy.txt", []byte(toy))
	if err != nil {
		t.Fatal(err)
	}
	shared, err := Load("shared")
	if err != nil {
		t.Fatal(err)
	}
	for code, e := range shared.entries {
		w.entries[code] = e
	}
	for _, c := range []struct {
		p    adjudicator.Phrase
		want string
	}{
		{adjudicator.Say("fire", adjudicator.UnitArg("unit", "us_sherman"), adjudicator.PlaceArg("place", "rea_field"),
			adjudicator.DiceArg("dice", []int{6, 3, 1}), adjudicator.IntArg("hits", 1)),
			"Sherman fires at Rea Field with [6 3 1]: 1 hit"},
		{adjudicator.Say("fire", adjudicator.UnitArg("unit", "us_sherman"), adjudicator.PlaceArg("place", "0815"),
			adjudicator.DiceArg("dice", nil), adjudicator.IntArg("hits", 0)),
			"Sherman fires at Sharpsburg with []: 0 hits"},
		{adjudicator.Say("retreat", adjudicator.UnitsArg("units", []string{"us_hare", "us_peabody", "us_sherman"}), adjudicator.PlaceArg("to", "shiloh_church")),
			"Hare, Peabody and Sherman retreat to Shiloh Church"},
		{adjudicator.Say("retreat", adjudicator.UnitsArg("units", []string{"us_hare"}), adjudicator.PlaceArg("to", "shiloh_church")),
			"Hare retreats to Shiloh Church"},
		// Fog: an enemy block the view does not name is never named, by id or
		// otherwise; the entry's fallback or the shared words stand in.
		{adjudicator.Say("met", adjudicator.UnitArg("unit", "cs_cleburne"), adjudicator.UnitArg("by", "cs_hardee")),
			"an enemy block met an unseen unit"},
		{adjudicator.Say("doctrine", adjudicator.PlaceArg("place", "rea_field"), adjudicator.WordArg("doctrine", "withdraw-if-weaker")),
			"at Rea Field: withdraw if weaker"},
		{adjudicator.Say("quote", adjudicator.TextArg("what", "atack")), `you wrote "atack" {sic}`},
		{adjudicator.Say("side", adjudicator.SideArg("side", adjudicator.CSA)), "CSA moves"},
		{adjudicator.Say("nothing"), "(nothing)"},
		// The text starts after "= ": a second space is the text's own.
		{adjudicator.Say("piece", adjudicator.IntArg("n", 6)), " [rule 6]"},
		// A list joined by the placeholder's separator; phrases within a phrase,
		// each by its own entry, named from the same view.
		{adjudicator.Say("listed", adjudicator.UnitsArg("units", []string{"us_hare", "us_peabody", "us_sherman"}),
			adjudicator.PhrasesArg("why", adjudicator.Say("why.pinned", adjudicator.UnitArg("unit", "cs_cleburne")),
				adjudicator.Say("why.far", adjudicator.PlaceArg("place", "rea_field")))),
			"Hare, Peabody, Sherman went; an unseen unit is pinned; Rea Field is too far"},
		// Texts as a list, the last joined by its own separator.
		{adjudicator.Say("mean", adjudicator.TextsArg("names", []string{"Owl Creek", "Owl Creek Bottoms", "Owl Creek Woods"})),
			"did you mean Owl Creek, Owl Creek Bottoms or Owl Creek Woods?"},
		{adjudicator.Say("mean", adjudicator.TextsArg("names", []string{"Owl Creek", "Owl Creek Woods"})), "did you mean Owl Creek or Owl Creek Woods?"},
		{adjudicator.Say("mean", adjudicator.TextsArg("names", []string{"Grant"})), "did you mean Grant?"},
	} {
		if got := w.Say(c.p, usaView); got != c.want {
			t.Errorf("%s: %q, want %q", c.p.Code, got, c.want)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for name, src := range map[string]string{
		"no equals":     "fire fires\n",
		"twice":         "a = x\na = y\n",
		"open brace":    "a = {unit\n",
		"lone close":    "a = unit}\n",
		"bad plural":    "a = {n|one}\n",
		"space in key":  "a = {the unit}\n",
		"space in code": "a b = x\n",
		"empty key":     "a = {}\n",
	} {
		if _, err := Parse("bad.txt", []byte(src)); err == nil || !strings.Contains(err.Error(), "bad.txt:") {
			t.Errorf("%s: %v, want an error naming the file and line", name, err)
		}
	}
}

func TestProblems(t *testing.T) {
	w, err := Parse("toy.txt", []byte(toy))
	if err != nil {
		t.Fatal(err)
	}
	specs := []adjudicator.CodeSpec{
		{Code: "fire", Keys: []string{"unit", "place", "dice", "hits"}, Rule: "6.3"},
		{Code: "retreat", Keys: []string{"units"}, Rule: "6.5"}, // "to" undeclared
		{Code: "rally", Rule: "6.8"},                            // never worded
		{Code: "met", Keys: []string{"unit", "by"}},
		{Code: "doctrine", Keys: []string{"place", "doctrine"}},
	}
	got := strings.Join(w.Problems(specs, "withdraw-if-weaker"), "\n")
	for _, want := range []string{
		"rally (rule 6.8) has no wording",
		"toy.txt:3: retreat names {to}, which the code does not carry",
		"toy.txt:7: quote is worded but never said",
		"toy.txt:8: side is worded but never said",
		"toy.txt:9: piece is worded but never said",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "fire") || strings.Contains(got, "withdraw") {
		t.Errorf("sound entries flagged:\n%s", got)
	}
}

func TestLoad(t *testing.T) {
	if _, err := Load("shared", "nosuchsystem"); err == nil {
		t.Error("a missing wording file loaded")
	}
	w, err := Load("shared")
	if err != nil {
		t.Fatal(err)
	}
	if got := w.List([]string{"A", "B", "C"}, usaView); got != "A, B and C" {
		t.Errorf("list: %q", got)
	}
}

// A system outside the embedded set registers its wording file: For then words
// its phrases with shared.txt and the file, as for a built-in system. A second
// registration, a system with an embedded file, a file with problems and a file
// that words a shared code again are refused, and leave nothing behind.
func TestRegister(t *testing.T) {
	if err := Register("registered-test", []byte(toy)); err != nil {
		t.Fatal(err)
	}
	w, err := For("registered-test")
	if err != nil {
		t.Fatal(err)
	}
	p := adjudicator.Say("retreat", adjudicator.UnitsArg("units", []string{"us_hare", "us_sherman"}), adjudicator.PlaceArg("to", "rea_field"))
	if got := w.Say(p, usaView); got != "Hare and Sherman retreat to Rea Field" {
		t.Errorf("registered wording says %q", got)
	}
	if got := w.Say(adjudicator.Say("met", adjudicator.UnitArg("by", "cs_hardee")), usaView); got != "an enemy block met an unseen unit" {
		t.Errorf("registered wording lacks the shared entries: %q", got)
	}
	for _, c := range []struct {
		name, system, src, want string
	}{
		{"twice", "registered-test", toy, "has its wording already"},
		{"embedded", "shiloh1862", toy, "embedded wording file"},
		{"bad file", "registered-bad", "fire = {unit\n", "registered-bad.txt:1: fire"},
		{"shared code", "registered-shared", "list.and = und\n", "list.and is worded already at shared.txt"},
		{"no id", "", toy, "not a system id"},
	} {
		err := Register(c.system, []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	for _, sys := range []string{"registered-bad", "registered-shared"} {
		if _, err := For(sys); err == nil {
			t.Errorf("%s: a refused wording was kept", sys)
		}
	}
}

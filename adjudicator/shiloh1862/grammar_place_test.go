package shiloh1862

import (
	"bytes"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// emptyBoard is the full battle's empty state, through the contract.
func emptyBoard(t testing.TB) (contractScenario, adjudicator.State) {
	t.Helper()
	cs, err := Rules.Scenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	c := cs.(contractScenario)
	st, err := c.EmptyState(adjudicator.Options{Visibility: adjudicator.Visibility(VisBlocks)})
	if err != nil {
		t.Fatal(err)
	}
	return c, st
}

// An empty board has no block on it and none to come, reads back as a state,
// and stays empty when an hour is played on it.
func TestEmptyState(t *testing.T) {
	c, st := emptyBoard(t)
	for _, b := range st.(*State).Blocks {
		if b.Where != Absent {
			t.Fatalf("%s is %s", b.ID, b.Where)
		}
	}
	back, err := c.DecodeState(mustEncode(t, c, st))
	if err != nil {
		t.Fatal(err)
	}
	after, _, err := c.Resolve(back, [2]adjudicator.Orders{}, adjudicator.NewStreamDice([]byte("empty")))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range after.(*State).Blocks {
		if b.Where != Absent {
			t.Errorf("after an hour, %s is %s: an arrival came to an empty board", b.ID, b.Where)
		}
	}
}

func TestPlace(t *testing.T) {
	c, empty := emptyBoard(t)
	st, err := c.Place(empty, "# a skirmish\nhour: Day 1 10AM\nusa: Sherman 1 @ Shiloh Church\nUSA: hildebrand @ shiloh ch  # by prefix\n"+
		"csa: Cleburne @ Rea Field\n\n")
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.Hour.String() != "Day 1 10AM" {
		t.Errorf("hour %s", s.Hour)
	}
	on := map[BlockID]BlockState{}
	for _, b := range s.Blocks {
		if b.Where == OnMap {
			on[b.ID] = b
		}
	}
	full := -1 // no strength given: full strength
	want := map[BlockID]struct {
		area     AreaID
		strength int
	}{"us_sherman": {"shiloh_church", 1}, "us_hildebrand": {"shiloh_church", full}, "cs_cleburne": {"rea_field", full}}
	if len(on) != len(want) {
		t.Errorf("%d blocks on the map, want %d: %v", len(on), len(want), on)
	}
	for id, w := range want {
		b := on[id]
		if w.strength == full {
			w.strength = b.Max
		}
		if b.Area != w.area || b.Strength != w.strength {
			t.Errorf("%s: %s at %d, want %s at %d", id, b.Area, b.Strength, w.area, w.strength)
		}
	}
	for _, b := range empty.(*State).Blocks {
		if b.Where != Absent {
			t.Fatal("Place changed the state it was given")
		}
	}
	if _, err := c.DecodeState(mustEncode(t, c, st)); err != nil {
		t.Errorf("the placed state does not read back: %v", err)
	}
}

func TestPlaceRefuses(t *testing.T) {
	c, empty := emptyBoard(t)
	for text, want := range map[string]string{
		"usa: Shermn @ Shiloh Church":                             `line 1: no USA block is called "Shermn"; did you mean Sherman?`,
		"csa: Sherman @ Shiloh Church":                            "line 1: Sherman is a USA block, not CSA",
		"usa: Sherman @ Shiloh Church\nusa: Sherman @ Rea Field":  "line 2: Sherman is already placed on line 1",
		"usa: Sherman 9 @ Shiloh Church":                          "line 1: Sherman's strength is 1 to ",
		"usa: Sherman 0 @ Shiloh Church":                          "line 1: Sherman's strength is 1 to ",
		"usa: Sherman Shiloh Church":                              `line 1: want "usa: Block [strength] @ Area"`,
		"usa: Sherman @ Nowhere Field":                            `line 1: no area is called "Nowhere Field"`,
		"usa: Sherman @ Tennessee River":                          "line 1: no block can stand in Tennessee River",
		"hour: Day 3 7AM":                                         `line 1: "Day 3 7AM" is not an hour of shiloh1862`,
		"hour: Day 1 8AM\nhour: Day 1 9AM":                        "line 2: the hour is already given on line 1",
		"usa Sherman @ Shiloh Church":                             `line 1: want "usa: Block [strength] @ Area" or "hour: Day 1 9AM"`,
		"blue: Sherman @ Shiloh Church\nprussia: Moltke @ Berlin": `line 2: "prussia" is neither a side`,
		"usa: @ Shiloh Church":                                    "line 1: no USA block named",
	} {
		_, err := c.Place(empty, text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	// Stacking: a woods area holds four blocks of a side (3.31).
	var b strings.Builder
	for _, name := range []string{"Sherman", "Hildebrand", "Buckland", "McDowell", "Taylor (art)"} {
		b.WriteString("usa: " + name + " @ Snake Creek Woods\n")
	}
	if _, err := c.Place(empty, b.String()); err == nil || !strings.Contains(err.Error(), "holds more than") {
		t.Errorf("overstacked: %v", err)
	}
	// Only an empty board is set up.
	full, _ := c.NewState(adjudicator.Options{Visibility: adjudicator.Visibility(VisBlocks)})
	if _, err := c.Place(full, "usa: Sherman @ Rea Field"); err == nil || !strings.Contains(err.Error(), "new-state --empty") {
		t.Errorf("placed on the scenario's start: %v", err)
	}
}

func mustEncode(t testing.TB, c contractScenario, st adjudicator.State) []byte {
	t.Helper()
	b, err := c.EncodeState(st)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Whatever the text, Place never panics; what it accepts is a state that reads
// back as itself, with exactly one block on the map per block line.
func FuzzPlace(f *testing.F) {
	for _, s := range []string{
		"hour: Day 1 10AM\nusa: Sherman 1 @ Shiloh Church\ncsa: Cleburne @ Rea Field\n",
		"usa: W. Wallace 2 @ Pittsburg Landing # HQ\n",
		"csa: cleb 3 @ rea\n",
		"usa: Sherman @ Shiloh Church\nusa: Sherman @ Rea Field",
		"hour: night\n", "usa: @", ":", "@@", "usa: 3 @ 4", "csa: Hardee -1 @ Seay Field",
		"usa: Sherman 99999999999999999999 @ Shiloh Church",
	} {
		f.Add(s)
	}
	c, empty := emptyBoard(f)
	f.Fuzz(func(t *testing.T, text string) {
		st, err := c.Place(empty, text)
		if err != nil {
			return
		}
		lines := 0
		for _, l := range strings.Split(text, "\n") {
			l, _, _ = strings.Cut(l, "#")
			if k, _, ok := strings.Cut(l, ":"); ok && strings.ToLower(strings.TrimSpace(k)) != "hour" {
				lines++
			}
		}
		on := 0
		for _, b := range st.(*State).Blocks {
			if b.Where == OnMap {
				on++
			}
		}
		if on != lines {
			t.Errorf("%d blocks on the map from %d block lines:\n%s", on, lines, text)
		}
		b := mustEncode(t, c, st)
		back, err := c.DecodeState(b)
		if err != nil {
			t.Fatalf("accepted %q but its state does not read back: %v", text, err)
		}
		if !bytes.Equal(mustEncode(t, c, back), b) {
			t.Errorf("%q: the state does not read back as itself", text)
		}
	})
}

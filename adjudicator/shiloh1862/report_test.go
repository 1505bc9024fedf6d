package shiloh1862

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// TestEventJSON: an event's JSON keeps its documented field order (the verifiable
// record hashes report bytes), leaves out what is not set, and reads back to the
// same event.
func TestEventJSON(t *testing.T) {
	e := Event{
		Seq: 7, Kind: EvFire, Side: CSA, Block: "cleburne", Blocks: []BlockID{"a", "b"}, Area: "shiloh-church",
		From: "fraley", To: "seay", Via: []AreaID{"road-a"}, Intent: IntentAttack, CommandedBy: "hardee",
		Round: 2, Firepower: Firepower{Letter: 'B', Value: 2}, Dice: []int{6, 1}, Hits: 1, Strength: 3,
		Attacker: USA, Revealed: []Revealed{{Block: "x", Side: USA, Strength: 2, Firepower: Firepower{Letter: 'A', Value: 1}}},
		Winner: CSA, Points: [2]int{4, 9}, Rule: "6.6", Why: Phrase{Code: "ev.test", Args: []adjudicator.Arg{adjudicator.IntArg("n", 1)}},
	}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	order := []string{`"seq"`, `"kind"`, `"side"`, `"block"`, `"blocks"`, `"area"`, `"from"`, `"to"`, `"via"`,
		`"intent"`, `"commanded_by"`, `"round"`, `"firepower"`, `"dice"`, `"hits"`, `"strength"`, `"attacker"`,
		`"revealed"`, `"winner"`, `"points"`, `"rule"`, `"why"`}
	at := -1
	for _, k := range order {
		i := strings.Index(string(b), k+":")
		if i <= at {
			t.Fatalf("field %s out of order (or missing) in %s", k, b)
		}
		at = i
	}
	if !strings.HasPrefix(string(b), `{"seq":7,"kind":"fire",`) || !strings.Contains(string(b), `"round":2,`) || !strings.Contains(string(b), `"points":[4,9],`) {
		t.Errorf("unexpected encoding: %s", b)
	}
	var back Event
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, e) {
		t.Errorf("read back:\n%+v\nwant\n%+v", back, e)
	}
	// A move event carries only its own fields.
	b, _ = json.Marshal(Event{Seq: 1, Kind: EvMove, Side: USA, Block: "b1", From: "a", To: "b", Rule: "5.3"})
	if want := `{"seq":1,"kind":"move","side":"USA","block":"b1","from":"a","to":"b","firepower":"","points":[0,0],"rule":"5.3"}`; string(b) != want {
		t.Errorf("move event: %s\nwant %s", b, want)
	}
	// Every kind reads back from its name; an unknown name is refused.
	for k := EvInitiative; k <= EvControlChanged; k++ {
		b, err := json.Marshal(k)
		if err != nil || k.String() == "" || string(b) != `"`+k.String()+`"` {
			t.Errorf("kind %d: %s %v", k, b, err)
		}
		var back EventKind
		if err := json.Unmarshal(b, &back); err != nil || back != k {
			t.Errorf("kind %s read back as %v (%v)", b, back, err)
		}
	}
	var k EventKind
	if err := json.Unmarshal([]byte(`"no-such-kind"`), &k); err == nil {
		t.Error("an unknown event kind was read")
	}
}

package builtin

import (
	"slices"
	"testing"
)

// Every built-in system registers, and the legacy one is among them with the
// scenarios stored games name.
func TestSystems(t *testing.T) {
	r := Systems()
	if got := r.IDs(); !slices.Equal(got, []string{"antietam", "shiloh1862"}) {
		t.Errorf("systems %v", got)
	}
	if got := r.ScenarioIDs(); !slices.Equal(got, []string{"antietam", "shiloh1862", "shiloh1862-day2"}) {
		t.Errorf("scenarios %v", got)
	}
	legacy, err := r.System("")
	if err != nil || legacy.ID() != "shiloh1862" {
		t.Fatalf("legacy system %v, %v", legacy, err)
	}
	for _, id := range []string{"shiloh1862", "shiloh1862-day2"} {
		if _, err := r.Scenario("", id); err != nil {
			t.Errorf("a stored game of scenario %s would not open: %v", id, err)
		}
	}
}

// Every built-in system's scenarios open, and the bots play Shiloh 1862 only so
// far.
func TestBots(t *testing.T) {
	r := Systems()
	for _, id := range r.ScenarioIDs() {
		sc, err := r.FindScenario(id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		_, err = Bot(sc)
		if (err == nil) != (sc.System() == "shiloh1862") {
			t.Errorf("%s: bot error %v", id, err)
		}
	}
}

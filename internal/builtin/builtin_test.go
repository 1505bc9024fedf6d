package builtin

import (
	"slices"
	"testing"
)

// Every built-in system registers, and the legacy one is among them with the
// scenarios stored games name.
func TestSystems(t *testing.T) {
	r := Systems()
	if got := r.IDs(); !slices.Equal(got, []string{"shiloh1862"}) {
		t.Errorf("systems %v", got)
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

package builtin

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
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

// Every built-in system's scenarios open, and a bot plays each: it writes orders
// for the side that moves first from that side's view, and the receipt's checks
// of them, taken carefully, leave no error.
func TestBots(t *testing.T) {
	r := Systems()
	for _, id := range r.ScenarioIDs() {
		sc, err := r.FindScenario(id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		b, err := Bot(sc)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		st, err := sc.NewState(adjudicator.Options{Visibility: sc.Modes()[0]})
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		side := st.Turn().Senders[0]
		o, err := b.Orders(sc.View(st, side), rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if o, err = b.Careful(o, sc.Check(st, o)); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		for _, c := range sc.Check(st, o) {
			if c.Status == adjudicator.CheckError {
				t.Errorf("%s: the careful bot's orders still have an error: %+v", id, c)
			}
		}
	}
	if _, err := Bot(fakeScenario{}); err == nil {
		t.Error("a bot for a system that has none")
	}
}

// fakeScenario is a scenario of a system no bot plays.
type fakeScenario struct{ adjudicator.Scenario }

func (fakeScenario) System() string { return "grants-trial" }

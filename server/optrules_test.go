package server

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/store"
)

// Every optional rule survives the trip NEWGAME name → stored game → engine options.
func TestOptionalRulesRoundTrip(t *testing.T) {
	var all shiloh1862.Options
	for _, x := range optionalRuleNames {
		if !setOptionalRule(&all, x.name) {
			t.Fatalf("%s not set", x.name)
		}
	}
	if !all.PlannedInitiative || !all.Pond || !all.FrontlineLimits || !all.Flanking {
		t.Fatalf("not every rule switched on: %+v", all)
	}
	g := &store.Game{Options: store.GameOptions{Visibility: "open", OptionalRules: optionalRules(all)}}
	all.Visibility = shiloh1862.VisOpen
	if got := gameOptions(g); got != all {
		t.Fatalf("round trip: %+v, want %+v", got, all)
	}
	if setOptionalRule(&all, "fog-of-war") {
		t.Error("an unknown rule was accepted")
	}
}

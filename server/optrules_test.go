package server

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/store"
)

// Every optional rule survives the trip NEWGAME name → stored game → engine options.
func TestOptionalRulesRoundTrip(t *testing.T) {
	names := rulesOf(t, "shiloh1862").Optional()
	all, err := shiloh1862.OptionsOf(adjudicator.Options{Visibility: "open", Optional: names})
	if err != nil {
		t.Fatal(err)
	}
	if !all.PlannedInitiative || !all.Pond || !all.FrontlineLimits || !all.Flanking {
		t.Fatalf("not every rule switched on: %+v", all)
	}
	g := &store.Game{Options: store.GameOptions{Visibility: "open", OptionalRules: all.OptionalNames()}}
	got, err := shiloh1862.OptionsOf(gameOptions(g))
	if err != nil || got != all {
		t.Fatalf("round trip: %+v, %v; want %+v", got, err, all)
	}
}

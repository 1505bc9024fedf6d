// Package builtin is the one place that names the rule systems the pbem binary
// plays (docs/ARCHITECTURE.md §9). cmd/pbem serves them; tests of the
// system-agnostic packages play them. Every other package reaches a system through
// the registry it is given.
package builtin

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/antietam"
	antietambot "github.com/shiloh-pbem/pbem/adjudicator/antietam/bot"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

// Systems returns a registry of the built-in rule systems: Shiloh 1862 and Blue &
// Gray's Antietam. Shiloh 1862 is the legacy system: games stored before games
// recorded their system are its games.
func Systems() *adjudicator.Registry {
	r, err := adjudicator.NewRegistry(shiloh1862.SystemID, shiloh1862.Rules, antietam.Rules)
	if err != nil {
		panic(err) // the built-in list itself is wrong; TestSystems catches it
	}
	return r
}

// Bot returns the built-in bot that plays a scenario's sides (the demo's players).
func Bot(sc adjudicator.Scenario) (adjudicator.Bot, error) {
	switch sc.System() {
	case shiloh1862.SystemID:
		return bot.New(sc)
	case antietam.SystemID:
		c, ok := sc.(*antietam.Contract)
		if !ok {
			return nil, fmt.Errorf("builtin: %T is not an Antietam scenario", sc)
		}
		return antietambot.New(c.Engine()), nil
	}
	return nil, fmt.Errorf("builtin: no bot plays %s", sc.System())
}

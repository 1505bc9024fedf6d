package shiloh1862_test

import (
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

func init() {
	shiloh1862.RandomOrdersForTests = func(sc *shiloh1862.Scenario, v *shiloh1862.View, rng interface{ IntN(n int) int }) *shiloh1862.Orders {
		return bot.RandomOrders(sc, v, rng)
	}
}

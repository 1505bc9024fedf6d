package shiloh1862

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// loggingDice wraps the caller's dice and records every throw into the report,
// with why it was thrown.
type loggingDice struct {
	d   Dice
	log *[]Throw
}

// dieArgs are the arguments of die i of a roll of several: those the dice share,
// and the die's number (one allocation a die).
func dieArgs(shared []adjudicator.Arg, i int) []adjudicator.Arg {
	return append(shared[:len(shared):len(shared)], adjudicator.IntArg("die", i+1))
}

func (l loggingDice) roll(why reason) int {
	v := l.d.Roll(why)
	if v < 1 || v > 6 {
		panic(fmt.Sprintf("adjudicator: dice returned %d for %s", v, why))
	}
	*l.log = append(*l.log, Throw{Value: v, Why: why})
	return v
}

package shiloh1862

import "fmt"

// loggingDice wraps the caller's dice and records every throw into the report.
type loggingDice struct {
	d   Dice
	log *[]Throw
}

func (l loggingDice) Roll(reason string) int {
	v := l.d.Roll(reason)
	if v < 1 || v > 6 {
		panic(fmt.Sprintf("adjudicator: dice returned %d for %s", v, reason))
	}
	*l.log = append(*l.log, Throw{Reason: reason, Value: v})
	return v
}

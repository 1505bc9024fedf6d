package shiloh1862

import (
	"reflect"
)

// withoutLines copies orders with every line number cleared.
func withoutLines(o *Orders) Orders {
	c := *o
	c.Activate = append([]Activation(nil), o.Activate...)
	for i := range c.Activate {
		c.Activate[i].Line = 0
	}
	c.Moves = append([]Move(nil), o.Moves...)
	for i := range c.Moves {
		c.Moves[i].Line = 0
	}
	c.Doctrine = append([]Doctrine(nil), o.Doctrine...)
	for i := range c.Doctrine {
		c.Doctrine[i].Line = 0
	}
	c.Regroup = append([]Regroup(nil), o.Regroup...)
	for i := range c.Regroup {
		c.Regroup[i].Line = 0
	}
	c.Landings = append([]Landing(nil), o.Landings...)
	for i := range c.Landings {
		c.Landings[i].Line = 0
	}
	return c
}

// sameOrders compares orders modulo line numbers (Format regroups activations
// into one line, so their order is kept but their lines are not compared).
func sameOrders(a, b *Orders) bool {
	return reflect.DeepEqual(withoutLines(a), withoutLines(b))
}

package orders

import (
	"reflect"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// withoutLines copies orders with every line number cleared.
func withoutLines(o *shiloh1862.Orders) shiloh1862.Orders {
	c := *o
	c.Activate = append([]shiloh1862.Activation(nil), o.Activate...)
	for i := range c.Activate {
		c.Activate[i].Line = 0
	}
	c.Moves = append([]shiloh1862.Move(nil), o.Moves...)
	for i := range c.Moves {
		c.Moves[i].Line = 0
	}
	c.Doctrine = append([]shiloh1862.Doctrine(nil), o.Doctrine...)
	for i := range c.Doctrine {
		c.Doctrine[i].Line = 0
	}
	c.Regroup = append([]shiloh1862.Regroup(nil), o.Regroup...)
	for i := range c.Regroup {
		c.Regroup[i].Line = 0
	}
	c.Landings = append([]shiloh1862.Landing(nil), o.Landings...)
	for i := range c.Landings {
		c.Landings[i].Line = 0
	}
	return c
}

// sameOrders compares orders modulo line numbers (Format regroups activations
// into one line, so their order is kept but their lines are not compared).
func sameOrders(a, b *shiloh1862.Orders) bool {
	return reflect.DeepEqual(withoutLines(a), withoutLines(b))
}

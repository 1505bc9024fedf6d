package main

import (
	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/server"
)

// ordersReceipt is the receipt a player would get, and the number of errors in it.
func ordersReceipt(sc *shiloh1862.Scenario, st *shiloh1862.State, side adjudicator.Side, text string) (string, int, error) {
	rules, err := shiloh1862.Contract(sc)
	if err != nil {
		return "", 0, err
	}
	return server.PreviewReceipt(rules, st, side, text)
}

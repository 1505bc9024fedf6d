// Package adjudicator is the Shiloh 1862 rules engine and the vocabulary every other
// package of Shiloh PBEM speaks: sides, areas, blocks, hours, the scenario data, the
// game state, one side's orders for an hour, the report of what happened, dice, and
// the fog-filtered view of one side.
//
// The engine is pure. ResolveHour takes a scenario, a state, both sides' orders and a
// source of dice, and returns the next state and a report; it never mutates its input,
// reads no clock, file or network, logs nothing, uses no global randomness and no
// floating point, and never lets Go's map order decide anything.
//
// Rules are from the Columbia Games Shiloh 1862 rulebook; each file covers one chapter
// and cites the rule numbers it implements:
//
//	initiative.go  2.1 initiative, planned initiative (optional)
//	command.go     5.2 command, 5.21 range, 5.22 integrity, 5.23 mixed command
//	movement.go    3.3 terrain limits, 3.6 off-board, 5.3 movement, 5.31 roads,
//	               5.4 pinning, 5.5 Player 2, 5.6 arrivals, 5.61 Lew Wallace
//	battle.go      6.0-6.9 battles, 4.25 gunboats, Pond and Flanking (optional)
//	supply.go      7.0 supply, 7.2 camp supply, 9.2.3 and 9.3.2
//	night.go       9.1 Army of the Ohio, 9.2 night turn
//	victory.go     8.0 victory
//
// How the interactive board game becomes one set of orders per side per hour (intents,
// the command solver, standing battle doctrine and its defaults) is described in
// docs/ENGINE.md. Invalid orders are not understood; illegal orders are understood but
// not allowed: both are results in the Report, never Go errors. A Go error from this
// package means corrupt input (a state that does not fit its scenario).
package adjudicator

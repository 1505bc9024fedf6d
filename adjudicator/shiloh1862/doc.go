// Package shiloh1862 is the rules engine of Columbia Games' Shiloh 1862, one rule
// system behind the contract of package adjudicator: areas, blocks, hours, the
// scenario data, the game state, one side's orders for an hour, the report of what
// happened, and the fog-filtered view of one side. Sides and dice are the contract's
// (shared.go gives them their old names here).
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
//	command.go     5.2 command, 5.21 range, 5.22 integrity, 5.23 mixed command,
//	               the command solver of the email adaptation
//	movement.go    3.3 terrain limits, 3.6 off-board, 5.3 movement, 5.31 roads,
//	               5.4 pinning, 5.5 Player 2, frontline limits (optional)
//	arrivals.go    5.6 off-board arrivals, 5.61 Lew Wallace, 9.1 Army of the Ohio
//	battle.go      6.0-6.5 the battle sequence, reveal, rounds, battle turns and
//	               reserves
//	fire.go        6.6 fire and hits, 4.25 gunboat fire and wear
//	retreat.go     6.7 retreat, 6.73 round 4, 6.75 moving on from a full area
//	regroup.go     6.8 regroup
//	hqloss.go      6.9 elimination, 6.91 HQ falls and army command succession
//	flanking.go    Flanking (6.5 sidebar) and Pond (4.2 sidebar), optional
//	night.go       9.2 the night turn: the gunboats' free fire
//	supply.go      7.0 supply, 7.2 camp supply, 9.2.3 and 9.3.2
//	victory.go     8.0 victory
//
// Beside the rules: scenario.go, load.go and validate.go hold, read and check the
// scenario data (map, order of battle, starts; scenarios/); view.go projects what
// one side may know (DESIGN §3); knowledge.go what a side knows, from which
// check.go checks its orders for receipts; sequential.go the two steps of
// sequential play (initiative first, then Player 1's moves shown to Player 2); dice.go logs the dice; occupancy.go the hour's count of blocks
// per area and side, which every change of a block's place goes through (h.place);
// index.go the map's lookup tables (crossings with their limits, road moves);
// system.go the contract's System and Scenario (package adjudicator); shared.go
// the contract's sides and dice under their old names here. The grammar*.go files
// are the order language players write (docs/PLAYERS.md): grammar.go reads a mail
// over package orders' clean-up, lexer and name lookup and makes the contract
// scenario an orders.Grammar, grammar_format.go prints the canonical text whose
// hash receipts carry, grammar_names.go names the scenario's areas, blocks and
// arrival groups; they alone import package orders. The random order player, which sees
// only its own side's view, is package bot below this one.
//
// How the interactive board game becomes one set of orders per side per hour (intents,
// the command solver, standing battle doctrine and its defaults) is described in
// docs/ENGINE.md. Invalid orders are not understood; illegal orders are understood but
// not allowed: both are results in the Report, never Go errors. A Go error from this
// package means corrupt input (a state that does not fit its scenario).
package shiloh1862

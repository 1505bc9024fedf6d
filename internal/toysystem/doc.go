// Package toysystem is the smallest rule system that plays by mail: a worked
// example of docs/ARCHITECTURE.md §9's checklist, and what the server's tests play
// to show that a system plugs into the contract with no change to server, store,
// mail, schedule, ladder, control or demo. It is not registered in
// internal/builtin, so no player ever sees it.
//
// The game ("toy", one scenario "toy-skirmish"): a board of 4×3 flat-topped hexes
// numbered CCRR (adjudicator.Grid, even columns half a hex low), two infantry units
// a side, six player-turns taken in turn (T1-USA, T1-CSA, … T3-CSA; only the
// phasing side sends orders). An order is "move <unit> <hex>" to a hex next to the
// unit; moving into an enemy unit's hex attacks it: one die, 4 or more eliminates
// the defender and the attacker moves in, less and the attacker stays. The game
// ends when a side has no units left, or after the last player-turn: the side with
// more units left wins, equal numbers are a draw. The only mode is "open"; there
// are no optional rules.
//
// Files, as a system package lays them out:
//
//   - toy.go: the system, the scenario, the board, the turns, State and Orders
//     with their JSON, Resolve, the end of the game.
//   - view.go: View and ReportView, cut per side, and Check.
//   - grammar.go: the order language over package orders' clean-up, lexer and
//     name lookup (orders.Grammar).
//   - told.go: the report, the order form, the end-of-game record and the names
//     (adjudicator.Told).
//   - picture.go: the legend and each side's map (adjudicator.Pictured).
//   - toy.txt: every sentence and map word, registered with templates/words
//     (words.Register) when the package is loaded, since it lives outside the
//     embedded wording files.
package toysystem

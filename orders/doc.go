// Package orders is the order language of Shiloh PBEM: plain text in, one side's
// orders for one hour and every problem (with its line number) out, a canonical
// printer, an order-set hash, and the receipt a player gets back.
//
// The package knows the language, not the game: names are looked up through the
// Names interface (ScenarioNames adapts a scenario), and whether an order is legal
// (command 5.2, movement 5.3, battle limits 3.35, supply 7.0) is the engine's to
// check; a receipt takes those checks as added lines. What the language expresses
// follows DESIGN §2: HQ activation (5.2, 5.21), moves with an intent, road moves
// (5.31), uncommanded moves with the straggler roll (5.2), Player 1's battle sequence
// (6.2), standing battle doctrine and retreat preferences (6.7, 6.73), loss
// preferences for hit ties (6.6), pinning preferences (5.4), regroups (6.8), supply
// priorities (7.1), Lew Wallace's road (5.61), delayed arrivals (5.6), the Army of
// the Ohio's landings (9.1) and Planned Initiative (2.1, optional).
//
// docs/PLAYERS.md is the players' guide to the language; its examples are tests.
package orders

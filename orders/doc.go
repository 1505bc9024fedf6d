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
// The grammar, one order a line, in the canonical form Format prints (the parser
// also takes the looser forms docs/PLAYERS.md lists):
//
//	activate HQ [as army], …
//	BLOCK, …: FROM > TO [attack|reinforce] [uncommanded]   one area
//	BLOCK, …: FROM > MID > TO […]                          two areas by road
//	BLOCK, …: FROM >> TO […]                               by road, middle left open
//	BLOCK, … > TO […]                                      from wherever they stand
//	battles: AREA, …
//	at AREA: hold|withdraw after round N|withdraw at once|withdraw if weaker[, retreat to AREA, …]
//	all battles: …                                         the same for every battle
//	regroup at AREA: [BLOCK, … >] AREA
//	losses first: BLOCK, …
//	losses last: BLOCK, …
//	pin: BLOCK, …
//	supply: BLOCK, …
//	arrival GROUP: CHOICE                                  Lew Wallace: D or E
//	delay: GROUP, …
//	landing GROUP: AREA
//	initiative: first|second
//
// Mail around the orders is ignored: text before an ORDERS line, after END, a
// signature or a reply header, quoted (">") lines and "#" or "//" comments; lines a
// mail client wrapped are joined again.
//
// Files: lex.go cleans the mail and splits lines into tokens; names.go looks names
// up with suggestions; parse.go reads a line and hands it to the reader of its
// order kind: parse_move.go (moves), parse_lists.go (activate, battles, pin,
// supply, losses, initiative), parse_doctrine.go (doctrine, regroup),
// parse_arrivals.go (arrivals, delays, landings), with parse_names.go turning names
// into ids; format.go prints the canonical text and its hash; receipt.go the
// receipt.
//
// docs/PLAYERS.md is the players' guide to the language; its examples are tests.
package orders

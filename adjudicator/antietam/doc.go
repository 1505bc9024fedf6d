// Package antietam is SPI's Blue & Gray game Antietam (1975), the standard rules
// with the Antietam exclusive rules: the hex map, the order of battle with both
// deployments and the reinforcements, the charts, and the rules engine that
// resolves one player-turn, and the order language players write it in. It is the
// second rule system (issue 15), registered in internal/builtin as Rules: the
// contract's Scenario, the mails (Told) and the maps (Pictured) over open and
// double-blind views.
//
// The data is three hand-editable TOML files under scenarios/antietam, embedded:
//
//	map.toml     the hex grid (2.1, 2.5), terrain per hex and per hexside (5.2,
//	             9.0), Antietam Creek with its bridges and fords (5.25, 22.1), the
//	             Potomac with Boteler's Ford (5.24, 16.3), roads (5.22), named places
//	ob.toml      every unit as printed (2.4, 14.0), the deployments (14.1, 14.2),
//	             the reinforcements (15.0, 16.1-16.3), the game length (16.4), the
//	             player order (14.3), the counter sheet it is checked against
//	charts.toml  the CRT (7.6) with its disputed cells and a club's overrides, the
//	             TEC (9.0), stacking (5.32), artillery range (8.11, 19.0), the
//	             movement restrictions (18.0), victory (17.0), the optional rules
//	             (20.0, 11.0 with 21.0)
//
// The rules text has no map, so the terrain is authored from the real battlefield;
// every value carries its provenance (docs/systems/antietam.md says what each tag
// means and lists the choices made where the text is damaged or silent).
//
// Files, data: data.go the files' shapes; load.go reads them (the only file that
// reads files or embeds); scenario.go indexes them and builds the contract's hex
// Board; charts.go reads a CRT cell and a victory level; validate.go checks the
// data against the rules and the battle (Validate, the contract's
// adjudicator.Validated).
//
// Files, rules (each named by its rules section, each function citing its rule):
//
//	geometry.go          the board in tables: neighbours, hexsides, distances,
//	                     exact sight lines (8.12, 8.31-8.34)
//	state.go             the position and its stable JSON (3.0, 4.0, 17.1, 18.1)
//	orders.go            a side's orders and standing orders (DESIGN §9)
//	events.go, codes.go  the report as data; every code said, in one table
//	rule04_sequence.go   one player-turn: Resolve (4.0, 4.1, 14.3, 16.4)
//	rule05_movement.go   paths, terrain, entry (5.0-5.3, 9.0, 15.0-15.3); CheckMoves
//	rule06_zoc.go        zones of control (6.0-6.6)
//	rule07_combat.go     one combat: odds, terrain, CRT, results, advance (7.0-7.9)
//	rule07_mandatory.go  the Combat Phase: mandatory and default attacks (7.1, 7.2)
//	rule07_retreat.go    retreats and displacement (7.7, 7.8)
//	rule08_artillery.go  bombardment, range, sight (8.0-8.5)
//	rule10_night.go      night game-turns (10.0-10.2)
//	rule11_effectiveness.go  optional attack effectiveness (11.0, 21.0)
//	rule17_victory.go    points, Sharpsburg, the trace to 0126, levels (17.0-17.2)
//	rule18_restrictions.go   the Union limit and 18.2 (18.0-18.2)
//	rule19_rifled.go     Union rifled artillery (19.0)
//	rule20_optional.go   the optional rules by name (20.0-20.6)
//
// Files, the contract (docs/systems/antietam.md, "Behind the contract"):
//
//	system.go            Rules, the contract's Scenario (Contract), Resolve
//	view.go              View, double-blind sight, Believed
//	contract.go          ReportView cut per side, stored report views
//	check.go             the receipt's Check, from the side's view
//	sheet.go             the report, the order form, the record (adjudicator.Told)
//	picture.go           the legend and each side's map (adjudicator.Pictured)
//
// Files, the order language (DESIGN §9; the players' guide is
// docs/systems/antietam-players.md, whose examples are tests): Scenario.ParseOrders
// reads a mail into Orders with the receipt's lines, Scenario.FormatOrders prints
// them canonically. They are the only files that import package orders (its mail
// clean-up, lexer and name lookup); their problems are phrases worded in
// templates/words/antietam.txt.
//
//	grammar.go           the language in brief, a line's dispatch, moves, the codes
//	grammar_attack.go    an attack's clauses (7.0-7.9, 8.1, 8.16)
//	grammar_standing.go  retreat preferences, displacement, advance after defence
//	                     (7.71, 7.75, 7.81)
//	grammar_read.go      units, hexes and named places, odds
//	grammar_names.go     the names a player may use: designations, places
//	grammar_format.go    the canonical text
//
// Like every rule system the package is pure apart from load.go: no clock,
// network, logging or global randomness; dice come in through adjudicator.Dice.
package antietam

// Package antietam holds the data of SPI's Blue & Gray game Antietam (1975), the
// standard rules with the Antietam exclusive rules: the hex map, the order of battle
// with both deployments and the reinforcements, and the charts. It is the data half
// of the second rule system (issue 15); the rules, the grammar and mail play come
// later, so the package is data only so far and is not registered in cmd/pbem.
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
// Files: data.go the files' shapes; load.go reads them (the only file that reads
// files or embeds); scenario.go indexes them and builds the contract's hex Board;
// charts.go reads a CRT cell and a victory level; validate.go checks the data
// against the rules and the battle (Validate, the contract's adjudicator.Validated).
//
// Like every rule system the package is pure apart from load.go: no clock,
// network, logging or global randomness.
package antietam

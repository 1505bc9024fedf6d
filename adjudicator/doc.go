// Package adjudicator is the contract every rule system of Shiloh PBEM plugs into,
// and the vocabulary the system-agnostic packages speak: the two sides, the dice
// anyone can check (DESIGN §4), and the registry of rule systems (DESIGN §8).
//
// Each rule system is a package below this one (adjudicator/shiloh1862 for Columbia
// Games' Shiloh 1862) that implements System and Scenario. cmd/pbem registers the
// built-in systems; server, store, mail, schedule, ladder, control and demo reach a
// system only through the registry. docs/ARCHITECTURE.md says where the line runs
// between what is shared and what belongs to one system, and how to add a system.
//
// Like the engines below it, this package is pure: no clock, files, network, logging
// or global randomness.
package adjudicator

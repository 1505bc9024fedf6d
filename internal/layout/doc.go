// Package layout holds the test that keeps the project's layers apart
// (docs/ARCHITECTURE.md §2): the contract in adjudicator imports nothing of ours,
// each rule system sits below it, and the system-agnostic packages reach a system
// only through the registry, never by importing it or naming its ids.
package layout

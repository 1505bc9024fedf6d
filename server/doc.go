// Package server is the PBEM machinery that turns mail into game hours: it
// authenticates and routes each incoming mail, stores orders and queues receipts
// (in the same store transaction that marks the mail processed), resolves an hour
// when both sides have sent orders or the deadline passed, and queues each side's
// report mail with its fog-filtered map.
//
// It joins the packages without adding rules of its own: mail/ (transport), store/
// (the record), adjudicator/ (the rules), orders/ (the language), render/ and
// templates/ (what a side sees, built from that side's view only).
package server

// Package schedule is the deadline arithmetic of a running game: when an hour's
// orders are due, when a reminder or a grace-period notice goes out, when the
// daemon should resolve the hour, how players' vacations move a deadline, and how
// a moment is written in each player's own time zone.
//
// It does no I/O and never reads the clock: every function is handed the times
// it needs ("now" included), so the daemon can run it on an injected clock and
// tests can run it on a fake one. Time zones are IANA names; the package imports
// time/tzdata so that a host without a zoneinfo database still knows them.
//
// It covers no rule of the game itself: a game's hours are its Game Turns (rule
// 2.0, one hour of battle each), and this package only decides when the
// players' orders for the next one are due in real time.
//
// Sides are the lower-case names the daemon uses, "usa" and "csa", and are always
// visited in that order so every result is deterministic.
package schedule

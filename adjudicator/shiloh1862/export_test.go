package shiloh1862

// RandomOrdersForTests is the random order bot (package bot) for this package's own tests.
// The bot imports this package, so these tests cannot import it; bot_hook_test.go,
// in the external test package of the same test binary, sets it before any test
// runs.
var RandomOrdersForTests func(sc *Scenario, v *View, rng interface{ IntN(n int) int }) *Orders

// Says reports whether a phrase is, or holds, one with that code: for the
// external tests.
var Says = says

//go:build race

package server

// hangGuard scales the rig's hang guard: the race detector slows map rendering
// and mail delivery several times over.
const hangGuard = 8

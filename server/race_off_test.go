//go:build !race

package server

// hangGuard scales the rig's hang guard (see race_on_test.go).
const hangGuard = 1

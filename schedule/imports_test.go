package schedule

import (
	"testing"

	"github.com/shiloh-pbem/pbem/internal/importguard"
)

// TestPure keeps the package free of I/O and of the rest of the project: its
// code may import only these standard packages (no os, net or io, no clock
// beyond the time values it is handed: time.Now, Since and Until are refused).
func TestPure(t *testing.T) {
	importguard.Check(t, importguard.Rules{
		Allow:   importguard.Only("errors", "fmt", "sort", "time", "time/tzdata"),
		NoClock: true,
	})
}

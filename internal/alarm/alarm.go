// Package alarm holds benchmarks to their speed bounds (DESIGN §10). A bound is
// an alarm set far above what a player could notice, never a target: under it the
// clearer code wins. A benchmark starts a Clock after its setup and checks it after
// its loop; the check reports the CPU time per op and fails the benchmark when an
// op took longer, or allocated more often, than its bound. CI runs the alarmed
// benchmarks a fixed number of times (.ci/run).
package alarm

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// Clock is a benchmark's start: CPU time, wall time and allocations so far.
type Clock struct {
	cpu     int64
	wall    time.Time
	mallocs uint64
}

// Start reads the clock; call it just before the benchmark loop.
func Start() *Clock {
	return &Clock{cpu: CPUTime(), wall: time.Now(), mallocs: mallocs()}
}

func mallocs() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.Mallocs
}

// Check reports cpu-ns/op and fails b when an op took more than perOp or more than
// allocs allocations (0: no allocation bound). Time is the process's CPU time where
// the system tells it (on a shared machine wall time counts the waits for a core),
// else wall time; both include GC, so the figure is an upper bound.
func (c *Clock) Check(b *testing.B, perOp time.Duration, allocs uint64) {
	b.Helper()
	if b.N == 0 {
		return
	}
	cpuPerOp, rings := c.verdict(b.N, perOp, allocs)
	if cpuPerOp > 0 {
		b.ReportMetric(cpuPerOp, "cpu-ns/op")
	}
	for _, r := range rings {
		b.Error(r)
	}
}

// verdict is what Check says after n ops: the CPU ns per op (0 when unknown) and
// the alarms that ring.
func (c *Clock) verdict(n int, perOp time.Duration, allocs uint64) (float64, []string) {
	var rings []string
	spent, cpuPerOp := time.Since(c.wall), 0.0
	if cpu := CPUTime(); cpu > 0 && c.cpu > 0 {
		spent = time.Duration(cpu - c.cpu)
		cpuPerOp = float64(spent) / float64(n)
	}
	if op := spent / time.Duration(n); op > perOp {
		rings = append(rings, fmt.Sprintf("alarm: %v per op, bound %v", op, perOp))
	}
	if allocs > 0 {
		if got := (mallocs() - c.mallocs) / uint64(n); got > allocs {
			rings = append(rings, fmt.Sprintf("alarm: %d allocations per op, bound %d", got, allocs))
		}
	}
	return cpuPerOp, rings
}

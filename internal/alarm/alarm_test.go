package alarm

import (
	"strings"
	"testing"
	"time"
)

// spin burns CPU for about d.
func spin(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

var sink []byte

// The alarm rings when an op is over its bound, and is quiet under it.
func TestAlarmRings(t *testing.T) {
	for name, c := range map[string]struct {
		work   func()
		perOp  time.Duration
		allocs uint64
		rings  string
	}{
		"slow":     {func() { spin(3 * time.Millisecond) }, time.Millisecond, 0, "per op, bound 1ms"},
		"allocs":   {func() { sink = make([]byte, 64); sink = make([]byte, 64) }, time.Second, 1, "allocations per op, bound 1"},
		"in bound": {func() { spin(100 * time.Microsecond) }, time.Second, 1000, ""},
	} {
		clock := Start()
		for i := 0; i < 10; i++ {
			c.work()
		}
		_, rings := clock.verdict(10, c.perOp, c.allocs)
		said := strings.Join(rings, "; ")
		if c.rings == "" && said != "" || c.rings != "" && !strings.Contains(said, c.rings) {
			t.Errorf("%s: alarm %q, want one saying %q", name, said, c.rings)
		}
	}
}

func TestCPUTimeAdvances(t *testing.T) {
	before := CPUTime()
	spin(20 * time.Millisecond)
	if after := CPUTime(); before > 0 && after <= before {
		t.Errorf("CPU time went from %d to %d while spinning", before, after)
	}
}

package e2e

import (
	"fmt"
	"testing"
	"time"
)

// benchHourLatency plays one hour per iteration and reports the mean time from the
// second side's orders landing in the adjudicator's mailbox to the later of the two
// reports accepted by SMTP (the budget: 1 s with IDLE).
func benchHourLatency(b *testing.B, e *env) {
	g := startGame(b, e, "bench")
	var total, worst, receipts time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := g.hourNow("usa")
		g.reply("usa", usaOrders)
		g.usa.waitFor("receipt", 30*time.Second, has(g.id, fmt.Sprintf("receipt-h%d-v1-usa", n), 1))
		second := g.reply("csa", csaOrders)
		g.waitHour(n, 60*time.Second)
		landed, ok := e.arrival(b, "pbem", second)
		if !ok {
			b.Fatal("the orders' arrival time is unknown")
		}
		var done time.Time
		for side, local := range map[string]string{"usa": "alice", "csa": "bob"} {
			at, ok := e.arrival(b, local, g.mid(fmt.Sprintf("hour-h%d-%s", n+1, side)))
			if !ok {
				b.Fatalf("the %s report's arrival time is unknown", side)
			}
			if at.After(done) {
				done = at
			}
		}
		if rc, ok := e.arrival(b, "bob", find(g.csa.msgs, g.id, fmt.Sprintf("receipt-h%d-v1-csa", n))[0].messageID); ok {
			receipts += rc.Sub(landed)
		}
		lat := done.Sub(landed)
		total += lat
		worst = max(worst, lat)
	}
	b.StopTimer()
	g.d.verify()
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/hour")
	b.ReportMetric(float64(worst.Milliseconds()), "worst-ms")
	// The second side's receipt: mailbox notification and intake, without the
	// resolution and its three maps.
	b.ReportMetric(float64(receipts.Milliseconds())/float64(b.N), "receipt-ms")
}

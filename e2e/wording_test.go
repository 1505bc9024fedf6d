//go:build !mailserver

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestReportWordingInproc plays two hours and reads the reports as a player would.
// Arrivals must name the area they arrive at: the 8AM report of the shiloh1862
// scenario has arrivals on both sides (Tindall at Pittsburg Landing, CSA blocks at
// Road B).
func TestReportWordingInproc(t *testing.T) {
	e := newInprocEnv(t)
	g := startGame(t, e, "words")
	for n := 0; n < 2; n++ {
		g.reply("usa", usaOrders)
		g.reply("csa", csaOrders)
		g.waitHour(n, 40*time.Second)
	}
	for _, side := range []string{"usa", "csa"} {
		for _, m := range find(g.box(side).msgs, g.id, "hour-h") {
			for _, l := range strings.Split(m.text, "\n") {
				if strings.Contains(l, " arrive at off the map") {
					t.Errorf("%s, %s: an arrival without its place: %s", side, m.subject, strings.TrimSpace(l))
				}
			}
		}
	}
	if !strings.Contains(fmt.Sprint(find(g.usa.msgs, g.id, "hour-h2-usa")[0].text), "arrive at Pittsburg Landing") {
		t.Errorf("the USA 8AM report does not say where Tindall arrived")
	}
	g.d.verify()
}

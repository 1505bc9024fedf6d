package bot

import (
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/internal/alarm"
)

// BenchmarkBotGame plays a whole game, the bot writing both sides' orders every
// player-turn from their views: twenty player-turns of views, plans, checks and
// resolutions. Alarm: 200 ms of CPU a game, far above what a player waiting for
// the demo's next mail could notice.
func BenchmarkBotGame(b *testing.B) {
	sc := scenario(b)
	bt := New(sc)
	b.ReportAllocs()
	var seed uint64
	clock := alarm.Start()
	for b.Loop() {
		playGame(b, sc, bt, seed%uint64(2*len(variants)), nil)
		seed++
	}
	clock.Check(b, 200*time.Millisecond, 0)
}

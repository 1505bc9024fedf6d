package store

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// testClock starts at a fixed instant and moves one second per reading, so
// every stamped time is distinct and reproducible.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newTestClock() *testClock {
	return &testClock{t: time.Date(1862, 4, 6, 5, 0, 0, 0, time.UTC)}
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Second)
	return c.t
}

// mustOpen opens a fresh store in a temporary directory, closed at cleanup.
func mustOpen(tb testing.TB) (*Store, string) {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "pbem.db")
	s, err := Open(path, &Options{Now: newTestClock().Now})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s, path
}

var testSides = []string{"CSA", "USA"}

// testGame returns a game with two players and a fixed secret.
func testGame(id string) *Game {
	return &Game{
		ID:       id,
		Ruleset:  "shiloh1862",
		Scenario: "day1",
		Options:  GameOptions{Visibility: VisibilityBlocks, OptionalRules: []string{"planned-initiative"}},
		Players: map[string]Player{
			"CSA": {Address: "beauregard@example.org", Name: "P.G.T.", Token: "tok-" + id + "-csa", TimeZone: "America/Chicago"},
			"USA": {Address: "grant@example.org", Name: "U.S.", Token: "tok-" + id + "-usa", TimeZone: "Europe/Berlin"},
		},
		GM:       "gm@example.org",
		Deadline: DeadlineSettings{HourLength: 48 * time.Hour, ChangeOfMind: 10 * time.Minute},
		Status:   StatusRunning,
		Secret:   bytes.Repeat([]byte{7}, 32),
	}
}

func mustCreate(tb testing.TB, s *Store, g *Game) {
	tb.Helper()
	if err := s.Update(func(tx *Tx) error { return tx.CreateGame(g) }); err != nil {
		tb.Fatal(err)
	}
}

// blob returns n bytes that depend on a label, standing in for engine JSON.
func blob(label string, n int) []byte {
	b := make([]byte, 0, n+len(label))
	for len(b) < n {
		b = append(b, label...)
	}
	return b[:n]
}

// stateOf is the fake engine state at the start of hour n.
func stateOf(game string, hour int) []byte {
	return blob(fmt.Sprintf(`{"game":%q,"hour":%d}`, game, hour), 4096)
}

// resolveHour plays one whole hour of game the way the daemon will: orders of
// both sides, then in one transaction the resolved hour with seed, reports and
// next state, its audit link, one report mail per side and for the GM, and the
// game's next hour. It returns the outbox ids.
func resolveHour(tx *Tx, game string, hour int, size int) ([]uint64, error) {
	g, err := tx.Game(game)
	if err != nil {
		return nil, err
	}
	for _, side := range testSides {
		_, err := tx.AddOrderSet(game, hour, side, OrderSet{
			From:   g.Players[side].Address,
			Text:   fmt.Sprintf("activate hardee\n# hour %d %s", hour, side),
			Parsed: blob(fmt.Sprintf("orders %s %d;", side, hour), 512),
		})
		if err != nil {
			return nil, err
		}
	}
	h, err := tx.Hour(game, hour)
	if err != nil {
		return nil, err
	}
	seed := HourSeed(g.Secret, hour)
	h.StateAtStart = stateOf(game, hour)
	h.SeedCommitment = Commitment(seed)
	h.Seed = seed
	h.NextState = stateOf(game, hour+1)
	h.Reports = map[string][]byte{GMReport: blob(fmt.Sprintf("gm report %d;", hour), size)}
	for _, side := range testSides {
		h.Reports[side] = blob(fmt.Sprintf("%s report %d;", side, hour), size)
	}
	h.ResolvedAt = tx.Now()
	if err := tx.PutHour(h); err != nil {
		return nil, err
	}
	head, err := tx.AppendAudit(HourAudit(h))
	if err != nil {
		return nil, err
	}
	var ids []uint64
	for _, to := range []string{g.Players["CSA"].Address, g.Players["USA"].Address, g.GM} {
		id, err := tx.EnqueueOutbox(&OutMsg{
			Game: game, Hour: hour, Kind: "report", To: []string{to},
			Subject: fmt.Sprintf("[%s] hour %d results (chain %s)", game, hour, head),
			Raw:     blob(fmt.Sprintf("Subject: hour %d\r\n\r\n", hour), size),
		})
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	g.CurrentHour = hour + 1
	return ids, tx.PutGame(g)
}

package server

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/store"
)

// The store stays small: once an hour's mails are sent, a game-hour (state,
// both sides' orders and their mails, reports, views, audit link, the sent
// index) costs at most 100 KB of file. Measured on the bbolt file itself, over
// the hours after the first (the file's first pages and the game's creation
// are not a game-hour).
func TestStoreGrowthPerGameHour(t *testing.T) {
	const games, hours = 12, 6
	path := filepath.Join(t.TempDir(), "pbem.db")
	st, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := New(st, Config{Registry: testRules, Address: "pbem@club.test"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ids := make([]string, games)
	for i := range ids {
		ids[i] = fmt.Sprintf("z%02d", i)
		if _, err := srv.CreateGame(ctx, NewGame{ID: ids[i], USA: "alice@club.test", CSA: "bob@club.test", GM: "gm@club.test"}); err != nil {
			t.Fatal(err)
		}
	}
	// bbolt grows the file in large steps, so what counts is the space its
	// pages hold: the high-water mark less the pages freed for reuse.
	size := func() int64 {
		t.Helper()
		used, _, err := st.Space()
		if err != nil {
			t.Fatal(err)
		}
		return used
	}
	var base int64
	for h := 0; h < hours; h++ {
		for _, id := range ids {
			for sd, text := range map[adjudicator.Side]string{adjudicator.USA: "at all: withdraw if weaker\nsupply: sherman\n",
				adjudicator.CSA: "activate hardee, bragg, polk\nat all: hold\n"} {
				sendOrders(t, srv, st, id, sd, text, fmt.Sprintf("%s-%d-%s@club.test", id, h, sd))
			}
			if ok, err := srv.ResolveIfReady(ctx, id); err != nil || !ok {
				t.Fatalf("%s hour %d: %v %v", id, h, ok, err)
			}
		}
		markAllSent(t, st)
		if h == 0 {
			base = size()
		}
	}
	per := (size() - base) / int64(games*(hours-1))
	t.Logf("store holds %d KB after %d game-hours; %d KB per game-hour after the first", size()/1024, games*hours, per/1024)
	if per > 100*1024 {
		t.Errorf("a game-hour costs %d KB of store once its mails are sent, over the 100 KB bound", per/1024)
	}
}

// markAllSent marks every pending mail sent, as a sender that delivered it all
// would, and returns how many there were.
func markAllSent(t *testing.T, st *store.Store) int {
	t.Helper()
	msgs, err := st.PendingOutbox(st.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if err := st.MarkSent(m.ID, st.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return len(msgs)
}

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/server"
	"github.com/shiloh-pbem/pbem/store"
)

// A ladder game played out (by standing orders, deadline after deadline) in a
// store file; `pbem ladder export` writes the ladder's page from the file
// offline: the standings, the game's result, its casualty chart, display
// names and no address.
func TestLadderExport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "pbem.db")
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	st, err := store.Open(db, &store.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(st, server.Config{Registry: builtin.Systems(), Address: "pbem@club.test", Now: clock, DeferHourMail: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := srv.CreateGame(ctx, server.NewGame{ID: "x1", Scenario: "shiloh1862-day2", Ladder: "club",
		USA: "jane.doe@club.test", CSA: "rob@club.test", Deadline: schedule.Policy{HourLength: time.Hour}}); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		now = now.Add(61 * time.Minute)
		if _, err := srv.ResolveIfReady(ctx, "x1"); err != nil {
			t.Fatal(err)
		}
		var g *store.Game
		if err := st.View(func(tx *store.Tx) error { g, err = tx.Game("x1"); return err }); err != nil {
			t.Fatal(err)
		}
		if g.Status == store.StatusFinished {
			break
		}
		if i > 40 {
			t.Fatal("the game did not end")
		}
	}
	if err := st.Update(func(tx *store.Tx) error { return tx.PutLadderName("club", "jane.doe@club.test", "Jane D.") }); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(dir, "site")
	if code, stdout, errs := run(t, "", "ladder", "export", "--store", db, "--html", out); code != exitOK {
		t.Fatalf("ladder export: %d %s %s", code, stdout, errs)
	}
	page, err := os.ReadFile(filepath.Join(out, "club", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Jane D.", "rob", "x1, 2026-05-02: USA Jane D., CSA rob", `<img src="x1.png"`,
		"not rated: no orders from either player", "<th>Abandoned</th>"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	png, err := os.ReadFile(filepath.Join(out, "club", "x1.png"))
	if err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
		t.Errorf("chart: %v, %d bytes", err, len(png))
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil || !strings.Contains(string(index), `href="club/index.html"`) {
		t.Errorf("index: %v\n%s", err, index)
	}
	for _, f := range [][]byte{page, index} {
		if strings.Contains(string(f), "@") {
			t.Errorf("an address in the export:\n%s", f)
		}
	}
	if code, _, errs := run(t, "", "ladder", "export", "--store", db, "--html", out, "spring"); code != exitFailure || !strings.Contains(errs, `no ladder "spring"`) {
		t.Errorf("unknown ladder: %d %s", code, errs)
	}
}

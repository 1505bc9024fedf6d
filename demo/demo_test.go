package demo

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/internal/builtin"
)

// The README's first command: a whole demo game by mail through the in-process
// IMAP and SMTP servers, played to the end, with every mail saved.
func TestDemoPlaysToTheEnd(t *testing.T) {
	out := t.TempDir()
	var progress bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a hang guard
	defer cancel()
	res, err := Run(ctx, Options{Registry: builtin.Systems(), Bot: builtin.Bot, Out: out, Scenario: "shiloh1862-day2", Seed: 7, Progress: &progress})
	if err != nil {
		t.Fatalf("%v\n%s", err, progress.String())
	}
	hours := int(shiloh1862.Day2Last-shiloh1862.Day2First) + 1
	if !res.Over || res.Hours != hours {
		t.Fatalf("over=%v after %d hours, want the game over after %d:\n%s", res.Over, res.Hours, hours, progress.String())
	}
	if lines := strings.Count(progress.String(), "\n"); lines != hours {
		t.Errorf("progress has %d lines, want one per hour:\n%s", lines, progress.String())
	}
	for _, side := range adjudicator.Sides {
		dir := filepath.Join(out, players[side])
		emls, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
		pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
		// Every hour mail (the first, one per hour, the last "game over") and a
		// receipt per hour.
		var hourMails, receipts, errs int
		for _, e := range emls {
			switch {
			case strings.Contains(e, "orders-due") || strings.Contains(e, "game-over"):
				hourMails++
			case strings.Contains(e, "orders-received"):
				receipts++
			}
			if strings.Contains(e, "errors") {
				errs++
			}
		}
		if hourMails != hours+1 || receipts != hours {
			t.Errorf("%s: %d hour mails and %d receipts, want %d and %d", side, hourMails, receipts, hours+1, hours)
		}
		if errs > 0 {
			t.Errorf("%s: %d receipts with errors: the bot sends only orders its receipt accepts", side, errs)
		}
		if len(pngs) != hours+1 {
			t.Errorf("%s: %d maps saved, want %d", side, len(pngs), hours+1)
		}
		for _, p := range pngs {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(bytes.NewReader(b)); err != nil {
				t.Errorf("%s: %v", p, err)
			}
		}
		var last []byte
		for _, e := range emls {
			if strings.Contains(e, "game-over") {
				last, _ = os.ReadFile(e)
			}
		}
		if !bytes.Contains(last, []byte("END OF GAME")) {
			t.Errorf("%s: no final mail with the end-of-game record", side)
		}
	}
}

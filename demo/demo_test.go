package demo

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/mail"
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

// lockedBuffer is a bytes.Buffer the demo writes to while a test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *lockedBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *lockedBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// hourLines is the demo's progress after its words to the person: a line per
// resolved hour.
func hourLines(progress string) string {
	_, after, _ := strings.Cut(progress, "reply to the mails you get.\n")
	return after
}

// waitFor polls until cond holds, failing after a while.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// savedMails lists the mails a player's folder holds whose name contains part.
func savedMails(out string, side adjudicator.Side, part string) []string {
	emls, _ := filepath.Glob(filepath.Join(out, players[side], "*"+part+"*.eml"))
	return emls
}

// With a person playing, the hour stays open for the change-of-mind delay after
// the last orders arrive, so that the receipt's "you may send new orders until
// the hour resolves" is true: a second set sent at once is received for the same
// hour, and the hour resolves only once the delay has passed. For Shiloh's
// hours, where the bot has already sent, and Antietam's player-turns.
func TestDemoWaitsForAChangeOfMind(t *testing.T) {
	const delay = 3 * time.Second
	for _, tc := range []struct {
		scenario string
		human    adjudicator.Side
	}{{"shiloh1862-day2", adjudicator.CSA}, {"antietam", adjudicator.USA}} {
		t.Run(tc.scenario, func(t *testing.T) {
			out := t.TempDir()
			progress := &lockedBuffer{}
			you := make(chan *bot, 1)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := Run(ctx, Options{Registry: builtin.Systems(), Bot: builtin.Bot, Out: out, Scenario: tc.scenario,
					Seed: 7, Hours: 1, Human: tc.human, ChangeOfMind: delay, Progress: progress,
					started: func(b *bot) { you <- b }})
				done <- err
			}()
			b := <-you
			waitFor(t, "the first hour mail", func() bool { return len(savedMails(out, tc.human, "orders-due")) > 0 })
			raw, err := os.ReadFile(savedMails(out, tc.human, "orders-due")[0])
			if err != nil {
				t.Fatal(err)
			}
			in, err := mail.Decode(raw, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.reply(in); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the first receipt", func() bool { return len(savedMails(out, tc.human, "orders-received")) == 1 })
			// The player changes their mind at once.
			sent := time.Now()
			if err := b.reply(in); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the second receipt", func() bool { return len(savedMails(out, tc.human, "orders-received")) == 2 })
			if p := hourLines(progress.String()); p != "" {
				t.Fatalf("the hour resolved before the second set of orders was received:\n%s", p)
			}
			second := savedMails(out, tc.human, "orders-received")[1]
			if !strings.Contains(second, "v2") {
				t.Errorf("the second receipt is not for the hour's second version: %s", filepath.Base(second))
			}
			waitFor(t, "the hour to resolve", func() bool { return hourLines(progress.String()) != "" })
			if waited := time.Since(sent); waited < delay {
				t.Errorf("the hour resolved %s after the last orders, before the %s change-of-mind delay", waited, delay)
			}
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

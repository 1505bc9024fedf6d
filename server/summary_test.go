package server

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

// The last mail of a game carries the end-of-game record and the casualty chart.
func TestFinalMailCarriesSummaryAndChart(t *testing.T) {
	hours := int(shiloh1862.Day2Last-shiloh1862.Day2First) + 1
	_, st := playHours(t, hours, "shiloh1862-day2")
	var finals []*store.OutMsg
	if err := st.View(func(tx *store.Tx) error {
		g, err := tx.Game("v1")
		if err != nil {
			return err
		}
		if g.Status != store.StatusFinished {
			t.Fatalf("game not finished after %d hours: %s", hours, g.Status)
		}
		msgs, err := tx.OutboxMessages("v1")
		for _, m := range msgs {
			if strings.HasPrefix(m.Kind, "final-") {
				finals = append(finals, m)
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(finals) != 2 {
		t.Fatalf("%d final mails, want one per player", len(finals))
	}
	for _, m := range finals {
		in, err := mail.Decode(m.Raw, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"END OF GAME", "Day 2 7AM: USA was Player 1", "-- CSA --", "lost", "Final audit chain head"} {
			if !strings.Contains(in.Text, want) {
				t.Errorf("%s final mail lacks %q", m.To[0], want)
			}
		}
		if !strings.Contains(string(m.Raw), `filename="casualties.png"`) {
			t.Errorf("%s final mail has no casualty chart", m.To[0])
		}
	}
}

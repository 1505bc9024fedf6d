package templates

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

// Hour mails word what became of each order from the results' phrases (Why);
// a report view decoded from the store has none and prints the engine's English.
// Both must give the same mail byte for byte: every viewer's text and HTML mail
// of seeded bot games, built from the fresh view and from the same view after a
// JSON round trip (which drops Why, as the store does).
func TestResultsWordedFromWhy(t *testing.T) {
	sc := scenario(t)
	worded, hours := 0, 0
	for seed := range uint64(8) {
		st, err := shiloh1862.NewState(sc, shiloh1862.Options{Visibility: shiloh1862.VisBlocks, PlannedInitiative: seed%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 14))
		for !st.Over && st.Hour <= sc.End {
			var ords [2]*shiloh1862.Orders
			for _, s := range adjudicator.Sides {
				ords[s.Index()] = bot.RandomOrders(sc, shiloh1862.ViewOf(sc, st, s), rng)
			}
			next, rep, err := shiloh1862.ResolveHour(sc, st, ords, adjudicator.NewStreamDice([]byte{byte(seed), byte(st.Hour)}))
			if err != nil {
				t.Fatal(err)
			}
			for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
				fresh := shiloh1862.ViewReport(sc, st, rep, next, viewer)
				for _, r := range fresh.Results {
					if r.Why.Code != "" {
						worded++
					}
				}
				b, err := json.Marshal(fresh)
				if err != nil {
					t.Fatal(err)
				}
				var stored shiloh1862.ReportView
				if err := json.Unmarshal(b, &stored); err != nil {
					t.Fatal(err)
				}
				v := shiloh1862.ViewOf(sc, next, viewer)
				a, b2 := hourMail(t, "g1", fresh, v), hourMail(t, "g1", &stored, v)
				for _, render := range []func(*HourMail) (string, error){(*HourMail).Text, (*HourMail).HTML} {
					x, err := render(a)
					if err != nil {
						t.Fatal(err)
					}
					y, err := render(b2)
					if err != nil {
						t.Fatal(err)
					}
					if x != y {
						t.Fatalf("game %d %s, %s's mail: worded from Why it differs from the stored English:\n%s\n--- stored ---\n%s",
							seed, st.Hour, viewerName(viewer), x, y)
					}
				}
			}
			hours++
			st = next
		}
	}
	if worded < 1000 {
		t.Errorf("only %d results worded from Why", worded)
	}
	t.Logf("%d hours, %d results worded from Why: mails identical", hours, worded)
}

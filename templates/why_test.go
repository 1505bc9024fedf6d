package templates

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

// Hour mails are worded from the report view's phrases, and the store keeps them
// (report format 2): a view read back from its stored bytes makes the mail the
// fresh view makes, byte for byte, for every viewer's text and HTML mail of
// seeded bot games.
func TestStoredViewsWordAsFresh(t *testing.T) {
	sc := scenario(t)
	rules, err := shiloh1862.Contract(sc)
	if err != nil {
		t.Fatal(err)
	}
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
				back, err := rules.DecodeReportView(b, rules.ReportFormat())
				if err != nil {
					t.Fatal(err)
				}
				stored, err := shiloh1862.AsReportView(back)
				if err != nil {
					t.Fatal(err)
				}
				v := shiloh1862.ViewOf(sc, next, viewer)
				a, b2 := hourMail(t, "g1", fresh, v), hourMail(t, "g1", stored, v)
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
						t.Fatalf("game %d %s, %s's mail: the stored view words it differently:\n%s\n--- stored ---\n%s",
							seed, st.Hour, viewerName(viewer), x, y)
					}
				}
			}
			hours++
			st = next
		}
	}
	if worded < 1000 {
		t.Errorf("only %d results with a reason", worded)
	}
	t.Logf("%d hours, %d results with a reason: mails identical", hours, worded)
}

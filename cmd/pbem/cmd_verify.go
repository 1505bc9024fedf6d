package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/builtin"
	"github.com/shiloh-pbem/pbem/server"
	"github.com/shiloh-pbem/pbem/store"
)

// verifyRecord replays a record's turns (or, given hour, that one) and writes
// the verdict, naming the turns as the game's rules do and saying what was
// checked.
func verifyRecord(rec *store.GameRecord, hour string, w io.Writer) error {
	reg := builtin.Systems()
	rules, err := reg.Scenario(rec.Game.Ruleset, rec.Game.Scenario)
	if err != nil {
		return err
	}
	key := func(index int) string { return adjudicator.TurnAt(rules, index).Key }
	var diffs []string
	var checked []store.HourRecord
	for _, h := range rec.Hours {
		if h.Resolved() {
			checked = append(checked, h)
		}
	}
	var what, ok string
	if hour != "" {
		t, found := adjudicator.FindTurn(rules, hour)
		if !found {
			return usagef("--hour: %s has no turn %q (give its key as pbem game show prints it, or its number)", rules.ID(), hour)
		}
		var keep *store.HourRecord
		for i := range checked {
			if checked[i].Hour == t.Index {
				keep = &checked[i]
			}
		}
		if keep == nil {
			return fmt.Errorf("game %s has no resolved turn %s", rec.Game.ID, t.Key)
		}
		checked = []store.HourRecord{*keep}
		diffs, err = server.ReplayHour(rules, keep)
		what = " for " + t.Key
		ok = "that turn replays to the published result from its stored start, orders and revealed seed, and the seed matches " +
			"its commitment (the other turns and the audit chain were not checked: verify without --hour for those)"
	} else {
		diffs, err = server.VerifyRecord(reg, rec)
		switch n := len(checked); n {
		case 0:
			ok = "no turn is resolved yet; the audit chain holds"
		case 1:
			ok = fmt.Sprintf("its one resolved turn, %s, replays to the published result, its seed matches its commitment and the audit chain holds",
				key(checked[0].Hour))
		default:
			ok = fmt.Sprintf("its %d resolved turns, %s to %s, replay to the published results, their seeds match their commitments and the audit chain holds",
				n, key(checked[0].Hour), key(checked[n-1].Hour))
		}
	}
	if err != nil {
		return err
	}
	if len(diffs) == 0 {
		fmt.Fprintf(w, "game %s verifies%s: %s\n", rec.Game.ID, what, ok)
	} else {
		fmt.Fprintf(w, "game %s does NOT verify%s:\n", rec.Game.ID, what)
		for _, d := range diffs {
			fmt.Fprintf(w, "  %s\n", d)
		}
	}
	if older := server.EarlierFormats(rules, checked); len(older) > 0 {
		keys := make([]string, len(older))
		for i, h := range older {
			keys[i] = key(h)
		}
		fmt.Fprintf(w, "  note: %s stored their reports in an earlier report format; their seeds, orders and next states were checked, their report bytes were not\n",
			strings.Join(keys, ", "))
	}
	return nil
}

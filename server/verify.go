package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/store"
)

// ReplayHour recomputes one resolved hour from its stored inputs (the state at its
// start, the newest order set of each side and the revealed seed) and compares the
// result with what was stored: the next state and every side's report. It returns
// a list of differences, empty when the hour replays exactly, each naming the
// turn as the rules do ("Day 1 9AM", "T01-USA").
func ReplayHour(sc adjudicator.Scenario, h *store.HourRecord) ([]string, error) {
	turn := adjudicator.TurnAt(sc, h.Hour).Key
	if !h.Resolved() {
		return nil, fmt.Errorf("%s is not resolved", turn)
	}
	var diffs []string
	if got := store.Commitment(h.Seed); got != h.SeedCommitment {
		diffs = append(diffs, fmt.Sprintf("%s: the revealed seed does not match the commitment published before orders", turn))
	}
	before, err := sc.DecodeState(h.StateAtStart)
	if err != nil {
		return nil, err
	}
	ord, err := decodeOrders(sc, h)
	if err != nil {
		return nil, err
	}
	after, rep, err := sc.Resolve(before, ord, adjudicator.NewStreamDice(h.Seed))
	if err != nil {
		return nil, err
	}
	next, err := sc.EncodeState(after)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(next, h.NextState) {
		diffs = append(diffs, fmt.Sprintf("%s: the next state differs from the stored one", turn))
	}
	if h.Format() != sc.ReportFormat() {
		// The rules now write reports in another shape: the bytes cannot match,
		// and the next state above proves the hour (EarlierFormats says so).
		return diffs, nil
	}
	for _, viewer := range viewers {
		b, err := json.Marshal(sc.ViewReport(before, rep, after, viewer))
		if err != nil {
			return nil, err
		}
		if stored, ok := h.Reports[sideKey(viewer)]; ok && !bytes.Equal(b, stored) {
			diffs = append(diffs, fmt.Sprintf("%s: %s report differs from the stored one", turn, reportOwner(viewer)))
		}
	}
	return diffs, nil
}

// storeHour is how the store, which knows no rules, names a turn: "hour 3".
var storeHour = regexp.MustCompile(`\bhour (\d+)\b`)

// nameTurns renames the turns a store message numbers as the rules name them:
// "hour 1 does not start from hour 0's result" becomes "Day 1 8AM does not
// start from Day 1 7AM's result".
func nameTurns(sc adjudicator.Scenario, msg string) string {
	return storeHour.ReplaceAllStringFunc(msg, func(m string) string {
		n, err := strconv.Atoi(storeHour.FindStringSubmatch(m)[1])
		if err != nil {
			return m
		}
		return adjudicator.TurnAt(sc, n).Key
	})
}

// reportOwner names whose report a viewer's is, for the differences.
func reportOwner(viewer adjudicator.Side) string {
	if viewer == adjudicator.NoSide {
		return "the GM's"
	}
	return viewer.String() + "'s"
}

// VerifyRecord checks an exported game record offline: the audit chain link by
// link, then every resolved hour replayed from its published state, orders and
// revealed seed, and each hour's start equal to the previous hour's result.
func VerifyRecord(reg *adjudicator.Registry, rec *store.GameRecord) ([]string, error) {
	rules, err := reg.Scenario(rec.Game.Ruleset, rec.Game.Scenario)
	if err != nil {
		return nil, err
	}
	var diffs []string
	if err := rec.Verify(); err != nil {
		diffs = append(diffs, nameTurns(rules, err.Error()))
	}
	var played []*store.HourRecord
	for i := range rec.Hours {
		h := &rec.Hours[i]
		if i > 0 && rec.Hours[i-1].Resolved() && !bytes.Equal(rec.Hours[i-1].NextState, h.StateAtStart) {
			diffs = append(diffs, fmt.Sprintf("%s does not start where %s ended",
				adjudicator.TurnAt(rules, h.Hour).Key, adjudicator.TurnAt(rules, rec.Hours[i-1].Hour).Key))
		}
		if !h.Resolved() {
			break
		}
		played = append(played, h)
	}
	d, err := ReplayHours(rules, played)
	return append(diffs, d...), err
}

// EarlierFormats lists the resolved hours whose reports were stored in a format
// other than the one the rules write now (docs/ARCHITECTURE.md §8): replay checks
// their seeds, orders and next states, but cannot compare their reports byte for
// byte, and the verdict says so.
func EarlierFormats(rules adjudicator.Scenario, hours []store.HourRecord) []int {
	var out []int
	for i := range hours {
		if h := &hours[i]; h.Resolved() && h.Format() != rules.ReportFormat() {
			out = append(out, h.Hour)
		}
	}
	return out
}

// ReplayHours replays resolved hours, each from its own stored start, on every
// core: an hour's replay needs nothing from another's. The differences come back
// in the hours' order.
func ReplayHours(rules adjudicator.Scenario, hours []*store.HourRecord) ([]string, error) {
	diffs := make([][]string, len(hours))
	errs := make([]error, len(hours))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(hours)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				diffs[i], errs[i] = ReplayHour(rules, hours[i])
			}
		}()
	}
	for i := range hours {
		next <- i
	}
	close(next)
	wg.Wait()
	var out []string
	for i := range hours {
		if errs[i] != nil {
			return out, errs[i]
		}
		out = append(out, diffs[i]...)
	}
	return out, nil
}

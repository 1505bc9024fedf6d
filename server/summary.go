package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/render"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// endOfGame builds the end-of-game record every recipient gets once the game is
// over (issue: the end-of-game summary): nothing is hidden any more, so it is built
// from the stored hours in full. It also draws the casualty chart.
func endOfGame(tx *store.Tx, g *store.Game, sc *shiloh1862.Scenario, after *shiloh1862.State, head store.ChainHead) (*templates.Summary, []byte, error) {
	sum := &templates.Summary{ChainHead: head.String(), Result: resultText(after)}
	nums, err := tx.HourNumbers(g.ID)
	if err != nil {
		return nil, nil, err
	}
	names := namesOf(sc)
	var chart []render.HourLosses
	for _, n := range nums {
		h, err := tx.Hour(g.ID, n)
		if err != nil {
			return nil, nil, err
		}
		if !h.Resolved() {
			continue
		}
		var rv shiloh1862.ReportView
		if err := json.Unmarshal(h.Reports[store.GMReport], &rv); err != nil {
			return nil, nil, fmt.Errorf("server: GM report of hour %d: %w", n, err)
		}
		hour := shiloh1862.Hour(n)
		sh := templates.SummaryHour{Hour: hour.String(), Player1: rv.Initiative.Player1.String(),
			Seed: fmt.Sprintf("%x", h.Seed), Commitment: h.SeedCommitment.String()}
		for _, sd := range adjudicator.Sides {
			text := "(no orders: played by standing orders)"
			if o := h.Latest(sideKey(sd)); o != nil && len(o.Parsed) > 0 {
				var parsed shiloh1862.Orders
				if err := json.Unmarshal(o.Parsed, &parsed); err != nil {
					return nil, nil, err
				}
				text = strings.TrimSpace(orders.Format(&parsed, names))
			}
			if sd == adjudicator.USA {
				sh.USA = text
			} else {
				sh.CSA = text
			}
		}
		sum.Hours = append(sum.Hours, sh)
		label := hour.String()
		if !hour.IsNight() {
			label = strings.TrimPrefix(strings.TrimPrefix(label, "Day 1 "), "Day 2 ")
			if hour >= shiloh1862.Day2First {
				label = "D2 " + label
			}
		}
		chart = append(chart, render.HourLosses{Label: label, USA: stepsLost(sc, rv.Events, adjudicator.USA), CSA: stepsLost(sc, rv.Events, adjudicator.CSA)})
	}
	sum.Losses = lossLines(sc, after)
	var png bytes.Buffer
	if err := render.WriteCasualtyChart(&png, fmt.Sprintf("Game %s: steps lost per hour", g.ID), chart); err != nil {
		return nil, nil, err
	}
	return sum, png.Bytes(), nil
}

// stepsLost counts the steps a side lost in an hour's events: each hit in battle
// or at night, each straggler step, and the last step of every block eliminated.
func stepsLost(sc *shiloh1862.Scenario, evs []shiloh1862.Event, side adjudicator.Side) int {
	n := 0
	for _, e := range evs {
		if e.Block == "" || sc.OB.Block(e.Block) == nil || sc.OB.Block(e.Block).Side != side {
			continue
		}
		switch e.Kind {
		case shiloh1862.EvHit, shiloh1862.EvEliminated:
			n++
		case shiloh1862.EvStraggler:
			if e.Hits > 0 || (len(e.Dice) == 1 && e.Dice[0] <= 3) {
				n++
			}
		}
	}
	return n
}

func resultText(st *shiloh1862.State) string {
	p := st.Points()
	u, c := p[adjudicator.USA.Index()], p[adjudicator.CSA.Index()]
	day := "Day 1"
	if st.Hour > shiloh1862.Day1Last {
		day = "Day 2"
	}
	switch st.Winner {
	case adjudicator.USA, adjudicator.CSA:
		return fmt.Sprintf("%s wins (%s): USA %d VP, CSA %d VP (8.0).", st.Winner, day, u, c)
	}
	return fmt.Sprintf("The game ended without a winner: USA %d VP, CSA %d VP.", u, c)
}

// lossLines lists each side's losses by block type, Fallen HQ markers apart.
func lossLines(sc *shiloh1862.Scenario, st *shiloh1862.State) []string {
	var out []string
	for _, sd := range adjudicator.Sides {
		counts := map[shiloh1862.BlockType]int{}
		fallen, total := 0, 0
		for _, l := range st.Losses {
			if l.Side != sd {
				continue
			}
			total++
			if l.HQFall {
				fallen++
				continue
			}
			if b := sc.OB.Block(l.Block); b != nil {
				counts[b.Type]++
			}
		}
		var parts []string
		for _, t := range []shiloh1862.BlockType{shiloh1862.Infantry, shiloh1862.Cavalry, shiloh1862.Artillery, shiloh1862.HQ, shiloh1862.Gunboat} {
			if counts[t] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", counts[t], t))
			}
		}
		if fallen > 0 {
			parts = append(parts, fmt.Sprintf("%d Fallen HQ markers", fallen))
		}
		if len(parts) == 0 {
			parts = []string{"nothing"}
		}
		out = append(out, fmt.Sprintf("%s lost %d (VPs for the enemy): %s.", sd, total, strings.Join(parts, ", ")))
	}
	return out
}

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
	sum := &templates.Summary{ChainHead: head.String(), Result: templates.SummaryResult(after)}
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
			text := templates.SummaryNoOrders()
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
		chart = append(chart, render.HourLosses{Label: label, USA: shiloh1862.StepsLost(sc, rv.Events, adjudicator.USA), CSA: shiloh1862.StepsLost(sc, rv.Events, adjudicator.CSA)})
	}
	sum.Losses = templates.SummaryLosses(shiloh1862.Tallies(sc, after))
	var png bytes.Buffer
	if err := render.WriteCasualtyChart(&png, templates.ChartTitle(g.ID), chart); err != nil {
		return nil, nil, err
	}
	return sum, png.Bytes(), nil
}

package server

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/render"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// endOfGame builds the end-of-game record every recipient gets once the game is
// over (issue: the end-of-game summary): nothing is hidden any more, so it is built
// from the stored hours in full. It also draws the casualty chart.
func endOfGame(tx *store.Tx, g *store.Game, sc adjudicator.Scenario, after adjudicator.State, head store.ChainHead) (*templates.Summary, []byte, error) {
	nums, err := tx.HourNumbers(g.ID)
	if err != nil {
		return nil, nil, err
	}
	var hours []templates.PlayedHour
	for _, n := range nums {
		h, err := tx.Hour(g.ID, n)
		if err != nil {
			return nil, nil, err
		}
		if !h.Resolved() {
			continue
		}
		rv, err := sc.DecodeReportView(h.Reports[store.GMReport], h.Format())
		if err != nil {
			return nil, nil, fmt.Errorf("server: GM report of hour %d: %w", n, err)
		}
		ph := templates.PlayedHour{Index: n, GM: rv, Seed: fmt.Sprintf("%x", h.Seed), Commitment: h.SeedCommitment.String()}
		ord, err := decodeOrders(sc, h)
		if err != nil {
			return nil, nil, err
		}
		for i, o := range ord {
			if o == nil {
				continue
			}
			text, err := orders.Canonical(sc, o)
			if err != nil {
				return nil, nil, err
			}
			ph.Sent[i], ph.Orders[i] = true, strings.TrimSpace(text)
		}
		hours = append(hours, ph)
	}
	sum, rows, err := templates.EndOfGame(sc, after, head.String(), hours)
	if err != nil {
		return nil, nil, err
	}
	chart := make([]render.HourLosses, 0, len(rows))
	for _, r := range rows {
		chart = append(chart, render.HourLosses{Label: r.Label, USA: r.Lost[adjudicator.USA.Index()], CSA: r.Lost[adjudicator.CSA.Index()]})
	}
	var png bytes.Buffer
	if err := render.WriteCasualtyChart(&png, sc, g.ID, chart); err != nil {
		return nil, nil, err
	}
	return sum, png.Bytes(), nil
}

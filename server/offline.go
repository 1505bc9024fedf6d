package server

import (
	"encoding/json"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// OfflineHour is one hour resolved outside any game, as pbem resolve resolves
// it: what its mails are drawn from.
type OfflineHour struct {
	// Game is the game id the mails name.
	Game  string
	Rules adjudicator.Scenario
	// Before and After are the states at the hour's start and end, Report what
	// the rules reported of it.
	Before, After adjudicator.State
	Report        adjudicator.Report
	// Orders are the sides' orders; a side that had to send and has none is
	// told it was played without orders, as in a game.
	Orders [2]adjudicator.Orders
	// Seed, Commitment (of the next hour's seed) and Head (the audit chain's)
	// are printed when set; an hour resolved offline has at most its seed.
	Seed       []byte
	Commitment store.Hash
	Head       store.ChainHead
	// Ran names the order sets played, by the version and hash their
	// receipts showed; nil when the orders came from no receipt.
	Ran [2]*templates.OrdersRun
}

// HourMail is the mail viewer (a side, or NoSide for the GM) gets at the end of
// the hour: its report, map and order form, drawn from its view alone by the
// code that draws a running game's hour mails, from the report view as a game
// stores it. Only what a running game adds on sending (addresses, deadline,
// threading, an end-of-game record from the store) is missing.
func HourMail(h OfflineHour, viewer adjudicator.Side) (mail.OutMessage, error) {
	b, err := json.Marshal(h.Rules.ViewReport(h.Before, h.Report, h.After, viewer))
	if err != nil {
		return mail.OutMessage{}, err
	}
	v, err := h.Rules.DecodeReportView(b, h.Rules.ReportFormat())
	if err != nil {
		return mail.OutMessage{}, err
	}
	played := h.Before.Turn()
	rv := &hourReveal{seed: h.Seed, head: h.Head, played: played, ran: h.Ran}
	rv.views[viewerIndex(viewer)] = v
	for _, sd := range adjudicator.Sides {
		rv.nmr[sd.Index()] = sends(played, sd) && h.Orders[sd.Index()] == nil
	}
	var s Server
	return s.hourMail(&store.Game{ID: h.Game}, h.Rules, nil, nil, h.After, h.Commitment, rv, recipient{viewer: viewer})
}

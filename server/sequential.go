package server

import (
	"fmt"
	"strings"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// Sequential mode (DESIGN §2, per game): the rulebook's order of play by mail. The
// hour opens with initiative announced; Player 1 sends orders; Player 1's moves
// are then shown to Player 2, who sends orders; then the hour resolves (battles,
// supply) as usual, with the same committed seed. The engine plays the two
// intermediate steps (shiloh1862.ThrowInitiative and FirstMoves, sequential.go
// there); the server mails them.

// openSequential announces the initiative of a newly opened hour of a
// sequential game and records it.
func (s *Server) openSequential(tx *store.Tx, g *store.Game, sc adjudicator.Scenario, st adjudicator.State) error {
	seq, ok := sc.(adjudicator.Sequential)
	if !ok {
		return fmt.Errorf("server: game %s is sequential, but %s has no sequential play", g.ID, sc.ID())
	}
	turn := st.Turn()
	p1, reason, err := seq.Initiative(st, adjudicator.NewStreamDice(hourSeed(g, turn.Index)))
	if err != nil {
		return err
	}
	say, err := templates.Wording(sc)
	if err != nil {
		return err
	}
	n, err := templates.NoticesOf(sc)
	if err != nil {
		return err
	}
	why := say(reason)
	g.SeqHour = &store.SequentialHour{Hour: turn.Index, Player1: sideKey(p1), Initiative: why}
	if err := tx.PutGame(g); err != nil {
		return err
	}
	key, player1 := adjudicator.TextArg("turn", turn.Key), adjudicator.SideArg("side", p1)
	for _, sd := range adjudicator.Sides {
		what := "notice.seq.player1"
		if sd != p1 {
			what = "notice.seq.player2"
		}
		// The initiative stays on one line, as the system words it.
		body := n.Line("notice.seq.head", adjudicator.TextArg("game", g.ID), key) + "\n" +
			n.Line("notice.seq.initiative", adjudicator.TextArg("why", why), player1) + "\n\n" + n.Para(adjudicator.Say(what))
		if err := s.queueText(tx, g, sd, fmt.Sprintf("initiative-h%d%s", turn.Index, reseedTag(g, turn.Index)),
			n.Line("notice.seq.subject", key, player1), body); err != nil {
			return err
		}
	}
	return nil
}

// seqLocked says whether a side's orders can no longer change: Player 1's once
// its moves were shown to Player 2.
func seqLocked(g *store.Game, side adjudicator.Side) bool {
	q := g.SeqHour
	return g.Options.Sequential && q != nil && q.Hour == g.CurrentHour && q.Player1 == sideKey(side) && !q.MovesSentAt.IsZero()
}

// seqAfterOrders runs after a side's orders were stored in a sequential game:
// Player 1's orders are played to the end of its turn and the moves Player 2
// may see are mailed to Player 2. It returns a note for the side's receipt.
func (s *Server) seqAfterOrders(tx *store.Tx, g *store.Game, side adjudicator.Side, h *store.HourRecord) (string, error) {
	q := g.SeqHour
	if !g.Options.Sequential || q == nil || q.Hour != h.Hour {
		return "", nil
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	if q.Player1 != sideKey(side) {
		if q.MovesSentAt.IsZero() {
			return "\n" + n.Para(adjudicator.Say("notice.seq.p2-early")), nil
		}
		return "", nil
	}
	h, sc, before, both, err := s.hourInputs(tx, g, h.Hour) // with the orders just stored
	if err != nil {
		return "", err
	}
	seq, ok := sc.(adjudicator.Sequential)
	if !ok {
		return "", fmt.Errorf("server: game %s is sequential, but %s has no sequential play", g.ID, sc.ID())
	}
	rv, err := seq.FirstMoves(before, both[side.Index()], adjudicator.NewStreamDice(hourSeed(g, h.Hour)))
	if err != nil {
		return "", err
	}
	lines, err := templates.FirstMovesLines(sc, rv)
	if err != nil {
		return "", err
	}
	p2 := side.Enemy()
	label := before.Turn().Key
	key := adjudicator.TextArg("turn", label)
	var b strings.Builder
	b.WriteString(n.Para(adjudicator.Say("notice.seq.moved", adjudicator.TextArg("game", g.ID), key, adjudicator.SideArg("side", side))) + "\n")
	for _, l := range lines {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	if len(lines) == 0 {
		b.WriteString("  " + n.Line("notice.seq.moved.none") + "\n")
	}
	moves := b.String()
	b.WriteString("\n" + n.Para(adjudicator.Say("notice.seq.moved.orders")))
	// The position between the turns, drawn from Player 2's view of it (and the
	// GM's), with the moves Player 2 was shown.
	mid, err := seq.BetweenTurns(before, both[side.Index()], adjudicator.NewStreamDice(hourSeed(g, h.Hour)))
	if err != nil {
		return "", err
	}
	png, err := drawMap(g, sc, sc.View(mid, p2), rv)
	if err != nil {
		return "", err
	}
	kind := fmt.Sprintf("p1moves-h%d%s", h.Hour, reseedTag(g, h.Hour))
	if err := s.queueReply(tx, g, p2, kind, nil, mail.OutMessage{Subject: n.Line("notice.seq.moved.subject", key),
		Text: b.String(), MapPNG: png, MapName: seqMapName(g, h.Hour, p2)}); err != nil {
		return "", err
	}
	if err := s.queueGMMoves(tx, g, sc, n, mid, h.Hour, label, p2, moves); err != nil {
		return "", err
	}
	q.MovesSentAt = tx.Now()
	if err := tx.PutGame(g); err != nil {
		return "", err
	}
	return "\n" + n.Para(adjudicator.Say("notice.seq.p1-final", key)), nil
}

// seqSubmitted adjusts the sides' submission times for a sequential game: Player
// 2's orders count only once sent after Player 1's moves reached it.
func seqSubmitted(g *store.Game, sub map[string]time.Time) map[string]time.Time {
	q := g.SeqHour
	if !g.Options.Sequential || q == nil || q.Hour != g.CurrentHour {
		return sub
	}
	for side, at := range sub {
		if side != q.Player1 && (q.MovesSentAt.IsZero() || at.Before(q.MovesSentAt)) {
			delete(sub, side)
		}
	}
	return sub
}

// queueGMMoves sends the game's GM the "Player 1 has moved" notice: what Player 2
// was shown, so the GM can follow the hour's two round trips.
func (s *Server) queueGMMoves(tx *store.Tx, g *store.Game, sc adjudicator.Scenario, n templates.Notices, mid adjudicator.State, hour int,
	label string, p2 adjudicator.Side, shown string) error {
	if g.GM == "" {
		return nil
	}
	png, err := drawMap(g, sc, sc.View(mid, adjudicator.NoSide), nil)
	if err != nil {
		return err
	}
	key := adjudicator.TextArg("turn", label)
	body := shown + "\n" + n.Para(adjudicator.Say("notice.seq.gm", key, adjudicator.SideArg("side", p2)))
	r := recipient{viewer: adjudicator.NoSide, addr: g.GM, reply: mail.GameAddress(s.local, s.domain, g.ID)}
	return s.enqueue(tx, g, r, fmt.Sprintf("p1moves-h%d%s-gm", hour, reseedTag(g, hour)), hour,
		mail.OutMessage{Subject: n.Line("notice.seq.gm.subject", key), Text: body, MapPNG: png, MapName: seqMapName(g, hour, adjudicator.NoSide)})
}

// seqMapName names the map of the position between the turns of an hour.
func seqMapName(g *store.Game, hour int, viewer adjudicator.Side) string {
	return fmt.Sprintf("%s-h%d-player1-moved-%s.png", g.ID, hour, sideKey(viewer))
}

// seqCheckState is the position a side's orders are checked against: the hour's
// start, but for Player 2 once Player 1's moves were shown, the position after
// them (Sequential.BetweenTurns), which the check cuts Player 2's knowledge from.
func (s *Server) seqCheckState(tx *store.Tx, g *store.Game, side adjudicator.Side, h *store.HourRecord,
	sc adjudicator.Scenario, start adjudicator.State) (adjudicator.State, error) {
	q := g.SeqHour
	if !g.Options.Sequential || q == nil || q.Hour != h.Hour || q.Player1 == sideKey(side) || q.MovesSentAt.IsZero() {
		return start, nil
	}
	seq, ok := sc.(adjudicator.Sequential)
	if !ok {
		return nil, fmt.Errorf("server: game %s is sequential, but %s has no sequential play", g.ID, sc.ID())
	}
	ord, err := decodeOrders(sc, h)
	if err != nil {
		return nil, err
	}
	p1 := side.Enemy()
	if ord[p1.Index()] == nil {
		return start, nil
	}
	return seq.BetweenTurns(start, ord[p1.Index()], adjudicator.NewStreamDice(hourSeed(g, h.Hour)))
}

// receiptMail words the receipt for a side's orders: as final for sequential
// play's Player 1, whose moves are shown to Player 2 as soon as they are in (its
// note says so), else as orders that newer ones may replace.
func (s *Server) receiptMail(g *store.Game, side adjudicator.Side, h *store.HourRecord, sc adjudicator.Scenario,
	turn string, rc *orders.Receipt) (subject, text string, err error) {
	if q := g.SeqHour; g.Options.Sequential && q != nil && q.Hour == h.Hour && q.Player1 == sideKey(side) {
		return templates.FinalReceiptMail(sc, turn, rc)
	}
	return templates.ReceiptMail(sc, turn, rc)
}

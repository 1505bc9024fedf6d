package server

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// intake decides what one mail means and does it inside tx. It returns the id of
// a game whose hour may now be ready to resolve.
func (s *Server) intake(tx *store.Tx, d mail.Delivery, ref uint64) (string, error) {
	log := s.cfg.Logger.With("uid", d.UID, "message_id", d.MessageID)
	if d.Oversize {
		log.Warn("mail ignored: too large", "size", d.Size)
		return "", nil
	}
	in, err := mail.Decode(d.Raw, &mail.DecodeOptions{MaxBytes: s.cfg.MaxBytes})
	if err != nil {
		log.Warn("mail ignored: unreadable", "err", err)
		return "", nil
	}
	if disp, why := mail.Classify(in, s.self()); disp != mail.Process {
		log.Info("mail ignored", "why", why)
		return "", nil
	}
	if s.cfg.DKIM != mail.DKIMOff {
		r := mail.CheckDKIM(d.Raw, in.From.Addr, s.cfg.DKIM, s.cfg.LookupTXT)
		if !r.Accept {
			log.Warn("mail refused: DKIM", "from", in.From.Addr, "why", r.Reason)
			return "", nil
		}
		if !r.Pass {
			log.Warn("DKIM did not verify; accepted by policy", "from", in.From.Addr, "why", r.Reason)
		}
	}
	if s.limiter != nil {
		s.repliedMu.Lock()
		ok := s.limiter.Allow(strings.ToLower(in.From.Addr))
		s.repliedMu.Unlock()
		if !ok {
			// Kept in the mail archive; not read, not answered (a loop or a flood).
			log.Warn("mail ignored: sender over its hourly limit", "from", in.From.Addr)
			return "", nil
		}
	}
	// Which game and side: a secret plus-address is the authentication.
	var game *store.Game
	var side adjudicator.Side
	for _, c := range mail.Route(in, mail.RouteConfig{LocalPart: s.local, Domain: s.domain}) {
		if c.Token == "" {
			continue
		}
		gid, sd, err := tx.GameByToken(c.Token)
		if err != nil || gid != c.Game || sd != c.Side {
			continue
		}
		if game, err = tx.Game(gid); err != nil {
			return "", err
		}
		side, _ = adjudicator.ParseSide(sd)
		break
	}
	if game == nil {
		if handled, err := s.gmIntake(tx, in); handled || err != nil {
			return "", err
		}
		if handled, err := s.publicIntake(tx, in); handled || err != nil {
			return "", err
		}
		if handled, err := s.gmReply(tx, in); handled || err != nil {
			return "", err
		}
		return "", s.replyUnknown(tx, in)
	}
	player := game.Players[sideKey(side)]
	if !mail.SenderMatches(in, player.Address) {
		// The token is secret, so the mail is accepted; the player of record is
		// told, in case the address leaked (the Diplomacy Judge does the same).
		if err := s.queueAlert(tx, game, side, in); err != nil {
			return "", err
		}
	}
	if game.Status == store.StatusOpen {
		// The secret address of an invitation: DECLINE declines, any other mail accepts.
		if _, ok := lineCommand(in.Fresh(), "DECLINE"); ok {
			return "", s.decline(tx, game, side)
		}
		return "", s.accept(tx, game, side)
	}
	own, err := s.ownText(tx, game, side, in)
	if err != nil {
		return "", err
	}
	cmds := mail.Commands(own)
	for _, c := range cmds {
		switch c.Name {
		case "HELP":
			return "", s.queueHelp(tx, game, side)
		case "STATUS":
			return "", s.queueStatus(tx, game, side)
		case "RESEND":
			return "", s.queueResend(tx, game, side)
		case "RESIGN":
			return "", s.resign(tx, game, side)
		}
	}
	if handled, err := s.playerSettings(tx, game, side, own); handled || err != nil {
		return "", err
	}
	if game.Status != store.StatusRunning {
		n, err := s.noticesOf(game)
		if err != nil {
			return "", err
		}
		return "", s.queueText(tx, game, side, "notice", n.Line("notice.not-running.subject"),
			n.Para(adjudicator.Say("notice.not-running", adjudicator.TextArg("game", game.ID), adjudicator.TextArg("status", string(game.Status)))))
	}
	if refused, err := s.refusePlayedHourReply(tx, game, side, in); refused || err != nil {
		return "", err
	}
	return s.takeOwnOrders(tx, game, side, in, own, ref)
}

// self is the adjudicator's identity for loop protection.
func (s *Server) self() mail.SelfInfo {
	return mail.SelfInfo{Addresses: []string{s.cfg.Address}, MessageIDDomain: s.idDomain}
}

// takeOrders parses and checks one side's orders, stores them as a new version and
// queues the receipt.
func (s *Server) takeOrders(tx *store.Tx, g *store.Game, side adjudicator.Side, in *mail.Inbound, ref uint64) (string, error) {
	own, err := s.ownText(tx, g, side, in)
	if err != nil {
		return "", err
	}
	return s.takeOwnOrders(tx, g, side, in, own, ref)
}

// takeOwnOrders is takeOrders of text, what the player wrote in the mail
// (ownText): the order set's text, and what the receipt's line numbers count.
func (s *Server) takeOwnOrders(tx *store.Tx, g *store.Game, side adjudicator.Side, in *mail.Inbound, text string, ref uint64) (string, error) {
	h, sc, st, err := s.currentStart(tx, g)
	if err != nil {
		return "", err
	}
	if seqLocked(g, side) {
		n, err := templates.NoticesOf(sc)
		if err != nil {
			return "", err
		}
		return "", s.queueText(tx, g, side, "locked", n.Line("notice.locked.subject"),
			n.Para(adjudicator.Say("notice.locked", adjudicator.TextArg("turn", adjudicator.TurnAt(sc, h.Hour).Key))))
	}
	if st, err = s.seqCheckState(tx, g, side, h, sc, st); err != nil {
		return "", err
	}
	prev := h.Latest(sideKey(side))
	prevVersion := 0
	if prev != nil {
		prevVersion = prev.Version
	}
	read, rc, err := orders.Read(sc, st, side, text, prevVersion+1, prevVersion)
	if err != nil {
		return "", err
	}
	parsed, err := json.Marshal(read)
	if err != nil {
		return "", err
	}
	var hash store.Hash
	if err := hash.UnmarshalText([]byte(rc.Hash)); err != nil {
		return "", fmt.Errorf("server: receipt hash %q: %w", rc.Hash, err)
	}
	set, err := tx.AddOrderSet(g.ID, h.Hour, sideKey(side), store.OrderSet{
		MailRef: ref, From: in.From.Addr, Text: text, Parsed: parsed, Hash: hash,
	})
	if err != nil {
		return "", err
	}
	subj, body, err := s.receiptMail(g, side, h, sc, st.Turn().Key, rc)
	if err != nil {
		return "", err
	}
	note, err := s.seqAfterOrders(tx, g, side, h)
	if err != nil {
		return "", err
	}
	body += note
	if body, err = s.receiptNotes(tx, g, side, sc, h, in, body); err != nil {
		return "", err
	}
	if err := s.queueReply(tx, g, side, fmt.Sprintf("receipt-h%d-v%d", h.Hour, set.Version), in,
		mail.OutMessage{Subject: subj, Text: body}); err != nil {
		return "", err
	}
	return g.ID, nil
}

// ownText is what a player wrote in a mail: without quotes, signature, and any
// copy of the mails we sent the side (quoted or not), so that the order form of a
// copied hour mail never wins over the player's own orders. The raw mail stays in
// the archive.
func (s *Server) ownText(tx *store.Tx, g *store.Game, side adjudicator.Side, in *mail.Inbound) (string, error) {
	ours := mail.Ours{Addresses: []string{s.cfg.Address}, Names: []string{s.cfg.FromName}}
	own := in.Own(ours)
	if nonBlankLines(own) < minCopyLines {
		// Too short to hold a copy of our mails: no need to word them (which
		// triples the cost of a receipt).
		return own, nil
	}
	texts, err := s.sentTexts(tx, g, side)
	if err != nil {
		// Not knowing what we sent must not hold up the orders (a failing mail
		// is retried forever): only the copies under an attribution naming us
		// are then recognised.
		s.cfg.Logger.Warn("what we sent could not be worded again", "game", g.ID, "side", sideKey(side), "err", err)
		texts = nil
	}
	ours.Texts = texts
	return in.Own(ours), nil
}

// minCopyLines is the fewest non-blank lines a text holding a copy of one of
// our mails has: the shortest, a receipt, has seven.
const minCopyLines = 6

func nonBlankLines(s string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// sentTexts are the texts of the mails a reply from the side most likely
// quotes: the last hour mail and the receipt of its newest orders. Sent mail
// keeps no bytes in the store, so they are worded again from the stored hours,
// as RESEND draws them (without the map).
func (s *Server) sentTexts(tx *store.Tx, g *store.Game, side adjudicator.Side) ([]string, error) {
	if g.Status != store.StatusRunning && g.Status != store.StatusPaused {
		return nil, nil
	}
	var texts []string
	hj, ok, err := lastHourJob(tx, g)
	if err != nil || !ok {
		return nil, err
	}
	in, err := s.loadHourMailInputs(tx, &hj)
	if err != nil {
		return nil, err
	}
	for _, r := range s.recipients(g) {
		if r.viewer != side {
			continue
		}
		m, _, _, err := s.hourMailOf(g, in.sc, nil, nil, in.after, in.commitment, in.reveal, r)
		if err != nil {
			return nil, err
		}
		text, err := hourMailText(in.sc, m, in.reveal, r)
		if err != nil {
			return nil, err
		}
		texts = append(texts, text)
	}
	h, sc, st, err := s.currentStart(tx, g)
	if err != nil {
		return nil, err
	}
	if prev := h.Latest(sideKey(side)); prev != nil {
		_, rc, err := orders.Read(sc, st, side, prev.Text, prev.Version, prev.Version-1)
		if err != nil {
			return nil, err
		}
		_, text, err := s.receiptMail(g, side, h, sc, st.Turn().Key, rc)
		if err != nil {
			return nil, err
		}
		texts = append(texts, text)
	}
	return texts, nil
}

// answeredHour says which hour's mail a player's mail answers: the hour of the
// first of our mails it names, In-Reply-To first, then References from the
// newest. Our Message-IDs are made from the outbox key of the mail
// (enqueue: "<game>.<kind>@<id domain>"), and the kinds of an hour's mails
// name it: hour-h<n>…, receipt-h<n>-…, grace-h<n>-…. ok is false when the mail
// names none of ours, or first names one of ours without an hour (a STATUS
// answer, a RESEND).
func (s *Server) answeredHour(g *store.Game, in *mail.Inbound) (hour int, ok bool) {
	ids := append([]string(nil), in.InReplyTo...)
	for i := len(in.References) - 1; i >= 0; i-- {
		ids = append(ids, in.References[i])
	}
	prefix := mail.OutboxMessageID(g.ID+".", "")
	prefix = strings.TrimSuffix(prefix, "@")
	for _, id := range ids {
		local, domain, found := strings.Cut(id, "@")
		if !found || !strings.EqualFold(domain, s.idDomain) || !strings.HasPrefix(local, prefix) {
			continue
		}
		m := hourKindRE.FindStringSubmatch(strings.TrimPrefix(local, prefix))
		if m == nil {
			return 0, false
		}
		n, err := strconv.Atoi(m[1])
		return n, err == nil
	}
	return 0, false
}

// hourKindRE reads the hour from the kind of an hour's mail.
var hourKindRE = regexp.MustCompile(`^[a-z]+-h(\d+)(-|$)`)

// refusePlayedHourReply answers, instead of taking them as orders, a mail that
// answers the mail of an hour already played: its orders were written against
// another position. refused says it did (unless the installation accepts such
// replies). The mail itself is in the archive, so nothing is lost.
func (s *Server) refusePlayedHourReply(tx *store.Tx, g *store.Game, side adjudicator.Side, in *mail.Inbound) (bool, error) {
	hour, ok := s.answeredHour(g, in)
	if !ok || hour >= g.CurrentHour || s.cfg.AcceptPlayedHourReplies {
		return false, nil
	}
	sc, err := s.rulesOf(g)
	if err != nil {
		return false, err
	}
	n, err := templates.NoticesOf(sc)
	if err != nil {
		return false, err
	}
	s.cfg.Logger.Info("orders for a played hour refused", "game", g.ID, "side", sideKey(side), "answered", hour, "open", g.CurrentHour)
	answered := adjudicator.TextArg("turn", adjudicator.TurnAt(sc, hour).Key)
	open := adjudicator.TextArg("open", adjudicator.TurnAt(sc, g.CurrentHour).Key)
	body := n.Para(adjudicator.Say("notice.played", answered, open)) + "\n" + n.Para(adjudicator.Say("notice.played.kept", open))
	return true, s.queueReply(tx, g, side, fmt.Sprintf("played-h%d", g.CurrentHour), in,
		mail.OutMessage{Subject: n.Line("notice.played.subject", answered), Text: body})
}

// receiptNotes adds to a receipt's text which hour's mail the orders answered
// (under its first line) and when the hour now open resolves (at the end).
// h is the open hour as read before the orders were added.
func (s *Server) receiptNotes(tx *store.Tx, g *store.Game, side adjudicator.Side, sc adjudicator.Scenario, h *store.HourRecord, in *mail.Inbound, body string) (string, error) {
	open := adjudicator.TurnAt(sc, g.CurrentHour).Key
	if hour, ok := s.answeredHour(g, in); ok {
		code, args := "receipt.answered", []adjudicator.Arg{adjudicator.TextArg("turn", adjudicator.TurnAt(sc, hour).Key)}
		if hour != g.CurrentHour {
			code, args = "receipt.answered.played", append(args, adjudicator.TextArg("current", open))
		}
		note, err := templates.ReceiptNote(sc, code, args...)
		if err != nil {
			return "", err
		}
		first, rest, _ := strings.Cut(body, "\n")
		body = first + "\n" + note + rest
	}
	note, err := s.resolvesNote(tx, g, side, sc, h)
	if err != nil {
		return "", err
	}
	return body + note, nil
}

// resolvesNote says when the hour now open resolves, as the tick decides it
// (plan): with both sides' orders in, after the change of mind or at the
// deadline, whichever is first; else at the deadline, or at the end of the
// grace period once the deadline has passed; without a deadline, once both
// sides' orders are in. The time is in the player's zone. h is the hour as read
// before the side's orders, which arrived now, were added.
func (s *Server) resolvesNote(tx *store.Tx, g *store.Game, side adjudicator.Side, sc adjudicator.Scenario, h *store.HourRecord) (string, error) {
	turn := adjudicator.TurnAt(sc, h.Hour)
	sub := submittedAt(h, turn)
	if sends(turn, side) {
		sub[sideKey(side)] = tx.Now()
	}
	sub = seqSubmitted(g, sub)
	allIn, last := true, time.Time{}
	for _, sd := range schedule.Sides {
		at := sub[sd]
		if at.IsZero() {
			allIn = false
		} else if at.After(last) {
			last = at
		}
	}
	p, ok := policyOf(g)
	deadline := g.Deadline.Next
	if !ok {
		deadline = time.Time{}
	}
	now, zone := tx.Now(), g.Players[sideKey(side)].TimeZone
	say := func(code string, at time.Time) (string, error) {
		args := []adjudicator.Arg{adjudicator.TextArg("turn", turn.Key)}
		if !at.IsZero() {
			args = append(args, adjudicator.TextArg("time", deadlineText(at, zone)))
		}
		return templates.ReceiptNote(sc, code, args...)
	}
	switch {
	case allIn:
		at := last.Add(g.Deadline.ChangeOfMind)
		if !deadline.IsZero() && deadline.Before(at) {
			at = deadline
		}
		if !at.After(now) {
			return say("receipt.resolves.now", time.Time{})
		}
		return say("receipt.resolves.both", at)
	case deadline.IsZero():
		return say("receipt.resolves.waiting", time.Time{})
	case !now.Before(deadline):
		return say("receipt.resolves.grace", deadline.Add(p.Grace))
	}
	return say("receipt.resolves.deadline", deadline)
}

// PreviewReceipt is the receipt a side would get for text, without storing
// anything (pbem orders check), and the number of errors in it.
func PreviewReceipt(sc adjudicator.Scenario, st adjudicator.State, side adjudicator.Side, text string) (string, int, error) {
	_, rc, err := orders.Read(sc, st, side, text, 1, 0)
	if err != nil {
		return "", 0, err
	}
	out, err := templates.ReceiptText(sc, rc)
	if err != nil {
		return "", 0, err
	}
	return out, rc.Errors(), nil
}

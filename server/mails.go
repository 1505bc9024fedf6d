package server

import (
	"bytes"
	"errors"
	"fmt"
	htmlpkg "html"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/docs"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/render"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// recipient is one addressee of a game mail: a side's player or the GM.
type recipient struct {
	viewer adjudicator.Side // NoSide for the GM
	addr   string
	reply  string // the secret reply address for a player
}

func (s *Server) recipients(g *store.Game) []recipient {
	var rs []recipient
	for _, sd := range adjudicator.Sides {
		p := g.Players[sideKey(sd)]
		if p.Address == "" {
			continue
		}
		rs = append(rs, recipient{viewer: sd, addr: p.Address,
			reply: mail.ReplyAddress(s.local, s.domain, g.ID, sideKey(sd), p.Token)})
	}
	if g.GM != "" {
		// The GM's replies go to the game's address, where GM commands are read.
		rs = append(rs, recipient{viewer: adjudicator.NoSide, addr: g.GM, reply: mail.GameAddress(s.local, s.domain, g.ID)})
	}
	return rs
}

// hourMails builds each side's (and the GM's) mail for an hour boundary: the
// report of the hour played (none when an hour opens without one), the map and
// the order form of the hour now open. Each is built from that recipient's view
// alone.
// With only set (a side's key, or "gm"), the mail of that recipient alone.
func (s *Server) hourMails(g *store.Game, only string, in hourMailInputs) ([]recipient, []mail.OutMessage, error) {
	// Each recipient's mail (its view, report and map) is built at the same time:
	// drawing the maps is most of the work of an hour, and the recipients share
	// nothing but read-only inputs.
	var rs []recipient
	for _, r := range s.recipients(g) {
		if only == "" || sideKey(r.viewer) == only {
			rs = append(rs, r)
		}
	}
	outs := make([]mail.OutMessage, len(rs))
	errs := make([]error, len(rs))
	var wg sync.WaitGroup
	for i, r := range rs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r.viewer == adjudicator.NoSide && !in.after.Outcome().Over {
				outs[i], errs[i] = s.gmHourMail(g, in, r)
				return
			}
			outs[i], errs[i] = s.hourMail(g, in.sc, nil, nil, in.after, in.commitment, in.reveal, r)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	return rs, outs, nil
}

// drawing admits one map at a time per core: each map is drawn on a canvas of
// about 10 MB, and a deadline storm would otherwise draw every recipient of
// every game in flight at once, for no gain in speed.
var drawing = make(chan struct{}, runtime.GOMAXPROCS(0))

// hourMail builds one recipient's hour mail from that recipient's view alone.
func (s *Server) hourMail(g *store.Game, sc adjudicator.Scenario, before adjudicator.State, rep adjudicator.Report,
	after adjudicator.State, commitment store.Hash, rv *hourReveal, r recipient) (mail.OutMessage, error) {
	m, v, repView, err := s.hourMailOf(g, sc, before, rep, after, commitment, rv, r)
	if err != nil {
		return mail.OutMessage{}, err
	}
	png, err := drawMap(g, sc, v, repView)
	if err != nil {
		return mail.OutMessage{}, err
	}
	text, err := hourMailText(sc, m, rv, r)
	if err != nil {
		return mail.OutMessage{}, err
	}
	html, err := m.HTML()
	if err != nil {
		return mail.OutMessage{}, err
	}
	notes, err := nmrNotes(sc, rv, r)
	if err != nil {
		return mail.OutMessage{}, err
	}
	for _, note := range notes {
		html = insertAfterBody(html, "<p><strong>"+htmlpkg.EscapeString(strings.TrimSpace(note))+"</strong></p>\n")
	}
	out := mail.OutMessage{Subject: m.Subject(), Text: text, HTML: html, MapPNG: png, MapName: mapName(g, after, r)}
	if rv != nil && rv.chart != nil {
		out.Attachments = append(out.Attachments, mail.OutAttachment{Name: "casualties.png", ContentType: "image/png", Data: rv.chart})
	}
	return out, nil
}

// hourMailOf is what one recipient's hour mail says, without its map: the
// text of a mail is also what a reply quoting it is recognised by.
func (s *Server) hourMailOf(g *store.Game, sc adjudicator.Scenario, before adjudicator.State, rep adjudicator.Report,
	after adjudicator.State, commitment store.Hash, rv *hourReveal, r recipient) (*templates.HourMail, adjudicator.View, adjudicator.ReportView, error) {
	v := sc.View(after, r.viewer)
	var repView adjudicator.ReportView
	switch {
	case rv != nil && rv.views[viewerIndex(r.viewer)] != nil:
		repView = rv.views[viewerIndex(r.viewer)]
	case rep != nil:
		repView = sc.ViewReport(before, rep, after, r.viewer)
	}
	m, err := templates.HourMailOf(sc, g.ID, repView, v)
	if err != nil {
		return nil, nil, nil, err
	}
	if !commitment.IsZero() {
		m.Commitment = commitment.String()
	}
	if rv != nil && len(rv.seed) > 0 {
		m.RevealedSeed = fmt.Sprintf("%x", rv.seed)
	}
	if rv != nil && rv.head != (store.ChainHead{}) { // none for an hour resolved offline
		m.ChainHead = rv.head.String()
	}
	if !g.Deadline.Next.IsZero() && !after.Outcome().Over {
		m.Deadline = openDeadlineText(g, g.Players[sideKey(r.viewer)].TimeZone)
	}
	m.HasMap = true
	if rv != nil && rv.summary != nil {
		m.Summary = rv.summary
	}
	if rv != nil {
		for _, sd := range adjudicator.Sides {
			if run := rv.ran[sd.Index()]; run != nil && (r.viewer == adjudicator.NoSide || r.viewer == sd) {
				m.Ran = append(m.Ran, *run)
			}
		}
	}
	return m, v, repView, nil
}

// hourMailText is the plain text of an hour mail, with the notices of orders
// missed on top.
func hourMailText(sc adjudicator.Scenario, m *templates.HourMail, rv *hourReveal, r recipient) (string, error) {
	text, err := m.Text()
	if err != nil {
		return "", err
	}
	notes, err := nmrNotes(sc, rv, r)
	if err != nil {
		return "", err
	}
	for _, note := range notes {
		text = note + text
	}
	return text, nil
}

// nmrNotes are the notices of the sides that missed the hour played, for
// recipient r: its own miss, or its opponent's, each a line and a blank line.
func nmrNotes(sc adjudicator.Scenario, rv *hourReveal, r recipient) ([]string, error) {
	if rv == nil {
		return nil, nil
	}
	n, err := templates.NoticesOf(sc)
	if err != nil {
		return nil, err
	}
	turn := adjudicator.TextArg("turn", rv.played.Key)
	var notes []string
	for _, sd := range adjudicator.Sides {
		if !rv.nmr[sd.Index()] {
			continue
		}
		var note string
		switch {
		case sd == r.viewer:
			note = n.Line("notice.nmr.yours", turn, adjudicator.WordArg("nmr", "nmr.yours.did"))
		case r.viewer == adjudicator.NoSide:
			note = n.Line("notice.nmr.side", adjudicator.SideArg("side", sd), turn, adjudicator.WordArg("nmr", "nmr.theirs.did"))
		default:
			note = n.Line("notice.nmr.opponent", adjudicator.SideArg("side", sd), turn, adjudicator.WordArg("nmr", "nmr.theirs.did"))
		}
		notes = append(notes, note+"\n\n")
	}
	return notes, nil
}

// ordersRun names the orders each side that had orders due played the hour
// with: the newest set it sent, by the version and hash its receipt showed.
func ordersRun(h *store.HourRecord, turn adjudicator.Turn) (ran [2]*templates.OrdersRun) {
	for _, sd := range adjudicator.Sides {
		if !sends(turn, sd) {
			continue
		}
		run := &templates.OrdersRun{Side: sd.String()}
		if o := h.Latest(sideKey(sd)); o != nil {
			run.Version, run.Hash = o.Version, o.Hash.String()
		}
		ran[sd.Index()] = run
	}
	return ran
}

// drawMap draws one viewer's map (v, and the report view of the hour played, if
// any), one map per core at a time.
func drawMap(g *store.Game, sc adjudicator.Scenario, v adjudicator.View, repView adjudicator.ReportView) ([]byte, error) {
	var png bytes.Buffer
	drawing <- struct{}{}
	err := render.Draw(&png, sc, v, repView, &render.Options{GameTitle: "Game " + g.ID})
	<-drawing
	return png.Bytes(), err
}

// mapName names a recipient's map file after the game, the turn unit and the
// recipient.
func mapName(g *store.Game, after adjudicator.State, r recipient) string {
	return fmt.Sprintf("%s-%s-%s.png", g.ID, strings.ReplaceAll(strings.ToLower(after.Turn().Key), " ", ""), sideKey(r.viewer))
}

// gmHourMail builds the GM's mail at an hour boundary of a game that goes on: a
// summary (templates.GMMail), not an order form, with the GM's full map.
func (s *Server) gmHourMail(g *store.Game, in hourMailInputs, r recipient) (mail.OutMessage, error) {
	sc, after, rv := in.sc, in.after, in.reveal
	v := sc.View(after, adjudicator.NoSide)
	var repView adjudicator.ReportView
	if rv != nil {
		repView = rv.views[viewerIndex(adjudicator.NoSide)]
	}
	hm, err := templates.HourMailOf(sc, g.ID, repView, v)
	if err != nil {
		return mail.OutMessage{}, err
	}
	m, err := templates.GMMailOf(hm)
	if err != nil {
		return mail.OutMessage{}, err
	}
	m.Address, m.Commands = mail.GameAddress(s.local, s.domain, g.ID), gameCommands()
	zone := g.Deadline.Zone // the GM has no zone of his own: the game's deadlines'
	if !in.commitment.IsZero() {
		m.Commitment = in.commitment.String()
	}
	if rv != nil {
		m.RevealedSeed, m.ChainHead = fmt.Sprintf("%x", rv.seed), rv.head.String()
		for _, sd := range adjudicator.Sides {
			sent := templates.GMSent{Side: sd.String(), Sends: sends(rv.played, sd)}
			if o := rv.latest[sd.Index()]; o != nil {
				sent.Version, sent.At = o.Version, deadlineText(o.ReceivedAt, zone)
			}
			m.Sent = append(m.Sent, sent)
		}
	}
	for _, sd := range adjudicator.Sides {
		if sends(after.Turn(), sd) {
			m.Due = append(m.Due, sd.String())
		} else {
			m.Waiting = append(m.Waiting, sd.String())
		}
	}
	if !g.Deadline.Next.IsZero() {
		m.Deadline = openDeadlineText(g, zone)
	}
	png, err := drawMap(g, sc, v, repView)
	if err != nil {
		return mail.OutMessage{}, err
	}
	m.HasMap = true
	text, err := m.Text()
	if err != nil {
		return mail.OutMessage{}, err
	}
	return mail.OutMessage{Subject: m.Subject(), Text: text, MapPNG: png, MapName: mapName(g, after, r)}, nil
}

// gmReply answers a mail from a GM of a game that names the game (its address,
// or the subject of one of its mails) and holds no GM command: most often
// orders written on the GM's hour mail. A GM sends no orders; the GM is told so,
// with the commands, rather than met with silence. handled is false for any
// other mail.
func (s *Server) gmReply(tx *store.Tx, in *mail.Inbound) (handled bool, err error) {
	for _, c := range mail.Route(in, mail.RouteConfig{LocalPart: s.local, Domain: s.domain}) {
		if c.Token != "" || c.Game == "" {
			continue
		}
		g, err := tx.Game(c.Game)
		if errors.Is(err, store.ErrNotFound) {
			continue
		} else if err != nil {
			return true, err
		}
		if !s.mayRun(in.From.Addr, g) {
			continue
		}
		n, err := tx.GameMailCount(g.ID)
		if err != nil {
			return true, err
		}
		notices, err := s.noticesOf(g)
		if err != nil {
			return true, err
		}
		body := notices.Para(adjudicator.Say("notice.gm-no-orders", adjudicator.TextArg("game", g.ID), adjudicator.TextArg("subject", in.Subject))) + "\n" +
			notices.Para(adjudicator.Say("notice.gm-no-orders.commands", adjudicator.TextArg("address", mail.GameAddress(s.local, s.domain, g.ID)))) +
			gameCommands()
		out := mail.OutMessage{Subject: notices.Line("notice.gm-no-orders.subject"), Text: body}
		out.InReplyTo, out.References = mail.ReplyThreading(in, mail.ThreadRootID(g.ID, s.idDomain))
		r := recipient{viewer: adjudicator.NoSide, addr: in.From.Addr, reply: mail.GameAddress(s.local, s.domain, g.ID)}
		return true, s.enqueue(tx, g, r, fmt.Sprintf("gm-no-orders-%d", n+1), g.CurrentHour, out)
	}
	return false, nil
}

// openDeadlineText says when the open hour's orders are due, in zone. An hour
// opened while the game is paused (a GM's FORCE) has no due time yet: its
// clock starts at RESUME, and the mails say so rather than print a time that
// will not hold.
func openDeadlineText(g *store.Game, zone string) string {
	if g.Status == store.StatusPaused {
		return fmt.Sprintf("the end of %s counted from when the GM resumes the game (it is paused now)",
			formatLeft(g.Deadline.PausedLeft))
	}
	return deadlineText(g.Deadline.Next, zone)
}

func deadlineText(t time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		loc = time.UTC
	}
	return t.In(loc).Format("Mon 2 Jan 2006 15:04 MST")
}

// enqueue composes a game mail to one recipient and puts it in the outbox in tx.
// The Message-ID is derived from the game, the recipient and the kind, so a mail
// that is queued again (a replay, a crash) keeps its identity.
//
// A mail answering one of the player's (out.InReplyTo set, as a receipt) threads
// under it, with the game's thread root first in References; any other mail
// answers the thread root.
func (s *Server) enqueue(tx *store.Tx, g *store.Game, r recipient, kind string, hour int, out mail.OutMessage) error {
	out.ID = fmt.Sprintf("%s.%s", g.ID, kind)
	out.IDDomain = s.idDomain
	out.From = mail.Address{Name: s.cfg.FromName, Addr: s.cfg.Address}
	out.To = []mail.Address{{Addr: r.addr}}
	out.ReplyTo = r.reply
	out.Date = tx.Now()
	root := mail.ThreadRootID(g.ID, s.idDomain)
	if out.InReplyTo == "" {
		out.References = []string{root}
		out.InReplyTo = root
	} else if len(out.References) == 0 || out.References[0] != root {
		out.References = append([]string{root}, out.References...)
	}
	if !strings.HasPrefix(out.Subject, "[") {
		out.Subject = "[" + g.ID + "] " + out.Subject
	}
	out.Headers = map[string]string{"X-PBEM-Game": g.ID}
	raw, err := mail.Compose(out)
	if err != nil {
		return err
	}
	// Mail with a map is bulk: a deadline queues thousands, and the receipts
	// and answers queued meanwhile go out first.
	_, err = tx.EnqueueOutbox(&store.OutMsg{Game: g.ID, Hour: hour, Kind: kind, From: s.cfg.Address,
		To: []string{r.addr}, Subject: out.Subject, Raw: raw, Bulk: len(out.MapPNG) > 0})
	return err
}

// queueText queues a plain-text mail to one side's player.
func (s *Server) queueText(tx *store.Tx, g *store.Game, side adjudicator.Side, kind, subject, body string) error {
	return s.queueReply(tx, g, side, kind, nil, mail.OutMessage{Subject: subject, Text: body})
}

// queueReply queues a plain-text mail to one side's player; with in, it answers
// that mail of the player's (In-Reply-To its Message-ID, References carrying the
// game's thread and the player's), so mail clients thread it under what the
// player sent and a script can match the two.
func (s *Server) queueReply(tx *store.Tx, g *store.Game, side adjudicator.Side, kind string, in *mail.Inbound, out mail.OutMessage) error {
	for _, r := range s.recipients(g) {
		if r.viewer == side {
			// The game's mail count is a serial that keeps repeated kinds (help
			// twice) distinct.
			n, err := tx.GameMailCount(g.ID)
			if err != nil {
				return err
			}
			if in != nil && in.MessageID != "" {
				out.InReplyTo, out.References = mail.ReplyThreading(in, mail.ThreadRootID(g.ID, s.idDomain))
			}
			return s.enqueue(tx, g, r, fmt.Sprintf("%s-%s-%d", kind, sideKey(side), n+1), g.CurrentHour, out)
		}
	}
	return fmt.Errorf("server: game %s has no %s player", g.ID, side)
}

// queueAlert tells the player of record that orders came from another address.
func (s *Server) queueAlert(tx *store.Tx, g *store.Game, side adjudicator.Side, in *mail.Inbound) error {
	n, err := s.noticesOf(g)
	if err != nil {
		return err
	}
	body := n.Para(adjudicator.Say("notice.alert", adjudicator.TextArg("game", g.ID), adjudicator.SideArg("side", side), adjudicator.TextArg("from", in.From.Addr)))
	return s.queueText(tx, g, side, "alert", n.Line("notice.alert.subject"), body)
}

// queueStatus answers STATUS with the side's current position in words.
func (s *Server) queueStatus(tx *store.Tx, g *store.Game, side adjudicator.Side) error {
	h, _, st, err := s.currentStart(tx, g)
	if err != nil {
		return err
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString(n.Line("notice.status", adjudicator.TextArg("game", g.ID), adjudicator.TextArg("status", string(g.Status)),
		adjudicator.TextArg("turn", st.Turn().Key)) + "\n")
	for _, sd := range adjudicator.Sides {
		line := n.Line("notice.status.none", adjudicator.SideArg("side", sd))
		if o := h.Latest(sideKey(sd)); o != nil {
			line = n.Line("notice.status.received", adjudicator.SideArg("side", sd), adjudicator.IntArg("version", o.Version))
		}
		b.WriteString(line + "\n")
	}
	if !g.Deadline.Next.IsZero() {
		b.WriteString(n.Line("notice.status.deadline", adjudicator.TextArg("time", deadlineText(g.Deadline.Next, g.Players[sideKey(side)].TimeZone))) + "\n")
	}
	p := st.Outcome().Score
	b.WriteString(n.Line("notice.status.points", adjudicator.IntArg("usa", p[0]), adjudicator.IntArg("csa", p[1])) + "\n")
	return s.queueText(tx, g, side, "status", n.Line("notice.status.subject"), b.String())
}

// queueHelp answers HELP with the player's guide of the game's rule system:
// an Antietam player gets Antietam's, whose orders are not Shiloh's.
func (s *Server) queueHelp(tx *store.Tx, g *store.Game, side adjudicator.Side) error {
	sc, err := s.rulesOf(g)
	if err != nil {
		return err
	}
	n, err := templates.NoticesOf(sc)
	if err != nil {
		return err
	}
	guide, ok := docs.PlayersGuide(sc.System())
	if !ok {
		guide = n.Para(adjudicator.Say("notice.help.none", adjudicator.TextArg("game", g.ID), adjudicator.TextArg("system", sc.System())))
	}
	return s.queueText(tx, g, side, "help", n.Line("notice.help.subject"), guide)
}

// queueResend sends the side's last hour mail again. Sent mail leaves the
// store, so it is drawn again from the stored hours, as it was first drawn.
func (s *Server) queueResend(tx *store.Tx, g *store.Game, side adjudicator.Side) error {
	hj, ok, err := lastHourJob(tx, g)
	if err != nil {
		return err
	}
	if !ok {
		n, err := s.noticesOf(g)
		if err != nil {
			return err
		}
		return s.queueText(tx, g, side, "resend", n.Line("notice.resend.subject"), n.Para(adjudicator.Say("notice.resend.none")))
	}
	hj.To = sideKey(side)
	hj.Tag = "resend-" + sideKey(side)
	return addJob(tx, hj)
}

// replyUnknown handles a mail that names no game through a valid secret address. A
// sender who is a player of record is told that a mail in their name arrived
// without the secret address and was not read (a spoofed sender is refused); any
// other sender gets one short explanation at most once a day.
func (s *Server) replyUnknown(tx *store.Tx, in *mail.Inbound) error {
	// The players index gives the sender's seats (by game, then side) without
	// reading every game.
	for _, seat := range tx.SeatsOf(in.From.Addr) {
		g, err := tx.Game(seat.Game)
		if err != nil {
			return err
		}
		for _, sd := range adjudicator.Sides {
			if sideKey(sd) == seat.Side && mail.SameMailbox(g.Players[sideKey(sd)].Address, in.From.Addr) {
				s.cfg.Logger.Warn("mail from a player without the secret address refused", "game", g.ID, "side", sd.String())
				n, err := s.noticesOf(g)
				if err != nil {
					return err
				}
				body := n.Para(adjudicator.Say("notice.refused", adjudicator.TextArg("subject", in.Subject),
					adjudicator.TextArg("address", mail.ReplyAddress(s.local, s.domain, g.ID, sideKey(sd), g.Players[sideKey(sd)].Token))))
				return s.queueText(tx, g, sd, "refused", n.Line("notice.refused.subject"), body)
			}
		}
	}
	s.repliedMu.Lock()
	defer s.repliedMu.Unlock()
	if s.replied == nil {
		s.replied = map[string]time.Time{}
	}
	key := strings.ToLower(in.From.Addr)
	now := tx.Now()
	if last, ok := s.replied[key]; ok && now.Sub(last) < s.cfg.UnknownReplyEvery {
		s.cfg.Logger.Info("mail for no game, already answered today", "from", in.From.Addr)
		return nil
	}
	s.replied[key] = now
	n, err := templates.SharedNotices()
	if err != nil {
		return err
	}
	out := mail.OutMessage{ID: fmt.Sprintf("unknown.%d", now.UnixNano()), IDDomain: s.idDomain,
		From: mail.Address{Name: s.cfg.FromName, Addr: s.cfg.Address}, To: []mail.Address{{Addr: in.From.Addr}},
		Subject: n.Line("notice.unknown.subject"), Text: n.Para(adjudicator.Say("notice.unknown")), Date: now, InReplyTo: in.MessageID}
	raw, err := mail.Compose(out)
	if err != nil {
		return err
	}
	_, err = tx.EnqueueOutbox(&store.OutMsg{Kind: "unknown-sender", From: s.cfg.Address, To: []string{in.From.Addr},
		Subject: out.Subject, Raw: raw})
	return err
}

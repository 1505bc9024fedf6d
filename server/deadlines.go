package server

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// policyOf is the game's deadline policy; ok is false for a game without
// deadlines (hours resolve only when both sides' orders are in).
func policyOf(g *store.Game) (schedule.Policy, bool) {
	d := g.Deadline
	p := schedule.Policy{HourLength: d.HourLength, At: d.At, Zone: d.Zone, WeekdaysOnly: d.WeekdaysOnly,
		Grace: d.Grace, ReminderBefore: d.Reminder, ChangeOfMind: d.ChangeOfMind}
	if p.Validate() != nil {
		return p, false
	}
	return p, true
}

// setPolicy copies a policy into the game's settings.
func setPolicy(g *store.Game, p schedule.Policy) {
	g.Deadline.HourLength, g.Deadline.At, g.Deadline.Zone = p.HourLength, p.At, p.Zone
	g.Deadline.WeekdaysOnly, g.Deadline.Grace, g.Deadline.Reminder = p.WeekdaysOnly, p.Grace, p.ReminderBefore
	g.Deadline.ChangeOfMind = p.ChangeOfMind
}

// openDeadline sets the deadline of an hour opened at now, moved out of the
// players' vacations, and forgets the notices of the previous hour.
func openDeadline(g *store.Game, now time.Time) {
	g.Deadline.Reminded, g.Deadline.GraceNotice, g.Deadline.GMWarned = nil, false, false
	p, ok := policyOf(g)
	if !ok {
		g.Deadline.Next = time.Time{}
		return
	}
	g.Deadline.Next = extendForVacations(g, schedule.NextDeadline(p, now))
	if g.Status == store.StatusPaused {
		// An hour opened in a paused game (a GM's FORCE) keeps its whole time for RESUME.
		g.Deadline.PausedLeft = g.Deadline.Next.Sub(now)
	}
}

// extendForVacations moves a deadline out of every vacation granted in the game.
func extendForVacations(g *store.Game, t time.Time) time.Time {
	if len(g.Deadline.Vacations) == 0 {
		return t
	}
	vs := make([]schedule.Vacation, 0, len(g.Deadline.Vacations))
	for _, v := range g.Deadline.Vacations {
		vs = append(vs, schedule.Vacation{Player: v.Side, From: v.From, To: v.To})
	}
	out, err := schedule.Extend(t, vs, -1) // the cap was checked when each was granted
	if err != nil {
		return t
	}
	return out
}

// ParseDuration reads a duration as NEWGAME's settings take it: "36h", "90m"
// or "2d" (for pbem game new's flags of the same names).
func ParseDuration(s string) (time.Duration, error) { return parseDuration(s) }

// submittedAt gives, per side, when its latest orders for the hour arrived. A
// side that sends no orders for the turn unit (the opponent's player-turn in a
// system of alternating player-turns, docs/ARCHITECTURE.md §4) counts as in
// from the hour's opening: it is never waited for, reminded or late, and its
// mail never moves the hour on.
func submittedAt(h *store.HourRecord, turn adjudicator.Turn) map[string]time.Time {
	m := map[string]time.Time{}
	for _, sd := range adjudicator.Sides {
		if !sends(turn, sd) {
			m[sideKey(sd)] = h.OpenedAt
		} else if o := h.Latest(sideKey(sd)); o != nil {
			m[sideKey(sd)] = o.ReceivedAt
		}
	}
	return m
}

// sends says whether a side must send orders for the turn unit: each side
// where the unit names none (a stored hour the scenario no longer has).
func sends(turn adjudicator.Turn, sd adjudicator.Side) bool {
	return len(turn.Senders) == 0 || turn.Sends(sd)
}

// turnOf is the turn unit a game's stored hour plays.
func (s *Server) turnOf(g *store.Game, hour int) (adjudicator.Turn, error) {
	sc, err := s.rulesOf(g)
	if err != nil {
		return adjudicator.Turn{}, err
	}
	return adjudicator.TurnAt(sc, hour), nil
}

// plan decides, reading only, what the tick should do now about a game: nil
// when nothing (not running, or nothing due). The tick reads the game in a read
// transaction first and opens a writing one only when plan says so.
func (s *Server) plan(tx *store.Tx, id string) (*tickPlan, error) {
	g, err := tx.Game(id)
	if err != nil {
		return nil, err
	}
	if g.Status != store.StatusRunning {
		return nil, nil
	}
	h, err := tx.Hour(id, g.CurrentHour)
	if err != nil {
		return nil, err
	}
	if h.Resolved() {
		return nil, nil
	}
	now := tx.Now()
	p, ok := policyOf(g)
	turn, err := s.turnOf(g, h.Hour)
	if err != nil {
		return nil, err
	}
	sub := seqSubmitted(g, submittedAt(h, turn))
	if !ok || g.Deadline.Next.IsZero() {
		// No deadline: both sides' orders and the change of mind decide.
		if len(sub) < len(schedule.Sides) {
			return nil, nil
		}
		var last time.Time
		for _, at := range sub {
			if at.After(last) {
				last = at
			}
		}
		if now.Before(last.Add(g.Deadline.ChangeOfMind)) {
			return nil, nil
		}
		return &tickPlan{g: g, h: h, d: schedule.Decision{Resolve: true}}, nil
	}
	sent := schedule.Sent{Reminded: map[string]bool{}, GraceNotice: g.Deadline.GraceNotice}
	for _, sd := range g.Deadline.Reminded {
		sent.Reminded[sd] = true
	}
	d := schedule.Due(p, h.OpenedAt, g.Deadline.Next, sub, sent, now)
	warn := gmWarnDue(g, h, turn, now)
	if !d.Resolve && len(d.Remind) == 0 && (!d.GraceStarted || g.Deadline.GraceNotice) && len(warn) == 0 {
		return nil, nil
	}
	return &tickPlan{g: g, h: h, d: d, gmWarn: warn}, nil
}

// tickPlan is what a tick found due for one game.
type tickPlan struct {
	g *store.Game
	h *store.HourRecord
	d schedule.Decision
	// gmWarn lists the sides the GM is to be told have sent no orders.
	gmWarn []adjudicator.Side
}

// gmWarnDue lists the sides without orders that the game's GM is to be told of
// now: GMWarn before the deadline, once an hour. A side counts as without
// orders until it has sent any (a sequential Player 2's early orders count).
func gmWarnDue(g *store.Game, h *store.HourRecord, turn adjudicator.Turn, now time.Time) []adjudicator.Side {
	d := g.Deadline
	if g.GM == "" || d.GMWarn <= 0 || d.GMWarned || d.Next.IsZero() || now.Before(d.Next.Add(-d.GMWarn)) {
		return nil
	}
	var out []adjudicator.Side
	for _, sd := range adjudicator.Sides {
		if sends(turn, sd) && h.Latest(sideKey(sd)) == nil {
			out = append(out, sd)
		}
	}
	return out
}

// queueGMWarn tells the GM which sides have sent no orders for the open hour.
func (s *Server) queueGMWarn(tx *store.Tx, g *store.Game, sc adjudicator.Scenario, label string, hour int, missing []adjudicator.Side) error {
	n, err := templates.NoticesOf(sc)
	if err != nil {
		return err
	}
	var names []string
	for _, sd := range missing {
		names = append(names, sd.String())
	}
	sides, turn := adjudicator.TextsArg("sides", names), adjudicator.TextArg("turn", label)
	due := adjudicator.Say("notice.gm-warn.due", adjudicator.TextArg("time", deadlineText(g.Deadline.Next, g.Deadline.Zone)),
		adjudicator.WordArg("nmr", "nmr.theirs.will"))
	if g.Deadline.Grace > 0 {
		due = adjudicator.Say("notice.gm-warn.due.grace", adjudicator.TextArg("time", deadlineText(g.Deadline.Next, g.Deadline.Zone)),
			adjudicator.TextArg("grace", formatLeft(g.Deadline.Grace)), adjudicator.WordArg("nmr", "nmr.theirs.will"))
	}
	addr := mail.GameAddress(s.local, s.domain, g.ID)
	text := n.Para(adjudicator.Say("notice.gm-warn", adjudicator.TextArg("game", g.ID), turn, sides), due) + "\n" +
		n.Para(adjudicator.Say("notice.gm-warn.extend", adjudicator.TextArg("address", addr)))
	r := recipient{viewer: adjudicator.NoSide, addr: g.GM, reply: addr}
	// The game's mail count keeps a second warning of the hour (after EXTEND)
	// apart from the first: a Message-ID repeated is a copy to drop.
	count, err := tx.GameMailCount(g.ID)
	if err != nil {
		return err
	}
	return s.enqueue(tx, g, r, fmt.Sprintf("gm-warn-h%d%s-%d", hour, reseedTag(g, hour), count+1), hour,
		mail.OutMessage{Subject: n.Line("notice.gm-warn.subject", turn, sides), Text: text})
}

// tick is the daemon's work on one game at the store clock's now, all in one
// transaction: resolve the hour if it is due, else send the reminders and the
// grace-period notice that are due and not yet sent. It is idempotent: the marks
// of what was sent are stored with the mails. It reports whether the hour resolved.
func (s *Server) tick(tx *store.Tx, id string) (bool, error) {
	tp, err := s.plan(tx, id)
	if err != nil || tp == nil {
		return false, err
	}
	g, h, d := tp.g, tp.h, tp.d
	if d.Resolve {
		return true, s.resolve(tx, g, h)
	}
	changed := false
	sc, err := s.rulesOf(g)
	if err != nil {
		return false, err
	}
	n, err := templates.NoticesOf(sc)
	if err != nil {
		return false, err
	}
	label := adjudicator.TurnAt(sc, h.Hour).Key
	game, turn := adjudicator.TextArg("game", g.ID), adjudicator.TextArg("turn", label)
	for _, sd := range d.Remind {
		side, _ := adjudicator.ParseSide(sd)
		zone := g.Players[sd].TimeZone
		body := n.Para(adjudicator.Say("notice.reminder", game, adjudicator.SideArg("side", side), turn,
			adjudicator.TextArg("time", schedule.FormatIn(g.Deadline.Next, zone)), adjudicator.WordArg("nmr", "nmr.yours.will")))
		if err := s.queueText(tx, g, side, fmt.Sprintf("reminder-h%d%s", h.Hour, reseedTag(g, h.Hour)),
			n.Line("notice.reminder.subject", turn), body); err != nil {
			return false, err
		}
		g.Deadline.Reminded = append(g.Deadline.Reminded, sd)
		changed = true
	}
	if len(tp.gmWarn) > 0 {
		if err := s.queueGMWarn(tx, g, sc, label, h.Hour, tp.gmWarn); err != nil {
			return false, err
		}
		g.Deadline.GMWarned = true
		changed = true
	}
	if d.GraceStarted && !g.Deadline.GraceNotice {
		for _, sd := range d.Late {
			side, _ := adjudicator.ParseSide(sd)
			until := adjudicator.TextArg("time", schedule.FormatIn(d.GraceEnds, g.Players[sd].TimeZone))
			body := n.Para(adjudicator.Say("notice.grace", game, turn, until, adjudicator.WordArg("nmr", "nmr.yours.will")))
			if err := s.queueText(tx, g, side, fmt.Sprintf("grace-h%d%s", h.Hour, reseedTag(g, h.Hour)),
				n.Line("notice.grace.subject", until), body); err != nil {
				return false, err
			}
		}
		g.Deadline.GraceNotice = true
		changed = true
	}
	if changed {
		return false, tx.PutGame(g)
	}
	return false, nil
}

// nmrSides marks the sides that had to send orders for an hour and sent none
// (an NMR). A fast-forwarded hour charges none.
func nmrSides(h *store.HourRecord, turn adjudicator.Turn) (nmr [2]bool) {
	if h.FastForward {
		return nmr
	}
	for _, sd := range adjudicator.Sides {
		nmr[sd.Index()] = sends(turn, sd) && len(h.OrderSets[sideKey(sd)]) == 0
	}
	return nmr
}

// punctuality adds the record of each side that had to send orders for a
// resolved hour: on time, late (in the grace period) or no orders (NMR).
func punctuality(g *store.Game, h *store.HourRecord, turn adjudicator.Turn) {
	nmr := nmrSides(h, turn)
	if h.FastForward {
		g.FastForwarded++
	}
	for _, sd := range adjudicator.Sides {
		key := sideKey(sd)
		p := g.Players[key]
		switch {
		case !sends(turn, sd), len(h.OrderSets[key]) == 0 && h.FastForward:
			continue
		case nmr[sd.Index()]:
			p.NMRs++
		case !g.Deadline.Next.IsZero() && h.OrderSets[key][0].ReceivedAt.After(g.Deadline.Next):
			p.Late++
		default:
			p.OnTime++
		}
		g.Players[key] = p
	}
}

// insertAfterBody puts a fragment at the top of an HTML mail's body.
func insertAfterBody(html, frag string) string {
	if i := strings.Index(html, "<body"); i >= 0 {
		if j := strings.IndexByte(html[i:], '>'); j >= 0 {
			k := i + j + 1
			return html[:k] + "\n" + frag + html[k:]
		}
	}
	return frag + html
}

// reseedTag keeps the mails of an hour re-opened by a rollback distinct from the
// first ones (their Message-IDs derive from the kind).
func reseedTag(g *store.Game, hour int) string {
	if n := g.Reseeds[hour]; n > 0 {
		return "-r" + strconv.Itoa(n)
	}
	return ""
}

// playerSettings answers a player's VACATION or ZONE mail. handled is false
// when the mail has neither (it is then read as orders).
func (s *Server) playerSettings(tx *store.Tx, g *store.Game, side adjudicator.Side, text string) (bool, error) {
	vacation, isVacation := lineCommand(text, "VACATION")
	zone, isZone := lineCommand(text, "ZONE")
	if !isVacation && !isZone {
		return false, nil
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return true, err
	}
	if isVacation {
		reply, err := s.vacation(tx, g, n, side, vacation)
		if err != nil {
			return true, err
		}
		return true, s.queueText(tx, g, side, "vacation", n.Line("notice.vacation.subject"), reply)
	}
	reply := n.Para(adjudicator.Say("notice.zone.bad", adjudicator.TextArg("zone", zone)))
	if _, err := time.LoadLocation(zone); err == nil && zone != "" {
		p := g.Players[sideKey(side)]
		p.TimeZone = zone
		g.Players[sideKey(side)] = p
		if err := tx.PutGame(g); err != nil {
			return true, err
		}
		reply = n.Para(adjudicator.Say("notice.zone", adjudicator.TextArg("game", g.ID), adjudicator.TextArg("zone", zone)), deadlineNow(g, zone))
	}
	return true, s.queueText(tx, g, side, "zone", n.Line("notice.zone.subject"), reply)
}

// vacation grants a side a vacation asked for by mail: "VACATION 2026-12-01 3"
// (from that date, midnight in the player's zone, for 3 days). The days are
// capped per player per game; the opponent is told. It returns the text for the
// player.
func (s *Server) vacation(tx *store.Tx, g *store.Game, n templates.Notices, side adjudicator.Side, args string) (string, error) {
	f := strings.Fields(args)
	if len(f) != 2 {
		return n.Para(adjudicator.Say("notice.vacation.usage")), nil
	}
	key := sideKey(side)
	loc, err := time.LoadLocation(g.Players[key].TimeZone)
	if err != nil {
		loc = time.UTC
	}
	from, err1 := time.ParseInLocation("2006-01-02", f[0], loc)
	days, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || days <= 0 {
		return n.Para(adjudicator.Say("notice.vacation.bad", adjudicator.TextArg("args", args))), nil
	}
	v := store.Vacation{Side: key, From: from, To: from.AddDate(0, 0, days)}
	vs := []schedule.Vacation{}
	for _, old := range g.Deadline.Vacations {
		vs = append(vs, schedule.Vacation{Player: old.Side, From: old.From, To: old.To})
	}
	vs = append(vs, schedule.Vacation{Player: v.Side, From: v.From, To: v.To})
	if err := schedule.CheckVacations(vs, g.Deadline.VacationCap); err != nil {
		return n.Para(adjudicator.Say("notice.vacation.refused", adjudicator.TextArg("why", err.Error()),
			adjudicator.IntArg("cap", g.Deadline.VacationCap))), nil
	}
	g.Deadline.Vacations = append(g.Deadline.Vacations, v)
	if !g.Deadline.Next.IsZero() {
		g.Deadline.Next = extendForVacations(g, g.Deadline.Next)
	}
	if err := tx.PutGame(g); err != nil {
		return "", err
	}
	other := adjudicator.CSA
	if side == adjudicator.CSA {
		other = adjudicator.USA
	}
	oz := g.Players[sideKey(other)].TimeZone
	note := n.Para(adjudicator.Say("notice.vacation.opponent", adjudicator.SideArg("side", side),
		adjudicator.TextArg("from", schedule.FormatIn(v.From, oz)), adjudicator.TextArg("to", schedule.FormatIn(v.To, oz))), deadlineNow(g, oz))
	if err := s.queueText(tx, g, other, "vacation", n.Line("notice.vacation.opponent.subject"), note); err != nil {
		return "", err
	}
	mine := g.Players[key].TimeZone
	return n.Para(adjudicator.Say("notice.vacation.granted", adjudicator.TextArg("from", schedule.FormatIn(v.From, mine)),
		adjudicator.TextArg("to", schedule.FormatIn(v.To, mine)))), nil
}

// lineCommand finds a line starting with word (any case) in text and returns the
// rest of it. It serves the server's own commands that the mail package does not
// list.
func lineCommand(text, word string) (string, bool) {
	for _, line := range strings.Split(text, "\n") {
		w, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		if strings.EqualFold(strings.TrimSuffix(w, ":"), word) {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// tickAll runs tick on every game, each in its own transaction, and returns the
// number of hours resolved and the first error met.
func (s *Server) tickAll(ctx context.Context) (int, error) {
	var ids []string
	if err := s.st.View(func(tx *store.Tx) error {
		ids = tx.GameIDs()
		return nil
	}); err != nil {
		return 0, err
	}
	n := 0
	var first error
	for _, id := range ids {
		if ctx.Err() != nil {
			return n, ctx.Err()
		}
		// One game in trouble must not stop the others' clocks.
		ok, err := s.ResolveIfReady(ctx, id)
		if err != nil {
			s.cfg.Logger.Error("tick", "game", id, "err", err)
			if first == nil {
				first = fmt.Errorf("server: game %s: %w", id, err)
			}
			continue
		}
		if ok {
			n++
		}
	}
	return n, first
}

// deadlineNow says the game's current deadline in a time zone; the zero phrase
// (nothing) when no deadline runs.
func deadlineNow(g *store.Game, zone string) adjudicator.Phrase {
	if g.Deadline.Next.IsZero() {
		return adjudicator.Phrase{}
	}
	return adjudicator.Say("notice.deadline-now", adjudicator.TextArg("time", schedule.FormatIn(g.Deadline.Next, zone)))
}

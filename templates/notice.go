package templates

import (
	"strings"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// Notices words the short mails of the shared machinery that are no hour mail:
// the deadline's reminder, grace notice and the GM's warning, the line an hour
// mail opens with after an NMR, the answers to a mail not read as orders, what
// the GM's commands tell the players, sequential play's notes, and the answers
// to HELP, VACATION, ZONE, STATUS and RESEND and to mail that is not read, and
// joining a game: JOIN, a ladder game's sides, invitations, ACCEPT, DECLINE and
// RESIGN, a game the GM ends and its end-of-game record, a replaced player,
// the GM's announcement, and a ladder's standings with NAME and STANDINGS. Their sentences are notice.* entries in
// shared.txt; what a side's pieces do without orders (blocks that stand and
// fight by standing orders, units that hold while the default plan makes the
// attacks the rules demand) is said by nmr.* entries in the system's own file,
// so an Antietam player is never told of blocks.
type Notices struct{ t teller }

// NoticesOf is the notices of sc's system.
func NoticesOf(sc adjudicator.Scenario) (Notices, error) {
	t, err := tellerOf(sc)
	return Notices{t: t}, err
}

// SharedNotices is the notices of no game: shared.txt's alone, for a mail that
// names no game (so no system), with no unit or place to name. The file is read
// once.
func SharedNotices() (Notices, error) { return sharedNotices() }

var sharedNotices = sync.OnceValues(func() (Notices, error) {
	w, err := words.Load("shared")
	return Notices{t: teller{w: w}}, err
})

// Line words one entry as one line: a subject, or a line of a list.
func (n Notices) Line(code string, args ...adjudicator.Arg) string {
	return n.t.say(adjudicator.Say(code, args...))
}

// Para words phrases as one paragraph, wrapped for a plain-text mail and ended
// by a newline; a zero phrase says nothing.
func (n Notices) Para(ps ...adjudicator.Phrase) string {
	var parts []string
	for _, p := range ps {
		if s := n.t.say(p); s != "" {
			parts = append(parts, s)
		}
	}
	return wrap(noticeWidth, strings.Join(parts, " ")) + "\n"
}

// noticeWidth is a notice's line length: short enough for a phone's mail
// client to show without a second wrap.
const noticeWidth = 78

// NoticeCodes are the notice.* entries of shared.txt, with the arguments the
// server gives each.
func NoticeCodes() []adjudicator.CodeSpec {
	var specs []adjudicator.CodeSpec
	add := func(keys []string, codes ...string) {
		for _, c := range codes {
			specs = append(specs, adjudicator.CodeSpec{Code: c, Keys: keys})
		}
	}
	add([]string{"turn"}, "notice.reminder.subject")
	add([]string{"game", "side", "turn", "time", "nmr"}, "notice.reminder")
	add([]string{"time"}, "notice.grace.subject")
	add([]string{"game", "turn", "time", "nmr"}, "notice.grace")
	add([]string{"turn", "sides"}, "notice.gm-warn.subject")
	add([]string{"game", "turn", "sides"}, "notice.gm-warn")
	add([]string{"time", "nmr"}, "notice.gm-warn.due")
	add([]string{"time", "grace", "nmr"}, "notice.gm-warn.due.grace")
	add([]string{"address"}, "notice.gm-warn.extend")
	add([]string{"turn", "nmr"}, "notice.nmr.yours")
	add([]string{"side", "turn", "nmr"}, "notice.nmr.opponent", "notice.nmr.side")
	add(nil, "notice.not-running.subject", "notice.locked.subject")
	add([]string{"game", "status"}, "notice.not-running")
	add([]string{"turn"}, "notice.played.subject", "notice.locked")
	add([]string{"turn", "open"}, "notice.played")
	add([]string{"open"}, "notice.played.kept")
	add(nil, "notice.extended.subject", "notice.paused.subject", "notice.resumed.subject", "notice.replaced.subject")
	add([]string{"game", "by", "time"}, "notice.extended")
	add([]string{"game"}, "notice.paused", "notice.resumed")
	add([]string{"time"}, "notice.resumed.due")
	add([]string{"turn"}, "notice.fastforward.subject", "notice.rollback.subject")
	add([]string{"game", "turn", "nmr"}, "notice.fastforward")
	add([]string{"game", "turn"}, "notice.rollback")
	add([]string{"game", "side"}, "notice.replaced")
	add([]string{"turn", "side"}, "notice.seq.subject", "notice.seq.gm")
	add([]string{"game", "turn"}, "notice.seq.head")
	add([]string{"why", "side"}, "notice.seq.initiative")
	add(nil, "notice.seq.player1", "notice.seq.player2", "notice.seq.p2-early", "notice.seq.moved.none", "notice.seq.moved.orders")
	add([]string{"turn"}, "notice.seq.p1-final", "notice.seq.moved.subject", "notice.seq.gm.subject")
	add([]string{"game", "turn", "side"}, "notice.seq.moved")
	add(nil, "notice.zone.subject", "notice.vacation.subject", "notice.vacation.usage", "notice.vacation.opponent.subject")
	add([]string{"zone"}, "notice.zone.bad")
	add([]string{"game", "zone"}, "notice.zone")
	add([]string{"time"}, "notice.deadline-now")
	add([]string{"args"}, "notice.vacation.bad")
	add([]string{"why", "cap"}, "notice.vacation.refused")
	add([]string{"from", "to"}, "notice.vacation.granted")
	add([]string{"side", "from", "to"}, "notice.vacation.opponent")
	add(nil, "notice.status.subject", "notice.resend.subject", "notice.resend.none", "notice.alert.subject",
		"notice.refused.subject", "notice.unknown.subject", "notice.unknown", "notice.gm-no-orders.subject")
	add([]string{"game", "status", "turn"}, "notice.status")
	add([]string{"side"}, "notice.status.none")
	add([]string{"side", "version"}, "notice.status.received")
	add([]string{"time"}, "notice.status.deadline")
	add([]string{"usa", "csa"}, "notice.status.points")
	add([]string{"game", "side", "from"}, "notice.alert")
	add([]string{"subject", "address"}, "notice.refused")
	add([]string{"game", "subject"}, "notice.gm-no-orders")
	add([]string{"address"}, "notice.gm-no-orders.commands")
	add([]string{"game"}, "notice.joined.wait", "notice.sides.subject", "notice.invite.subject", "notice.declined.subject",
		"notice.declined.self")
	add([]string{"game", "ladder", "asked"}, "notice.joined.ladder")
	add([]string{"game", "side"}, "notice.joined.started")
	add(nil, "notice.asked.none", "notice.invite.unnamed", "notice.invite.no-ladder", "notice.declined.self.subject",
		"notice.accepted.subject", "notice.accepted", "notice.accepted.again.subject", "notice.accepted.again", "notice.resign.none.subject")
	add([]string{"side"}, "notice.asked.side", "notice.sides.asked.alone")
	add([]string{"side", "bid"}, "notice.asked.bid")
	add([]string{"ladder", "mu", "mc", "tu", "tc"}, "notice.sides.alternation")
	add([]string{"side", "why"}, "notice.sides.neither")
	add([]string{"side", "theirs"}, "notice.sides.asked", "notice.sides.given")
	add([]string{"side", "want", "bid", "why"}, "notice.sides.equal")
	add([]string{"want", "bid"}, "notice.sides.equal.bid")
	add([]string{"side", "bid", "theirs"}, "notice.sides.won")
	add([]string{"side", "want", "bid", "theirs"}, "notice.sides.lost")
	add([]string{"side", "opponent", "game", "scenario", "visibility"}, "notice.invite")
	add([]string{"ladder"}, "notice.invite.ladder")
	add([]string{"address"}, "notice.invite.how")
	add([]string{"name", "side", "game"}, "notice.declined")
	add([]string{"game", "status"}, "notice.resign.none")
	add([]string{"did"}, "notice.ended.subject")
	add([]string{"did", "game", "effect"}, "notice.ended", "notice.ended.gm")
	add([]string{"did", "game", "declared", "effect"}, "notice.ended.declared", "notice.ended.gm.declared")
	add(nil, "notice.did.cancelled", "notice.did.voided", "notice.did.ended", "notice.declared.draw", "notice.rating.none")
	add([]string{"side"}, "notice.declared.win")
	add([]string{"ladder"}, "notice.rating.cancelled", "notice.rating.voided", "notice.rating.declared", "notice.rating.forced", "notice.rating.rated")
	add([]string{"effect"}, "notice.forced.over")
	add(nil, "notice.replaced-you.subject", "notice.announce.subject", "notice.record.gm", "notice.record.gm.none",
		"notice.standings.about", "notice.standings.results", "notice.standings.none", "notice.standings.ask", "notice.name.none")
	add([]string{"side", "game"}, "notice.replaced-you")
	add([]string{"game"}, "notice.announce", "notice.record.head", "notice.record.export")
	add([]string{"result"}, "notice.record.subject", "notice.record.result")
	add([]string{"players"}, "notice.record.players")
	add([]string{"address", "side"}, "notice.record.left")
	add([]string{"head", "hash"}, "notice.record.chain")
	add([]string{"secret"}, "notice.record.secret")
	add([]string{"ladder"}, "notice.standings.subject", "notice.standings.head")
	add([]string{"ladder", "ladders"}, "notice.standings.unknown")
	add([]string{"ladders", "name"}, "notice.name.set")
	add(nil, "notice.help.subject")
	add([]string{"game", "system"}, "notice.help.none")
	return specs
}

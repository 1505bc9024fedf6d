package server

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/ladder"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// publicIntake answers the commands anyone may send without a secret address:
// JOIN an open game, STANDINGS of a ladder and NAME (a ladder display name). handled is false when the mail
// has neither.
func (s *Server) publicIntake(tx *store.Tx, in *mail.Inbound) (bool, error) {
	fresh := in.Fresh()
	key := "pub." + store.HashBytes([]byte(in.MessageID)).Short()
	if args, ok := lineCommand(fresh, "STANDINGS"); ok {
		return true, s.answerStandings(tx, in.From.Addr, strings.TrimSpace(args), key)
	}
	if args, ok := lineCommand(fresh, "NAME"); ok {
		return true, s.setName(tx, in.From.Addr, args, key)
	}
	var join *mail.Command
	for _, c := range mail.Commands(fresh) {
		if c.Name == "JOIN" {
			join = &c
			break
		}
	}
	if join == nil {
		return false, nil
	}
	var args []string
	zone := ""
	for _, a := range strings.Fields(join.Args) {
		if z, ok := strings.CutPrefix(a, "zone="); ok {
			zone = z // IANA names are case-sensitive
			continue
		}
		args = append(args, strings.ToLower(a))
	}
	id := ""
	for _, c := range mail.Route(in, mail.RouteConfig{LocalPart: s.local, Domain: s.domain}) {
		if c.Token == "" && c.Game != "" {
			id = c.Game
			break
		}
	}
	if len(args) > 0 && !mail.ValidSide(args[0]) {
		id, args = args[0], args[1:]
	}
	text, err := s.join(tx, in.From.Addr, id, zone, args)
	var ge errGM
	if errors.As(err, &ge) {
		return true, s.queueDirect(tx, key, in.From.Addr, "JOIN "+id+": not done", ge.msg+"\n")
	} else if err != nil {
		return true, err
	}
	return true, s.queueDirect(tx, key, in.From.Addr, "JOIN "+id, text)
}

// joinRequest is what a JOIN asks for besides the game: a side ("" for
// either) and, in a ladder game, the victory points bid for it.
type joinRequest struct {
	side   string
	bid    int
	hasBid bool
}

// maxBid bounds a bid: more VP than a whole game is worth is a typing slip.
const maxBid = 99

// parseJoinWords reads the words of a JOIN after the game, in lower case:
// [usa|csa] [bid N], in either order.
func parseJoinWords(words []string) (joinRequest, error) {
	var req joinRequest
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case mail.ValidSide(w) && req.side == "":
			req.side = w
		case (w == "bid" || strings.HasPrefix(w, "bid=")) && !req.hasBid:
			n := strings.TrimPrefix(w, "bid=")
			if w == "bid" {
				if i+1 == len(words) {
					return req, gmErr("bid how many victory points? e.g. JOIN <game> usa bid 3")
				}
				i++
				n = words[i]
			}
			v, err := strconv.Atoi(n)
			if err != nil || v < 0 || v > maxBid {
				return req, gmErr("bid %q: give a whole number of victory points from 0 to %d", n, maxBid)
			}
			req.bid, req.hasBid = v, true
		default:
			return req, gmErr("%q: write JOIN <game> [usa|csa] [bid N]", w)
		}
	}
	if req.hasBid && req.side == "" {
		return req, gmErr("a bid is for a side: write the side too, e.g. JOIN <game> usa bid %d", req.bid)
	}
	return req, nil
}

// join seats a player in an open game, on the side asked for if it is free. In
// a ladder game the sides are settled when the second player joins
// (settleSides): each gets the side asked for unless both asked for the same
// one, which the higher bid takes; otherwise each player's sides alternate over
// the ladder (ladder.AssignSides). A full game starts at once. The answer says
// which side the player has and why.
func (s *Server) join(tx *store.Tx, addr, id, zone string, args []string) (string, error) {
	if _, err := time.LoadLocation(zone); err != nil {
		return "", gmErr("zone=%s: not a time zone (write an IANA name such as Europe/London)", zone)
	}
	if id == "" {
		return "", gmErr("name the game: JOIN <game> [usa|csa]")
	}
	req, err := parseJoinWords(args)
	if err != nil {
		return "", err
	}
	g, err := tx.Game(id)
	if errors.Is(err, store.ErrNotFound) {
		return "", gmErr("there is no game %q", id)
	} else if err != nil {
		return "", err
	}
	if g.Status != store.StatusOpen {
		return "", gmErr("game %s is not open for joining", g.ID)
	}
	if req.hasBid && g.Ladder == "" {
		return "", gmErr("game %s is on no ladder: bids settle sides in ladder games only (JOIN %s %s takes that side if free)",
			g.ID, g.ID, req.side)
	}
	var free []string
	for _, sd := range schedule.Sides {
		p := g.Players[sd]
		if mail.SameMailbox(p.Address, addr) {
			return "", gmErr("you have joined game %s already", g.ID)
		}
		if p.Address == "" {
			free = append(free, sd)
		}
	}
	if len(free) == 0 {
		return "", gmErr("game %s is full", g.ID)
	}
	side := free[0]
	if req.side != "" && g.Ladder == "" {
		if !slices.Contains(free, req.side) {
			return "", gmErr("the %s side of game %s is taken; JOIN %s to take the other", strings.ToUpper(req.side), g.ID, g.ID)
		}
		side = req.side
	}
	tok, err := mail.NewToken(nil)
	if err != nil {
		return "", err
	}
	p := g.Players[side]
	p.Address, p.Token, p.Accepted, p.TimeZone = addr, tok, true, zone
	if g.Ladder != "" {
		p.Wants, p.Bid = req.side, req.bid
	}
	g.Players[side] = p
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	game := adjudicator.TextArg("game", g.ID)
	if len(free) > 1 {
		if err := tx.PutGame(g); err != nil {
			return "", err
		}
		if g.Ladder != "" {
			return n.Para(adjudicator.Say("notice.joined.ladder", game, adjudicator.TextArg("ladder", g.Ladder),
				adjudicator.PhrasesArg("asked", askedFor(req)))), nil
		}
		return n.Para(adjudicator.Say("notice.joined.wait", game)), nil
	}
	var why map[string]string
	if g.Ladder != "" {
		if why, err = s.assignLadderSides(tx, g, n); err != nil {
			return "", err
		}
	}
	if err := s.startGame(tx, g); err != nil {
		return "", err
	}
	var mine adjudicator.Side = adjudicator.USA
	if mail.SameMailbox(g.Players["csa"].Address, addr) {
		mine = adjudicator.CSA
	}
	text := n.Para(adjudicator.Say("notice.joined.started", game, adjudicator.SideArg("side", mine)))
	if why != nil {
		text += "\n" + why[sideKey(mine)]
		other := mine.Enemy()
		if err := s.queueText(tx, g, other, "sides", n.Line("notice.sides.subject", game), why[sideKey(other)]); err != nil {
			return "", err
		}
	}
	return text, nil
}

// askedFor is the side and bid a first joiner asked for, as the answer says it.
func askedFor(req joinRequest) adjudicator.Phrase {
	side := adjudicator.TextArg("side", strings.ToUpper(req.side))
	switch {
	case req.side == "":
		return adjudicator.Say("notice.asked.none")
	case req.bid > 0:
		return adjudicator.Say("notice.asked.bid", side, adjudicator.IntArg("bid", req.bid))
	}
	return adjudicator.Say("notice.asked.side", side)
}

// assignLadderSides seats a ladder game's two players (settleSides) and
// records the bid handicap; it returns each side's explanation of why.
func (s *Server) assignLadderSides(tx *store.Tx, g *store.Game, n templates.Notices) (map[string]string, error) {
	results, _, err := ladderResults(tx, g.Ladder)
	if err != nil {
		return nil, err
	}
	st := settleSides(n, g.Players["usa"], g.Players["csa"], g.Ladder, results)
	g.Players["usa"], g.Players["csa"] = st.usa, st.csa
	g.BidTo, g.BidVP = st.bidTo, st.bidVP
	return st.why, nil
}

// settled is how a ladder game's sides were settled.
type settled struct {
	usa, csa store.Player
	// bidTo is the side given bidVP victory points at the end ("" for none).
	bidTo string
	bidVP int
	// why says to each side's player why it has that side.
	why map[string]string
}

// settleSides decides the sides of a ladder game between the players of its
// two seats, a and b: each gets the side asked for (Player.Wants) if the other
// did not ask for it too; when both asked for the same side the higher bid
// takes it and gives its bid to the other side (ladder.ResolveBids); when
// neither asked, or the bids are equal, the ladder's alternation decides
// (ladder.AssignSides), and on equal bids the contested side still gives the
// bid.
func settleSides(n templates.Notices, a, b store.Player, ladderName string, history []ladder.Result) settled {
	var st settled
	alternation := func() {
		usa, _ := ladder.AssignSides(a.Address, b.Address, history)
		st.usa, st.csa = a, b
		if !mail.SameMailbox(usa, a.Address) {
			st.usa, st.csa = b, a
		}
	}
	counts := func(me, them store.Player) adjudicator.Phrase {
		mu, mc := ladder.SideCounts(me.Address, history)
		tu, tc := ladder.SideCounts(them.Address, history)
		return adjudicator.Say("notice.sides.alternation", adjudicator.TextArg("ladder", ladderName),
			adjudicator.IntArg("mu", mu), adjudicator.IntArg("mc", mc), adjudicator.IntArg("tu", tu), adjudicator.IntArg("tc", tc))
	}
	why := func(me, them store.Player, side string) string {
		S := adjudicator.TextArg("side", strings.ToUpper(side))
		want := adjudicator.TextArg("want", strings.ToUpper(me.Wants))
		theirs := adjudicator.TextArg("theirs", strings.ToUpper(them.Wants))
		bid, theirBid := adjudicator.IntArg("bid", me.Bid), adjudicator.IntArg("theirs", them.Bid)
		switch {
		case me.Wants == "" && them.Wants == "":
			return n.Para(adjudicator.Say("notice.sides.neither", S, adjudicator.PhrasesArg("why", counts(me, them))))
		case me.Wants != them.Wants && me.Wants != "" && them.Wants != "":
			return n.Para(adjudicator.Say("notice.sides.asked", S, theirs))
		case me.Wants != them.Wants && me.Wants != "":
			return n.Para(adjudicator.Say("notice.sides.asked.alone", S))
		case me.Wants != them.Wants:
			return n.Para(adjudicator.Say("notice.sides.given", S, theirs))
		case me.Bid == them.Bid:
			var gives adjudicator.Phrase
			if me.Bid > 0 {
				gives = adjudicator.Say("notice.sides.equal.bid", want, bid)
			}
			return n.Para(adjudicator.Say("notice.sides.equal", S, want, bid, adjudicator.PhrasesArg("why", counts(me, them))), gives)
		case side == me.Wants:
			return n.Para(adjudicator.Say("notice.sides.won", S, bid, theirBid))
		}
		return n.Para(adjudicator.Say("notice.sides.lost", S, want, bid, theirBid))
	}
	switch {
	case a.Wants == "" && b.Wants == "":
		alternation()
	case a.Wants == b.Wants:
		winner, handicap := ladder.ResolveBids(a.Bid, b.Bid)
		switch winner {
		case ladder.BidderA:
			st.usa, st.csa = a, b
		case ladder.BidderB:
			st.usa, st.csa = b, a
		default:
			alternation()
		}
		if a.Wants == "csa" && winner != ladder.BidTie {
			st.usa, st.csa = st.csa, st.usa
		}
		if handicap > 0 {
			st.bidTo, st.bidVP = otherSide(a.Wants), handicap
		}
	case a.Wants == "csa" || b.Wants == "usa":
		st.usa, st.csa = b, a
	default:
		st.usa, st.csa = a, b
	}
	st.why = map[string]string{"usa": why(st.usa, st.csa, "usa"), "csa": why(st.csa, st.usa, "csa")}
	return st
}

// otherSide is the side that is not sd.
func otherSide(sd string) string {
	if sd == "usa" {
		return "csa"
	}
	return "usa"
}

// queueInvitations mails each named player of an invitation game: replying to
// the invitation (its secret address) with ACCEPT accepts, with DECLINE
// declines. The invitation names the opponent (by display name, never the
// address) and the ladder.
func (s *Server) queueInvitations(tx *store.Tx, g *store.Game) error {
	n, err := s.noticesOf(g)
	if err != nil {
		return err
	}
	for _, r := range s.recipients(g) {
		if r.viewer == adjudicator.NoSide {
			continue
		}
		opponent := adjudicator.WordArg("opponent", "notice.invite.unnamed")
		if addr := g.Players[sideKey(r.viewer.Enemy())].Address; addr != "" {
			opponent = adjudicator.TextArg("opponent", s.displayName(tx, g.Ladder, addr))
		}
		onLadder := adjudicator.Say("notice.invite.no-ladder")
		if g.Ladder != "" {
			onLadder = adjudicator.Say("notice.invite.ladder", adjudicator.TextArg("ladder", g.Ladder))
		}
		game := adjudicator.TextArg("game", g.ID)
		body := n.Para(adjudicator.Say("notice.invite", adjudicator.SideArg("side", r.viewer), opponent, game,
			adjudicator.TextArg("scenario", g.Scenario), adjudicator.TextArg("visibility", string(g.Options.Visibility)))) +
			n.Para(onLadder) + "\n" + n.Para(adjudicator.Say("notice.invite.how", adjudicator.TextArg("address", r.reply)))
		if err := s.enqueue(tx, g, r, "invite-"+sideKey(r.viewer), 0,
			mail.OutMessage{Subject: n.Line("notice.invite.subject", game), Text: body}); err != nil {
			return err
		}
	}
	return nil
}

// decline records an invited player's refusal (a DECLINE reply): the game is
// cancelled before it starts, and the player, the opponent and the GM are told.
func (s *Server) decline(tx *store.Tx, g *store.Game, side adjudicator.Side) error {
	g.Status, g.Ending = store.StatusFinished, store.EndCancelled
	if err := tx.PutGame(g); err != nil {
		return err
	}
	who := g.Players[sideKey(side)]
	if _, err := tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: "declined", Actor: who.Address,
		Text: fmt.Sprintf("%s declined the invitation", side)}); err != nil {
		return err
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return err
	}
	name, game := s.displayName(tx, g.Ladder, who.Address), adjudicator.TextArg("game", g.ID)
	for _, r := range s.recipients(g) {
		msg := mail.OutMessage{Subject: n.Line("notice.declined.subject", game),
			Text: n.Para(adjudicator.Say("notice.declined", adjudicator.TextArg("name", name), adjudicator.SideArg("side", side), game))}
		if r.viewer == side {
			msg = mail.OutMessage{Subject: n.Line("notice.declined.self.subject"), Text: n.Para(adjudicator.Say("notice.declined.self", game))}
		}
		if err := s.enqueue(tx, g, r, "declined-"+sideKey(r.viewer), 0, msg); err != nil {
			return err
		}
	}
	return nil
}

// accept records an invited player's acceptance; the second one starts the game.
func (s *Server) accept(tx *store.Tx, g *store.Game, side adjudicator.Side) error {
	n, err := s.noticesOf(g)
	if err != nil {
		return err
	}
	p := g.Players[sideKey(side)]
	if p.Accepted {
		return s.queueText(tx, g, side, "accepted", n.Line("notice.accepted.again.subject"), n.Para(adjudicator.Say("notice.accepted.again")))
	}
	p.Accepted = true
	g.Players[sideKey(side)] = p
	for _, sd := range schedule.Sides {
		if !g.Players[sd].Accepted {
			if err := tx.PutGame(g); err != nil {
				return err
			}
			return s.queueText(tx, g, side, "accepted", n.Line("notice.accepted.subject"), n.Para(adjudicator.Say("notice.accepted")))
		}
	}
	return s.startGame(tx, g)
}

// resign ends a game at a player's request (a RESIGN line): the opponent wins,
// the player's leaving counts as an abandonment, and the game closes as any
// finished game does (end-of-game record, ladder result and standings).
func (s *Server) resign(tx *store.Tx, g *store.Game, side adjudicator.Side) error {
	if g.Status != store.StatusRunning && g.Status != store.StatusPaused {
		n, err := s.noticesOf(g)
		if err != nil {
			return err
		}
		return s.queueText(tx, g, side, "resign", n.Line("notice.resign.none.subject"),
			n.Para(adjudicator.Say("notice.resign.none", adjudicator.TextArg("game", g.ID), adjudicator.TextArg("status", string(g.Status)))))
	}
	_, _, st, err := s.currentStart(tx, g)
	if err != nil {
		return err
	}
	out := st.Outcome()
	out.Over, out.Winner = true, side.Enemy()
	now := tx.Now()
	p := g.Players[sideKey(side)]
	g.Departed = append(g.Departed, store.Departure{Side: sideKey(side), Address: p.Address, At: now})
	g.Status, g.Ending = store.StatusFinished, store.EndResigned
	g.Deadline.Next = time.Time{}
	if err := tx.PutGame(g); err != nil {
		return err
	}
	_, err = tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: "resign", Hour: g.CurrentHour, Actor: p.Address,
		Text: fmt.Sprintf("%s resigned during %s", side, st.Turn().Key)})
	if err != nil {
		return err
	}
	_, err = s.finishGame(tx, g, out)
	return err
}

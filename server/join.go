package server

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/ladder"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
)

// publicIntake answers the commands anyone may send without a secret address:
// JOIN an open game and STANDINGS of a ladder. handled is false when the mail
// has neither.
func (s *Server) publicIntake(tx *store.Tx, in *mail.Inbound) (bool, error) {
	fresh := in.Fresh()
	key := "pub." + store.HashBytes([]byte(in.MessageID)).Short()
	if args, ok := lineCommand(fresh, "STANDINGS"); ok {
		return true, s.answerStandings(tx, in.From.Addr, strings.TrimSpace(args), key)
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

// join seats a player in an open game, on the side asked for if it is free. In
// a ladder game the sides are settled when the second player joins, so that each
// player's sides alternate over the ladder (ladder.AssignSides). A full game
// starts at once.
func (s *Server) join(tx *store.Tx, addr, id, zone string, args []string) (string, error) {
	if _, err := time.LoadLocation(zone); err != nil {
		return "", gmErr("zone=%s: not a time zone (write an IANA name such as Europe/London)", zone)
	}
	if id == "" {
		return "", gmErr("name the game: JOIN <game> [usa|csa]")
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
	if len(args) > 0 && g.Ladder == "" {
		if !slices.Contains(free, args[0]) {
			return "", gmErr("the %s side of game %s is taken; JOIN %s to take the other", strings.ToUpper(args[0]), g.ID, g.ID)
		}
		side = args[0]
	}
	tok, err := mail.NewToken(nil)
	if err != nil {
		return "", err
	}
	p := g.Players[side]
	p.Address, p.Token, p.Accepted, p.TimeZone = addr, tok, true, zone
	g.Players[side] = p
	if len(free) > 1 {
		if err := tx.PutGame(g); err != nil {
			return "", err
		}
		return fmt.Sprintf("You joined game %s. It starts when an opponent joins; your first hour mail will\n"+
			"carry your secret reply address and your side.\n", g.ID), nil
	}
	if g.Ladder != "" {
		if err := s.assignLadderSides(tx, g); err != nil {
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
	return fmt.Sprintf("You joined game %s as %s; the game has started and your first hour mail follows.\n", g.ID, mine), nil
}

// assignLadderSides seats a ladder game's two players by the ladder's
// alternation (ladder.AssignSides over the ladder's finished games).
func (s *Server) assignLadderSides(tx *store.Tx, g *store.Game) error {
	results, _, err := s.ladderResults(tx, g.Ladder)
	if err != nil {
		return err
	}
	a, b := g.Players["usa"], g.Players["csa"]
	usa, _ := ladder.AssignSides(a.Address, b.Address, results)
	if !mail.SameMailbox(usa, a.Address) {
		g.Players["usa"], g.Players["csa"] = b, a
	}
	return nil
}

// queueInvitations mails each named player of an invitation game: replying to
// the invitation (its secret address) with ACCEPT accepts.
func (s *Server) queueInvitations(tx *store.Tx, g *store.Game) error {
	for _, r := range s.recipients(g) {
		if r.viewer == adjudicator.NoSide {
			continue
		}
		body := fmt.Sprintf("You are invited to play the %s side in game %s (%s, visibility %s).\n\n"+
			"To accept, reply to this mail with the word ACCEPT (it goes to your secret address,\n"+
			"%s). The game starts when both players have accepted.\n",
			r.viewer, g.ID, g.Scenario, g.Options.Visibility, r.reply)
		if err := s.enqueue(tx, g, r, "invite-"+sideKey(r.viewer), 0,
			mail.OutMessage{Subject: "Invitation to game " + g.ID, Text: body}); err != nil {
			return err
		}
	}
	return nil
}

// accept records an invited player's acceptance; the second one starts the game.
func (s *Server) accept(tx *store.Tx, g *store.Game, side adjudicator.Side) error {
	p := g.Players[sideKey(side)]
	if p.Accepted {
		return s.queueText(tx, g, side, "accepted", "Already accepted", "You have accepted already; the game starts when your opponent accepts.\n")
	}
	p.Accepted = true
	g.Players[sideKey(side)] = p
	for _, sd := range schedule.Sides {
		if !g.Players[sd].Accepted {
			if err := tx.PutGame(g); err != nil {
				return err
			}
			return s.queueText(tx, g, side, "accepted", "Invitation accepted",
				"Thank you. The game starts when your opponent accepts.\n")
		}
	}
	return s.startGame(tx, g)
}

// resign ends a game at a player's request (a RESIGN line): the opponent wins,
// the player's leaving counts as an abandonment, and the game closes as any
// finished game does (end-of-game record, ladder result and standings).
func (s *Server) resign(tx *store.Tx, g *store.Game, side adjudicator.Side) error {
	if g.Status != store.StatusRunning && g.Status != store.StatusPaused {
		return s.queueText(tx, g, side, "resign", "Nothing to resign",
			fmt.Sprintf("Game %s is %s; there is nothing to resign.\n", g.ID, g.Status))
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

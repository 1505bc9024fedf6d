package server

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/mailbox"
	"github.com/shiloh-pbem/pbem/ladder"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// AuditGameOver is the link that closes a game's chain: its text is the result
// and both players, so the final chain head signs them (the end-of-game record).
const AuditGameOver = "game-over"

// finishGame closes a finished game, in the transaction of its last hour: the
// game-over link, the end-of-game record mailed to the players and the GM (final
// chain head, result, players, every GM action), and for a ladder game the
// result, the recomputed ratings and the standings mailed to both players.
// It returns the new, final chain head.
func (s *Server) finishGame(tx *store.Tx, g *store.Game, out adjudicator.Outcome) (head store.ChainHead, err error) {
	winner := ""
	if out.Winner == adjudicator.USA || out.Winner == adjudicator.CSA {
		winner = sideKey(out.Winner)
	}
	winner, result := withBid(g, winner, out.Score)
	players := fmt.Sprintf("USA %s, CSA %s", g.Players["usa"].Address, g.Players["csa"].Address)
	head, err = tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: AuditGameOver, Hour: g.CurrentHour,
		Actor: g.GM, Text: "result: " + result + "; players: " + players})
	if err != nil {
		return head, err
	}
	chain, err := tx.AuditChain(g.ID)
	if err != nil {
		return head, err
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return head, err
	}
	game, res := adjudicator.TextArg("game", g.ID), adjudicator.TextArg("result", result)
	line := func(code string, args ...adjudicator.Arg) string { return n.Line(code, args...) + "\n" }
	var b strings.Builder
	b.WriteString(line("notice.record.head", game) + "\n" + line("notice.record.result", res) +
		line("notice.record.players", adjudicator.TextArg("players", players)))
	for _, d := range g.Departed {
		b.WriteString(line("notice.record.left", adjudicator.TextArg("address", d.Address), adjudicator.TextArg("side", strings.ToUpper(d.Side))))
	}
	b.WriteString(line("notice.record.chain", adjudicator.TextArg("head", head.String()), adjudicator.TextArg("hash", head.Hash.String())))
	b.WriteString(line("notice.record.secret", adjudicator.TextArg("secret", fmt.Sprintf("%x", g.Secret))) + "\n" + line("notice.record.gm"))
	actions := 0
	for _, r := range chain {
		if r.Kind == store.AuditGMAction || r.Kind == store.AuditRollback {
			fmt.Fprintf(&b, "  #%d %s %s: %s\n", r.Seq, r.At.UTC().Format("2006-01-02 15:04"), r.Actor, r.Text)
			actions++
		}
	}
	if actions == 0 {
		b.WriteString("  " + line("notice.record.gm.none"))
	}
	b.WriteString("\n" + n.Para(adjudicator.Say("notice.record.export", game)))
	for _, r := range s.recipients(g) {
		if err := s.enqueue(tx, g, r, "record-"+sideKey(r.viewer), g.CurrentHour,
			mail.OutMessage{Subject: n.Line("notice.record.subject", res), Text: b.String()}); err != nil {
			return head, err
		}
	}
	if g.Ladder == "" {
		return head, nil
	}
	if _, err := tx.AddLadderResult(&store.LadderResult{Ladder: g.Ladder, Game: g.ID,
		Players: map[string]string{"usa": g.Players["usa"].Address, "csa": g.Players["csa"].Address},
		Winner:  winner, Detail: result, ChainHead: head, FinishedAt: tx.Now(),
		Ending: g.Ending, FastForwarded: g.FastForwarded}); err != nil {
		return head, err
	}
	table, err := s.rateLadder(tx, g.Ladder)
	if err != nil {
		return head, err
	}
	for _, sd := range adjudicator.Sides {
		if err := s.queueText(tx, g, sd, "standings", n.Line("notice.standings.subject", adjudicator.TextArg("ladder", g.Ladder)), table); err != nil {
			return head, err
		}
	}
	return head, nil
}

// displayName is what other players see of a player on a ladder (or in a
// game on none): the name set with NAME, else the address's local part without
// a subaddress ("jane.doe" for jane.doe+pbem@example.org); never the address.
func (s *Server) displayName(tx *store.Tx, ladderName, addr string) string {
	return namer(tx, ladderName)(addr)
}

// namer returns displayName for one ladder, its names read once.
func namer(tx *store.Tx, ladderName string) func(addr string) string {
	var names map[string]string
	if ladderName != "" {
		names = tx.LadderNames(ladderName)
	}
	return func(addr string) string {
		if n := names[mailbox.Key(addr)]; n != "" {
			return n
		}
		local, _, _ := strings.Cut(addr, "@")
		local, _, _ = strings.Cut(local, "+")
		return local
	}
}

// maxNameRunes bounds a display name, so the standings table stays readable.
const maxNameRunes = 40

// cleanName makes a display name of what a player wrote after NAME: printable
// characters only, no "@" (a name must not be an address), spaces collapsed,
// at most maxNameRunes.
func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '@' || r == '<' || r == '>':
			return -1
		case unicode.IsSpace(r):
			return ' '
		case !unicode.IsPrint(r):
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxNameRunes {
		s = strings.TrimSpace(string(r[:maxNameRunes]))
	}
	return s
}

// setName answers a NAME mail: the sender's display name on every ladder they
// play on (a ladder game seated or a rating held).
func (s *Server) setName(tx *store.Tx, from, args, key string) error {
	name := cleanName(args)
	if name == "" {
		return s.queueDirect(tx, key, from, "NAME", "Write NAME followed by the name the ladder standings should show, e.g. NAME Jane D.\n")
	}
	on := map[string]bool{}
	for _, seat := range tx.SeatsOf(from) {
		if g, err := tx.Game(seat.Game); err == nil && g.Ladder != "" {
			on[g.Ladder] = true
		}
	}
	for _, l := range tx.Ladders() {
		if rs, err := tx.Ratings(l); err == nil {
			for _, r := range rs {
				if mail.SameMailbox(r.Player, from) {
					on[l] = true
				}
			}
		}
	}
	n, err := templates.SharedNotices()
	if err != nil {
		return err
	}
	if len(on) == 0 {
		return s.queueDirect(tx, key, from, "NAME", n.Para(adjudicator.Say("notice.name.none")))
	}
	ladders := make([]string, 0, len(on))
	for l := range on {
		ladders = append(ladders, l)
	}
	slices.Sort(ladders)
	for _, l := range ladders {
		if err := tx.PutLadderName(l, from, name); err != nil {
			return err
		}
	}
	// One line, unwrapped: the name as the standings will show it.
	return s.queueDirect(tx, key, from, "NAME", n.Line("notice.name.set",
		adjudicator.TextArg("ladders", strings.Join(ladders, ", ")), adjudicator.TextArg("name", name))+"\n")
}

// resultText is a finished game's result in words, as the end-of-game record,
// its game-over link and the ladder give it: the victory points only when the
// game was decided on the board.
func resultText(ending, winner string, pts [2]int) string {
	won := "a draw"
	if winner != "" {
		won = strings.ToUpper(winner) + " wins"
	}
	switch ending {
	case store.EndResigned:
		if winner == "" {
			return "a draw by resignation"
		}
		return won + " by resignation"
	case store.EndDeclared:
		return won + " as declared by the GM"
	case store.EndVoided:
		return "void (voided by the GM)"
	case store.EndCancelled:
		return "cancelled by the GM"
	case store.EndForced:
		return fmt.Sprintf("%s (USA %d VP, CSA %d VP; forced to its end by the GM)", won, pts[0], pts[1])
	}
	return fmt.Sprintf("%s (USA %d VP, CSA %d VP)", won, pts[0], pts[1])
}

// withBid applies a ladder game's bid (Game.BidTo, BidVP) to its result: the
// bid is victory points for the side it was given to, so a game decided on the
// board goes to that side when, counting the bid, it ends with more VP than
// the winner. A draw stays a draw, and a result not decided on the board
// (resigned, declared, voided, cancelled) stands as it is.
func withBid(g *store.Game, winner string, pts [2]int) (string, string) {
	if g.BidVP <= 0 || g.BidTo == "" || (g.Ending != store.EndPlayed && g.Ending != store.EndForced) {
		return winner, resultText(g.Ending, winner, pts)
	}
	to := 0
	if g.BidTo == "csa" {
		to = 1
	}
	adj := pts
	adj[to] += g.BidVP
	onBid := ""
	if winner != "" && winner != g.BidTo && adj[to] > adj[1-to] {
		winner, onBid = g.BidTo, " on the bid"
	}
	won := "a draw"
	if winner != "" {
		won = strings.ToUpper(winner) + " wins" + onBid
	}
	score := [2]string{fmt.Sprintf("USA %d VP", pts[0]), fmt.Sprintf("CSA %d VP", pts[1])}
	score[to] += fmt.Sprintf(" + %d VP bid = %d VP", g.BidVP, adj[to])
	forced := ""
	if g.Ending == store.EndForced {
		forced = "; forced to its end by the GM"
	}
	return winner, fmt.Sprintf("%s (%s, %s%s)", won, score[0], score[1], forced)
}

// ladderResults reads a ladder's finished games in the ladder package's terms,
// with each game's record as stored (for its hour counts and departures).
func ladderResults(tx *store.Tx, name string) ([]ladder.Result, []*store.Game, error) {
	recs, err := tx.LadderResults(name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, nil // no game finished on it yet
	} else if err != nil {
		return nil, nil, err
	}
	out := make([]ladder.Result, 0, len(recs))
	games := make([]*store.Game, 0, len(recs))
	for _, r := range recs {
		g, err := tx.Game(r.Game)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, ladder.Result{GameID: r.Game, USA: r.Players["usa"], CSA: r.Players["csa"],
			Winner: r.Winner, Finished: r.FinishedAt, ChainHead: r.ChainHead.String(),
			Ending: r.Ending, FastForwarded: r.FastForwarded, NoOrders: !anyOrders(g), Detail: r.Detail})
		games = append(games, g)
	}
	return out, games, nil
}

// anyOrders reports whether any player of g, present or departed, had orders
// counted in an hour (on time or late).
func anyOrders(g *store.Game) bool {
	for _, p := range g.Players {
		if p.OnTime+p.Late > 0 {
			return true
		}
	}
	for _, d := range g.Departed {
		if d.OnTime+d.Late > 0 {
			return true
		}
	}
	return false
}

// ladderStandings recomputes a ladder from its record: ratings from the results
// (ladder.Rate, which leaves out voided, cancelled and order-less games),
// reliability from each finished game's hour counts and departures, kept apart.
// Hours the GM fast-forwarded are in no count: the fast-forward charges nobody
// (store.Game.FastForwarded), so they are neither due nor missed.
func ladderStandings(tx *store.Tx, name string) ([]ladder.Result, map[string]ladder.Player, map[string]ladder.Reliability, error) {
	results, games, err := ladderResults(tx, name)
	if err != nil {
		return nil, nil, nil, err
	}
	ratings, err := ladder.Rate(results, 0)
	if err != nil {
		return nil, nil, nil, err
	}
	rel := map[string]ladder.Reliability{}
	add := func(addr string, onTime, late, nmrs int, abandoned bool) {
		r := rel[addr]
		r.HoursDue += onTime + late + nmrs
		r.HoursOnTime += onTime
		r.NMRs += nmrs
		if abandoned {
			r.Abandoned++
		}
		rel[addr] = r
	}
	for _, g := range games {
		for _, sd := range []string{"usa", "csa"} {
			p := g.Players[sd]
			add(p.Address, p.OnTime, p.Late, p.NMRs, false)
		}
		for _, d := range g.Departed {
			add(d.Address, d.OnTime, d.Late, d.NMRs, true)
		}
	}
	return results, ratings, rel, nil
}

// rateLadder stores every player's rating and reliability and returns the
// standings table.
func (s *Server) rateLadder(tx *store.Tx, name string) (string, error) {
	results, ratings, rel, err := ladderStandings(tx, name)
	if err != nil {
		return "", err
	}
	rows := ladder.Standings(ratings, rel)
	for _, row := range rows {
		r := row.Reliability
		if err := tx.PutRating(&store.Rating{Ladder: name, Player: row.Player, Rating: row.Rating.Rating,
			Deviation: row.Rating.RD, Volatility: row.Rating.Volatility, Games: row.Games, Wins: row.Wins,
			Losses: row.Losses, Draws: row.Draws, OnTime: r.HoursOnTime, Late: r.NMRs, HoursDue: r.HoursDue,
			InGrace: r.HoursDue - r.HoursOnTime - r.NMRs, Abandoned: r.Abandoned}); err != nil {
			return "", err
		}
	}
	return s.standingsText(tx, name, rows, results)
}

// standingsText is the standings mail: the table and the results list, every
// player by display name (no addresses: the mail goes to every member).
func (s *Server) standingsText(tx *store.Tx, name string, rows []ladder.Row, results []ladder.Result) (string, error) {
	n, err := templates.SharedNotices()
	if err != nil {
		return "", err
	}
	display := namer(tx, name)
	for i := range rows {
		rows[i].Name = display(rows[i].Player)
	}
	list := ladder.FormatResults(results, display)
	if list == "" {
		list = n.Line("notice.standings.none") + "\n"
	}
	return n.Line("notice.standings.head", adjudicator.TextArg("ladder", name)) + "\n\n" + ladder.FormatStandings(rows) + "\n" +
		n.Para(adjudicator.Say("notice.standings.about")) + "\n" + n.Line("notice.standings.results") + "\n" + list, nil
}

// answerStandings mails a ladder's standings to a player of that ladder or a GM.
func (s *Server) answerStandings(tx *store.Tx, to, name, key string) error {
	n, err := templates.SharedNotices()
	if err != nil {
		return err
	}
	if name == "" {
		return s.queueDirect(tx, key, to, "STANDINGS", n.Para(adjudicator.Say("notice.standings.ask")))
	}
	ladders := tx.Ladders()
	known := false
	for _, l := range ladders {
		if strings.EqualFold(l, name) {
			name, known = l, true
		}
	}
	if !known {
		// Ladders are recorded when their first game ends: a ladder whose games
		// are all still running has no standings yet either.
		list := n.Line("notice.standings.none")
		if len(ladders) > 0 {
			list = strings.Join(ladders, ", ")
		}
		return s.queueDirect(tx, key, to, "STANDINGS "+name, n.Para(adjudicator.Say("notice.standings.unknown",
			adjudicator.TextArg("ladder", name), adjudicator.TextArg("ladders", list))))
	}
	results, ratings, rel, err := ladderStandings(tx, name)
	if err != nil {
		return err
	}
	_, known = rel[strings.ToLower(to)]
	for addr := range rel {
		known = known || mail.SameMailbox(addr, to)
	}
	if !known && !s.mayRun(to, nil) {
		s.cfg.Logger.Info("standings refused: not a ladder player", "from", to, "ladder", name)
		return nil
	}
	text, err := s.standingsText(tx, name, ladder.Standings(ratings, rel), results)
	if err != nil {
		return err
	}
	return s.queueDirect(tx, key, to, n.Line("notice.standings.subject", adjudicator.TextArg("ladder", name)), text)
}

// LadderPage is what a club may publish of a ladder: the standings and every
// listed game's result, players by display name only, and each game's
// casualty chart. It holds no address.
type LadderPage struct {
	Ladder string
	// Rows are the standings; Player and Name are both the display name.
	Rows []ladder.Row
	// Results are the listed games (no cancelled ones) in the order they
	// count; USA and CSA are display names.
	Results []ladder.Result
	// Charts holds each game's end-of-game casualty chart (PNG) by game id,
	// for the games with a resolved hour.
	Charts map[string][]byte
}

// PublishLadder builds a ladder's LadderPage from the store, for `pbem ladder
// export`: the same standings and results the standings mail gives.
func PublishLadder(tx *store.Tx, reg *adjudicator.Registry, name string) (*LadderPage, error) {
	if !slices.Contains(tx.Ladders(), name) {
		return nil, fmt.Errorf("server: no ladder %q with a finished game (ladders: %s)", name, strings.Join(tx.Ladders(), ", "))
	}
	results, ratings, rel, err := ladderStandings(tx, name)
	if err != nil {
		return nil, err
	}
	display := namer(tx, name)
	page := &LadderPage{Ladder: name, Rows: ladder.Standings(ratings, rel), Charts: map[string][]byte{}}
	for i := range page.Rows {
		page.Rows[i].Name = display(page.Rows[i].Player)
		page.Rows[i].Player = page.Rows[i].Name
	}
	ladder.SortResults(results)
	for _, r := range results {
		if !r.Listed() {
			continue
		}
		chart, err := casualtyChart(tx, reg, r.GameID)
		if err != nil {
			return nil, fmt.Errorf("server: game %s: %w", r.GameID, err)
		}
		if chart != nil {
			page.Charts[r.GameID] = chart
		}
		r.USA, r.CSA = display(r.USA), display(r.CSA)
		page.Results = append(page.Results, r)
	}
	return page, nil
}

// casualtyChart draws a finished game's casualty chart from its stored hours,
// as the end-of-game mail carries it; nil when no hour was resolved.
func casualtyChart(tx *store.Tx, reg *adjudicator.Registry, id string) ([]byte, error) {
	g, err := tx.Game(id)
	if err != nil {
		return nil, err
	}
	nums, err := tx.HourNumbers(id)
	if err != nil || len(nums) == 0 {
		return nil, err
	}
	first, err := tx.Hour(id, nums[0])
	if err != nil || !first.Resolved() {
		return nil, err
	}
	last, err := tx.Hour(id, nums[len(nums)-1])
	if err != nil {
		return nil, err
	}
	state := last.StateAtStart
	if last.Resolved() && len(last.NextState) > 0 {
		state = last.NextState
	}
	sc, err := reg.Scenario(g.Ruleset, g.Scenario)
	if err != nil {
		return nil, err
	}
	after, err := sc.DecodeState(state)
	if err != nil {
		return nil, err
	}
	_, png, err := endOfGame(tx, g, sc, after, store.ChainHead{})
	return png, err
}

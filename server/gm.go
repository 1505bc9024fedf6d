package server

import (
	"crypto/rand"
	"errors"
	"fmt"
	netmail "net/mail"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/mailbox"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// GM commands arrive by mail to the plain address (NEWGAME) or to a game's
// address (local+game@domain; or name the game as the first word after the
// command). A GM is authenticated by both the sender address (Config.GMs or the
// game's GM) and that GM's secret passphrase line (Config.GMSecrets): a forged
// From alone does nothing. Every action is a "gm-action" link of the game's audit
// chain (a rollback a "rollback" link) and is listed in the end-of-game record.
// docs/GM.md is the GM's guide.

// errGM is a GM command that cannot be done; its text goes back to the GM.
type errGM struct{ msg string }

func (e errGM) Error() string { return e.msg }

func gmErr(format string, a ...any) error { return errGM{fmt.Sprintf(format, a...)} }

// gmSecret returns the passphrase of a GM address, if it is one.
func (s *Server) gmSecret(addr string) (string, bool) {
	for a, secret := range s.cfg.GMSecrets {
		if mail.SameMailbox(a, addr) && secret != "" {
			return secret, true
		}
	}
	return "", false
}

// mayRun says whether actor may run commands on g: a club GM (Config.GMs) or the
// game's own GM.
func (s *Server) mayRun(actor string, g *store.Game) bool {
	if g != nil && g.GM != "" && mail.SameMailbox(g.GM, actor) {
		return true
	}
	for _, a := range s.cfg.GMs {
		if mail.SameMailbox(a, actor) {
			return true
		}
	}
	return false
}

// gmIntake runs the GM commands of a mail that came without a player's secret
// address. handled is false when the sender is no GM, or when the mail has
// neither a PASSPHRASE line nor a GM command (a GM writing as a player: JOIN,
// STANDINGS). A GM whose passphrase is missing or wrong is told so and nothing
// is done. Once the passphrase is right every line is answered, the unknown
// ones included, and the strangers' daily limit never applies.
func (s *Server) gmIntake(tx *store.Tx, in *mail.Inbound) (handled bool, err error) {
	actor := in.From.Addr
	secret, ok := s.gmSecret(actor)
	if !ok {
		return false, nil
	}
	fresh := in.Fresh()
	pass, hasPass := mail.Passphrase(fresh)
	if !hasPass && !slices.ContainsFunc(mail.Commands(fresh), func(c mail.Command) bool { return c.GM }) {
		return false, nil
	}
	key := "gm." + store.HashBytes([]byte(in.MessageID)).Short()
	if !hasPass || !mail.SecretEqual(pass, secret) {
		s.cfg.Logger.Warn("GM command refused: passphrase", "from", actor)
		return true, s.queueDirect(tx, key, actor, "GM command refused",
			"Your GM command was not run: the PASSPHRASE line is missing or wrong.\n")
	}
	target := ""
	for _, c := range mail.Route(in, mail.RouteConfig{LocalPart: s.local, Domain: s.domain}) {
		if c.Token == "" && c.Game != "" {
			target = c.Game
			break
		}
	}
	var out strings.Builder
	lines := mail.GMLines(fresh)
	if len(lines) == 0 {
		out.WriteString("Your mail had the passphrase but no command. HELP lists the commands.\n")
	}
	for i, c := range lines {
		res, err := s.gmLine(tx, actor, target, c, fresh, fmt.Sprintf("%s.%d", key, i))
		label := strings.TrimSpace(c.Name + " " + c.Args)
		var ge errGM
		switch {
		case errors.As(err, &ge):
			fmt.Fprintf(&out, "%s: NOT DONE: %s\n", label, ge.msg)
		case err != nil:
			return true, err
		default:
			fmt.Fprintf(&out, "%s: done. %s\n", label, res)
		}
	}
	return true, s.queueDirect(tx, key, actor, "GM commands", out.String())
}

// gmLine answers one line of an authenticated GM's mail: a GM command is run;
// a player's command or an unknown word is refused with what to do instead.
func (s *Server) gmLine(tx *store.Tx, actor, target string, c mail.Command, body, key string) (string, error) {
	switch {
	case slices.Contains(mail.GMWords(), c.Name):
		return s.gmCommand(tx, actor, target, c, body, key)
	case mail.IsPlayerCommand(c.Name) || c.Name == "STANDINGS":
		return "", gmErr("%s is a player's command: send it without the PASSPHRASE line", c.Name)
	}
	if w := mail.Suggest(c.Name, mail.GMWords()); w != "" {
		return "", gmErr("unknown command (did you mean %s?)", w)
	}
	return "", gmErr("unknown command (HELP lists the commands)")
}

// gmCommand runs one GM command and returns what it did, in words.
func (s *Server) gmCommand(tx *store.Tx, actor, target string, c mail.Command, body, key string) (string, error) {
	args := strings.Fields(c.Args)
	switch c.Name {
	case "NEWGAME":
		return s.gmNewGame(tx, actor, args)
	case "HELP":
		return gmHelp(), nil
	case "GAMES":
		return s.gmGames(tx, actor)
	case "LADDERS":
		return s.gmLadders(tx, actor)
	}
	// The game: the game address, else the first word.
	id := target
	if id == "" || (len(args) > 0 && strings.EqualFold(args[0], id)) {
		if len(args) == 0 {
			return "", gmErr("name the game: write to its address or put its id after %s", c.Name)
		}
		id, args = strings.ToLower(args[0]), args[1:]
	}
	g, err := tx.Game(id)
	if errors.Is(err, store.ErrNotFound) {
		return "", gmErr("no game %q", id)
	} else if err != nil {
		return "", err
	}
	if !s.mayRun(actor, g) {
		return "", gmErr("you are not a GM of game %s", g.ID)
	}
	var what string
	switch c.Name {
	case "STATUS":
		return s.gmStatus(tx, g)
	case "CANCEL", "VOID", "RESULT":
		return s.gmEnd(tx, g, actor, c.Name, args)
	case "EXTEND":
		what, err = s.gmExtend(tx, g, args)
	case "PAUSE":
		what, err = s.gmPause(tx, g)
	case "RESUME":
		what, err = s.gmResume(tx, g)
	case "FORCE":
		return s.gmForce(tx, g, actor, args)
	case "ROLLBACK":
		return s.gmRollback(tx, g, actor)
	case "REPLACE":
		what, err = s.gmReplace(tx, g, args)
	case "PREDICT":
		return s.gmPredict(tx, g, actor, key)
	case "ANNOUNCE":
		what, err = s.gmAnnounce(tx, g, announcement(body, c), key)
	default:
		return "", gmErr("unknown command")
	}
	if err != nil {
		return "", err
	}
	// Re-read: the action may have stored the game (a forced hour does).
	if g, err = tx.Game(g.ID); err != nil {
		return "", err
	}
	if _, err := tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: store.AuditGMAction, Hour: g.CurrentHour,
		Actor: actor, Text: strings.TrimSpace(c.Name + " " + strings.Join(args, " ") + ": " + what)}); err != nil {
		return "", err
	}
	return what, nil
}

// announcement is the text of ANNOUNCE: the rest of its line and the lines after
// it, without the passphrase line (mail.GMLines reads no command after it).
func announcement(body string, c mail.Command) string {
	lines := strings.Split(body, "\n")
	var b strings.Builder
	if a := strings.TrimSpace(c.Args); a != "" {
		b.WriteString(a + "\n")
	}
	for _, l := range lines[min(c.Line, len(lines)):] {
		if _, ok := mail.Passphrase(l); ok {
			continue
		}
		b.WriteString(l + "\n")
	}
	return strings.TrimSpace(b.String()) + "\n"
}

// reminderFits refuses a reminder lead time no hour is long enough for: the
// reminder falls before the hour opens and is never sent. An hour lasts at
// least hours= (at= only moves its deadline later); with at= alone it may be
// as short as the time to the next at=, so only a day or more is refused.
func reminderFits(p schedule.Policy) error {
	if p.ReminderBefore <= 0 {
		return nil
	}
	shortest := p.HourLength
	if shortest == 0 {
		shortest = 24 * time.Hour
	}
	if p.ReminderBefore >= shortest {
		return gmErr("remind=%s is not shorter than the %s an hour has: no reminder would ever be sent",
			formatLeft(p.ReminderBefore), formatLeft(shortest))
	}
	return nil
}

// playerAddress reads a player's address as RFC 5322 does (a bare address or
// "Name <addr>"), and requires a domain: a bare "erin" would be mailed to
// nobody the GM meant.
func playerAddress(s string) (string, error) {
	a, err := netmail.ParseAddress(s)
	if err != nil {
		return "", gmErr("%q is not a mail address", s)
	}
	at := strings.LastIndexByte(a.Address, '@')
	if at <= 0 || at == len(a.Address)-1 {
		return "", gmErr("%q is not a mail address", s)
	}
	return a.Address, nil
}

// parseDuration reads "36h", "90m" or "2d".
func parseDuration(s string) (time.Duration, error) {
	if d, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(d)
		if err != nil || n < 0 {
			return 0, gmErr("bad duration %q", s)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, gmErr("bad duration %q (write 36h, 90m or 2d)", s)
	}
	return d, nil
}

// gmNewGame creates a game from "NEWGAME id key=value ..." (see docs/GM.md).
func (s *Server) gmNewGame(tx *store.Tx, actor string, args []string) (string, error) {
	if !s.mayRun(actor, nil) {
		return "", gmErr("only the club's GMs may create games")
	}
	if len(args) == 0 {
		return "", gmErr("NEWGAME needs a game id")
	}
	req := NewGame{ID: strings.ToLower(args[0]), GM: actor}
	var pol schedule.Policy
	// Other settings name optional rules, which the scenario knows: they are
	// checked once the scenario is known, whichever argument names it.
	type optionalArg struct{ name, arg string }
	var optional []optionalArg
	for _, a := range args[1:] {
		k, v, _ := strings.Cut(a, "=")
		var err error
		switch strings.ToLower(k) {
		case "usa":
			req.USA, err = playerAddress(v)
		case "csa":
			req.CSA, err = playerAddress(v)
		case "scenario":
			req.Scenario = v
		case "visibility":
			switch v {
			case store.VisibilityBlocks, store.VisibilityDoubleBlind, store.VisibilityOpen:
				req.Options.Visibility = adjudicator.Visibility(v)
			default:
				return "", gmErr("visibility %q: blocks, double-blind or open", v)
			}
		case "hours":
			pol.HourLength, err = parseDuration(v)
		case "at":
			pol.At = v
		case "zone":
			pol.Zone = v
		case "weekdays":
			pol.WeekdaysOnly = true
		case "grace":
			pol.Grace, err = parseDuration(v)
		case "remind":
			pol.ReminderBefore, err = parseDuration(v)
		case "change":
			pol.ChangeOfMind, err = parseDuration(v)
		case "gmwarn":
			req.GMWarn = -1 // "gmwarn=0": never
			if d, perr := parseDuration(v); perr != nil || d > 0 {
				req.GMWarn, err = d, perr
			}
		case "vacation":
			req.VacationCap, err = strconv.Atoi(v)
		case "ladder":
			req.Ladder = v
		case "sequential":
			req.Sequential = true
		case "invite":
			req.Invite = true
		case "usazone":
			req.USAZone = v
		case "csazone":
			req.CSAZone = v
		default:
			optional = append(optional, optionalArg{strings.ToLower(k), a})
		}
		if err != nil {
			return "", gmErr("%s: %v", a, err)
		}
	}
	if req.USA != "" && mail.SameMailbox(req.USA, req.CSA) {
		return "", gmErr("%s cannot play both sides", req.USA)
	}
	if pol != (schedule.Policy{}) {
		if pol.HourLength == 0 && pol.At == "" {
			// Only a change of mind or grace given: keep hours without deadline.
			pol.HourLength = s.cfg.HourLength
		}
		if err := pol.Validate(); err != nil && (pol.HourLength > 0 || pol.At != "") {
			return "", gmErr("deadlines: %v", err)
		}
		if err := reminderFits(pol); err != nil {
			return "", err
		}
		req.Deadline = pol
	}
	rules, err := s.findScenario(req.Scenario)
	if err != nil {
		return "", gmErr("%v", err)
	}
	for _, o := range optional {
		if !slices.Contains(rules.Optional(), o.name) {
			return "", gmErr("unknown setting %q", o.arg)
		}
		req.Options.Optional = append(req.Options.Optional, o.name)
	}
	if _, err := tx.Game(req.ID); err == nil {
		return "", gmErr("game %s exists already", req.ID)
	}
	g, err := s.createGame(tx, req)
	if err != nil {
		return "", gmErr("%v", err)
	}
	if _, err := tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: store.AuditGMAction, Hour: g.CurrentHour,
		Actor: actor, Text: "NEWGAME " + strings.Join(args, " ")}); err != nil {
		return "", err
	}
	switch {
	case g.Status == store.StatusRunning:
		return fmt.Sprintf("Game %s started; the players have their first mails.", g.ID), nil
	case req.Invite:
		return fmt.Sprintf("Game %s created; the players are invited and it starts when both accept.", g.ID), nil
	}
	return fmt.Sprintf("Game %s is open: players write \"JOIN %s\" to %s.", g.ID, g.ID,
		mail.GameAddress(s.local, s.domain, g.ID)), nil
}

// tellPlayers sends each player of g the same notice.
func (s *Server) tellPlayers(tx *store.Tx, g *store.Game, kind, subject string, body func(zone string) string) error {
	for _, sd := range adjudicator.Sides {
		p := g.Players[sideKey(sd)]
		if p.Address == "" || p.Token == "" {
			continue
		}
		if err := s.queueText(tx, g, sd, kind, subject, body(p.TimeZone)); err != nil {
			return err
		}
	}
	return nil
}

func (s *Server) gmExtend(tx *store.Tx, g *store.Game, args []string) (string, error) {
	if len(args) != 1 {
		return "", gmErr("EXTEND needs a duration, e.g. EXTEND 24h")
	}
	d, err := parseDuration(args[0])
	if err != nil {
		return "", err
	}
	if d <= 0 {
		return "", gmErr("EXTEND needs a time longer than zero")
	}
	if g.Deadline.Next.IsZero() {
		return "", gmErr("game %s has no deadline running", g.ID)
	}
	g.Deadline.Next = g.Deadline.Next.Add(d)
	if g.Status == store.StatusPaused {
		g.Deadline.PausedLeft += d // RESUME counts from what was left
	}
	g.Deadline.Reminded, g.Deadline.GraceNotice, g.Deadline.GMWarned = nil, false, false
	if err := tx.PutGame(g); err != nil {
		return "", err
	}
	next := g.Deadline.Next
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	err = s.tellPlayers(tx, g, "extended", n.Line("notice.extended.subject"), func(zone string) string {
		return n.Para(adjudicator.Say("notice.extended", adjudicator.TextArg("game", g.ID), adjudicator.TextArg("by", args[0]),
			adjudicator.TextArg("time", schedule.FormatIn(next, zone))))
	})
	return "Deadline now " + schedule.FormatIn(next, "") + ".", err
}

func (s *Server) gmPause(tx *store.Tx, g *store.Game) (string, error) {
	if g.Status != store.StatusRunning {
		return "", gmErr("game %s is %s", g.ID, g.Status)
	}
	g.Status = store.StatusPaused
	if !g.Deadline.Next.IsZero() {
		g.Deadline.PausedLeft = max(g.Deadline.Next.Sub(tx.Now()), 0)
	}
	if err := tx.PutGame(g); err != nil {
		return "", err
	}
	what := "Paused (the game has no deadline running)."
	if !g.Deadline.Next.IsZero() {
		what = fmt.Sprintf("Paused with %s left to the deadline; RESUME restarts the clock with that.", formatLeft(g.Deadline.PausedLeft))
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	return what, s.tellPlayers(tx, g, "paused", n.Line("notice.paused.subject"), func(string) string {
		return n.Para(adjudicator.Say("notice.paused", adjudicator.TextArg("game", g.ID)))
	})
}

func (s *Server) gmResume(tx *store.Tx, g *store.Game) (string, error) {
	if g.Status != store.StatusPaused {
		return "", gmErr("game %s is not paused", g.ID)
	}
	g.Status = store.StatusRunning
	if !g.Deadline.Next.IsZero() {
		g.Deadline.Next = tx.Now().Add(g.Deadline.PausedLeft)
	}
	g.Deadline.PausedLeft = 0
	if err := tx.PutGame(g); err != nil {
		return "", err
	}
	next := g.Deadline.Next
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	return "Resumed.", s.tellPlayers(tx, g, "resumed", n.Line("notice.resumed.subject"), func(zone string) string {
		var due adjudicator.Phrase
		if !next.IsZero() {
			due = adjudicator.Say("notice.resumed.due", adjudicator.TextArg("time", schedule.FormatIn(next, zone)))
		}
		return n.Para(adjudicator.Say("notice.resumed", adjudicator.TextArg("game", g.ID)), due)
	})
}

// gmForce resolves the open hour now. With "nopenalty" it is a fast-forward:
// a side without orders is played by standing orders but not charged an NMR,
// the game counts the hour in FastForwarded, and a game it ends is marked
// EndForced. The action is logged before the hour, so a game it ends lists it
// in its end-of-game record. A paused game stays paused: the new hour's
// clock starts at RESUME (openDeadline keeps its whole time).
func (s *Server) gmForce(tx *store.Tx, g *store.Game, actor string, args []string) (string, error) {
	ff := false
	switch {
	case len(args) == 1 && strings.EqualFold(args[0], "nopenalty"):
		ff = true
	case len(args) > 0:
		return "", gmErr("FORCE takes no argument but nopenalty")
	}
	if g.Status != store.StatusRunning && g.Status != store.StatusPaused {
		return "", gmErr("game %s is %s", g.ID, g.Status)
	}
	h, err := tx.Hour(g.ID, g.CurrentHour)
	if err != nil {
		return "", err
	}
	if h.Resolved() {
		return "", gmErr("the hour is already resolved")
	}
	turn, err := s.turnOf(g, h.Hour)
	if err != nil {
		return "", err
	}
	text := "FORCE: " + turn.Key + " resolved by the GM"
	if ff {
		text = "FORCE nopenalty: " + turn.Key + " fast-forwarded by the GM, no NMR charged"
	}
	if _, err := tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: store.AuditGMAction, Hour: h.Hour,
		Actor: actor, Text: text}); err != nil {
		return "", err
	}
	h.FastForward = ff
	if err := s.resolve(tx, g, h); err != nil {
		return "", err
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(turn.Key + " resolved now")
	if ff {
		b.WriteString(" (fast-forward): sides without orders were played by standing orders and charged no NMR")
		key := adjudicator.TextArg("turn", turn.Key)
		if err := s.tellPlayers(tx, g, fmt.Sprintf("fastforward-h%d%s", h.Hour, reseedTag(g, h.Hour)), n.Line("notice.fastforward.subject", key), func(string) string {
			return n.Para(adjudicator.Say("notice.fastforward", key, adjudicator.TextArg("game", g.ID), adjudicator.WordArg("nmr", "nmr.theirs.did")))
		}); err != nil {
			return "", err
		}
	} else {
		b.WriteString("; sides without orders were played by standing orders (an NMR each)")
	}
	switch {
	case g.Status == store.StatusFinished:
		b.WriteString(". " + n.Line("notice.forced.over", adjudicator.PhrasesArg("effect", ratingEffect(g))))
	case g.Status == store.StatusPaused:
		fmt.Fprintf(&b, ". The game stays paused: the new hour's clock (%s) starts when you RESUME", formatLeft(g.Deadline.PausedLeft))
	}
	return b.String() + ".", nil
}

// ratingEffect says what a finished game's ending does on its ladder.
func ratingEffect(g *store.Game) adjudicator.Phrase {
	if g.Ladder == "" {
		return adjudicator.Say("notice.rating.none")
	}
	code := "notice.rating.rated"
	switch g.Ending {
	case store.EndCancelled:
		code = "notice.rating.cancelled"
	case store.EndVoided:
		code = "notice.rating.voided"
	case store.EndDeclared:
		code = "notice.rating.declared"
	case store.EndForced:
		code = "notice.rating.forced"
	}
	return adjudicator.Say(code, adjudicator.TextArg("ladder", g.Ladder))
}

// formatLeft writes a time left to the minute: "23h", "1h30m", "45m".
func formatLeft(d time.Duration) string {
	d = d.Truncate(time.Minute)
	if d <= 0 {
		return "0m"
	}
	t := strings.TrimSuffix(d.String(), "0s")
	if strings.HasSuffix(t, "h0m") {
		t = strings.TrimSuffix(t, "0m")
	}
	return t
}

// gmEnd ends a game by the GM's word: CANCEL (not rated, not listed), VOID
// (listed, not rated) or RESULT usa|csa|draw (rated as declared). The action is
// logged, the players are told, and the game closes through finishGame with
// g.Ending set, which the ladder reads. An open game that never started is
// only cancelled: it has no hour to close.
func (s *Server) gmEnd(tx *store.Tx, g *store.Game, actor, cmd string, args []string) (string, error) {
	ending, winner, did, declared := store.EndCancelled, adjudicator.NoSide, "cancelled", ""
	var decl adjudicator.Phrase // what the GM declared, for the notices
	switch cmd {
	case "VOID":
		ending, did = store.EndVoided, "voided"
	case "RESULT":
		ending, did = store.EndDeclared, "ended"
		if len(args) != 1 {
			return "", gmErr("RESULT needs usa, csa or draw, e.g. RESULT %s usa", g.ID)
		}
		switch strings.ToLower(args[0]) {
		case "usa":
			winner, declared = adjudicator.USA, " with a declared USA win"
			decl = adjudicator.Say("notice.declared.win", adjudicator.SideArg("side", winner))
		case "csa":
			winner, declared = adjudicator.CSA, " with a declared CSA win"
			decl = adjudicator.Say("notice.declared.win", adjudicator.SideArg("side", winner))
		case "draw":
			declared = " with a declared draw"
			decl = adjudicator.Say("notice.declared.draw")
		default:
			return "", gmErr("result %q: usa, csa or draw", args[0])
		}
		args = args[1:]
	}
	if len(args) > 0 {
		return "", gmErr("%s takes no more words", cmd)
	}
	switch {
	case g.Status == store.StatusOpen && cmd == "CANCEL":
	case g.Status == store.StatusOpen:
		return "", gmErr("game %s has not started: CANCEL it instead", g.ID)
	case g.Status != store.StatusRunning && g.Status != store.StatusPaused:
		return "", gmErr("game %s is %s", g.ID, g.Status)
	}
	started := g.Status != store.StatusOpen
	g.Status, g.Ending = store.StatusFinished, ending
	g.Deadline.Next, g.Deadline.PausedLeft = time.Time{}, 0
	if err := tx.PutGame(g); err != nil {
		return "", err
	}
	if _, err := tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: store.AuditGMAction, Hour: g.CurrentHour,
		Actor: actor, Text: fmt.Sprintf("%s: game %s %s%s", cmd, g.ID, did, declared)}); err != nil {
		return "", err
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	didWord := adjudicator.WordArg("did", "notice.did."+did)
	said := []adjudicator.Arg{didWord, adjudicator.TextArg("game", g.ID), adjudicator.PhrasesArg("effect", ratingEffect(g))}
	code, gmCode := "notice.ended", "notice.ended.gm"
	if decl.Code != "" {
		code, gmCode, said = "notice.ended.declared", "notice.ended.gm.declared", append(said, adjudicator.PhrasesArg("declared", decl))
	}
	if err := s.tellPlayers(tx, g, "ended-"+ending, n.Line("notice.ended.subject", didWord), func(string) string {
		return n.Para(adjudicator.Say(code, said...))
	}); err != nil {
		return "", err
	}
	if started {
		_, _, st, err := s.currentStart(tx, g)
		if err != nil {
			return "", err
		}
		out := st.Outcome()
		out.Over, out.Winner = true, winner
		if _, err := s.finishGame(tx, g, out); err != nil {
			return "", err
		}
	}
	return n.Line(gmCode, said...), nil
}

// gmRollback undoes the last resolved hour: the hour after it (if open) is
// deleted with its orders, the hour is re-opened with a new seed and a new
// commitment mailed to everyone, and its orders are kept as they stood (either
// side may replace them). The seed revealed before stays in the chain: the
// rollback link only voids the hour's old result.
func (s *Server) gmRollback(tx *store.Tx, g *store.Game, actor string) (string, error) {
	if g.Status == store.StatusFinished && g.Ladder != "" {
		return "", gmErr("game %s is finished and rated on ladder %s", g.ID, g.Ladder)
	}
	nums, err := tx.HourNumbers(g.ID)
	if err != nil {
		return "", err
	}
	last := -1
	var hr *store.HourRecord
	for i := len(nums) - 1; i >= 0; i-- {
		h, err := tx.Hour(g.ID, nums[i])
		if err != nil {
			return "", err
		}
		if h.Resolved() {
			last, hr = nums[i], h
			break
		}
	}
	if hr == nil && len(g.Reseeds) > 0 {
		turn, err := s.turnOf(g, g.CurrentHour)
		if err != nil {
			return "", err
		}
		return "", gmErr("already at the first hour (%s): nothing earlier to roll back to", turn.Key)
	}
	if hr == nil {
		return "", gmErr("no hour has been resolved yet")
	}
	for _, n := range nums {
		if n > last {
			if err := tx.DeleteHour(g.ID, n); err != nil {
				return "", err
			}
		}
	}
	if g.Reseeds == nil {
		g.Reseeds = map[int]int{}
	}
	g.Reseeds[last]++
	now := tx.Now()
	// The hour's punctuality is taken back, so resolving it again does not count
	// it twice. Which of on time or late it was is not stored; on time is assumed
	// first (an approximation documented in docs/GM.md).
	if hr.FastForward {
		g.FastForwarded = max(g.FastForwarded-1, 0)
	}
	for _, sd := range adjudicator.Sides {
		key := sideKey(sd)
		p := g.Players[key]
		switch {
		case len(hr.OrderSets[key]) == 0 && hr.FastForward:
			// a fast-forward charged no NMR
		case len(hr.OrderSets[key]) == 0:
			p.NMRs = max(p.NMRs-1, 0)
		case p.OnTime > 0:
			p.OnTime--
		default:
			p.Late = max(p.Late-1, 0)
		}
		g.Players[key] = p
	}
	reopened := &store.HourRecord{Game: g.ID, Hour: last, OpenedAt: now, StateAtStart: hr.StateAtStart,
		OrderSets: hr.OrderSets, SeedCommitment: store.Commitment(hourSeed(g, last))}
	if err := tx.PutHour(reopened); err != nil {
		return "", err
	}
	g.CurrentHour = last
	g.Status = store.StatusRunning
	openDeadline(g, now)
	if err := tx.PutGame(g); err != nil {
		return "", err
	}
	sc, err := s.rulesOf(g)
	if err != nil {
		return "", err
	}
	label := adjudicator.TurnAt(sc, last).Key
	text := fmt.Sprintf("ROLLBACK: %s re-opened (re-opening %d) with new seed commitment %s; the old seed %x stays revealed",
		label, g.Reseeds[last], reopened.SeedCommitment, hr.Seed)
	if _, err := tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: store.AuditRollback, Hour: last, Actor: actor,
		SeedCommitment: reopened.SeedCommitment, StateHash: store.HashBytes(hr.StateAtStart), Text: text}); err != nil {
		return "", err
	}
	n, err := templates.NoticesOf(sc)
	if err != nil {
		return "", err
	}
	key := adjudicator.TextArg("turn", label)
	if err := s.tellPlayers(tx, g, fmt.Sprintf("rollback-h%d%s", last, reseedTag(g, last)), n.Line("notice.rollback.subject", key), func(string) string {
		return n.Para(adjudicator.Say("notice.rollback", adjudicator.TextArg("game", g.ID), key))
	}); err != nil {
		return "", err
	}
	// Mails of the rolled-back hours not yet drawn would describe hours that
	// are gone: the re-opened hour's mail replaces them.
	if err := dropMailJobs(tx, g.ID); err != nil {
		return "", err
	}
	if err := s.addHourJob(tx, g, -1, last, store.ChainHead{}); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s re-opened with new seed commitment %s.", label, reopened.SeedCommitment.Short()), nil
}

// gmReplace gives a side to a new player: a fresh secret address, the current
// view, and the old player's record kept as a departure.
func (s *Server) gmReplace(tx *store.Tx, g *store.Game, args []string) (string, error) {
	if len(args) != 2 {
		return "", gmErr("REPLACE needs a side and an address, e.g. REPLACE csa dave@example.org")
	}
	side, ok := adjudicator.ParseSide(args[0])
	if !ok || side == adjudicator.NoSide {
		return "", gmErr("side %q: usa or csa", args[0])
	}
	addr, err := playerAddress(args[1])
	if err != nil {
		return "", err
	}
	for _, sd := range adjudicator.Sides {
		if !mail.SameMailbox(g.Players[sideKey(sd)].Address, addr) {
			continue
		}
		if sd == side {
			return "", gmErr("%s already plays %s in game %s", args[1], sd, g.ID)
		}
		return "", gmErr("%s already plays %s in game %s; one player cannot take both sides", args[1], sd, g.ID)
	}
	key := sideKey(side)
	old := g.Players[key]
	tok, err := mail.NewToken(nil)
	if err != nil {
		return "", err
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	now := tx.Now()
	if old.Address != "" {
		g.Departed = append(g.Departed, store.Departure{Side: key, Address: old.Address, Replaced: true, At: now,
			OnTime: old.OnTime, Late: old.Late, NMRs: old.NMRs})
		r := recipient{viewer: side, addr: old.Address}
		if err := s.enqueue(tx, g, r, fmt.Sprintf("replaced-%s-%d", key, len(g.Departed)), g.CurrentHour,
			mail.OutMessage{Subject: n.Line("notice.replaced-you.subject"),
				Text: n.Para(adjudicator.Say("notice.replaced-you", adjudicator.SideArg("side", side), adjudicator.TextArg("game", g.ID)))}); err != nil {
			return "", err
		}
	}
	g.Players[key] = store.Player{Address: addr, Token: tok, Accepted: true}
	if err := tx.PutGame(g); err != nil {
		return "", err
	}
	other := adjudicator.CSA
	if side == adjudicator.CSA {
		other = adjudicator.USA
	}
	if g.Players[sideKey(other)].Token != "" {
		if err := s.queueText(tx, g, other, "opponent-replaced", n.Line("notice.replaced.subject"),
			n.Para(adjudicator.Say("notice.replaced", adjudicator.TextArg("game", g.ID), adjudicator.SideArg("side", side)))); err != nil {
			return "", err
		}
	}
	if g.Status == store.StatusRunning || g.Status == store.StatusPaused {
		if err := s.sendCurrentView(tx, g, side, fmt.Sprintf("join-%d", len(g.Departed))); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("%s is now played by %s.", side, addr), nil
}

// sendCurrentView mails one side the open hour's map and order form, with its
// secret address: what a player joining a running game needs.
func (s *Server) sendCurrentView(tx *store.Tx, g *store.Game, side adjudicator.Side, tag string) error {
	h, sc, st, err := s.currentStart(tx, g)
	if err != nil {
		return err
	}
	for _, r := range s.recipients(g) {
		if r.viewer != side {
			continue
		}
		out, err := s.hourMail(g, sc, nil, nil, st, h.SeedCommitment, nil, r)
		if err != nil {
			return err
		}
		return s.enqueue(tx, g, r, fmt.Sprintf("hour-h%d%s-%s-%s", h.Hour, reseedTag(g, h.Hour), sideKey(side), tag), h.Hour, out)
	}
	return nil
}

// currentStart returns a game's open hour, its rules and the state it starts from.
func (s *Server) currentStart(tx *store.Tx, g *store.Game) (*store.HourRecord, adjudicator.Scenario, adjudicator.State, error) {
	h, err := tx.Hour(g.ID, g.CurrentHour)
	if err != nil {
		return nil, nil, nil, err
	}
	sc, err := s.rulesOf(g)
	if err != nil {
		return nil, nil, nil, err
	}
	st, err := sc.DecodeState(h.StateAtStart)
	return h, sc, st, err
}

// hourInputs loads what playing one hour of a game needs: its record, the
// scenario, the state at its start and each side's newest orders.
func (s *Server) hourInputs(tx *store.Tx, g *store.Game, hour int) (*store.HourRecord, adjudicator.Scenario, adjudicator.State, [2]adjudicator.Orders, error) {
	var ord [2]adjudicator.Orders
	h, err := tx.Hour(g.ID, hour)
	if err != nil {
		return nil, nil, nil, ord, err
	}
	sc, err := s.rulesOf(g)
	if err != nil {
		return nil, nil, nil, ord, err
	}
	before, err := sc.DecodeState(h.StateAtStart)
	if err != nil {
		return nil, nil, nil, ord, err
	}
	ord, err = decodeOrders(sc, h)
	return h, sc, before, ord, err
}

// gmPredict dry-runs the open hour with the orders in and mails the GM the full
// result. It uses throwaway dice, never the hour's own seed, so the prediction
// tells the GM nothing about the dice the hour will really use; nothing is
// stored but the GM's mail.
func (s *Server) gmPredict(tx *store.Tx, g *store.Game, actor, key string) (string, error) {
	h, sc, before, ord, err := s.hourInputs(tx, g, g.CurrentHour)
	if err != nil {
		return "", err
	}
	if h.Resolved() {
		return "", gmErr("the game has no open hour")
	}
	seed := make([]byte, 32)
	if _, err := rand.Read(seed); err != nil {
		return "", err
	}
	after, rep, err := sc.Resolve(before, ord, adjudicator.NewStreamDice(seed))
	if err != nil {
		return "", err
	}
	out, err := s.hourMail(g, sc, before, rep, after, store.Hash{}, nil, recipient{viewer: adjudicator.NoSide, addr: actor})
	if err != nil {
		return "", err
	}
	var in []string
	for _, sd := range adjudicator.Sides {
		if ord[sd.Index()] != nil {
			in = append(in, sd.String())
		}
	}
	note := fmt.Sprintf("PREDICTION for the GM only: %s played as if now, with the orders in (%s) and\n"+
		"throwaway dice, not the hour's own. Nothing was stored; the players were told nothing.\n\n",
		before.Turn().Key, strings.Join(in, ", "))
	out.Subject = fmt.Sprintf("[%s] PREDICTION of %s (for the GM only)", g.ID, before.Turn().Key)
	out.Text = note + out.Text
	out.HTML = insertAfterBody(out.HTML, "<p><strong>"+strings.TrimSpace(strings.SplitN(note, "\n", 2)[0])+"</strong></p>\n")
	if err := s.enqueue(tx, g, recipient{viewer: adjudicator.NoSide, addr: actor}, "predict-"+key, h.Hour, out); err != nil {
		return "", err
	}
	if _, err := tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: store.AuditGMAction, Hour: g.CurrentHour,
		Actor: actor, Text: "PREDICT: dry run of " + before.Turn().Key + " mailed to the GM"}); err != nil {
		return "", err
	}
	return "The prediction is in the next mail.", nil
}

func (s *Server) gmAnnounce(tx *store.Tx, g *store.Game, text, key string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", gmErr("ANNOUNCE needs a text")
	}
	n, err := s.noticesOf(g)
	if err != nil {
		return "", err
	}
	err = s.tellPlayers(tx, g, "announce-"+key, n.Line("notice.announce.subject"), func(string) string {
		return n.Line("notice.announce", adjudicator.TextArg("game", g.ID)) + "\n\n" + text
	})
	return "Announced to both players.", err
}

// queueDirect queues a mail outside any game thread (answers to GM commands,
// JOIN and STANDINGS). key must be unique per mail.
func (s *Server) queueDirect(tx *store.Tx, key, to, subject, body string) error {
	now := tx.Now()
	out := mail.OutMessage{ID: key, IDDomain: s.idDomain, From: mail.Address{Name: s.cfg.FromName, Addr: s.cfg.Address},
		To: []mail.Address{{Addr: to}}, Subject: subject, Text: body, Date: now}
	raw, err := mail.Compose(out)
	if err != nil {
		return err
	}
	_, err = tx.EnqueueOutbox(&store.OutMsg{Kind: "direct", From: s.cfg.Address, To: []string{to}, Subject: subject, Raw: raw})
	return err
}

// gmUsage is each GM command with its one-line usage, in HELP's order; the
// guide (docs/GM.md) documents each, and a test holds the two together.
var gmUsage = []struct{ name, usage string }{
	{"HELP", "HELP: this list"},
	{"GAMES", "GAMES: every game you run, its state, hour, deadline and orders in"},
	{"STATUS", "STATUS <game>: one game in full"},
	{"LADDERS", "LADDERS: the ladders, with their members and games"},
	{"NEWGAME", "NEWGAME <game> usa=ADDR csa=ADDR [setting=value ...]: create a game"},
	{"EXTEND", "EXTEND <game> <36h|90m|2d>: move the deadline later"},
	{"PAUSE", "PAUSE <game>: stop the clock"},
	{"RESUME", "RESUME <game>: restart the clock with the time that was left"},
	{"FORCE", "FORCE <game> [nopenalty]: resolve the hour now (nopenalty: no NMR for missing orders)"},
	{"ROLLBACK", "ROLLBACK <game>: undo the last resolved hour"},
	{"REPLACE", "REPLACE <game> usa|csa <address>: give a side to a new player"},
	{"PREDICT", "PREDICT <game>: dry-run the hour with throwaway dice, for you only"},
	{"ANNOUNCE", "ANNOUNCE <game> <text>: a message to both players (the rest of the mail)"},
	{"CANCEL", "CANCEL <game>: end the game; not rated, not listed"},
	{"VOID", "VOID <game>: end the game; listed as void, not rated"},
	{"RESULT", "RESULT <game> usa|csa|draw: end the game with a declared result, rated"},
}

// gmHelp lists the GM commands, one line each.
func gmHelp() string {
	var b strings.Builder
	b.WriteString("The GM's commands (write <game> only when mailing the plain address):\n")
	for _, u := range gmUsage {
		b.WriteString("  " + u.usage + "\n")
	}
	b.WriteString("Every mail needs your PASSPHRASE line. docs/GM.md is the whole guide.")
	return b.String()
}

// gameCommands lists the commands that act on one game, as written to the
// game's address (no game id), for the GM's mails of that game: HELP's table
// less the commands of the plain address.
func gameCommands() string {
	var b strings.Builder
	for _, u := range gmUsage {
		if usage, ok := strings.CutPrefix(u.usage, u.name+" <game>"); ok && u.name != "NEWGAME" { // NEWGAME makes one
			b.WriteString("  " + u.name + usage + "\n")
		}
	}
	return b.String()
}

// gameLine is one game in a word or two each: state, hour, deadline, orders in.
func (s *Server) gameLine(tx *store.Tx, g *store.Game) (string, error) {
	state := string(g.Status)
	switch g.Status {
	case store.StatusOpen:
		var free []string
		for _, sd := range adjudicator.Sides {
			if g.Players[sideKey(sd)].Address == "" {
				free = append(free, sd.String())
			}
		}
		if len(free) > 0 {
			return fmt.Sprintf("%s: open, waiting for %s", g.ID, strings.Join(free, " and ")), nil
		}
		return g.ID + ": open, waiting for the players to accept", nil
	case store.StatusFinished:
		if g.Ending != "" {
			state += " (" + g.Ending + ")"
		}
		return g.ID + ": " + state, nil
	}
	h, err := tx.Hour(g.ID, g.CurrentHour)
	if err != nil {
		return "", err
	}
	turn, err := s.turnOf(g, h.Hour)
	if err != nil {
		return "", err
	}
	due := "no deadline"
	switch {
	case g.Status == store.StatusPaused && !g.Deadline.Next.IsZero():
		due = formatLeft(g.Deadline.PausedLeft) + " left when resumed"
	case !g.Deadline.Next.IsZero():
		due = "due " + schedule.FormatIn(g.Deadline.Next, "")
	}
	var in []string
	for _, sd := range adjudicator.Sides {
		if h.Latest(sideKey(sd)) != nil {
			in = append(in, sd.String())
		}
	}
	if len(in) == 0 {
		in = []string{"none"}
	}
	return fmt.Sprintf("%s: %s, %s, %s, orders in: %s", g.ID, state, turn.Key, due, strings.Join(in, ", ")), nil
}

// gmGames lists the games actor may run, one line each.
func (s *Server) gmGames(tx *store.Tx, actor string) (string, error) {
	gs, err := tx.Games()
	if err != nil {
		return "", err
	}
	slices.SortFunc(gs, func(a, b *store.Game) int { return strings.Compare(a.ID, b.ID) })
	var lines []string
	for _, g := range gs {
		if !s.mayRun(actor, g) {
			continue
		}
		l, err := s.gameLine(tx, g)
		if err != nil {
			return "", err
		}
		lines = append(lines, "\n  "+l)
	}
	if len(lines) == 0 {
		return "You run no game.", nil
	}
	return counted(len(lines), "game", "games") + ":" + strings.Join(lines, ""), nil
}

// gmStatus describes one game in full.
func (s *Server) gmStatus(tx *store.Tx, g *store.Game) (string, error) {
	l, err := s.gameLine(tx, g)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(l)
	fmt.Fprintf(&b, "\n  scenario %s, visibility %s", g.Scenario, g.Options.Visibility)
	if g.Options.Sequential {
		b.WriteString(", sequential")
	}
	for _, sd := range adjudicator.Sides {
		p := g.Players[sideKey(sd)]
		if p.Address == "" {
			fmt.Fprintf(&b, "\n  %s: open seat", sd)
			continue
		}
		fmt.Fprintf(&b, "\n  %s: %s (hours on time %d, late %d, NMR %d)", sd, p.Address, p.OnTime, p.Late, p.NMRs)
	}
	for _, dp := range g.Departed {
		fmt.Fprintf(&b, "\n  left: %s (%s)", dp.Address, strings.ToUpper(dp.Side))
	}
	ladder := "none"
	if g.Ladder != "" {
		ladder = g.Ladder
	}
	fmt.Fprintf(&b, "\n  ladder: %s; GM: %s; hours fast-forwarded: %d", ladder, g.GM, g.FastForwarded)
	return b.String(), nil
}

// gmLadders lists the ladders: members (players seated in its games, and those
// who left one) and games (finished and in play).
func (s *Server) gmLadders(tx *store.Tx, actor string) (string, error) {
	if !s.mayRun(actor, nil) {
		return "", gmErr("only the club's GMs may list the ladders")
	}
	gs, err := tx.Games()
	if err != nil {
		return "", err
	}
	type tally struct {
		members         map[string]bool
		finished, other int
	}
	ladders := map[string]*tally{}
	for _, name := range tx.Ladders() {
		ladders[name] = &tally{members: map[string]bool{}}
	}
	for _, g := range gs {
		if g.Ladder == "" {
			continue
		}
		t := ladders[g.Ladder]
		if t == nil {
			t = &tally{members: map[string]bool{}}
			ladders[g.Ladder] = t
		}
		if g.Status == store.StatusFinished {
			t.finished++
		} else {
			t.other++
		}
		for _, p := range g.Players {
			if p.Address != "" {
				t.members[mailbox.Key(p.Address)] = true
			}
		}
		for _, dp := range g.Departed {
			t.members[mailbox.Key(dp.Address)] = true
		}
	}
	if len(ladders) == 0 {
		return "There is no ladder yet: NEWGAME ... ladder=NAME starts one.", nil
	}
	var b strings.Builder
	b.WriteString(counted(len(ladders), "ladder", "ladders") + ":")
	names := make([]string, 0, len(ladders))
	for n := range ladders {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		t := ladders[n]
		fmt.Fprintf(&b, "\n  %s: %s, %s (%d finished, %d not)", n, counted(len(t.members), "member", "members"),
			counted(t.finished+t.other, "game", "games"), t.finished, t.other)
	}
	return b.String(), nil
}

// counted is n with its noun, singular for one: "1 game", "3 games".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// noticesOf is the notices of g's rule system (templates.Notices).
func (s *Server) noticesOf(g *store.Game) (templates.Notices, error) {
	sc, err := s.rulesOf(g)
	if err != nil {
		return templates.Notices{}, err
	}
	return templates.NoticesOf(sc)
}

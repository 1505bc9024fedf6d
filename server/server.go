package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/schedule"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// Config says who the server is and how it runs games.
type Config struct {
	// Registry holds the rule systems the server plays (cmd/pbem builds it): a
	// game's stored ruleset and scenario are looked up in it.
	Registry *adjudicator.Registry
	// DefaultScenario is the scenario of a game created without one ("": the
	// first scenario of the registry's legacy system).
	DefaultScenario string
	// Address is the adjudicator's own address, local@domain; players write to
	// local+game-side-token@domain.
	Address  string
	FromName string
	// GMs may create games and give GM commands.
	GMs []string
	// GMSecrets holds each GM's passphrase by address: a GM command mail must
	// come from the address and carry "PASSPHRASE <secret>" (docs/GM.md). A GM
	// without a secret cannot give commands by mail. A game's own GM needs an
	// entry too.
	GMSecrets map[string]string
	// MaxBytes is the largest mail read (0: the mail package's default).
	MaxBytes int
	// ChangeOfMind is the wait after both sides sent orders before the hour
	// resolves, so a player may still replace his orders (DESIGN §2.3).
	ChangeOfMind time.Duration
	// HourLength is the deadline of each hour after it opens; 0 means none.
	HourLength time.Duration
	Now        func() time.Time
	Logger     *slog.Logger
	// Wake is called after mails were queued, to send them at once.
	Wake func()
	// DKIM is the policy for senders' DKIM signatures (off, warn, require);
	// LookupTXT resolves DNS TXT records for it (nil: the system resolver).
	DKIM      mail.DKIMPolicy
	LookupTXT func(domain string) ([]string, error)
	// SenderPerHour caps the mails read from one sender per hour (0: no cap).
	SenderPerHour int
	// UnknownReplyEvery is how often a sender who names no game gets the one
	// polite reply (0: once a day).
	UnknownReplyEvery time.Duration
	// MaxQueuedMaps is how many mails with a map may wait in the outbox before
	// the daemon's composer waits for the sender (0: 256, about 75 MB). A
	// deadline storm then keeps its maps in the store as small jobs rather than
	// drawn mails, so the file, and the daemon's memory that maps it, stay
	// small; and an SMTP outage stops the drawing instead of filling the disk.
	MaxQueuedMaps int
	// AcceptPlayedHourReplies reads orders that answer the mail of an hour
	// already played (In-Reply-To and References name it) as orders for the hour
	// now open, the receipt saying so. By default they are refused with an
	// answer that says why; the mail stays in the archive.
	AcceptPlayedHourReplies bool
	// DeferHourMail leaves hour mails to be drawn by the daemon (Run) or an
	// explicit FlushMail: for tools that create games while the daemon is
	// stopped, so that creating a thousand games draws no map.
	DeferHourMail bool
	// GMWarnBefore is how long before a deadline a game's GM is told of the
	// sides that have sent no orders (0: never), for games that set no time of
	// their own (NewGame.GMWarn).
	GMWarnBefore time.Duration
}

// Server runs the games of one mailbox and one store.
type Server struct {
	cfg           Config
	st            *store.Store
	local, domain string
	// idDomain is the right-hand side of our Message-IDs: distinct from the mail
	// domain, so that players on the same domain are never taken for ourselves.
	idDomain string
	// mu serialises resolution, so an hour is never resolved twice at once.
	mu sync.Mutex
	// repliedMu guards replied, which remembers when an unknown sender was last
	// answered. It is separate from mu: it is taken inside store transactions.
	repliedMu sync.Mutex
	replied   map[string]time.Time
	// limiter caps the mails read per sender (nil: no cap). Only the watcher's
	// goroutine calls Handle, but it is guarded by repliedMu all the same.
	limiter *mail.RateLimiter
	// Hour mails (mailjobs.go): flushMu lets one FlushMail run at a time;
	// composing is set while Run's background composer runs, which mailKick
	// wakes. Without it, hour mails are composed before the call returns.
	flushMu   sync.Mutex
	composing atomic.Bool
	mailKick  chan struct{}
	// drawn counts the mails drawn and not yet queued (roomForMaps).
	drawn atomic.Int64
}

// New returns a server on an open store.
func New(st *store.Store, cfg Config) (*Server, error) {
	if cfg.Registry == nil {
		return nil, fmt.Errorf("server: no rule systems registered")
	}
	at := strings.LastIndexByte(cfg.Address, '@')
	if at <= 0 || at == len(cfg.Address)-1 {
		return nil, fmt.Errorf("server: address %q is not local@domain", cfg.Address)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.FromName == "" {
		cfg.FromName = "Shiloh PBEM"
	}
	if cfg.UnknownReplyEvery == 0 {
		cfg.UnknownReplyEvery = 24 * time.Hour
	}
	if cfg.MaxQueuedMaps <= 0 {
		cfg.MaxQueuedMaps = 256
	}
	local, domain := cfg.Address[:at], cfg.Address[at+1:]
	srv := &Server{cfg: cfg, st: st, local: local, domain: domain, idDomain: "shiloh-pbem." + domain,
		mailKick: make(chan struct{}, 1)}
	if cfg.SenderPerHour > 0 {
		srv.limiter = mail.NewRateLimiter(cfg.SenderPerHour, time.Hour/time.Duration(cfg.SenderPerHour), cfg.Now)
	}
	return srv, nil
}

func (s *Server) wake() {
	if s.cfg.Wake != nil {
		s.cfg.Wake()
	}
}

// sideKey is the store's name for a side.
func sideKey(sd adjudicator.Side) string {
	if sd == adjudicator.NoSide {
		return store.GMReport
	}
	return strings.ToLower(sd.String())
}

// NewGame describes a game to create.
type NewGame struct {
	ID       string
	Scenario string // "": Config.DefaultScenario
	Options  adjudicator.Options
	USA, CSA string // the players' addresses
	GM       string
	// Deadline is the game's deadline policy; a zero policy takes the server's
	// HourLength and ChangeOfMind.
	Deadline schedule.Policy
	// VacationCap is each player's vacation days in the game.
	VacationCap int
	// GMWarn is how long before each deadline the GM is told of the sides
	// without orders: 0 takes Config.GMWarnBefore, a negative value never.
	GMWarn time.Duration
	// Ladder names the ladder the result counts for ("" for none).
	Ladder string
	// Sequential asks for the rulebook's two round trips per hour.
	Sequential bool
	// USAZone and CSAZone are the players' IANA time zones for texts.
	USAZone, CSAZone string
	// Invite: the players must ACCEPT before the game starts.
	Invite bool
}

// CreateGame creates a game, opens its first hour with a seed commitment, and
// queues each side's first mail: its secret reply address, its map and its order
// form. A game with a seat left empty waits for JOIN mails, and an Invite game
// for both players to accept, before it starts.
func (s *Server) CreateGame(ctx context.Context, req NewGame) (*store.Game, error) {
	var g *store.Game
	err := s.st.Update(func(tx *store.Tx) error {
		var err error
		g, err = s.createGame(tx, req)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.wake()
	s.kickMail(ctx)
	s.cfg.Logger.Info("game created", "game", g.ID, "scenario", g.Scenario, "status", g.Status)
	return g, nil
}

// createGame is CreateGame inside a transaction (a GM's NEWGAME mail).
func (s *Server) createGame(tx *store.Tx, req NewGame) (*store.Game, error) {
	if !mail.ValidGameID(req.ID) {
		return nil, fmt.Errorf("server: game id %q: use letters and digits", req.ID)
	}
	rules, err := s.findScenario(req.Scenario)
	if err != nil {
		return nil, err
	}
	if req.Options.Visibility == "" {
		req.Options.Visibility = rules.Modes()[0]
	}
	req.Options.Sequential = req.Sequential
	if _, ok := rules.(adjudicator.Sequential); req.Sequential && !ok {
		return nil, fmt.Errorf("server: scenario %s has no sequential play", rules.ID())
	}
	// NewState refuses what the scenario does not offer, and options that cannot
	// go together.
	if _, err := rules.NewState(req.Options); err != nil {
		return nil, err
	}
	g, err := store.NewGame(req.ID, rules.System(), rules.ID())
	if err != nil {
		return nil, err
	}
	g.Options.Visibility = string(req.Options.Visibility)
	// Optional rules are stored once each, in the scenario's order.
	g.Options.OptionalRules = nil
	for _, name := range rules.Optional() {
		if slices.Contains(req.Options.Optional, name) {
			g.Options.OptionalRules = append(g.Options.OptionalRules, name)
		}
	}
	g.GM = req.GM
	g.Players = map[string]store.Player{}
	for _, p := range []struct {
		side       adjudicator.Side
		addr, zone string
	}{{adjudicator.USA, req.USA, req.USAZone}, {adjudicator.CSA, req.CSA, req.CSAZone}} {
		pl := store.Player{Address: p.addr, TimeZone: p.zone}
		if p.addr != "" {
			if pl.Token, err = mail.NewToken(nil); err != nil {
				return nil, err
			}
		}
		g.Players[sideKey(p.side)] = pl
	}
	g.Ladder = req.Ladder
	g.Options.Sequential = req.Sequential
	pol := req.Deadline
	if pol == (schedule.Policy{}) {
		pol = schedule.Policy{HourLength: s.cfg.HourLength, ChangeOfMind: s.cfg.ChangeOfMind}
	}
	setPolicy(g, pol)
	g.Deadline.VacationCap = req.VacationCap
	g.Deadline.GMWarn = req.GMWarn
	if req.GMWarn == 0 {
		g.Deadline.GMWarn = s.cfg.GMWarnBefore
	}
	g.Deadline.GMWarn = max(g.Deadline.GMWarn, 0)
	now := tx.Now()
	g.CreatedAt, g.UpdatedAt = now, now
	g.Status = store.StatusOpen
	if err := tx.CreateGame(g); err != nil {
		return nil, err
	}
	if req.USA == "" || req.CSA == "" {
		return g, nil // an open game: JOIN mails fill the seats
	}
	if req.Invite {
		return g, s.queueInvitations(tx, g)
	}
	return g, s.startGame(tx, g)
}

// startGame opens a game's first hour with a seed commitment and queues each
// side's first mail, once both seats are filled.
func (s *Server) startGame(tx *store.Tx, g *store.Game) error {
	sc, err := s.rulesOf(g)
	if err != nil {
		return err
	}
	st, err := sc.NewState(gameOptions(g))
	if err != nil {
		return err
	}
	stateBytes, err := sc.EncodeState(st)
	if err != nil {
		return err
	}
	first := st.Turn().Index
	now := tx.Now()
	g.Status = store.StatusRunning
	g.CurrentHour = first
	openDeadline(g, now)
	if err := tx.PutGame(g); err != nil {
		return err
	}
	h := &store.HourRecord{Game: g.ID, Hour: first, OpenedAt: now, StateAtStart: stateBytes,
		SeedCommitment: store.Commitment(hourSeed(g, first))}
	if err := tx.PutHour(h); err != nil {
		return err
	}
	if _, err := tx.AppendAudit(&store.AuditRecord{Game: g.ID, Kind: store.AuditGameCreated, At: now,
		Hour: first, SeedCommitment: h.SeedCommitment, StateHash: store.HashBytes(stateBytes),
		Actor: g.GM, Text: fmt.Sprintf("game started: %s, %s, USA %s, CSA %s", sc.Title(), g.Options.Visibility,
			g.Players["usa"].Address, g.Players["csa"].Address)}); err != nil {
		return err
	}
	return s.addHourJob(tx, g, -1, h.Hour, store.ChainHead{})
}

// Seen implements mail.Handler.
func (s *Server) Seen(ctx context.Context, uidValidity, uid uint32, messageID string) (bool, error) {
	var seen bool
	err := s.st.View(func(tx *store.Tx) error {
		var err error
		seen, err = tx.IsProcessed(uidValidity, uid, messageID)
		return err
	})
	return seen, err
}

// Handle implements mail.Handler: everything a mail causes is committed in the
// transaction that marks it processed.
func (s *Server) Handle(ctx context.Context, d mail.Delivery) error {
	var resolveGame string
	err := s.st.Update(func(tx *store.Tx) error {
		if seen, err := tx.IsProcessed(d.UIDValidity, d.UID, d.MessageID); err != nil || seen {
			return err
		}
		if err := tx.MarkProcessed(d.UIDValidity, d.UID, d.MessageID); err != nil {
			return err
		}
		ref, err := tx.ArchiveMail(d.Raw)
		if err != nil {
			return err
		}
		g, err := s.intake(tx, d, ref)
		resolveGame = g
		return err
	})
	if err != nil {
		return err
	}
	s.wake()
	s.kickMail(ctx) // a NEWGAME, JOIN or GM command may have opened an hour
	if resolveGame != "" {
		if _, err := s.ResolveIfReady(ctx, resolveGame); err != nil {
			s.cfg.Logger.Error("resolve", "game", resolveGame, "err", err)
		}
	}
	return nil
}

// ResolveDue resolves every running game whose current hour is ready: both sides
// have sent orders and the change-of-mind delay has passed, or the deadline passed.
//
// It is the daemon's tick: on the way it sends the reminders and grace-period
// notices that are due (each once), each game in one transaction.
func (s *Server) ResolveDue(ctx context.Context) (int, error) {
	return s.tickAll(ctx)
}

// Run resolves due hours every interval until ctx ends. While it runs, hour
// mails are composed in the background (FlushMail), so neither intake nor the
// next game's resolution waits for maps to be drawn; mail jobs left by a crash
// are done first.
func (s *Server) Run(ctx context.Context, interval time.Duration) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	s.composing.Store(true)
	defer s.composing.Store(false)
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.composeLoop(ctx)
	}()
	for {
		if _, err := s.ResolveDue(ctx); err != nil {
			s.cfg.Logger.Error("resolve due", "err", err)
		}
		// Sleep until the next deadline, reminder or grace end if one comes
		// before the interval: a club's shared 21:00 deadline resolves at 21:00,
		// not up to an interval later.
		wait := interval
		if next, ok := s.nextDue(); ok {
			wait = min(wait, max(next.Sub(s.cfg.Now()), 0)+10*time.Millisecond)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
}

// nextDue is the earliest time after now at which a running game's deadline
// machinery acts: a reminder, the deadline itself, the end of the grace period.
// ok is false when no game has one. (An hour whose orders are all in resolves
// when the last arrive, or, after a change-of-mind delay, at the next tick.)
func (s *Server) nextDue() (next time.Time, ok bool) {
	now := s.cfg.Now()
	var games []*store.Game
	if err := s.st.View(func(tx *store.Tx) error {
		var err error
		games, err = tx.Games()
		return err
	}); err != nil {
		return next, false
	}
	for _, g := range games {
		d := g.Deadline
		if g.Status != store.StatusRunning || d.Next.IsZero() {
			continue
		}
		for _, at := range []time.Time{d.Next.Add(-d.Reminder), d.Next.Add(-d.GMWarn), d.Next, d.Next.Add(d.Grace)} {
			if at.After(now) && (!ok || at.Before(next)) {
				next, ok = at, true
			}
		}
	}
	return next, ok
}

// ResolveIfReady resolves the game's current hour if it is ready, and otherwise
// sends whichever reminder or grace notice is due (see tick).
func (s *Server) ResolveIfReady(ctx context.Context, id string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var due *tickPlan
	if err := s.st.View(func(tx *store.Tx) error {
		var err error
		due, err = s.plan(tx, id)
		return err
	}); err != nil || due == nil {
		return false, err
	}
	did := false
	err := s.st.Update(func(tx *store.Tx) error {
		var err error
		did, err = s.tick(tx, id) // decides again: the game may have changed
		return err
	})
	if err == nil {
		s.wake()
		if did {
			s.kickMail(ctx)
		}
	}
	return did, err
}

// resolve plays the hour, stores it and the next, and records the job of its
// mails, all in tx; the mails are drawn after it commits (mailjobs.go).
func (s *Server) resolve(tx *store.Tx, g *store.Game, h *store.HourRecord) error {
	_, sc, before, ord, err := s.hourInputs(tx, g, h.Hour)
	if err != nil {
		return err
	}
	seed := hourSeed(g, h.Hour)
	after, rep, err := sc.Resolve(before, ord, adjudicator.NewStreamDice(seed))
	if err != nil {
		return err
	}
	now := tx.Now()
	h.Seed = seed
	h.ResolvedAt = now
	if h.NextState, err = sc.EncodeState(after); err != nil {
		return err
	}
	// Each viewer's report is stored as its view: the hour's mails are drawn
	// from these (mailjobs.go), so they show exactly what was stored.
	h.Reports, h.ReportFormat = map[string][]byte{}, sc.ReportFormat()
	for _, viewer := range viewers {
		b, err := json.Marshal(sc.ViewReport(before, rep, after, viewer))
		if err != nil {
			return err
		}
		h.Reports[sideKey(viewer)] = b
	}
	if err := tx.PutHour(h); err != nil {
		return err
	}
	head, err := tx.AppendAudit(store.HourAudit(h))
	if err != nil {
		return err
	}
	punctuality(g, h, before.Turn())
	out, nextTurn := after.Outcome(), after.Turn().Index
	if !out.Over {
		next := &store.HourRecord{Game: g.ID, Hour: nextTurn, OpenedAt: now, StateAtStart: h.NextState,
			SeedCommitment: store.Commitment(hourSeed(g, nextTurn))}
		if err := tx.PutHour(next); err != nil {
			return err
		}
		g.CurrentHour = next.Hour
		openDeadline(g, now)
	} else {
		g.Status = store.StatusFinished
		g.Deadline.Next = time.Time{}
		if h.FastForward {
			g.Ending = store.EndForced
		}
	}
	g.UpdatedAt = now
	if err := tx.PutGame(g); err != nil {
		return err
	}
	if out.Over {
		// The game-over link closes the chain: its head is the final one.
		if head, err = s.finishGame(tx, g, out); err != nil {
			return err
		}
	}
	tx.OnCommit(func() {
		s.cfg.Logger.Info("hour resolved", "game", g.ID, "hour", before.Turn().Key,
			"usa_vp", out.Score[0], "csa_vp", out.Score[1])
	})
	return s.addHourJob(tx, g, h.Hour, nextTurn, head)
}

type hourReveal struct {
	seed []byte
	head store.ChainHead
	// nmr marks the sides whose hour was played without orders.
	nmr [2]bool
	// ran names, for each side that had orders due, the orders the hour was
	// played with, by their receipt's hash (index Side.Index()).
	ran    [2]*templates.OrdersRun
	played adjudicator.Turn
	// latest is each side's newest orders for the hour (nil: none), by Index.
	latest [2]*store.OrderSet
	// summary and chart are the end-of-game record, set on the last hour.
	summary *templates.Summary
	chart   []byte
	// views are the report views stored for the hour, by viewerIndex, so the mails
	// show exactly what was stored.
	views [3]adjudicator.ReportView
}

// viewerIndex numbers the viewers of an hour: USA 0, CSA 1, the GM 2.
func viewerIndex(s adjudicator.Side) int {
	if s == adjudicator.NoSide {
		return 2
	}
	return s.Index()
}

// Games lists game ids.
func (s *Server) Games() ([]*store.Game, error) {
	var gs []*store.Game
	err := s.st.View(func(tx *store.Tx) error {
		var err error
		gs, err = tx.Games()
		return err
	})
	sort.Slice(gs, func(i, j int) bool { return gs[i].ID < gs[j].ID })
	return gs, err
}

// CurrentState returns a game's rules and the position of its open hour (or its
// final position): the truth, for tools that cut a side's view and checks from it
// through the rules (the demo's bots).
func (s *Server) CurrentState(id string) (adjudicator.Scenario, adjudicator.State, error) {
	return s.currentState(id)
}

// currentState is the position of a game's open hour (or its final position).
func (s *Server) currentState(id string) (adjudicator.Scenario, adjudicator.State, error) {
	var stateBytes []byte
	var game *store.Game
	err := s.st.View(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		game = g
		h, err := tx.Hour(id, g.CurrentHour)
		if err != nil {
			return err
		}
		stateBytes = h.StateAtStart
		if h.Resolved() {
			stateBytes = h.NextState
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	sc, err := s.rulesOf(game)
	if err != nil {
		return nil, nil, err
	}
	st, err := sc.DecodeState(stateBytes)
	return sc, st, err
}

// ErrNoGame is returned for a mail or command naming an unknown game.
var ErrNoGame = errors.New("server: no such game")

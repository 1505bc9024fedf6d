// Package demo is the embedded default of Shiloh PBEM: it starts an in-process
// IMAP and SMTP server on 127.0.0.1, creates a game, and lets two built-in players
// play it by email through those real protocols, hour after hour. Every mail each
// player receives is saved as .eml with its map PNG.
//
// The built-in players are bots that read their mailbox over IMAP, decide from
// their own side's view (exactly what their last mail showed) with the scenario's
// bot (Options.Bot; cmd/pbem gives the built-in ones), keep the orders their
// receipt would accept, write them as plain text in the order language's canonical
// form and send them over SMTP to their secret reply address. A person may play one
// side instead (Options.Human). The demo names no rule system: it plays any
// scenario the registry and the bots offer.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/smtp"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/mail/mailtest"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/server"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// Options configure a demo run.
type Options struct {
	// Out is the folder for the saved mails and the store (created if missing).
	Out string
	// Registry holds the rule systems (cmd/pbem registers them); Scenario names
	// one of their scenarios ("": the registry's legacy system's first).
	Registry *adjudicator.Registry
	Scenario string
	// Bot gives the bot that plays a scenario's sides (cmd/pbem: builtin.Bot).
	Bot func(adjudicator.Scenario) (adjudicator.Bot, error)
	// Hours stops the demo after this many hours (0: play to the end).
	Hours int
	// Seed makes the bots' choices repeatable (the dice come from the game's secret).
	Seed uint64
	// Human is the side a person plays (NoSide: both are bots).
	Human adjudicator.Side
	// ChangeOfMind is how long an hour stays open after the last orders it
	// waits for arrived, so that a person may still replace theirs, as a real
	// game's daemon lets players do (0: the hour resolves at once).
	ChangeOfMind time.Duration
	Progress     io.Writer
	Logger       *slog.Logger

	// started, for tests, is called once the game is created.
	// It gets the bot that would play the person's side, not running, to
	// answer as the person.
	started func(*bot)
}

// Result says what happened.
type Result struct {
	Game     string
	Hours    int
	Over     bool
	Winner   adjudicator.Side
	Points   [2]int
	Mails    map[string]int // saved mails per player
	Out      string
	Store    string
	IMAPAddr string
	SMTPAddr string
}

const (
	domain   = "demo.test"
	gameID   = "demo"
	adjuUser = "pbem"
)

var players = map[adjudicator.Side]string{adjudicator.USA: "grant", adjudicator.CSA: "johnston"}

// Run plays a demo game and returns when it is over, the hour limit is reached or
// ctx ends.
func Run(ctx context.Context, opt Options) (*Result, error) {
	if opt.Progress == nil {
		opt.Progress = io.Discard
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return nil, err
	}
	ms, err := mailtest.Start(&mailtest.Options{AutoCreate: true})
	if err != nil {
		return nil, err
	}
	defer ms.Close()
	for _, u := range []string{adjuUser, players[adjudicator.USA], players[adjudicator.CSA], "gm"} {
		if _, err := ms.AddUser(u, mailtest.DefaultPassword(u)); err != nil {
			return nil, err
		}
	}
	dbPath := filepath.Join(opt.Out, "pbem.db")
	_ = os.Remove(dbPath)
	st, err := store.Open(dbPath, nil)
	if err != nil {
		return nil, err
	}
	defer st.Close()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sender := mail.NewSender(mail.SMTPConfig{Addr: ms.SMTPAddr, TLS: mail.TLSNone})
	sender.PollInterval = 200 * time.Millisecond
	sender.Logger = opt.Logger
	srv, err := server.New(st, server.Config{Registry: opt.Registry, Address: adjuUser + "@" + domain, Logger: opt.Logger, Wake: sender.Wake,
		ChangeOfMind: opt.ChangeOfMind})
	if err != nil {
		return nil, err
	}
	watcher := mail.NewWatcher(mail.WatcherConfig{Addr: ms.IMAPAddr, TLS: mail.TLSNone, Username: adjuUser,
		Password: mailtest.DefaultPassword(adjuUser), PollInterval: time.Second, Logger: opt.Logger})

	var wg sync.WaitGroup
	// However the demo ends, its players, sender and resolver stop before the
	// store and the mail server close under them.
	defer func() { cancel(); wg.Wait() }()
	errc := make(chan error, 8)
	spawn := func(name string, f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(); err != nil && !errors.Is(err, context.Canceled) {
				errc <- fmt.Errorf("%s: %w", name, err)
			}
		}()
	}
	spawn("sender", func() error { return sender.Run(ctx, server.Outbox{St: st}) })
	spawn("watcher", func() error { return watcher.Run(ctx, srv) })
	spawn("resolver", func() error { return srv.Run(ctx, time.Second) })

	addr := func(s adjudicator.Side) string { return players[s] + "@" + domain }
	if _, err := srv.CreateGame(ctx, server.NewGame{ID: gameID, Scenario: opt.Scenario,
		USA: addr(adjudicator.USA), CSA: addr(adjudicator.CSA), GM: "gm@" + domain}); err != nil {
		return nil, err
	}
	rules, _, err := srv.CurrentState(gameID)
	if err != nil {
		return nil, err
	}
	if opt.Bot == nil {
		return nil, errors.New("demo: no bot to play the sides (Options.Bot)")
	}
	play, err := opt.Bot(rules)
	if err != nil {
		return nil, err
	}
	if opt.started != nil {
		opt.started(&bot{side: opt.Human, user: players[opt.Human], srv: srv, ms: ms, play: play,
			rng: rand.New(rand.NewPCG(opt.Seed, uint64(opt.Human)))})
	}
	res := &Result{Game: gameID, Out: opt.Out, Store: dbPath, IMAPAddr: ms.IMAPAddr, SMTPAddr: ms.SMTPAddr, Mails: map[string]int{}}
	var mu sync.Mutex
	for _, side := range adjudicator.Sides {
		b := &bot{side: side, user: players[side], srv: srv, ms: ms, out: opt.Out, play: play,
			rng: rand.New(rand.NewPCG(opt.Seed, uint64(side))), human: side == opt.Human,
			saved: func(user string) { mu.Lock(); res.Mails[user]++; mu.Unlock() }}
		spawn("player "+side.String(), func() error { return b.run(ctx) })
	}
	if opt.Human != adjudicator.NoSide {
		fmt.Fprintf(opt.Progress, "You play %s. Point a mail client at:\n  IMAP %s  SMTP %s  user %s  password %s  (no TLS)\n",
			opt.Human, ms.IMAPAddr, ms.SMTPAddr, players[opt.Human], mailtest.DefaultPassword(players[opt.Human]))
		if opt.ChangeOfMind > 0 {
			fmt.Fprintf(opt.Progress, "A turn resolves %s after the last orders it waits for arrive; until then you may send new ones.\n", opt.ChangeOfMind)
		} else {
			fmt.Fprintln(opt.Progress, "A turn resolves as soon as the orders it waits for are in.")
		}
		fmt.Fprintf(opt.Progress, "Your address is %s; reply to the mails you get.\n", addr(opt.Human))
	}

	// Follow the game in the store until it ends.
	last := -1
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case err := <-errc:
			return res, err
		case <-tick.C:
		}
		var g *store.Game
		var rep []byte
		if err := st.View(func(tx *store.Tx) error {
			var err error
			if g, err = tx.Game(gameID); err != nil {
				return err
			}
			hs, err := tx.HourNumbers(gameID)
			if err != nil {
				return err
			}
			for _, h := range hs {
				if h <= last {
					continue
				}
				hr, err := tx.Hour(gameID, h)
				if err != nil {
					return err
				}
				if hr.Resolved() {
					last = h
					rep = hr.Reports[store.GMReport]
					res.Hours++
					fmt.Fprintln(opt.Progress, progressLine(rules, rep, hr.Format()))
				}
			}
			return nil
		}); err != nil {
			return res, err
		}
		done := g.Status == store.StatusFinished || (opt.Hours > 0 && res.Hours >= opt.Hours)
		if done && outboxEmpty(st) {
			res.Over = g.Status == store.StatusFinished
			if _, st, err := srv.CurrentState(gameID); err == nil {
				out := st.Outcome()
				res.Points, res.Winner = out.Score, out.Winner
			}
			time.Sleep(300 * time.Millisecond) // let the players save the last mails
			cancel()
			wg.Wait()
			return res, nil
		}
	}
}

// outboxEmpty says whether every mail is out: none waits in the outbox and
// none is still to be drawn (the hour mails are drawn after the hour commits).
func outboxEmpty(st *store.Store) bool {
	empty := false
	err := st.View(func(tx *store.Tx) error {
		msgs, err := tx.PendingOutbox(time.Now().Add(time.Hour), 1)
		if err != nil {
			return err
		}
		jobs, err := tx.MailJobs()
		empty = len(msgs) == 0 && len(jobs) == 0
		return err
	})
	return err == nil && empty
}

// progressLine summarises a resolved hour from the GM's report.
func progressLine(sc adjudicator.Scenario, gmReport []byte, format int) string {
	rv, err := sc.DecodeReportView(gmReport, format)
	if err != nil {
		return "hour resolved"
	}
	line, err := templates.ProgressLine(sc, rv)
	if err != nil {
		return "hour resolved"
	}
	return line
}

// bot is one built-in player.
type bot struct {
	side  adjudicator.Side
	user  string
	srv   *server.Server
	ms    *mailtest.Server
	out   string
	rng   *rand.Rand
	human bool
	saved func(user string)
	seen  map[imap.UID]bool
	play  adjudicator.Bot
}

func (b *bot) run(ctx context.Context) error {
	b.seen = map[imap.UID]bool{}
	if err := b.session(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

// session reads the player's INBOX over IMAP, saving and answering each new mail.
func (b *bot) session(ctx context.Context) error {
	c, err := imapclient.DialInsecure(b.ms.IMAPAddr, nil)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Login(b.user, mailtest.DefaultPassword(b.user)).Wait(); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if _, err := c.Select("INBOX", nil).Wait(); err != nil {
			return err
		}
		data, err := c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
		if err != nil {
			return err
		}
		for _, uid := range data.AllUIDs() {
			if b.seen[uid] {
				continue
			}
			b.seen[uid] = true
			section := &imap.FetchItemBodySection{Peek: true}
			msgs, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
			if err != nil {
				return err
			}
			if len(msgs) == 0 {
				continue
			}
			if err := b.handle(ctx, msgs[0].FindBodySection(section)); err != nil {
				return err
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(150 * time.Millisecond):
		}
	}
	return nil
}

func (b *bot) handle(ctx context.Context, raw []byte) error {
	in, err := mail.Decode(raw, nil)
	if err != nil {
		return err
	}
	dir := filepath.Join(b.out, b.user)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := fmt.Sprintf("%03d-%s", len(b.seen), slug(in.Subject))
	if err := os.WriteFile(filepath.Join(dir, name+".eml"), raw, 0o644); err != nil {
		return err
	}
	if png := attachedPNG(raw); png != nil {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			return err
		}
	}
	b.saved(b.user)
	if b.human || !strings.Contains(in.Subject, "orders due") {
		return nil
	}
	return b.reply(in)
}

// reply decides the side's orders from its view and sends them to the secret
// address of the hour mail in.
func (b *bot) reply(in *mail.Inbound) error {
	reply := ""
	if len(in.ReplyTo) > 0 {
		reply = in.ReplyTo[0].Addr
	}
	if reply == "" {
		return fmt.Errorf("hour mail without a reply address: %q", in.Subject)
	}
	sc, st, err := b.srv.CurrentState(gameID)
	if err != nil {
		return err
	}
	// The bot decides from its side's view alone (what its last mail showed),
	// then reads the receipt's verdicts, made from the side's own knowledge only,
	// as a careful player would before sending.
	o, err := b.play.Orders(sc.View(st, b.side), b.rng)
	if err != nil {
		return err
	}
	if o, err = b.play.Careful(o, sc.Check(st, o)); err != nil {
		return err
	}
	text, err := orders.Canonical(sc, o)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("From: %s <%s@%s>\r\nTo: %s\r\nSubject: Re: %s\r\nIn-Reply-To: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		b.side, b.user, domain, reply, in.Subject, in.MessageID, strings.ReplaceAll(text, "\n", "\r\n"))
	return smtp.SendMail(b.ms.SMTPAddr, nil, b.user+"@"+domain, []string{reply}, []byte(msg))
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
		if b.Len() >= 60 {
			break
		}
	}
	return strings.Trim(b.String(), "-")
}

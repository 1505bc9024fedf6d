package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

// Hour mails are composed outside the transaction that changes the game.
//
// Drawing a game's three maps takes far longer than resolving its hour, and a
// writing transaction holds up every other game's intake. So the transaction
// that opens or resolves an hour stores an hourJob (store.MailJob) beside its
// records and commits; the maps are drawn afterwards from what was stored,
// several games at once; and one short transaction queues the mails and deletes
// the job. A crash in between leaves the job, which is done again on restart:
// no mail is lost, and none is queued twice. Everything a mail shows is read
// from the stored hours, so drawing it later gives the same mail.

// hourJob describes one hour boundary's mails.
type hourJob struct {
	// Game is the game as the boundary left it: recipients, deadline, reseeds.
	Game *store.Game `json:"game"`
	// Played is the hour just resolved, whose report and revealed seed the mails
	// carry; -1 when an hour opens without one (a new game, a rollback).
	Played int `json:"played"`
	// Open is the hour now open (the last hour played when the game is over).
	Open int `json:"open"`
	// Head is the audit chain's head the report prints.
	Head store.ChainHead `json:"head"`
	// To, if set, limits the mails to one recipient (a side's key or "gm"),
	// and Tag then names the mail's kind (a RESEND), followed by the game's
	// mail serial when it is queued.
	To  string `json:"to,omitempty"`
	Tag string `json:"tag,omitempty"`
}

// addHourJob records, in tx, that the game's hour mails are to be sent.
func (s *Server) addHourJob(tx *store.Tx, g *store.Game, played, open int, head store.ChainHead) error {
	return addJob(tx, hourJob{Game: g, Played: played, Open: open, Head: head})
}

func addJob(tx *store.Tx, hj hourJob) error {
	data, err := json.Marshal(hj)
	if err != nil {
		return err
	}
	_, err = tx.AddMailJob(hj.Game.ID, data)
	return err
}

// lastHourJob describes the newest hour mail of a game again: the report of
// the last hour played (if any) with the hour now open, or the final mail.
// ok is false when the game has no hour yet.
func lastHourJob(tx *store.Tx, g *store.Game) (hj hourJob, ok bool, err error) {
	hj = hourJob{Game: g, Played: -1, Open: g.CurrentHour}
	nums, err := tx.HourNumbers(g.ID)
	if err != nil || len(nums) == 0 {
		return hj, false, err
	}
	for i := len(nums) - 1; i >= 0; i-- {
		h, err := tx.Hour(g.ID, nums[i])
		if err != nil {
			return hj, false, err
		}
		if h.Resolved() {
			hj.Played = nums[i]
			break
		}
	}
	if hj.Played < 0 {
		return hj, true, nil
	}
	// The head the report printed: the hour's link, or the game-over link
	// that closed the chain after the last hour.
	chain, err := tx.AuditChain(g.ID)
	if err != nil {
		return hj, false, err
	}
	for _, r := range chain {
		if (r.Kind == store.AuditHour && r.Hour == hj.Played) || r.Kind == AuditGameOver {
			hj.Head = store.ChainHead{Seq: r.Seq, Hash: r.Hash}
		}
	}
	return hj, true, nil
}

// dropMailJobs deletes a game's pending mail jobs in tx.
func dropMailJobs(tx *store.Tx, game string) error {
	jobs, err := tx.MailJobs()
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if j.Game == game {
			if err := tx.DeleteMailJob(j.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// builtMails are one job's mails, drawn and ready to queue.
type builtMails struct {
	job   store.MailJob
	hj    hourJob
	outs  []mail.OutMessage
	rs    []recipient
	after adjudicator.State
	sc    adjudicator.Scenario
	err   error
}

// kickMail has the hour mails composed: by the background composer when the
// daemon runs one (Run), else at once, before the caller returns (unless they
// are deferred to the daemon).
func (s *Server) kickMail(ctx context.Context) {
	if s.composing.Load() {
		select {
		case s.mailKick <- struct{}{}:
		default:
		}
		return
	}
	if s.cfg.DeferHourMail {
		return
	}
	if err := s.FlushMail(ctx); err != nil {
		s.cfg.Logger.Error("hour mails", "err", err)
	}
}

// composeLoop composes hour mails whenever a job is added, until ctx ends.
func (s *Server) composeLoop(ctx context.Context) {
	for {
		if err := s.FlushMail(ctx); err != nil && ctx.Err() == nil {
			s.cfg.Logger.Error("hour mails", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-s.mailKick:
		}
	}
}

// FlushMail composes and queues the mails of every pending job, and returns
// when none is left. Games are drawn in parallel, one worker per core; one
// game's jobs are done in order. Finished mails are queued in shared
// transactions, so a deadline storm costs a disk sync per batch, not per game.
func (s *Server) FlushMail(ctx context.Context) error {
	s.flushMu.Lock()
	defer s.flushMu.Unlock()
	for {
		var jobs []store.MailJob
		if err := s.st.View(func(tx *store.Tx) error {
			var err error
			jobs, err = tx.MailJobs()
			return err
		}); err != nil {
			return err
		}
		if len(jobs) == 0 {
			return nil
		}
		done, err := s.runJobs(ctx, jobs)
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if done == 0 {
			// Every job left failed to draw: try again at the next kick, not in
			// a loop that burns a core (the failures are logged).
			return fmt.Errorf("server: %d hour mail jobs could not be drawn", len(jobs))
		}
	}
}

// runJobs draws and queues the given jobs and says how many it finished.
func (s *Server) runJobs(ctx context.Context, jobs []store.MailJob) (int, error) {
	// One queue per game keeps each game's boundaries in order: a worker draws a
	// game's jobs one after the other and hands them to the committer in order.
	var order []string
	byGame := map[string][]store.MailJob{}
	for _, j := range jobs {
		if _, ok := byGame[j.Game]; !ok {
			order = append(order, j.Game)
		}
		byGame[j.Game] = append(byGame[j.Game], j)
	}
	games := make(chan []store.MailJob)
	built := make(chan *builtMails, 2*runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for js := range games {
				for _, j := range js {
					if !s.roomForMaps(ctx) {
						return // shutting down: the jobs stay stored
					}
					b := s.buildJob(j)
					s.drawn.Add(int64(len(b.outs)))
					built <- b
					if b.err != nil {
						break // the game's later jobs wait for this one
					}
				}
			}
		}()
	}
	go func() {
		defer close(games)
		for _, id := range order {
			select {
			case games <- byGame[id]:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(built) }()
	return s.commitJobs(built)
}

// roomForMaps waits, in the daemon, until the outbox holds fewer mails with a
// map than Config.MaxQueuedMaps, counting those drawn and not yet queued;
// false when ctx ends first. Tools that draw
// mail without a sender running never wait.
func (s *Server) roomForMaps(ctx context.Context) bool {
	for s.composing.Load() {
		n := 0
		if err := s.st.View(func(tx *store.Tx) error { n = tx.BulkDepth(); return nil }); err != nil ||
			n+int(s.drawn.Load()) < s.cfg.MaxQueuedMaps {
			break
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(50 * time.Millisecond):
		}
	}
	return ctx.Err() == nil
}

// maxJobsPerCommit bounds how many games' mails share one transaction: each
// game's three mails are about a megabyte, and intake waits for the writing
// transaction in progress, so a batch stays a few milliseconds of disk.
const maxJobsPerCommit = 4

// commitJobs queues built mails as they come, taking whatever is ready into one
// transaction, and counts the jobs it finished (queued or dropped). After a
// failed commit it only drains the channel: the jobs stay stored and are done
// again by the next flush.
func (s *Server) commitJobs(built <-chan *builtMails) (int, error) {
	var first error
	done := 0
	for b := range built {
		batch := []*builtMails{b}
	more:
		for len(batch) < maxJobsPerCommit {
			select {
			case b, ok := <-built:
				if !ok {
					break more
				}
				batch = append(batch, b)
			default:
				break more
			}
		}
		if first == nil {
			n, err := s.commitBatch(batch)
			if err != nil {
				first = err
			} else {
				done += n
				s.wake()
			}
		}
		for _, b := range batch {
			s.drawn.Add(-int64(len(b.outs)))
		}
	}
	return done, first
}

// commitBatch queues built mails in one transaction and counts the jobs done.
func (s *Server) commitBatch(batch []*builtMails) (int, error) {
	n := 0
	err := s.st.Update(func(tx *store.Tx) error {
		n = 0
		for _, b := range batch {
			ok, err := s.commitJob(tx, b)
			if err != nil {
				return err
			}
			if ok {
				n++
			}
		}
		return nil
	})
	return n, err
}

// commitJob queues one job's mails in tx and deletes the job; a job already
// done (by an earlier flush) is skipped. A job that cannot be built because its
// hours are gone (a rollback overtook it) is dropped: its mails describe hours
// that no longer exist.
//
// done says whether the job is finished (it was, or its mails were queued, or it
// was dropped); a job whose mails failed to draw stays for the next flush.
func (s *Server) commitJob(tx *store.Tx, b *builtMails) (done bool, err error) {
	if !tx.MailJobExists(b.job.ID) {
		return true, nil
	}
	if b.err != nil {
		if errors.Is(b.err, store.ErrNotFound) {
			s.cfg.Logger.Warn("hour mails dropped: their hours are gone", "game", b.job.Game, "job", b.job.ID, "err", b.err)
			return true, tx.DeleteMailJob(b.job.ID)
		}
		s.cfg.Logger.Error("hour mails", "game", b.job.Game, "job", b.job.ID, "err", b.err)
		return false, nil
	}
	g := b.hj.Game
	for i, r := range b.rs {
		kind := fmt.Sprintf("hour-h%d%s-%s", b.after.Turn().Index, reseedTag(g, b.after.Turn().Index), sideKey(r.viewer))
		switch {
		case b.hj.Tag != "":
			n, err := tx.GameMailCount(g.ID)
			if err != nil {
				return false, err
			}
			kind = fmt.Sprintf("%s-%d", b.hj.Tag, n+1)
		case b.after.Outcome().Over:
			kind = "final-" + sideKey(r.viewer)
		}
		if err := s.enqueue(tx, g, r, kind, b.after.Turn().Index, b.outs[i]); err != nil {
			return false, err
		}
	}
	if err := tx.DeleteMailJob(b.job.ID); err != nil {
		return false, err
	}
	if g.Options.Sequential && !b.after.Outcome().Over && b.hj.To == "" {
		cur, err := tx.Game(g.ID)
		if err != nil {
			return false, err
		}
		if cur.CurrentHour == b.after.Turn().Index && cur.Status == store.StatusRunning {
			return true, s.openSequential(tx, cur, b.sc, b.after)
		}
	}
	return true, nil
}

// buildJob reads what one job's mails show, in a read transaction, and draws
// them.
func (s *Server) buildJob(j store.MailJob) *builtMails {
	b := &builtMails{job: j}
	if b.err = json.Unmarshal(j.Data, &b.hj); b.err != nil {
		return b
	}
	var in hourMailInputs
	b.err = s.st.View(func(tx *store.Tx) error {
		var err error
		in, err = s.loadHourMailInputs(tx, &b.hj)
		return err
	})
	if b.err != nil {
		return b
	}
	b.sc, b.after = in.sc, in.after
	b.rs, b.outs, b.err = s.hourMails(b.hj.Game, b.hj.To, in)
	return b
}

// hourMailInputs is what an hour boundary's mails are made of.
type hourMailInputs struct {
	sc         adjudicator.Scenario
	after      adjudicator.State
	commitment store.Hash // of the hour now open; zero when the game is over
	reveal     *hourReveal
}

// loadHourMailInputs reads a job's inputs from the stored hours.
func (s *Server) loadHourMailInputs(tx *store.Tx, hj *hourJob) (hourMailInputs, error) {
	var in hourMailInputs
	g := hj.Game
	sc, err := s.rulesOf(g)
	if err != nil {
		return in, err
	}
	in.sc = sc
	if hj.Played < 0 {
		h, err := tx.Hour(g.ID, hj.Open)
		if err != nil {
			return in, err
		}
		if in.after, err = sc.DecodeState(h.StateAtStart); err != nil {
			return in, err
		}
		in.commitment = h.SeedCommitment
		return in, nil
	}
	h, err := tx.Hour(g.ID, hj.Played)
	if err != nil {
		return in, err
	}
	if !h.Resolved() {
		return in, fmt.Errorf("server: game %s hour %d is not resolved: %w", g.ID, hj.Played, store.ErrNotFound)
	}
	if in.after, err = sc.DecodeState(h.NextState); err != nil {
		return in, err
	}
	rv := &hourReveal{seed: h.Seed, head: hj.Head, played: adjudicator.TurnAt(sc, hj.Played)}
	for _, viewer := range viewers {
		v, err := sc.DecodeReportView(h.Reports[sideKey(viewer)], h.Format())
		if err != nil {
			return in, fmt.Errorf("server: game %s hour %d: stored %s report: %w", g.ID, hj.Played, sideKey(viewer), err)
		}
		rv.views[viewerIndex(viewer)] = v
	}
	rv.nmr = nmrSides(h, rv.played)
	rv.ran = ordersRun(h, rv.played)
	for _, sd := range adjudicator.Sides {
		rv.latest[sd.Index()] = h.Latest(sideKey(sd))
	}
	if in.after.Outcome().Over {
		if rv.summary, rv.chart, err = endOfGame(tx, g, sc, in.after, hj.Head); err != nil {
			return in, err
		}
	} else {
		next, err := tx.Hour(g.ID, in.after.Turn().Index)
		if err != nil {
			return in, err
		}
		in.commitment = next.SeedCommitment
	}
	in.reveal = rv
	return in, nil
}

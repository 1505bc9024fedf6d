// Package ops is what an operator sees of a running daemon: the figures of
// `pbem status` and of the Prometheus endpoint ([metrics] listen), the ring of
// the last error log records, the rate of mail sent, and the loopback-only
// profiling endpoint of `pbem serve --pprof`.
//
// The store's figures (games by status, games due, outbox, file size) are read
// on demand in one short read transaction, so `pbem status` and a scrape show
// the store as it is, and nothing is counted twice. The daemon's own figures
// (errors, mail rate, sender counters) exist only while it runs.
package ops

import (
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

// DueWindow is how far ahead "games due" looks.
const DueWindow = time.Hour

// maxDueListed bounds the soonest due games named in a Status.
const maxDueListed = 5

// Status is one reading of the figures. Store figures are always there; Daemon
// and the fields after it only when a running daemon answered.
type Status struct {
	Time       time.Time      `json:"time"`
	Store      string         `json:"store"`
	StoreBytes int64          `json:"store_bytes"`
	Games      map[string]int `json:"games"` // by store.GameStatus
	GamesTotal int            `json:"games_total"`
	// DueNextHour counts running games whose deadline (Deadline.Next) is at
	// most DueWindow away, those already past it (in their grace period, or
	// about to be resolved) included. Due names the soonest few.
	DueNextHour int       `json:"due_next_hour"`
	Due         []DueGame `json:"due,omitempty"`
	// OutboxDepth is the number of unsent mails (given-up ones not counted);
	// OutboxOldest when the oldest of them was queued (zero if none).
	OutboxDepth  int       `json:"outbox_depth"`
	OutboxOldest time.Time `json:"outbox_oldest"`

	Daemon  bool        `json:"daemon"`
	PID     int         `json:"pid,omitempty"`
	Started time.Time   `json:"started"`
	Mail    *MailStatus `json:"mail,omitempty"`
	// Errors are the daemon's last error log records, oldest first;
	// ErrorsTotal counts every error record since it started.
	Errors      []string `json:"errors,omitempty"`
	ErrorsTotal int64    `json:"errors_total"`
}

// DueGame is a running game and its current deadline.
type DueGame struct {
	ID       string    `json:"id"`
	Deadline time.Time `json:"deadline"`
}

// MailStatus is what the daemon's sender did since it started.
type MailStatus struct {
	// LastMinute and Last10Minutes count the mails sent in those windows.
	LastMinute    int `json:"last_minute"`
	Last10Minutes int `json:"last_10_minutes"`
	// The sender's counters since start: mails delivered, attempts deferred
	// for a retry, mails given up (permanent refusal), failed connections.
	Sent          int64 `json:"sent"`
	Deferred      int64 `json:"deferred"`
	GivenUp       int64 `json:"given_up"`
	ConnectErrors int64 `json:"connect_errors"`
}

// PerMinute returns the mail rates over the last minute and the last ten.
func (m *MailStatus) PerMinute() (last1, last10 float64) {
	return float64(m.LastMinute), float64(m.Last10Minutes) / 10
}

// OldestAge is how long the oldest unsent mail has waited (0 if none).
func (s *Status) OldestAge() time.Duration {
	if s.OutboxDepth == 0 || s.OutboxOldest.IsZero() || s.Time.Before(s.OutboxOldest) {
		return 0
	}
	return s.Time.Sub(s.OutboxOldest)
}

// ReadStore reads the store's figures as of now in one read transaction.
func ReadStore(st *store.Store, now time.Time) (*Status, error) {
	s := &Status{Time: now, Store: st.Path(), Games: map[string]int{}}
	fi, err := os.Stat(st.Path())
	if err != nil {
		return nil, fmt.Errorf("store size: %w", err)
	}
	s.StoreBytes = fi.Size()
	err = st.View(func(tx *store.Tx) error {
		games, err := tx.Games()
		if err != nil {
			return err
		}
		horizon := now.Add(DueWindow)
		for _, g := range games {
			s.Games[string(g.Status)]++
			if g.Status == store.StatusRunning && !g.Deadline.Next.IsZero() && !g.Deadline.Next.After(horizon) {
				s.DueNextHour++
				s.Due = append(s.Due, DueGame{ID: g.ID, Deadline: g.Deadline.Next})
			}
		}
		s.GamesTotal = len(games)
		s.OutboxDepth, s.OutboxOldest, err = tx.OutboxDepth()
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(s.Due, func(i, j int) bool {
		if !s.Due[i].Deadline.Equal(s.Due[j].Deadline) {
			return s.Due[i].Deadline.Before(s.Due[j].Deadline)
		}
		return s.Due[i].ID < s.Due[j].ID
	})
	if len(s.Due) > maxDueListed {
		s.Due = s.Due[:maxDueListed]
	}
	return s, nil
}

// Monitor gathers the figures of a running daemon.
type Monitor struct {
	Store  *store.Store
	Errors *ErrorLog               // nil: no error records
	Sent   *Rate                   // nil: no mail rate
	Sender func() mail.SenderStats // nil: no sender counters
	// Started is when the daemon started; Now the clock (nil: time.Now).
	Started time.Time
	Now     func() time.Time
}

// Status reads the store's figures and adds the daemon's own.
func (m *Monitor) Status() (*Status, error) {
	now := time.Now()
	if m.Now != nil {
		now = m.Now()
	}
	s, err := ReadStore(m.Store, now)
	if err != nil {
		return nil, err
	}
	s.Daemon = true
	s.PID = os.Getpid()
	s.Started = m.Started
	ms := &MailStatus{}
	if m.Sent != nil {
		ms.LastMinute = m.Sent.Count(time.Minute)
		ms.Last10Minutes = m.Sent.Count(10 * time.Minute)
	}
	if m.Sender != nil {
		st := m.Sender()
		ms.Sent, ms.Deferred, ms.GivenUp, ms.ConnectErrors = st.Sent, st.Failed, st.Permanent, st.ConnectErrors
	}
	s.Mail = ms
	if m.Errors != nil {
		s.Errors, s.ErrorsTotal = m.Errors.Last()
	}
	return s, nil
}

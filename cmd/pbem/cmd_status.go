package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/shiloh-pbem/pbem/control"
	"github.com/shiloh-pbem/pbem/internal/ops"
	"github.com/shiloh-pbem/pbem/store"
)

func init() {
	register(command{name: "status", summary: "the daemon's figures: games, deadlines, outbox, mail rate, last errors", run: runStatus})
}

// statusRequest is the control request of `pbem status`; the daemon answers
// with its ops.Status as JSON.
const statusRequest = "status"

// handleStatus answers `pbem status` on the daemon's control socket.
func handleStatus(ctl *control.Server, mon *ops.Monitor) {
	ctl.Handle(statusRequest, func(ctx context.Context, args []string, w io.Writer) error {
		s, err := mon.Status()
		if err != nil {
			return err
		}
		return json.NewEncoder(w).Encode(s)
	})
}

func runStatus(ctx context.Context, m *Main, args []string) error {
	fs := m.newFlags("status", "--config FILE | --store FILE",
		"Shows how the daemon is doing: games by status, games due within the hour, the outbox\n"+
			"(unsent mail and the age of the oldest), the store file's size, mails sent per minute and\n"+
			"the daemon's last errors. Asks the running daemon over its control socket; with no daemon\n"+
			"running it reads the store itself (the daemon's own figures are then unknown).")
	sf := addStoreFlags(fs)
	path, err := parseStoreCommand(m, fs, sf, args)
	if err != nil {
		return err
	}
	setting := "[store] path"
	if *sf.path != "" {
		setting = "--store"
	}
	s, err := readStatus(path, setting)
	if err != nil {
		return err
	}
	return writeStatus(m.Stdout, s)
}

// readStatus asks the daemon on the store's control socket, or, when none
// answers, opens the store read-only. A daemon that has the store open but
// does not listen yet (it is starting) is asked again for a few seconds.
func readStatus(path, setting string) (*ops.Status, error) {
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		s, err := readStatusOnce(path, setting)
		if err == nil || !errors.Is(err, store.ErrInUse) || time.Now().After(deadline) {
			return s, err
		}
	}
}

func readStatusOnce(path, setting string) (*ops.Status, error) {
	body, cerr := control.Call(control.SocketPath(path), statusRequest)
	if cerr == nil {
		s := new(ops.Status)
		if err := json.Unmarshal(body, s); err != nil {
			return nil, fmt.Errorf("daemon's status: %w", err)
		}
		return s, nil
	}
	if !errors.Is(cerr, control.ErrNoDaemon) {
		return nil, cerr
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fileError(setting, path, err, "no store there yet: pbem game new or pbem serve creates one")
	}
	st, err := store.Open(path, &store.Options{ReadOnly: true, Timeout: 200 * time.Millisecond})
	if err != nil {
		if errors.Is(err, store.ErrInUse) {
			return nil, fmt.Errorf("%w, and %v", err, cerr)
		}
		return nil, err
	}
	defer st.Close()
	return ops.ReadStore(st, time.Now())
}

// writeStatus prints a Status as aligned plain text.
func writeStatus(w io.Writer, s *ops.Status) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	row := func(key, format string, args ...any) { fmt.Fprintf(tw, "%s\t%s\n", key, fmt.Sprintf(format, args...)) }
	if s.Daemon {
		row("daemon", "running (pid %d), up %s", s.PID, roundDur(s.Time.Sub(s.Started)))
	} else {
		row("daemon", "not running (read from the store file)")
	}
	row("store", "%s, %s", s.Store, humanBytes(s.StoreBytes))
	row("games", "%d%s", s.GamesTotal, gamesByStatus(s.Games))
	due := fmt.Sprintf("%d", s.DueNextHour)
	if len(s.Due) > 0 {
		var parts []string
		for _, d := range s.Due {
			left := d.Deadline.Sub(s.Time)
			if left < 0 {
				parts = append(parts, fmt.Sprintf("%s %s ago", d.ID, roundDur(-left)))
			} else {
				parts = append(parts, fmt.Sprintf("%s in %s", d.ID, roundDur(left)))
			}
		}
		more := ""
		if s.DueNextHour > len(s.Due) {
			more = ", …"
		}
		due += " (" + strings.Join(parts, ", ") + more + ")"
	}
	row("due within 1h", "%s", due)
	if s.OutboxDepth == 0 {
		row("outbox", "empty")
	} else {
		row("outbox", "%d unsent, oldest queued %s ago", s.OutboxDepth, roundDur(s.OldestAge()))
	}
	if s.Mail == nil {
		row("mail sent", "unknown (no daemon)")
	} else {
		one, ten := s.Mail.PerMinute()
		row("mail sent", "%s/min over the last minute, %s/min over the last 10 minutes", trimFloat(one), trimFloat(ten))
		row("", "since start: %d sent, %d deferred, %d given up, %d failed connections",
			s.Mail.Sent, s.Mail.Deferred, s.Mail.GivenUp, s.Mail.ConnectErrors)
	}
	switch {
	case !s.Daemon:
		row("last errors", "unknown (no daemon)")
	case len(s.Errors) == 0:
		row("last errors", "none")
	default:
		row("last errors", "%d of %d since start, oldest first:", len(s.Errors), s.ErrorsTotal)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, e := range s.Errors {
		if _, err := fmt.Fprintf(w, "  %s\n", e); err != nil {
			return err
		}
	}
	return nil
}

// gamesByStatus reads ": 812 running, 23 paused, 40 open, 125 finished".
func gamesByStatus(by map[string]int) string {
	order := map[string]int{string(store.StatusRunning): 0, string(store.StatusPaused): 1, string(store.StatusOpen): 2, string(store.StatusFinished): 3}
	var keys []string
	for k, n := range by {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		oi, iok := order[keys[i]]
		oj, jok := order[keys[j]]
		switch {
		case iok && jok:
			return oi < oj
		case iok != jok:
			return iok
		}
		return keys[i] < keys[j]
	})
	if len(keys) == 0 {
		return ""
	}
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d %s", by[k], k))
	}
	return ": " + strings.Join(parts, ", ")
}

// roundDur prints a duration to the second (to the minute past an hour).
func roundDur(d time.Duration) string {
	if d >= time.Hour {
		d = d.Round(time.Minute)
	} else {
		d = d.Round(time.Second)
	}
	return d.String()
}

func trimFloat(f float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", f), ".0")
}

// humanBytes prints a size in decimal units: 180 MB, 3.1 GB, 512 B.
func humanBytes(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v := float64(n)
	i := -1
	for v >= unit && i < 4 {
		v /= unit
		i++
	}
	// 9.96 GB would print as 10.0: round first, then choose the precision.
	if v < 9.95 {
		return fmt.Sprintf("%.1f %cB", v, "kMGTP"[i])
	}
	if v >= 999.5 && i < 4 {
		v /= unit
		i++
		return fmt.Sprintf("%.1f %cB", v, "kMGTP"[i])
	}
	return fmt.Sprintf("%.0f %cB", v, "kMGTP"[i])
}

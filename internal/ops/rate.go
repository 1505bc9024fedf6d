package ops

import (
	"sync"
	"time"
)

// rateSeconds is the longest window a Rate answers for.
const rateSeconds = 600

// Rate counts events (mails sent) per second over the last ten minutes. Add is
// cheap and safe from any goroutine: the sender calls it from each connection.
type Rate struct {
	mu  sync.Mutex
	now func() time.Time
	sec [rateSeconds]int64 // the Unix second each slot counts
	n   [rateSeconds]int
}

// NewRate returns a Rate on the given clock (nil: time.Now).
func NewRate(now func() time.Time) *Rate {
	if now == nil {
		now = time.Now
	}
	return &Rate{now: now}
}

// Add counts one event now.
func (r *Rate) Add() {
	s := r.now().Unix()
	i := int(s % rateSeconds)
	if i < 0 {
		i += rateSeconds
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sec[i] != s {
		r.sec[i], r.n[i] = s, 0
	}
	r.n[i]++
}

// Count returns the events of the last window (whole seconds, at most ten
// minutes), the current second included.
func (r *Rate) Count(window time.Duration) int {
	w := int64(window / time.Second)
	if w > rateSeconds {
		w = rateSeconds
	}
	now := r.now().Unix()
	r.mu.Lock()
	defer r.mu.Unlock()
	total := 0
	for i := range r.sec {
		if s := r.sec[i]; s <= now && s > now-w {
			total += r.n[i]
		}
	}
	return total
}

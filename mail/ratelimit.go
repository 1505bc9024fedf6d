package mail

import (
	"encoding/json"
	"strings"
	"sync"
	"time"
)

// RateLimiter is a token bucket per key (normally a lower-cased sender address): each
// key may spend Burst events at once and regains one every Every. The clock is
// injected, and the state is small and JSON-encodable, so the store can persist it
// across restarts.
type RateLimiter struct {
	Burst int
	Every time.Duration
	Now   func() time.Time

	mu      sync.Mutex
	buckets map[string]bucket
}

// bucket holds tokens in thousandths, so refills stay integer arithmetic.
type bucket struct {
	Milli int64     `json:"m"`
	At    time.Time `json:"t"`
}

// NewRateLimiter returns a limiter allowing burst events, then one per every.
func NewRateLimiter(burst int, every time.Duration, now func() time.Time) *RateLimiter {
	if now == nil {
		now = time.Now
	}
	return &RateLimiter{Burst: burst, Every: every, Now: now, buckets: map[string]bucket{}}
}

func (r *RateLimiter) refill(b bucket, now time.Time) bucket {
	max := int64(r.Burst) * 1000
	if b.At.IsZero() {
		return bucket{Milli: max, At: now}
	}
	if el := now.Sub(b.At); el > 0 && r.Every > 0 {
		add := int64(el) * 1000 / int64(r.Every)
		if b.Milli+add >= max || add < 0 {
			b.Milli = max
		} else {
			b.Milli += add
		}
	}
	b.At = now
	return b
}

// Allow spends one token of key and reports whether there was one.
func (r *RateLimiter) Allow(key string) bool {
	key = strings.ToLower(strings.TrimSpace(key))
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.buckets == nil {
		r.buckets = map[string]bucket{}
	}
	now := r.Now()
	b := r.refill(r.buckets[key], now)
	ok := b.Milli >= 1000
	if ok {
		b.Milli -= 1000
	}
	r.buckets[key] = b
	return ok
}

// Prune forgets keys whose bucket is full again (they behave like new keys).
func (r *RateLimiter) Prune() {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.Now()
	for k, b := range r.buckets {
		if r.refill(b, now).Milli >= int64(r.Burst)*1000 {
			delete(r.buckets, k)
		}
	}
}

// MarshalJSON encodes the buckets (not the settings).
func (r *RateLimiter) MarshalJSON() ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return json.Marshal(r.buckets)
}

// UnmarshalJSON restores buckets saved by MarshalJSON.
func (r *RateLimiter) UnmarshalJSON(b []byte) error {
	m := map[string]bucket{}
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	r.mu.Lock()
	r.buckets = m
	r.mu.Unlock()
	return nil
}

package ops

import (
	"bytes"
	"context"
	"log/slog"
	"sync"
	"time"
)

// ErrorLog keeps the last error-level log records of the daemon, formatted as
// log lines, for `pbem status`. Wrap the daemon's slog handler with Wrap: every
// record still reaches the daemon's own handler unchanged.
type ErrorLog struct {
	mu    sync.Mutex
	ring  []string
	next  int // where the next record goes once the ring is full
	total int64
	text  slog.Handler // formats records into this ErrorLog (see Write)
}

// NewErrorLog keeps the last n error records (n < 1 means 10).
func NewErrorLog(n int) *ErrorLog {
	if n < 1 {
		n = 10
	}
	e := &ErrorLog{ring: make([]string, 0, n)}
	e.text = slog.NewTextHandler(errorLogWriter{e}, &slog.HandlerOptions{
		Level: slog.LevelError,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) > 0 {
				return a
			}
			switch a.Key {
			case slog.LevelKey:
				return slog.Attr{} // every record here is an error
			case slog.TimeKey:
				if t, ok := a.Value.Any().(time.Time); ok {
					return slog.String(slog.TimeKey, t.Format(time.RFC3339))
				}
			}
			return a
		},
	})
	return e
}

// Last returns the kept records, oldest first, and how many error records
// there were in all.
func (e *ErrorLog) Last() ([]string, int64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]string, 0, len(e.ring))
	if len(e.ring) == cap(e.ring) {
		out = append(out, e.ring[e.next:]...)
		out = append(out, e.ring[:e.next]...)
	} else {
		out = append(out, e.ring...)
	}
	return out, e.total
}

// Total counts the error records since the ErrorLog was made.
func (e *ErrorLog) Total() int64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.total
}

func (e *ErrorLog) add(line string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.total++
	if len(e.ring) < cap(e.ring) {
		e.ring = append(e.ring, line)
		return
	}
	e.ring[e.next] = line
	e.next = (e.next + 1) % cap(e.ring)
}

// errorLogWriter takes the text handler's output: one line per record.
type errorLogWriter struct{ e *ErrorLog }

func (w errorLogWriter) Write(p []byte) (int, error) {
	for _, line := range bytes.Split(p, []byte("\n")) {
		if len(line) > 0 {
			w.e.add(string(line))
		}
	}
	return len(p), nil
}

// Wrap returns a handler that passes every record to h and keeps the
// error-level ones.
func (e *ErrorLog) Wrap(h slog.Handler) slog.Handler {
	return &ringHandler{inner: h, text: e.text}
}

type ringHandler struct {
	inner slog.Handler
	text  slog.Handler // e.text with the same attributes and groups as inner
}

func (h *ringHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelError || h.inner.Enabled(ctx, l)
}

func (h *ringHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		_ = h.text.Handle(ctx, r)
	}
	if h.inner.Enabled(ctx, r.Level) {
		return h.inner.Handle(ctx, r)
	}
	return nil
}

func (h *ringHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &ringHandler{inner: h.inner.WithAttrs(as), text: h.text.WithAttrs(as)}
}

func (h *ringHandler) WithGroup(name string) slog.Handler {
	return &ringHandler{inner: h.inner.WithGroup(name), text: h.text.WithGroup(name)}
}

package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// TLSMode is how a connection is secured.
type TLSMode string

const (
	TLSNone     TLSMode = "none"     // plain text (loopback and tests only)
	TLSStartTLS TLSMode = "starttls" // plain connect, then STARTTLS (required, not opportunistic)
	TLSImplicit TLSMode = "tls"      // TLS from the first byte (ports 465, 993)
)

// ParseTLSMode reads "none", "starttls" or "tls".
func ParseTLSMode(s string) (TLSMode, error) {
	switch m := TLSMode(s); m {
	case TLSNone, TLSStartTLS, TLSImplicit:
		return m, nil
	}
	return "", fmt.Errorf("mail: unknown TLS mode %q (want none, starttls or tls)", s)
}

// Outgoing is one outbox entry ready to send. Raw is the composed mail, stored when
// it was enqueued, so every attempt sends the same bytes and the same Message-ID.
type Outgoing struct {
	ID       string
	From     string   // envelope sender (MAIL FROM)
	To       []string // envelope recipients
	Raw      []byte
	Attempts int // failed attempts so far
}

// Outbox is the store's side of delivery. Pending returns entries due at now (not
// sent, not given up, next attempt ≤ now): urgent ones (receipts, replies) before
// bulk ones, each oldest first. MarkFailed records a failed attempt: a zero next
// means give up (a permanent error; errors.As(err, *PermanentError) holds);
// otherwise retry at next.
//
// Sender.Run delivers over several connections at once, so MarkSent and MarkFailed
// may be called from several goroutines at the same time (each for a different
// entry), also while Pending runs: an implementation must allow that (the store's
// write transactions serialise them). Pending itself is called by one goroutine at
// a time.
type Outbox interface {
	Pending(now time.Time, limit int) ([]Outgoing, error)
	MarkSent(id string, at time.Time) error
	MarkFailed(id string, err error, next time.Time) error
}

// PermanentError is an SMTP rejection that retrying cannot fix (5xx).
type PermanentError struct {
	Code int
	Msg  string
}

func (e *PermanentError) Error() string {
	return fmt.Sprintf("mail: permanent SMTP failure %d: %s", e.Code, e.Msg)
}

// SMTPConfig says how to reach the outgoing mail server.
type SMTPConfig struct {
	Addr     string // host:port
	TLS      TLSMode
	Username string // AUTH PLAIN when set
	Password string
	// TLSConfig for STARTTLS/implicit TLS (CA pool for a test server); ServerName
	// defaults to the host of Addr.
	TLSConfig *tls.Config
	HeloName  string        // EHLO name, default "localhost"
	Timeout   time.Duration // dial and per-command timeout, default 30 s
}

// Backoff gives the wait before retry number attempt (1-based).
type Backoff func(attempt int) time.Duration

// ExpBackoff doubles from initial up to max.
func ExpBackoff(initial, max time.Duration) Backoff {
	return func(attempt int) time.Duration {
		d := initial
		for i := 1; i < attempt && d < max; i++ {
			d *= 2
		}
		if d > max {
			d = max
		}
		return d
	}
}

// SenderStats counts what a Sender did.
type SenderStats struct {
	Sent, Failed, Permanent, ConnectErrors int64
}

// Sender delivers the outbox over SMTP. Run exactly one per outbox (it starts its
// own goroutines, one per connection); call Wake after enqueueing so a new mail goes
// out at once instead of at the next poll. The one window for a duplicate: the
// server accepted a mail and the process died (or MarkSent failed) before MarkSent
// committed; the mail is then sent again with the same bytes and Message-ID, so
// receivers can recognise the copy.
//
// Connections are kept open while there is mail to send, closed with QUIT after
// IdleTimeout without any and when Run returns, and dropped on any connection
// error (after an SMTP refusal of one mail, RSET readies them for the next). A kept
// connection the server has closed meanwhile (its idle timeout, a restart) is
// noticed at the first command of the next mail, before anything of that mail was
// accepted; the mail is then sent over a new connection and the stale one costs no
// attempt. go-smtp's client does not pipeline (every command waits for its reply),
// so it is parallel connections (Conns) that keep the server busy.
type Sender struct {
	SMTP         SMTPConfig
	Backoff      Backoff          // per-message retry delay; default ExpBackoff(30s, 1h)
	PollInterval time.Duration    // how often to look for due mail; default 15 s
	BatchSize    int              // entries read from the outbox at once; default 50
	Now          func() time.Time // default time.Now
	Logger       *slog.Logger     // default slog.Default()
	// Conns is how many SMTP connections Run delivers over at once, each with
	// different entries; default 2. SendDue always uses one.
	Conns int
	// IdleTimeout closes a connection that had nothing to send for this long;
	// default 5 s.
	IdleTimeout time.Duration
	// OnSent, if set, is called after each successful MarkSent (tests, metrics). Run
	// calls it, like Now and Backoff, from the goroutine of the connection that sent
	// the mail, so from several goroutines at once when Conns > 1.
	OnSent func(id string)

	wake    chan struct{}
	wakes   atomic.Uint64 // Wake calls so far: a change makes the next hand-out read the outbox again
	once    sync.Once
	stats   struct{ sent, failed, perm, conn atomic.Int64 }
	sending atomic.Int64 // messages on the wire right now

	keptMu  sync.Mutex
	kept    *smtpConn // the connection SendDue keeps between calls
	keptGen uint64    // changes whenever kept does, so a stale idle timer does nothing
}

// NewSender returns a Sender with defaults filled in.
func NewSender(cfg SMTPConfig) *Sender {
	s := &Sender{SMTP: cfg}
	s.init()
	return s
}

func (s *Sender) init() {
	s.once.Do(func() {
		s.wake = make(chan struct{}, 1)
		if s.Backoff == nil {
			s.Backoff = ExpBackoff(30*time.Second, time.Hour)
		}
		if s.PollInterval <= 0 {
			s.PollInterval = 15 * time.Second
		}
		if s.BatchSize <= 0 {
			s.BatchSize = 50
		}
		if s.Now == nil {
			s.Now = time.Now
		}
		if s.Logger == nil {
			s.Logger = slog.Default()
		}
		if s.Conns <= 0 {
			s.Conns = 2
		}
		if s.IdleTimeout <= 0 {
			s.IdleTimeout = 5 * time.Second
		}
	})
}

// conns and idleTimeout read the fields again: a caller may have zeroed them
// after NewSender filled them in.
func (s *Sender) conns() int {
	if s.Conns <= 0 {
		return 2
	}
	return s.Conns
}

func (s *Sender) idleTimeout() time.Duration {
	if s.IdleTimeout <= 0 {
		return 5 * time.Second
	}
	return s.IdleTimeout
}

// Wake makes Run look at the outbox now. It never blocks. During a batch, the next
// mail handed to a connection after Wake returns is chosen from the outbox anew, so
// urgent mail queued just before Wake waits at most for the mails already on the
// wire.
func (s *Sender) Wake() {
	s.init()
	s.wakes.Add(1)
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Stats returns counters since the Sender was made.
func (s *Sender) Stats() SenderStats {
	return SenderStats{Sent: s.stats.sent.Load(), Failed: s.stats.failed.Load(),
		Permanent: s.stats.perm.Load(), ConnectErrors: s.stats.conn.Load()}
}

// InFlight returns how many mails are being transferred to the server right now.
func (s *Sender) InFlight() int { return int(s.sending.Load()) }

// Run delivers due mail until ctx is done, then lets each connection finish the
// mail it is sending, closes the connections with QUIT and returns ctx.Err().
//
// Up to Conns connections take entries from one queue, filled from Pending and
// read again whenever Wake was called since the last read, so newly queued urgent
// mail goes next. An entry being sent is never handed to another connection. A
// connection failure (or a failed Pending or MarkSent) stops taking entries until
// the next poll or Wake; a failure to connect marks one entry failed per such pass,
// so its attempt count and backoff grow.
func (s *Sender) Run(ctx context.Context, box Outbox) error {
	s.init()
	d := &dispatch{s: s, box: box, look: true, seenWakes: s.wakes.Load(),
		inFlight: map[string]struct{}{}, changed: make(chan struct{})}
	var wg sync.WaitGroup
	for range s.conns() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.work(ctx, d)
		}()
	}
	t := time.NewTicker(s.PollInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			return ctx.Err()
		case <-s.wake:
			d.rouse(false) // next sees the Wake itself; this only rouses idle connections
		case <-t.C:
			d.rouse(true)
		}
	}
}

// worker is one of Run's connections.
type worker struct {
	sc       *smtpConn // nil while closed
	lastUsed time.Time
	counted  bool // counted in dispatch.idleConns
}

func (s *Sender) work(ctx context.Context, d *dispatch) {
	w := &worker{}
	defer func() { s.quit(w.sc) }()
	for ctx.Err() == nil {
		it, ok, changed := d.next(w)
		if ok {
			out, err := s.send(ctx, d.box, &w.sc, it)
			w.lastUsed = time.Now()
			d.done(ctx, it, out, err)
			continue
		}
		var idle <-chan time.Time
		var t *time.Timer
		if w.sc != nil {
			t = time.NewTimer(time.Until(w.lastUsed.Add(s.idleTimeout())))
			idle = t.C
		}
		select {
		case <-ctx.Done():
		case <-changed:
		case <-idle:
			s.quit(w.sc)
			w.sc = nil
		}
		if t != nil {
			t.Stop()
		}
	}
}

// dispatch hands Run's workers distinct outbox entries.
type dispatch struct {
	s   *Sender
	box Outbox

	mu        sync.Mutex
	queue     []Outgoing          // read from the outbox, not yet handed out
	more      bool                // the last full read was full: more may be due
	look      bool                // read the outbox before the next hand-out (poll)
	halted    bool                // a failure ended this pass: hand out nothing until a poll or Wake
	seenWakes uint64              // Sender.wakes at the last read
	inFlight  map[string]struct{} // handed out and not yet marked
	idleConns int                 // waiting workers whose connection is open
	changed   chan struct{}       // closed (and replaced) to rouse waiting workers
}

// wakeRead is how many entries a read after Wake asks for while the queue still
// holds entries: enough for the urgent mail just queued, without reading a whole
// batch of large mails again.
const wakeRead = 16

// next hands w the next entry, or says there is none and returns a channel that is
// closed when there may be.
func (d *dispatch) next(w *worker) (Outgoing, bool, <-chan struct{}) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if w.counted {
		w.counted = false
		d.idleConns--
	}
	if n := d.s.wakes.Load(); n != d.seenWakes {
		d.seenWakes, d.look, d.halted = n, true, false
	}
	if !d.halted {
		switch {
		case d.look:
			d.look = false
			d.read(len(d.queue) > 0)
		case len(d.queue) == 0 && d.more:
			d.read(false)
		}
	}
	if !d.halted && len(d.queue) > 0 {
		// A worker without a connection leaves entries to waiting workers that have
		// one: a receipt needs no new connection while one is open and idle.
		if w.sc != nil || len(d.queue) > d.idleConns {
			it := d.queue[0]
			d.queue[0] = Outgoing{}
			d.queue = d.queue[1:]
			d.inFlight[it.ID] = struct{}{}
			return it, true, nil
		}
		d.broadcast()
	}
	if w.sc != nil {
		w.counted = true
		d.idleConns++
	}
	return Outgoing{}, false, d.changed
}

// read fills the queue from the outbox, leaving out entries in flight. A front read
// (after Wake or a poll, while the queue is not empty) reads only the first few due
// entries and puts them before the rest of the queue.
func (d *dispatch) read(front bool) {
	s := d.s
	limit := s.BatchSize
	if front {
		limit = min(limit, wakeRead)
	}
	limit += len(d.inFlight)
	items, err := d.box.Pending(s.Now(), limit)
	if err != nil {
		s.Logger.Warn("mail: outbox delivery", "err", err)
		d.halted, d.queue = true, nil
		return
	}
	fresh := make([]Outgoing, 0, len(items)+len(d.queue))
	got := make(map[string]bool, len(items))
	for _, it := range items {
		if _, busy := d.inFlight[it.ID]; !busy {
			fresh = append(fresh, it)
			got[it.ID] = true
		}
	}
	if !front {
		d.queue, d.more = fresh, len(items) >= limit
		return
	}
	known := false
	for _, q := range d.queue {
		if got[q.ID] {
			known = true
			break
		}
	}
	if !known && len(items) >= limit {
		// Everything read is new, and more new entries may follow: read a batch.
		d.read(false)
		return
	}
	for _, q := range d.queue {
		if !got[q.ID] {
			fresh = append(fresh, q)
		}
	}
	d.queue = fresh
	if len(items) >= limit {
		// The front read was full: more may be due behind what it read, and the
		// queue alone will not show them once it drains.
		d.more = true
	}
}

// done records the outcome of a hand-out.
func (d *dispatch) done(ctx context.Context, it Outgoing, out outcome, err error) {
	d.mu.Lock()
	// One failure to connect per pass marks its entry failed; entries that other
	// connections could not send meanwhile stay as they were.
	mark := out == dialFailed && !d.halted && ctx.Err() == nil
	if err != nil {
		d.halted = true
	}
	d.mu.Unlock()
	if mark {
		// Even a 5xx here (bad AUTH) is about the server, not this mail: retry later.
		d.s.fail(d.box, it, err, false)
	}
	if err != nil && ctx.Err() == nil {
		d.s.Logger.Warn("mail: outbox delivery", "err", err)
	}
	// Only now, marked, may the entry be read and handed out again.
	d.mu.Lock()
	delete(d.inFlight, it.ID)
	d.mu.Unlock()
}

// rouse wakes waiting workers; with look (a poll), the outbox is read again and a
// halted pass resumes.
func (d *dispatch) rouse(look bool) {
	d.mu.Lock()
	if look {
		d.look, d.halted = true, false
	}
	d.broadcast()
	d.mu.Unlock()
}

func (d *dispatch) broadcast() {
	close(d.changed)
	d.changed = make(chan struct{})
}

// SendDue sends one batch of due mail over one SMTP connection and returns how many
// entries it looked at. It keeps the connection for the next call and closes it
// after IdleTimeout (or at Close). A connection failure marks the entry being sent
// failed (so its attempt count and backoff grow) and returns the error. SendDue
// does not look at Wake; do not use it while Run runs on the same outbox.
func (s *Sender) SendDue(ctx context.Context, box Outbox) (int, error) {
	s.init()
	items, err := box.Pending(s.Now(), s.BatchSize)
	if err != nil || len(items) == 0 {
		return 0, err
	}
	sc := s.takeKept()
	defer func() { s.keep(sc) }()
	for i, it := range items {
		if ctx.Err() != nil {
			return i, ctx.Err()
		}
		out, err := s.send(ctx, box, &sc, it)
		switch {
		case out == dialFailed:
			// Even a 5xx here (bad AUTH) is about the server, not this mail: retry later.
			s.fail(box, it, err, false)
			if i == 0 {
				return len(items), err
			}
			return i + 1, err
		case out == connFailed:
			return i + 1, err
		case err != nil: // MarkSent
			return i, err
		}
	}
	return len(items), nil
}

// Close closes, with QUIT, the connection SendDue keeps between calls. Run closes
// its own connections when it returns.
func (s *Sender) Close() error {
	sc := s.takeKept()
	if sc == nil {
		return nil
	}
	err := sc.c.Quit()
	if err != nil {
		sc.c.Close()
	}
	return err
}

func (s *Sender) takeKept() *smtpConn {
	s.keptMu.Lock()
	defer s.keptMu.Unlock()
	sc := s.kept
	s.kept = nil
	s.keptGen++
	return sc
}

// keep makes sc the kept connection and closes it after IdleTimeout unless a
// SendDue takes it first.
func (s *Sender) keep(sc *smtpConn) {
	if sc == nil {
		return
	}
	s.keptMu.Lock()
	old := s.kept
	s.kept = sc
	s.keptGen++
	gen := s.keptGen
	s.keptMu.Unlock()
	s.quit(old)
	time.AfterFunc(s.idleTimeout(), func() {
		s.keptMu.Lock()
		if s.keptGen != gen {
			s.keptMu.Unlock()
			return
		}
		s.kept = nil
		s.keptGen++
		s.keptMu.Unlock()
		s.quit(sc)
	})
}

// smtpConn is a connection kept between mails.
type smtpConn struct {
	c    *smtp.Client
	used bool // has carried a mail transaction: it was good, but may have gone stale since
}

func (s *Sender) quit(sc *smtpConn) {
	if sc == nil {
		return
	}
	if err := sc.c.Quit(); err != nil {
		s.Logger.Debug("mail: SMTP QUIT", "err", err)
		sc.c.Close()
	}
}

// outcome is what became of one attempt to send an entry.
type outcome int

const (
	delivered  outcome = iota // accepted and marked sent (err: MarkSent failed)
	refused                   // the server refused the mail; marked failed; the connection is still good
	connFailed                // the connection broke; marked failed; closed
	dialFailed                // could not connect; NOT marked: the caller decides
)

// send delivers it over *sp, connecting first when *sp is nil, and records the
// outcome in the outbox. After a connection failure *sp is nil.
func (s *Sender) send(ctx context.Context, box Outbox, sp **smtpConn, it Outgoing) (outcome, error) {
	for retry := true; ; retry = false {
		if *sp == nil {
			c, err := s.dial(ctx)
			if err != nil {
				s.stats.conn.Add(1)
				return dialFailed, err
			}
			*sp = &smtpConn{c: c}
		}
		sc := *sp
		s.sending.Add(1)
		atFirst, err := sendOne(sc.c, it)
		s.sending.Add(-1)
		if err == nil {
			sc.used = true
			// The window: the server has the mail; a crash before MarkSent sends it
			// again on restart, with the same Message-ID (see docs/MAIL.md).
			if merr := box.MarkSent(it.ID, s.Now()); merr != nil {
				return delivered, fmt.Errorf("mail: outbox MarkSent %s: %w", it.ID, merr)
			}
			s.stats.sent.Add(1)
			if s.OnSent != nil {
				s.OnSent(it.ID)
			}
			return delivered, nil
		}
		if !connectionLost(err) {
			s.fail(box, it, err, true)
			if rerr := sc.c.Reset(); rerr != nil {
				sc.c.Close()
				*sp = nil
				return connFailed, rerr
			}
			sc.used = true
			return refused, nil
		}
		sc.c.Close()
		*sp = nil
		if retry && atFirst && sc.used && ctx.Err() == nil {
			// Nothing of this mail reached the server over a connection that has
			// worked before: it went stale while kept. Not the mail's failure.
			s.Logger.Debug("mail: kept SMTP connection was closed; reconnecting", "id", it.ID, "err", err)
			continue
		}
		s.fail(box, it, err, true)
		return connFailed, err
	}
}

// connectionLost tells a broken connection (an I/O error, or 421: the server is
// closing it) from the server refusing one mail.
func connectionLost(err error) bool {
	var se *smtp.SMTPError
	return !errors.As(err, &se) || se.Code == 421
}

func (s *Sender) fail(box Outbox, it Outgoing, err error, mayBePermanent bool) {
	var se *smtp.SMTPError
	if mayBePermanent && errors.As(err, &se) && se.Code >= 500 {
		perm := &PermanentError{Code: se.Code, Msg: se.Message}
		s.stats.perm.Add(1)
		s.Logger.Error("mail: giving up on outgoing mail", "id", it.ID, "err", perm)
		if merr := box.MarkFailed(it.ID, perm, time.Time{}); merr != nil {
			s.Logger.Error("mail: outbox MarkFailed", "id", it.ID, "err", merr)
		}
		return
	}
	s.stats.failed.Add(1)
	next := s.Now().Add(s.Backoff(it.Attempts + 1))
	s.Logger.Warn("mail: outgoing mail deferred", "id", it.ID, "attempt", it.Attempts+1, "next", next, "err", err)
	if merr := box.MarkFailed(it.ID, err, next); merr != nil {
		s.Logger.Error("mail: outbox MarkFailed", "id", it.ID, "err", merr)
	}
}

// sendOne runs one mail transaction. atFirst says the error came from its first
// command (MAIL, after EHLO when a RSET made one due), before the server had
// accepted anything of this mail.
func sendOne(c *smtp.Client, it Outgoing) (atFirst bool, err error) {
	if len(it.To) == 0 {
		return false, &smtp.SMTPError{Code: 554, Message: "no recipients in outbox entry"}
	}
	if err := c.Mail(it.From, nil); err != nil {
		return true, err
	}
	for _, to := range it.To {
		if err := c.Rcpt(to, nil); err != nil {
			return false, err
		}
	}
	w, err := c.Data()
	if err != nil {
		return false, err
	}
	if _, err := w.Write(bytes.ReplaceAll(it.Raw, []byte("\r\n"), []byte("\n"))); err != nil {
		w.Close()
		return false, err
	}
	return false, w.Close()
}

func (s *Sender) dial(ctx context.Context) (*smtp.Client, error) {
	cfg := s.SMTP
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	host, _, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP address %q: %w", cfg.Addr, err)
	}
	tc := tlsConfigFor(cfg.TLSConfig, host)
	d := &net.Dialer{Timeout: timeout}
	conn, err := d.DialContext(ctx, "tcp", cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP dial: %w", err)
	}
	var c *smtp.Client
	switch cfg.TLS {
	case TLSImplicit:
		tconn := tls.Client(conn, tc)
		if err := tconn.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("mail: SMTP TLS: %w", err)
		}
		c = smtp.NewClient(tconn)
	case TLSStartTLS:
		c, err = smtp.NewClientStartTLS(conn, tc)
		if err != nil {
			return nil, fmt.Errorf("mail: SMTP STARTTLS: %w", err)
		}
	default:
		c = smtp.NewClient(conn)
	}
	c.CommandTimeout = timeout
	c.SubmissionTimeout = 4 * timeout
	helo := cfg.HeloName
	if helo == "" {
		helo = "localhost"
	}
	if err := c.Hello(helo); err != nil {
		c.Close()
		return nil, fmt.Errorf("mail: SMTP EHLO: %w", err)
	}
	if cfg.Username != "" {
		if err := c.Auth(sasl.NewPlainClient("", cfg.Username, cfg.Password)); err != nil {
			c.Close()
			return nil, fmt.Errorf("mail: SMTP AUTH: %w", err)
		}
	}
	return c, nil
}

// TLSConfigWithCA returns a TLS configuration that trusts the PEM certificates in
// caFile in addition to the system roots (for a private or test mail server).
func TLSConfigWithCA(caFile string) (*tls.Config, error) {
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("mail: CA file: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("mail: CA file %s holds no PEM certificate", caFile)
	}
	return &tls.Config{RootCAs: pool}, nil
}

func tlsConfigFor(base *tls.Config, host string) *tls.Config {
	var tc *tls.Config
	if base != nil {
		tc = base.Clone()
	} else {
		tc = &tls.Config{}
	}
	if tc.ServerName == "" {
		tc.ServerName = host
	}
	if tc.MinVersion == 0 {
		tc.MinVersion = tls.VersionTLS12
	}
	return tc
}

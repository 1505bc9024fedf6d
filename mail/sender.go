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
// sent, not given up, next attempt ≤ now), oldest first. MarkFailed records a failed
// attempt: a zero next means give up (a permanent error; errors.As(err,
// *PermanentError) holds); otherwise retry at next.
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

// Sender delivers the outbox over SMTP. Run exactly one per outbox, in one goroutine;
// call Wake after enqueueing so a new mail goes out at once instead of at the next
// poll. The one window for a duplicate: the server accepted a mail and the process
// died (or MarkSent failed) before MarkSent committed; the mail is then sent again
// with the same bytes and Message-ID, so receivers can recognise the copy.
type Sender struct {
	SMTP         SMTPConfig
	Backoff      Backoff          // per-message retry delay; default ExpBackoff(30s, 1h)
	PollInterval time.Duration    // how often to look for due mail; default 15 s
	BatchSize    int              // default 50
	Now          func() time.Time // default time.Now
	Logger       *slog.Logger     // default slog.Default()
	// OnSent, if set, is called after each successful MarkSent (tests, metrics).
	OnSent func(id string)

	wake  chan struct{}
	once  sync.Once
	stats struct{ sent, failed, perm, conn atomic.Int64 }
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
	})
}

// Wake makes Run look at the outbox now. It never blocks.
func (s *Sender) Wake() {
	s.init()
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

// Run delivers due mail until ctx is done, then returns ctx.Err().
func (s *Sender) Run(ctx context.Context, box Outbox) error {
	s.init()
	for {
		for {
			n, err := s.SendDue(ctx, box)
			if err != nil {
				s.Logger.Warn("mail: outbox delivery", "err", err)
			}
			if err != nil || n < s.BatchSize {
				break // a full batch means there may be more waiting
			}
		}
		t := time.NewTimer(s.PollInterval)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-s.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// SendDue sends one batch of due mail over one SMTP connection and returns how many
// entries it looked at. A connection failure marks the batch's first entry failed
// (so its attempt count and backoff grow) and returns the error.
func (s *Sender) SendDue(ctx context.Context, box Outbox) (int, error) {
	s.init()
	items, err := box.Pending(s.Now(), s.BatchSize)
	if err != nil || len(items) == 0 {
		return 0, err
	}
	c, err := s.dial(ctx)
	if err != nil {
		s.stats.conn.Add(1)
		// Even a 5xx here (bad AUTH) is about the server, not this mail: retry later.
		s.fail(box, items[0], err, false)
		return len(items), err
	}
	defer c.Close()
	for i, it := range items {
		if ctx.Err() != nil {
			return i, ctx.Err()
		}
		err := sendOne(c, it)
		if err == nil {
			// The window: the server has the mail; a crash before MarkSent sends it
			// again on restart, with the same Message-ID (see docs/MAIL.md).
			if merr := box.MarkSent(it.ID, s.Now()); merr != nil {
				return i, fmt.Errorf("mail: outbox MarkSent %s: %w", it.ID, merr)
			}
			s.stats.sent.Add(1)
			if s.OnSent != nil {
				s.OnSent(it.ID)
			}
			continue
		}
		s.fail(box, it, err, true)
		var se *smtp.SMTPError
		if !errors.As(err, &se) {
			return i + 1, err // connection broken: stop this batch
		}
		if rerr := c.Reset(); rerr != nil {
			return i + 1, rerr
		}
	}
	if qerr := c.Quit(); qerr != nil {
		s.Logger.Debug("mail: SMTP QUIT", "err", qerr)
	}
	return len(items), nil
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

func sendOne(c *smtp.Client, it Outgoing) error {
	if len(it.To) == 0 {
		return &smtp.SMTPError{Code: 554, Message: "no recipients in outbox entry"}
	}
	if err := c.Mail(it.From, nil); err != nil {
		return err
	}
	for _, to := range it.To {
		if err := c.Rcpt(to, nil); err != nil {
			return err
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(bytes.ReplaceAll(it.Raw, []byte("\r\n"), []byte("\n"))); err != nil {
		w.Close()
		return err
	}
	return w.Close()
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

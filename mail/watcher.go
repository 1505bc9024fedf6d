package mail

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/textproto"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// IdleMode says whether the Watcher uses IMAP IDLE.
type IdleMode string

const (
	IdleAuto  IdleMode = "auto"  // IDLE when the server offers it, else poll
	IdleNever IdleMode = "never" // always poll
)

// WatcherConfig says which mailbox to watch and how.
type WatcherConfig struct {
	Addr      string // host:port
	TLS       TLSMode
	TLSConfig *tls.Config // ServerName defaults to the host of Addr
	Username  string
	Password  string
	// Mailbox is watched for new mail (default "INBOX").
	Mailbox string
	// ProcessedMailbox receives handled mail by MOVE (default "Processed", created
	// if missing). FlagOnly leaves mail in Mailbox and flags it \Seen instead.
	ProcessedMailbox string
	FlagOnly         bool
	// PollInterval is the polling period without IDLE, and with IDLE the period of
	// a safety re-scan (default 60 s).
	PollInterval time.Duration
	IDLE         IdleMode // default IdleAuto
	// RetryDelay is how long a message whose handling failed is left alone before
	// the next scan tries it again (default PollInterval).
	RetryDelay time.Duration
	// Backoff is the wait before reconnect attempt n (default ExpBackoff(1s, 2m)).
	Backoff Backoff
	// MaxSize: larger mails are handed over with the header only and Oversize set
	// (default 10 MiB).
	MaxSize int64
	Timeout time.Duration // dial timeout (default 30 s)
	Logger  *slog.Logger
	// OnEvent, if set, is called synchronously for every Event (tests, metrics). It
	// must not block for long: it runs on the watcher's goroutine.
	OnEvent func(Event)
}

// Delivery is one message found in the mailbox.
type Delivery struct {
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	// MessageID is without brackets; for a mail without one it is derived from
	// Raw (see MessageIDOf), so it is stable across UIDVALIDITY changes.
	MessageID string
	Raw       []byte // the whole mail, or only its header when Oversize
	Size      int64
	Oversize  bool
}

// Handler is the integrator's side of intake.
//
// Seen reports whether a message was already handled, by (UIDValidity, UID) or by
// Message-ID; the Watcher then only moves it (a crash between Handle's commit and
// the move leaves exactly that state). Handle must record (UIDValidity, UID) and
// Message-ID in the same store transaction as the mail's effect (orders stored,
// receipt queued in the outbox, raw mail archived), and should return nil for
// mails it decides to ignore, after recording them. An error leaves the message in
// the mailbox; it is tried again on a later scan.
type Handler interface {
	Seen(ctx context.Context, uidValidity, uid uint32, messageID string) (bool, error)
	Handle(ctx context.Context, d Delivery) error
}

// EventKind names what happened in the Watcher.
type EventKind string

const (
	EventConnected      EventKind = "connected"
	EventDisconnected   EventKind = "disconnected"
	EventUIDValidity    EventKind = "uidvalidity-changed"
	EventIdle           EventKind = "idle"
	EventNewMail        EventKind = "new-mail" // EXISTS during IDLE
	EventHandled        EventKind = "handled"
	EventAlreadySeen    EventKind = "already-seen"
	EventMoved          EventKind = "moved"
	EventFlagged        EventKind = "flagged"
	EventHandlerError   EventKind = "handler-error"
	EventScanned        EventKind = "scanned"
	EventReconnectDelay EventKind = "reconnect-delay"
)

// Event is reported through WatcherConfig.OnEvent.
type Event struct {
	Kind      EventKind
	UID       uint32
	MessageID string
	Err       error
	Delay     time.Duration
}

// WatcherStats counts what a Watcher did.
type WatcherStats struct {
	Connects, Handled, AlreadySeen, Moved, HandlerErrors, SessionErrors int64
	UIDValidity                                                         uint32
	UsingIdle                                                           bool
}

// Watcher watches an IMAP mailbox and hands every new mail to a Handler exactly once.
type Watcher struct {
	cfg WatcherConfig

	mu        sync.Mutex
	lastUV    uint32
	usingIdle bool
	stats     struct{ connects, handled, seen, moved, herr, serr atomic.Int64 }
}

// NewWatcher returns a Watcher; it does no I/O until Run.
func NewWatcher(cfg WatcherConfig) *Watcher {
	if cfg.Mailbox == "" {
		cfg.Mailbox = "INBOX"
	}
	if cfg.ProcessedMailbox == "" && !cfg.FlagOnly {
		cfg.ProcessedMailbox = "Processed"
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = time.Minute
	}
	if cfg.RetryDelay <= 0 {
		cfg.RetryDelay = cfg.PollInterval
	}
	if cfg.IDLE == "" {
		cfg.IDLE = IdleAuto
	}
	if cfg.Backoff == nil {
		cfg.Backoff = ExpBackoff(time.Second, 2*time.Minute)
	}
	if cfg.MaxSize <= 0 {
		cfg.MaxSize = 10 << 20
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.TLS == "" {
		cfg.TLS = TLSNone
	}
	return &Watcher{cfg: cfg}
}

// Stats returns counters since the Watcher was made.
func (w *Watcher) Stats() WatcherStats {
	w.mu.Lock()
	defer w.mu.Unlock()
	return WatcherStats{
		Connects: w.stats.connects.Load(), Handled: w.stats.handled.Load(),
		AlreadySeen: w.stats.seen.Load(), Moved: w.stats.moved.Load(),
		HandlerErrors: w.stats.herr.Load(), SessionErrors: w.stats.serr.Load(),
		UIDValidity: w.lastUV, UsingIdle: w.usingIdle,
	}
}

func (w *Watcher) emit(e Event) {
	if w.cfg.OnEvent != nil {
		w.cfg.OnEvent(e)
	}
}

// Run watches until ctx is done, reconnecting with backoff after any failure, and
// returns ctx.Err().
func (w *Watcher) Run(ctx context.Context, h Handler) error {
	attempt := 0
	for {
		err := w.session(ctx, h, &attempt)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		w.stats.serr.Add(1)
		attempt++
		d := w.cfg.Backoff(attempt)
		w.cfg.Logger.Warn("mail: IMAP session ended, reconnecting", "err", err, "attempt", attempt, "delay", d)
		w.emit(Event{Kind: EventDisconnected, Err: err})
		w.emit(Event{Kind: EventReconnectDelay, Delay: d})
		t := time.NewTimer(d)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

func (w *Watcher) dial(newMail chan<- struct{}) (*imapclient.Client, error) {
	host, _, err := net.SplitHostPort(w.cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("mail: IMAP address %q: %w", w.cfg.Addr, err)
	}
	opts := &imapclient.Options{
		TLSConfig: tlsConfigFor(w.cfg.TLSConfig, host),
		Dialer:    &net.Dialer{Timeout: w.cfg.Timeout},
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			// Runs on the client's reader goroutine: it must never block (a blocking
			// handler deadlocks IDLE's Close/Wait, see go-imap#668).
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case newMail <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	switch w.cfg.TLS {
	case TLSImplicit:
		return imapclient.DialTLS(w.cfg.Addr, opts)
	case TLSStartTLS:
		return imapclient.DialStartTLS(w.cfg.Addr, opts)
	default:
		return imapclient.DialInsecure(w.cfg.Addr, opts)
	}
}

func (w *Watcher) session(ctx context.Context, h Handler, attempt *int) error {
	newMail := make(chan struct{}, 1)
	c, err := w.dial(newMail)
	if err != nil {
		return err
	}
	defer c.Close()
	done := make(chan struct{})
	defer close(done)
	go func() {
		// Commands take no context: closing the connection unblocks them.
		select {
		case <-ctx.Done():
			c.Close()
		case <-done:
		}
	}()
	if err := c.Login(w.cfg.Username, w.cfg.Password).Wait(); err != nil {
		return fmt.Errorf("mail: IMAP login: %w", err)
	}
	if w.cfg.ProcessedMailbox != "" && !w.cfg.FlagOnly {
		// An error means it exists already (or cannot be made; MOVE will then fall back).
		_ = c.Create(w.cfg.ProcessedMailbox, nil).Wait()
	}
	sel, err := c.Select(w.cfg.Mailbox, nil).Wait()
	if err != nil {
		return fmt.Errorf("mail: IMAP select %s: %w", w.cfg.Mailbox, err)
	}
	*attempt = 0
	w.stats.connects.Add(1)
	idle := w.cfg.IDLE == IdleAuto && c.Caps().Has(imap.CapIdle)
	w.mu.Lock()
	w.usingIdle = idle
	w.mu.Unlock()
	w.noteUIDValidity(sel.UIDValidity)
	w.emit(Event{Kind: EventConnected})
	s := &scanState{c: c, uv: sel.UIDValidity, retryAt: map[imap.UID]time.Time{}}
	for {
		select { // an EXISTS seen before this scan is covered by it
		case <-newMail:
		default:
		}
		if err := w.scan(ctx, h, s); err != nil {
			return err
		}
		timer := time.NewTimer(w.cfg.PollInterval)
		rescan := false
		if idle {
			cmd, err := c.Idle()
			if err != nil {
				timer.Stop()
				return fmt.Errorf("mail: IMAP IDLE: %w", err)
			}
			w.emit(Event{Kind: EventIdle})
			select {
			case <-ctx.Done():
			case <-newMail:
				w.emit(Event{Kind: EventNewMail})
			case <-timer.C:
				rescan = true
			case <-c.Closed():
			}
			timer.Stop()
			if err := cmd.Close(); err != nil {
				return fmt.Errorf("mail: IMAP IDLE done: %w", err)
			}
			if err := cmd.Wait(); err != nil {
				return fmt.Errorf("mail: IMAP IDLE: %w", err)
			}
		} else {
			select {
			case <-ctx.Done():
			case <-newMail:
			case <-timer.C:
				rescan = true
			case <-c.Closed():
			}
			timer.Stop()
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if rescan {
			// Selecting again notices a mailbox deleted and re-created behind our back
			// (new UIDVALIDITY), which some servers never report to an open session.
			sel, err := c.Select(w.cfg.Mailbox, nil).Wait()
			if err != nil {
				return fmt.Errorf("mail: IMAP select %s: %w", w.cfg.Mailbox, err)
			}
			if sel.UIDValidity != s.uv {
				s.uv, s.retryAt = sel.UIDValidity, map[imap.UID]time.Time{}
				w.noteUIDValidity(sel.UIDValidity)
			}
		}
	}
}

// noteUIDValidity records the mailbox's UIDVALIDITY and reports a change. Old
// (UIDVALIDITY, UID) records mean nothing after one; the Message-ID check in
// Handler.Seen keeps already-handled mail from being handled again.
func (w *Watcher) noteUIDValidity(uv uint32) {
	w.mu.Lock()
	changed := w.lastUV != 0 && w.lastUV != uv
	w.lastUV = uv
	w.mu.Unlock()
	if changed {
		w.cfg.Logger.Warn("mail: UIDVALIDITY changed", "mailbox", w.cfg.Mailbox, "uidvalidity", uv)
		w.emit(Event{Kind: EventUIDValidity})
	}
}

type scanState struct {
	c       *imapclient.Client
	uv      uint32
	retryAt map[imap.UID]time.Time
}

// scan handles every message in the mailbox not yet moved (or not yet \Seen in
// flag-only mode), in UID order.
func (w *Watcher) scan(ctx context.Context, h Handler, s *scanState) error {
	crit := &imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}
	if w.cfg.FlagOnly {
		crit.NotFlag = append(crit.NotFlag, imap.FlagSeen)
	}
	data, err := s.c.UIDSearch(crit, nil).Wait()
	if err != nil {
		return fmt.Errorf("mail: IMAP search: %w", err)
	}
	uids := data.AllUIDs()
	slices.Sort(uids)
	now := time.Now()
	for _, uid := range uids {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if t, ok := s.retryAt[uid]; ok && now.Before(t) {
			continue
		}
		if err := w.one(ctx, h, s, uid); err != nil {
			return err
		}
	}
	w.emit(Event{Kind: EventScanned})
	return nil
}

var headerSection = &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
var fullSection = &imap.FetchItemBodySection{Peek: true}

// one handles a single message. Only connection-level trouble is returned; a
// handler error is logged and the message retried later.
func (w *Watcher) one(ctx context.Context, h Handler, s *scanState, uid imap.UID) error {
	set := imap.UIDSetNum(uid)
	msgs, err := s.c.Fetch(set, &imap.FetchOptions{UID: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{headerSection}}).Collect()
	if err != nil {
		return fmt.Errorf("mail: IMAP fetch header %d: %w", uid, err)
	}
	if len(msgs) == 0 {
		return nil // expunged meanwhile
	}
	hdr := msgs[0].FindBodySection(headerSection)
	d := Delivery{Mailbox: w.cfg.Mailbox, UIDValidity: s.uv, UID: uint32(uid), Size: msgs[0].RFC822Size}
	d.MessageID = headerMessageID(hdr)
	if d.MessageID != "" {
		if done, err := w.alreadySeen(ctx, h, s, uid, d); done {
			return err
		}
	}
	if d.Size > w.cfg.MaxSize {
		d.Raw, d.Oversize = hdr, true
	} else {
		full, err := s.c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{fullSection}}).Collect()
		if err != nil {
			return fmt.Errorf("mail: IMAP fetch %d: %w", uid, err)
		}
		if len(full) == 0 {
			return nil
		}
		d.Raw = full[0].FindBodySection(fullSection)
	}
	if d.MessageID == "" {
		d.MessageID = MessageIDOf("", d.Raw)
		if done, err := w.alreadySeen(ctx, h, s, uid, d); done {
			return err
		}
	}
	if err := h.Handle(ctx, d); err != nil {
		w.handlerError(s, uid, d, err)
		return nil
	}
	w.stats.handled.Add(1)
	w.emit(Event{Kind: EventHandled, UID: d.UID, MessageID: d.MessageID})
	return w.dispose(s, uid, d)
}

// alreadySeen asks the handler whether d was handled before; if so (or if asking
// failed) the message is done for this scan: moved, or left for a retry.
func (w *Watcher) alreadySeen(ctx context.Context, h Handler, s *scanState, uid imap.UID, d Delivery) (bool, error) {
	seen, err := h.Seen(ctx, d.UIDValidity, d.UID, d.MessageID)
	if err != nil {
		w.handlerError(s, uid, d, fmt.Errorf("seen: %w", err))
		return true, nil
	}
	if !seen {
		return false, nil
	}
	w.stats.seen.Add(1)
	w.emit(Event{Kind: EventAlreadySeen, UID: d.UID, MessageID: d.MessageID})
	return true, w.dispose(s, uid, d)
}

func (w *Watcher) handlerError(s *scanState, uid imap.UID, d Delivery, err error) {
	w.stats.herr.Add(1)
	s.retryAt[uid] = time.Now().Add(w.cfg.RetryDelay)
	w.cfg.Logger.Error("mail: handling message failed; will retry", "uid", d.UID, "message_id", d.MessageID, "err", err)
	w.emit(Event{Kind: EventHandlerError, UID: d.UID, MessageID: d.MessageID, Err: err})
}

// dispose moves a handled message to the processed mailbox, or flags it \Seen when
// configured so or when the move fails.
func (w *Watcher) dispose(s *scanState, uid imap.UID, d Delivery) error {
	set := imap.UIDSetNum(uid)
	if !w.cfg.FlagOnly {
		if _, err := s.c.Move(set, w.cfg.ProcessedMailbox).Wait(); err == nil {
			w.stats.moved.Add(1)
			w.emit(Event{Kind: EventMoved, UID: d.UID, MessageID: d.MessageID})
			return nil
		} else if isConnErr(err) {
			return fmt.Errorf("mail: IMAP move: %w", err)
		} else {
			w.cfg.Logger.Warn("mail: IMAP move failed, flagging instead", "uid", d.UID, "err", err)
			// Do not look at it again in this session; Seen covers later sessions.
			s.retryAt[uid] = time.Now().Add(w.cfg.PollInterval)
		}
	}
	err := s.c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
	if err != nil {
		return fmt.Errorf("mail: IMAP store \\Seen: %w", err)
	}
	w.emit(Event{Kind: EventFlagged, UID: d.UID, MessageID: d.MessageID})
	return nil
}

func isConnErr(err error) bool {
	var ie *imap.Error
	return !errors.As(err, &ie) // a tagged NO/BAD is the server's answer; anything else is I/O
}

// headerMessageID reads Message-ID from a raw header block ("" if absent).
func headerMessageID(hdr []byte) string {
	r := textproto.NewReader(bufio.NewReader(bytes.NewReader(append(bytes.TrimRight(hdr, "\r\n"), "\r\n\r\n"...))))
	mh, _ := r.ReadMIMEHeader()
	v := mh.Get("Message-Id")
	if v == "" {
		return ""
	}
	return MessageIDOf(v, nil)
}

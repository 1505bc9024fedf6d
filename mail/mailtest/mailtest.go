// Package mailtest is an in-process mail system on 127.0.0.1 for tests and for
// `pbem demo`: an SMTP server (go-smtp) that files every accepted mail into the
// recipient's INBOX of an in-memory IMAP server (go-imap v2 imapmemserver), which
// offers IDLE and MOVE. The local part of any recipient address, without its +tag,
// names the user ("pbem+g1-csa-x@example.test" is user "pbem"), whatever the domain.
// It is not a real MTA: no queue, no bounces, no Received or Return-Path headers.
package mailtest

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Options configure a Server. A nil *Options means defaults.
type Options struct {
	// Users are created at start: name → password.
	Users map[string]string
	// AutoCreate makes users for unknown recipients on delivery, with password
	// DefaultPassword(name). If false, unknown recipients get 550 at RCPT.
	AutoCreate bool
	// Logger for server errors (nil: discard).
	Logger *log.Logger
	// TLS, if set, makes both servers offer STARTTLS and also listen with implicit
	// TLS (SMTPSAddr, IMAPSAddr). SMTP AUTH PLAIN is offered either way and checks
	// the user's password; unauthenticated sending stays allowed. See SelfSigned.
	TLS *tls.Config
}

// DefaultPassword is the password of an auto-created user.
func DefaultPassword(name string) string { return name + "-secret" }

// Received is one mail the SMTP server accepted.
type Received struct {
	From string
	To   []string
	Raw  []byte
	At   time.Time
}

// Server is a running harness. Its methods are safe for concurrent use.
type Server struct {
	IMAPAddr string
	SMTPAddr string
	// Implicit-TLS listeners, only with Options.TLS.
	IMAPSAddr string
	SMTPSAddr string

	opts Options
	mem  *imapmemserver.Server

	mu       sync.Mutex
	users    map[string]*imapmemserver.User
	imap     *imapserver.Server
	imapLn   net.Listener
	imaps    *imapserver.Server
	smtp     *smtp.Server
	smtpLn   net.Listener
	smtps    *smtp.Server
	received []Received
	smtpFail int // answer the next n DATA commands with 451
	closed   bool
}

// Start starts both servers on 127.0.0.1 with OS-chosen ports.
func Start(opts *Options) (*Server, error) {
	s := &Server{mem: imapmemserver.New(), users: map[string]*imapmemserver.User{}}
	if opts != nil {
		s.opts = *opts
	}
	if s.opts.Logger == nil {
		s.opts.Logger = log.New(io.Discard, "", 0)
	}
	for name, pw := range s.opts.Users {
		if _, err := s.AddUser(name, pw); err != nil {
			return nil, err
		}
	}
	if err := s.startIMAP("127.0.0.1:0"); err != nil {
		return nil, err
	}
	if err := s.startSMTP("127.0.0.1:0"); err != nil {
		s.Close()
		return nil, err
	}
	if s.opts.TLS != nil {
		if err := s.startImplicitTLS(); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// AddUser creates a user with an INBOX (idempotent; the password of an existing
// user is kept).
func (s *Server) AddUser(name, password string) (*imapmemserver.User, error) {
	name = strings.ToLower(name)
	s.mu.Lock()
	defer s.mu.Unlock()
	if u, ok := s.users[name]; ok {
		return u, nil
	}
	u := imapmemserver.NewUser(name, password)
	if err := u.Create("INBOX", nil); err != nil {
		return nil, err
	}
	s.mem.AddUser(u)
	s.users[name] = u
	return u, nil
}

// UserFor maps an address to its user name: the local part without +tag, lower case.
func UserFor(addr string) string {
	a := strings.ToLower(strings.Trim(strings.TrimSpace(addr), "<>"))
	if i := strings.LastIndexByte(a, '@'); i >= 0 {
		a = a[:i]
	}
	if i := strings.IndexByte(a, '+'); i >= 0 {
		a = a[:i]
	}
	return a
}

func (s *Server) user(addr string, create bool) (*imapmemserver.User, error) {
	name := UserFor(addr)
	s.mu.Lock()
	u, ok := s.users[name]
	s.mu.Unlock()
	if ok {
		return u, nil
	}
	if !create || name == "" {
		return nil, fmt.Errorf("mailtest: no such user %q", name)
	}
	return s.AddUser(name, DefaultPassword(name))
}

// Deliver files raw into mailbox of the user an address maps to, as an MTA would.
func (s *Server) Deliver(addr, mailbox string, raw []byte) error {
	u, err := s.user(addr, s.opts.AutoCreate)
	if err != nil {
		return err
	}
	_, err = u.Append(mailbox, literal{bytes.NewReader(raw), int64(len(raw))}, &imap.AppendOptions{Time: time.Now()})
	return err
}

type literal struct {
	*bytes.Reader
	n int64
}

func (l literal) Size() int64 { return l.n }

// Received returns copies of all mails the SMTP server accepted, in order.
func (s *Server) Received() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

// FailNextSMTP makes the next n DATA commands fail with a temporary 451.
func (s *Server) FailNextSMTP(n int) {
	s.mu.Lock()
	s.smtpFail = n
	s.mu.Unlock()
}

func (s *Server) newIMAP() *imapserver.Server {
	return imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return idleSession{s.mem.NewSession().(imapserver.SessionIMAP4rev2)}, nil, nil
		},
		Caps:         imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapMove: {}, imap.CapUIDPlus: {}, imap.CapNamespace: {}},
		InsecureAuth: true,
		Logger:       s.opts.Logger,
		TLSConfig:    s.opts.TLS,
	})
}

func (s *Server) startIMAP(addr string) error {
	srv := s.newIMAP()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.imap, s.imapLn, s.IMAPAddr = srv, ln, ln.Addr().String()
	s.mu.Unlock()
	go srv.Serve(ln)
	return nil
}

// RestartIMAP drops every IMAP connection and listens again on the same port; the
// mailboxes keep their mail (and their UIDVALIDITY).
func (s *Server) RestartIMAP() error {
	s.StopIMAP()
	return s.StartIMAP()
}

// StopIMAP closes the IMAP listener and all its connections.
func (s *Server) StopIMAP() {
	s.mu.Lock()
	srv, ln := s.imap, s.imapLn
	s.imap, s.imapLn = nil, nil
	s.mu.Unlock()
	if srv != nil {
		// Close the listener ourselves too: if Serve has not started yet, the server
		// does not know it and would leave it open.
		ln.Close()
		srv.Close()
	}
}

// StartIMAP listens again on the IMAP address after StopIMAP.
func (s *Server) StartIMAP() error {
	return retryListen(func() error { return s.startIMAP(s.IMAPAddr) })
}

// idleSession fixes a gap in imapmemserver's IDLE: updates queued between the last
// command and IDLE were only sent with the next update, so a mail that arrived just
// before IDLE could wait indefinitely. Polling the session's queue during IDLE closes
// it (a few milliseconds of latency, in process).
type idleSession struct {
	imapserver.SessionIMAP4rev2
}

func (s idleSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		if err := s.Poll(w, true); err != nil {
			return err
		}
		select {
		case <-stop:
			return nil
		case <-t.C:
		}
	}
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []string
}

// AuthMechanisms and Auth make the session an smtp.AuthSession (AUTH PLAIN).
func (ss *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		u, err := ss.s.user(username, false)
		if err != nil {
			return errors.New("invalid credentials")
		}
		return u.Login(UserFor(username), password)
	}), nil
}

func (ss *session) Reset()        { ss.from, ss.to = "", nil }
func (ss *session) Logout() error { return nil }
func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}
func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if _, err := ss.s.user(to, ss.s.opts.AutoCreate); err != nil {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s := ss.s
	s.mu.Lock()
	fail := s.smtpFail > 0
	if fail {
		s.smtpFail--
	}
	s.mu.Unlock()
	if fail {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later (mailtest)"}
	}
	for _, to := range ss.to {
		if err := s.Deliver(to, "INBOX", raw); err != nil {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: err.Error()}
		}
	}
	s.mu.Lock()
	s.received = append(s.received, Received{From: ss.from, To: append([]string(nil), ss.to...), Raw: raw, At: time.Now()})
	s.mu.Unlock()
	return nil
}

func (s *Server) newSMTP() *smtp.Server {
	srv := smtp.NewServer(backend{s})
	srv.Domain = "mailtest.localhost"
	srv.AllowInsecureAuth = true
	srv.MaxMessageBytes = 32 << 20
	srv.ReadTimeout = time.Minute
	srv.WriteTimeout = time.Minute
	srv.ErrorLog = s.opts.Logger
	srv.TLSConfig = s.opts.TLS
	return srv
}

// startImplicitTLS adds the SMTPS and IMAPS listeners (not affected by Stop/Start).
func (s *Server) startImplicitTLS() error {
	ln1, err := tls.Listen("tcp", "127.0.0.1:0", s.opts.TLS)
	if err != nil {
		return err
	}
	ln2, err := tls.Listen("tcp", "127.0.0.1:0", s.opts.TLS)
	if err != nil {
		ln1.Close()
		return err
	}
	smtps, imaps := s.newSMTP(), s.newIMAP()
	s.mu.Lock()
	s.smtps, s.imaps = smtps, imaps
	s.SMTPSAddr, s.IMAPSAddr = ln1.Addr().String(), ln2.Addr().String()
	s.mu.Unlock()
	go smtps.Serve(ln1)
	go imaps.Serve(ln2)
	return nil
}

func (s *Server) startSMTP(addr string) error {
	srv := s.newSMTP()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.smtp, s.smtpLn, s.SMTPAddr = srv, ln, ln.Addr().String()
	s.mu.Unlock()
	go srv.Serve(ln)
	return nil
}

// StopSMTP takes the SMTP server down (connections refused) until StartSMTP.
func (s *Server) StopSMTP() {
	s.mu.Lock()
	srv, ln := s.smtp, s.smtpLn
	s.smtp, s.smtpLn = nil, nil
	s.mu.Unlock()
	if srv != nil {
		ln.Close()
		srv.Close()
	}
}

// StartSMTP brings the SMTP server back on the same address.
func (s *Server) StartSMTP() error {
	return retryListen(func() error { return s.startSMTP(s.SMTPAddr) })
}

// retryListen retries briefly: a just-closed port can take a moment to be free.
func retryListen(f func() error) error {
	var err error
	for i := 0; i < 50; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return err
}

// Close stops both servers.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errors.New("mailtest: already closed")
	}
	s.closed = true
	s.mu.Unlock()
	s.StopIMAP()
	s.StopSMTP()
	s.mu.Lock()
	smtps, imaps := s.smtps, s.imaps
	s.mu.Unlock()
	if smtps != nil {
		smtps.Close()
		imaps.Close()
	}
	return nil
}

// Count returns the number of messages in a user's mailbox.
func (s *Server) Count(user, mailbox string) (int, error) {
	u, err := s.user(user, false)
	if err != nil {
		return 0, err
	}
	st, err := u.Status(mailbox, &imap.StatusOptions{NumMessages: true})
	if err != nil {
		return 0, err
	}
	if st.NumMessages == nil {
		return 0, nil
	}
	return int(*st.NumMessages), nil
}

// DeliverLMTP hands raw to a mailbox server's LMTP port (addr) as an MTA does: when it
// returns, the mail has landed in to's mailbox. The real-server tests use it to
// put mail in Dovecot without going through Postfix.
func DeliverLMTP(addr, from, to string, raw []byte) error {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return err
	}
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if err := c.SendMail(from, []string{to}, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

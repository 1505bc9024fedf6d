package mail

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// connServer is an SMTP server for the Sender's connection tests. Unlike mailtest it
// counts connections, tells which ones ended with QUIT, can drop them, and records
// every mail's id with the connection it came over and how many DATA commands were
// being handled at once.
type connServer struct {
	addr  string
	delay time.Duration // each DATA takes at least this long

	mu        sync.Mutex
	conns     []*tapConn
	got       []delivery
	arrived   []string // ids in the order their DATA arrived, before the delay
	active    int      // DATA commands being handled now
	maxActive int
}

type delivery struct {
	id   string
	conn int // 1-based connection number
}

func startConnServer(t testing.TB, delay time.Duration) *connServer {
	t.Helper()
	cs := &connServer{delay: delay}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cs.addr = ln.Addr().String()
	srv := smtp.NewServer(connBackend{cs})
	srv.Domain = "connserver.localhost"
	srv.MaxMessageBytes = 32 << 20
	srv.ReadTimeout = time.Minute
	srv.WriteTimeout = time.Minute
	go srv.Serve(tapListener{ln, cs})
	t.Cleanup(func() { srv.Close() })
	return cs
}

// connections is how many connections were accepted.
func (cs *connServer) connections() int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return len(cs.conns)
}

// open is how many connections are still open.
func (cs *connServer) open() int {
	cs.mu.Lock()
	conns := append([]*tapConn(nil), cs.conns...)
	cs.mu.Unlock()
	n := 0
	for _, c := range conns {
		if !c.state().closed {
			n++
		}
	}
	return n
}

// quits is how many connections the client ended with QUIT.
func (cs *connServer) quits() int {
	cs.mu.Lock()
	conns := append([]*tapConn(nil), cs.conns...)
	cs.mu.Unlock()
	n := 0
	for _, c := range conns {
		if c.state().quit {
			n++
		}
	}
	return n
}

// drop closes every open connection from the server's side, as a server's idle
// timeout or restart does, first writing reply (if any) to the client.
func (cs *connServer) drop(reply string) {
	cs.mu.Lock()
	conns := append([]*tapConn(nil), cs.conns...)
	cs.mu.Unlock()
	for _, c := range conns {
		if reply != "" {
			c.Conn.Write([]byte(reply))
		}
		c.Conn.Close()
	}
}

// ids returns the ids of the mails accepted, in order.
func (cs *connServer) ids() []string {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	out := make([]string, len(cs.got))
	for i, d := range cs.got {
		out[i] = d.id
	}
	return out
}

// arrivals returns the ids of the mails whose DATA arrived, in the order it
// did: the order the sender handed them out, but for the time each took on
// the wire. ids is the order the server finished them, which a connection
// slowed by a loaded machine can change by more.
func (cs *connServer) arrivals() []string {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return slices.Clone(cs.arrived)
}

// perConn returns how many mails each connection carried, by connection number.
func (cs *connServer) perConn() map[int]int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	m := map[int]int{}
	for _, d := range cs.got {
		m[d.conn]++
	}
	return m
}

func (cs *connServer) peak() int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.maxActive
}

// tapConn is a server-side connection that remembers the end of what the client
// sent, so Close can tell a QUIT from a dropped connection.
type tapConn struct {
	net.Conn
	n int

	mu     sync.Mutex
	tail   []byte
	quit   bool
	closed bool
}

type tapState struct{ quit, closed bool }

func (c *tapConn) state() tapState {
	c.mu.Lock()
	defer c.mu.Unlock()
	return tapState{c.quit, c.closed}
}

func (c *tapConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.mu.Lock()
	c.tail = append(c.tail, p[:n]...)
	if len(c.tail) > 16 {
		c.tail = append(c.tail[:0], c.tail[len(c.tail)-16:]...)
	}
	c.mu.Unlock()
	return n, err
}

func (c *tapConn) Close() error {
	c.mu.Lock()
	if !c.closed {
		c.closed = true
		c.quit = bytes.HasSuffix(bytes.ToUpper(c.tail), []byte("QUIT\r\n"))
	}
	c.mu.Unlock()
	return c.Conn.Close()
}

type tapListener struct {
	net.Listener
	cs *connServer
}

func (l tapListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.cs.mu.Lock()
	defer l.cs.mu.Unlock()
	tc := &tapConn{Conn: c, n: len(l.cs.conns) + 1}
	l.cs.conns = append(l.cs.conns, tc)
	return tc, nil
}

type connBackend struct{ cs *connServer }

func (b connBackend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	n := 0
	if tc, ok := c.Conn().(*tapConn); ok {
		n = tc.n
	}
	return &connSession{cs: b.cs, conn: n}, nil
}

type connSession struct {
	cs   *connServer
	conn int
}

func (s *connSession) Reset()                               {}
func (s *connSession) Logout() error                        { return nil }
func (s *connSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *connSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "nobody@") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	return nil
}

func (s *connSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	cs := s.cs
	cs.mu.Lock()
	cs.active++
	cs.maxActive = max(cs.maxActive, cs.active)
	cs.arrived = append(cs.arrived, rawID(raw))
	cs.mu.Unlock()
	time.Sleep(cs.delay)
	cs.mu.Lock()
	cs.active--
	cs.got = append(cs.got, delivery{id: rawID(raw), conn: s.conn})
	cs.mu.Unlock()
	return nil
}

// rawID reads the id from the Message-ID of a mail made by rawOutgoing.
func rawID(raw []byte) string {
	_, rest, ok := bytes.Cut(raw, []byte("Message-ID: <"))
	if !ok {
		return ""
	}
	id, _, _ := bytes.Cut(rest, []byte("@"))
	return string(id)
}

// rawOutgoing is an outbox entry of about size bytes whose Message-ID holds id.
func rawOutgoing(id string, size int) Outgoing {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: pbem@example.test\r\nTo: alice@example.test\r\nMessage-ID: <%s@example.test>\r\nSubject: %s\r\n\r\n", id, id)
	line := strings.Repeat("0123456789", 7) + "\r\n"
	for b.Len() < size {
		b.WriteString(line)
	}
	return Outgoing{ID: id, From: "pbem@example.test", To: []string{"alice@example.test"}, Raw: b.Bytes()}
}

// urgentOutbox is a memOutbox whose Pending returns urgent entries before bulk ones,
// as the store does.
type urgentOutbox struct {
	*memOutbox
	mu     sync.Mutex
	urgent map[string]bool
}

func newUrgentOutbox() *urgentOutbox {
	return &urgentOutbox{memOutbox: newMemOutbox(), urgent: map[string]bool{}}
}

func (b *urgentOutbox) addUrgent(o Outgoing) {
	b.mu.Lock()
	b.urgent[o.ID] = true
	b.mu.Unlock()
	b.add(o)
}

func (b *urgentOutbox) Pending(now time.Time, limit int) ([]Outgoing, error) {
	all, err := b.memOutbox.Pending(now, 1<<30)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	sort.SliceStable(all, func(i, j int) bool { return b.urgent[all[i].ID] && !b.urgent[all[j].ID] })
	b.mu.Unlock()
	if len(all) > limit {
		all = all[:limit]
	}
	return all, nil
}

// Package control lets the pbem tools reach a running daemon. bbolt allows one
// process to open the store, so while `pbem serve` runs, `pbem backup`, `pbem game
// list|show|export`, `verify` and `replay` ask the daemon over a Unix socket beside
// the store file (mode 0600: only the operator's account can connect) and the
// daemon answers from its own open store: a hot backup is then one consistent bbolt
// read transaction, as the store's Backup makes it.
//
// `pbem status` asks the same way ("status"); the daemon answers with its
// figures (games, outbox, mail rate, last errors) as JSON, and the tool prints
// them.
//
// The protocol is one request line ("backup", "export g7", "list"), then the
// answer: a status line "ok" or "error <text>", then the raw body until the
// connection closes.
package control

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"time"
)

// SocketPath is the control socket of a store file.
func SocketPath(storePath string) string { return storePath + ".sock" }

// Handler answers one request by writing the body to w.
type Handler func(ctx context.Context, args []string, w io.Writer) error

// Server serves control requests.
type Server struct {
	ln       net.Listener
	path     string
	mu       sync.Mutex
	handlers map[string]Handler
	wg       sync.WaitGroup
}

// Listen opens the control socket at path. A stale socket file left by a killed
// daemon is removed first; the store's lock already guarantees there is no other
// daemon on the same store.
func Listen(path string) (*Server, error) {
	_ = os.Remove(path)
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("control: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, fmt.Errorf("control: %w", err)
	}
	return &Server{ln: ln, path: path, handlers: map[string]Handler{}}, nil
}

// Handle registers the handler of a command word.
func (s *Server) Handle(name string, h Handler) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handlers[name] = h
}

// Serve answers requests until ctx ends, then waits for the requests under way.
func (s *Server) Serve(ctx context.Context) error {
	go func() {
		<-ctx.Done()
		s.ln.Close()
	}()
	defer func() {
		s.wg.Wait()
		os.Remove(s.path)
	}()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("control: %w", err)
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serve(ctx, c)
		}()
	}
}

func (s *Server) serve(ctx context.Context, c net.Conn) {
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := bufio.NewReader(io.LimitReader(c, 4096)).ReadString('\n')
	if err != nil {
		return
	}
	_ = c.SetReadDeadline(time.Time{})
	f := strings.Fields(line)
	if len(f) == 0 {
		fmt.Fprintf(c, "error empty request\n")
		return
	}
	s.mu.Lock()
	h := s.handlers[f[0]]
	s.mu.Unlock()
	if h == nil {
		fmt.Fprintf(c, "error unknown request %q\n", f[0])
		return
	}
	// The body is buffered so that a failure can still be reported as an error
	// instead of a truncated answer.
	var body strings.Builder
	if err := h(ctx, f[1:], &body); err != nil {
		fmt.Fprintf(c, "error %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		return
	}
	fmt.Fprintf(c, "ok\n")
	io.WriteString(c, body.String())
}

// ErrNoDaemon means no daemon answers on the socket.
var ErrNoDaemon = errors.New("control: no daemon is listening")

// Call sends one request and returns the body.
func Call(path string, args ...string) ([]byte, error) {
	c, err := net.DialTimeout("unix", path, 5*time.Second)
	if err != nil {
		return nil, fmt.Errorf("%w on %s: %v", ErrNoDaemon, path, err)
	}
	defer c.Close()
	if _, err := fmt.Fprintf(c, "%s\n", strings.Join(args, " ")); err != nil {
		return nil, err
	}
	r := bufio.NewReader(c)
	status, err := r.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("control: no answer: %w", err)
	}
	status = strings.TrimSpace(status)
	if status != "ok" {
		return nil, fmt.Errorf("daemon: %s", strings.TrimPrefix(status, "error "))
	}
	return io.ReadAll(r)
}

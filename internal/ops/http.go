package ops

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"strings"
	"time"
)

// CheckLoopback accepts a host:port whose host is a loopback address
// (127.0.0.0/8, ::1) or "localhost". An empty host (":6060") or 0.0.0.0 would
// listen on every interface.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not host:port (e.g. 127.0.0.1:6060)", addr)
	}
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	ip := net.ParseIP(host)
	switch {
	case ip != nil && ip.IsLoopback():
		return nil
	case host == "" || ip != nil && ip.IsUnspecified():
		return fmt.Errorf("%s listens on every interface, and it has no authentication: use a loopback address (127.0.0.1 or [::1])", addr)
	}
	return fmt.Errorf("%s is not a loopback address, and it has no authentication: use 127.0.0.1 or [::1]", addr)
}

// PprofHandler serves net/http/pprof under /debug/pprof/ on its own mux (not
// http.DefaultServeMux).
func PprofHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// HTTPServer is a small HTTP server bound at once, so that a taken or wrong
// address is an error when the daemon starts, not later.
type HTTPServer struct {
	ln  net.Listener
	srv *http.Server
}

// ListenHTTP binds addr. writeTimeout 0 means none (CPU profiles and traces
// take as long as asked).
func ListenHTTP(addr string, h http.Handler, writeTimeout time.Duration) (*HTTPServer, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return &HTTPServer{ln: ln, srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout: writeTimeout, IdleTimeout: time.Minute}}, nil
}

// Addr is the bound address (with the real port when addr asked for port 0).
func (s *HTTPServer) Addr() string { return s.ln.Addr().String() }

// Close closes the server at once (a no-op after Serve returned).
func (s *HTTPServer) Close() error {
	s.ln.Close()
	return s.srv.Close()
}

// Serve answers until ctx ends, then closes the server (requests under way get
// five seconds to finish).
func (s *HTTPServer) Serve(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.srv.Serve(s.ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.srv.Shutdown(shut); err != nil {
		s.srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

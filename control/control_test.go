package control

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestCallAndErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pbem.db.sock")
	s, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Handle("echo", func(ctx context.Context, args []string, w io.Writer) error {
		_, err := fmt.Fprint(w, strings.Join(args, "+"))
		return err
	})
	s.Handle("fail", func(ctx context.Context, args []string, w io.Writer) error {
		fmt.Fprint(w, "partial")
		return errors.New("no such game")
	})
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _ = s.Serve(ctx) }()

	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("socket mode: %v %v", fi.Mode(), err)
	}
	got, err := Call(path, "echo", "a", "b")
	if err != nil || string(got) != "a+b" {
		t.Fatalf("echo: %q %v", got, err)
	}
	if _, err := Call(path, "fail"); err == nil || !strings.Contains(err.Error(), "no such game") {
		t.Fatalf("fail: %v", err)
	}
	if _, err := Call(path, "nope"); err == nil || !strings.Contains(err.Error(), "unknown request") {
		t.Fatalf("unknown: %v", err)
	}
	cancel()
	wg.Wait()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("socket left behind: %v", err)
	}
	if _, err := Call(path, "echo"); !errors.Is(err, ErrNoDaemon) {
		t.Fatalf("after shutdown: %v", err)
	}
}

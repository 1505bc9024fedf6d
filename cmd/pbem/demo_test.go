package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startDemo runs pbem demo with args until its output contains until, then
// stops it as Ctrl-C does (the context main gives commands ends on SIGINT and
// SIGTERM), and returns its exit code and output.
func startDemo(t *testing.T, until string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb lockedBuffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- m.Run(ctx, append([]string{"demo"}, args...)) }()
	for end := time.Now().Add(time.Minute); !strings.Contains(out.String(), until); time.Sleep(20 * time.Millisecond) {
		select {
		case code := <-done:
			t.Fatalf("demo ended (exit %d) before printing %q:\n%s%s", code, until, out.String(), errb.String())
		default:
		}
		if time.Now().After(end) {
			t.Fatalf("demo did not print %q:\n%s%s", until, out.String(), errb.String())
		}
	}
	cancel()
	select {
	case code := <-done:
		return code, out.String(), errb.String()
	case <-time.After(time.Minute):
		t.Fatalf("demo did not stop when interrupted:\n%s", out.String())
	}
	return 0, "", ""
}

// A person playing gets a minute to change their mind by default, and is told so;
// -change-of-mind sets it, 0 included.
func TestDemoChangeOfMindFlag(t *testing.T) {
	_, out, _ := startDemo(t, "reply to the mails you get", "--play", "csa", "--out", t.TempDir())
	if !strings.Contains(out, "A turn resolves 1m0s after the last orders it waits for arrive") {
		t.Errorf("default delay not told:\n%s", out)
	}
	_, out, _ = startDemo(t, "reply to the mails you get", "--play", "usa", "-change-of-mind", "0", "--out", t.TempDir())
	if !strings.Contains(out, "A turn resolves as soon as the orders it waits for are in.") {
		t.Errorf("-change-of-mind 0 not told:\n%s", out)
	}
	if code, _, errs := run(t, "", "demo", "-change-of-mind", "-1s"); code != exitUsage || !strings.Contains(errs, "-change-of-mind -1s") {
		t.Errorf("negative delay: exit %d %s", code, errs)
	}
}

// The folder of the saved maps and mails is the player's only map when their
// mail client shows none: the demo names it at start and again when it ends,
// also when interrupted (exit 0, as a stopped daemon).
func TestDemoPrintsItsFolder(t *testing.T) {
	for _, args := range [][]string{{"--play", "csa"}, {"--scenario", "antietam"}} {
		code, out, errs := startDemo(t, "\n", args...)
		_, rest, ok := strings.Cut(out, "Maps and mails are saved in:\n  ")
		dir, _, _ := strings.Cut(rest, "\n")
		if !ok || !filepath.IsAbs(dir) {
			t.Fatalf("%q: no folder at start:\n%s", args, out)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			t.Errorf("%q: %s is not a folder: %v", args, dir, err)
		}
		if code != exitOK || errs != "" {
			t.Errorf("%q: interrupted demo: exit %d %s", args, code, errs)
		}
		if !strings.HasSuffix(out, "Stopped. Every mail each player received (.eml, with the maps as .png) is in:\n  "+dir+"\n") {
			t.Errorf("%q: the folder not named on exit:\n%s", args, out)
		}
	}
}

package store

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// crashEnv names the store file when the test binary runs as the crash test's
// child writer.
const crashEnv = "PBEM_STORE_CRASH_WRITER"

// TestHelperWriter is the child process of TestCrashSafety; without crashEnv it
// does nothing. It resolves hour after hour of game "crash", each in one
// Update, and prints "committed N" after each commit returns, until killed.
func TestHelperWriter(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		return
	}
	s, err := Open(path, &Options{Timeout: 10 * time.Second})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	fmt.Println("ready")
	// Bounded, so an orphaned child cannot write for ever.
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		var hour int
		err := s.Update(func(tx *Tx) error {
			g, err := tx.Game("crash")
			if err != nil {
				return err
			}
			hour = g.CurrentHour
			_, err = resolveHour(tx, "crash", hour, 3000)
			return err
		})
		if err != nil {
			fmt.Println("error", err)
			os.Exit(2)
		}
		fmt.Println("committed", hour)
	}
	os.Exit(3)
}

// TestCrashSafety kills a writing child process with SIGKILL at 60 points
// chosen by a seeded generator (some during Open, most while hours are being
// committed) and checks after each kill that the store opens, that every hour
// the child saw committed is there and whole, and that nothing is half there.
func TestCrashSafety(t *testing.T) {
	const kills = 60
	path := filepath.Join(t.TempDir(), "crash.db")
	s, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := testGame("crash")
	g.CurrentHour = 1
	mustCreate(t, s, g)
	s.Close()

	rng := rand.New(rand.NewPCG(1862, 4))
	reported := map[int]bool{}
	maxReported, stored := 0, 0
	for i := 0; i < kills; i++ {
		// One run in five is killed while it opens the store; one in ten
		// only after its first commit, so that the game always moves on.
		fromStart := rng.IntN(5) == 0
		afterCommit := i%10 == 9
		delay := time.Duration(rng.IntN(12000)) * time.Microsecond

		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ready := make(chan struct{})
		var mu sync.Mutex
		var lines []string
		done := make(chan struct{})
		go func() {
			defer close(done)
			sc := bufio.NewScanner(out)
			once := sync.Once{}
			for sc.Scan() {
				mu.Lock()
				lines = append(lines, sc.Text())
				mu.Unlock()
				if sc.Text() == "ready" && !afterCommit || strings.HasPrefix(sc.Text(), "committed") {
					once.Do(func() { close(ready) })
				}
			}
		}()
		if !fromStart || afterCommit {
			select {
			case <-ready:
			case <-time.After(20 * time.Second):
				t.Fatalf("kill %d: child never became ready", i)
			}
		}
		time.Sleep(delay)
		cmd.Process.Signal(syscall.SIGKILL)
		<-done
		cmd.Wait()

		runMax := stored
		for _, l := range lines {
			if strings.HasPrefix(l, "error") {
				t.Fatalf("kill %d: child failed: %s", i, l)
			}
			if n, ok := strings.CutPrefix(l, "committed "); ok {
				h, err := strconv.Atoi(n)
				if err != nil {
					t.Fatalf("child said %q", l)
				}
				if h <= stored {
					t.Fatalf("kill %d: child committed hour %d again (%d were stored)", i, h, stored)
				}
				reported[h] = true
				runMax = max(runMax, h)
			}
		}
		maxReported = max(maxReported, runMax)
		// A kill can cut off at most the one commit the child had not yet
		// reported.
		if stored = checkCrashStore(t, path, reported); stored > runMax+1 {
			t.Fatalf("kill %d: %d hours stored, but this run started from or reported up to %d", i, stored, runMax)
		}
	}
	t.Logf("%d kills, %d hours committed, %d reported", kills, stored, len(reported))
	if stored < kills/10 {
		t.Errorf("only %d hours committed in %d runs: the kills came too early to test much", stored, kills)
	}
}

// checkCrashStore opens the store after a kill and checks it whole. It returns
// the number of hours stored.
func checkCrashStore(t *testing.T, path string, reported map[int]bool) int {
	t.Helper()
	s, err := Open(path, &Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	defer s.Close()
	err = s.db.View(func(btx *bolt.Tx) error {
		for err := range btx.Check() {
			return fmt.Errorf("bbolt consistency check: %w", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var stored int
	err = s.View(func(tx *Tx) error {
		g, err := tx.Game("crash")
		if err != nil {
			return err
		}
		hours, err := tx.HourNumbers("crash")
		if err != nil {
			return err
		}
		stored = len(hours)
		for i, n := range hours {
			if n != i+1 {
				return fmt.Errorf("hours %v are not 1..%d", hours, len(hours))
			}
		}
		if g.CurrentHour != len(hours)+1 {
			return fmt.Errorf("game at hour %d with %d hours stored", g.CurrentHour, len(hours))
		}
		for h := range reported {
			if h > len(hours) {
				return fmt.Errorf("hour %d was reported committed but is lost", h)
			}
		}
		for _, n := range hours {
			h, err := tx.Hour("crash", n)
			if err != nil {
				return err
			}
			whole := h.Resolved() && len(h.Reports) == 3 && len(h.OrderSets) == 2 &&
				len(h.OrderSets["CSA"]) == 1 && len(h.OrderSets["USA"]) == 1 &&
				string(h.StateAtStart) == string(stateOf("crash", n)) &&
				string(h.NextState) == string(stateOf("crash", n+1)) &&
				string(h.Reports[GMReport]) == string(blob(fmt.Sprintf("gm report %d;", n), 3000))
			if !whole {
				return fmt.Errorf("hour %d is not whole", n)
			}
		}
		chain, err := tx.AuditChain("crash")
		if err != nil {
			return err
		}
		if len(chain) != len(hours)+1 {
			return fmt.Errorf("%d audit links for %d hours", len(chain), len(hours))
		}
		for i, r := range chain[1:] {
			if r.Kind != AuditHour || r.Hour != i+1 {
				return fmt.Errorf("audit link %d is %s of hour %d", r.Seq, r.Kind, r.Hour)
			}
		}
		if err := tx.VerifyChain("crash"); err != nil {
			return err
		}
		msgs, err := tx.OutboxMessages("crash")
		if err != nil {
			return err
		}
		if len(msgs) != 3*len(hours) {
			return fmt.Errorf("%d outbox messages for %d hours", len(msgs), len(hours))
		}
		for i, m := range msgs {
			if m.Hour != i/3+1 || m.ID != uint64(i+1) {
				return fmt.Errorf("outbox message %d is for hour %d", m.ID, m.Hour)
			}
		}
		pending, err := tx.PendingOutbox(time.Now().Add(time.Hour), 0)
		if err != nil {
			return err
		}
		if len(pending) != len(msgs) {
			return fmt.Errorf("%d of %d outbox messages are pending", len(pending), len(msgs))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("after kill: %v", err)
	}
	return stored
}

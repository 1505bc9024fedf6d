package shiloh1862

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Parses share the Dictionary's indexes (each makes its own working buffers); the
// daemon may parse several mails at once. Every golden mail parsed in several
// goroutines at the same time must come out exactly as when parsed alone (run with
// -race, as .ci/run does, this also catches a buffer shared between two parses).
func TestParseConcurrently(t *testing.T) {
	d := testNames(t)
	files, err := filepath.Glob(filepath.Join("testdata", "orders", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden mails: %v", err)
	}
	type mail struct {
		text string
		side adjudicator.Side
		want string
	}
	var mails []mail
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		side, _ := adjudicator.ParseSide(strings.SplitN(filepath.Base(f), "-", 2)[0])
		mails = append(mails, mail{string(b), side, goldenOutput(string(b), d, side)})
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(mails))
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 3 * len(mails) {
				m := mails[(k+g*7)%len(mails)]
				if got := goldenOutput(m.text, d, m.side); got != m.want {
					errs <- "a parse run beside others differs from the same parse alone:\n" + got + "\n--- want\n" + m.want
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

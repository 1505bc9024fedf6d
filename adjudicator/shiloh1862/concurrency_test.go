package shiloh1862

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"sync"
	"testing"
)

// hourCase is one hour's input, and what it gave the first time.
type hourCase struct {
	st     *State
	orders [2]*Orders
	seed   []byte
	state  []byte // JSON of the next state
	report []byte // JSON of the report
	checks [2][]byte
}

// result plays c's hour and checks its orders, as JSON.
func (c *hourCase) result(t *testing.T, sc *Scenario) (state, report []byte, checks [2][]byte) {
	t.Helper()
	next, rep, err := ResolveHour(sc, c.st, c.orders, NewStreamDice(c.seed))
	if err != nil {
		t.Fatal(err)
	}
	state, report = mustJSON(t, next), mustJSON(t, rep)
	for _, s := range Sides {
		checks[s.Index()] = mustJSON(t, CheckOrders(sc, KnowledgeOf(sc, c.st, s), c.orders[s.Index()]))
	}
	return
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestConcurrentHoursAgree: hours resolved and checked at the same time, in several
// goroutines, give the same bytes as when each ran alone, and a result once returned
// never changes while other hours run (the server resolves games concurrently; CI
// runs this under the race detector). Each hour's state, report and checks are kept
// as returned, then every hour is played again in four goroutines.
func TestConcurrentHoursAgree(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	rng := rand.New(rand.NewPCG(5, 6))
	var cases []*hourCase
	type kept struct {
		st  *State
		rep *Report
		chk [2][]Check
	}
	var keep []kept
	for i, mode := range []Visibility{VisBlocks, VisDoubleBlind, VisOpen, VisBlocks} {
		st := botHours(t, sc, mode, uint64(40+i))
		for range 3 {
			c := &hourCase{st: st, seed: []byte{byte(len(cases))}}
			c.orders = [2]*Orders{RandomOrdersForTests(sc, ViewOf(sc, st, USA), rng), RandomOrdersForTests(sc, ViewOf(sc, st, CSA), rng)}
			next, rep, err := ResolveHour(sc, st, c.orders, NewStreamDice(c.seed))
			if err != nil {
				t.Fatal(err)
			}
			k := kept{st: next, rep: rep}
			for _, s := range Sides {
				k.chk[s.Index()] = CheckOrders(sc, KnowledgeOf(sc, st, s), c.orders[s.Index()])
				c.checks[s.Index()] = mustJSON(t, k.chk[s.Index()])
			}
			c.state, c.report = mustJSON(t, next), mustJSON(t, rep)
			cases, keep = append(cases, c), append(keep, k)
			st = next
		}
	}
	// Play them all again, concurrently, twice over.
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(cases))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range cases {
				c := cases[(k+g*5)%len(cases)]
				state, report, checks := c.result(t, sc)
				if !bytes.Equal(state, c.state) || !bytes.Equal(report, c.report) ||
					!bytes.Equal(checks[0], c.checks[0]) || !bytes.Equal(checks[1], c.checks[1]) {
					errs <- c.st.Hour.String()
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for h := range errs {
		t.Errorf("hour %s played again gave a different result", h)
	}
	for i, k := range keep {
		c := cases[i]
		if !bytes.Equal(mustJSON(t, k.st), c.state) || !bytes.Equal(mustJSON(t, k.rep), c.report) {
			t.Errorf("case %d: a kept state or report changed after later hours ran", i)
		}
		for _, s := range Sides {
			if !bytes.Equal(mustJSON(t, k.chk[s.Index()]), c.checks[s.Index()]) {
				t.Errorf("case %d: %s's kept checks changed after later hours ran", i, s)
			}
		}
	}
}

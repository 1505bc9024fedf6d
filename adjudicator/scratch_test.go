package adjudicator

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"sync"
	"testing"
)

// TestSlabHandsOutZeros: a piece taken after a reset is zero whatever was written
// into the pieces before, and pieces taken in one hour never overlap.
func TestSlabHandsOutZeros(t *testing.T) {
	var s slab[int]
	a := s.take(5)
	b := s.take(40) // larger than what is left: a new array
	for i := range a {
		a[i] = 7
	}
	for i := range b {
		b[i] = 9
	}
	if cap(a) != 5 || cap(b) != 40 {
		t.Fatalf("pieces not capped: cap %d and %d", cap(a), cap(b))
	}
	c := s.take(3)
	for _, v := range c {
		if v != 0 {
			t.Fatalf("fresh piece in the same hour holds %d", v)
		}
	}
	c[0] = 5
	if b[len(b)-1] != 9 || a[0] != 7 {
		t.Fatal("a later piece overlaps an earlier one")
	}
	s.reset()
	for range 3 {
		p := s.take(len(s.buf))
		for i, v := range p {
			if v != 0 {
				t.Fatalf("after reset, element %d is %d", i, v)
			}
			p[i] = i + 1
		}
		s.reset()
	}
}

// scratchCase is one hour's input, and what it gave the first time.
type scratchCase struct {
	st     *State
	orders [2]*Orders
	seed   []byte
	state  []byte // JSON of the next state
	report []byte // JSON of the report
	checks [2][]byte
}

// result plays c's hour and checks its orders, as JSON.
func (c *scratchCase) result(t *testing.T, sc *Scenario) (state, report []byte, checks [2][]byte) {
	t.Helper()
	next, rep, err := ResolveHour(sc, c.st, c.orders, NewStreamDice(c.seed))
	if err != nil {
		t.Fatal(err)
	}
	state, report = mustJSON(t, next), mustJSON(t, rep)
	for _, s := range Sides {
		checks[s.Index()] = mustJSON(t, CheckOrders(sc, c.st, c.orders[s.Index()]))
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

// TestScratchReuse: the pooled working memory neither leaks into nor changes a
// result (scratch.go). Each hour's state, report and checks are kept as returned,
// then many other hours run (reusing the memory, in several goroutines); the kept
// results must still encode exactly as they did, and each hour played again must
// give the same bytes. A buffer that reached a result would be overwritten by the
// later hours; a buffer handed out dirty would change a replay.
func TestScratchReuse(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	rng := rand.New(rand.NewPCG(5, 6))
	var cases []*scratchCase
	type kept struct {
		st  *State
		rep *Report
		chk [2][]Check
	}
	var keep []kept
	for i, mode := range []Visibility{VisBlocks, VisDoubleBlind, VisOpen, VisBlocks} {
		st := botHours(t, sc, mode, uint64(40+i))
		for range 3 {
			c := &scratchCase{st: st, seed: []byte{byte(len(cases))}}
			c.orders = [2]*Orders{RandomOrders(sc, ViewOf(sc, st, USA), rng), RandomOrders(sc, ViewOf(sc, st, CSA), rng)}
			next, rep, err := ResolveHour(sc, st, c.orders, NewStreamDice(c.seed))
			if err != nil {
				t.Fatal(err)
			}
			k := kept{st: next, rep: rep}
			for _, s := range Sides {
				k.chk[s.Index()] = CheckOrders(sc, st, c.orders[s.Index()])
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

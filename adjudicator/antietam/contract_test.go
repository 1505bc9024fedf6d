package antietam

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// contractOf is the embedded scenario through the contract.
func contractOf(t testing.TB) *Contract {
	t.Helper()
	sc, err := Rules.Scenario("antietam")
	if err != nil {
		t.Fatal(err)
	}
	return sc.(*Contract)
}

// newGameOf is a new game of the embedded scenario in a mode.
func newGameOf(t testing.TB, c *Contract, mode adjudicator.Visibility, optional ...string) *State {
	t.Helper()
	st, err := c.NewState(adjudicator.Options{Visibility: mode, Optional: optional})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// The system and its one scenario as the registry and the operator see them:
// a player-turn per turn unit, only the phasing side sending (4.0, 14.3, 16.4).
func TestSystemThroughTheContract(t *testing.T) {
	if Rules.ID() != "antietam" || Rules.Title() != "Blue & Gray: Antietam (SPI)" {
		t.Errorf("system %q %q", Rules.ID(), Rules.Title())
	}
	if got := Rules.Scenarios(); !slices.Equal(got, []string{"antietam"}) {
		t.Fatalf("scenarios %v", got)
	}
	if _, err := Rules.Scenario("shiloh1862"); err == nil {
		t.Error("another system's scenario was found")
	}
	c := contractOf(t)
	again, _ := Rules.Scenario("antietam")
	if again != adjudicator.Scenario(c) {
		t.Error("the scenario was loaded twice")
	}
	turns := c.Turns()
	if len(turns) != 2*c.sc.OB.Game.Turns {
		t.Fatalf("%d turns for %d game-turns", len(turns), c.sc.OB.Game.Turns)
	}
	for i, tu := range turns {
		if tu.Index != i || len(tu.Senders) != 1 || tu.Senders[0] != tu.Phasing {
			t.Errorf("turn %d: %+v", i, tu)
		}
	}
	if turns[0].Key != "T01-USA" || turns[1].Key != "T01-CSA" || turns[0].Phasing != adjudicator.USA {
		t.Errorf("first turns %+v %+v (14.3: the Union moves first)", turns[0], turns[1])
	}
	if m := c.Modes(); len(m) != 2 || m[0] != ModeOpen || m[1] != ModeDoubleBlind {
		t.Errorf("modes %v: open first, the default", m)
	}
	if !slices.Equal(c.Optional(), OptionalRules()) {
		t.Errorf("optional %v", c.Optional())
	}
	if p := c.Validate(); len(p) > 0 {
		t.Errorf("the embedded data has problems: %v", p)
	}
	if len(c.Board().Labels) == 0 {
		t.Error("the board names no features")
	}
}

func TestNewStateOptions(t *testing.T) {
	c := contractOf(t)
	for name, o := range map[string]adjudicator.Options{
		"sequential":   {Visibility: ModeOpen, Sequential: true},
		"unknown mode": {Visibility: "blocks"},
		"no mode":      {},
		"unknown rule": {Visibility: ModeOpen, Optional: []string{"pond"}},
	} {
		if _, err := c.NewState(o); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	st := newGameOf(t, c, ModeDoubleBlind, OptAttackEffectiveness)
	if st.Mode != ModeDoubleBlind || !st.Uses(OptAttackEffectiveness) {
		t.Errorf("mode %q optional %v", st.Mode, st.Optional)
	}
	b, err := c.EncodeState(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := c.DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := c.EncodeState(back)
	if !bytes.Equal(b, b2) {
		t.Error("the state does not round-trip")
	}
}

// Resolve through the contract: the phasing side's orders are played; the other
// side's moves and attacks are not read, only its standing orders (4.1); nil
// orders hold and the defaults decide (7.11, 7.12).
func TestResolveThroughTheContract(t *testing.T) {
	c := contractOf(t)
	st := newGameOf(t, c, ModeOpen)
	usa := &Orders{Side: adjudicator.USA, Moves: []Move{{Unit: "2/3/I", Path: []HexID{"0908"}}}}
	csa := &Orders{Side: adjudicator.CSA, Moves: []Move{{Unit: "hood", Path: []HexID{"0812"}}}}
	play := func(o [2]adjudicator.Orders) []byte {
		next, rep, err := c.Resolve(st, o, adjudicator.NewStreamDice([]byte("antietam")))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := c.EncodeState(next)
		r, _ := json.Marshal(rep)
		return append(b, r...)
	}
	with := play([2]adjudicator.Orders{usa, csa})
	if !bytes.Equal(with, play([2]adjudicator.Orders{usa, nil})) {
		t.Error("the Confederate's moves changed the Union's player-turn")
	}
	if bytes.Equal(with, play([2]adjudicator.Orders{nil, nil})) {
		t.Error("the Union's move was not played")
	}
	if _, _, err := c.Resolve(st, [2]adjudicator.Orders{csa, nil}, adjudicator.NewStreamDice(nil)); err == nil {
		t.Error("Confederate orders were taken as the Union's")
	}
	b, _ := json.Marshal(usa)
	o, err := c.DecodeOrders(b)
	if err != nil || o.Sender() != adjudicator.USA {
		t.Errorf("orders %v, %v", o, err)
	}
}

// Views and report views through the contract, stored and read back; the side
// not moving is told nothing of the phasing side's orders' fate.
func TestReportViewsStoreAndCut(t *testing.T) {
	c := contractOf(t)
	st := newGameOf(t, c, ModeOpen)
	usa := &Orders{Side: adjudicator.USA, Moves: []Move{{Unit: "2/3/I", Path: []HexID{"0908"}}, {Unit: "hood", Path: []HexID{"0812"}}}}
	next, rep, err := c.Resolve(st, [2]adjudicator.Orders{usa, nil}, adjudicator.NewStreamDice([]byte("x")))
	if err != nil {
		t.Fatal(err)
	}
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
		rv := c.ViewReport(st, rep, next, viewer).(*ReportView)
		if (len(rv.Results) > 0) != (viewer != adjudicator.CSA) {
			t.Errorf("%s sees %d order results", viewer, len(rv.Results))
		}
		if len(rv.Events) != len(rep.(*Report).Events) {
			t.Errorf("%s sees %d of %d events in open play", viewer, len(rv.Events), len(rep.(*Report).Events))
		}
		if rv.After.Turn.Key != "T01-CSA" || rv.ReportFor() != viewer {
			t.Errorf("%s: after %q", viewer, rv.After.Turn.Key)
		}
		b, _ := json.Marshal(rv)
		back, err := c.DecodeReportView(b, c.ReportFormat())
		if err != nil {
			t.Fatal(err)
		}
		b2, _ := json.Marshal(back)
		if !bytes.Equal(b, b2) {
			t.Errorf("%s: the report view does not round-trip", viewer)
		}
	}
	if _, err := c.DecodeReportView([]byte(`{}`), 2); err == nil {
		t.Error("an unknown format was read")
	}
}

// Check reads the side's view: an illegal move is an error with its rule, each
// attack gets its odds, and an attack 7.11 and 7.12 demand that the orders
// leave out is a warning with what the default will do.
func TestCheckFromTheView(t *testing.T) {
	c := contractOf(t)
	st := newGameOf(t, c, ModeOpen)
	// 1/3/I (1008) steps into the Confederate zone of control at 1009 and the
	// attack is left out; 2/3/I's path runs on past it (6.0).
	o := &Orders{Side: adjudicator.USA, Moves: []Move{
		{Unit: "1/3/I", Path: []HexID{"1009"}},
		{Unit: "2/3/I", Path: []HexID{"0908", "1009", "1010"}},
	}}
	checks := c.Check(st, o)
	var errs, defaults []adjudicator.Check
	for _, ch := range checks {
		switch {
		case ch.Status == adjudicator.CheckError:
			errs = append(errs, ch)
		case ch.Order.Kind == "default":
			defaults = append(defaults, ch)
		}
	}
	if len(errs) != 1 || errs[0].Order != (adjudicator.OrderRef{Kind: KindMove, Index: 2}) || errs[0].Why.Code == "" {
		t.Errorf("errors %+v: want move 2 refused", errs)
	}
	if len(defaults) == 0 {
		t.Fatalf("no default attack listed: %+v", checks)
	}
	found := false
	for _, d := range defaults {
		for _, a := range d.Why.Args {
			found = found || a.Key == "attackers" && slices.Contains(a.Strs, "1/3/I")
		}
	}
	if !found {
		t.Errorf("1/3/I's attack is not listed: %+v", defaults)
	}
	// the Confederate's orders in the Union's player-turn: not read
	wait := c.Check(st, &Orders{Side: adjudicator.CSA, Moves: []Move{{Unit: "hood", Path: []HexID{"0812"}}}})
	if len(wait) != 2 || wait[0].Status != adjudicator.CheckWarning || wait[0].Why.Code != "check.not-your-turn" {
		t.Errorf("the waiting side's receipt %+v", wait)
	}
}

package antietam

// This file is the system as the contract sees it (docs/ARCHITECTURE.md §3.7):
// Rules, the one scenario loaded once from the embedded data, and the contract's
// Scenario over it. The rules engine's own methods keep their names and types;
// Contract is a thin wrapper that converts at the boundary, so that the server,
// the templates and render play Antietam without naming this package.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// SystemID is the id games of this system record as their ruleset. It is stored
// in every game, so it never changes.
const SystemID = "antietam"

// Rules is Blue & Gray's Antietam as a rule system of the contract: internal/builtin
// registers it, and every other package reaches it through the registry.
var Rules adjudicator.System = system{}

type system struct{}

func (system) ID() string    { return SystemID }
func (system) Title() string { return "Blue & Gray: Antietam (SPI)" }

// Scenarios is the one scenario the data holds: the battle as the game sets it
// up (14.0).
func (system) Scenarios() []string {
	c, err := embeddedContract()
	if err != nil {
		return nil // the registry refuses a system without scenarios; tests say why
	}
	return []string{c.ID()}
}

func (system) Scenario(id string) (adjudicator.Scenario, error) {
	c, err := embeddedContract()
	if err != nil {
		return nil, err
	}
	if id != c.ID() {
		return nil, fmt.Errorf("antietam: no scenario %q (have %s)", id, c.ID())
	}
	return c, nil
}

// Contract is a loaded scenario seen through the contract. It shares the
// scenario's read-only data; the order grammar is added beside it.
type Contract struct {
	sc    *Scenario
	turns []adjudicator.Turn
}

// NewContract wraps a loaded scenario (the embedded one, or a club's copy) for
// the contract. A scenario without a usable board cannot be played.
func NewContract(sc *Scenario) (*Contract, error) {
	if sc.Board == nil || sc.geo == nil {
		return nil, fmt.Errorf("antietam: scenario %s has no usable board: %s", sc.ID, strings.Join(sc.Validate(), "; "))
	}
	c := &Contract{sc: sc}
	first, _ := side(sc.OB.Game.First)
	for gt := 1; gt <= sc.OB.Game.Turns; gt++ {
		for _, s := range []adjudicator.Side{first, first.Enemy()} {
			c.turns = append(c.turns, (&State{GameTurn: gt, Phasing: s, sc: sc}).Turn())
		}
	}
	return c, nil
}

// Engine is the rules engine's scenario behind the contract's, for tests and
// the system's own tools.
func (c *Contract) Engine() *Scenario { return c.sc }

func (c *Contract) ID() string                { return c.sc.ID }
func (c *Contract) Title() string             { return c.sc.Title }
func (c *Contract) System() string            { return SystemID }
func (c *Contract) Board() *adjudicator.Board { return c.sc.Board }

// Turns are the player-turns in order (4.0, 14.3, 16.4): two a game-turn, only
// the phasing side sending orders.
func (c *Contract) Turns() []adjudicator.Turn { return slices.Clone(c.turns) }

// Modes: counters stand face-up, so open play is the game as printed; double-blind
// is this edition's (view.go).
func (c *Contract) Modes() []adjudicator.Visibility {
	return []adjudicator.Visibility{ModeOpen, ModeDoubleBlind}
}

func (c *Contract) Optional() []string { return OptionalRules() }

// Validate lists the validator's problems, one line each (adjudicator.Validated).
func (c *Contract) Validate() []string { return c.sc.Validate() }

// NewState is the set-up (14.0) in the mode and with the optional rules asked
// for. Sequential play is Shiloh's way of taking turns; Antietam's player-turns
// alternate already, so it is refused.
func (c *Contract) NewState(o adjudicator.Options) (adjudicator.State, error) {
	if o.Sequential {
		return nil, fmt.Errorf("antietam: player-turns alternate already (4.0): there is no sequential play")
	}
	if !slices.Contains(c.Modes(), o.Visibility) {
		return nil, fmt.Errorf("antietam: no visibility %q (have %s, %s)", o.Visibility, ModeOpen, ModeDoubleBlind)
	}
	st, err := c.sc.NewState(o.Optional)
	if err != nil {
		return nil, err
	}
	st.Mode = o.Visibility
	return st, nil
}

func (c *Contract) EncodeState(st adjudicator.State) ([]byte, error) {
	s, err := asState(st)
	if err != nil {
		return nil, err
	}
	return c.sc.EncodeState(s)
}

func (c *Contract) DecodeState(b []byte) (adjudicator.State, error) { return c.sc.DecodeState(b) }

func (c *Contract) DecodeOrders(b []byte) (adjudicator.Orders, error) {
	var o Orders
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, fmt.Errorf("antietam: stored orders: %v", err)
	}
	if o.Side != adjudicator.USA && o.Side != adjudicator.CSA {
		return nil, fmt.Errorf("antietam: stored orders of no side")
	}
	return &o, nil
}

// Resolve plays the phasing side's player-turn: its orders are the moves and
// attacks; the other side's supply only its standing orders (their moves and
// attacks are not read). Nil orders hold, and the defaults decide (7.11, 7.12).
func (c *Contract) Resolve(st adjudicator.State, ord [2]adjudicator.Orders, d adjudicator.Dice) (adjudicator.State, adjudicator.Report, error) {
	s, err := asState(st)
	if err != nil {
		return nil, nil, err
	}
	var o [2]*Orders
	for i := range ord {
		if o[i], err = asOrders(ord[i]); err != nil {
			return nil, nil, err
		}
		if o[i] != nil && o[i].Side != adjudicator.Sides[i] {
			return nil, nil, fmt.Errorf("antietam: orders of %s given as %s's", o[i].Side, adjudicator.Sides[i])
		}
	}
	own, other := o[s.Phasing.Index()], o[s.Phasing.Enemy().Index()]
	if other != nil {
		other = &Orders{Side: other.Side, Standing: other.Standing}
	}
	after, rep, err := c.sc.Resolve(s, own, other, d)
	if err != nil {
		return nil, nil, err
	}
	return after, rep, nil
}

// asState, asOrders, asView and asReportView are this system's values behind
// contract values; another system's are an error. Nil orders and a nil report
// view stay nil (a side that sent none; the first map of a game).
func asState(st adjudicator.State) (*State, error) {
	s, ok := st.(*State)
	if !ok || s == nil {
		return nil, fmt.Errorf("antietam: %T is not an Antietam state", st)
	}
	return s, nil
}

func asOrders(o adjudicator.Orders) (*Orders, error) {
	if o == nil {
		return nil, nil
	}
	x, ok := o.(*Orders)
	if !ok {
		return nil, fmt.Errorf("antietam: %T are not Antietam orders", o)
	}
	return x, nil
}

func asView(v adjudicator.View) (*View, error) {
	x, ok := v.(*View)
	if !ok || x == nil {
		return nil, fmt.Errorf("antietam: %T is not an Antietam view", v)
	}
	return x, nil
}

func asReportView(rv adjudicator.ReportView) (*ReportView, error) {
	if rv == nil {
		return nil, nil
	}
	x, ok := rv.(*ReportView)
	if !ok || x == nil {
		return nil, fmt.Errorf("antietam: %T is not an Antietam report view", rv)
	}
	return x, nil
}

var (
	_ adjudicator.Scenario  = (*Contract)(nil)
	_ adjudicator.Validated = (*Contract)(nil)
)

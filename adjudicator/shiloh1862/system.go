package shiloh1862

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// SystemID is the id games of this system record as their ruleset. It is stored in
// every game, so it never changes.
const SystemID = "shiloh1862"

// Rules is Shiloh 1862 as a rule system of the contract (docs/ARCHITECTURE.md
// §10.1): cmd/pbem registers it, and every other package reaches it through the
// registry.
var Rules adjudicator.System = system{}

type system struct{}

func (system) ID() string          { return SystemID }
func (system) Title() string       { return "Shiloh 1862 (Columbia Games)" }
func (system) Scenarios() []string { return Scenarios() }

func (system) Scenario(id string) (adjudicator.Scenario, error) { return embeddedRules(id) }

// Contract is a loaded scenario seen through the contract: a built-in one, or one
// read from a club's own file (pbem's --scenario-file).
func Contract(sc *Scenario) (adjudicator.Scenario, error) {
	b, err := sc.Map.board(sc.OB)
	if err != nil {
		return nil, err
	}
	return contractScenario{sc, b}, nil
}

// contractScenario is a scenario seen through the contract. It shares the loaded
// scenario's read-only data.
type contractScenario struct {
	sc    *Scenario
	board *adjudicator.Board
}

// Engine returns the Shiloh 1862 scenario behind a contract scenario of this
// system, for the callers that still speak the engine's own types while they move
// onto the contract (docs/ARCHITECTURE.md §11).
func Engine(s adjudicator.Scenario) (*Scenario, error) {
	if c, ok := s.(contractScenario); ok {
		return c.sc, nil
	}
	return nil, errorf("scenario %s is not a %s scenario", s.ID(), SystemID)
}

func (c contractScenario) ID() string     { return c.sc.ID }
func (c contractScenario) Title() string  { return c.sc.Title }
func (c contractScenario) System() string { return SystemID }

func (c contractScenario) Board() *adjudicator.Board { return c.board }

// Validate lists the validator's problems (validate.go), one line each.
func (c contractScenario) Validate() []string {
	var out []string
	for _, p := range Validate(c.sc) {
		out = append(out, p.String())
	}
	return out
}

func (c contractScenario) Turns() []adjudicator.Turn {
	var out []adjudicator.Turn
	for h := c.sc.Start; h <= c.sc.End; h++ {
		out = append(out, h.Turn())
	}
	return out
}

func (c contractScenario) Modes() []adjudicator.Visibility {
	return []adjudicator.Visibility{adjudicator.Visibility(VisBlocks), adjudicator.Visibility(VisDoubleBlind), adjudicator.Visibility(VisOpen)}
}

func (c contractScenario) Optional() []string { return OptionalRules() }

func (c contractScenario) NewState(o adjudicator.Options) (adjudicator.State, error) {
	opts, err := OptionsOf(o)
	if err != nil {
		return nil, err
	}
	return NewState(c.sc, opts)
}

func (c contractScenario) DecodeState(b []byte) (adjudicator.State, error) {
	st, err := UnmarshalState(b)
	if err != nil {
		return nil, err
	}
	if st.Scenario != c.sc.ID {
		return nil, errorf("state of scenario %q read as %q", st.Scenario, c.sc.ID)
	}
	if err := checkState(c.sc, st); err != nil {
		return nil, err
	}
	return st, nil
}

func (c contractScenario) EncodeState(st adjudicator.State) ([]byte, error) {
	s, ok := st.(*State)
	if !ok {
		return nil, errorf("%T is not a %s state", st, SystemID)
	}
	return MarshalState(s)
}

// Turn is the hour as the contract's turn unit: both sides send orders at once
// (2.0), and hour 12 is the night turn (9.2). Its index is the hour itself, so
// stored hours and their dice seeds keep their numbers.
func (h Hour) Turn() adjudicator.Turn {
	return adjudicator.Turn{Index: int(h), Key: h.String(), Senders: []Side{USA, CSA}, Night: h.IsNight()}
}

// Turn is the hour about to be played.
func (st *State) Turn() adjudicator.Turn { return st.Hour.Turn() }

// Outcome is where the game stands: victory points as 8.0 counts them.
func (st *State) Outcome() adjudicator.Outcome {
	return adjudicator.Outcome{Over: st.Over, Winner: st.Winner, Score: st.Points()}
}

// optionalRules names each optional rule as GMs write it in NEWGAME and as games
// store it, with its switch in Options.
var optionalRules = []struct {
	name string
	on   func(*Options) *bool
}{
	{"planned-initiative", func(o *Options) *bool { return &o.PlannedInitiative }}, // 2.1 sidebar
	{"pond", func(o *Options) *bool { return &o.Pond }},                            // 4.2 sidebar
	{"frontline-limits", func(o *Options) *bool { return &o.FrontlineLimits }},     // 5.2 sidebar
	{"flanking", func(o *Options) *bool { return &o.Flanking }},
}

// OptionalRules lists the optional rules' stored names.
func OptionalRules() []string {
	var out []string
	for _, x := range optionalRules {
		out = append(out, x.name)
	}
	return out
}

// SetOptional switches on the optional rule with that name; false if there is none.
func (o *Options) SetOptional(name string) bool {
	for _, x := range optionalRules {
		if x.name == name {
			*x.on(o) = true
			return true
		}
	}
	return false
}

// OptionalNames lists the optional rules switched on, by stored name.
func (o Options) OptionalNames() []string {
	var out []string
	for _, x := range optionalRules {
		if *x.on(&o) {
			out = append(out, x.name)
		}
	}
	return out
}

// OptionsOf reads the contract's options: a mode this system offers and optional
// rules it knows.
func OptionsOf(o adjudicator.Options) (Options, error) {
	opts := Options{Visibility: Visibility(o.Visibility)}
	switch opts.Visibility {
	case VisBlocks, VisDoubleBlind, VisOpen:
	default:
		return opts, errorf("no visibility %q (have %s, %s, %s)", o.Visibility, VisBlocks, VisDoubleBlind, VisOpen)
	}
	for _, name := range o.Optional {
		if !opts.SetOptional(name) {
			return opts, fmt.Errorf("no optional rule %q (have %v)", name, OptionalRules())
		}
	}
	if o.Sequential && opts.PlannedInitiative {
		// Sequential play announces the initiative before orders; the marker
		// choice of Planned Initiative (2.1) is an order.
		return opts, errorf("sequential play announces initiative before orders, so it cannot use Planned Initiative")
	}
	return opts, nil
}

// board is the map as every package may know it: areas with their names and
// aliases, and borders with their terrain (3.35, 3.36) as features; and what the
// printed map shows of them: short names, camps (3.5), landings (9.1), entry roads
// (5.6), the river, the top of each slope and the roads' names (3.4).
func (m *Map) board(ob *OrderOfBattle) (*adjudicator.Board, error) {
	places := make([]adjudicator.Place, 0, len(m.Areas))
	for i := range m.Areas {
		a := &m.Areas[i]
		p := adjudicator.Place{ID: adjudicator.PlaceID(a.ID), Name: a.Name, Aliases: slices.Clone(a.Aliases), Terrain: string(a.Terrain), Water: a.River}
		// Entry areas carry their road's description in parentheses: "Road E
		// (River Road, …)" is printed "Road E".
		if k := strings.Index(a.Name, " ("); k > 0 {
			p.Label = a.Name[:k]
		}
		switch {
		case a.Camp != nil:
			p.Sign = &adjudicator.Sign{Kind: adjudicator.SignCamp, Side: a.Camp.Side, Caption: campCaption(ob, a.Camp)}
		case a.Landing:
			p.Sign = &adjudicator.Sign{Kind: adjudicator.SignLanding}
		case a.Entry != "":
			p.Sign = &adjudicator.Sign{Kind: adjudicator.SignEntry, Side: a.EntrySide, Text: a.Entry}
		}
		places = append(places, p)
	}
	edges := make([]adjudicator.Edge, 0, len(m.Borders))
	for _, b := range m.Borders {
		var f []string
		for _, t := range b.Terrain {
			f = append(f, string(t))
		}
		edges = append(edges, adjudicator.Edge{A: adjudicator.PlaceID(b.A), B: adjudicator.PlaceID(b.B), Features: f, High: adjudicator.PlaceID(b.High)})
	}
	bd, err := adjudicator.NewBoard(m.ID, adjudicator.Areas, places, edges, nil)
	if err != nil {
		return nil, err
	}
	for _, r := range m.Roads {
		rd := adjudicator.Road{ID: string(r.ID), Name: r.Name}
		for _, a := range r.Path {
			rd.Places = append(rd.Places, adjudicator.PlaceID(a))
		}
		bd.Roads = append(bd.Roads, rd)
	}
	return bd, nil
}

// campCaption names a camp after its formation: "Prentiss camp" for a USA
// division's, "Hardee bivouac" for a CSA corps'.
func campCaption(ob *OrderOfBattle, camp *Camp) string {
	kind := "camp"
	if camp.Side == CSA {
		kind = "bivouac"
	}
	if ob != nil {
		if fm := ob.Formation(camp.Formation); fm != nil && fm.Name != "" {
			return fm.Name + " " + kind
		}
	}
	return camp.Side.String() + " " + kind
}

// What the operator's tools ask beyond play (adjudicator/files.go).
var _ adjudicator.Validated = contractScenario{}

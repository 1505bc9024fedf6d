package toysystem

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
	"github.com/shiloh-pbem/pbem/templates/words"
)

const (
	// SystemID is the id games of the toy record as their ruleset.
	SystemID = "toy"
	// ScenarioID is the toy's one scenario.
	ScenarioID = "toy-skirmish"
	// Mode is the one fog-of-war mode: everything on the board is seen.
	Mode adjudicator.Visibility = "open"
)

//go:embed toy.txt
var wording []byte

// The toy's wording is not one of templates/words' embedded files: it is
// registered when the package is loaded, so that templates and render find it
// by the system's id as they find a built-in system's.
func init() {
	if err := words.Register(SystemID, wording); err != nil {
		panic(err)
	}
}

// System is the toy as a rule system of the contract: a test builds a registry
// with it (adjudicator.NewRegistry).
var System adjudicator.System = system{}

type system struct{}

func (system) ID() string          { return SystemID }
func (system) Title() string       { return "Toy skirmish (a test system)" }
func (system) Scenarios() []string { return []string{ScenarioID} }

func (system) Scenario(id string) (adjudicator.Scenario, error) {
	if id != ScenarioID {
		return nil, fmt.Errorf("toy: no scenario %q (have %s)", id, ScenarioID)
	}
	return skirmish, nil
}

// unitData is a unit as the scenario sets it up.
type unitData struct {
	ID    string
	Name  string
	Side  adjudicator.Side
	Start adjudicator.PlaceID
}

// units are the forces, in the order State lists them.
var units = []unitData{
	{"ohio", "1st Ohio", adjudicator.USA, "0101"},
	{"iowa", "2nd Iowa", adjudicator.USA, "0103"},
	{"texas", "3rd Texas", adjudicator.CSA, "0401"},
	{"alabama", "4th Alabama", adjudicator.CSA, "0403"},
}

func unitOf(id string) (unitData, bool) {
	for _, u := range units {
		if u.ID == id {
			return u, true
		}
	}
	return unitData{}, false
}

// gameTurns is how many game-turns the scenario lasts; each is the Union's
// player-turn, then the Confederate's.
const gameTurns = 3

// scenario is the toy's one scenario. It is read-only once built.
type scenario struct {
	board *adjudicator.Board
	turns []adjudicator.Turn
	dict  *orders.Dictionary // the grammar's names: hexes and units
}

var skirmish = newScenario()

func newScenario() *scenario {
	g := &adjudicator.Grid{Kind: adjudicator.Hexes, Cols: 4, Rows: 3, EvenLow: true}
	terrain := map[adjudicator.PlaceID]string{"0202": "town", "0302": "forest", "0303": "forest"}
	alias := map[adjudicator.PlaceID][]string{"0202": {"Mill"}, "0302": {"Round Wood"}}
	var places []adjudicator.Place
	for c := 1; c <= g.Cols; c++ {
		for r := 1; r <= g.Rows; r++ {
			id := adjudicator.Cell(c, r)
			t := terrain[id]
			if t == "" {
				t = "clear"
			}
			places = append(places, adjudicator.Place{ID: id, Name: string(id), Aliases: alias[id], Terrain: t})
		}
	}
	b, err := adjudicator.NewBoard(ScenarioID, adjudicator.Hexes, places, nil, g)
	if err != nil {
		panic(err) // the toy's own data is wrong; its tests catch it
	}
	b.Labels = []adjudicator.Label{{Text: "Mill", Places: []adjudicator.PlaceID{"0202"}},
		{Text: "Round Wood", Places: []adjudicator.PlaceID{"0302", "0303"}}}
	sc := &scenario{board: b}
	for gt := 1; gt <= gameTurns; gt++ {
		for _, side := range adjudicator.Sides {
			sc.turns = append(sc.turns, adjudicator.Turn{Index: len(sc.turns), Key: fmt.Sprintf("T%d-%s", gt, side),
				Senders: []adjudicator.Side{side}, Phasing: side})
		}
	}
	sc.dict = orders.Compile(names{b})
	return sc
}

func (c *scenario) ID() string                      { return ScenarioID }
func (c *scenario) Title() string                   { return "Toy skirmish" }
func (c *scenario) System() string                  { return SystemID }
func (c *scenario) Board() *adjudicator.Board       { return c.board }
func (c *scenario) Turns() []adjudicator.Turn       { return slices.Clone(c.turns) }
func (c *scenario) Modes() []adjudicator.Visibility { return []adjudicator.Visibility{Mode} }
func (c *scenario) Optional() []string              { return nil }

// State is the whole position. Its JSON is what the store keeps: the fields in
// this order, units in the scenario's order, so the same position always encodes
// to the same bytes.
type State struct {
	Scenario string `json:"scenario"`
	// At is the index of the turn unit to play next; once the game is over,
	// the one played last.
	At     int              `json:"turn"`
	Units  []Unit           `json:"units"`
	Over   bool             `json:"over,omitempty"`
	Winner adjudicator.Side `json:"winner,omitempty"`
}

// Unit is where one unit stands: Hex is "" once it is eliminated.
type Unit struct {
	ID  string              `json:"id"`
	Hex adjudicator.PlaceID `json:"hex,omitempty"`
}

func (st *State) Turn() adjudicator.Turn { return skirmish.turns[st.At] }

// Outcome scores each side by its units left on the board.
func (st *State) Outcome() adjudicator.Outcome {
	return adjudicator.Outcome{Over: st.Over, Winner: st.Winner, Score: left(st.Units)}
}

// left counts each side's units on the board.
func left(us []Unit) (n [2]int) {
	for _, u := range us {
		if d, _ := unitOf(u.ID); u.Hex != "" {
			n[d.Side.Index()]++
		}
	}
	return n
}

// Orders are one side's orders for its player-turn.
type Orders struct {
	Side  adjudicator.Side `json:"side"`
	Moves []Move           `json:"moves,omitempty"`
}

// Move is "move <unit> <hex>".
type Move struct {
	Unit string              `json:"unit"`
	To   adjudicator.PlaceID `json:"to"`
}

func (o *Orders) Sender() adjudicator.Side { return o.Side }

func (c *scenario) NewState(o adjudicator.Options) (adjudicator.State, error) {
	if o.Visibility != Mode {
		return nil, fmt.Errorf("toy: no mode %q (have %s)", o.Visibility, Mode)
	}
	if len(o.Optional) > 0 || o.Sequential {
		return nil, fmt.Errorf("toy: no optional rules and no sequential play")
	}
	st := &State{Scenario: ScenarioID}
	for _, u := range units {
		st.Units = append(st.Units, Unit{ID: u.ID, Hex: u.Start})
	}
	return st, nil
}

func (c *scenario) EncodeState(s adjudicator.State) ([]byte, error) {
	st, err := asState(s)
	if err != nil {
		return nil, err
	}
	return json.Marshal(st)
}

// DecodeState reads a stored state and checks that it fits the scenario.
func (c *scenario) DecodeState(b []byte) (adjudicator.State, error) {
	var st State
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("toy: stored state: %v", err)
	}
	if st.Scenario != ScenarioID || st.At < 0 || st.At >= len(c.turns) || len(st.Units) != len(units) {
		return nil, fmt.Errorf("toy: the stored state does not fit %s", ScenarioID)
	}
	for i, u := range st.Units {
		if u.ID != units[i].ID || u.Hex != "" && c.board.Place(u.Hex) == nil {
			return nil, fmt.Errorf("toy: the stored state has unit %q at %q", u.ID, u.Hex)
		}
	}
	return &st, nil
}

func (c *scenario) DecodeOrders(b []byte) (adjudicator.Orders, error) {
	var o Orders
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, fmt.Errorf("toy: stored orders: %v", err)
	}
	return &o, nil
}

func asState(s adjudicator.State) (*State, error) {
	st, ok := s.(*State)
	if !ok || st == nil {
		return nil, fmt.Errorf("toy: %T is not a toy state", s)
	}
	return st, nil
}

func asOrders(o adjudicator.Orders) (*Orders, error) {
	if o == nil {
		return nil, nil
	}
	x, ok := o.(*Orders)
	if !ok {
		return nil, fmt.Errorf("toy: %T are not toy orders", o)
	}
	return x, nil
}

// Event is one thing that happened: a move, or an attack with its die.
type Event struct {
	Code   string              `json:"code"` // "move" or "attack"
	Side   adjudicator.Side    `json:"side"`
	Unit   string              `json:"unit"`
	From   adjudicator.PlaceID `json:"from"`
	To     adjudicator.PlaceID `json:"to"`
	Target string              `json:"target,omitempty"` // the unit attacked
	Die    int                 `json:"die,omitempty"`
	// Eliminated: the attack eliminated Target and the attacker moved in.
	Eliminated bool `json:"eliminated,omitempty"`
}

// Result statuses.
const (
	Done    = "done"    // carried out
	Refused = "refused" // not allowed: Why says why
	Ignored = "ignored" // orders of the side not moving (Kind "orders")
)

// Result is what became of one order, or of a whole order set (Kind "orders").
type Result struct {
	Side   adjudicator.Side `json:"side"`
	Kind   string           `json:"kind"` // "move" or "orders"
	Index  int              `json:"index"`
	Status string           `json:"status"`
	Why    string           `json:"why,omitempty"` // a code of toy.txt
	Move   *Move            `json:"move,omitempty"`
}

// Report is the truth of a played turn unit, for ViewReport to cut.
type Report struct {
	Turn    int
	Events  []Event
	Results []Result
}

func (r *Report) Played() adjudicator.Turn { return skirmish.turns[r.Turn] }

// Resolve plays the phasing side's moves in order. The other side's orders are
// not played: it is not its player-turn.
func (c *scenario) Resolve(s adjudicator.State, ord [2]adjudicator.Orders, d adjudicator.Dice) (adjudicator.State, adjudicator.Report, error) {
	before, err := asState(s)
	if err != nil {
		return nil, nil, err
	}
	if before.Over {
		return nil, nil, fmt.Errorf("toy: the game is over")
	}
	var o [2]*Orders
	for i := range ord {
		if o[i], err = asOrders(ord[i]); err != nil {
			return nil, nil, err
		}
	}
	turn := c.turns[before.At]
	st := &State{Scenario: before.Scenario, At: before.At, Units: slices.Clone(before.Units)}
	rep := &Report{Turn: before.At}
	if other := o[turn.Phasing.Enemy().Index()]; other != nil {
		rep.Results = append(rep.Results, Result{Side: other.Side, Kind: "orders", Status: Ignored, Why: "why.not-your-turn"})
	}
	moved := map[string]bool{}
	if mine := o[turn.Phasing.Index()]; mine != nil {
		for i, m := range mine.Moves {
			res := Result{Side: turn.Phasing, Kind: "move", Index: i, Status: Done, Move: &m}
			if why := c.illegal(st.Units, turn.Phasing, m, moved); why != "" {
				res.Status, res.Why = Refused, why
			} else {
				rep.Events = append(rep.Events, c.play(st, m, d))
				moved[m.Unit] = true
			}
			rep.Results = append(rep.Results, res)
		}
	}
	n := left(st.Units)
	switch {
	case n[0] == 0 || n[1] == 0 || st.At == len(c.turns)-1:
		st.Over = true
		if n[0] != n[1] {
			st.Winner = adjudicator.USA
			if n[1] > n[0] {
				st.Winner = adjudicator.CSA
			}
		}
	default:
		st.At++
	}
	return st, rep, nil
}

// illegal is why a move may not be made from the positions in us ("" when it
// may): the code of toy.txt that says so. Check asks it of the side's view,
// Resolve of the state as the turn goes on.
func (c *scenario) illegal(us []Unit, side adjudicator.Side, m Move, moved map[string]bool) string {
	d, ok := unitOf(m.Unit)
	at := hexOf(us, m.Unit)
	switch {
	case !ok || d.Side != side:
		return "why.not-your-unit"
	case at == "":
		return "why.eliminated"
	case moved[m.Unit]:
		return "why.moved-already"
	case c.board.Place(m.To) == nil || c.board.Grid.Distance(at, m.To) != 1:
		return "why.not-adjacent"
	}
	if u := unitAt(us, m.To); u != "" {
		if d2, _ := unitOf(u); d2.Side == side {
			return "why.own-unit-there"
		}
	}
	return ""
}

// play makes one legal move: into an empty hex, or an attack on the enemy unit
// in it with one die (4 or more: the defender is eliminated and the attacker
// moves in).
func (c *scenario) play(st *State, m Move, d adjudicator.Dice) Event {
	d0, _ := unitOf(m.Unit)
	e := Event{Code: "move", Side: d0.Side, Unit: m.Unit, From: hexOf(st.Units, m.Unit), To: m.To}
	target := unitAt(st.Units, m.To)
	if target == "" {
		setHex(st.Units, m.Unit, m.To)
		return e
	}
	e.Code, e.Target = "attack", target
	e.Die = d.Roll(adjudicator.Say("throw.attack", adjudicator.UnitArg("unit", m.Unit), adjudicator.UnitArg("target", target),
		adjudicator.PlaceArg("place", string(m.To))))
	if e.Die >= 4 {
		e.Eliminated = true
		setHex(st.Units, target, "")
		setHex(st.Units, m.Unit, m.To)
	}
	return e
}

func hexOf(us []Unit, id string) adjudicator.PlaceID {
	for _, u := range us {
		if u.ID == id {
			return u.Hex
		}
	}
	return ""
}

func unitAt(us []Unit, hex adjudicator.PlaceID) string {
	for _, u := range us {
		if u.Hex == hex && hex != "" {
			return u.ID
		}
	}
	return ""
}

func setHex(us []Unit, id string, hex adjudicator.PlaceID) {
	for i := range us {
		if us[i].ID == id {
			us[i].Hex = hex
		}
	}
}

var _ adjudicator.Scenario = skirmish

// Codes are the codes the toy says, with the keys it gives each: toy.txt words
// every one, names no other key and holds nothing unsaid (TestWording).
func Codes() []adjudicator.CodeSpec {
	var specs []adjudicator.CodeSpec
	add := func(keys []string, codes ...string) {
		for _, c := range codes {
			specs = append(specs, adjudicator.CodeSpec{Code: c, Keys: keys})
		}
	}
	add([]string{"unit", "from", "to"}, "move")
	add([]string{"unit", "from", "to", "target", "die"}, "attack.won", "attack.lost")
	add([]string{"place"}, "attack.title")
	add([]string{"unit", "side"}, "loss")
	add([]string{"n"}, "result.done")
	add([]string{"why"}, "result.refused", "result.ignored")
	add([]string{"usa", "csa"}, "points", "record.drawn")
	add([]string{"winner"}, "outcome.won")
	add(nil, "outcome.drawn")
	add(nil, "why.not-toy-orders")
	add([]string{"unit", "target", "place"}, "throw.attack")
	add([]string{"side", "moves", "attacks", "winner"}, "progress", "progress.won", "progress.drawn")
	add([]string{"side"}, "why.not-your-turn", "form.wait", "map.side")
	add([]string{"unit", "to"}, "why.not-your-unit", "why.eliminated", "why.moved-already", "why.not-adjacent", "why.own-unit-there")
	add([]string{"text"}, "form.text")
	add([]string{"typed"}, "parse.not-an-order", "parse.no-unit", "parse.no-hex")
	add(nil, "parse.hint.one-a-line", "parse.move", "parse.hint.move")
	add([]string{"n"}, "orders-count")
	add(nil, "form.edit", "form.how")
	add([]string{"unit", "id", "place", "near"}, "form.unit")
	add([]string{"winner", "usa", "csa"}, "record.won")
	add([]string{"side", "units"}, "record.losses", "record.losses.none")
	add(nil, "summary.no-orders")
	add([]string{"game"}, "summary.chart")
	add([]string{"usa", "csa"}, "chart.totals")
	add([]string{"side"}, "chart.lost")
	add(nil, "map.legend.heading", "map.legend.clear", "map.legend.town", "map.legend.forest", "map.gm", "mode.open",
		"map.score-label", "map.panel.next", "map.panel.eliminated", "map.attack.won", "map.attack.lost", "map.key.unit",
		"map.key.enemy", "map.key.attack", "map.key.move", "map.key.retreat", "map.key.advance", "map.key.changed",
		"map.key.control", "map.key.eliminated")
	add([]string{"turn", "side"}, "map.turn")
	add([]string{"side", "n"}, "map.score")
	add([]string{"units"}, "map.lost")
	add([]string{"die"}, "map.die")
	return specs
}

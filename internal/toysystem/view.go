package toysystem

import (
	"encoding/json"
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// Fog of war is a type boundary (adjudicator.View): the mails and maps are made
// from these types, never from State. The toy's one mode is open, so a view shows
// every unit on the board; what it leaves out is everything else the state may
// come to hold, and a report view leaves out the enemy's orders and what became
// of them.

// View is what one side (NoSide: the GM) sees of a position.
type View struct {
	Viewer adjudicator.Side `json:"viewer"`
	Turn   int              `json:"turn"`
	// Units are the units on the board: the viewer's own first, then the
	// enemy's, each in the scenario's order.
	Units []SeenUnit `json:"units"`
	// Eliminated are the units no longer on the board, in the scenario's order.
	Eliminated []string         `json:"eliminated,omitempty"`
	Over       bool             `json:"over,omitempty"`
	Winner     adjudicator.Side `json:"winner,omitempty"`
	Score      [2]int           `json:"score"`
}

// SeenUnit is a unit on the board as the viewer sees it.
type SeenUnit struct {
	ID   string              `json:"id"`
	Side adjudicator.Side    `json:"side"`
	Hex  adjudicator.PlaceID `json:"hex"`
}

func (v *View) SeenBy() adjudicator.Side   { return v.Viewer }
func (v *View) ViewTurn() adjudicator.Turn { return skirmish.turns[v.Turn] }
func (v *View) outcome() adjudicator.Outcome {
	return adjudicator.Outcome{Over: v.Over, Winner: v.Winner, Score: v.Score}
}

// positions are the view's units as the rules read them (Check).
func (v *View) positions() []Unit {
	var out []Unit
	for _, u := range v.Units {
		out = append(out, Unit{ID: u.ID, Hex: u.Hex})
	}
	return out
}

// ReportView is what one side sees of a played turn unit: every event (the game
// is open), what became of its own orders, and the view at the end.
type ReportView struct {
	Viewer  adjudicator.Side `json:"viewer"`
	Turn    int              `json:"turn"`
	Events  []Event          `json:"events,omitempty"`
	Results []Result         `json:"results,omitempty"`
	After   View             `json:"after"`
}

func (r *ReportView) ReportFor() adjudicator.Side  { return r.Viewer }
func (r *ReportView) ViewAfter() adjudicator.View  { return &r.After }
func (r *ReportView) played() adjudicator.Turn     { return skirmish.turns[r.Turn] }
func (r *ReportView) outcome() adjudicator.Outcome { return r.After.outcome() }
func (r *ReportView) phasing() adjudicator.Side    { return r.played().Phasing }
func (r *ReportView) sees(res Result) bool {
	return r.Viewer == adjudicator.NoSide || res.Side == r.Viewer
}
func (c *scenario) ReportFormat() int               { return 1 }
func asView(v adjudicator.View) (*View, bool)       { x, ok := v.(*View); return x, ok && x != nil }
func asReport(r adjudicator.ReportView) *ReportView { x, _ := r.(*ReportView); return x }

// View cuts a side's view from the state. A state of another system is a
// programming error, not bad input: it panics rather than say too much.
func (c *scenario) View(s adjudicator.State, viewer adjudicator.Side) adjudicator.View {
	st, err := asState(s)
	if err != nil {
		panic(err)
	}
	return c.viewOf(st, viewer)
}

func (c *scenario) viewOf(st *State, viewer adjudicator.Side) *View {
	v := &View{Viewer: viewer, Turn: st.At, Over: st.Over, Winner: st.Winner, Score: left(st.Units)}
	var enemy []SeenUnit
	for _, u := range st.Units {
		d, _ := unitOf(u.ID)
		switch {
		case u.Hex == "":
			v.Eliminated = append(v.Eliminated, u.ID)
		case viewer == adjudicator.NoSide || d.Side == viewer:
			v.Units = append(v.Units, SeenUnit{ID: u.ID, Side: d.Side, Hex: u.Hex})
		default:
			enemy = append(enemy, SeenUnit{ID: u.ID, Side: d.Side, Hex: u.Hex})
		}
	}
	v.Units = append(v.Units, enemy...)
	return v
}

func (c *scenario) ViewReport(before adjudicator.State, r adjudicator.Report, after adjudicator.State, viewer adjudicator.Side) adjudicator.ReportView {
	rep, ok := r.(*Report)
	if !ok {
		panic(fmt.Errorf("toy: %T is not a toy report", r))
	}
	st, err := asState(after)
	if err != nil {
		panic(err)
	}
	rv := &ReportView{Viewer: viewer, Turn: rep.Turn, Events: rep.Events, After: *c.viewOf(st, viewer)}
	for _, res := range rep.Results {
		if rv.sees(res) {
			rv.Results = append(rv.Results, res)
		}
	}
	return rv
}

func (c *scenario) DecodeReportView(b []byte, format int) (adjudicator.ReportView, error) {
	if format != 1 {
		return nil, fmt.Errorf("toy: stored report: format %d is not one this build reads (1)", format)
	}
	var rv ReportView
	if err := json.Unmarshal(b, &rv); err != nil {
		return nil, fmt.Errorf("toy: stored report: %v", err)
	}
	if rv.Turn < 0 || rv.Turn >= len(c.turns) || rv.After.Turn < 0 || rv.After.Turn >= len(c.turns) {
		return nil, fmt.Errorf("toy: stored report of turn %d", rv.Turn)
	}
	return &rv, nil
}

// Check tries each move against the side's own view, as the receipt does: the
// unit must be the side's, on the board and moved once, and the hex next to it.
// Orders of the side not moving are not played at all.
func (c *scenario) Check(s adjudicator.State, o adjudicator.Orders) []adjudicator.Check {
	st, err := asState(s)
	x, err2 := asOrders(o)
	if err != nil || err2 != nil || x == nil {
		return []adjudicator.Check{{Order: adjudicator.OrderRef{Kind: "orders"}, Status: adjudicator.CheckError, Why: adjudicator.Say("why.not-toy-orders")}}
	}
	v := c.viewOf(st, x.Side)
	var out []adjudicator.Check
	if turn := v.ViewTurn(); !turn.Sends(x.Side) {
		// on each move, so that the receipt marks them; on the set when it has none
		why := adjudicator.Say("why.not-your-turn", adjudicator.SideArg("side", turn.Phasing))
		refs := []adjudicator.OrderRef{{Kind: "orders"}}
		if len(x.Moves) > 0 {
			refs = nil
		}
		for i := range x.Moves {
			refs = append(refs, adjudicator.OrderRef{Kind: "move", Index: i})
		}
		for _, ref := range refs {
			out = append(out, adjudicator.Check{Order: ref, Status: adjudicator.CheckError, Rule: "2", Why: why})
		}
		return out
	}
	moved := map[string]bool{}
	for i, m := range x.Moves {
		if code := c.illegal(v.positions(), x.Side, m, moved); code != "" {
			why := adjudicator.Say(code, adjudicator.UnitArg("unit", m.Unit), adjudicator.PlaceArg("to", string(m.To)))
			out = append(out, adjudicator.Check{Order: adjudicator.OrderRef{Kind: "move", Index: i}, Status: adjudicator.CheckError,
				Rule: "3", Why: why})
			continue
		}
		moved[m.Unit] = true
	}
	return out
}

// say words a phrase with toy.txt. A check's Text is the receipt's sentence
// until receipts word Why themselves (docs/ARCHITECTURE.md §11 step 17); then
// only Why stays.
func (c *scenario) say(p adjudicator.Phrase) string {
	w, err := words.For(SystemID)
	if err != nil {
		return p.Code
	}
	return w.Say(p, c)
}

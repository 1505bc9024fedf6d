package shiloh1862

import (
	"encoding/json"
	"sort"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// ResolveHour plays one hour: initiative (2.1), Player 1's then Player 2's command and
// movement (5.0), battles (6.0), supply (7.0), and at 6PM victory (8.0); the night
// turn follows 9.2. orders is indexed by Side.Index(); a nil entry means the side sent
// no orders (NMR) and is played by its standing defaults. The input state and orders
// are never modified. The error is non-nil only for corrupt input.
func ResolveHour(sc *Scenario, st *State, orders [2]*Orders, d Dice) (*State, *Report, error) {
	loc := make([]int, len(st.Blocks))
	err := locate(sc, st, loc)
	if err == nil && st.Over {
		err = errorf("the game is over (%s)", st.Hour)
	}
	if err == nil && st.playerTwo != NoSide {
		err = errorf("a position between the turns of %s is not resolved", st.Hour)
	}
	if err != nil {
		return nil, nil, err
	}
	h := newHourOwning(sc, st.Clone(), orders, d, false, loc)
	h.play()
	// As before the preallocations: an empty list encodes as null.
	if len(h.rep.Results) == 0 {
		h.rep.Results = nil
	}
	if len(h.rep.Throws) == 0 {
		h.rep.Throws = nil
	}
	return h.st, h.rep, nil
}

// hour is the working context of one ResolveHour call. Each rules chapter adds its
// methods in its own file.
type hour struct {
	sc *Scenario
	st *State
	// events is where the hour's events go: the report (recordEvents), or for a
	// check the supply events only, which its supply plan reads (supplyEvents).
	events eventSink
	// ownTurnOnly: a check plays its side's turn alone, so the enemy's stand-ins
	// are not pinned (pinDefenders).
	ownTurnOnly bool
	ord         [2]*Orders
	d           loggingDice
	rep         *Report

	p1 Side

	// moveCount counts blocks that crossed each border in the current movement
	// phase (3.32), by crossing (mapEdge.id: one per border and direction).
	moveCount []int16
	// moved marks blocks that moved this player turn (5.3: once per turn), by block
	// index.
	moved []bool
	// battles lists battles created this hour, in the order they began.
	battles []*battle
	// mv is movement state shared by both player turns (movement.go).
	mv moveCtx

	// Scratch buffers of the command solver, reused so that range checks do not
	// allocate (command.go): occupancy bits, search frontiers, one reach.
	occBuf []uint8
	// occN counts blocks on the map per side (Side.Index()) per area index
	// (occupancy.go).
	occN [2][]int16
	// occVer counts, per side, the times an area's occupancy bit of that side
	// changed (its count went to or from zero): a cached command reach, which
	// depends only on where the enemy stands, is valid while the enemy's stays.
	occVer   [2]int
	occBufOK int // the occVer sum occBuf was built for, plus one (0: never built)
	// loc is each block's area index (by index in st.Blocks), -1 when off the map.
	loc     []int
	rch     reacher
	candBuf []int
	lossBuf []lossCand // strongestWhy's and lossCands'
}

// battle is a contested area waiting to be fought (6.1).
type battle struct {
	Area     AreaID
	Attacker Side
	// Entries records blocks that entered the area this hour: by which border (From;
	// empty for an off-board arrival, 5.6) and whether as reserves (6.5).
	Entries []battleEntry
}

type battleEntry struct {
	Block   BlockID
	Side    Side
	From    AreaID
	Reserve bool
}

// newHour is an hour on a copy of st, as tests build one (ResolveHour passes the
// area indexes its state check found).
func newHour(sc *Scenario, st *State, orders [2]*Orders, d Dice) *hour {
	return newHourOwning(sc, st.Clone(), orders, d, false, nil)
}

// newCheckHour is the hour CheckOrders plays: st is the caller's own copy, and no
// battle is fought.
func newCheckHour(sc *Scenario, st *State, orders [2]*Orders, d Dice, loc []int) *hour {
	return newHourOwning(sc, st, orders, d, true, loc)
}

// newHourOwning builds the hour's working context on st itself, which must fit sc
// (checkState). loc,
// when not nil, holds each block's area index as locate found it, and becomes the
// hour's h.loc.
func newHourOwning(sc *Scenario, st *State, orders [2]*Orders, d Dice, check bool, loc []int) *hour {
	h := &hour{sc: sc, st: st, rep: &Report{Hour: st.Hour}, ownTurnOnly: check}
	h.events = recordEvents{h.rep}
	if check {
		h.events = &supplyEvents{rep: h.rep}
	}
	h.moveCount = make([]int16, sc.Map.nEdges)
	h.moved = make([]bool, len(st.Blocks))
	// About one result per order, and a few for standing orders.
	res := 16
	for _, o := range orders {
		if o != nil {
			res += len(o.Moves) + len(o.Activate) + len(o.Battles) + len(o.Doctrine) + len(o.Regroup) + len(o.Supply)
		}
	}
	h.rep.Results = make([]Result, 0, res)
	h.d = loggingDice{d: d, log: &h.rep.Throws}
	for _, s := range Sides {
		o := orders[s.Index()]
		if o == nil {
			o = &Orders{Side: s}
		}
		h.ord[s.Index()] = o
	}
	h.initOcc(loc)
	if !check {
		h.rep.Events = make([]Event, 0, h.eventRoom()) // grown once, not event by event
	}
	return h
}

// eventRoom estimates how many events the hour will write: about three per block
// ordered to move (the move, then its fire and the hits it takes). Orders that fail
// write less; an estimate only, the list grows if needed. (Counting attacks and
// defenders instead fitted the busiest hours no better and overshot more for orders
// that mostly fail.)
func (h *hour) eventRoom() int {
	n := 32
	for _, o := range h.ord {
		for _, m := range o.Moves {
			n += 3 * len(m.Blocks)
		}
	}
	return n
}

// play runs the phases of the hour in order.
func (h *hour) play() {
	h.initiative()
	p2 := h.p1.Enemy()
	h.playerTurn(h.p1)
	h.playerTurn(p2)
	if h.st.Hour.IsNight() {
		h.nightFire()
	} else {
		h.fightBattles()
	}
	h.supplyPhase()
	h.lossesResults()
	h.endOfHour()
}

// lossesResults answers loss-order entries that name no block of the side as Invalid
// (6.6); the valid entries are standing preferences and get no result of their own.
// Indexes count LossesFirst then LossesLast, as the receipts do.
func (h *hour) lossesResults() {
	for _, s := range Sides {
		o := h.orders(s)
		for i, id := range append(append([]BlockID(nil), o.LossesFirst...), o.LossesLast...) {
			if h.sideOf(id) != s {
				h.result(Result{Side: s, Order: OrderRef{Kind: "losses", Index: i}, Status: Invalid, Rule: "6.6",
					Why: adjudicator.Say("why.not-your-block", h.blockArg("block", id)), Blocks: []BlockID{id}})
			}
		}
	}
}

// orders returns a side's orders for the hour (never nil).
func (h *hour) orders(s Side) *Orders { return h.ord[s.Index()] }

// event writes an event, numbered where it is kept.
func (h *hour) event(e Event) {
	p := h.events.slot(e.Kind)
	e.Seq = p.Seq
	*p = e
}

// newEvent returns a zero event of kind k, numbered where it is kept, to be filled
// in place.
func (h *hour) newEvent(k EventKind) *Event { return h.events.slot(k) }

// eventSink is where an hour's events go.
type eventSink interface {
	// slot returns a new zero event of kind k, with its Seq when it is kept.
	slot(k EventKind) *Event
}

// recordEvents keeps every event in the report, in order.
type recordEvents struct{ rep *Report }

func (r recordEvents) slot(k EventKind) *Event {
	r.rep.Events = append(r.rep.Events, Event{Seq: len(r.rep.Events) + 1, Kind: k})
	return &r.rep.Events[len(r.rep.Events)-1]
}

// supplyEvents keeps a check's supply events, which its supply plan reads
// (supplyPlan); any other event is written once and forgotten, with Seq 0, which
// no kept event has, so undoing a move drops nothing kept.
type supplyEvents struct {
	rep     *Report
	discard Event
}

func (s *supplyEvents) slot(k EventKind) *Event {
	if k != EvSupply {
		s.discard = Event{Kind: k}
		return &s.discard
	}
	return recordEvents{s.rep}.slot(k)
}

// result records what became of an order.
func (h *hour) result(r Result) { h.rep.Results = append(h.rep.Results, r) }

// bix returns a block's index in st.Blocks, or -1. The hour's state lists the
// order of battle's blocks in its order (checkState), so the OB's index serves.
func (h *hour) bix(id BlockID) int {
	if i, ok := h.sc.OB.blockIndex[id]; ok {
		return i
	}
	return -1
}

// block returns a block's state, or nil.
func (h *hour) block(id BlockID) *BlockState {
	if i := h.bix(id); i >= 0 {
		return &h.st.Blocks[i]
	}
	return nil
}

// spec returns a block's OB card, or nil.
func (h *hour) spec(id BlockID) *BlockSpec {
	if i := h.bix(id); i >= 0 {
		return &h.sc.OB.Blocks[i]
	}
	return nil
}

// specAt is the OB card of the block with index i in st.Blocks.
func (h *hour) specAt(i int) *BlockSpec { return &h.sc.OB.Blocks[i] }

// sideOf returns the side that owns a block.
func (h *hour) sideOf(id BlockID) Side {
	if s := h.spec(id); s != nil {
		return s.Side
	}
	return NoSide
}

// Clone returns a deep copy of the state.
func (st *State) Clone() *State {
	c := st.cloneWithout()
	c.ArmyCommand = append([]ArmyCommand(nil), st.ArmyCommand...)
	c.Sightings = append([]Sighting(nil), st.Sightings...)
	return c
}

// cloneWithout is a deep copy of the state without its army commands and sightings
// (left nil), for a copy that filters or drops those itself (CheckOrders' believed
// state). Every other slice is copied here, so that a new field is added once.
func (st *State) cloneWithout() *State {
	c := *st
	c.Blocks = append([]BlockState(nil), st.Blocks...)
	c.Losses = append([]Loss(nil), st.Losses...)
	c.CampsCaptured = append([]AreaID(nil), st.CampsCaptured...)
	c.ArrivalsDone = append([]string(nil), st.ArrivalsDone...)
	c.ArrivalChoices = append([]ArrivalChoice(nil), st.ArrivalChoices...)
	c.ArmyCommand, c.Sightings = nil, nil
	return &c
}

// Block returns the state of a block, or nil. Blocks are sorted by id.
func (st *State) Block(id BlockID) *BlockState {
	i := sort.Search(len(st.Blocks), func(i int) bool { return st.Blocks[i].ID >= id })
	if i < len(st.Blocks) && st.Blocks[i].ID == id {
		return &st.Blocks[i]
	}
	return nil
}

// BlocksIn returns the ids of a side's blocks on the map in an area, sorted by id;
// side NoSide returns both sides'.
func (st *State) BlocksIn(sc *Scenario, a AreaID, side Side) []BlockID {
	var out []BlockID
	for i := range st.Blocks {
		b := &st.Blocks[i]
		if b.Where != OnMap || b.Area != a {
			continue
		}
		if side != NoSide && st.specAt(sc, i).Side != side {
			continue
		}
		out = append(out, b.ID)
	}
	return out
}

// pending lists the blocks of ids still waiting off the map to arrive (an arrival
// group's, 5.6), in ids' order.
func (st *State) pending(ids []BlockID) []BlockID {
	var out []BlockID
	for _, id := range ids {
		if b := st.Block(id); b != nil && b.Where == Pending {
			out = append(out, id)
		}
	}
	return out
}

// blockAt is the state of the block with index i in the order of battle: by index
// when the state is aligned with it (as checkState demands), else by id.
func (st *State) blockAt(sc *Scenario, i int) *BlockState {
	if len(st.Blocks) == len(sc.OB.Blocks) && sc.OB.Blocks[i].ID == st.Blocks[i].ID {
		return &st.Blocks[i]
	}
	return st.Block(sc.OB.Blocks[i].ID)
}

// specAt is the card of st.Blocks[i]: found by position when the state lists the
// OB's blocks in the OB's order (it always does once loaded), else by id.
func (st *State) specAt(sc *Scenario, i int) *BlockSpec {
	if len(st.Blocks) == len(sc.OB.Blocks) && sc.OB.Blocks[i].ID == st.Blocks[i].ID {
		return &sc.OB.Blocks[i]
	}
	return sc.OB.Block(st.Blocks[i].ID)
}

// Control returns the area's control (5.1): the side holding it alone; NoSide and
// contested=true when both sides are there; NoSide and false when it is vacant.
func (st *State) Control(sc *Scenario, a AreaID) (side Side, contested bool) {
	var has [2]bool
	for i := range st.Blocks {
		if b := &st.Blocks[i]; b.Where == OnMap && b.Area == a {
			has[st.specAt(sc, i).Side.Index()] = true
		}
	}
	switch {
	case has[0] && has[1]:
		return NoSide, true
	case has[0]:
		return USA, false
	case has[1]:
		return CSA, false
	}
	return NoSide, false
}

// Points returns victory points per side, index Side.Index(): each enemy block
// eliminated and each enemy Fallen HQ marker is one VP (8.0, 6.91).
func (st *State) Points() [2]int {
	var p [2]int
	for _, l := range st.Losses {
		p[l.Side.Enemy().Index()]++
	}
	return p
}

// checkState verifies that a state fits its scenario: every OB block exactly once,
// sorted, in a place that exists, with a sane strength.
func checkState(sc *Scenario, st *State) error { return locate(sc, st, nil) }

// locate is checkState that also writes each block's area index into loc (when loc
// is not nil): -1 off the map. The hour's occupancy index starts from it (initOcc),
// so the areas are looked up once.
func locate(sc *Scenario, st *State, loc []int) error {
	if sc == nil || sc.Map == nil || sc.OB == nil {
		return errorf("no scenario")
	}
	if st == nil {
		return errorf("no state")
	}
	if st.Scenario != "" && st.Scenario != sc.ID {
		return errorf("state is for scenario %q, not %q", st.Scenario, sc.ID)
	}
	if st.Hour < sc.Start || st.Hour > sc.End {
		return errorf("hour %s is outside scenario %s", st.Hour, sc.ID)
	}
	if len(st.Blocks) != len(sc.OB.Blocks) {
		return errorf("state has %d blocks, the order of battle %d", len(st.Blocks), len(sc.OB.Blocks))
	}
	for i, b := range st.Blocks {
		if b.ID != sc.OB.Blocks[i].ID {
			return errorf("state block %d is %q, want %q (blocks sorted by id, one per OB block)", i, b.ID, sc.OB.Blocks[i].ID)
		}
		ai := -1
		if b.Where == OnMap {
			if ai = sc.Map.aix(b.Area); ai < 0 {
				return errorf("block %s stands in unknown area %q", b.ID, b.Area)
			}
		}
		if loc != nil {
			loc[i] = ai
		}
		if b.Strength < 0 || b.Strength > b.Max {
			return errorf("block %s has strength %d outside 0..%d", b.ID, b.Strength, b.Max)
		}
	}
	return nil
}

// MarshalState encodes a state in its stable JSON form (docs/STATE.md).
func MarshalState(st *State) ([]byte, error) { return json.MarshalIndent(st, "", "  ") }

// UnmarshalState decodes a state.
func UnmarshalState(b []byte) (*State, error) {
	var st State
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, errorf("bad state: %v", err)
	}
	return &st, nil
}

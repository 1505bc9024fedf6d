package shiloh1862

import (
	"slices"
	"sort"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file implements a player turn of the movement phase: off-board arrivals (5.6,
// 5.61, 9.1), command (command.go), movement (5.3) with road movement (5.31), the
// terrain limits (3.31 stacking, 3.32 move limits, 3.33 battle limits), artillery on
// roads (4.24), off-board moves (3.6), the move intents of the email game (DESIGN
// §2.5), pinning (5.4), Player 2's reinforcements (5.5), night movement (9.2.1) and
// the optional Frontline Limits (rules sidebar p4).

// OffBoard is the Path entry of a move that leaves the map from an entry-road area
// (3.6): the block is shattered and counts as a VP for the enemy.
const OffBoard AreaID = "offboard"

// moveCtx is movement state that lives across both player turns of an hour.
type moveCtx struct {
	// pinned blocks cannot move this hour (5.4).
	pinned map[BlockID]bool
	// campBonus is the CSA's camp supply bonus earned this hour (7.2).
	campBonus int
	// commands records which HQ commanded each executed move (CheckOrders only).
	commands []CommandAssignment
	// ordersUsed marks landing and hold orders that applied this turn (lookups only).
	ordersUsed map[string]bool
	// held gives why a pending block stayed off the map this turn (lookups only).
	held map[BlockID]reason
	// lost marks blocks eliminated during movement this hour (lookups only).
	lost map[BlockID]bool
	// arrivedNow gives the arrival group of blocks placed this turn (lookups only).
	arrivedNow map[BlockID]string
}

// turn is one player's command and movement (2.2).
type turn struct {
	side   Side
	p2     bool
	active []*activeHQ
	// byID is active's indexes in order of HQ id (activeByID).
	byID []int
	// frontline areas at the start of the turn (optional Frontline Limits).
	frontline map[AreaID]bool
	// battleCount counts blocks entering enemy or contested areas per crossing
	// (3.33), by mapEdge.id.
	battleCount []int16
	// log holds the moves made, for undoing overstacking (3.31).
	log []*moveRecord
	// consumed marks move items already settled by the arrivals step.
	consumed map[[2]int]bool
	out      []*moveOutcome
	recs     []moveRecord // slab for newRecord
}

// newRecord returns a fresh move record from the turn's slab (records are never
// freed during a turn, and a slab keeps them from costing one allocation each).
func (t *turn) newRecord() *moveRecord {
	if len(t.recs) == cap(t.recs) {
		t.recs = make([]moveRecord, 0, 16)
	}
	t.recs = t.recs[:len(t.recs)+1]
	return &t.recs[len(t.recs)-1]
}

func (t *turn) activeIndex(id BlockID) int {
	for i, a := range t.active {
		if a.id == id {
			return i
		}
	}
	return -1
}

// moveItem is one block of one move order.
type moveItem struct {
	move  int // index in Orders.Moves
	pos   int // index in Move.Blocks
	block BlockID
	bi    int // the block's index in State.Blocks
	dest  int // the index in Map.Areas of where the move ends (-1: off the map)
	// needsCommand: not an HQ nor a gunboat (HQs move without command, 5.2; gunboats
	// attack without command, 4.25).
	needsCommand bool
	need         action // what the solver assumed the move will be
	cands        []int
	hq           int
}

// moveRecord is a move carried out this turn.
type moveRecord struct {
	item     *moveItem
	from, to AreaID
	// crossed are the crossings made (mapEdge.id), cross[:ncross]: one, or two
	// for a road move.
	cross  [2]int
	ncross int
	battle bool // counted against battle limits
	hq     BlockID
	seq    int // the EvMove event
	undone bool
}

// moveOutcome collects what became of one move order's blocks.
type moveOutcome struct {
	went   []BlockID
	failed []blockFailure
}

type blockFailure struct {
	block  BlockID
	status Status
	rule   string
	why    reason
}

// playerTurn runs one player's arrivals, command and movement (2.2, 5.0-5.6).
func (h *hour) playerTurn(s Side) {
	if h.mv.pinned == nil {
		h.mv.pinned = map[BlockID]bool{}
	}
	o := h.orders(s)
	t := &turn{
		side:        s,
		p2:          s != h.p1,
		frontline:   map[AreaID]bool{},
		battleCount: make([]int16, h.sc.Map.nEdges),
		consumed:    map[[2]int]bool{},
		out:         make([]*moveOutcome, len(o.Moves)),
	}
	// The outcomes are working records: a result copies out what it reports (a
	// "went" list is fresh memory of its own, see moveItems).
	outs := make([]moveOutcome, len(t.out))
	for i := range t.out {
		t.out[i] = &outs[i]
	}
	// Move limits count per player turn (3.32; docs/ENGINE.md), and a block moves once
	// per player turn (5.3).
	clear(h.moveCount)
	clear(h.moved)

	h.deployArrivals(t)
	if h.st.Options.FrontlineLimits {
		h.markFrontline(t)
	}
	h.activateHQs(t)
	items := h.moveItems(t)
	h.solveCommand(t, items)
	isActive := func(id BlockID) bool { return t.activeIndex(id) >= 0 }
	for _, it := range items {
		if !isActive(it.block) {
			h.execItem(t, it)
		}
	}
	h.reduceActiveHQs(t)
	// Active HQs move after the moves they commanded (5.2).
	for _, it := range items {
		if isActive(it.block) {
			h.execItem(t, it)
		}
	}
	h.enforceStacking(t)
	h.moveResults(t)
	if !t.p2 {
		h.pinDefenders(t)
	} else {
		h.pruneBattles()
	}
	h.noteCamps()
}

// moveItems splits the side's move orders into one item per block, reporting orders
// that are not understood (unknown names, malformed paths) as Invalid.
func (h *hour) moveItems(t *turn) []*moveItem {
	o := h.orders(t.side)
	var items []*moveItem
	n := 0
	for _, m := range o.Moves {
		n += len(m.Blocks)
	}
	// Items, records and the log are made once for n blocks and never grown past
	// it, so pointers into them stay valid. Each move's list of blocks that went is
	// a window of one array: those lists become results' block lists.
	slab := make([]moveItem, 0, n)
	wentSlab := make([]BlockID, n)
	items = make([]*moveItem, 0, n)
	t.log = make([]*moveRecord, 0, n)
	t.recs = make([]moveRecord, 0, n)
	off := 0
	for mi, m := range o.Moves {
		out := t.out[mi]
		out.went = append(wentSlab[off:off:off+len(m.Blocks)], out.went...) // arrivals may have gone already
		off += len(m.Blocks)
		bad, dest := h.badPath(m)
		if !none(bad) {
			for _, id := range m.Blocks {
				out.failed = append(out.failed, blockFailure{id, Invalid, "5.3", bad})
			}
			if len(m.Blocks) == 0 {
				out.failed = append(out.failed, blockFailure{"", Invalid, "5.3", bad})
			}
			continue
		}
		if len(m.Blocks) == 0 {
			out.failed = append(out.failed, blockFailure{"", Invalid, "5.3", because("why.no-blocks")})
			continue
		}
		// What the move will probably be, and where it ends: the same for each of its
		// blocks (nothing moves while the items are made).
		need := h.expectedAction(t, m, dest)
		for pos, id := range m.Blocks {
			if t.consumed[[2]int{mi, pos}] {
				continue
			}
			bi := h.bix(id)
			var spec *BlockSpec
			if bi >= 0 {
				spec = h.specAt(bi)
			}
			if spec == nil || spec.Side != t.side {
				out.failed = append(out.failed, blockFailure{id, Invalid, "5.3", notYours(id)})
				continue
			}
			if containsBlock(m.Blocks[:pos], id) {
				continue
			}
			slab = append(slab, moveItem{move: mi, pos: pos, block: id, bi: bi, dest: dest, hq: -1,
				needsCommand: !spec.IsHQ() && spec.Type != Gunboat, need: need})
			items = append(items, &slab[len(slab)-1])
		}
	}
	return items
}

// badPath explains a path that is not understood, or returns "".
// For a path it understands it also returns the index in Map.Areas of where the move
// ends (-1 off the map).
func (h *hour) badPath(m Move) (reason, int) {
	switch {
	case len(m.Path) == 0:
		return because("why.no-destination"), -1
	case len(m.Path) > 2:
		return because("why.path-too-long"), -1
	}
	dest := -1
	for i, a := range m.Path {
		if a == "" && i == 0 && len(m.Path) == 2 {
			continue // a road move naming only its end: the middle is found on the map
		}
		if a == OffBoard {
			if len(m.Path) != 1 {
				return because("why.off-map-straight"), -1
			}
			continue
		}
		ai := h.sc.Map.aix(a)
		if ai < 0 {
			return unknownArea(a), -1
		}
		dest = ai // the last area named is the end
	}
	if m.From != "" && h.sc.Map.aix(m.From) < 0 {
		return unknownArea(m.From), -1
	}
	return reason{}, dest
}

// expectedAction is what a move will probably be, judged at the start of the turn, so
// that the command solver asks for the right kind of command. di is the index of
// where it ends (badPath).
func (h *hour) expectedAction(t *turn, m Move, di int) action {
	dest := m.Path[len(m.Path)-1]
	if dest == OffBoard {
		return actMove
	}
	c, contested := h.controlAt(di, dest)
	switch m.Intent {
	case IntentAttack:
		if c == t.side.Enemy() {
			return actAttack
		}
		if contested {
			if b := h.battleIn(dest); b != nil && b.Attacker != t.side && t.p2 {
				return actReinforce
			}
			return actAttack
		}
	case IntentReinforce:
		if contested && t.p2 {
			return actReinforce
		}
	}
	return actMove
}

// battleIn returns the battle record of an area, or nil.
func (h *hour) battleIn(a AreaID) *battle {
	for _, b := range h.battles {
		if b.Area == a {
			return b
		}
	}
	return nil
}

// fail records that one block of a move order did not go.
func (t *turn) fail(it *moveItem, st Status, rule string, why reason) {
	out := t.out[it.move]
	out.failed = append(out.failed, blockFailure{it.block, st, rule, why})
}

// execItem carries out one block's move, or records why not.
func (h *hour) execItem(t *turn, it *moveItem) {
	m := h.orders(t.side).Moves[it.move]
	spec := h.specAt(it.bi)
	b := &h.st.Blocks[it.bi]
	unit := unitArg("unit", it.block)
	if h.moved[it.bi] {
		t.fail(it, Illegal, "5.3", because("why.moved-already", unit))
		return
	}
	if b.Where != OnMap {
		why := offMap(spec, b.Where)
		if b.Where == Pending {
			if held := h.mv.held[it.block]; !none(held) {
				t.fail(it, Dropped, "5.6", held)
				return
			}
			why = because("why.not-arrived", unit)
		}
		st := Illegal
		if h.mv.lost[it.block] {
			st = Dropped // eliminated earlier this hour (straggling, off the map)
		}
		t.fail(it, st, "5.3", why)
		return
	}
	from := b.Area
	if m.From != "" && m.From != from {
		t.fail(it, Illegal, "5.3", because("why.elsewhere", unit, placeArg("at", from), placeArg("from", m.From)))
		return
	}
	if spec.Type == Gunboat {
		h.gunboatOrder(t, it, m)
		return
	}
	if h.mv.pinned[it.block] {
		t.fail(it, Dropped, "5.4", because("why.pinned", unit, placeArg("place", from)))
		return
	}
	dest := m.Path[len(m.Path)-1]
	if dest == OffBoard {
		h.moveOffBoard(t, it, from)
		return
	}
	road := len(m.Path) == 2
	if road && m.Path[0] == "" {
		mid, why := h.roadMiddle(from, dest)
		if mid == "" {
			t.fail(it, Illegal, "5.31", why)
			return
		}
		m.Path = []AreaID{mid, dest} // m is this call's copy; the orders are not touched
	}
	// Geometry: adjacency, one road for a two-area move (5.31), passable borders.
	var stepBuf [3]AreaID
	steps := append(append(stepBuf[:0], from), m.Path...)
	var edges [2]*mapEdge // the crossings made
	if road {
		if why := h.roadMoveProblem(from, m.Path[0], m.Path[1]); !none(why) {
			t.fail(it, Illegal, "5.31", why)
			return
		}
		for i := 0; i+1 < len(steps); i++ {
			edges[i] = h.sc.Map.crossing(steps[i], steps[i+1])
		}
	} else {
		// The common case, by index: the block's area is known to the index.
		edges[0] = h.sc.Map.edge(h.loc[it.bi], it.dest)
		if edges[0] == nil || !edges[0].lim.Passable {
			t.fail(it, Illegal, "3.1", h.stepProblem(from, dest))
			return
		}
	}
	if spec.Type == Artillery {
		for i := 0; i+1 < len(steps); i++ {
			if !edges[i].lim.Road {
				t.fail(it, Illegal, "4.24", because("why.artillery-road", placeArg("from", steps[i]), placeArg("to", steps[i+1])))
				return
			}
		}
	}
	if road {
		mid := m.Path[0]
		if c, contested := h.control(mid); contested || c == t.side.Enemy() {
			t.fail(it, Dropped, "5.31", because("why.road-blocked", placeArg("place", mid)))
			return
		}
		if t.frontline[from] {
			t.fail(it, Illegal, "5.3", because("why.road-frontline"))
			return
		}
	}
	act, st, rule, why := h.actionFor(t, m.Intent, dest, it.dest)
	if !none(why) {
		t.fail(it, st, rule, why)
		return
	}
	if act != actMove {
		if h.st.Hour.IsNight() {
			t.fail(it, Dropped, "9.2.1", because("why.night-no-attack"))
			return
		}
		if road {
			t.fail(it, Illegal, "5.31", because("why.road-no-battle"))
			return
		}
		if spec.Siege {
			t.fail(it, Illegal, "6.1", because("why.siege", unit))
			return
		}
	}
	// Leaving a battle area unpinned (5.4).
	if bt := h.battleIn(from); bt != nil && bt.Attacker != t.side {
		if act != actMove {
			t.fail(it, Dropped, "5.4", because("why.leaving-battle", unit))
			return
		}
		for _, e := range bt.Entries {
			if e.Side != t.side && e.From == m.Path[0] {
				t.fail(it, Dropped, "5.4", because("why.attacked-border", unit, placeArg("place", from)))
				return
			}
		}
	}
	// Limits (3.32, 3.33; battle limits to leave a frontline area).
	ncross := len(steps) - 1
	for i := 0; i < ncross; i++ {
		lim := edges[i].lim
		moveLim, code := lim.Move, "why.move-limit"
		if i == 0 && t.frontline[from] {
			moveLim, code = lim.Battle, "why.frontline-limit"
		}
		if int(h.moveCount[edges[i].id]) >= moveLim {
			t.fail(it, Dropped, "3.32", because(code, adjudicator.IntArg("limit", moveLim), placeArg("from", steps[i]), placeArg("to", steps[i+1])))
			return
		}
	}
	isBattle := act != actMove
	if isBattle {
		last := edges[ncross-1]
		lim := last.lim
		if lim.Battle == 0 {
			t.fail(it, Illegal, "3.35", because("why.marsh"))
			return
		}
		if int(t.battleCount[last.id]) >= lim.Battle {
			t.fail(it, Dropped, "3.33", because("why.battle-limit", adjudicator.IntArg("limit", lim.Battle), placeArg("from", steps[ncross-1]), placeArg("to", steps[ncross])))
			return
		}
	}
	// Command (5.2).
	hq := -1
	straggle := false
	if it.needsCommand {
		var why reason
		hq, why = h.commandFor(t, it, from, act)
		if hq < 0 {
			switch {
			case !m.Uncommanded:
				t.fail(it, Illegal, "5.2", why)
				return
			case act != actMove:
				t.fail(it, Illegal, "5.2", because("why.uncommanded", actionArg("action", act), adjudicator.PhrasesArg("why", why)))
				return
			}
			straggle = true
		}
	}
	if straggle {
		v := h.d.roll(because("throw.straggler", adjudicator.TextArg("block", string(it.block))))
		ev := Event{Kind: EvStraggler, Side: t.side, Block: it.block, Area: from, Dice: []int{v}, Rule: "5.2"}
		roll := adjudicator.IntArg("roll", v)
		if v <= 3 {
			if b.Strength <= 1 {
				h.event(ev.told(because("ev.straggler-lost", unit, roll)))
				h.removeBlock(it.block, "5.2", because("ev.eliminated-straggling", unit))
				t.fail(it, Dropped, "5.2", because("why.straggled", unit, adjudicator.IntArg("roll", v)))
				return
			}
			b.Strength--
			ev.Strength = b.Strength
			ev = ev.told(because("ev.straggler-step", unit, roll, adjudicator.IntArg("strength", b.Strength)))
		} else {
			ev.Strength = b.Strength
			ev = ev.told(because("ev.straggler-none", unit, roll))
		}
		h.event(ev)
	}
	// Carry it out.
	rec := t.newRecord()
	*rec = moveRecord{item: it, from: from, to: dest, ncross: ncross, battle: isBattle}
	for i := 0; i < ncross; i++ {
		h.moveCount[edges[i].id]++
		rec.cross[i] = edges[i].id
	}
	if isBattle {
		t.battleCount[edges[ncross-1].id]++
		h.enterBattle(t.side, it.block, from, dest, act == actReinforce)
	}
	if hq >= 0 {
		a := t.active[hq]
		a.used++
		rec.hq = a.id
		a.commanded = append(a.commanded, it.block)
		// Which HQ commanded which move: a receipt tells the player (resultCheck).
		h.mv.commands = append(h.mv.commands, CommandAssignment{Move: it.move, Block: it.block, HQ: a.id})
	}
	h.moveOnMap(it.bi, dest, edges[ncross-1].to) // b is on the map (checked above)
	h.moved[it.bi] = true
	ev := h.newEvent(EvMove)
	ev.Side, ev.Block, ev.From, ev.To, ev.Intent, ev.CommandedBy = t.side, it.block, from, dest, m.Intent, rec.hq
	switch act {
	case actAttack:
		ev.Rule = "6.1"
	case actReinforce:
		ev.Rule = "5.5"
	default:
		ev.Rule = "5.3"
	}
	if road {
		ev.Via = []AreaID{m.Path[0]}
		ev.Rule = "5.31"
	}
	rec.seq = int(ev.Seq)
	t.log = append(t.log, rec)
	t.out[it.move].went = append(t.out[it.move].went, it.block)
}

// actionFor decides what a move into dest means now (DESIGN §2.5): a plain move into
// a friendly or vacant area whatever the intent; an attack into an enemy area or to
// join one's own attack; Player 2's reinforcement of a battle the enemy started. A
// non-empty reason says why the move is dropped instead.
func (h *hour) actionFor(t *turn, intent Intent, dest AreaID, di int) (act action, st Status, rule string, why reason) {
	c, contested := h.controlAt(di, dest)
	if !contested && c != t.side.Enemy() {
		return actMove, "", "", reason{}
	}
	place := placeArg("place", dest)
	if !contested {
		switch intent {
		case IntentAttack:
			return actAttack, "", "", reason{}
		case IntentReinforce:
			return 0, Dropped, "5.5", because("why.enemy-reinforce", place)
		}
		return 0, Dropped, "5.3", because("why.enemy-move", place)
	}
	bt := h.battleIn(dest)
	if bt != nil && bt.Attacker == t.side {
		if intent == IntentAttack {
			return actAttack, "", "", reason{}
		}
		return 0, Dropped, "5.3", because("why.contested-own-attack", place)
	}
	if intent == IntentMove {
		return 0, Dropped, "5.3", because("why.contested-move", place)
	}
	if !t.p2 {
		return 0, Dropped, "5.5", player1Reinforces(dest)
	}
	return actReinforce, "", "", reason{}
}

// player1Reinforces: only Player 2 reinforces a battle (5.5); name is dest's.
func player1Reinforces(dest AreaID) reason {
	return because("why.contested-p1", placeArg("place", dest))
}

// battleEntryRoom is the entries a battle record has room for before its list grows
// (a battle has a handful of attackers).
const battleEntryRoom = 8

// enterBattle records a block entering a battle area (6.1, 6.5): a new battle when
// the area was enemy, the attacker being the mover.
func (h *hour) enterBattle(side Side, id BlockID, from, to AreaID, reserve bool) {
	bt := h.battleIn(to)
	if bt == nil {
		bt = &battle{Area: to, Attacker: side, Entries: make([]battleEntry, 0, battleEntryRoom)}
		h.battles = append(h.battles, bt)
	}
	bt.Entries = append(bt.Entries, battleEntry{Block: id, Side: side, From: from, Reserve: reserve})
}

// stepProblem explains why a block cannot cross from a to b in one step, or "".
func (h *hour) stepProblem(a, b AreaID) reason {
	e := h.sc.Map.crossing(a, b)
	if e == nil || a == b {
		return because("why.not-adjacent", placeArg("to", b), placeArg("from", a), adjacentArg(h.sc, "adjacent", a))
	}
	if !e.lim.Passable {
		return because("why.impassable", placeArg("from", a), placeArg("to", b))
	}
	return reason{}
}

// roadMoveProblem checks a two-area road move (5.31): both borders carry one road.
func (h *hour) roadMoveProblem(from, mid, dest AreaID) reason {
	if r := h.stepProblem(from, mid); !none(r) {
		return r
	}
	if r := h.stepProblem(mid, dest); !none(r) {
		return r
	}
	if dest == from {
		return because("why.road-ends-home")
	}
	b1, b2 := h.sc.Map.Border(from, mid), h.sc.Map.Border(mid, dest)
	for _, r := range b1.Roads {
		for _, r2 := range b2.Roads {
			if r == r2 {
				return reason{}
			}
		}
	}
	return because("why.no-single-road", placeArg("from", from), placeArg("via", mid), placeArg("to", dest))
}

// roadMiddle finds the area a road move passes through when the player named only
// where it ends ("Gladden: Road A >> Spain Field"): the one area one road runs
// through from from to dest (5.31). Two candidates are ambiguous, and the player
// is asked to name the middle area.
func (h *hour) roadMiddle(from, dest AreaID) (AreaID, reason) {
	var found []AreaID
	for _, mid := range h.sc.Map.Neighbours(from) {
		if none(h.roadMoveProblem(from, mid, dest)) {
			found = append(found, mid)
		}
	}
	switch len(found) {
	case 1:
		return found[0], reason{}
	case 0:
		return "", because("why.no-road-to", placeArg("from", from), placeArg("to", dest))
	}
	return "", because("why.road-ambiguous", placeArg("from", from), placeArg("to", dest), placeArg("via", found[0]), placeArg("or", found[1]))
}

// moveOffBoard shatters a block that leaves the map from an entry-road area (3.6).
func (h *hour) moveOffBoard(t *turn, it *moveItem, from AreaID) {
	if a := h.sc.Map.Area(from); a == nil || a.Entry == "" {
		t.fail(it, Illegal, "3.6", because("why.not-entry-road", placeArg("place", from)))
		return
	}
	hq := -1
	if it.needsCommand {
		var why reason
		if hq, why = h.commandFor(t, it, from, actMove); hq < 0 {
			t.fail(it, Illegal, "5.2", why)
			return
		}
		t.active[hq].used++
		t.active[hq].commanded = append(t.active[hq].commanded, it.block)
	}
	h.moved[it.bi] = true
	ev := Event{Kind: EvMove, Side: t.side, Block: it.block, From: from, To: OffBoard, Rule: "3.6"}
	if hq >= 0 {
		ev.CommandedBy = t.active[hq].id
	}
	h.event(ev)
	h.removeBlock(it.block, "3.6", because("ev.eliminated-shattered", unitArg("unit", it.block)))
	t.out[it.move].went = append(t.out[it.move].went, it.block)
}

// removeBlock eliminates a block outside battle (straggling, leaving the map): it
// goes off the board and counts as a VP for the enemy (6.9, 3.6).
func (h *hour) removeBlock(id BlockID, rule string, why reason) {
	b := h.block(id)
	side := h.sideOf(id)
	area := b.Area
	h.place(b, Eliminated, "")
	b.Strength = 0
	if h.mv.lost == nil {
		h.mv.lost = map[BlockID]bool{}
	}
	h.mv.lost[id] = true
	if h.spec(id).IsHQ() { // an HQ falls (6.91): scored, rebuilt or succeeded
		h.event(Event{Kind: EvEliminated, Side: side, Block: id, Area: area, Rule: rule}.told(why))
		h.hqFalls(id, area, 0)
		return
	}
	h.st.Losses = append(h.st.Losses, Loss{Block: id, Side: side, Hour: h.st.Hour})
	h.event(Event{Kind: EvEliminated, Side: side, Block: id, Area: area, Rule: rule}.told(why))
}

// gunboatOrder handles a gunboat's attack on a riverfront area (4.25): gunboats stay
// on the river; the battle record gets an entry from the river area so the battle
// phase lets them fire. At night their one free fire is the night phase's (9.2.2).
func (h *hour) gunboatOrder(t *turn, it *moveItem, m Move) {
	b := h.block(it.block)
	dest := m.Path[len(m.Path)-1]
	a := h.sc.Map.Area(dest)
	switch {
	case len(m.Path) != 1 || dest == OffBoard || a == nil || !a.Riverfront:
		t.fail(it, Illegal, "4.25", because("why.gunboat-river"))
		return
	case m.Intent != IntentAttack:
		t.fail(it, Illegal, "4.25", because("why.gunboat-attack"))
		return
	case h.st.Hour.IsNight():
		t.fail(it, Unused, "9.2.2", because("why.gunboat-night"))
		return
	case b.Strength == 0:
		t.fail(it, Dropped, "4.25", because("why.gunboat-zero", unitArg("unit", it.block)))
		return
	}
	if h.countIn(dest, t.side.Enemy()) == 0 {
		t.fail(it, Dropped, "4.25", because("why.gunboat-no-target", placeArg("place", dest)))
		return
	}
	bt := h.battleIn(dest)
	reserve := false
	if bt != nil && bt.Attacker != t.side {
		if !t.p2 {
			t.fail(it, Dropped, "5.5", player1Reinforces(dest))
			return
		}
		reserve = true
	}
	h.enterBattle(t.side, it.block, b.Area, dest, reserve)
	h.moved[it.bi] = true
	h.event(Event{Kind: EvMove, Side: t.side, Block: it.block, From: b.Area, To: dest, Intent: IntentAttack, Rule: "4.25"})
	t.out[it.move].went = append(t.out[it.move].went, it.block)
}

// enforceStacking applies stacking at the end of movement (3.31): in a battle area
// each side may have the full limit, so only the side's own blocks count. An area
// over its limit has its latest moves undone, repeatedly, until none is over.
func (h *hour) enforceStacking(t *turn) {
	var count []int16
	for changed := true; changed; {
		changed = false
		// The side's counts as the pass begins (undoing a move changes the index).
		count = append(count[:0], h.occN[t.side.Index()]...)
		for ai := range h.sc.Map.Areas {
			ar := &h.sc.Map.Areas[ai]
			limit := stackLimit(ar)
			n := int(count[ai])
			if ar.River || n <= limit {
				continue
			}
			for i := len(t.log) - 1; i >= 0 && n > limit; i-- {
				rec := t.log[i]
				if rec.undone || rec.to != ar.ID || h.block(rec.item.block).Area != ar.ID {
					continue
				}
				h.undoMove(t, rec, limit)
				n--
				changed = true
			}
		}
	}
	h.returnArrivals(t)
}

// returnArrivals: an area still over its limit after every move into it was undone
// holds blocks that arrived this turn and stayed (9.1: four at Brown's Ferry after
// movement). The last of them by id go back off the map, to arrive in a later hour.
func (h *hour) returnArrivals(t *turn) {
	for i := range h.sc.Map.Areas {
		ar := &h.sc.Map.Areas[i]
		limit := stackLimit(ar)
		if ar.River || int(h.occN[t.side.Index()][i]) <= limit {
			continue
		}
		own := h.blocksIn(ar.ID, t.side)
		var back []BlockID
		for i := len(own) - 1; i >= 0 && len(own)-len(back) > limit; i-- {
			id := own[i]
			group := h.mv.arrivedNow[id]
			if group == "" || h.moved[h.bix(id)] {
				continue
			}
			b := h.block(id)
			h.place(b, Pending, "")
			back = append(back, id)
			var keep []string
			for _, d := range h.st.ArrivalsDone {
				if d != group {
					keep = append(keep, d)
				}
			}
			h.st.ArrivalsDone = keep
		}
		if len(back) > 0 {
			sort.Slice(back, func(i, j int) bool { return back[i] < back[j] })
			h.event(Event{Kind: EvArrivalHeld, Side: t.side, Blocks: back, Area: ar.ID, Rule: "3.31, 9.1"}.told(
				because("ev.arrival-overstack", h.blocksArg("blocks", back), placeArg("place", ar.ID), adjudicator.IntArg("limit", limit))))
		}
	}
}

// stackLimit is an area's stacking limit (3.34): the data's, or 6 clear / 4 woods.
func stackLimit(a *Area) int {
	if a.Stack > 0 {
		return a.Stack
	}
	if a.Terrain == Woods {
		return 4
	}
	return 6
}

func (h *hour) undoMove(t *turn, rec *moveRecord, limit int) {
	rec.undone = true
	id := rec.item.block
	h.place(h.block(id), h.block(id).Where, rec.from)
	for _, k := range rec.cross[:rec.ncross] {
		h.moveCount[k]--
	}
	if rec.battle {
		t.battleCount[rec.cross[rec.ncross-1]]--
		if bt := h.battleIn(rec.to); bt != nil {
			for i := len(bt.Entries) - 1; i >= 0; i-- {
				if bt.Entries[i].Block == id {
					bt.Entries = append(bt.Entries[:i], bt.Entries[i+1:]...)
					break
				}
			}
		}
	}
	if a := t.activeIndex(rec.hq); rec.hq != "" && a >= 0 {
		l := t.active[a].commanded
		for i := range l {
			if l[i] == id {
				t.active[a].commanded = append(l[:i:i], l[i+1:]...)
				break
			}
		}
	}
	h.moved[rec.item.bi] = false
	h.dropEvent(rec.seq)
	for _, r := range t.log {
		if r.seq > rec.seq {
			r.seq--
		}
	}
	out := t.out[rec.item.move]
	for i, w := range out.went {
		if w == id {
			out.went = append(out.went[:i:i], out.went[i+1:]...)
			break
		}
	}
	out.failed = append(out.failed, blockFailure{id, Dropped, "3.31",
		because("why.overstacked", placeArg("place", rec.to), adjudicator.IntArg("limit", limit))})
	h.pruneBattles()
}

// dropEvent removes an event that did not happen after all (an undone move) and
// renumbers the rest.
func (h *hour) dropEvent(seq int) {
	ev := h.rep.Events
	for i := range ev {
		if int(ev[i].Seq) == seq {
			ev = append(ev[:i], ev[i+1:]...)
			ev[:len(ev)+1][len(ev)] = Event{} // newEvent expects zero slots past the end
			break
		}
	}
	for i := range ev {
		ev[i].Seq = i + 1
	}
	h.rep.Events = ev
}

// pruneBattles forgets battles whose area is no longer contested: the defenders all
// left, or every attacker's move was undone. Gunboat entries count as attackers
// present (they fire from the river, 4.25).
func (h *hour) pruneBattles() {
	var keep []*battle
	for _, bt := range h.battles {
		def := h.countIn(bt.Area, bt.Attacker.Enemy())
		att := h.countIn(bt.Area, bt.Attacker)
		for _, e := range bt.Entries {
			if e.Side == bt.Attacker && h.spec(e.Block).Type == Gunboat {
				att++
			}
		}
		if def > 0 && att > 0 {
			keep = append(keep, bt)
		}
	}
	h.battles = keep
}

// pinDefenders: after Player 1 moves, the blocks that attacked each area pin an equal
// number of its defenders (5.4). The defender's choice comes from its orders: blocks
// listed under Pin first, then blocks with no move order, then by id.
func (h *hour) pinDefenders(t *turn) {
	h.pruneBattles()
	if h.ownTurnOnly {
		// A check plays only its own side's turn: pinning the enemy's stand-ins
		// would change nothing it reports (only the side's own results and supply
		// events are read, and supply does not depend on pins).
		h.pinResults(t.side, player1NotPinned)
		return
	}
	def := t.side.Enemy()
	o := h.orders(def)
	var hasOrder []bool // by block index; built when a battle needs it
	for _, bt := range h.battles {
		if bt.Attacker != t.side {
			continue
		}
		n := 0
		for _, e := range bt.Entries {
			if e.Side == t.side && !e.Reserve {
				n++
			}
		}
		defenders := h.blocksIn(bt.Area, def)
		if hasOrder == nil {
			hasOrder = make([]bool, len(h.st.Blocks))
			for _, m := range o.Moves {
				for _, id := range m.Blocks {
					if bi := h.bix(id); bi >= 0 {
						hasOrder[bi] = true
					}
				}
			}
		}
		order := make([]BlockID, 0, len(defenders))
		for _, id := range o.Pin {
			if containsBlock(defenders, id) && !containsBlock(order, id) {
				order = append(order, id)
			}
		}
		for _, id := range defenders {
			if !hasOrder[h.bix(id)] && !containsBlock(order, id) {
				order = append(order, id)
			}
		}
		for _, id := range defenders {
			if !containsBlock(order, id) {
				order = append(order, id)
			}
		}
		if n > len(order) {
			n = len(order)
		}
		if n == 0 {
			continue
		}
		pinned := order[:n:n] // order is this battle's own, fresh: the event keeps it
		slices.Sort(pinned)
		for _, id := range pinned {
			h.mv.pinned[id] = true
		}
		h.event(Event{Kind: EvPinned, Side: def, Area: bt.Area, Blocks: pinned, Rule: "5.4"})
	}
	h.pinResults(def, reason{})
	h.pinResults(t.side, player1NotPinned)
}

// pinResults answers a side's pin preferences (5.4): executed for blocks pinned,
// unused for the others, invalid for blocks not its own.
func (h *hour) pinResults(s Side, unused reason) {
	for i, id := range h.orders(s).Pin {
		r := Result{Side: s, Order: OrderRef{Kind: "pin", Index: i}, Rule: "5.4", Blocks: []BlockID{id}}
		var why reason
		switch {
		case h.spec(id) == nil || h.spec(id).Side != s:
			r.Status, why = Invalid, notYours(id)
		case h.mv.pinned[id]:
			r.Status = Executed
		default:
			r.Status, why = Unused, unused
			if none(unused) {
				why = because("why.pin-not-needed", unitArg("unit", id))
			}
		}
		r.Why = why
		h.result(r)
	}
}

// markFrontline marks the areas holding the side's blocks that are adjacent to enemy
// blocks at the start of its turn (optional Frontline Limits, rules sidebar p4).
func (h *hour) markFrontline(t *turn) {
	occ := h.occupancy() // the hour's index, by area number
	own, enemy := sideBit(t.side), sideBit(t.side.Enemy())
	for i := range h.sc.Map.Areas {
		if occ.bits[i]&own == 0 {
			continue
		}
		for _, e := range h.sc.Map.adj[i] {
			if occ.bits[e.to]&enemy != 0 {
				t.frontline[h.sc.Map.Areas[i].ID] = true
				break
			}
		}
	}
}

// moveResults turns the outcomes of the side's move orders into Results: Executed
// when every block went, Partial for each reason some did not, or the failure itself
// when none went.
func (h *hour) moveResults(t *turn) {
	o := h.orders(t.side)
	for mi, out := range t.out {
		ref := OrderRef{Kind: "move", Index: mi, Line: o.Moves[mi].Line}
		if len(out.failed) == 0 {
			if len(out.went) > 0 {
				h.result(Result{Side: t.side, Order: ref, Status: Executed, Rule: "5.3", Blocks: out.went})
			}
			continue
		}
		type group struct {
			st     Status
			rule   string
			why    reason
			blocks []BlockID
		}
		var groups []*group
		for _, f := range out.failed {
			var g *group
			for _, x := range groups {
				if x.st == f.status && x.rule == f.rule && x.why.Equal(f.why) {
					g = x
				}
			}
			if g == nil {
				g = &group{st: f.status, rule: f.rule, why: f.why}
				groups = append(groups, g)
			}
			if f.block != "" {
				g.blocks = append(g.blocks, f.block)
			}
		}
		for _, g := range groups {
			st := g.st
			why := g.why
			if len(out.went) > 0 {
				st = Partial
				why = because("why.partial", h.blocksArg("went", out.went), h.blocksArg("failed", g.blocks), adjudicator.PhrasesArg("why", g.why))
			}
			h.result(Result{Side: t.side, Order: ref, Status: st, Rule: g.rule, Why: why, Blocks: g.blocks})
		}
	}
}

// noteCamps: a USA camp made CSA-friendly for the first time earns the CSA +2 SP in
// this hour's supply phase (7.2).
func (h *hour) noteCamps() {
	for _, a := range h.sc.Map.Areas {
		if a.Camp == nil || a.Camp.Side != USA || containsArea(h.st.CampsCaptured, a.ID) {
			continue
		}
		if c, _ := h.control(a.ID); c != CSA {
			continue
		}
		h.st.CampsCaptured = append(h.st.CampsCaptured, a.ID)
		sort.Slice(h.st.CampsCaptured, func(i, j int) bool { return h.st.CampsCaptured[i] < h.st.CampsCaptured[j] })
		h.mv.campBonus += campSupply
		h.event(Event{Kind: EvCampCaptured, Side: CSA, Area: a.ID, Rule: "7.2"}.told(
			because("ev.camp-captured", placeArg("place", a.ID))))
	}
}

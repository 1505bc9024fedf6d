package shiloh1862

import "github.com/shiloh-pbem/pbem/adjudicator"

// This file checks one side's orders as soon as they arrive (DESIGN §2.2): each order
// is tried against the side's own view of the map, never against hidden enemy facts,
// and answered OK, warning or error with the rule, a reason and a suggestion, with the
// command assignment the solver would make and the supply as it would be spent.

// CommandAssignment says which active HQ commands a block's move (5.2).
type CommandAssignment struct {
	Move  int     `json:"move"` // index in Orders.Moves
	Block BlockID `json:"block"`
	HQ    BlockID `json:"hq"`
}

// Check is the verdict on one order: Why says it, Hint suggests a fix (a zero
// phrase when there is none), for templates to word.
type Check struct {
	Order       OrderRef            `json:"order"`
	Status      CheckStatus         `json:"status"`
	Rule        string              `json:"rule,omitempty"`
	Why         adjudicator.Phrase  `json:"why"`
	Hint        adjudicator.Phrase  `json:"hint,omitzero"`
	Blocks      []BlockID           `json:"blocks,omitempty"`
	CommandedBy []CommandAssignment `json:"commanded_by,omitempty"`
}

// says gives the check its verdict; hint its suggestion.
func (c *Check) says(r reason) { c.Why = r }
func (c *Check) hint(r reason) { c.Hint = r }

// orderCheck is a check of the orders as a whole.
func orderCheck(r reason) []Check {
	c := Check{Order: OrderRef{Kind: "orders"}, Status: CheckError}
	c.says(r)
	return []Check{c}
}

// noSide: orders that name no side cannot be checked.
var noSide = because("check.no-side")

// misfit: a state that does not fit its scenario.
func misfit(err error) reason {
	return because("check.misfit", adjudicator.TextArg("error", err.Error()))
}

// CheckOrders tries o against what its side knows (Knowledge: the side's view, its
// own blocks and private facts, the public facts), never the State, so nothing
// hidden from the side can change the answer. Enemy blocks stand where the view
// shows them, as anonymous stand-ins. The moves are played as if the side were
// Player 1 (a reinforce order can only show its Player 2 meaning when the hour
// resolves), unless Player 1 has moved (k cut from a BetweenTurns position): then
// as Player 2's. The supply list is spent after them. Checks come in the order of
// o's orders.
func CheckOrders(sc *Scenario, k *Knowledge, o *Orders) []Check {
	if o == nil || o.Side == NoSide {
		return orderCheck(noSide)
	}
	if k == nil || k.Side != o.Side {
		return orderCheck(because("check.other-side"))
	}
	if k.misfit != nil {
		return orderCheck(misfit(k.misfit))
	}
	side := o.Side
	seen := k.believed(sc)
	loc := make([]int, len(seen.Blocks))
	if err := locate(sc, seen, loc); err != nil {
		return orderCheck(misfit(err))
	}
	var ords [2]*Orders
	ords[side.Index()] = o
	h := newCheckHour(sc, seen, ords, steadyDice{}, loc) // seen is CheckOrders' own
	h.p1 = side
	if k.playerTwo {
		h.p1 = side.Enemy() // Player 1 has moved (BetweenTurns): the side's turn is Player 2's
	}
	h.playerTurn(side)
	h.spendSupply(side)

	// The checks are sorted by kind (in the order the hour uses them), then by index
	// in the orders, stably; the keys are sorted first and each check is built
	// straight into its place.
	standing := standingChecks(sc, seen, o)
	plan := supplyPlan(h, side)
	n := len(standing) + 1
	for i := range h.rep.Results {
		if h.rep.Results[i].Side == side {
			n++
		}
	}
	keys := make([]checkKey, 0, n) // working memory: the checks are built from them below
	for i := range h.rep.Results {
		if r := &h.rep.Results[i]; r.Side == side {
			keys = append(keys, checkKey{rank: checkKindRank(r.Order.Kind), index: r.Order.Index, src: int32(i)})
		}
	}
	for j := range standing {
		c := &standing[j]
		keys = append(keys, checkKey{rank: checkKindRank(c.Order.Kind), index: c.Order.Index, src: int32(-1 - j)})
	}
	if !none(plan) {
		keys = append(keys, checkKey{rank: checkKindRank("supply-plan"), src: int32(-1 - len(standing))})
	}
	if len(keys) == 0 {
		return nil
	}
	stableSort(keys, func(a, b checkKey) bool {
		return a.rank < b.rank || a.rank == b.rank && a.index < b.index
	})
	checks := make([]Check, len(keys))
	byMove := commandsByMove(h.mv.commands, len(o.Moves))
	for k, key := range keys {
		switch j := int(-1 - key.src); {
		case key.src >= 0:
			checks[k] = resultCheck(h, o, &h.rep.Results[key.src], byMove)
		case j < len(standing):
			checks[k] = standing[j]
		default:
			checks[k] = Check{Order: OrderRef{Kind: "supply-plan"}, Status: CheckOK, Rule: "7.1"}
			checks[k].says(plan)
		}
	}
	return checks
}

// checkKey places one check in a receipt: src is its result's index in the hour's
// results, or -1-j for standing check j (-1-len(standing) for the supply plan).
type checkKey struct {
	rank  int
	index int
	src   int32
}

// commandsByMove groups the command assignments by move, each move's in the order
// they were made, all in one fresh array (they go into the checks): byMove[i] is
// move i's (capped, so no append can reach a neighbour's).
func commandsByMove(cmds []CommandAssignment, moves int) [][]CommandAssignment {
	if len(cmds) == 0 {
		return nil
	}
	start := make([]int, moves+2)
	for _, a := range cmds {
		if a.Move >= 0 && a.Move < moves {
			start[a.Move+2]++
		}
	}
	for i := 2; i < len(start); i++ {
		start[i] += start[i-1]
	}
	// start[i+1] is now where move i's run begins; it advances as the run fills.
	all := make([]CommandAssignment, start[moves+1])
	for _, a := range cmds {
		if a.Move >= 0 && a.Move < moves {
			all[start[a.Move+1]] = a
			start[a.Move+1]++
		}
	}
	byMove := make([][]CommandAssignment, moves)
	for i := range byMove {
		if b, e := start[i], start[i+1]; e > b {
			byMove[i] = all[b:e:e]
		}
	}
	return byMove
}

// resultCheck grades one of the side's results; byMove holds the command
// assignments of each move (commandsByMove).
func resultCheck(h *hour, o *Orders, rp *Result, byMove [][]CommandAssignment) Check {
	r := *rp
	c := Check{Order: r.Order, Rule: r.Rule, Why: r.Why, Blocks: r.Blocks}
	if r.Order.Kind == "move" {
		if i := r.Order.Index; i >= 0 && i < len(byMove) {
			c.CommandedBy = byMove[i]
		}
		if r.Order.Index < len(o.Moves) && o.Moves[r.Order.Index].Line != 0 {
			c.Order.Line = o.Moves[r.Order.Index].Line
		}
	}
	switch r.Status {
	case Executed:
		c.Status = CheckOK
		c.says(okWhy(h, r, c.CommandedBy))
	case Unused:
		c.Status = CheckWarning
		if r.Order.Kind == "pin" {
			c.Status = CheckOK
			c.says(because("check.pin-standing"))
		}
	case Partial, Dropped:
		c.Status = CheckWarning
	default:
		c.Status = CheckError
	}
	c.hint(suggestion(h, o, r))
	if c.Hint.Code == "hint.adjacent" {
		c.Why = withoutAdjacent(c.Why) // the list is the suggestion
	}
	return c
}

// checkKindRank orders a receipt's checks by the kind of order, in the order the
// hour uses them.
func checkKindRank(kind string) int {
	switch kind {
	case "initiative":
		return 0
	case "activate":
		return 1
	case "arrival":
		return 2
	case "arrival-hold":
		return 3
	case "landing":
		return 4
	case "move":
		return 5
	case "pin":
		return 6
	case "battles":
		return 7
	case "doctrine":
		return 8
	case "losses":
		return 9
	case "regroup":
		return 10
	case "supply":
		return 11
	case "supply-plan":
		return 12
	}
	return 0 // as a missing map key did before
}

// steadyDice throws 6 for every die: a straggler in a check loses nothing.
type steadyDice struct{}

func (steadyDice) Roll(Phrase) int { return 6 }

// okWhy says an order would work; cmds are a move's command assignments.
func okWhy(h *hour, r Result, cmds []CommandAssignment) reason {
	switch r.Order.Kind {
	case "move":
		if len(cmds) == 0 {
			return because("check.ok")
		}
		whys := make([]Phrase, len(cmds))
		for i, a := range cmds {
			whys[i] = adjudicator.Say("check.commanded-by", unitArg("unit", a.Block), unitArg("hq", a.HQ))
		}
		return because("check.ok-commanded", adjudicator.PhrasesArg("commands", whys...))
	case "supply":
		return because("check.ok-supply", h.blocksArg("blocks", r.Blocks))
	}
	if !none(r.Why) {
		return because("check.ok-why", adjudicator.PhrasesArg("why", r.Why))
	}
	return because("check.ok")
}

// suggestion proposes a fix for a failed order, from what the side can see.
func suggestion(h *hour, o *Orders, r Result) reason {
	if r.Status == Executed {
		return reason{}
	}
	switch r.Rule {
	case "5.2":
		if r.Order.Kind != "move" || len(r.Blocks) == 0 {
			return reason{}
		}
		hq := formationHQ(h.sc, h.spec(r.Blocks[0]).Formation)
		if hq == "" || h.spec(hq) == nil || h.spec(hq).HQKind == AHQ {
			return because("hint.army-hq")
		}
		for _, a := range o.Activate {
			if a.HQ == hq {
				return because("hint.hq-cannot", unitArg("hq", hq))
			}
		}
		return because("hint.activate", unitArg("hq", hq))
	case "3.1":
		if len(r.Blocks) > 0 && h.block(r.Blocks[0]) != nil && h.block(r.Blocks[0]).Where == OnMap {
			return adjacentHint(h.sc, h.block(r.Blocks[0]).Area)
		}
	case "3.32", "3.33":
		return because("hint.fewer")
	case "4.24":
		return because("hint.artillery-road")
	case "5.3":
		if r.Order.Kind == "move" && (says(r.Why, "why.enemy-move") || says(r.Why, "why.enemy-reinforce")) {
			return because("hint.attack")
		}
	case "5.5":
		return because("hint.reinforce")
	case "5.31":
		return because("hint.road")
	}
	return reason{}
}

// adjacentHint lists where a block in a may go.
func adjacentHint(sc *Scenario, a AreaID) reason {
	return because("hint.adjacent", adjacentArg(sc, "adjacent", a))
}

// says reports whether a phrase is, or holds, one with that code.
func says(p Phrase, code string) bool {
	if p.Code == code {
		return true
	}
	for _, a := range p.Args {
		for _, q := range a.Phrases {
			if says(q, code) {
				return true
			}
		}
	}
	return false
}

// supplyPlan words the steps the supply phase would buy after these moves.
func supplyPlan(h *hour, side Side) reason {
	var ids []BlockID
	for _, e := range h.rep.Events {
		if e.Kind == EvSupply && e.Side == side {
			ids = append(ids, e.Block)
		}
	}
	if len(ids) == 0 {
		return reason{}
	}
	sp := h.supplyPoints(side)
	return because("check.supply-plan",
		adjudicator.IntArg("sp", sp), h.blocksArg("blocks", ids))
}

// standingChecks looks at the orders the battle and initiative phases use: that they
// name known areas and the side's own blocks, and that retreats and regroups go to
// adjacent areas. Whether they apply is only known when the hour resolves.
func standingChecks(sc *Scenario, st *State, o *Orders) []Check {
	out := make([]Check, 0, 1+len(o.Battles)+len(o.Doctrine)+len(o.Regroup))
	side := o.Side
	known := func(a AreaID) bool { return sc.Map.Area(a) != nil }
	own := func(id BlockID) bool { b := sc.OB.Block(id); return b != nil && b.Side == side }
	if o.Initiative != InitiativeAny {
		c := Check{Order: OrderRef{Kind: "initiative"}, Status: CheckOK, Rule: "2.1"}
		c.says(because("check.marker-yours"))
		holder := st.InitiativeMarker
		if holder == NoSide || st.Hour == Day1First || st.Hour == Day2First {
			holder = initialMarker(st.Hour)
		}
		switch {
		case !st.Options.PlannedInitiative:
			c.Status = CheckWarning
			c.says(because("check.no-planned-initiative"))
		case holder != side:
			c.Status = CheckWarning
			c.says(because("check.marker-other",
				adjudicator.SideArg("side", holder)))
		}
		out = append(out, c)
	}
	for i, a := range o.Battles {
		c := Check{Order: OrderRef{Kind: "battles", Index: i}, Status: CheckOK, Rule: "6.2"}
		c.says(because("check.battles"))
		if !known(a) {
			c.Status = CheckError
			c.says(unknownArea(a))
		}
		out = append(out, c)
	}
	for i, d := range o.Doctrine {
		c := Check{Order: OrderRef{Kind: "doctrine", Index: i, Line: d.Line}, Status: CheckOK, Rule: "6.7"}
		c.says(because("check.doctrine", doctrineArg("doctrine", d)))
		switch {
		case d.Area != "" && !known(d.Area):
			c.Status = CheckError
			c.says(unknownArea(d.Area))
		default:
			for _, r := range d.Retreat {
				switch {
				case !known(r):
					c.Status = CheckError
					c.says(because("check.unknown-retreat", quotedArg("area", string(r))))
				case d.Area != "" && sc.Map.Border(d.Area, r) == nil && c.Status == CheckOK:
					c.Status = CheckWarning
					c.says(because("check.retreat-not-adjacent", titleArg(sc, "to", r), titleArg(sc, "from", d.Area)))
					c.hint(adjacentHint(sc, d.Area))
				}
			}
		}
		out = append(out, c)
	}
	for i, rg := range o.Regroup {
		c := Check{Order: OrderRef{Kind: "regroup", Index: i, Line: rg.Line}, Status: CheckOK, Rule: "6.8"}
		c.says(because("check.regroup"))
		switch {
		case !known(rg.Area) || !known(rg.To):
			c.Status = CheckError
			c.says(because("check.regroup-unknown",
				adjudicator.TextArg("area", string(rg.Area)), adjudicator.TextArg("to", string(rg.To))))
		case sc.Map.Border(rg.Area, rg.To) == nil:
			c.Status = CheckError
			c.says(because("why.not-adjacent.brief",
				titleArg(sc, "to", rg.To), titleArg(sc, "from", rg.Area)))
			c.hint(adjacentHint(sc, rg.Area))
		}
		for _, id := range rg.Blocks {
			if !own(id) {
				c.Status = CheckError
				c.says(notYours(id))
			}
		}
		out = append(out, c)
	}
	for i := range len(o.LossesFirst) + len(o.LossesLast) {
		id := lossAt(o, i)
		if !own(id) {
			c := Check{Order: OrderRef{Kind: "losses", Index: i}, Status: CheckError, Rule: "6.6", Blocks: []BlockID{id}}
			c.says(notYours(id))
			out = append(out, c)
		}
	}
	return out
}

// lossAt is the i-th block of the losses-first list followed by the losses-last list.
func lossAt(o *Orders, i int) BlockID {
	if i < len(o.LossesFirst) {
		return o.LossesFirst[i]
	}
	return o.LossesLast[i-len(o.LossesFirst)]
}

// adjacentLand lists the areas next to a that blocks can enter: not the river.
func adjacentLand(sc *Scenario, a AreaID) []*Area {
	var out []*Area
	for _, n := range sc.Map.Neighbours(a) {
		if ar := sc.Map.Area(n); ar != nil && !ar.River {
			out = append(out, ar)
		}
	}
	return out
}

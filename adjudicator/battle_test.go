package adjudicator

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// These tests fight battles on small hand-made maps with scripted dice: every test
// scripts exactly the throws the rules ask for (a missing throw panics, a leftover
// one fails), so each also proves that no die is thrown that should not be.

// btArea is a test area; stack follows terrain (3.34).
func btArea(id AreaID, terrain AreaTerrain) Area {
	a := Area{ID: id, Name: btTitle(string(id)), Terrain: terrain, Stack: 6}
	switch terrain {
	case Woods:
		a.Stack = 4
	case River:
		a.Stack, a.River = 0, true
	}
	return a
}

func btTitle(s string) string {
	parts := strings.Split(s, "_")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, " ")
}

func btBorder(a, b AreaID, road bool, terrain ...BorderTerrain) Border {
	bd := Border{A: a, B: b, Terrain: terrain}
	if road {
		bd.Roads = []RoadID{"road"}
	}
	return bd
}

// btBlock is an OB card: "C3" firepower, max 3 unless an HQ.
func btBlock(id BlockID, side Side, typ BlockType, fp string) BlockSpec {
	f, err := ParseFirepower(fp)
	if err != nil {
		panic(err)
	}
	name := btTitle(strings.TrimPrefix(strings.TrimPrefix(string(id), "us_"), "cs_"))
	b := BlockSpec{ID: id, Name: name, Side: side, Type: typ, Firepower: f, Max: 4, Start: 3}
	if side == USA {
		b.Army = ArmyUSTN
	} else {
		b.Army = ArmyCSA
	}
	if typ == HQ {
		b.HQKind, b.Max, b.CommandRange = DHQ, 3, 1
		if side == CSA {
			b.HQKind = CHQ
		}
	}
	return b
}

// btScenario builds a scenario of the areas, borders and blocks given.
func btScenario(areas []Area, borders []Border, blocks []BlockSpec) *Scenario {
	m := &Map{Areas: areas, Borders: borders}
	m.Index()
	ob := &OrderOfBattle{Blocks: blocks}
	ob.Index()
	return &Scenario{ID: "test", Start: Day1First, End: Day2Last, Map: m, OB: ob}
}

// btPlace puts blocks on the map: "id@area:strength"; blocks not listed are pending.
func btState(sc *Scenario, hour Hour, places ...string) *State {
	st := &State{Scenario: sc.ID, Hour: hour, Options: Options{Visibility: VisBlocks}}
	for _, sp := range sc.OB.Blocks {
		st.Blocks = append(st.Blocks, BlockState{ID: sp.ID, Where: Pending, Max: sp.Max, Firepower: sp.Firepower})
	}
	for _, p := range places {
		var id, area string
		var s int
		at := strings.IndexByte(p, '@')
		colon := strings.LastIndexByte(p, ':')
		id, area = p[:at], p[at+1:colon]
		fmt.Sscan(p[colon+1:], &s)
		b := st.Block(BlockID(id))
		if b == nil {
			panic("no block " + id)
		}
		b.Where, b.Area, b.Strength = OnMap, AreaID(area), s
	}
	return st
}

// btRun fights the battles with the dice and checks every die was used.
func btRun(t *testing.T, sc *Scenario, st *State, p1 Side, ord [2]*Orders, battles []*battle, dice ...int) *hour {
	t.Helper()
	if err := checkState(sc, st); err != nil {
		t.Fatal(err)
	}
	d := NewScriptedDice(dice...)
	h := newHour(sc, st, ord, d)
	h.p1 = p1
	h.battles = battles
	h.fightBattles()
	if d.Remaining() != 0 {
		t.Errorf("%d scripted dice left over; thrown: %s", d.Remaining(), d.describe())
	}
	return h
}

func btSixes(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = 6
	}
	return d
}

func btCat(parts ...[]int) []int {
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// btTurns lists, for one round of the battle at area, "kind block firepower" of each
// battle turn (fire, pass, retreat).
func btTurns(h *hour, area AreaID, round int) []string {
	var out []string
	for _, e := range h.rep.Events {
		if e.Area != area || e.Round != round {
			continue
		}
		switch e.Kind {
		case EvFire, EvPass:
			out = append(out, fmt.Sprintf("%s %s %s", e.Kind, e.Block, e.Firepower))
		case EvRetreat:
			if e.From == area {
				out = append(out, fmt.Sprintf("retreat %s %s", e.Block, e.To))
			}
		}
	}
	return out
}

func btEvents(h *hour, k EventKind) []Event {
	var out []Event
	for _, e := range h.rep.Events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func btWant(t *testing.T, h *hour, id BlockID, where Where, area AreaID, strength int) {
	t.Helper()
	b := h.block(id)
	if b.Where != where || b.Area != area || b.Strength != strength {
		t.Errorf("%s: got %s %q strength %d, want %s %q strength %d", id, b.Where, b.Area, b.Strength, where, area, strength)
	}
}

func btDump(h *hour) string {
	var b strings.Builder
	for _, e := range h.rep.Events {
		fmt.Fprintf(&b, "  %s r%d %s: %s\n", e.Kind, e.Round, e.Block, e.Text)
	}
	return b.String()
}

// The rulebook's Battle Turn Example (6.4): USA defends a clear area with A2
// artillery, B3 Sherman, C2 and C3 infantry; CSA attacks with C3 and C2 infantry via a
// woods border and A2 artillery, B1 cavalry and B1 Bragg via a clear border.
func btTurnExample() (*Scenario, *State, *battle) {
	sc := btScenario(
		[]Area{btArea("duncan_field", Clear), btArea("west_clear", Clear), btArea("west_woods", Woods)},
		[]Border{
			btBorder("duncan_field", "west_clear", true, BorderClear),
			btBorder("duncan_field", "west_woods", false, BorderWoods),
		},
		[]BlockSpec{
			btBlock("us_art", USA, Artillery, "A2"), btBlock("us_sherman", USA, HQ, "B3"),
			btBlock("us_inf_c2", USA, Infantry, "C2"), btBlock("us_inf_c3", USA, Infantry, "C3"),
			btBlock("cs_inf_c3", CSA, Infantry, "C3"), btBlock("cs_inf_c2", CSA, Infantry, "C2"),
			btBlock("cs_art", CSA, Artillery, "A2"), btBlock("cs_cav", CSA, Cavalry, "B1"),
			btBlock("cs_bragg", CSA, HQ, "B1"),
		})
	st := btState(sc, 3,
		"us_art@duncan_field:2", "us_sherman@duncan_field:2", "us_inf_c2@duncan_field:2", "us_inf_c3@duncan_field:2",
		"cs_inf_c3@duncan_field:2", "cs_inf_c2@duncan_field:2", "cs_art@duncan_field:2", "cs_cav@duncan_field:1", "cs_bragg@duncan_field:1")
	b := &battle{Area: "duncan_field", Attacker: CSA, Entries: []battleEntry{
		{Block: "cs_inf_c3", Side: CSA, From: "west_woods"}, {Block: "cs_inf_c2", Side: CSA, From: "west_woods"},
		{Block: "cs_art", Side: CSA, From: "west_clear"}, {Block: "cs_cav", Side: CSA, From: "west_clear"},
		{Block: "cs_bragg", Side: CSA, From: "west_clear"},
	}}
	return sc, st, b
}

func TestBattleTurnExample(t *testing.T) {
	sc, st, b := btTurnExample()
	csa := &Orders{Side: CSA, Doctrine: []Doctrine{{Kind: WithdrawAfter, AfterRound: 2}}}
	// Rounds 1 and 2: 16 dice each, all misses; round 3 the USA fires (8 dice) while
	// the CSA withdraws by doctrine.
	h := btRun(t, sc, st, CSA, [2]*Orders{nil, csa}, []*battle{b}, btSixes(16+16+8)...)
	want1 := []string{
		"fire us_art A2", "fire cs_art A1", "fire us_sherman B3", "fire cs_cav B1", "fire cs_bragg B1",
		"fire us_inf_c2 C2", "fire us_inf_c3 C3", "fire cs_inf_c2 C2", "fire cs_inf_c3 C3",
	}
	if got := btTurns(h, "duncan_field", 1); !slices.Equal(got, want1) {
		t.Errorf("round 1 turns (6.4, 4.24):\n got  %q\n want %q", got, want1)
	}
	want2 := slices.Clone(want1)
	want2[1] = "fire cs_art A2" // 4.24: back to A2 in round 2
	if got := btTurns(h, "duncan_field", 2); !slices.Equal(got, want2) {
		t.Errorf("round 2 turns:\n got  %q\n want %q", got, want2)
	}
	// Round 3: the CSA withdraws by doctrine; artillery only by the road border,
	// three by the clear border (battle limit 3), the rest by the woods (limit 2).
	want3 := []string{
		"fire us_art A2", "retreat cs_art west_clear", "fire us_sherman B3", "retreat cs_cav west_clear",
		"retreat cs_bragg west_clear", "fire us_inf_c2 C2", "fire us_inf_c3 C3",
		"retreat cs_inf_c2 west_woods", "retreat cs_inf_c3 west_woods",
	}
	if got := btTurns(h, "duncan_field", 3); !slices.Equal(got, want3) {
		t.Errorf("round 3 turns (6.7, 6.71, 4.24):\n got  %q\n want %q", got, want3)
	}
	ends := btEvents(h, EvBattleEnd)
	if len(ends) != 1 || ends[0].Winner != USA || ends[0].Round != 3 {
		t.Errorf("battle end: %+v", ends)
	}
	for _, e := range btEvents(h, EvRetreat) {
		if !strings.Contains(e.Text, "doctrine: withdraw after round 2") {
			t.Errorf("retreat text does not name its standing order: %q", e.Text)
		}
	}
}

// The rulebook's Battle Reserves Example (6.5).
func btReaScenario(extra ...BlockSpec) *Scenario {
	blocks := append([]BlockSpec{
		btBlock("cs_cleburne", CSA, Infantry, "C3"), btBlock("cs_shoup", CSA, Artillery, "A2"),
		btBlock("us_hildebrand", USA, Infantry, "C2"), btBlock("us_peabody", USA, Infantry, "C2"),
		btBlock("us_munch", USA, Artillery, "A2"),
	}, extra...)
	return btScenario(
		[]Area{
			btArea("rea_field", Clear), btArea("seay_field", Clear), btArea("rea_woods", Woods),
			btArea("water_oaks", Clear), btArea("shiloh_church", Clear), btArea("review_field", Clear),
		},
		[]Border{
			btBorder("rea_field", "seay_field", true, BorderFord),
			btBorder("rea_field", "rea_woods", true, BorderWoods),
			btBorder("rea_field", "water_oaks", true, BorderClear),
			btBorder("rea_field", "shiloh_church", false, BorderStream),
			btBorder("rea_field", "review_field", false, BorderWoods),
			btBorder("seay_field", "shiloh_church", false, BorderWoods),
			btBorder("water_oaks", "review_field", true, BorderClear),
		},
		blocks)
}

func TestBattleReservesExample(t *testing.T) {
	sc := btReaScenario()
	st := btState(sc, 2, "cs_cleburne@rea_field:3", "cs_shoup@rea_field:2",
		"us_hildebrand@rea_field:2", "us_peabody@rea_field:2", "us_munch@rea_field:2")
	b := &battle{Area: "rea_field", Attacker: CSA, Entries: []battleEntry{
		{Block: "cs_cleburne", Side: CSA, From: "seay_field"}, {Block: "cs_shoup", Side: CSA, From: "seay_field"},
		{Block: "us_peabody", Side: USA, From: "rea_woods", Reserve: true},
		{Block: "us_munch", Side: USA, From: "rea_woods", Reserve: true},
	}}
	dice := btCat(
		[]int{6, 6}, []int{6, 6}, []int{1, 2, 6}, // round 1: Shoup, Hildebrand, Cleburne (2 hits)
		btSixes(9), // round 2: Shoup, Munch, Cleburne, Peabody
		btSixes(9), // round 3
		btSixes(5), // round 4: Shoup and Cleburne pursue; Munch and Peabody retreat
	)
	h := btRun(t, sc, st, CSA, [2]*Orders{}, []*battle{b}, dice...)
	want := [][]string{
		{"fire cs_shoup A1", "fire us_hildebrand C2", "fire cs_cleburne C3"},
		{"fire cs_shoup A2", "fire us_munch A1", "fire cs_cleburne C3", "fire us_peabody C2"},
		{"fire cs_shoup A2", "fire us_munch A2", "fire cs_cleburne C3", "fire us_peabody C2"},
		{"fire cs_shoup A1", "retreat us_munch rea_woods", "fire cs_cleburne C2", "retreat us_peabody rea_woods"},
	}
	for r, w := range want {
		if got := btTurns(h, "rea_field", r+1); !slices.Equal(got, w) {
			t.Errorf("round %d turns:\n got  %q\n want %q\n%s", r+1, got, w, btDump(h))
		}
	}
	if sw := btEvents(h, EvSwap); len(sw) != 1 || sw[0].Round != 2 || sw[0].Attacker != USA {
		t.Errorf("6.5: want one swap in round 2 making USA the attacker, got %+v", sw)
	}
	rs := btEvents(h, EvReserves)
	if len(rs) != 1 || rs[0].Round != 2 || !slices.Equal(rs[0].Blocks, []BlockID{"us_munch", "us_peabody"}) {
		t.Errorf("6.5: reserves arrive in round 2: %+v", rs)
	}
	bt := btEvents(h, EvBattle)
	if len(bt) != 1 {
		t.Fatalf("battle events: %+v", bt)
	}
	var reserves []BlockID
	for _, r := range bt[0].Revealed {
		if r.Reserve {
			reserves = append(reserves, r.Block)
		}
	}
	if len(bt[0].Revealed) != 5 || !slices.Equal(reserves, []BlockID{"us_munch", "us_peabody"}) {
		t.Errorf("6.2: every block revealed, reserves marked: %+v", bt[0].Revealed)
	}
	btWant(t, h, "us_hildebrand", Eliminated, "", 0)
	btWant(t, h, "us_munch", OnMap, "rea_woods", 2)
	btWant(t, h, "cs_cleburne", OnMap, "rea_field", 3)
	if len(h.st.Losses) != 1 || h.st.Losses[0] != (Loss{Block: "us_hildebrand", Side: USA, Hour: 2}) {
		t.Errorf("6.9 losses: %+v", h.st.Losses)
	}
	if e := btEvents(h, EvBattleEnd); len(e) != 1 || e[0].Winner != CSA || e[0].Round != 4 {
		t.Errorf("battle end: %+v", e)
	}
	wantS := []Sighting{
		{Viewer: USA, Block: "cs_cleburne", Area: "rea_field", Strength: 3, Hour: 2},
		{Viewer: USA, Block: "cs_shoup", Area: "rea_field", Strength: 2, Hour: 2},
		{Viewer: CSA, Block: "us_munch", Area: "rea_woods", Strength: 2, Hour: 2},
		{Viewer: CSA, Block: "us_peabody", Area: "rea_woods", Strength: 2, Hour: 2},
	}
	if !slices.Equal(h.st.Sightings, wantS) {
		t.Errorf("sightings:\n got  %+v\n want %+v", h.st.Sightings, wantS)
	}
}

// The rulebook's Battle Hits Example (6.6): a USA 3-step block scores two hits on a
// 2-step and a 3-step CSA block. The first must fall on the 3-step block; the
// second is the owner's choice between two 2-step blocks.
func TestBattleHitsExample(t *testing.T) {
	for _, tc := range []struct {
		name   string
		csa    *Orders
		a, b   int // strengths of cs_two and cs_three after the USA's fire
		second BlockID
	}{
		{"default: lower firepower first", nil, 1, 2, "cs_two"},
		{"losses first list", &Orders{Side: CSA, LossesFirst: []BlockID{"cs_three"}}, 2, 1, "cs_three"},
		{"losses last list", &Orders{Side: CSA, LossesLast: []BlockID{"cs_two"}}, 2, 1, "cs_three"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := btScenario(
				[]Area{btArea("rea_field", Clear), btArea("seay_field", Clear)},
				[]Border{btBorder("rea_field", "seay_field", true, BorderClear)},
				[]BlockSpec{btBlock("us_x", USA, Infantry, "C3"), btBlock("cs_two", CSA, Infantry, "C2"), btBlock("cs_three", CSA, Infantry, "C3")})
			st := btState(sc, 2, "us_x@rea_field:3", "cs_two@rea_field:2", "cs_three@rea_field:3")
			b := &battle{Area: "rea_field", Attacker: CSA, Entries: []battleEntry{
				{Block: "cs_two", Side: CSA, From: "seay_field"}, {Block: "cs_three", Side: CSA, From: "seay_field"}}}
			// USA defends and fires first (6.4): 1, 2 hit, 6 misses. Then the CSA
			// blocks' remaining steps (1 + 2 or 2 + 1 dice) hit three times.
			h := btRun(t, sc, st, CSA, [2]*Orders{nil, tc.csa}, []*battle{b}, 1, 2, 6, 1, 1, 1)
			hits := btEvents(h, EvHit)
			if len(hits) < 2 || hits[0].Block != "cs_three" || hits[1].Block != tc.second {
				t.Fatalf("hits: %+v", hits)
			}
			btWant(t, h, "cs_two", OnMap, "rea_field", tc.a)
			btWant(t, h, "cs_three", OnMap, "rea_field", tc.b)
			btWant(t, h, "us_x", Eliminated, "", 0)
		})
	}
}

// Ties for the strongest block without lists: non-HQ before HQ, lower firepower
// first (number, then letter), then id (6.6; DESIGN §2.6).
func TestHitTieDefaults(t *testing.T) {
	sc := btScenario([]Area{btArea("a", Clear)}, nil, []BlockSpec{
		btBlock("cs_hq", CSA, HQ, "B1"), btBlock("cs_art", CSA, Artillery, "A2"),
		btBlock("cs_inf", CSA, Infantry, "C2"), btBlock("cs_inf_b", CSA, Infantry, "C2"), btBlock("cs_big", CSA, Infantry, "C4"),
	})
	st := btState(sc, 1, "cs_hq@a:2", "cs_art@a:2", "cs_inf@a:2", "cs_inf_b@a:2", "cs_big@a:3")
	h := newHour(sc, st, [2]*Orders{}, NewScriptedDice())
	all := []BlockID{"cs_art", "cs_big", "cs_hq", "cs_inf", "cs_inf_b"}
	var got []BlockID
	for range 5 {
		id := h.strongestFor(all, CSA, false)
		got = append(got, id)
		h.block(id).Strength--
	}
	// cs_big (3) first; then all at 2: the C2 infantry by id, the A2 artillery
	// (same number, A ranks above C), C4 cs_big; the HQ last.
	want := []BlockID{"cs_big", "cs_inf", "cs_inf_b", "cs_art", "cs_big"}
	if !slices.Equal(got, want) {
		t.Errorf("hit order: got %v, want %v", got, want)
	}
}

// The rulebook's Pursuit Fire example (6.73): in round 4 the attacking artillery
// retreats, the defending cavalry fires at B1 (normal), the defending infantry at
// C2 (C3 -1), the attacking infantry retreats.
func TestPursuitFireExample(t *testing.T) {
	sc := btScenario(
		[]Area{btArea("rea_field", Clear), btArea("seay_field", Clear)},
		[]Border{btBorder("rea_field", "seay_field", true, BorderFord)},
		[]BlockSpec{btBlock("cs_art", CSA, Artillery, "A2"), btBlock("cs_inf", CSA, Infantry, "C2"),
			btBlock("us_cav", USA, Cavalry, "B1"), btBlock("us_inf", USA, Infantry, "C3")})
	st := btState(sc, 4, "cs_art@rea_field:1", "cs_inf@rea_field:1", "us_cav@rea_field:1", "us_inf@rea_field:1")
	b := &battle{Area: "rea_field", Attacker: CSA, Entries: []battleEntry{
		{Block: "cs_art", Side: CSA, From: "seay_field"}, {Block: "cs_inf", Side: CSA, From: "seay_field"}}}
	h := btRun(t, sc, st, USA, [2]*Orders{}, []*battle{b}, btSixes(4*3+2)...)
	want := []string{"retreat cs_art seay_field", "fire us_cav B1", "fire us_inf C2", "retreat cs_inf seay_field"}
	if got := btTurns(h, "rea_field", 4); !slices.Equal(got, want) {
		t.Errorf("round 4:\n got  %q\n want %q", got, want)
	}
	if got := btTurns(h, "rea_field", 1); got[0] != "fire cs_art A1" {
		t.Errorf("4.24: attacking artillery A1 in round 1: %q", got)
	}
	btWant(t, h, "cs_art", OnMap, "seay_field", 1)
	if e := btEvents(h, EvBattleEnd); len(e) != 1 || e[0].Winner != USA {
		t.Errorf("battle end: %+v", e)
	}
}

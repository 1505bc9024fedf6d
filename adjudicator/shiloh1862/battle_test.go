package shiloh1862

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
		t.Errorf("%d scripted dice left over; thrown: %s", d.Remaining(), d.Thrown())
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
		if e.Area != area || int(e.Round) != round {
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
		fmt.Fprintf(&b, "  %s r%d %s: %s\n", e.Kind, e.Round, e.Block, e.Why)
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
		if !strings.Contains(e.Why.String(), "ev.doctrine{source=doctrine-source.doctrine doctrine=doctrine.withdraw-after{round=2}}") {
			t.Errorf("retreat does not name its standing order: %s", e.Why)
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

// reaAttack is Cleburne (and friends) attacking Rea Field from Seay Field.
func reaAttack(ids ...BlockID) *battle {
	b := &battle{Area: "rea_field", Attacker: CSA}
	for _, id := range ids {
		b.Entries = append(b.Entries, battleEntry{Block: id, Side: CSA, From: "seay_field"})
	}
	return b
}

// 6.74: defenders retreat into friendly or vacant areas, never by a border the
// attacker used; with no retreat list the default prefers a friendly area.
func TestDefenderRetreat(t *testing.T) {
	for _, tc := range []struct {
		name    string
		doc     Doctrine
		to      AreaID
		textHas string
	}{
		{"default friendly first", Doctrine{Area: "rea_field", Kind: WithdrawAfter, AfterRound: 1}, "water_oaks", "how=ev.retreat-default"},
		{"retreat list, attack border skipped", Doctrine{Kind: WithdrawAfter, AfterRound: 1, Retreat: []AreaID{"seay_field", "review_field"}}, "review_field", "how=ev.retreat-listed"},
		{"withdraw if weaker", Doctrine{Kind: WithdrawIfWeaker}, "water_oaks", "doctrine.withdraw-if-weaker} steps=1 enemy=3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := btReaScenario()
			st := btState(sc, 2, "cs_cleburne@rea_field:3", "us_hildebrand@rea_field:1", "us_peabody@water_oaks:2")
			usa := &Orders{Side: USA, Doctrine: []Doctrine{tc.doc}}
			// Round 1: Hildebrand and Cleburne miss; round 2 Hildebrand withdraws.
			h := btRun(t, sc, st, CSA, [2]*Orders{usa, nil}, []*battle{reaAttack("cs_cleburne")}, 6, 6, 6, 6)
			btWant(t, h, "us_hildebrand", OnMap, tc.to, 1)
			rs := btEvents(h, EvRetreat)
			if len(rs) != 1 || rs[0].Rule != "6.74" || !strings.Contains(rs[0].Why.String(), tc.textHas) {
				t.Errorf("retreat events: %+v", rs)
			}
			if e := btEvents(h, EvBattleEnd); len(e) != 1 || e[0].Winner != CSA || e[0].Round != 2 {
				t.Errorf("battle end: %+v", e)
			}
			for _, r := range h.rep.Results {
				t.Errorf("the doctrine applied, yet a result says %+v", r)
			}
		})
	}
}

// 6.72 and the Retreat Borders sidebar: attackers retreat into a friendly area by
// any border, or into a vacant one only by a border used to attack; battle limits
// count per border per round (6.71).
func TestAttackerRetreatBorders(t *testing.T) {
	sc := btReaScenario(btBlock("cs_wood", CSA, Infantry, "C3"), btBlock("cs_other", CSA, Infantry, "C2"))
	st := btState(sc, 2, "cs_cleburne@rea_field:1", "cs_wood@rea_field:1", "cs_other@shiloh_church:1", "us_hildebrand@rea_field:2")
	csa := &Orders{Side: CSA, Doctrine: []Doctrine{{Kind: WithdrawAfter, AfterRound: 1}}}
	h := btRun(t, sc, st, CSA, [2]*Orders{nil, csa}, []*battle{reaAttack("cs_cleburne", "cs_wood")}, btSixes(2+1+1+2)...)
	want := []string{"fire us_hildebrand C2", "retreat cs_cleburne shiloh_church", "retreat cs_wood seay_field"}
	if got := btTurns(h, "rea_field", 2); !slices.Equal(got, want) {
		t.Errorf("round 2:\n got  %q\n want %q", got, want)
	}
}

// 4.24, 6.7: artillery retreats only by a road border, and a block that must retreat
// but cannot is eliminated; here the attack border's area became enemy.
func TestForcedRetreatEliminated(t *testing.T) {
	sc := btReaScenario(btBlock("us_x", USA, Infantry, "C2"))
	st := btState(sc, 2, "cs_shoup@rea_field:1", "cs_cleburne@shiloh_church:1", "us_hildebrand@rea_field:1", "us_x@seay_field:1")
	h := btRun(t, sc, st, CSA, [2]*Orders{}, []*battle{reaAttack("cs_shoup")}, btSixes(2*3)...)
	// Round 4: Shoup (A) moves first, cannot retreat and is eliminated; the battle
	// is over before Hildebrand's turn.
	if got := btTurns(h, "rea_field", 4); len(got) != 0 {
		t.Errorf("round 4: %q", got)
	}
	btWant(t, h, "cs_shoup", Eliminated, "", 0)
	el := btEvents(h, EvEliminated)
	if len(el) != 1 || el[0].Block != "cs_shoup" || el[0].Why.Code != "ev.eliminated-no-retreat" {
		t.Errorf("eliminated: %+v", el)
	}
	if len(h.st.Losses) != 1 || h.st.Losses[0].Side != CSA {
		t.Errorf("losses: %+v", h.st.Losses)
	}
}

// 6.75: a block may retreat into a full area, loses a step and must move on to an
// understacked friendly or vacant area, or is eliminated.
func TestOverstackedRetreat(t *testing.T) {
	for _, tc := range []struct {
		name     string
		extra    []string
		where    Where
		area     AreaID
		strength int
	}{
		{"moves on", nil, OnMap, "g", 1},
		{"nowhere to go", []string{"cs_y@g:1"}, Eliminated, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := btArea("f", Clear)
			f.Stack = 1
			sc := btScenario(
				[]Area{btArea("x", Clear), btArea("a", Clear), f, btArea("g", Clear)},
				[]Border{btBorder("x", "a", false, BorderClear), btBorder("x", "f", false, BorderClear), btBorder("f", "g", false, BorderClear)},
				[]BlockSpec{btBlock("us_h", USA, Infantry, "C2"), btBlock("us_full", USA, Infantry, "C2"),
					btBlock("cs_x", CSA, Infantry, "C2"), btBlock("cs_y", CSA, Infantry, "C2")})
			st := btState(sc, 2, append([]string{"us_h@x:2", "us_full@f:1", "cs_x@x:1"}, tc.extra...)...)
			usa := &Orders{Side: USA, Doctrine: []Doctrine{{Kind: WithdrawAfter, AfterRound: 1}}}
			b := &battle{Area: "x", Attacker: CSA, Entries: []battleEntry{{Block: "cs_x", Side: CSA, From: "a"}}}
			h := btRun(t, sc, st, CSA, [2]*Orders{usa, nil}, []*battle{b}, 6, 6, 6)
			btWant(t, h, "us_h", tc.where, tc.area, tc.strength)
			found := false
			for _, e := range h.rep.Events {
				found = found || (e.Kind == EvHit && e.Rule == "6.75" && e.Block == "us_h")
			}
			if !found {
				t.Errorf("no 6.75 step loss:\n%s", btDump(h))
			}
		})
	}
}

// 4.23: cavalry may retreat in round 1 (here by "withdraw if weaker"); 6.1: Webster
// never retreats, whatever the doctrine says, and fires instead.
func TestCavalryAndWebster(t *testing.T) {
	web := btBlock("us_webster", USA, Artillery, "A3")
	web.Siege = true
	sc := btReaScenario(btBlock("us_cav", USA, Cavalry, "B1"), web)
	st := btState(sc, 2, "cs_cleburne@rea_field:3", "us_cav@rea_field:1", "us_webster@rea_field:1", "us_peabody@water_oaks:1")
	usa := &Orders{Side: USA, Doctrine: []Doctrine{{Kind: WithdrawIfWeaker}}}
	h := btRun(t, sc, st, CSA, [2]*Orders{usa, nil}, []*battle{reaAttack("cs_cleburne")},
		6, 6, 6, 6, // round 1: Webster 1 die (2 steps against 3), Cleburne 3
		6, 1, 6, 6) // round 2: Webster fires again, Cleburne's hit eliminates it
	want1 := []string{"fire us_webster A3", "retreat us_cav water_oaks", "fire cs_cleburne C3"}
	if got := btTurns(h, "rea_field", 1); !slices.Equal(got, want1) {
		t.Errorf("round 1:\n got  %q\n want %q", got, want1)
	}
	var webFire []Event
	for _, e := range btEvents(h, EvFire) {
		if e.Block == "us_webster" && e.Round == 2 {
			webFire = append(webFire, e)
		}
	}
	if len(webFire) != 1 || !strings.Contains(webFire[0].Why.String(), "ev.stays-siege") {
		t.Errorf("Webster round 2: %+v", webFire)
	}
	btWant(t, h, "us_webster", Eliminated, "", 0)
	if rs := btEvents(h, EvRetreat); len(rs) != 1 || !strings.Contains(rs[0].Rule, "4.23") {
		t.Errorf("cavalry retreat: %+v", rs)
	}
}

// 6.8: the victor regroups by its orders; battle limits, artillery roads and unused
// orders are reported.
func TestRegroup(t *testing.T) {
	sc := btReaScenario(btBlock("cs_wood", CSA, Infantry, "C2"))
	st := btState(sc, 2, "cs_cleburne@rea_field:3", "cs_shoup@rea_field:1", "cs_wood@rea_field:1", "us_hildebrand@rea_field:1")
	csa := &Orders{Side: CSA, Regroup: []Regroup{
		{Area: "water_oaks", To: "review_field"},
		{Area: "rea_field", Blocks: []BlockID{"cs_shoup"}, To: "shiloh_church"},
		{Area: "rea_field", To: "review_field"},
	}}
	h := btRun(t, sc, st, CSA, [2]*Orders{nil, csa}, []*battle{reaAttack("cs_cleburne", "cs_shoup", "cs_wood")},
		6, 6, 6, 1, 6, 6) // Shoup, Hildebrand, Wood miss; Cleburne's 1 eliminates Hildebrand
	btWant(t, h, "cs_cleburne", OnMap, "review_field", 3)
	btWant(t, h, "cs_wood", OnMap, "review_field", 1)
	btWant(t, h, "cs_shoup", OnMap, "rea_field", 1)
	got := map[int]Status{}
	for _, r := range h.rep.Results {
		if r.Order.Kind == "regroup" {
			got[r.Order.Index] = r.Status
		}
	}
	want := map[int]Status{0: Unused, 1: Dropped, 2: Partial}
	for i, s := range want {
		if got[i] != s {
			t.Errorf("regroup %d: got %q, want %q (results %+v)", i, got[i], s, h.rep.Results)
		}
	}
}

// 6.2: Player 1's list first, then the others in the order they began; area
// control left by one battle decides the next battle's retreats.
func TestBattleSequence(t *testing.T) {
	sc := btReaScenario(btBlock("cs_wood", CSA, Infantry, "C2"))
	st := btState(sc, 2, "cs_cleburne@rea_field:1", "us_hildebrand@rea_field:1", "cs_wood@water_oaks:1", "us_peabody@water_oaks:2")
	rea := reaAttack("cs_cleburne")
	oaks := &battle{Area: "water_oaks", Attacker: CSA, Entries: []battleEntry{{Block: "cs_wood", Side: CSA, From: "review_field"}}}
	csa := &Orders{Side: CSA, Battles: []AreaID{"water_oaks", "bark_road", "water_oaks"}}
	usa := &Orders{Side: USA, Battles: []AreaID{"rea_field"}, Doctrine: []Doctrine{
		{Area: "rea_field", Kind: WithdrawAfter, AfterRound: 1}, {Area: "seay_field", Kind: WithdrawIfWeaker}}}
	h := btRun(t, sc, st, CSA, [2]*Orders{usa, csa}, []*battle{rea, oaks},
		1, 6, // Water Oaks: Peabody eliminates Wood
		6, 6) // Rea Field round 1; round 2 Hildebrand withdraws to USA-held Water Oaks
	bs := btEvents(h, EvBattle)
	if len(bs) != 2 || bs[0].Area != "water_oaks" || bs[1].Area != "rea_field" {
		t.Fatalf("battle order: %+v", bs)
	}
	btWant(t, h, "us_hildebrand", OnMap, "water_oaks", 1)
	var got []string
	for _, r := range h.rep.Results {
		got = append(got, fmt.Sprintf("%s %s %d %s", r.Side, r.Order.Kind, r.Order.Index, r.Status))
	}
	want := []string{"CSA battles 0 executed", "CSA battles 1 unused", "CSA battles 2 unused", "USA battles 0 unused", "USA doctrine 1 unused"}
	if !slices.Equal(got, want) {
		t.Errorf("results:\n got  %q\n want %q", got, want)
	}
}

func riverScenario(extra ...BlockSpec) *Scenario {
	pl, hg := btArea("pittsburg_landing", Clear), btArea("haggy_field", Clear)
	pl.Riverfront, pl.Landing, hg.Riverfront = true, true, true
	blocks := append([]BlockSpec{
		btBlock("us_lexington", USA, Gunboat, "A3"), btBlock("us_tyler", USA, Gunboat, "A3"),
		btBlock("cs_a", CSA, Infantry, "C3"), btBlock("cs_b", CSA, Infantry, "C2"), btBlock("cs_c", CSA, Infantry, "C2"),
	}, extra...)
	return btScenario(
		[]Area{btArea("tennessee_river", River), pl, hg, btArea("dill_field", Clear)},
		[]Border{
			btBorder("tennessee_river", "pittsburg_landing", false, BorderRiver),
			btBorder("tennessee_river", "haggy_field", false, BorderRiver),
			btBorder("pittsburg_landing", "dill_field", false, BorderClear),
			btBorder("haggy_field", "dill_field", false, BorderClear),
		},
		blocks)
}

// 4.25: gunboats attack from the river at A3, lose a step after each round they
// fire, cannot eliminate, cannot be fired at, never retreat; CSA blocks may retreat
// normally.
func TestGunboats(t *testing.T) {
	for _, tc := range []struct {
		name   string
		csa    *Orders
		winner Side
		area   AreaID
	}{
		{"CSA hold", nil, CSA, "pittsburg_landing"},
		{"CSA withdraw", &Orders{Side: CSA, Doctrine: []Doctrine{{Kind: WithdrawAfter, AfterRound: 1}}}, USA, "dill_field"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := riverScenario()
			st := btState(sc, 8, "us_lexington@tennessee_river:2", "us_tyler@tennessee_river:2",
				"cs_a@pittsburg_landing:3", "cs_b@pittsburg_landing:2")
			b := &battle{Area: "pittsburg_landing", Attacker: USA, Entries: []battleEntry{
				{Block: "us_lexington", Side: USA, From: "tennessee_river"}, {Block: "us_tyler", Side: USA, From: "tennessee_river"}}}
			// Lexington: two hits (cs_a 3 to 2, then cs_b of the tied pair); Tyler: two
			// hits, the second lost (every CSA block at its last step). From round 2
			// no CSA block can take a gunboat hit and the gunboats hold fire.
			h := btRun(t, sc, st, USA, [2]*Orders{nil, tc.csa}, []*battle{b}, 1, 2, 1, 1)
			r1 := []string{"fire us_lexington A3", "fire us_tyler A3", "pass cs_b C2", "pass cs_a C3"}
			if got := btTurns(h, "pittsburg_landing", 1); !slices.Equal(got, r1) {
				t.Errorf("round 1:\n got  %q\n want %q\n%s", got, r1, btDump(h))
			}
			btWant(t, h, "cs_a", OnMap, tc.area, 1)
			btWant(t, h, "cs_b", OnMap, tc.area, 1)
			btWant(t, h, "us_lexington", OnMap, "tennessee_river", 1)
			btWant(t, h, "us_tyler", OnMap, "tennessee_river", 1)
			if e := btEvents(h, EvBattleEnd); len(e) != 1 || e[0].Winner != tc.winner {
				t.Errorf("battle end: %+v", e)
			}
			if len(h.st.Losses) != 0 {
				t.Errorf("gunboat fire cannot eliminate: %+v", h.st.Losses)
			}
		})
	}
}

func hqScenario() *Scenario {
	grant := btBlock("us_grant", USA, HQ, "B2")
	grant.HQKind = AHQ
	buell := btBlock("us_buell", USA, HQ, "B2")
	buell.HQKind, buell.Army = AHQ, ArmyUSOH
	johnston := btBlock("cs_johnston", CSA, HQ, "B3")
	johnston.HQKind = AHQ
	beau := btBlock("cs_beauregard", CSA, HQ, "B2")
	beau.HQKind = AHQ
	sc := btScenario([]Area{btArea("a", Clear)}, nil, []BlockSpec{
		grant, buell, johnston, beau, btBlock("us_sherman", USA, HQ, "B3"), btBlock("us_mcclernand", USA, HQ, "B2"),
		btBlock("cs_polk", CSA, HQ, "B2"), btBlock("cs_bragg", CSA, HQ, "B1"),
	})
	sc.OB.Seniority = []Seniority{
		{Army: ArmyUSTN, HQs: []BlockID{"us_grant", "us_sherman", "us_mcclernand"}},
		{Army: ArmyUSOH, HQs: []BlockID{"us_buell"}},
		{Army: ArmyCSA, HQs: []BlockID{"cs_johnston", "cs_beauregard", "cs_polk", "cs_bragg"}},
	}
	return sc
}

// 6.91: an HQ at 0 taking a hit falls; the enemy scores a Fallen HQ; army HQs are
// never replaced and the senior HQ on the field takes army command.
func TestHQFalls(t *testing.T) {
	for _, tc := range []struct {
		name    string
		places  []string
		elim    []BlockID // eliminated before the hit
		command []ArmyCommand
		hit     BlockID
		where   Where
		after   []ArmyCommand
	}{
		{"division HQ is rebuilt later", []string{"us_sherman@a:0", "us_grant@a:1"}, nil, nil, "us_sherman", Fallen, nil},
		{"Grant falls, Buell on the field", []string{"us_grant@a:0", "us_buell@a:1", "us_sherman@a:1"}, nil, nil, "us_grant", Eliminated,
			[]ArmyCommand{{ArmyUSTN, "us_buell"}}},
		{"Grant falls, Buell not yet arrived", []string{"us_grant@a:0", "us_sherman@a:1"}, nil, nil, "us_grant", Eliminated,
			[]ArmyCommand{{ArmyUSTN, "us_sherman"}}},
		{"successor Sherman falls", []string{"us_sherman@a:0", "us_mcclernand@a:1"}, []BlockID{"us_grant"},
			[]ArmyCommand{{ArmyUSTN, "us_sherman"}}, "us_sherman", Eliminated, []ArmyCommand{{ArmyUSTN, "us_mcclernand"}}},
		{"acting Sherman falls before Grant arrives", []string{"us_sherman@a:0", "us_mcclernand@a:1"}, nil,
			[]ArmyCommand{{ArmyUSTN, "us_sherman"}}, "us_sherman", Fallen, []ArmyCommand{{ArmyUSTN, "us_mcclernand"}}},
		{"Buell falls commanding both armies", []string{"us_buell@a:0", "us_sherman@a:1"}, []BlockID{"us_grant"},
			[]ArmyCommand{{ArmyUSTN, "us_buell"}}, "us_buell", Eliminated, []ArmyCommand{{ArmyUSTN, "us_sherman"}}},
		{"Johnston falls, Beauregard commands", []string{"cs_johnston@a:0", "cs_beauregard@a:1", "cs_polk@a:1"}, nil, nil, "cs_johnston", Eliminated, nil},
		{"both CSA AHQs fall: Polk", []string{"cs_beauregard@a:0", "cs_polk@a:1", "cs_bragg@a:1"}, []BlockID{"cs_johnston"}, nil, "cs_beauregard", Eliminated,
			[]ArmyCommand{{ArmyCSA, "cs_polk"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := hqScenario()
			st := btState(sc, 5, tc.places...)
			for _, id := range tc.elim {
				st.Block(id).Where = Eliminated
			}
			st.ArmyCommand = tc.command
			h := newHour(sc, st, [2]*Orders{}, NewScriptedDice())
			if h.takeLoss(tc.hit, "a", 2, "6.6", because("ev.test")) {
				t.Fatal("the HQ survived")
			}
			b := h.block(tc.hit)
			if b.Where != tc.where || b.Strength != 0 || b.Falls != 1 {
				t.Errorf("%s: %+v, want %s", tc.hit, b, tc.where)
			}
			side := sc.OB.Block(tc.hit).Side
			if len(h.st.Losses) != 1 || h.st.Losses[0] != (Loss{Block: tc.hit, Side: side, Hour: 5, HQFall: true}) {
				t.Errorf("losses: %+v", h.st.Losses)
			}
			if !slices.Equal(h.st.ArmyCommand, tc.after) {
				t.Errorf("army command: got %+v, want %+v\n%s", h.st.ArmyCommand, tc.after, btDump(h))
			}
			if len(tc.after) > 0 && len(btEvents(h, EvSuccession)) == 0 {
				t.Error("no succession event")
			}
		})
	}
}

// Pond (optional): a CSA roll of 6 scores one friendly hit on Pond per battle.
func TestPond(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("pond ", on), func(t *testing.T) {
			pond := btBlock("cs_pond", CSA, Infantry, "C3")
			pond.Pond = true
			sc := btReaScenario(pond)
			st := btState(sc, 2, "cs_pond@rea_field:3", "cs_cleburne@rea_field:2", "us_hildebrand@rea_field:2")
			st.Options.Pond = on
			// Round 1: Hildebrand misses; Cleburne (C3, id before Pond) 6 and 1: a hit
			// and, with the rule, a friendly hit on Pond; Pond's own sixes never hit
			// it. Round 2: Cleburne's second 6 does not hit Pond again.
			pondDice := btSixes(3)
			if on {
				pondDice = btSixes(2) // Pond is down to 2 steps when its turn comes
			}
			h := btRun(t, sc, st, CSA, [2]*Orders{}, []*battle{reaAttack("cs_cleburne", "cs_pond")},
				btCat([]int{6, 6, 6, 1}, pondDice, []int{6, 6, 1})...)
			want := 3
			if on {
				want = 2
			}
			btWant(t, h, "cs_pond", OnMap, "rea_field", want)
			btWant(t, h, "us_hildebrand", Eliminated, "", 0)
		})
	}
}

// Flanking (optional): blocks crossing a border other than the main attack's wait a
// round and fire +1 in their first round.
func TestFlanking(t *testing.T) {
	sc := btReaScenario(btBlock("cs_m1", CSA, Infantry, "C3"), btBlock("cs_m2", CSA, Infantry, "C3"), btBlock("cs_f", CSA, Infantry, "C2"))
	st := btState(sc, 2, "cs_m1@rea_field:1", "cs_m2@rea_field:1", "cs_f@rea_field:1", "us_hildebrand@rea_field:2")
	st.Options.Flanking = true
	b := reaAttack("cs_m1", "cs_m2")
	b.Entries = append(b.Entries, battleEntry{Block: "cs_f", Side: CSA, From: "review_field"})
	h := btRun(t, sc, st, CSA, [2]*Orders{}, []*battle{b},
		6, 6, 6, 6, // round 1: Hildebrand, the two main attackers
		6, 6, 3, 1) // round 2: Hildebrand; cs_f at C3 hits with a 3; cs_m1 finishes it
	r1 := []string{"fire us_hildebrand C2", "fire cs_m1 C3", "fire cs_m2 C3"}
	r2 := []string{"fire us_hildebrand C2", "fire cs_f C3", "fire cs_m1 C3"}
	if got := btTurns(h, "rea_field", 1); !slices.Equal(got, r1) {
		t.Errorf("round 1:\n got  %q\n want %q", got, r1)
	}
	if got := btTurns(h, "rea_field", 2); !slices.Equal(got, r2) {
		t.Errorf("round 2:\n got  %q\n want %q", got, r2)
	}
	if rs := btEvents(h, EvReserves); len(rs) != 1 || !slices.Equal(rs[0].Blocks, []BlockID{"cs_f"}) {
		t.Errorf("flank reserves: %+v", rs)
	}
}

// 3.35 and the Firepower Penalties sidebar: attackers across a ravine fire -1 in
// their first round; firepower 0 means no roll.
func TestRavine(t *testing.T) {
	sc := btScenario(
		[]Area{btArea("x", Clear), btArea("r", Clear)},
		[]Border{btBorder("x", "r", false, BorderRavine)},
		[]BlockSpec{btBlock("cs_one", CSA, Infantry, "C1"), btBlock("cs_two", CSA, Infantry, "C2"), btBlock("us_h", USA, Infantry, "C2")})
	st := btState(sc, 2, "cs_one@x:2", "cs_two@x:1", "us_h@x:1")
	b := &battle{Area: "x", Attacker: CSA, Entries: []battleEntry{{Block: "cs_one", Side: CSA, From: "r"}, {Block: "cs_two", Side: CSA, From: "r"}}}
	h := btRun(t, sc, st, CSA, [2]*Orders{}, []*battle{b}, 6, 1)
	want := []string{"fire us_h C2", "pass cs_one C0", "fire cs_two C1"}
	if got := btTurns(h, "x", 1); !slices.Equal(got, want) {
		t.Errorf("round 1:\n got  %q\n want %q", got, want)
	}
}

// 5.6: blocks arriving from off the map that attack their entry area deploy there
// and may regroup if they win; if they lose they retreat off the map, eliminated.
func TestOffboardArrival(t *testing.T) {
	sc := btScenario(
		[]Area{btArea("road_a", Clear), btArea("next", Clear)},
		[]Border{btBorder("road_a", "next", false, BorderClear)},
		[]BlockSpec{btBlock("cs_arr", CSA, Infantry, "C3"), btBlock("us_d", USA, Infantry, "C3")})
	b := func() *battle {
		return &battle{Area: "road_a", Attacker: CSA, Entries: []battleEntry{{Block: "cs_arr", Side: CSA}}}
	}
	t.Run("lost", func(t *testing.T) {
		st := btState(sc, 2, "cs_arr@road_a:1", "us_d@road_a:3")
		h := btRun(t, sc, st, CSA, [2]*Orders{}, []*battle{b()}, btSixes(4*3+3)...)
		btWant(t, h, "cs_arr", Eliminated, "", 0)
		rs := btEvents(h, EvRetreat)
		if len(rs) != 1 || rs[0].To != OffBoard || rs[0].Round != 4 {
			t.Errorf("retreat off the map: %+v", rs)
		}
		if len(h.st.Losses) != 1 || h.st.Losses[0].Block != "cs_arr" {
			t.Errorf("losses: %+v", h.st.Losses)
		}
	})
	t.Run("won", func(t *testing.T) {
		st := btState(sc, 2, "cs_arr@road_a:2", "us_d@road_a:1")
		csa := &Orders{Side: CSA, Regroup: []Regroup{{Area: "road_a", To: "next"}}}
		h := btRun(t, sc, st, CSA, [2]*Orders{nil, csa}, []*battle{b()}, 6, 1, 6)
		btWant(t, h, "cs_arr", OnMap, "next", 2)
	})
}

// TestBattleRandomInvariants fights many random battles on the Rea Field map with
// stream dice and random standing orders, and checks what must always hold: the
// battle area is no longer contested, strengths stay within 0..max, blocks leave
// the map only as eliminated (or fallen HQs) with a loss recorded, sightings stay
// sorted, unique and on the map, and no retreat or regroup enters an enemy area.
func TestBattleRandomInvariants(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	hq := btBlock("cs_hardee", CSA, HQ, "B2")
	cav := btBlock("us_cav", USA, Cavalry, "B1")
	web := btBlock("us_webster", USA, Artillery, "A3")
	web.Siege = true
	pond := btBlock("cs_pond", CSA, Infantry, "C2")
	pond.Pond = true
	sc := btReaScenario(hq, cav, web, pond, btBlock("cs_wood", CSA, Infantry, "C2"), btBlock("cs_art2", CSA, Artillery, "A2"),
		btBlock("us_sherman", USA, HQ, "B3"), btBlock("us_x", USA, Infantry, "C3"))
	from := []AreaID{"seay_field", "review_field", "water_oaks", "rea_woods", "shiloh_church"}
	for seed := range n {
		d := NewStreamDice([]byte(fmt.Sprint("battle invariants ", seed)))
		pick := func(k int) int { return (d.Roll(Phrase{})*6 + d.Roll(Phrase{})) % k }
		var places []string
		b := &battle{Area: "rea_field", Attacker: CSA}
		if pick(2) == 0 {
			b.Attacker = USA
		}
		for i, sp := range sc.OB.Blocks {
			if pick(3) == 0 && i > 0 {
				continue
			}
			s := 1 + pick(3)
			if sp.IsHQ() {
				s = pick(3)
			}
			if sp.Siege && sp.Side == b.Attacker {
				continue
			}
			f := from[pick(len(from))]
			switch {
			case pick(5) == 0:
				// Elsewhere: some neighbours are held by one side or the other.
				places = append(places, fmt.Sprintf("%s@%s:%d", sp.ID, f, s))
				continue
			case sp.Side == b.Attacker:
				b.Entries = append(b.Entries, battleEntry{Block: sp.ID, Side: sp.Side, From: f})
			case pick(3) == 0 && !sp.Siege:
				b.Entries = append(b.Entries, battleEntry{Block: sp.ID, Side: sp.Side, From: f, Reserve: true})
			}
			places = append(places, fmt.Sprintf("%s@rea_field:%d", sp.ID, s))
		}
		st := btState(sc, 3, places...)
		st.Options = Options{Visibility: VisBlocks, Pond: pick(2) == 0, Flanking: pick(2) == 0}
		if len(st.BlocksIn(sc, "rea_field", CSA)) == 0 || len(st.BlocksIn(sc, "rea_field", USA)) == 0 {
			continue
		}
		var ord [2]*Orders
		for _, s := range Sides {
			o := &Orders{Side: s}
			switch pick(3) {
			case 1:
				o.Doctrine = []Doctrine{{Kind: WithdrawAfter, AfterRound: pick(4), Retreat: []AreaID{from[pick(len(from))]}}}
			case 2:
				o.Doctrine = []Doctrine{{Area: "rea_field", Kind: WithdrawIfWeaker}}
			}
			o.Regroup = []Regroup{{Area: "rea_field", To: from[pick(len(from))]}}
			ord[s.Index()] = o
		}
		before := st.Clone()
		h := newHour(sc, st, ord, d)
		h.p1 = b.Attacker
		h.battles = []*battle{b}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("seed %d: panic %v\n%s", seed, r, btDump(h))
				}
			}()
			h.fightBattles()
		}()
		if _, contested := h.control("rea_field"); contested {
			t.Fatalf("seed %d: Rea Field still contested\n%s", seed, btDump(h))
		}
		losses := map[BlockID]int{}
		for _, l := range h.st.Losses {
			losses[l.Block]++
		}
		for i, bs := range h.st.Blocks {
			was := before.Blocks[i]
			if bs.Strength < 0 || bs.Strength > bs.Max {
				t.Fatalf("seed %d: %s strength %d", seed, bs.ID, bs.Strength)
			}
			if was.Where == OnMap && bs.Where != OnMap {
				if (bs.Where != Eliminated && bs.Where != Fallen) || losses[bs.ID] != 1 {
					t.Fatalf("seed %d: %s left the map as %s with %d losses", seed, bs.ID, bs.Where, losses[bs.ID])
				}
			}
			if bs.Where == OnMap && bs.Area != "rea_field" && bs.Area != was.Area {
				if c, _ := before.Control(sc, bs.Area); c == sc.OB.Block(bs.ID).Side.Enemy() {
					t.Fatalf("seed %d: %s went into enemy %s", seed, bs.ID, bs.Area)
				}
			}
		}
		for i, s := range h.st.Sightings {
			if i > 0 {
				p := h.st.Sightings[i-1]
				if p.Viewer > s.Viewer || (p.Viewer == s.Viewer && p.Block >= s.Block) {
					t.Fatalf("seed %d: sightings unsorted: %+v", seed, h.st.Sightings)
				}
			}
			if h.block(s.Block).Where != OnMap || sc.OB.Block(s.Block).Side == s.Viewer {
				t.Fatalf("seed %d: bad sighting %+v", seed, s)
			}
		}
	}
}

func BenchmarkBattleTurnExample(b *testing.B) {
	sc, st, bt := btTurnExample()
	csa := &Orders{Side: CSA, Doctrine: []Doctrine{{Kind: WithdrawIfWeaker}}}
	for i := 0; b.Loop(); i++ {
		h := newHour(sc, st, [2]*Orders{nil, csa}, NewStreamDice([]byte(fmt.Sprint(i))))
		h.p1 = CSA
		cp := *bt
		h.battles = []*battle{&cp}
		h.fightBattles()
	}
}

// TestEffectiveFirepower checks the firepower adjustments one by one: 4.24, 6.5,
// 3.35 (attackers in round 1, reinforcements in round 2), Flanking, 6.73.
func TestEffectiveFirepower(t *testing.T) {
	sc := btReaScenario(btBlock("us_cav", USA, Cavalry, "B1"), btBlock("us_x", USA, Infantry, "C3"))
	st := btState(sc, 2, "cs_shoup@rea_field:2", "cs_cleburne@rea_field:2", "us_munch@rea_field:2", "us_cav@rea_field:1", "us_x@rea_field:2")
	h := newHour(sc, st, [2]*Orders{}, NewScriptedDice())
	ft := &fight{h: h, area: "rea_field", attacker: CSA}
	for _, tc := range []struct {
		name  string
		f     fighter
		round int
		want  string
	}{
		{"attacking artillery round 1", fighter{id: "cs_shoup", side: CSA, entered: true, arrive: 1}, 1, "A1"},
		{"attacking artillery round 2", fighter{id: "cs_shoup", side: CSA, entered: true, arrive: 1}, 2, "A2"},
		{"attacking artillery over a ravine", fighter{id: "cs_shoup", side: CSA, entered: true, ravine: true, arrive: 1}, 1, "A0"},
		{"attacker over a ravine round 1", fighter{id: "cs_cleburne", side: CSA, entered: true, ravine: true, arrive: 1}, 1, "C2"},
		{"attacker over a ravine round 2", fighter{id: "cs_cleburne", side: CSA, entered: true, ravine: true, arrive: 1}, 2, "C3"},
		{"reinforcing artillery round 2", fighter{id: "us_munch", side: USA, entered: true, reserve: true, arrive: 2}, 2, "A1"},
		{"reinforcing artillery round 3", fighter{id: "us_munch", side: USA, entered: true, reserve: true, arrive: 2}, 3, "A2"},
		{"reinforcement over a ravine round 2", fighter{id: "us_x", side: USA, entered: true, reserve: true, ravine: true, arrive: 2}, 2, "C2"},
		{"flank attacker round 2", fighter{id: "cs_cleburne", side: CSA, entered: true, flank: true, bonus: true, arrive: 2}, 2, "C4"},
		{"flank attacker round 3", fighter{id: "cs_cleburne", side: CSA, entered: true, flank: true, bonus: true, arrive: 2}, 3, "C3"},
		{"defender round 4", fighter{id: "us_x", side: USA, arrive: 1}, 4, "C2"},
		{"defending cavalry round 4", fighter{id: "us_cav", side: USA, arrive: 1}, 4, "B1"},
		{"defending artillery round 4", fighter{id: "us_munch", side: USA, arrive: 1}, 4, "A1"},
		{"attacker round 4", fighter{id: "cs_cleburne", side: CSA, entered: true, arrive: 1}, 4, "C3"},
	} {
		f := tc.f
		f.spec = sc.OB.Block(f.id)
		ft.round = tc.round
		if got, why := ft.effective(&f); got.String() != tc.want {
			t.Errorf("%s: got %s (%v), want %s", tc.name, got, why, tc.want)
		}
	}
}

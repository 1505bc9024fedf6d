package adjudicator_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// tinyScenario is a hand-built five-area map with a road and a river, enough for the
// bot's own tests without the real scenario data.
func tinyScenario() *adjudicator.Scenario {
	m := &adjudicator.Map{
		Areas: []adjudicator.Area{
			{ID: "a", Terrain: adjudicator.Clear, Stack: 6},
			{ID: "b", Terrain: adjudicator.Woods, Stack: 4},
			{ID: "c", Terrain: adjudicator.Clear, Stack: 6, Landing: true, Riverfront: true},
			{ID: "d", Terrain: adjudicator.Clear, Stack: 6, Entry: "A", EntrySide: adjudicator.CSA},
			{ID: "river", Terrain: adjudicator.River, River: true},
		},
		Borders: []adjudicator.Border{
			{A: "a", B: "b", Terrain: []adjudicator.BorderTerrain{adjudicator.BorderWoods}, Roads: []adjudicator.RoadID{"r"}},
			{A: "b", B: "c", Terrain: []adjudicator.BorderTerrain{adjudicator.BorderClear}, Roads: []adjudicator.RoadID{"r"}},
			{A: "a", B: "d", Terrain: []adjudicator.BorderTerrain{adjudicator.BorderStream}},
			{A: "c", B: "river", Terrain: []adjudicator.BorderTerrain{adjudicator.BorderRiver}},
		},
		Roads: []adjudicator.Road{{ID: "r", Path: []adjudicator.AreaID{"a", "b", "c"}}},
	}
	m.Index()
	ob := &adjudicator.OrderOfBattle{Blocks: []adjudicator.BlockSpec{
		{ID: "us_hq", Side: adjudicator.USA, Type: adjudicator.HQ, HQKind: adjudicator.DHQ, Formation: "us_1", Max: 2, CommandRange: 1, ActingAHQ: true},
		{ID: "us_inf", Side: adjudicator.USA, Type: adjudicator.Infantry, Formation: "us_1", Max: 3},
		{ID: "us_art", Side: adjudicator.USA, Type: adjudicator.Artillery, Formation: "us_1", Max: 2},
		{ID: "us_gb", Side: adjudicator.USA, Type: adjudicator.Gunboat, Max: 2},
		{ID: "cs_hq", Side: adjudicator.CSA, Type: adjudicator.HQ, HQKind: adjudicator.CHQ, Formation: "cs_1", Max: 3, CommandRange: 2},
		{ID: "cs_inf", Side: adjudicator.CSA, Type: adjudicator.Infantry, Formation: "cs_1", Max: 3},
	}}
	ob.Index()
	return &adjudicator.Scenario{ID: "tiny", Map: m, OB: ob, End: adjudicator.Day2Last}
}

func tinyView() *adjudicator.View {
	own := func(id adjudicator.BlockID, t adjudicator.BlockType, area adjudicator.AreaID, s, max int) adjudicator.OwnBlock {
		return adjudicator.OwnBlock{ID: id, Side: adjudicator.USA, Type: t, Where: adjudicator.OnMap, Area: area, Strength: s, Max: max}
	}
	hq := own("us_hq", adjudicator.HQ, "a", 2, 2)
	hq.HQKind = adjudicator.DHQ
	return &adjudicator.View{
		Scenario: "tiny", Viewer: adjudicator.USA, Mode: adjudicator.VisBlocks, Hour: 3,
		Own: []adjudicator.OwnBlock{
			own("us_art", adjudicator.Artillery, "a", 1, 2), own("us_gb", adjudicator.Gunboat, "river", 2, 2),
			hq, own("us_inf", adjudicator.Infantry, "b", 2, 3),
		},
		Enemy:   []adjudicator.EnemyBlock{{Area: "c"}, {Area: "d"}},
		Control: []adjudicator.Control{{Area: "a", Side: adjudicator.USA}, {Area: "b", Side: adjudicator.USA}, {Area: "c", Side: adjudicator.CSA}, {Area: "d", Side: adjudicator.CSA}},
		Arrivals: []adjudicator.DueArrival{{Arrival: "ohio", Blocks: []adjudicator.BlockID{"x"}, Options: []adjudicator.ArrivalOption{
			{Hour: 4, Landing: true}, {Hour: 4, Area: "d", Choice: "D"}, {Hour: 6, Area: "a", Choice: "E"}}}},
	}
}

func ordersJSON(t *testing.T, o *adjudicator.Orders) string {
	t.Helper()
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestBotDeterministic(t *testing.T) {
	sc := tinyScenario()
	for seed := uint64(0); seed < 50; seed++ {
		a := adjudicator.RandomOrders(sc, tinyView(), rand.New(rand.NewPCG(seed, 1)))
		b := adjudicator.RandomOrders(sc, tinyView(), rand.New(rand.NewPCG(seed, 1)))
		if ordersJSON(t, a) != ordersJSON(t, b) {
			t.Fatalf("seed %d: two runs gave different orders", seed)
		}
	}
}

// TestBotUsesViewOnly: what the view hides (enemy identities and strengths, which an
// open game would show) must not change the bot's orders; the bot sees positions.
func TestBotUsesViewOnly(t *testing.T) {
	sc := tinyScenario()
	for seed := uint64(0); seed < 50; seed++ {
		plain := tinyView()
		open := tinyView()
		open.Enemy[0].ID, open.Enemy[0].Strength = "cs_inf", 3
		open.Enemy[1].ID, open.Enemy[1].Strength = "cs_hq", 1
		a := adjudicator.RandomOrders(sc, plain, rand.New(rand.NewPCG(seed, 2)))
		b := adjudicator.RandomOrders(sc, open, rand.New(rand.NewPCG(seed, 2)))
		if ordersJSON(t, a) != ordersJSON(t, b) {
			t.Fatalf("seed %d: enemy identities changed the bot's orders", seed)
		}
	}
}

// TestBotOrdersShape checks that over many seeds the bot exercises what the engine
// must handle: every intent, road moves, uncommanded moves, gunboat attacks on a
// riverfront area with enemy blocks, arrival choices and landings; and that it only
// ever orders its own blocks from where they stand.
func TestBotOrdersShape(t *testing.T) {
	sc := tinyScenario()
	v := tinyView()
	where := map[adjudicator.BlockID]adjudicator.AreaID{}
	for _, b := range v.Own {
		where[b.ID] = b.Area
	}
	var intents [3]int
	var road, uncommanded, gunboat, choices, landings, asArmy int
	for seed := uint64(0); seed < 400; seed++ {
		o := adjudicator.RandomOrders(sc, v, rand.New(rand.NewPCG(seed, 3)))
		if o.Side != adjudicator.USA {
			t.Fatalf("orders for side %v", o.Side)
		}
		for _, a := range o.Activate {
			if a.HQ != "us_hq" {
				t.Fatalf("activated %s, not an own HQ", a.HQ)
			}
			if a.AsArmy {
				asArmy++
			}
		}
		for _, m := range o.Moves {
			if len(m.Blocks) != 1 {
				t.Fatalf("move of %v", m.Blocks)
			}
			from, ok := where[m.Blocks[0]]
			if !ok {
				t.Fatalf("move of a block not its own: %s", m.Blocks[0])
			}
			if m.From != "" && m.From != from {
				t.Fatalf("move of %s from %s, but it stands in %s", m.Blocks[0], m.From, from)
			}
			if sc.Map.Border(from, m.Path[0]) == nil {
				t.Fatalf("move of %s from %s to non-adjacent %s", m.Blocks[0], from, m.Path[0])
			}
			intents[m.Intent]++
			if len(m.Path) == 2 {
				road++
			}
			if m.Uncommanded {
				uncommanded++
			}
			if m.Blocks[0] == "us_gb" {
				if m.Path[0] != "c" || m.Intent != adjudicator.IntentAttack {
					t.Fatalf("gunboat order %+v", m)
				}
				gunboat++
			}
		}
		choices += len(o.ArrivalChoices)
		landings += len(o.Landings)
	}
	for i, n := range intents {
		if n == 0 {
			t.Errorf("intent %v never used", adjudicator.Intent(i))
		}
	}
	for name, n := range map[string]int{"road": road, "uncommanded": uncommanded, "gunboat": gunboat, "choices": choices, "landings": landings, "as army": asArmy} {
		if n == 0 {
			t.Errorf("no %s orders in 400 seeds", name)
		}
	}
}

func TestBotNoOrdersWhenOver(t *testing.T) {
	v := tinyView()
	v.Over = true
	o := adjudicator.RandomOrders(tinyScenario(), v, rand.New(rand.NewPCG(1, 1)))
	if len(o.Moves)+len(o.Activate) != 0 {
		t.Fatalf("orders after the game ended: %+v", o)
	}
}

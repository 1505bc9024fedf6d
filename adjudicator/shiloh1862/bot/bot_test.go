package bot_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

// tinyScenario is a hand-built five-area map with a road and a river, enough for the
// bot's own tests without the real scenario data.
func tinyScenario() *shiloh1862.Scenario {
	m := &shiloh1862.Map{
		Areas: []shiloh1862.Area{
			{ID: "a", Terrain: shiloh1862.Clear, Stack: 6},
			{ID: "b", Terrain: shiloh1862.Woods, Stack: 4},
			{ID: "c", Terrain: shiloh1862.Clear, Stack: 6, Landing: true, Riverfront: true},
			{ID: "d", Terrain: shiloh1862.Clear, Stack: 6, Entry: "A", EntrySide: adjudicator.CSA},
			{ID: "river", Terrain: shiloh1862.River, River: true},
		},
		Borders: []shiloh1862.Border{
			{A: "a", B: "b", Terrain: []shiloh1862.BorderTerrain{shiloh1862.BorderWoods}, Roads: []shiloh1862.RoadID{"r"}},
			{A: "b", B: "c", Terrain: []shiloh1862.BorderTerrain{shiloh1862.BorderClear}, Roads: []shiloh1862.RoadID{"r"}},
			{A: "a", B: "d", Terrain: []shiloh1862.BorderTerrain{shiloh1862.BorderStream}},
			{A: "c", B: "river", Terrain: []shiloh1862.BorderTerrain{shiloh1862.BorderRiver}},
		},
		Roads: []shiloh1862.Road{{ID: "r", Path: []shiloh1862.AreaID{"a", "b", "c"}}},
	}
	m.Index()
	ob := &shiloh1862.OrderOfBattle{Blocks: []shiloh1862.BlockSpec{
		{ID: "us_hq", Side: adjudicator.USA, Type: shiloh1862.HQ, HQKind: shiloh1862.DHQ, Formation: "us_1", Max: 2, CommandRange: 1, ActingAHQ: true},
		{ID: "us_inf", Side: adjudicator.USA, Type: shiloh1862.Infantry, Formation: "us_1", Max: 3},
		{ID: "us_art", Side: adjudicator.USA, Type: shiloh1862.Artillery, Formation: "us_1", Max: 2},
		{ID: "us_gb", Side: adjudicator.USA, Type: shiloh1862.Gunboat, Max: 2},
		{ID: "cs_hq", Side: adjudicator.CSA, Type: shiloh1862.HQ, HQKind: shiloh1862.CHQ, Formation: "cs_1", Max: 3, CommandRange: 2},
		{ID: "cs_inf", Side: adjudicator.CSA, Type: shiloh1862.Infantry, Formation: "cs_1", Max: 3},
	}}
	ob.Index()
	return &shiloh1862.Scenario{ID: "tiny", Map: m, OB: ob, End: shiloh1862.Day2Last}
}

func tinyView() *shiloh1862.View {
	own := func(id shiloh1862.BlockID, t shiloh1862.BlockType, area shiloh1862.AreaID, s, max int) shiloh1862.OwnBlock {
		return shiloh1862.OwnBlock{ID: id, Side: adjudicator.USA, Type: t, Where: shiloh1862.OnMap, Area: area, Strength: s, Max: max}
	}
	hq := own("us_hq", shiloh1862.HQ, "a", 2, 2)
	hq.HQKind = shiloh1862.DHQ
	return &shiloh1862.View{
		Scenario: "tiny", Viewer: adjudicator.USA, Mode: shiloh1862.VisBlocks, Hour: 3,
		Own: []shiloh1862.OwnBlock{
			own("us_art", shiloh1862.Artillery, "a", 1, 2), own("us_gb", shiloh1862.Gunboat, "river", 2, 2),
			hq, own("us_inf", shiloh1862.Infantry, "b", 2, 3),
		},
		Enemy:   []shiloh1862.EnemyBlock{{Area: "c"}, {Area: "d"}},
		Control: []shiloh1862.Control{{Area: "a", Side: adjudicator.USA}, {Area: "b", Side: adjudicator.USA}, {Area: "c", Side: adjudicator.CSA}, {Area: "d", Side: adjudicator.CSA}},
		Arrivals: []shiloh1862.DueArrival{{Arrival: "ohio", Blocks: []shiloh1862.BlockID{"x"}, Options: []shiloh1862.ArrivalOption{
			{Hour: 4, Landing: true}, {Hour: 4, Area: "d", Choice: "D"}, {Hour: 6, Area: "a", Choice: "E"}}}},
	}
}

func ordersJSON(t *testing.T, o *shiloh1862.Orders) string {
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
		a := bot.RandomOrders(sc, tinyView(), rand.New(rand.NewPCG(seed, 1)))
		b := bot.RandomOrders(sc, tinyView(), rand.New(rand.NewPCG(seed, 1)))
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
		a := bot.RandomOrders(sc, plain, rand.New(rand.NewPCG(seed, 2)))
		b := bot.RandomOrders(sc, open, rand.New(rand.NewPCG(seed, 2)))
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
	where := map[shiloh1862.BlockID]shiloh1862.AreaID{}
	for _, b := range v.Own {
		where[b.ID] = b.Area
	}
	var intents [3]int
	var road, uncommanded, gunboat, choices, landings, asArmy int
	for seed := uint64(0); seed < 400; seed++ {
		o := bot.RandomOrders(sc, v, rand.New(rand.NewPCG(seed, 3)))
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
				if m.Path[0] != "c" || m.Intent != shiloh1862.IntentAttack {
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
			t.Errorf("intent %v never used", shiloh1862.Intent(i))
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
	o := bot.RandomOrders(tinyScenario(), v, rand.New(rand.NewPCG(1, 1)))
	if len(o.Moves)+len(o.Activate) != 0 {
		t.Fatalf("orders after the game ended: %+v", o)
	}
}

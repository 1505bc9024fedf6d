package render

import (
	"bytes"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// The test position is built by hand from the scenario's Day 1 setup, as a 10AM
// might look: the CSA has come forward out of its bivouacs and taken Rea Field, a
// battle goes on at Prentiss' Camp, blocks were lost on both sides.

// frontline is where the CSA blocks stand at the test's 10AM, filled in order.
var frontline = []shiloh1862.AreaID{
	"rea_field", "seay_field", "prentiss_camp", "fraley_field", "spain_field",
	"ben_howell_field", "bark_road", "hardee_bivouac", "bragg_bivouac", "polk_bivouac",
}

type place struct {
	area     shiloh1862.AreaID
	strength int
}

// position returns where every block on the map stands.
func position(t testing.TB, sc *shiloh1862.Scenario) map[shiloh1862.BlockID]place {
	t.Helper()
	pos := map[shiloh1862.BlockID]place{}
	count := map[shiloh1862.AreaID]int{}
	next := 0
	for _, p := range sc.Setup {
		spec := sc.OB.Block(p.Block)
		if spec == nil {
			t.Fatalf("setup block %s not in the OB", p.Block)
		}
		st := p.Strength
		if st == 0 {
			st = spec.Start
		}
		area := p.Area
		if spec.Side == adjudicator.CSA {
			for {
				a := frontline[next%len(frontline)]
				next++
				if count[a] < sc.Map.Area(a).Stack-1 || next > 3*len(frontline) {
					area = a
					break
				}
			}
		}
		count[area]++
		pos[p.Block] = place{area, st}
	}
	// two losses
	delete(pos, "us_hildebrand")
	return pos
}

// testView is the view of one side (NoSide: the GM) of the test position.
func testView(t testing.TB, sc *shiloh1862.Scenario, viewer adjudicator.Side, mode shiloh1862.Visibility) *shiloh1862.View {
	t.Helper()
	pos := position(t, sc)
	v := &shiloh1862.View{Scenario: sc.ID, Viewer: viewer, Mode: mode, Hour: 3, Points: [2]int{2, 3}}
	seen := map[shiloh1862.AreaID]bool{}
	for _, b := range sc.OB.Blocks {
		p, on := pos[b.ID]
		if on && b.Side == viewer {
			seen[p.area] = true
			for _, n := range sc.Map.Neighbours(p.area) {
				seen[n] = true
			}
		}
	}
	for _, b := range sc.OB.Blocks {
		p, on := pos[b.ID]
		if viewer == adjudicator.NoSide || b.Side == viewer {
			ob := shiloh1862.OwnBlock{ID: b.ID, Name: b.Name, Side: b.Side, Type: b.Type, HQKind: b.HQKind,
				Army: b.Army, Formation: b.Formation, Max: b.Max, Firepower: b.Firepower, CommandRange: b.CommandRange}
			if on {
				ob.Where, ob.Area, ob.Strength = shiloh1862.OnMap, p.area, p.strength
			} else if b.ID == "us_hildebrand" {
				ob.Where = shiloh1862.Eliminated
			}
			v.Own = append(v.Own, ob)
			continue
		}
		if !on {
			continue
		}
		if mode == shiloh1862.VisDoubleBlind && !seen[p.area] {
			continue
		}
		eb := shiloh1862.EnemyBlock{Area: p.area}
		if mode == shiloh1862.VisOpen {
			eb.ID, eb.Name, eb.Type, eb.Strength, eb.Firepower = b.ID, b.Name, b.Type, p.strength, b.Firepower
		}
		v.Enemy = append(v.Enemy, eb)
	}
	sortEnemy(v.Enemy)
	areas := map[shiloh1862.AreaID]adjudicator.Side{}
	contested := map[shiloh1862.AreaID]bool{}
	for id, p := range pos {
		s := sc.OB.Block(id).Side
		if o, ok := areas[p.area]; ok && o != s {
			contested[p.area] = true
		}
		areas[p.area] = s
	}
	for _, a := range sc.Map.Areas {
		if s, ok := areas[a.ID]; ok {
			v.Control = append(v.Control, shiloh1862.Control{Area: a.ID, Side: s, Contested: contested[a.ID]})
		}
	}
	if viewer != adjudicator.CSA {
		v.Ghosts = nil
	}
	if viewer == adjudicator.USA {
		v.Ghosts = []shiloh1862.Ghost{
			{Block: "cs_cleburne", Name: "Cleburne", Type: shiloh1862.Infantry, Area: "rea_field", Strength: 3, Firepower: shiloh1862.Firepower{Letter: 'C', Value: 3}, Hour: 2},
			{Block: "cs_shoup", Name: "Shoup", Type: shiloh1862.Artillery, Area: "rea_field", Strength: 2, Firepower: shiloh1862.Firepower{Letter: 'A', Value: 2}, Hour: 2},
		}
		v.EnemyEliminated = []shiloh1862.EnemyLoss{{Block: "cs_lindsay", Name: "Lindsay", Type: shiloh1862.Cavalry, Hour: 2}}
	}
	v.CampsCaptured = []shiloh1862.AreaID{"prentiss_camp"}
	for _, a := range sc.Arrivals {
		if a.Side == viewer && len(v.Arrivals) < 2 {
			v.Arrivals = append(v.Arrivals, shiloh1862.DueArrival{Arrival: a.ID, Blocks: a.Blocks, Options: a.Options})
		}
	}
	return v
}

func sortEnemy(e []shiloh1862.EnemyBlock) {
	for i := 1; i < len(e); i++ {
		for j := i; j > 0 && e[j].Area < e[j-1].Area; j-- {
			e[j], e[j-1] = e[j-1], e[j]
		}
	}
}

// testReport is the 9AM hour the viewer saw.
func testReport(v *shiloh1862.View) *shiloh1862.ReportView {
	ev := []shiloh1862.Event{
		{Kind: shiloh1862.EvMove, Side: adjudicator.CSA, Blocks: []shiloh1862.BlockID{"", "", ""}, From: "fraley_field", To: "rea_field"},
		{Kind: shiloh1862.EvMove, Side: adjudicator.CSA, From: "spain_field", To: "prentiss_camp"},
		{Kind: shiloh1862.EvMove, Side: adjudicator.USA, Block: "us_stuart", Blocks: []shiloh1862.BlockID{"us_stuart"}, From: "larkin_bell_field", To: "bell_woods"},
		{Kind: shiloh1862.EvMove, Side: adjudicator.USA, Block: "us_hurlbut", Blocks: []shiloh1862.BlockID{"us_hurlbut", "us_veatch"}, From: "cloud_field", To: "hornets_nest", Via: []shiloh1862.AreaID{"stacy_field"}},
		{Kind: shiloh1862.EvBattle, Area: "rea_field", Attacker: adjudicator.CSA},
		{Kind: shiloh1862.EvEliminated, Side: adjudicator.USA, Block: "us_hildebrand", Area: "rea_field"},
		{Kind: shiloh1862.EvEliminated, Side: adjudicator.CSA, Block: "cs_lindsay", Area: "rea_field"},
		{Kind: shiloh1862.EvRetreat, Side: adjudicator.USA, Block: "us_buckland", Blocks: []shiloh1862.BlockID{"us_buckland"}, From: "rea_field", To: "water_oaks"},
		{Kind: shiloh1862.EvBattleEnd, Area: "rea_field", Winner: adjudicator.CSA},
		{Kind: shiloh1862.EvControlChanged, Area: "rea_field", Side: adjudicator.CSA},
		{Kind: shiloh1862.EvBattle, Area: "prentiss_camp", Attacker: adjudicator.CSA},
		{Kind: shiloh1862.EvBattle, Area: "shiloh_church", Attacker: adjudicator.CSA},
		{Kind: shiloh1862.EvBattleEnd, Area: "shiloh_church", Winner: adjudicator.USA},
		{Kind: shiloh1862.EvCampCaptured, Area: "prentiss_camp", Side: adjudicator.CSA},
	}
	// the CSA did not see the USA moves behind the lines
	var seen []shiloh1862.Event
	for _, e := range ev {
		if v.Viewer == adjudicator.CSA && e.Side == adjudicator.USA && e.Kind == shiloh1862.EvMove {
			continue
		}
		seen = append(seen, e)
	}
	ev = seen
	for i := range ev {
		ev[i].Seq = i + 1
	}
	return &shiloh1862.ReportView{
		Viewer:     v.Viewer,
		Hour:       v.Hour - 1,
		Initiative: shiloh1862.Initiative{Rolls: [2]int{6, 9}, Player1: adjudicator.CSA},
		Events:     ev,
		Points:     v.Points,
		After:      *v,
	}
}

// fullView fills every land area to its stacking limit with own blocks, and puts a
// full enemy stack and two ghosts into one of them (a battle at the limit, 3.31).
func fullView(t testing.TB, sc *shiloh1862.Scenario) *shiloh1862.View {
	t.Helper()
	v := &shiloh1862.View{Scenario: sc.ID, Viewer: adjudicator.USA, Mode: shiloh1862.VisBlocks, Hour: 5}
	var specs []shiloh1862.BlockSpec
	for _, b := range sc.OB.Blocks {
		if b.Side == adjudicator.USA {
			specs = append(specs, b)
		}
	}
	k := 0
	for _, a := range sc.Map.Areas {
		for i := 0; i < a.Stack; i++ {
			b := specs[k%len(specs)]
			k++
			v.Own = append(v.Own, shiloh1862.OwnBlock{ID: b.ID, Name: b.Name, Side: b.Side, Type: b.Type,
				Where: shiloh1862.OnMap, Area: a.ID, Strength: b.Max, Max: b.Max, Firepower: b.Firepower, CommandRange: b.CommandRange})
		}
		if a.ID == "rea_field" {
			for i := 0; i < a.Stack; i++ {
				v.Enemy = append(v.Enemy, shiloh1862.EnemyBlock{Area: a.ID})
			}
			v.Ghosts = append(v.Ghosts,
				shiloh1862.Ghost{Block: "cs_a", Name: "Anderson", Area: a.ID, Strength: 2, Hour: 4},
				shiloh1862.Ghost{Block: "cs_b", Name: "Bankhead", Area: a.ID, Strength: 1, Hour: 4})
		}
	}
	return v
}

// A hidden piece is a blank whatever the picture carries: a system that wrongly
// filled in a hidden enemy's name, strength and rating gives the same bytes as one
// that did not.
func TestHiddenUnitsDrawBlank(t *testing.T) {
	sc, _ := testScenario(t)
	c := contract(t, sc)
	v := testView(t, sc, adjudicator.USA, shiloh1862.VisBlocks)
	p, err := pictureOf(c, v, nil)
	if err != nil {
		t.Fatal(err)
	}
	leaky := *p
	leaky.Units = append([]adjudicator.UnitView(nil), p.Units...)
	n := 0
	for i := range leaky.Units {
		if u := &leaky.Units[i]; u.Hidden {
			u.Name, u.Strength, u.Rating, u.Kind, u.HQ, u.Corner = "Cleburne", 4, "C3", "infantry", true, "R2"
			n++
		}
	}
	if n == 0 {
		t.Fatal("no hidden pieces in the test picture")
	}
	var a, b bytes.Buffer
	if err := drawPicture(&a, c, p, nil); err != nil {
		t.Fatal(err)
	}
	if err := drawPicture(&b, c, &leaky, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("a hidden piece's name or strength reached the map")
	}
}

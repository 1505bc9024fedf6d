package render

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The test position is built by hand from the scenario's Day 1 setup, as a 10AM
// might look: the CSA has come forward out of its bivouacs and taken Rea Field, a
// battle goes on at Prentiss' Camp, blocks were lost on both sides.

// frontline is where the CSA blocks stand at the test's 10AM, filled in order.
var frontline = []adjudicator.AreaID{
	"rea_field", "seay_field", "prentiss_camp", "fraley_field", "spain_field",
	"ben_howell_field", "bark_road", "hardee_bivouac", "bragg_bivouac", "polk_bivouac",
}

type place struct {
	area     adjudicator.AreaID
	strength int
}

// position returns where every block on the map stands.
func position(t testing.TB, sc *adjudicator.Scenario) map[adjudicator.BlockID]place {
	t.Helper()
	pos := map[adjudicator.BlockID]place{}
	count := map[adjudicator.AreaID]int{}
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
func testView(t testing.TB, sc *adjudicator.Scenario, viewer adjudicator.Side, mode adjudicator.Visibility) *adjudicator.View {
	t.Helper()
	pos := position(t, sc)
	v := &adjudicator.View{Scenario: sc.ID, Viewer: viewer, Mode: mode, Hour: 3, Points: [2]int{2, 3}}
	seen := map[adjudicator.AreaID]bool{}
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
			ob := adjudicator.OwnBlock{ID: b.ID, Name: b.Name, Side: b.Side, Type: b.Type, HQKind: b.HQKind,
				Army: b.Army, Formation: b.Formation, Max: b.Max, Firepower: b.Firepower, CommandRange: b.CommandRange}
			if on {
				ob.Where, ob.Area, ob.Strength = adjudicator.OnMap, p.area, p.strength
			} else if b.ID == "us_hildebrand" {
				ob.Where = adjudicator.Eliminated
			}
			v.Own = append(v.Own, ob)
			continue
		}
		if !on {
			continue
		}
		if mode == adjudicator.VisDoubleBlind && !seen[p.area] {
			continue
		}
		eb := adjudicator.EnemyBlock{Area: p.area}
		if mode == adjudicator.VisOpen {
			eb.ID, eb.Name, eb.Type, eb.Strength, eb.Firepower = b.ID, b.Name, b.Type, p.strength, b.Firepower
		}
		v.Enemy = append(v.Enemy, eb)
	}
	sortEnemy(v.Enemy)
	areas := map[adjudicator.AreaID]adjudicator.Side{}
	contested := map[adjudicator.AreaID]bool{}
	for id, p := range pos {
		s := sc.OB.Block(id).Side
		if o, ok := areas[p.area]; ok && o != s {
			contested[p.area] = true
		}
		areas[p.area] = s
	}
	for _, a := range sc.Map.Areas {
		if s, ok := areas[a.ID]; ok {
			v.Control = append(v.Control, adjudicator.Control{Area: a.ID, Side: s, Contested: contested[a.ID]})
		}
	}
	if viewer != adjudicator.CSA {
		v.Ghosts = nil
	}
	if viewer == adjudicator.USA {
		v.Ghosts = []adjudicator.Ghost{
			{Block: "cs_cleburne", Name: "Cleburne", Type: adjudicator.Infantry, Area: "rea_field", Strength: 3, Firepower: adjudicator.Firepower{Letter: 'C', Value: 3}, Hour: 2},
			{Block: "cs_shoup", Name: "Shoup", Type: adjudicator.Artillery, Area: "rea_field", Strength: 2, Firepower: adjudicator.Firepower{Letter: 'A', Value: 2}, Hour: 2},
		}
		v.EnemyEliminated = []adjudicator.EnemyLoss{{Block: "cs_lindsay", Name: "Lindsay", Type: adjudicator.Cavalry, Hour: 2}}
	}
	v.CampsCaptured = []adjudicator.AreaID{"prentiss_camp"}
	for _, a := range sc.Arrivals {
		if a.Side == viewer && len(v.Arrivals) < 2 {
			v.Arrivals = append(v.Arrivals, adjudicator.DueArrival{Arrival: a.ID, Blocks: a.Blocks, Options: a.Options})
		}
	}
	return v
}

func sortEnemy(e []adjudicator.EnemyBlock) {
	for i := 1; i < len(e); i++ {
		for j := i; j > 0 && e[j].Area < e[j-1].Area; j-- {
			e[j], e[j-1] = e[j-1], e[j]
		}
	}
}

// testReport is the 9AM hour the viewer saw.
func testReport(v *adjudicator.View) *adjudicator.ReportView {
	ev := []adjudicator.Event{
		{Kind: adjudicator.EvMove, Side: adjudicator.CSA, Blocks: []adjudicator.BlockID{"", "", ""}, From: "fraley_field", To: "rea_field"},
		{Kind: adjudicator.EvMove, Side: adjudicator.CSA, From: "spain_field", To: "prentiss_camp"},
		{Kind: adjudicator.EvMove, Side: adjudicator.USA, Block: "us_stuart", Blocks: []adjudicator.BlockID{"us_stuart"}, From: "larkin_bell_field", To: "bell_woods"},
		{Kind: adjudicator.EvMove, Side: adjudicator.USA, Block: "us_hurlbut", Blocks: []adjudicator.BlockID{"us_hurlbut", "us_veatch"}, From: "cloud_field", To: "hornets_nest", Via: []adjudicator.AreaID{"stacy_field"}},
		{Kind: adjudicator.EvBattle, Area: "rea_field", Attacker: adjudicator.CSA},
		{Kind: adjudicator.EvEliminated, Side: adjudicator.USA, Block: "us_hildebrand", Area: "rea_field"},
		{Kind: adjudicator.EvEliminated, Side: adjudicator.CSA, Block: "cs_lindsay", Area: "rea_field"},
		{Kind: adjudicator.EvRetreat, Side: adjudicator.USA, Block: "us_buckland", Blocks: []adjudicator.BlockID{"us_buckland"}, From: "rea_field", To: "water_oaks"},
		{Kind: adjudicator.EvBattleEnd, Area: "rea_field", Winner: adjudicator.CSA},
		{Kind: adjudicator.EvControlChanged, Area: "rea_field", Side: adjudicator.CSA},
		{Kind: adjudicator.EvBattle, Area: "prentiss_camp", Attacker: adjudicator.CSA},
		{Kind: adjudicator.EvBattle, Area: "shiloh_church", Attacker: adjudicator.CSA},
		{Kind: adjudicator.EvBattleEnd, Area: "shiloh_church", Winner: adjudicator.USA},
		{Kind: adjudicator.EvCampCaptured, Area: "prentiss_camp", Side: adjudicator.CSA},
	}
	// the CSA did not see the USA moves behind the lines
	var seen []adjudicator.Event
	for _, e := range ev {
		if v.Viewer == adjudicator.CSA && e.Side == adjudicator.USA && e.Kind == adjudicator.EvMove {
			continue
		}
		seen = append(seen, e)
	}
	ev = seen
	for i := range ev {
		ev[i].Seq = int32(i + 1)
	}
	return &adjudicator.ReportView{
		Viewer:     v.Viewer,
		Hour:       v.Hour - 1,
		Initiative: adjudicator.Initiative{Rolls: [2]int{6, 9}, Player1: adjudicator.CSA},
		Events:     ev,
		Points:     v.Points,
		After:      *v,
	}
}

// fullView fills every land area to its stacking limit with own blocks, and puts a
// full enemy stack and two ghosts into one of them (a battle at the limit, 3.31).
func fullView(t testing.TB, sc *adjudicator.Scenario) *adjudicator.View {
	t.Helper()
	v := &adjudicator.View{Scenario: sc.ID, Viewer: adjudicator.USA, Mode: adjudicator.VisBlocks, Hour: 5}
	var specs []adjudicator.BlockSpec
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
			v.Own = append(v.Own, adjudicator.OwnBlock{ID: b.ID, Name: b.Name, Side: b.Side, Type: b.Type,
				Where: adjudicator.OnMap, Area: a.ID, Strength: b.Max, Max: b.Max, Firepower: b.Firepower, CommandRange: b.CommandRange})
		}
		if a.ID == "rea_field" {
			for i := 0; i < a.Stack; i++ {
				v.Enemy = append(v.Enemy, adjudicator.EnemyBlock{Area: a.ID})
			}
			v.Ghosts = append(v.Ghosts,
				adjudicator.Ghost{Block: "cs_a", Name: "Anderson", Area: a.ID, Strength: 2, Hour: 4},
				adjudicator.Ghost{Block: "cs_b", Name: "Bankhead", Area: a.ID, Strength: 1, Hour: 4})
		}
	}
	return v
}

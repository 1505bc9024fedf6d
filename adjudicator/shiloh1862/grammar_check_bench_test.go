package shiloh1862

import (
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/alarm"
)

// openingSide is the CSA's orders for the scenario's first hour (Day 1 7AM), written
// for where its blocks stand at the start: the three corps HQs and Johnston active,
// Hardee's and Bragg's men attacking the USA camps in front of them, Polk's corps
// closing up, standing battle orders, hit preferences, pins and supply. 44 lines.
const openingSide = `ORDERS CSA Day 1 7AM
activate hardee, bragg, polk
activate johnston
# Hardee's corps: at Shiloh Church
cleburne: ben howell > shiloh church attack
hindman: hardee bivouac > ben howell
pillow: hardee bivouac > ben howell
shoup: hardee bivouac > fraley     # artillery: by the road
hardee: hardee bivouac > ben howell
wood: fraley > seay
# Bragg's corps: at Spain Field and Prentiss' Camp
gladden, jackson: bark road > spain attack
chalmers: bark road > prentiss camp attack
gage: bark road > road b
anderson, gibson: bragg bivouac > bark road
bragg: bragg bivouac > bark road
pond: fraley > seay
ketchum: fraley > seay
clanton: locust grove > larkin bell
# Polk's corps closes up
russell, stewart: polk bivouac > hardee bivouac
polk: polk bivouac > hardee bivouac
johnson: road a > polk bivouac
stephens: road a > polk bivouac
bankhead: road a >> bragg bivouac
lindsay: ben howell > thomil attack
johnston: bragg bivouac > fraley
battles: shiloh church, spain, prentiss camp, thomil
all battles: withdraw if weaker
at shiloh church: hold
at spain: withdraw after round 2, retreat to bark road
at prentiss camp: withdraw after round 1, retreat to bark road, seay
at thomil: withdraw if weaker, retreat to ben howell
regroup at spain: bark road
regroup at shiloh church: cleburne > ben howell
regroup at prentiss camp: chalmers > bark road
losses: gladden, chalmers first, hardee last
losses last: bragg
pin: ketchum, gage
supply: beauregard, hardee
initiative: first
# the template's own comment line
// another
END
`

// BenchmarkParseAndCheck times a whole side's orders arriving: parse the text, then
// check the orders against the side's view of the real position they were written
// for. Alarm: 0.5 ms (issue 14).
func BenchmarkParseAndCheck(b *testing.B) {
	sc := testScenario(b)
	st, err := NewState(sc, Options{})
	if err != nil {
		b.Fatal(err)
	}
	d := ScenarioNames(sc)
	if n := strings.Count(openingSide, "\n"); n < 40 {
		b.Fatalf("only %d lines", n)
	}
	o, probs := ParseOrders(openingSide, d, adjudicator.CSA)
	if countErrors(probs) > 0 {
		b.Fatalf("benchmark orders have errors: %+v", probs)
	}
	// The orders are meant to be mostly legal where the blocks stand: a check run
	// that rejects most of them would time the wrong thing.
	checks := CheckOrders(sc, KnowledgeOf(sc, st, o.Side), o)
	ok, moves := 0, 0
	for _, c := range checks {
		if c.Order.Kind != "move" {
			continue
		}
		moves++
		if c.Status == CheckOK {
			ok++
		}
	}
	if moves < 20 || ok*4 < moves*3 {
		b.Fatalf("%d of %d moves check OK; want at least 20 moves, three in four OK: %+v", ok, moves, checks)
	}
	b.ReportAllocs()
	clock := alarm.Start()
	for b.Loop() {
		o, _ := ParseOrders(openingSide, d, adjudicator.CSA)
		CheckOrders(sc, KnowledgeOf(sc, st, o.Side), o)
	}
	clock.Check(b, 2*time.Millisecond, 0) // 0.35-0.4 ms on the CI machine
}

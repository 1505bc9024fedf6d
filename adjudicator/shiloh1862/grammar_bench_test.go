package shiloh1862

import (
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/internal/alarm"
	"github.com/shiloh-pbem/pbem/orders"
)

// fullSide is a whole side's orders for a busy hour: 44 lines, every kind of order,
// some abbreviated, a few misspelt, one wrapped line and comments.
const fullSide = `ORDERS CSA Day 1 9AM
activate hardee, bragg, polk, beauregard as army
cleburne, wood: seay > rea attack
shoup: seay > rea attack          # artillery: a road border, so allowed
gladden: road a >> spain           # road move, two areas
chalmers: spain > wicker reinforce
jackson: spain field > barnes field attack
hindman to fraley
russell, stewart: polk bivouac > bragg bivouac
johnson: polk's bivouac > fraley
stephens -> seay
gibson, anderson: bragg's bivouac - fraley field
pond: bragg bivouac > fraley > seay
adams: hardee bivouac > ben howell
bankhead: hardees bivouac > seay field
ketchum: fraley > seay
gage: road a >> bragg bivouac
pillow: bark road woods > spain
cobb: fraley field > seay field
roberts: road b > bark road woods
clanton: lick creek > larkin bell uncommanded
wharton: bark road > spain
forrest: road c > lick creek bottoms
lindsay: road a > polk bivouac
cleburn: seay > rea attack
battles: rea, shiloh church, prentiss camp
all battles: withdraw if weaker
at rea: withdraw if weaker, retreat to seay, fraley
at shiloh church: hold
at prentiss camp: withdraw after round 2, retreat to spain
at spain: hold, retreat to bark road woods
regroup at rea: seay
regroup at prentiss camp: gladden, jackson > spain
losses: gladden, chalmers first, hardee last
losses last: bragg
pin: ketchum, gage
supply: cleburne, hardee, shoup, wood, gladden, chalmers, jackson,
hindman, russell
initiative: first
# the template's own comment line
// another
wood: rea > water oaks attack
END
`

// BenchmarkParse40Lines parses a full side's orders, a part of
// BenchmarkParseAndCheck's: 0.25-0.4 ms of CPU, most of it splitMisspeltTail's
// fuzzy matching of each move's last words (issue 16; it was 25 µs before).
// Alarm: 2 ms, far above that; a bound of twice the usual time rang on a
// loaded 2-core CI machine.
func BenchmarkParse40Lines(b *testing.B) {
	d := ScenarioNames(testScenario(b))
	if n := strings.Count(fullSide, "\n"); n < 40 {
		b.Fatalf("only %d lines", n)
	}
	if _, probs := ParseOrders(fullSide, d, adjudicator.CSA); countErrors(probs) > 0 {
		b.Fatalf("benchmark orders have errors: %+v", probs)
	}
	b.ReportAllocs()
	clock := alarm.Start()
	for b.Loop() {
		ParseOrders(fullSide, d, adjudicator.CSA)
	}
	clock.Check(b, 2*time.Millisecond, 0)
}

// BenchmarkReceipt parses and builds the receipt text.
func BenchmarkReceipt(b *testing.B) {
	d := ScenarioNames(testScenario(b))
	b.ReportAllocs()
	for b.Loop() {
		_ = receiptText(newReceipt(parsedForReceipt(fullSide, d, adjudicator.CSA), d, 2, 1))
	}
}

func countErrors(probs []orders.Problem) int {
	n := 0
	for _, p := range probs {
		if p.Severity == orders.Error {
			n++
		}
	}
	return n
}

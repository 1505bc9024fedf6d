package templates

import (
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Summary is the end-of-game record mailed to both sides and the GM once the game
// is over, when nothing is hidden any more: the result by the victory rules (8.0),
// blocks lost by type, both sides' full order history and the dice seeds anyone
// can check with `pbem verify`. The casualty chart goes with it as a picture.
type Summary struct {
	Result    string
	Losses    []string // one line per side: blocks lost by type
	Hours     []SummaryHour
	ChainHead string
}

// SummaryHour is one played hour in the record.
type SummaryHour struct {
	Hour       string
	Player1    string
	USA, CSA   string // the orders as the engine read them (canonical form)
	Seed       string
	Commitment string
}

// SummaryResult words a finished game's result by the victory rules (8.0).
func SummaryResult(st *shiloh1862.State) string {
	p := st.Points()
	day := 1
	if st.Hour > shiloh1862.Day1Last {
		day = 2
	}
	code := "summary.none"
	if st.Winner != adjudicator.NoSide {
		code = "summary.won"
	}
	return shilohWords.Say(adjudicator.Say(code, adjudicator.SideArg("winner", st.Winner), adjudicator.IntArg("day", day),
		adjudicator.IntArg("usa", p[adjudicator.USA.Index()]), adjudicator.IntArg("csa", p[adjudicator.CSA.Index()])), namer{})
}

// SummaryLosses words each side's losses, one line a side.
func SummaryLosses(t [2]shiloh1862.Tally) []string {
	var out []string
	for _, s := range t {
		say := func(code string, args ...adjudicator.Arg) string {
			return shilohWords.Say(adjudicator.Say(code, args...), namer{})
		}
		var parts []string
		for _, c := range s.ByType {
			parts = append(parts, say("summary.count", adjudicator.IntArg("n", c.N), adjudicator.TextArg("kind", string(c.Type))))
		}
		if s.Fallen > 0 {
			parts = append(parts, say("summary.fallen", adjudicator.IntArg("n", s.Fallen)))
		}
		what := strings.Join(parts, ", ")
		if len(parts) == 0 {
			what = say("summary.nothing")
		}
		out = append(out, say("summary.losses", adjudicator.SideArg("side", s.Side), adjudicator.IntArg("total", s.Total),
			adjudicator.TextArg("what", what)))
	}
	return out
}

// SummaryNoOrders stands in the record for a side that sent no orders in an hour.
func SummaryNoOrders() string { return shilohWords.Say(adjudicator.Say("summary.no-orders"), namer{}) }

// ChartTitle is the casualty chart's title.
func ChartTitle(game string) string {
	return shilohWords.Say(adjudicator.Say("summary.chart", adjudicator.TextArg("game", game)), namer{})
}

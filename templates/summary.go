package templates

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

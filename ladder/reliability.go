package ladder

// Punctuality is how a player's orders for one hour arrived.
type Punctuality uint8

const (
	// OnTime: orders in by the deadline.
	OnTime Punctuality = iota
	// Late: orders in during the grace period after the deadline.
	Late
	// NoOrders: the hour was resolved without the player's orders (an NMR,
	// "no moves received").
	NoOrders
)

// Reliability is a player's punctuality across a ladder's games, kept apart
// from the rating: a strong player who misses deadlines shows as such.
type Reliability struct {
	// HoursDue counts hours in which the player owed orders.
	HoursDue int
	// HoursOnTime counts those with orders in by the deadline.
	HoursOnTime int
	// NMRs counts those resolved without the player's orders.
	NMRs int
	// Abandoned counts games the player left before the end, by resigning
	// or by being replaced.
	Abandoned int
}

// AddHour records one hour in which the player owed orders.
func (r *Reliability) AddHour(p Punctuality) {
	r.HoursDue++
	switch p {
	case OnTime:
		r.HoursOnTime++
	case NoOrders:
		r.NMRs++
	}
}

// OnTimePercent is the share of hours due with orders on time, as a whole
// percentage rounded down (so 100 means every hour). It is 0 with no hours
// due; check HoursDue before printing it.
func (r Reliability) OnTimePercent() int {
	if r.HoursDue == 0 {
		return 0
	}
	return r.HoursOnTime * 100 / r.HoursDue
}

// HourRecord is one player's punctuality in one hour of one game.
type HourRecord struct {
	Player      string
	GameID      string
	Hour        int
	Punctuality Punctuality
}

// Departure is a player leaving a game before its end.
type Departure struct {
	Player string
	GameID string
	// Replaced is true when the player was replaced (by the GM, say), false
	// when the player resigned. Both count as an abandonment.
	Replaced bool
}

// Tally adds up each player's reliability from hour records and departures.
func Tally(hours []HourRecord, departures []Departure) map[string]Reliability {
	out := map[string]Reliability{}
	for _, h := range hours {
		r := out[h.Player]
		r.AddHour(h.Punctuality)
		out[h.Player] = r
	}
	for _, d := range departures {
		r := out[d.Player]
		r.Abandoned++
		out[d.Player] = r
	}
	return out
}

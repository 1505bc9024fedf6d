package ladder

// AssignSides chooses who plays which side when a and b meet on a ladder, so
// that each player's sides alternate over time. Over history, the player who
// has played the USA less often relative to the CSA (USA games minus CSA games)
// takes the USA; on a tie, the name that sorts first does. The first meeting
// of two new players thus gives the USA to the first name, the next one to the
// other. Games in history not involving a or b do not matter.
func AssignSides(a, b string, history []Result) (usa, csa string) {
	balance := map[string]int{a: 0, b: 0}
	for _, r := range history {
		if _, ok := balance[r.USA]; ok {
			balance[r.USA]++
		}
		if _, ok := balance[r.CSA]; ok {
			balance[r.CSA]--
		}
	}
	if balance[a] < balance[b] || (balance[a] == balance[b] && a <= b) {
		return a, b
	}
	return b, a
}

// Bidder says whose bid won.
type Bidder uint8

const (
	// BidTie: equal bids; settle the side with AssignSides.
	BidTie Bidder = iota
	// BidderA: the first bid won.
	BidderA
	// BidderB: the second bid won.
	BidderB
)

// ResolveBids settles a contested side when both players want the same one.
// Each bids the victory points they would give away to get it; the higher bid
// takes the side and gives its own bid (handicap) in VP to the opponent's side
// at the end of the game. Negative bids count as 0. On a tie the winner is
// BidTie and the handicap the tied bid: the caller assigns sides with
// AssignSides and whoever gets the contested side still gives the handicap.
func ResolveBids(bidA, bidB int) (winner Bidder, handicap int) {
	bidA, bidB = max(bidA, 0), max(bidB, 0)
	switch {
	case bidA > bidB:
		return BidderA, bidA
	case bidB > bidA:
		return BidderB, bidB
	}
	return BidTie, bidA
}

// SideCounts is how often player played each side in history.
func SideCounts(player string, history []Result) (usa, csa int) {
	for _, r := range history {
		if r.USA == player {
			usa++
		}
		if r.CSA == player {
			csa++
		}
	}
	return usa, csa
}

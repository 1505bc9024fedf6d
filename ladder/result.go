package ladder

import (
	"errors"
	"fmt"
	"sort"
	"time"
)

// The sides as the daemon names them.
const (
	USA = "usa"
	CSA = "csa"
)

// Result is a finished ladder game.
type Result struct {
	GameID string
	// USA and CSA are the players (addresses) who played each side.
	USA, CSA string
	// Winner is USA, CSA, or "" for a draw.
	Winner string
	// Finished is when the game ended; it orders the rating periods.
	Finished time.Time
	// ChainHead references the signed end-of-game record ("#12 3fa0c1d2e4b5").
	ChainHead string
}

// Validate reports what is wrong with r.
func (r Result) Validate() error {
	switch {
	case r.GameID == "":
		return errors.New("ladder: result without a game id")
	case r.USA == "" || r.CSA == "":
		return fmt.Errorf("ladder: game %s: a side has no player", r.GameID)
	case r.USA == r.CSA:
		return fmt.Errorf("ladder: game %s: %s played both sides", r.GameID, r.USA)
	case r.Winner != USA && r.Winner != CSA && r.Winner != "":
		return fmt.Errorf("ladder: game %s: winner %q is not a side", r.GameID, r.Winner)
	case r.Finished.IsZero():
		return fmt.Errorf("ladder: game %s: no finish time", r.GameID)
	}
	return nil
}

// score is the USA player's score: 1, 0.5 or 0.
func (r Result) score() float64 {
	switch r.Winner {
	case USA:
		return 1
	case CSA:
		return 0
	}
	return 0.5
}

// Player is one player's rating and record on a ladder.
type Player struct {
	Rating
	Games, Wins, Losses, Draws int
}

// newPlayer is a player before any game.
func newPlayer() Player { return Player{Rating: NewRating()} }

// SortResults orders results as the ladder applies them: by finish time, then
// game id. It sorts in place.
func SortResults(results []Result) {
	sort.SliceStable(results, func(i, j int) bool {
		a, b := results[i], results[j]
		if !a.Finished.Equal(b.Finished) {
			return a.Finished.Before(b.Finished)
		}
		return a.GameID < b.GameID
	})
}

// Rate computes every player's rating and record from a ladder's finished
// games, applying each game as one Glicko-2 rating period for both players
// (each rated against the other's rating before the game), in the order of
// SortResults. tau ≤ 0 means DefaultTau. results is not modified. The same
// game id twice is an error, as is any invalid result.
func Rate(results []Result, tau float64) (map[string]Player, error) {
	rs := append([]Result(nil), results...)
	SortResults(rs)
	seen := make(map[string]bool, len(rs))
	players := map[string]Player{}
	for _, r := range rs {
		if seen[r.GameID] {
			return nil, fmt.Errorf("ladder: game %s counted twice", r.GameID)
		}
		seen[r.GameID] = true
		if err := Apply(players, r, tau); err != nil {
			return nil, err
		}
	}
	return players, nil
}

// Apply adds one finished game to players (a player not yet in the map starts
// at NewRating). Callers applying games one at a time must do so in the order
// of SortResults to get the ratings Rate would.
func Apply(players map[string]Player, r Result, tau float64) error {
	if err := r.Validate(); err != nil {
		return err
	}
	u, ok := players[r.USA]
	if !ok {
		u = newPlayer()
	}
	c, ok := players[r.CSA]
	if !ok {
		c = newPlayer()
	}
	s := r.score()
	uNew := Update(u.Rating, []Outcome{{Opponent: c.Rating, Score: s}}, tau)
	cNew := Update(c.Rating, []Outcome{{Opponent: u.Rating, Score: 1 - s}}, tau)
	u.Rating, c.Rating = uNew, cNew
	u.Games++
	c.Games++
	switch r.Winner {
	case USA:
		u.Wins++
		c.Losses++
	case CSA:
		u.Losses++
		c.Wins++
	default:
		u.Draws++
		c.Draws++
	}
	players[r.USA], players[r.CSA] = u, c
	return nil
}

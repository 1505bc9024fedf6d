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

// How a game ended, as Result.Ending names it (the same words as the store's
// Game.Ending).
const (
	Played    = ""          // played to its end
	Resigned  = "resigned"  // a player resigned; the opponent wins
	Declared  = "declared"  // the GM declared the result; rated as declared
	Forced    = "forced"    // the GM fast-forwarded to the end; rated, and marked so
	Voided    = "voided"    // the GM voided it; listed, never rated
	Cancelled = "cancelled" // the GM cancelled it; neither rated nor listed
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
	// Ending says how the game ended (Played, Resigned … Cancelled).
	Ending string
	// FastForwarded counts hours the GM resolved without charging anyone an
	// NMR; the standings say so.
	FastForwarded int
	// NoOrders is true when neither player sent orders in any hour: such a
	// game, played out or forced by standing orders alone, says nothing about
	// either player's skill and is not rated (a resignation or a result the GM
	// declared still is).
	NoOrders bool
	// Detail is the result in words ("CSA wins by resignation").
	Detail string
}

// Rated reports whether the game counts for the ratings: not when voided or
// cancelled, nor when it was played without orders from either player.
func (r Result) Rated() bool {
	switch r.Ending {
	case Voided, Cancelled:
		return false
	case Resigned, Declared:
		return true
	}
	return !r.NoOrders
}

// Listed reports whether the game appears among the ladder's results: every
// game but a cancelled one.
func (r Result) Listed() bool { return r.Ending != Cancelled }

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
	case r.Ending != Played && r.Ending != Resigned && r.Ending != Declared && r.Ending != Forced &&
		r.Ending != Voided && r.Ending != Cancelled:
		return fmt.Errorf("ladder: game %s: ending %q is not known", r.GameID, r.Ending)
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
// games, applying each rated game (Result.Rated) as one Glicko-2 rating period
// for both players (each rated against the other's rating before the game), in
// the order of SortResults. tau ≤ 0 means DefaultTau. results is not modified. The same
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
		if err := r.Validate(); err != nil {
			return nil, err
		}
		if !r.Rated() {
			continue
		}
		if err := Apply(players, r, tau); err != nil {
			return nil, err
		}
	}
	return players, nil
}

// Apply adds one finished game to players (a player not yet in the map starts
// at NewRating), whether or not it is Rated: Rate is what skips unrated games. Callers applying games one at a time must do so in the order
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

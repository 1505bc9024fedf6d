package schedule

import (
	"errors"
	"fmt"
	"sort"
	"time"
)

// Vacation is a stretch of time in which a player cannot send orders. The
// player is away from From up to (not including) To.
type Vacation struct {
	Player   string
	From, To time.Time
}

// Day is the unit vacation is counted in: 24 hours of elapsed time.
const Day = 24 * time.Hour

// Days is how many vacation days v uses: its length in whole days, a part day
// counting as a whole one (25 hours use 2 days).
func (v Vacation) Days() int {
	n := v.To.Sub(v.From)
	if n <= 0 {
		return 0
	}
	return int((n + Day - 1) / Day)
}

// ErrVacationCap is wrapped by every error about a player's vacation days
// passing the cap; errors.Is finds it.
var ErrVacationCap = errors.New("vacation days over the cap")

// CapError says which player asked for more vacation than the cap allows.
type CapError struct {
	Player    string
	Used, Cap int
}

func (e *CapError) Error() string {
	return fmt.Sprintf("schedule: %s asked for %d vacation days in this game; the cap is %d", e.Player, e.Used, e.Cap)
}

func (e *CapError) Unwrap() error { return ErrVacationCap }

// CheckVacations checks every vacation is well formed and that no player's
// days in the game (Days summed over that player's vacations) exceed capDays.
// A negative capDays means no cap. The daemon calls it before accepting a new
// vacation, with the new one appended to those already granted.
func CheckVacations(vacations []Vacation, capDays int) error {
	used := map[string]int{}
	var order []string
	for _, v := range vacations {
		if v.Player == "" {
			return errors.New("schedule: vacation without a player")
		}
		if !v.To.After(v.From) {
			return fmt.Errorf("schedule: vacation of %s ends (%s) before it starts (%s)",
				v.Player, v.To.UTC().Format(time.RFC3339), v.From.UTC().Format(time.RFC3339))
		}
		if _, ok := used[v.Player]; !ok {
			order = append(order, v.Player)
		}
		used[v.Player] += v.Days()
	}
	if capDays < 0 {
		return nil
	}
	for _, p := range order { // first player over the cap, in the order given
		if used[p] > capDays {
			return &CapError{Player: p, Used: used[p], Cap: capDays}
		}
	}
	return nil
}

// Extend moves deadline out of the players' vacations: a deadline falling in a
// vacation (From ≤ deadline < To) moves to that vacation's To, and again if
// that lands in another one, so the result is the first moment at or after
// deadline that is in no vacation. The vacations are checked against capDays
// first (see CheckVacations); over the cap, Extend returns the deadline
// unchanged and the error.
//
// Extend moves the deadline to the very moment the player is back; a policy
// that wants to give the returning player time should set To accordingly.
func Extend(deadline time.Time, vacations []Vacation, capDays int) (time.Time, error) {
	if err := CheckVacations(vacations, capDays); err != nil {
		return deadline, err
	}
	vs := append([]Vacation(nil), vacations...)
	sort.SliceStable(vs, func(i, j int) bool { return vs[i].From.Before(vs[j].From) })
	for moved := true; moved; {
		moved = false
		for _, v := range vs {
			if !deadline.Before(v.From) && deadline.Before(v.To) {
				deadline = v.To
				moved = true
			}
		}
	}
	return deadline, nil
}

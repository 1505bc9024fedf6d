package ladder

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// Row is one line of the standings.
type Row struct {
	Rank int
	// Player is the key the maps used (the address); Name is what the
	// table prints, Player until the caller sets a display name.
	Player, Name string
	Rating       Rating
	Games        int
	Wins         int
	Losses       int
	Draws        int
	Reliability  Reliability
}

// Standings joins ratings and reliability into rows ordered by rating
// (highest first), then RD (lowest first), then player. A player with
// reliability but no finished game is listed at NewRating with no games,
// below every player who has finished one. Ranks run 1, 2, 3… in that order.
func Standings(ratings map[string]Player, reliability map[string]Reliability) []Row {
	names := make([]string, 0, len(ratings)+len(reliability))
	for p := range ratings {
		names = append(names, p)
	}
	for p := range reliability {
		if _, ok := ratings[p]; !ok {
			names = append(names, p)
		}
	}
	rows := make([]Row, 0, len(names))
	for _, p := range names {
		pl, ok := ratings[p]
		if !ok {
			pl = newPlayer()
		}
		rows = append(rows, Row{
			Player: p, Name: p, Rating: pl.Rating,
			Games: pl.Games, Wins: pl.Wins, Losses: pl.Losses, Draws: pl.Draws,
			Reliability: reliability[p],
		})
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if (a.Games == 0) != (b.Games == 0) {
			return b.Games == 0
		}
		if a.Rating.Rating != b.Rating.Rating {
			return a.Rating.Rating > b.Rating.Rating
		}
		if a.Rating.RD != b.Rating.RD {
			return a.Rating.RD < b.Rating.RD
		}
		return a.Player < b.Player
	})
	for i := range rows {
		rows[i].Rank = i + 1
	}
	return rows
}

// FormatStandings writes rows as the plain-text table of the standings mail:
// rank, name, rating, ±RD, games, W-L-D, on-time share, NMRs and games
// abandoned, with numbers rounded to whole points. A player with no hours due shows "-" on time.
func FormatStandings(rows []Row) string {
	table := [][]string{{"#", "Player", "Rating", "±RD", "Games", "W-L-D", "On time", "NMRs", "Abandoned"}}
	for _, r := range rows {
		onTime := "-"
		if r.Reliability.HoursDue > 0 {
			onTime = fmt.Sprintf("%d%%", r.Reliability.OnTimePercent())
		}
		table = append(table, []string{
			fmt.Sprint(r.Rank),
			r.Name,
			fmt.Sprint(int(math.Round(r.Rating.Rating))),
			fmt.Sprint(int(math.Round(r.Rating.RD))),
			fmt.Sprint(r.Games),
			fmt.Sprintf("%d-%d-%d", r.Wins, r.Losses, r.Draws),
			onTime,
			fmt.Sprint(r.Reliability.NMRs),
			fmt.Sprint(r.Reliability.Abandoned),
		})
	}
	const nameColumn = 1 // left-aligned; the rest are numbers, right-aligned
	width := make([]int, len(table[0]))
	for _, line := range table {
		for i, cell := range line {
			width[i] = max(width[i], utf8.RuneCountInString(cell))
		}
	}
	var b strings.Builder
	for _, line := range table {
		var l strings.Builder
		for i, cell := range line {
			if i > 0 {
				l.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(cell))
			if i == nameColumn {
				l.WriteString(cell + pad)
			} else {
				l.WriteString(pad + cell)
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// Notes are what a results list says about a game beyond its result: how the
// GM ended it, hours fast-forwarded, and why it is not rated.
func (r Result) Notes() []string {
	var out []string
	switch r.Ending {
	case Voided:
		out = append(out, "void: not rated")
	case Forced:
		out = append(out, "forced to its end by the GM")
	case Declared:
		out = append(out, "result declared by the GM")
	}
	if r.FastForwarded > 0 && r.Ending != Voided {
		out = append(out, fmt.Sprintf("%d hours fast-forwarded by the GM (no NMRs charged)", r.FastForwarded))
	}
	if !r.Rated() && r.Ending != Voided && r.Ending != Cancelled {
		out = append(out, "not rated: no orders from either player")
	}
	return out
}

// Outcome is the result in words: Detail, or the winner when there is none.
func (r Result) Outcome() string {
	switch {
	case r.Ending == Voided:
		return "void"
	case r.Detail != "":
		return r.Detail
	case r.Winner == "":
		return "a draw"
	}
	return strings.ToUpper(r.Winner) + " wins"
}

// FormatResults lists a ladder's games as the standings mail ends with them,
// in the order they count (SortResults), one line each: finish date, game,
// players by name (name maps a player's key to what may be printed), the
// result and its notes. Cancelled games are left out.
func FormatResults(results []Result, name func(player string) string) string {
	rs := append([]Result(nil), results...)
	SortResults(rs)
	var b strings.Builder
	for _, r := range rs {
		if !r.Listed() {
			continue
		}
		fmt.Fprintf(&b, "%s  %s: USA %s, CSA %s: %s", r.Finished.UTC().Format("2006-01-02"), r.GameID,
			name(r.USA), name(r.CSA), r.Outcome())
		if n := r.Notes(); len(n) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(n, "; "))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

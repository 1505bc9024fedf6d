package antietam

// This file reads the charts as the rules will: a CRT cell with a club's overrides
// applied (7.6), and the victory level of a ratio of points (17.2). The rules half of
// the system resolves combat and scores the game with them.

import (
	"slices"
	"strconv"
	"strings"
)

// Column is the index of an odds column of the CRT ("3-1"), or -1.
func (c *Charts) Column(odds string) int { return slices.Index(c.CRT.Odds, odds) }

// Result is the CRT cell for a die roll (1-6) and an odds column as played: the
// printed majority unless a [[crt_override]] in charts.toml reads it otherwise.
func (c *Charts) Result(odds string, die int) (Result, bool) {
	col := c.Column(odds)
	if col < 0 || die < 1 || die > len(c.CRT.Rows) || col >= len(c.CRT.Rows[die-1]) {
		return "", false
	}
	r := c.CRT.Rows[die-1][col]
	for _, o := range c.Overrides { // the last override of a cell wins
		if o.Die == die && o.Odds == odds {
			r = o.Result
		}
	}
	return r, true
}

// Parse reads "U:C" as two whole numbers, the second above zero.
func (r Ratio) Parse() (u, c int, ok bool) {
	a, b, found := strings.Cut(string(r), ":")
	if !found {
		return 0, 0, false
	}
	u, err1 := strconv.Atoi(a)
	c, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || u < 0 || c <= 0 {
		return 0, 0, false
	}
	return u, c, true
}

// Level finds the 17.2 level of a game that ended with these points: the level
// whose bounds hold the ratio union:confederate, compared in whole numbers. Equal
// points, none included, are the ratio 1:1. Nil when no level (or a bound that
// does not parse) matches.
func (v *Victory) Level(union, confederate int) *VictoryLevel {
	if union == 0 && confederate == 0 {
		union, confederate = 1, 1
	}
	for i := range v.Levels {
		if v.Levels[i].holds(union, confederate) {
			return &v.Levels[i]
		}
	}
	return nil
}

// holds says whether u:c lies within the level's bounds; an unreadable bound
// matches nothing.
func (l *VictoryLevel) holds(u, c int) bool {
	// u:c against a:b is u·b against a·c (c may be 0: any u > 0 is above every ratio).
	cmp := func(r Ratio) (int, bool) {
		a, b, ok := r.Parse()
		if !ok {
			return 0, false
		}
		x, y := u*b, a*c
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		}
		return 0, true
	}
	for _, bound := range []struct {
		r    Ratio
		pass func(int) bool
	}{
		{l.AtLeast, func(d int) bool { return d >= 0 }},
		{l.MoreThan, func(d int) bool { return d > 0 }},
		{l.AtMost, func(d int) bool { return d <= 0 }},
		{l.LessThan, func(d int) bool { return d < 0 }},
	} {
		if bound.r == "" {
			continue
		}
		d, ok := cmp(bound.r)
		if !ok || !bound.pass(d) {
			return false
		}
	}
	return true
}

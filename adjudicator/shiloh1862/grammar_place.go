package shiloh1862

// This file reads a placement: a short text that sets up a position by hand on an
// empty board (pbem new-state --empty --place FILE), rather than by editing a
// state's ninety blocks of JSON. One line per block, a side, the block, its
// strength if not full, and its area; an optional hour line says which hour the
// position is about to play; # starts a comment:
//
//	hour: Day 1 10AM
//	usa: Sherman 2 @ Shiloh Church
//	csa: Cleburne @ Rea Field
//
// Blocks and areas are named as in orders (package orders looks them up: any
// case, aliases, a unique prefix), but a setup is strict: a near miss is refused
// with the names it might mean rather than guessed.

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// EmptyState is the scenario's start with the board cleared: every block absent,
// no arrival to come, no losses, camps or sightings. Place then puts blocks on it.
func (c contractScenario) EmptyState(o adjudicator.Options) (adjudicator.State, error) {
	st, err := c.NewState(o)
	if err != nil {
		return nil, err
	}
	s := st.(*State)
	for i, spec := range c.sc.OB.Blocks {
		s.Blocks[i] = BlockState{ID: spec.ID, Where: Absent, Max: spec.Max, Firepower: spec.Firepower}
	}
	s.Losses, s.CampsCaptured, s.Sightings, s.ArrivalChoices = nil, nil, nil, nil
	s.ArrivalsDone = nil
	for _, a := range c.sc.Arrivals {
		s.ArrivalsDone = append(s.ArrivalsDone, a.ID)
	}
	sort.Strings(s.ArrivalsDone)
	s.ArmyCommand = startingArmyCommand(c.sc, s)
	return s, nil
}

// Place reads a placement (the file comment shows one) onto an empty state and
// returns the position it sets up; st is left as it was. The error lists every
// line that could not be read, one per line of its message, each as "line N: ...".
func (c contractScenario) Place(st adjudicator.State, text string) (adjudicator.State, error) {
	in, err := AsState(st)
	if err != nil {
		return nil, err
	}
	for _, b := range in.Blocks {
		if b.Where != Absent {
			return nil, errorf("a placement sets up an empty board (new-state --empty); %s is already %s", b.ID, b.Where)
		}
	}
	s := *in
	s.Blocks = append([]BlockState(nil), in.Blocks...)
	index := map[BlockID]int{}
	for i, b := range s.Blocks {
		index[b.ID] = i
	}
	names := ScenarioNames(c.sc)
	var probs []string
	placedAt := map[BlockID]int{}
	count := map[AreaID][2]int{}
	hourLine := 0
	for n, line := range strings.Split(text, "\n") {
		n++
		fail := func(format string, args ...any) {
			probs = append(probs, fmt.Sprintf("line %d: ", n)+fmt.Sprintf(format, args...))
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		key, rest, ok := strings.Cut(line, ":")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok {
			fail("want \"usa: Block [strength] @ Area\" or \"hour: Day 1 9AM\"")
			continue
		}
		if key == "hour" {
			h, err := ParseHour(rest)
			switch {
			case hourLine > 0:
				fail("the hour is already given on line %d", hourLine)
			case err != nil || h < c.sc.Start || h > c.sc.End:
				fail("%q is not an hour of %s (%s to %s)", strings.TrimSpace(rest), c.sc.ID, c.sc.Start, c.sc.End)
			default:
				s.Hour, hourLine = h, n
			}
			continue
		}
		side, ok := adjudicator.ParseSide(key)
		if !ok {
			fail("%q is neither a side (usa, csa) nor \"hour\"", key)
			continue
		}
		who, where, ok := strings.Cut(rest, "@")
		if !ok || strings.Contains(where, "@") {
			fail("want \"%s: Block [strength] @ Area\", with one @ before the area", key)
			continue
		}
		words := strings.Fields(who)
		strength := -1
		if k := len(words) - 1; k > 0 {
			if v, err := strconv.Atoi(words[k]); err == nil {
				strength, words = v, words[:k]
			}
		}
		name := strings.Join(words, " ")
		id, why := lookup(names.BlockTable(side), side.String()+" block", name)
		if why != "" {
			if other, _ := lookup(names.BlockTable(side.Enemy()), "", name); other != "" {
				why = fmt.Sprintf("%s is a %s block, not %s", names.BlockTable(side.Enemy()).Canonical(other), side.Enemy(), side)
			}
			fail("%s", why)
			continue
		}
		area, why := lookup(names.AreaTable(), "area", where)
		if why != "" {
			fail("%s", why)
			continue
		}
		b, a := BlockID(id), c.sc.Map.Area(AreaID(area))
		bs := &s.Blocks[index[b]]
		switch {
		case placedAt[b] > 0:
			fail("%s is already placed on line %d", names.BlockTable(side).Canonical(id), placedAt[b])
			continue
		case a == nil || a.River:
			fail("no block can stand in %s", names.AreaTable().Canonical(area))
			continue
		case strength == -1:
			strength = bs.Max
		case strength < 1 || strength > bs.Max:
			fail("%s's strength is 1 to %d, not %d", names.BlockTable(side).Canonical(id), bs.Max, strength)
			continue
		}
		cnt := count[a.ID]
		if cnt[side.Index()]++; cnt[side.Index()] > stackLimit(a) {
			fail("%s holds more than %d %s blocks (3.31)", names.AreaTable().Canonical(area), stackLimit(a), side)
			continue
		}
		count[a.ID] = cnt
		placedAt[b] = n
		bs.Where, bs.Area, bs.Strength = OnMap, a.ID, strength
	}
	if len(probs) > 0 {
		// Mistakes in a hand-written file, not corrupt input: one per line.
		return nil, errors.New(strings.Join(probs, "\n"))
	}
	s.ArmyCommand = startingArmyCommand(c.sc, &s)
	if err := checkState(c.sc, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// lookup finds one name in t: its id, or why not, naming what was looked for
// ("CSA block", "area") and the names it might mean.
func lookup(t *orders.Table, what, name string) (id, why string) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", fmt.Sprintf("no %s named", what)
	}
	m := t.Lookup(name)
	if m.Found() {
		return t.Name(m).ID, ""
	}
	why = fmt.Sprintf("no %s is called %q", what, name)
	if m.How == orders.Fuzzy {
		why += "; did you mean " + t.Name(m).Canonical + "?"
	} else if cands := t.Candidates(m); len(cands) > 0 {
		why += "; did you mean " + strings.Join(cands, " or ") + "?"
	}
	return "", why
}

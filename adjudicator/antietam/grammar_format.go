package antietam

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// This file prints orders in the canonical form: one order a line, units by their
// canonical names, hexes by number, in the order moves, attacks, retreat
// preferences, displacement, advance after defence. It is the text a receipt
// echoes and hashes, and ParseOrders reads it back to the same orders.

// FormatOrders prints orders canonically. Consecutive moves along the same path
// share a line, as do consecutive retreat preferences of units alike. An order
// the language cannot write (a move without a path, an attack without a defender
// or an attacker, a retreat preference naming neither units nor hexes) is an
// error: parsing never makes one.
func (s *Scenario) FormatOrders(o *Orders) (string, error) {
	if o == nil {
		return "", errors.New("antietam: no orders to print")
	}
	var b strings.Builder
	for i := 0; i < len(o.Moves); {
		m := o.Moves[i]
		if len(m.Path) == 0 || m.Unit == "" {
			return "", fmt.Errorf("antietam: move %d has no unit or no path", i)
		}
		j := i + 1
		for j < len(o.Moves) && slices.Equal(o.Moves[j].Path, m.Path) && o.Moves[j].Unit != "" {
			j++
		}
		units := make([]UnitID, 0, j-i)
		for _, x := range o.Moves[i:j] {
			units = append(units, x.Unit)
		}
		b.WriteString(s.formatMove(units, m.Path) + "\n")
		i = j
	}
	for i := range o.Attacks {
		a := &o.Attacks[i]
		if len(a.Defenders) == 0 || len(a.Attackers)+len(a.Bombard) == 0 {
			return "", fmt.Errorf("antietam: attack %d has no defending hex or no attacking unit", i)
		}
		b.WriteString(s.formatAttack(a) + "\n")
	}
	rs := o.Standing.Retreats
	for i := 0; i < len(rs); {
		r := rs[i]
		if r.Unit == "" && len(r.From) == 0 || len(r.To) == 0 && r.Toward == "" {
			return "", fmt.Errorf("antietam: retreat preference %d names no unit or hexes, or no hex to go to", i)
		}
		j := i + 1
		for r.Unit != "" && j < len(rs) && rs[j].Unit != "" && sameWhere(rs[j], r) {
			j++
		}
		b.WriteString(s.formatRetreats(rs[i:j]) + "\n")
		i = j
	}
	if len(o.Standing.Displace) > 0 {
		b.WriteString(s.formatList("displace:", o.Standing.Displace) + "\n")
	}
	if len(o.Standing.Advance) > 0 {
		b.WriteString(s.formatList("advance after defence:", o.Standing.Advance) + "\n")
	}
	if b.Len() == 0 {
		return "hold\n", nil
	}
	return b.String(), nil
}

// sameWhere reports two retreat preferences alike but for their unit.
func sameWhere(a, b RetreatPref) bool {
	return slices.Equal(a.From, b.From) && slices.Equal(a.To, b.To) && a.Toward == b.Toward
}

// unitNames prints units by their canonical names, comma-separated.
func (s *Scenario) unitNames(units []UnitID) string {
	t := s.names.dict.BlockTable(s.sideOf(units))
	names := make([]string, len(units))
	for i, u := range units {
		names[i] = t.Canonical(string(u))
	}
	return strings.Join(names, ", ")
}

// sideOf is the side of the first known unit: a list is one side's.
func (s *Scenario) sideOf(units []UnitID) adjudicator.Side {
	for _, u := range units {
		if x := s.Unit(u); x != nil {
			return x.Side
		}
	}
	return adjudicator.NoSide
}

// joinHexes prints hexes with a separator.
func joinHexes(hs []HexID, sep string) string {
	s := make([]string, len(hs))
	for i, h := range hs {
		s[i] = string(h)
	}
	return strings.Join(s, sep)
}

// formatMove prints "UNIT, …: HEX > HEX".
func (s *Scenario) formatMove(units []UnitID, path []HexID) string {
	return s.unitNames(units) + ": " + joinHexes(path, " > ")
}

// formatAttack prints an attack with its clauses in a fixed order.
func (s *Scenario) formatAttack(a *Attack) string {
	var b strings.Builder
	if len(a.Attackers) == 0 {
		// a bombardment alone (8.1)
		b.WriteString("bombard " + joinHexes(a.Defenders, ", ") + " with " + s.unitNames(a.Bombard))
	} else {
		b.WriteString("attack " + joinHexes(a.Defenders, ", ") + " with " + s.unitNames(a.Attackers))
		if len(a.Bombard) > 0 {
			b.WriteString(" bombard " + s.unitNames(a.Bombard))
		}
	}
	if a.Odds != "" {
		b.WriteString(" at " + a.Odds)
	}
	if a.Advance != "" {
		b.WriteString(" advance " + s.unitNames([]UnitID{a.Advance}))
		if a.AdvanceTo != "" {
			b.WriteString(" to " + string(a.AdvanceTo))
		}
	}
	if len(a.Losses) > 0 {
		b.WriteString(" losses " + s.unitNames(a.Losses))
	}
	if a.BombardRetreat {
		b.WriteString(" guns retreat")
	}
	return b.String()
}

// formatRetreats prints retreat preferences alike but for their unit.
func (s *Scenario) formatRetreats(rs []RetreatPref) string {
	r := rs[0]
	var b strings.Builder
	b.WriteString("retreat")
	if r.Unit != "" {
		units := make([]UnitID, len(rs))
		for i, x := range rs {
			units[i] = x.Unit
		}
		b.WriteString(" " + s.unitNames(units))
	}
	if len(r.From) > 0 {
		b.WriteString(" from " + joinHexes(r.From, ", "))
	}
	if len(r.To) > 0 {
		b.WriteString(" to " + joinHexes(r.To, ", "))
	}
	if r.Toward != "" {
		b.WriteString(" toward " + string(r.Toward))
	}
	return b.String()
}

// formatList prints a standing list: "displace: Law, Hood".
func (s *Scenario) formatList(head string, units []UnitID) string {
	return head + " " + s.unitNames(units)
}

// Parse and Format are the contract's order grammar (orders.Grammar), so that the
// server reads and prints Antietam orders through the scenario it is given.
func (c *Contract) Parse(text string, side adjudicator.Side) *orders.Parsed {
	return c.sc.ParseOrders(text, side)
}

func (c *Contract) Format(o adjudicator.Orders) (string, error) {
	x, err := asOrders(o)
	if err != nil {
		return "", err
	}
	if x == nil {
		return "", errors.New("antietam: no orders to print")
	}
	return c.sc.FormatOrders(x)
}

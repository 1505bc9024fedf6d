// Package bot plays one side of Antietam by itself, plausibly rather than well:
// the demo's players, and the engine's sparring partner in its invariant games.
//
// It sees only its side's View (DESIGN §3). Where it needs the rules' own
// verdicts it asks the engine about the position the view makes believable
// (Scenario.Believed): whether its moves are legal (CheckMoves), and which
// contacts its Combat Phase will have (Contacts). It never holds a State, names
// none, and calls nothing that makes one from the truth; imports_test.go guards
// this.
//
// As the phasing side the Union marches on Sharpsburg, across Antietam Creek by
// its bridges and fords, avoiding contact at bad odds; the Confederates hold
// their line, keep Sharpsburg garrisoned, bring their reinforcements up and
// counterattack weak enemy stacks at good odds. Either side orders attacks where
// a contact gives 2-1 or better and leaves the rest to the engine's mandatory
// attacks (7.11, 7.12). As either side it writes standing orders: retreat toward
// its own rear (the Confederates to Boteler's Ford, 0126; the Union toward the
// east edge), and let its strong units in contact advance after a won defence.
//
// Its orders are a function of the view and the caller's seeded rng alone.
package bot

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/antietam"
)

// Bot is the bot for one scenario. It keeps only the scenario's public data and
// tables made from it, so one Bot serves any number of games and goroutines.
type Bot struct {
	sc       *antietam.Scenario
	b        *board
	pictures sync.Pool // of *picture, for reuse
}

// New returns the bot for an Antietam scenario.
func New(sc *antietam.Scenario) *Bot {
	return &Bot{sc: sc, b: newBoard(sc)}
}

// Orders writes orders for the side v is seen by (adjudicator.Bot).
func (bt *Bot) Orders(v adjudicator.View, rng adjudicator.Rand) (adjudicator.Orders, error) {
	view, ok := v.(*antietam.View)
	if !ok || view == nil {
		return nil, fmt.Errorf("antietam bot: %T is not an Antietam view", v)
	}
	o, err := bt.Write(view, rng)
	if err != nil {
		return nil, err
	}
	return o, nil
}

// Write is Orders on the system's own types.
func (bt *Bot) Write(v *antietam.View, rng adjudicator.Rand) (*antietam.Orders, error) {
	if v.Viewer != adjudicator.USA && v.Viewer != adjudicator.CSA {
		return nil, errors.New("antietam bot: the GM's view is no side's")
	}
	p := bt.picture(v)
	defer p.done()
	o := &antietam.Orders{Side: v.Viewer}
	if v.Over {
		return o, nil
	}
	if v.Phasing == v.Viewer {
		if err := p.move(o, rng); err != nil {
			return nil, err
		}
		if err := p.attack(o); err != nil {
			return nil, err
		}
	}
	o.Standing = p.standing(rng)
	return o, nil
}

// Careful drops from o the moves and attacks the receipt refuses, by the
// engine's numbering (OrderRef kind "move" or "attack", index from 1). Warnings
// stand: the order is legal, and the standing orders are never refused.
func (bt *Bot) Careful(o adjudicator.Orders, checks []adjudicator.Check) (adjudicator.Orders, error) {
	x, ok := o.(*antietam.Orders)
	if !ok || x == nil {
		return nil, fmt.Errorf("antietam bot: %T is not Antietam orders", o)
	}
	bad := func(kind string, i int) bool {
		return slices.ContainsFunc(checks, func(c adjudicator.Check) bool {
			return c.Status == adjudicator.CheckError && c.Order.Kind == kind && c.Order.Index == i+1
		})
	}
	out := *x
	out.Moves, out.Attacks = nil, nil
	for i, m := range x.Moves {
		if !bad(antietam.KindMove, i) {
			out.Moves = append(out.Moves, m)
		}
	}
	for i, a := range x.Attacks {
		if !bad(antietam.KindAttack, i) {
			out.Attacks = append(out.Attacks, a)
		}
	}
	return &out, nil
}

// standing are the side's standing orders (7.71, 7.75): every unit retreats
// toward its rear, and about half the strong infantry in contact is listed to
// advance after a won defence, strongest first.
func (p *picture) standing(rng adjudicator.Rand) antietam.Standing {
	var s antietam.Standing
	var rears []antietam.HexID
	from := map[antietam.HexID][]antietam.HexID{}
	for h, units := range p.own {
		if len(units) == 0 {
			continue
		}
		r := p.b.rearOf(p.v.Viewer, h)
		if from[r] == nil {
			rears = append(rears, r)
		}
		from[r] = append(from[r], p.b.ids[h])
	}
	slices.Sort(rears)
	for _, r := range rears {
		s.Retreats = append(s.Retreats, antietam.RetreatPref{From: from[r], Toward: r})
	}
	var strong []*antietam.SeenUnit
	for i := range p.v.Units {
		u := &p.v.Units[i]
		h, ok := p.hex(u)
		if ok && u.Side == p.v.Viewer && p.spec(u).Type == antietam.Infantry && u.Strength >= 5 &&
			!u.Ineffective && len(p.contacts(h)) > 0 && rng.IntN(2) == 0 {
			strong = append(strong, u)
		}
	}
	slices.SortStableFunc(strong, func(a, b *antietam.SeenUnit) int { return b.Strength - a.Strength })
	for _, u := range strong {
		s.Advance = append(s.Advance, u.ID)
	}
	return s
}

package templates

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// teller is what the wording of one scenario's mails needs: the system's sheets
// and names, and its wording (templates/words: shared.txt and the system's file).
type teller struct {
	told adjudicator.Told
	w    *words.Wording
}

// tellerOf finds a scenario's sheets and wording. A system that cannot be mailed
// (it does not implement adjudicator.Told, or has no wording file) is an error, not
// a panic: the server says so and keeps the game.
func tellerOf(sc adjudicator.Scenario) (teller, error) {
	told, ok := sc.(adjudicator.Told)
	if !ok {
		return teller{}, fmt.Errorf("templates: rule system %q has no report sheets (adjudicator.Told)", sc.System())
	}
	w, err := words.For(sc.System())
	if err != nil {
		return teller{}, fmt.Errorf("templates: %w", err)
	}
	return teller{told: told, w: w}, nil
}

// say words one phrase; a zero phrase says nothing.
func (t teller) say(p adjudicator.Phrase) string {
	if p.Code == "" {
		return ""
	}
	return t.w.Say(p, t.told)
}

// line words a sheet's line for the report.
func (t teller) line(l adjudicator.Line) Line { return Line{Text: t.say(l.Say), Class: l.Class} }

func (t teller) lines(ls []adjudicator.Line) []Line {
	var out []Line
	for _, l := range ls {
		out = append(out, t.line(l))
	}
	return out
}

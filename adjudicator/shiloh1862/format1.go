package shiloh1862

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Report views of format 1 are what clubs stored before the engine said codes
// only (docs/ARCHITECTURE.md §8): the same shape, with the engine's English where
// format 2 has phrases (an event's "text", a result's and the initiative's
// "reason"). They are read into today's shape with that English as written
// (why.as-written), cut as the reports of format 1 cut it, so that a resent old
// hour reads as it did.

// format1View is the English a format-1 view carries, by position.
type format1View struct {
	Initiative struct {
		Reason string `json:"reason"`
	} `json:"initiative"`
	Events []struct {
		Text string `json:"text"`
	} `json:"events"`
	Results []struct {
		Reason string `json:"reason"`
	} `json:"results"`
}

// decodeFormat1 reads a format-1 report view.
func decodeFormat1(sc *Scenario, b []byte) (*ReportView, error) {
	var rv ReportView
	if err := json.Unmarshal(b, &rv); err != nil {
		return nil, err
	}
	var old format1View
	if err := json.Unmarshal(b, &old); err != nil {
		return nil, err
	}
	if len(old.Events) != len(rv.Events) || len(old.Results) != len(rv.Results) {
		return nil, errorf("a format-1 report view's events and results do not line up")
	}
	rv.Initiative.Why = asWritten(old.Initiative.Reason)
	for i := range rv.Results {
		rv.Results[i].Why = asWritten(old.Results[i].Reason)
	}
	for i := range rv.Events {
		rv.Events[i].Why = asWritten(format1Why(sc, rv.Events[i], old.Events[i].Text))
	}
	return &rv, nil
}

// asWritten is stored English as a phrase that prints it as it is.
func asWritten(s string) Phrase {
	if s == "" {
		return Phrase{}
	}
	return adjudicator.Say("why.as-written", adjudicator.TextArg("text", s))
}

// format1Why is the part of an event's format-1 text that the report printed
// after the event's own sentence: all of it, but for a retreat's "X retreats to
// Y", a fire's dice and hits (its firepower changes and notes stay), and a hit's
// "X to strength N"; and never the last tie-break "then id". An arrival held
// printed its whole text. Names are the scenario's, as the reports named them.
func format1Why(sc *Scenario, e Event, t string) string {
	if e.Kind == EvArrivalHeld {
		return t
	}
	name := format1Block(sc, e.Block)
	switch e.Kind {
	case EvRetreat:
		prefix := name + " retreats to " + format1Area(sc, e.To) + " ("
		if strings.HasPrefix(t, prefix) && strings.HasSuffix(t, ")") {
			t = t[len(prefix) : len(t)-1]
		}
	case EvFire:
		dice := make([]string, len(e.Dice))
		for i, d := range e.Dice {
			dice[i] = strconv.Itoa(d)
		}
		told := name + " fires " + e.Firepower.String() + ": " + strings.Join(dice, " ") + ", " + strconv.Itoa(e.Hits) + " hit(s)"
		rest, ok := strings.CutPrefix(t, told)
		if !ok {
			return "" // a fire the viewer knows less of: the sentence tells it
		}
		var why []string
		rest = strings.TrimSpace(rest)
		if strings.HasPrefix(rest, "[") {
			if end := strings.Index(rest, "]"); end > 0 {
				why = append(why, rest[1:end])
				rest = strings.TrimSpace(rest[end+1:])
			}
		}
		if strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
			why = append(why, rest[1:len(rest)-1])
		}
		t = strings.Join(why, "; ")
	case EvHit:
		for _, told := range []string{": " + name + " to strength " + strconv.Itoa(e.Strength), ": " + name + " at its last step"} {
			if cut, ok := strings.CutSuffix(t, told); ok {
				t = cut
				break
			}
		}
	}
	return strings.ReplaceAll(t, ", then id", "")
}

// format1Block and format1Area name as the reports of format 1 named.
func format1Block(sc *Scenario, id BlockID) string {
	if id == "" {
		return "a block"
	}
	if b := sc.OB.Block(id); b != nil {
		return b.Name
	}
	return string(id)
}

func format1Area(sc *Scenario, id AreaID) string {
	if id == "" || id == OffBoard {
		return "off the map"
	}
	if a := sc.Map.Area(id); a != nil {
		return a.Name
	}
	return string(id)
}

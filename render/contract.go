package render

import (
	"fmt"
	"io"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/templates/words"
)

// Draw writes one viewer's map as PNG from the contract's views: what the server
// calls. The scenario's system cuts the picture from the views (adjudicator.Pictured);
// render draws it over the base map of the scenario's board. rv may be nil (the first
// map of a game).
func Draw(w io.Writer, sc adjudicator.Scenario, v adjudicator.View, rv adjudicator.ReportView, opts *Options) error {
	p, err := pictureOf(sc, v, rv)
	if err != nil {
		return err
	}
	return drawPicture(w, sc, p, opts)
}

// pictureOf asks the scenario's system for the picture of a view.
func pictureOf(sc adjudicator.Scenario, v adjudicator.View, rv adjudicator.ReportView) (*adjudicator.Picture, error) {
	pic, say, err := pictured(sc)
	if err != nil {
		return nil, err
	}
	return pic.Picture(v, rv, say)
}

// pictured is the scenario as a system that says how its maps look, and the
// wording its map's words come from (templates/words: the shared file and the
// system's), naming units and places as the system names them.
func pictured(sc adjudicator.Scenario) (adjudicator.Pictured, adjudicator.Wording, error) {
	pic, ok := sc.(adjudicator.Pictured)
	if !ok {
		return nil, nil, fmt.Errorf("render: system %s does not say how its maps look (adjudicator.Pictured)", sc.System())
	}
	named, ok := sc.(adjudicator.Named)
	if !ok {
		return nil, nil, fmt.Errorf("render: system %s does not name its units and places (adjudicator.Named)", sc.System())
	}
	w, err := words.For(sc.System())
	if err != nil {
		return nil, nil, fmt.Errorf("render: %w", err)
	}
	return pic, func(p adjudicator.Phrase) string { return w.Say(p, named) }, nil
}

package render

import (
	"fmt"
	"io"

	"github.com/shiloh-pbem/pbem/adjudicator"
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
	pic, err := pictured(sc)
	if err != nil {
		return nil, err
	}
	return pic.Picture(v, rv)
}

// pictured is the scenario as a system that says how its maps look.
func pictured(sc adjudicator.Scenario) (adjudicator.Pictured, error) {
	pic, ok := sc.(adjudicator.Pictured)
	if !ok {
		return nil, fmt.Errorf("render: system %s does not say how its maps look (adjudicator.Pictured)", sc.System())
	}
	return pic, nil
}

package render

import (
	"io"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Draw writes one viewer's map as PNG from the contract's views: what the server
// calls. The drawing reads Shiloh 1862's views until views take the shared shapes
// (docs/ARCHITECTURE.md §11 step 15); then only this body changes. rv may be nil
// (the first map of a game).
func Draw(w io.Writer, sc adjudicator.Scenario, v adjudicator.View, rv adjudicator.ReportView, opts *Options) error {
	eng, err := shiloh1862.Engine(sc)
	if err != nil {
		return err
	}
	view, err := shiloh1862.AsView(v)
	if err != nil {
		return err
	}
	r, err := shiloh1862.AsReportView(rv)
	if err != nil {
		return err
	}
	return DrawView(w, eng, view, r, opts)
}

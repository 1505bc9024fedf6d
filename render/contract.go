package render

import (
	"fmt"
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
	view, ok := v.(*shiloh1862.View)
	if !ok {
		return fmt.Errorf("render: %T is not a view of %s", v, sc.ID())
	}
	var r *shiloh1862.ReportView
	if rv != nil {
		if r, ok = rv.(*shiloh1862.ReportView); !ok {
			return fmt.Errorf("render: %T is not a report view of %s", rv, sc.ID())
		}
	}
	return DrawView(w, eng, view, r, opts)
}

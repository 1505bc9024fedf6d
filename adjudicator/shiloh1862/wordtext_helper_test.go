package shiloh1862_test

import (
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/templates"
)

var contracts sync.Map // *shiloh1862.Scenario → adjudicator.Scenario

// whyText words a phrase as the mails word it, for the engine's scenario sc: the
// contract scenario templates takes is built once per scenario (building its
// board costs about 0.1 ms, and the golden games word some 200,000 phrases).
func whyText(sc *shiloh1862.Scenario, p adjudicator.Phrase) string {
	say, err := templates.Wording(contractOf(sc))
	if err != nil {
		return "(" + err.Error() + ")"
	}
	return say(p)
}

// contractOf is sc as templates takes it, built once.
func contractOf(sc *shiloh1862.Scenario) adjudicator.Scenario {
	if c, ok := contracts.Load(sc); ok {
		return c.(adjudicator.Scenario)
	}
	cs, err := shiloh1862.Contract(sc)
	if err != nil {
		panic(err) // an embedded scenario the tests load: its own tests say why
	}
	c, _ := contracts.LoadOrStore(sc, cs)
	return c.(adjudicator.Scenario)
}

// reportText is a viewer's report as pbem resolve prints it.
func reportText(sc *shiloh1862.Scenario, rv *shiloh1862.ReportView) (string, error) {
	return templates.ReportTextOf(contractOf(sc), rv)
}

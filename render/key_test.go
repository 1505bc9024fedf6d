package render

import (
	"sort"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Every symbol drawn on a map is shown in its key: the drawer notes each symbol
// it draws on the map and in the key, over the test maps of every viewer.
func TestEverySymbolInTheKey(t *testing.T) {
	sc, _ := testScenario(t)
	c := contract(t, sc)
	type pic struct {
		name string
		v    *shiloh1862.View
		rv   *shiloh1862.ReportView
	}
	var pics []pic
	for _, cs := range cases {
		v := testView(t, sc, cs.viewer, cs.mode)
		p := pic{cs.name, v, nil}
		if cs.report {
			p.rv = testReport(v)
		}
		pics = append(pics, p)
	}
	pics = append(pics, pic{"full-stacks", fullView(t, sc), nil}, pic{"every block", allBlocksView(sc), nil})
	seen := map[string]bool{}
	for _, pc := range pics {
		cv, crv := asContract(pc.v, pc.rv)
		p, err := pictureOf(c, cv, crv)
		if err != nil {
			t.Fatal(err)
		}
		d, _, err := drawnPicture(c, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		putPicture(d.img)
		var missing []string
		for s := range d.drawn {
			seen[s] = true
			if !d.keyed[s] {
				missing = append(missing, s)
			}
		}
		sort.Strings(missing)
		for _, s := range missing {
			t.Errorf("%s: the map draws the symbol %q, which the key does not show", pc.name, s)
		}
	}
	// the test maps draw what the key must explain, the arrows' numbers among them
	for _, s := range []string{symUnit, symEnemy, symGhost, symFormation, symBattle, symMove, symCount, symRetreat,
		symChanged, symControl, symContested, symEliminated, symTaken, symCaptured} {
		if !seen[s] {
			t.Errorf("no test map draws the symbol %q", s)
		}
	}
}

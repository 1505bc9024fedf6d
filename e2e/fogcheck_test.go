package e2e

import (
	"fmt"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// recorder collects a check's errors instead of failing the test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// The fog check itself must be able to fail: an unrevealed enemy name is caught, a
// name revealed in a battle and a place named after a general are not.
func TestFogCheckCatchesLeaks(t *testing.T) {
	cases := []struct {
		name, text string
		leaks      int
	}{
		{"enemy named in movement", "Movement:\n  - Cleburne: Seay Field > Rea Field\n", 1},
		{"area named after a general", "Movement:\n  - An enemy block: Hardee's Bivouac > Polk's Bivouac\n", 0},
		{"revealed in battle", "Battle of Rea Field (CSA attacking)\n    CSA infantry Cleburne (C2) strength 3\n    USA DHQ Sherman (B3) strength 2\n  Round 1\n    - Cleburne fires (C2) [1]: 1 hit\n", 0},
		{"revealed one, leaked another", "Battle of Rea Field (CSA attacking)\n    CSA infantry Cleburne (C2) strength 3\n\nSupply:\n  - Hardee rebuilt\n", 1},
		{"a name both sides use", "Supply:\n  - Smith rebuilt to strength 2\n", 0},
		{"the order form's fixed example", "# Examples:  activate Hardee   |   Cleburne: Seay > Rea attack\n", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &recorder{TB: t}
			newFog(t, adjudicator.USA).check(r, &msg{subject: "[g] Day 1 7AM results", text: c.text})
			if len(r.errs) != c.leaks {
				t.Errorf("%d leaks reported, want %d: %q", len(r.errs), c.leaks, r.errs)
			}
		})
	}
}

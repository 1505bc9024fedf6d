package adjudicator

import "testing"

// TestIDTable: every area and block id of the scenario is found at its index, ids
// that are not there are not found, and the probe runs stay short (the table is
// only worth having if lookups are cheap).
func TestIDTable(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	var areas, blocks []string
	for _, a := range sc.Map.Areas {
		areas = append(areas, string(a.ID))
	}
	for _, b := range sc.OB.Blocks {
		blocks = append(blocks, string(b.ID))
	}
	for _, ids := range [][]string{areas, blocks} {
		tb := newIDTable(len(ids), func(i int) string { return ids[i] })
		probes, worst := 0, 0
		for i, id := range ids {
			if got := tb.get(id); got != i {
				t.Errorf("%q: index %d, want %d", id, got, i)
			}
			n := 1
			for j := tb.home(id); tb.keys[j] != id; j = (j + 1) & tb.mask {
				n++
			}
			probes += n
			worst = max(worst, n)
		}
		t.Logf("%d ids: %d probes, longest run %d", len(ids), probes, worst)
		if probes*2 > len(ids)*3 || worst > 6 {
			t.Errorf("%d ids: %d probes in all (over 1.5 each), the longest run %d", len(ids), probes, worst)
		}
		for _, id := range []string{"", "x", ids[0] + "x", "zz" + ids[len(ids)-1], ids[0][:len(ids[0])-1]} {
			if got := tb.get(id); got != -1 {
				t.Errorf("unknown id %q found at %d", id, got)
			}
		}
	}
	// A repeated id keeps its last index, as a map filled in order would.
	rep := []string{"a", "b", "a"}
	tr := newIDTable(3, func(i int) string { return rep[i] })
	if got := tr.get("a"); got != 2 {
		t.Errorf("repeated id: index %d, want 2", got)
	}
	var empty idTable
	if empty.get("a") != -1 {
		t.Error("an empty table finds an id")
	}
}

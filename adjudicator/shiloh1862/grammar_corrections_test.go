package shiloh1862

import (
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/orders"
)

// readWithNotes parses one side's orders and returns their canonical form and the
// problems as a receipt words them, one a line ("warning: read …").
func readWithNotes(t *testing.T, side adjudicator.Side, text string) (canon string, notes []string) {
	t.Helper()
	d := testNames(t)
	o, probs := ParseOrders(text, d, side)
	for _, p := range probs {
		why, hint := problemText(p)
		if hint != "" {
			why += " — " + hint
		}
		notes = append(notes, p.Severity.String()+": "+why)
	}
	return FormatOrders(o, d), notes
}

// TestMisspeltIntentSplitOff: a misspelt intent or straggler word after the
// destination is split off the area name and read as that word, and the receipt
// says how the line was read.
func TestMisspeltIntentSplitOff(t *testing.T) {
	for _, c := range []struct {
		in, canon, note string
	}{
		{"cleburne: seay > hornets nest atack", "Cleburne: Seay Field > Hornet's Nest attack",
			"warning: read 'hornets nest atack' as Hornet's Nest attack"},
		{"cleburne: seay > rea field atack", "Cleburne: Seay Field > Rea Field attack",
			"warning: read 'rea field atack' as Rea Field attack"},
		{"chalmers: spain > wicker reinforse", "Chalmers: Spain Field > Wicker Field reinforce",
			"warning: read 'wicker reinforse' as Wicker Field reinforce"},
		{"forrest: lick creek > larkin bell uncomanded", "Forrest: Lick Creek Bottoms > Larkin Bell Field uncommanded",
			"warning: read 'larkin bell uncomanded' as Larkin Bell Field uncommanded"},
		{"cleburne: seay > rea attack uncomanded", "",
			"warning: read 'rea attack uncomanded' as Rea Field attack uncommanded|error: an uncommanded move cannot attack"},
		{"cleburne > rea mvoe", "Cleburne > Rea Field",
			"warning: read 'rea mvoe' as Rea Field move"},
	} {
		canon, notes := readWithNotes(t, adjudicator.CSA, c.in)
		if strings.TrimSpace(canon) != c.canon {
			t.Errorf("%q reads as %q, want %q (%q)", c.in, canon, c.canon, notes)
		}
		if want := strings.Split(c.note, "|"); len(notes) != len(want) || !prefixes(notes, want) {
			t.Errorf("%q: notes %q, want %q", c.in, notes, c.note)
		}
	}
	// a word that is no keyword's typo stays part of the name, and is an error
	// with its suggestion as before
	if canon, notes := readWithNotes(t, adjudicator.CSA, "cleburne: seay > rea xyzzy"); canon != "" || len(notes) != 1 || !strings.HasPrefix(notes[0], "error: 'rea xyzzy' is not a map area") {
		t.Errorf("rea xyzzy: %q %q", canon, notes)
	}
}

// prefixes reports whether each of got starts with its want.
func prefixes(got, want []string) bool {
	for i := range got {
		if !strings.HasPrefix(got[i], want[i]) {
			return false
		}
	}
	return true
}

// TestCorrectionsEchoed: every name read under a misspelling, whether a near miss
// or a misspelling the scenario lists, is echoed in a note, wherever the name
// stands; names written in full or by their beginning are not.
func TestCorrectionsEchoed(t *testing.T) {
	for _, c := range []struct {
		side      adjudicator.Side
		in, canon string
		notes     string // "|" between notes
	}{
		{adjudicator.CSA, "breckenridge: seay > rea", "Breckinridge: Seay Field > Rea Field",
			"warning: read 'breckenridge' as Breckinridge"},
		{adjudicator.CSA, "activate breckenridge, hardee", "activate Breckinridge, Hardee",
			"warning: read 'breckenridge' as Breckinridge"},
		{adjudicator.CSA, "activate breckenridge hardee", "activate Breckinridge, Hardee",
			"warning: read 'breckenridge' as Breckinridge"},
		{adjudicator.CSA, "supply: cleburne breckenridge", "supply: Cleburne, Breckinridge",
			"warning: read 'breckenridge' as Breckinridge"},
		{adjudicator.CSA, "cleburne: seay > rhea", "Cleburne: Seay Field > Rea Field",
			"warning: read 'rhea' as Rea Field"},
		{adjudicator.CSA, "battles: rhea field, shiloh", "battles: Rea Field, Shiloh Church",
			"warning: read 'rhea field' as Rea Field"},
		{adjudicator.USA, "mcclelland: mcclelland camp > water oaks", "McClernand: McClernand's Camp > Water Oaks Pond",
			"warning: read 'mcclelland' as McClernand|warning: read 'mcclelland camp' as McClernand's Camp"},
		{adjudicator.USA, "hildebrnd: shiloh > rea", "Hildebrand: Shiloh Church > Rea Field",
			"warning: read 'hildebrnd' as Hildebrand"},
		// no correction, no note
		{adjudicator.CSA, "breck, clebu: seay > rea", "Breckinridge, Cleburne: Seay Field > Rea Field", ""},
		{adjudicator.USA, "lew wallace: wait", "arrival L. Wallace: E", ""},
		{adjudicator.USA, "ml smith: crescent > stacy", "M.L. Smith: Crescent Field > Stacy Field", ""},
	} {
		canon, notes := readWithNotes(t, c.side, c.in)
		var want []string
		if c.notes != "" {
			want = strings.Split(c.notes, "|")
		}
		if strings.TrimSpace(canon) != c.canon || len(notes) != len(want) || !prefixes(notes, want) {
			t.Errorf("%q reads as %q with %q, want %q with %q", c.in, canon, notes, c.canon, want)
		}
	}
}

// TestListsWithoutCommas: every list order reads names written without commas,
// names of several words among them, as it reads them with commas.
func TestListsWithoutCommas(t *testing.T) {
	for _, c := range []struct {
		side      adjudicator.Side
		in, canon string
	}{
		{adjudicator.CSA, "losses: gladden first hardee last", "losses first: Gladden\nlosses last: Hardee"},
		{adjudicator.CSA, "losses: gladden chalmers first hardee last", "losses first: Gladden, Chalmers\nlosses last: Hardee"},
		{adjudicator.CSA, "losses: gladden chalmers first hardee bragg last", "losses first: Gladden, Chalmers\nlosses last: Hardee, Bragg"},
		{adjudicator.CSA, "losses: hardee last gladden", "losses first: Gladden\nlosses last: Hardee"},
		{adjudicator.CSA, "losses: first gladden chalmers last hardee", "losses first: Gladden, Chalmers\nlosses last: Hardee"},
		{adjudicator.USA, "losses: w wallace ml smith first taylor cav last", "losses first: W. Wallace, M.L. Smith\nlosses last: Taylor (cav)"},
		{adjudicator.CSA, "losses last: hardee bragg", "losses last: Hardee, Bragg"},
		{adjudicator.USA, "activate sherman as army prentiss", "activate Sherman as army, Prentiss"},
		{adjudicator.USA, "activate prentiss sherman as army hurlbut", "activate Prentiss, Sherman as army, Hurlbut"},
		{adjudicator.USA, "activate w wallace ml smith", "activate W. Wallace, M.L. Smith"},
		{adjudicator.USA, "delay: crittenden nelson", "delay: Crittenden, Nelson"},
		{adjudicator.CSA, "supply: cleburne hardee shoup", "supply: Cleburne, Hardee, Shoup"},
		{adjudicator.USA, "supply: w wallace ml smith taylor cav", "supply: W. Wallace, M.L. Smith, Taylor (cav)"},
		{adjudicator.USA, "pin: w wallace ml smith", "pin: W. Wallace, M.L. Smith"},
		{adjudicator.CSA, "battles: rea field shiloh church owl creek woods", "battles: Rea Field, Shiloh Church, Owl Creek Woods"},
		{adjudicator.CSA, "at rea seay: hold", "at Rea Field: hold\nat Seay Field: hold"},
		{adjudicator.CSA, "at rea: withdraw after round 1, retreat to shiloh church water oaks",
			"at Rea Field: withdraw after round 1, retreat to Shiloh Church, Water Oaks Pond"},
		{adjudicator.CSA, "regroup at rea: cleburne wood > seay", "regroup at Rea Field: Cleburne, Wood > Seay Field"},
	} {
		canon, notes := readWithNotes(t, c.side, c.in)
		if strings.TrimSpace(canon) != c.canon || len(notes) > 0 {
			t.Errorf("%q reads as\n%s\nwith %q; want\n%s", c.in, canon, notes, c.canon)
		}
	}
}

// FuzzListsWithoutCommas: a list of whole names, each maybe followed by first or
// last, reads the same without commas as with them, for every side's blocks in
// every list order (the bytes choose the names and the marks).
func FuzzListsWithoutCommas(f *testing.F) {
	for _, s := range []string{"\x00\x01", "\x05\x90\x33", "\xff\x10\x20\x30\x40", "\x07"} {
		f.Add(s)
	}
	d := testNames(f)
	f.Fuzz(func(t *testing.T, picks string) {
		if len(picks) == 0 || len(picks) > 8 {
			return
		}
		for _, side := range adjudicator.Sides {
			names := d.Blocks(side)
			var plain, marked []string
			for i := range len(picks) {
				n := names[int(picks[i])%len(names)].Canonical
				plain = append(plain, n)
				switch int(picks[i]) / len(names) % 3 {
				case 1:
					n += " first"
				case 2:
					n += " last"
				}
				marked = append(marked, n)
			}
			for _, order := range []string{"supply: ", "pin: ", "activate "} {
				same(t, d, side, order+strings.Join(plain, ", "), order+strings.Join(plain, " "))
			}
			same(t, d, side, "losses: "+strings.Join(marked, ", "), "losses: "+strings.Join(marked, " "))
		}
	})
}

// same fails unless two texts read as the same orders with the same problems.
func same(t *testing.T, d *orders.Dictionary, side adjudicator.Side, a, b string) {
	t.Helper()
	oa, pa := ParseOrders(a, d, side)
	ob, pb := ParseOrders(b, d, side)
	if !sameOrders(oa, ob) || len(pa) != len(pb) {
		t.Fatalf("%q reads as\n%s%+v\nbut %q as\n%s%+v", a, FormatOrders(oa, d), pa, b, FormatOrders(ob, d), pb)
	}
}

package antietam

import (
	"strings"
	"testing"
)

// The embedded data passes every check the validator knows.
func TestEmbeddedDataIsValid(t *testing.T) {
	for _, p := range mustLoad(t).Validate() {
		t.Error(p)
	}
}

// breakage is one edit to a copy of the data and a problem it must cause.
type breakage struct {
	name      string
	file      string
	old, new  string // old must occur exactly once in file
	want      string // a fragment of one problem
	wantNoErr bool
	old2      string // a second edit of the same file, if any
	new2      string
}

var breakages = []breakage{
	// the loader
	{"unknown key", MapFile, `id = "antietam"`, "id = \"antietam\"\ncolour = \"red\"", "map.toml: map.colour: unknown key", false, "", ""},
	{"hexside not CCRR-CCRR", MapFile, `"1410-1411"`, `"1410/1411"`, `hexside "1410/1411" is not written CCRR-CCRR`, false, "", ""},
	{"hexside between far hexes", MapFile, `"1501-1601"`, `"1501-1603"`, "1501 and 1603 are not neighbouring hexes", false, "", ""},
	{"grid too large", MapFile, "cols = 21", "cols = 100", "each must be 1 to 99", false, "", ""},
	// provenance
	{"no src", MapFile, `src = "guess: the hamlet where the Smoketown and Keedysville roads meet"`, "", "place smoketown: no src", false, "", ""},
	{"unknown tag", OBFile, `src = "rules: 14.1 line 558"`, `src = "folklore: 14.1 line 558"`, `src "folklore: 14.1 line 558": want`, false, "", ""},
	{"rules without a number", ChartsFile, `src = "rules: 5.32 line 211"`, `src = "rules: the stacking rule"`, "cites no rule number or line", false, "", ""},
	// the grid and terrain
	{"rows too few for 1128", MapFile, "rows = 29", "rows = 27", "hex 1128, which the rules name, is not on the 21x27 grid", false, "", ""},
	{"entry off the edge", MapFile, "cols = 21", "cols = 22", "entry hex 2112 is not on the edge of the map", false, "", ""},
	{"hex in two groups", MapFile, "kind = \"forest\"\nname = \"East Woods\"\nhexes = [\"1009\", \"1109\"]", "kind = \"forest\"\nname = \"East Woods\"\nhexes = [\"1009\", \"1109\", \"0710\"]", "hex 0710 is also in West Woods", false, "", ""},
	{"terrain not on this map", MapFile, `kind = "rough"
name = "rocky ground at Snavely's Ford"`, `kind = "forest_and_rough"
name = "rocky ground at Snavely's Ford"`, "the TEC puts no forest_and_rough on the Antietam map", false, "", ""},
	{"terrain without a TEC row", ChartsFile, `id = "town"`, `id = "towm"`, "no row for terrain town", false, "", ""},
	{"creek crossable", ChartsFile, "id = \"creek\"\ncross = false", "id = \"creek\"\ncross = true", "units may never cross a creek hexside", false, "", ""},
	// the creek, crossings and roads
	{"creek side twice", MapFile, `"1501-1601", "1502-1601"`, `"1501-1601", "1501-1601"`, "hexside 1501-1601 listed twice", false, "", ""},
	{"gap in the creek", MapFile, `"1311-1411", `, "", "Antietam Creek does not divide the map", false, "", ""},
	{"creek beside the river", MapFile, `"1128-1228"]`, `"1128-1228", "1128-1129"]`, "runs beside the river hex 1129", false, "", ""},
	{"ford off the creek", MapFile, `side = "1408-1508"`, `side = "1407-1408"`, "ford 1407-1408 is not on a creek hexside", false, "", ""},
	{"fourth bridge away from 1128", MapFile, `side = "1128-1228"`, `side = "1127-1227"`, "the fourth bridge is at hex 1128", false, "", ""},
	{"bridge missing", MapFile, `id = "middle_bridge"`, `id = "newcomer_bridge"`, `no bridge "middle_bridge"`, false, "", ""},
	{"a sound edit", MapFile, `hexes = ["0914", "1014", "1015", "1114", "1115"]`, `hexes = ["0914", "1014", "1015", "1114", "1115", "1116"]`, "", true, "", ""},
	{"too few fords", MapFile, "kind = \"ford\"\nside = \"1223-1323\"", "kind = \"bridge\"\nside = \"1223-1323\"", "1 fords", false, "kind = \"ford\"\nside = \"1321-1421\"", "kind = \"bridge\"\nside = \"1321-1421\""},
	{"crossing of unknown kind", MapFile, "kind = \"ford\"\nside = \"1408-1508\"", "kind = \"ferry\"\nside = \"1408-1508\"", `kind "ferry": a crossing is a bridge or a ford`, false, "", ""},
	{"crossing joins one bank", MapFile, `side = "1223-1323"`, `side = "0101-0102"`, "0101-0102 does not join the west bank to the east bank", false, `sides = ["1501-1601",`, `sides = ["0101-0102", "1501-1601",`},
	{"road with a gap", MapFile, `"1414", "1514", "1613"`, `"1414", "1613"`, "1414 and 1613 are not neighbouring hexes", false, "", ""},
	{"road over the creek without a crossing", MapFile, `side = "1314-1414"`, `side = "1313-1413"`, "crosses the creek between 1314 and 1414 with neither bridge nor ford", false, "", ""},
	{"road into the river", MapFile, `"1228", "1329"]`, `"1228", "1229"]`, "runs into the river hex 1229", false, "", ""},
	{"bridge without a road", MapFile, `"1127", "1128", "1228", "1329"]`, `"1127", "1128"]`, "no road runs over the bridge 1128-1228", false, "", ""},
	{"road of unknown kind", MapFile, "kind = \"road\"\nhexes = [\"0812\"", "kind = \"lane\"\nhexes = [\"0812\"", `kind "lane" is neither road nor trail`, false, "", ""},
	{"turnpike missing", MapFile, `id = "hagerstown_pike"`, `id = "sharpsburg_pike"`, `no road "hagerstown_pike"`, false, "", ""},
	{"entry off the roads", MapFile, `"2012", "2112"]`, `"2012"]`, "the Union entry 2112 is on no road", false, "", ""},
	// named places
	{"anchor moved", MapFile, `hexes = ["0815", "0816", "0716", "0616"]`, `hexes = ["0815", "0816", "0716", "0617"]`, "but the rules put it at", false, "", ""},
	{"place missing", MapFile, `id = "cornfield"`, `id = "millers_field"`, `no place "cornfield"`, false, "", ""},
	{"wood not forest", MapFile, `hexes = ["0806", "0906"]
src = "geography: NPS battlefield map"`, `hexes = ["0806", "0906", "0807"]
src = "geography: NPS battlefield map"`, "hex 0807 of a wood is clear, not forest", false, "", ""},
	{"Boteler's Ford not a ferry", MapFile, `kind = "river_ferry"`, `kind = "river"`, "the only way over the Potomac is a river ferry hex", false, "", ""},
	{"a second town", MapFile, `hexes = ["0616", "0716", "0815", "0816"]`, `hexes = ["0616", "0716", "0815", "0816", "1611"]`, "Sharpsburg is [0815 0816 0716 0616] and the only town", false, "", ""},
	// set-up
	{"unit off the map", OBFile, `hex = "0804", src = "rules: 14.1 line 558"`, `hex = "2204", src = "rules: 14.1 line 558"`, `set-up hex "2204" is not on the map`, false, "", ""},
	{"unit in the river", OBFile, `hex = "0509"`, `hex = "0109"`, "set up in 0109, river terrain", false, "", ""},
	{"stack of three", OBFile, `hex = "0416", src = "rules: 14.2 line 568"`, `hex = "0517", src = "rules: 14.2 line 568"`, "3 units in 0517: at most 2 stack", false, "", ""},
	{"enemies in one hex", OBFile, `hex = "0811", src = "rules: 14.2 line 586"`, `hex = "0706", src = "rules: 14.2 line 586"`, "set up in 0706 with an enemy unit", false, "", ""},
	{"Union corps on the wrong bank", OBFile, `hex = "1611"`, `hex = "1312"`, "3/1/II (II Corps) sets up at 1312, off the east bank", false, "", ""},
	{"Confederate across the creek", OBFile, `hex = "1218"`, `hex = "1318"`, "toombs (Army of Northern Virginia) sets up at 1318, off the west bank", false, "", ""},
	{"18.2 hex empty", ChartsFile, `confederate_no_move_hexes = ["0517"`, `confederate_no_move_hexes = ["0518"`, "hex 0518 holds no Confederate unit at set-up", false, "", ""},
	{"Confederates cut off from 0126", OBFile, `hex = "1909"`, `hex = "0225"`, "Sharpsburg hex 0815 cannot trace to 0126", false, "", ""},
	// reinforcements
	{"reinforcement at the wrong hex", OBFile, "turn = 4\nhex = \"2112\"", "turn = 4\nhex = \"2012\"", "enters at 2012; the rules bring union reinforcements in at 2112", false, "", ""},
	{"reinforcement after the game", OBFile, "turn = 4\n", "turn = 11\n", "game-turn 11: 1 to 10", false, "", ""},
	{"variable turn without an option", OBFile, "optional = \"20.5\"\nturn = 0", "turn = 0", "game-turn 0: 1 to 10, or 0 (variable)", false, "", ""},
	{"ferry entry with no points to land", OBFile, "movement = 6", "movement = 1", "no unit can enter at 0126", false, "", ""},
	{"reinforcement with a hex of its own", OBFile, `{ id = "ap_hill", designation = "AP Hill",`, `{ id = "ap_hill", hex = "0225", designation = "AP Hill",`, "a reinforcement has no set-up hex", false, "", ""},
	// units
	{"unit type", OBFile, `type = "cavalry", strength = 4, hex = "0409"`, `type = "dragoons", strength = 4, hex = "0409"`, `type "dragoons": infantry, cavalry or artillery`, false, "", ""},
	{"unit id twice", OBFile, `{ id = "law",`, `{ id = "hood",`, `id "hood" is empty or already taken`, false, "", ""},
	{"side unknown", OBFile, "side = \"confederate\"\nchart = \"16.3\"", "side = \"rebel\"\nchart = \"16.3\"", `side "rebel" is neither union nor confederate`, false, "", ""},
	{"zero game-turns", OBFile, "turns = 10", "turns = 0", "0 game-turns", false, "", ""},
	{"night turn off the game", OBFile, "night = []", "night = [11]", "night game-turn 11 is not a game-turn", false, "", ""},
	{"bank unknown", OBFile, `bank = "west"
bank_src = "derived:`, `bank = "north"
bank_src = "derived:`, `bank "north": west or east`, false, "", ""},
	{"Confederate unit cut off", OBFile, `hex = "1909"`, `hex = "0310"`, "set up at 0409, from where no trace reaches 0126", false, "", ""},
	// the counter sheet
	{"counter strength", OBFile, `read = "3/2/V", strength = 3`, `read = "3/2/V", strength = 4`, "strength 4, but the charts give 3/2/V 3", false, "", ""},
	{"stale disagreement", OBFile, `{ id = "semmes", designation = "Semmes", type = "infantry", strength = 3`, `{ id = "semmes", designation = "Semmes", type = "infantry", strength = 2`, "disagrees, but its strength 2 is the chart's", false, "", ""},
	{"unit without a counter", OBFile, `read = "1/1/I", strength = 4, unit = "1/1/I"`, `read = "1/1/I", strength = 4, unit = "2/1/I"`, "unit 1/1/I: 0 counters on the counter sheet", false, "", ""},
	{"counter for no unit", OBFile, `unit = "cutts"`, `unit = "cuts"`, `matched to "cuts", which is no unit`, false, "", ""},
	// the CRT
	{"not a result", ChartsFile, `["Ae", "Ae", "Ae", "Ae", "Ar", "Ar", "Ex", "Ex", "Ex", "Ex"]`, `["Ae", "Ae", "Ae", "Ae", "Ar", "Ar", "Ex", "Ex", "Ex", "Dx"]`, `"Dx" is no result`, false, "", ""},
	{"disputed cell off the majority", ChartsFile, `["Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "Dr", "De", "De"]`, `["Ar", "Ar", "Ar", "Dr", "Dr", "Dr", "Dr", "De", "De", "De"]`, `the table reads De but the majority of the printings [Dr Dr De] is "Dr"`, false, "", ""},
	{"agreeing printings listed", ChartsFile, `printings = ["Dr", "De", "Dr"]`, `printings = ["Dr", "Dr", "Dr"]`, "the printings agree: not a disputed cell", false, "", ""},
	{"two printings", ChartsFile, `printings = ["Dr", "De", "Dr"]`, `printings = ["Dr", "Dr"]`, "want three printings and three lines", false, "", ""},
	{"a row short", ChartsFile, `  ["Ae", "Ae", "Ae", "Ae", "Ar", "Ar", "Ex", "Ex", "Ex", "Ex"], # die 6
`, "", "5 rows: the die has six faces", false, "", ""},
	{"odds out of order", ChartsFile, `"5-1", "6-1"]`, `"6-1", "5-1"]`, `odds column "5-1" is not above the one before`, false, "", ""},
	{"override off the table", ChartsFile, "# A club whose printed chart", "[[crt_override]]\ndie = 7\nodds = \"4-1\"\nresult = \"De\"\nsrc = \"rules: 7.6 line 985\"\n# A club whose printed chart", "crt_override 7 at 4-1: no such cell", false, "", ""},
	// victory
	{"no Confederate decisive level", ChartsFile, "name = \"decisive\"\nat_most = \"2:3\"", "name = \"decisive\"\nat_most = \"1:2\"", "no level for the points", false, "", ""},
	{"overlapping levels", ChartsFile, "more_than = \"1:1\"\nless_than = \"3:2\"", "at_least = \"1:1\"\nless_than = \"3:2\"", "more than one level for the points", false, "", ""},
	{"Union level on fewer points", ChartsFile, "side = \"confederate\"\nname = \"decisive\"", "side = \"union\"\nname = \"decisive\"", "a level for the side with fewer points", false, "", ""},
	{"unreadable ratio", ChartsFile, `at_least = "2:1"`, `at_least = "2 to 1"`, `ratio "2 to 1": want U:C`, false, "", ""},
	{"Sharpsburg moved", ChartsFile, `sharpsburg = ["0815", "0816", "0716", "0616"]`, `sharpsburg = ["0815", "0816", "0716"]`, "Sharpsburg is [0815 0816 0716]; the rules say", false, "", ""},
	{"Sharpsburg held by the Union", ChartsFile, `sharpsburg_start = "confederate"`, `sharpsburg_start = "union"`, "the Confederates hold Sharpsburg at the start", false, "", ""},
	{"trace hex moved", ChartsFile, `trace_hex = "0126"`, `trace_hex = "0225"`, "trace hex 0225; the rules say 0126", false, "", ""},
	// 18.0, 19.0, 20.0
	{"no Union moves", ChartsFile, "union_later = 10", "union_later = 0", "both must be positive", false, "", ""},
	{"artillery range", ChartsFile, "range = 3", "range = 1", "range 1 (at least 2", false, "", ""},
	{"optional group unknown", ChartsFile, `group = "couch_humphreys"
roll = 1`, `group = "couch_humphrey"
roll = 1`, `no reinforcement group "couch_humphrey"`, false, "", ""},
	{"die roll off the die", ChartsFile, "recovery_roll = 1", "recovery_roll = 7", "die roll 7 is not on a die", false, "", ""},
	{"odds column unknown", ChartsFile, `confederate_from = "1-1"`, `confederate_from = "1:1"`, `"1:1" is no odds column of the CRT`, false, "", ""},
}

// Each broken copy of the data is caught: the edit applies to the data as it
// stands, and the validator names the problem.
func TestBrokenDataIsCaught(t *testing.T) {
	for _, b := range breakages {
		t.Run(b.name, func(t *testing.T) {
			fsys := dataCopy(t)
			text := string(fsys[b.file].Data)
			if n := strings.Count(text, b.old); n != 1 {
				t.Fatalf("%q occurs %d times in %s: the edit does not fit the data", b.old, n, b.file)
			}
			text = strings.Replace(text, b.old, b.new, 1)
			if b.old2 != "" {
				if n := strings.Count(text, b.old2); n != 1 {
					t.Fatalf("%q occurs %d times in %s: the second edit does not fit", b.old2, n, b.file)
				}
				text = strings.Replace(text, b.old2, b.new2, 1)
			}
			fsys[b.file].Data = []byte(text)
			s, err := LoadFS(fsys, ".")
			if err != nil {
				t.Fatal(err)
			}
			probs := s.Validate()
			if b.wantNoErr {
				if len(probs) != 0 {
					t.Errorf("a sound edit is a problem: %v", probs)
				}
				return
			}
			for _, p := range probs {
				if strings.Contains(p, b.want) {
					return
				}
			}
			t.Errorf("no problem says %q; got %d:\n%s", b.want, len(probs), strings.Join(probs, "\n"))
		})
	}
}

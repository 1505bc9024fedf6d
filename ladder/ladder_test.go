package ladder

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func finished(day, hour int) time.Time { return time.Date(2026, 5, day, hour, 0, 0, 0, time.UTC) }

// tenGames is a ladder of six players after ten finished games. g05 and g06
// finish at the same moment, so the game id orders them.
func tenGames() []Result {
	return []Result{
		{GameID: "g01", USA: "ann", CSA: "bob", Winner: USA, Finished: finished(1, 20), ChainHead: "#40 0a1b2c3d4e5f"},
		{GameID: "g02", USA: "cyd", CSA: "dee", Winner: CSA, Finished: finished(2, 20), ChainHead: "#38 1a1b2c3d4e5f"},
		{GameID: "g03", USA: "eve", CSA: "fay", Winner: "", Finished: finished(3, 20), ChainHead: "#52 2a1b2c3d4e5f"},
		{GameID: "g04", USA: "bob", CSA: "cyd", Winner: USA, Finished: finished(5, 20), ChainHead: "#41 3a1b2c3d4e5f"},
		{GameID: "g05", USA: "dee", CSA: "ann", Winner: CSA, Finished: finished(7, 21), ChainHead: "#44 4a1b2c3d4e5f"},
		{GameID: "g06", USA: "fay", CSA: "bob", Winner: CSA, Finished: finished(7, 21), ChainHead: "#47 5a1b2c3d4e5f"},
		{GameID: "g07", USA: "ann", CSA: "eve", Winner: USA, Finished: finished(9, 20), ChainHead: "#39 6a1b2c3d4e5f"},
		{GameID: "g08", USA: "cyd", CSA: "fay", Winner: "", Finished: finished(12, 20), ChainHead: "#50 7a1b2c3d4e5f"},
		{GameID: "g09", USA: "dee", CSA: "eve", Winner: USA, Finished: finished(14, 20), ChainHead: "#43 8a1b2c3d4e5f"},
		{GameID: "g10", USA: "bob", CSA: "ann", Winner: CSA, Finished: finished(16, 20), ChainHead: "#45 9a1b2c3d4e5f"},
	}
}

// tenGamesHours gives each player 12 hours per game with a pattern of
// lateness: ann always on time, fay often missing.
func tenGamesHours() ([]HourRecord, []Departure) {
	late := map[string][]Punctuality{
		"ann": {},
		"bob": {Late},
		"cyd": {Late, NoOrders},
		"dee": {},
		"eve": {NoOrders},
		"fay": {Late, NoOrders, NoOrders, Late},
	}
	var hours []HourRecord
	for _, r := range tenGames() {
		for _, p := range []string{r.USA, r.CSA} {
			for h := 1; h <= 12; h++ {
				pu := OnTime
				if h <= len(late[p]) {
					pu = late[p][h-1]
				}
				hours = append(hours, HourRecord{Player: p, GameID: r.GameID, Hour: h, Punctuality: pu})
			}
		}
	}
	// gio resigned in his first game and finished none.
	hours = append(hours, HourRecord{Player: "gio", GameID: "g11", Hour: 1, Punctuality: NoOrders})
	return hours, []Departure{{Player: "gio", GameID: "g11"}, {Player: "fay", GameID: "g12", Replaced: true}}
}

func TestSixPlayersTenGames(t *testing.T) {
	players, err := Rate(tenGames(), 0)
	if err != nil {
		t.Fatal(err)
	}
	hours, departures := tenGamesHours()
	rows := Standings(players, Tally(hours, departures))
	got := FormatStandings(rows)

	golden := filepath.Join("testdata", "standings.txt")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("standings differ from %s (run with -update after checking):\n%s\nwant:\n%s", golden, got, want)
	}

	// Facts the golden file must agree with, independent of it.
	if len(rows) != 7 {
		t.Fatalf("%d rows, want 7 (six players and gio)", len(rows))
	}
	if rows[0].Player != "ann" || rows[0].Wins != 4 || rows[0].Games != 4 {
		t.Errorf("top row %+v, want ann with four wins from four", rows[0])
	}
	if rows[6].Player != "gio" {
		t.Errorf("last row %s, want gio (no finished game)", rows[6].Player)
	}
	games := 0
	for i, r := range rows[:6] {
		games += r.Games
		if r.Wins+r.Losses+r.Draws != r.Games {
			t.Errorf("%s: W-L-D does not add to games", r.Player)
		}
		if i > 0 && rows[i-1].Rating.Rating < r.Rating.Rating {
			t.Errorf("rows out of order at %d", i)
		}
	}
	if games != 20 {
		t.Errorf("games add to %d, want 20 (ten games, two players each)", games)
	}
	for _, r := range rows {
		if r.Player == "gio" && (r.Games != 0 || r.Rating != NewRating() || r.Reliability.Abandoned != 1) {
			t.Errorf("gio row %+v", r)
		}
		if r.Player == "fay" && (r.Reliability.HoursDue != 36 || r.Reliability.NMRs != 6 || r.Reliability.OnTimePercent() != 66) {
			t.Errorf("fay reliability %+v (%d%%)", r.Reliability, r.Reliability.OnTimePercent())
		}
	}
}

// The order results are given in does not matter; the order they finished in
// does.
func TestRateDeterministic(t *testing.T) {
	want, err := Rate(tenGames(), 0)
	if err != nil {
		t.Fatal(err)
	}
	rs := tenGames()
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	got, err := Rate(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("reversed input gave other ratings")
	}
	if rs[0].GameID != "g10" {
		t.Fatal("Rate sorted its caller's slice")
	}

	// Applying one game at a time in SortResults order is the same as Rate.
	inc := map[string]Player{}
	SortResults(rs)
	for _, r := range rs {
		if err := Apply(inc, r, 0); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(inc, want) {
		t.Fatal("Apply one by one differs from Rate")
	}

	// Swapping the finish order of two games involving the same player does
	// change the ratings: order matters, so it must be fixed.
	rs = tenGames()
	rs[0].Finished, rs[3].Finished = rs[3].Finished, rs[0].Finished
	other, err := Rate(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(other, want) {
		t.Fatal("finish order made no difference")
	}
}

func TestRateErrors(t *testing.T) {
	ok := Result{GameID: "g1", USA: "ann", CSA: "bob", Winner: USA, Finished: finished(1, 1)}
	tests := []struct {
		name    string
		change  func(*Result)
		wantErr string
	}{
		{"no id", func(r *Result) { r.GameID = "" }, "without a game id"},
		{"no player", func(r *Result) { r.CSA = "" }, "no player"},
		{"same player", func(r *Result) { r.CSA = "ann" }, "both sides"},
		{"bad winner", func(r *Result) { r.Winner = "USA" }, "not a side"},
		{"no time", func(r *Result) { r.Finished = time.Time{} }, "no finish time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ok
			tc.change(&r)
			_, err := Rate([]Result{r}, 0)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want %q", err, tc.wantErr)
			}
		})
	}
	if _, err := Rate([]Result{ok, ok}, 0); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("duplicate game: err = %v", err)
	}
}

func TestStandingsOrder(t *testing.T) {
	r := func(rating, rd float64) Player {
		return Player{Rating: Rating{Rating: rating, RD: rd, Volatility: 0.06}, Games: 1}
	}
	players := map[string]Player{
		"zed": r(1600, 100), "amy": r(1600, 100), "kim": r(1600, 80), "lee": r(1700, 200), "bo": r(1400, 50),
	}
	rows := Standings(players, nil)
	var order []string
	for _, row := range rows {
		order = append(order, row.Player)
	}
	if want := []string{"lee", "kim", "amy", "zed", "bo"}; !reflect.DeepEqual(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
	if rows[4].Rank != 5 {
		t.Fatalf("last rank %d", rows[4].Rank)
	}
}

func TestFormatStandings(t *testing.T) {
	rows := []Row{
		{Rank: 1, Name: "Ulysses S. Grant", Rating: Rating{Rating: 1612.5, RD: 80.49}, Games: 3, Wins: 3,
			Reliability: Reliability{HoursDue: 3, HoursOnTime: 2}},
		{Rank: 2, Name: "Pierre G. T. Beauregard", Rating: Rating{Rating: 1387.4, RD: 80.5}, Games: 3, Losses: 2, Draws: 1,
			Reliability: Reliability{NMRs: 0, Abandoned: 2}},
	}
	want := "" +
		"#  Player                   Rating  ±RD  Games  W-L-D  On time  NMRs  Abandoned\n" +
		"1  Ulysses S. Grant           1613   80      3  3-0-0      66%     0          0\n" +
		"2  Pierre G. T. Beauregard    1387   81      3  0-2-1        -     0          2\n"
	if got := FormatStandings(rows); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestReliability(t *testing.T) {
	var r Reliability
	if r.OnTimePercent() != 0 {
		t.Fatal("no hours should give 0")
	}
	for _, p := range []Punctuality{OnTime, OnTime, Late, NoOrders, OnTime, OnTime} {
		r.AddHour(p)
	}
	if r != (Reliability{HoursDue: 6, HoursOnTime: 4, NMRs: 1}) {
		t.Fatalf("%+v", r)
	}
	if got := r.OnTimePercent(); got != 66 { // 66.7 rounds down
		t.Fatalf("OnTimePercent = %d, want 66", got)
	}
	r.AddHour(OnTime)
	r.AddHour(OnTime)
	if got := r.OnTimePercent(); got != 75 {
		t.Fatalf("OnTimePercent = %d, want 75", got)
	}
}

func TestAssignSides(t *testing.T) {
	g := func(usa, csa string) Result { return Result{USA: usa, CSA: csa} }
	tests := []struct {
		name     string
		a, b     string
		history  []Result
		usa, csa string
	}{
		{"new players: first name", "bob", "ann", nil, "ann", "bob"},
		{"then the other", "ann", "bob", []Result{g("ann", "bob")}, "bob", "ann"},
		{"and back", "ann", "bob", []Result{g("ann", "bob"), g("bob", "ann")}, "ann", "bob"},
		{"whoever was USA less, against anyone", "ann", "bob", []Result{g("ann", "cyd"), g("ann", "dee"), g("cyd", "bob")}, "bob", "ann"},
		{"other players' games do not count", "ann", "bob", []Result{g("cyd", "dee"), g("dee", "cyd")}, "ann", "bob"},
		{"CSA games count against", "bob", "ann", []Result{g("cyd", "bob"), g("cyd", "bob"), g("ann", "cyd")}, "bob", "ann"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			usa, csa := AssignSides(tc.a, tc.b, tc.history)
			if usa != tc.usa || csa != tc.csa {
				t.Fatalf("AssignSides = %s, %s; want %s, %s", usa, csa, tc.usa, tc.csa)
			}
		})
	}
}

func TestResolveBids(t *testing.T) {
	tests := []struct {
		a, b     int
		winner   Bidder
		handicap int
	}{
		{3, 1, BidderA, 3},
		{0, 2, BidderB, 2},
		{2, 2, BidTie, 2},
		{0, 0, BidTie, 0},
		{-4, 0, BidTie, 0},
		{-1, -5, BidTie, 0},
		{1, -5, BidderA, 1},
	}
	for _, tc := range tests {
		w, h := ResolveBids(tc.a, tc.b)
		if w != tc.winner || h != tc.handicap {
			t.Errorf("ResolveBids(%d, %d) = %d, %d; want %d, %d", tc.a, tc.b, w, h, tc.winner, tc.handicap)
		}
	}
}

func BenchmarkRate(b *testing.B) {
	// A year of a busy ladder: 1000 games among 40 players.
	var rs []Result
	names := make([]string, 40)
	for i := range names {
		names[i] = string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	for i := 0; i < 1000; i++ {
		u, c := names[i%40], names[(i*7+3)%40]
		if u == c {
			c = names[(i+1)%40]
		}
		w := []string{USA, CSA, ""}[i%3]
		rs = append(rs, Result{GameID: string(rune('A'+i%26)) + time.Duration(i).String(), USA: u, CSA: c, Winner: w,
			Finished: finished(1, 0).Add(time.Duration(i) * time.Hour)})
	}
	for b.Loop() {
		if _, err := Rate(rs, 0); err != nil {
			b.Fatal(err)
		}
	}
}

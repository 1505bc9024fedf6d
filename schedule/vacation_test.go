package schedule

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestVacationDays(t *testing.T) {
	from := utc("2026-04-06T12:00:00Z")
	for _, tc := range []struct {
		length time.Duration
		want   int
	}{
		{0, 0}, {-time.Hour, 0}, {time.Minute, 1}, {24 * time.Hour, 1},
		{25 * time.Hour, 2}, {72 * time.Hour, 3}, {72*time.Hour + time.Second, 4},
	} {
		v := Vacation{Player: "ann", From: from, To: from.Add(tc.length)}
		if got := v.Days(); got != tc.want {
			t.Errorf("Days() of %s = %d, want %d", tc.length, got, tc.want)
		}
	}
}

func TestExtend(t *testing.T) {
	day := func(d int, hour int) time.Time { return time.Date(2026, 4, d, hour, 0, 0, 0, time.UTC) }
	ann1 := Vacation{Player: "ann", From: day(10, 0), To: day(12, 0)}  // 2 days
	ann2 := Vacation{Player: "ann", From: day(20, 0), To: day(21, 12)} // 2 days (36 h)
	bob := Vacation{Player: "bob", From: day(11, 12), To: day(14, 0)}  // 3 days (60 h), overlaps ann1
	tests := []struct {
		name      string
		deadline  time.Time
		vacations []Vacation
		cap       int
		want      time.Time
		wantErr   string
	}{
		{"no vacations", day(11, 0), nil, 5, day(11, 0), ""},
		{"before the vacation", day(9, 23), []Vacation{ann1}, 5, day(9, 23), ""},
		{"at its start", day(10, 0), []Vacation{ann1}, 5, day(12, 0), ""},
		{"inside", day(11, 6), []Vacation{ann1}, 5, day(12, 0), ""},
		{"at its end, the player is back", day(12, 0), []Vacation{ann1}, 5, day(12, 0), ""},
		{"moved into another player's vacation, moves again", day(11, 0), []Vacation{bob, ann1}, 5, day(14, 0), ""},
		{"order given does not matter", day(11, 0), []Vacation{ann1, bob}, 5, day(14, 0), ""},
		{"second vacation of the same player", day(21, 0), []Vacation{ann1, ann2}, 4, day(21, 12), ""},
		{"no cap", day(21, 0), []Vacation{ann1, ann2}, -1, day(21, 12), ""},
		{"over the cap", day(21, 0), []Vacation{ann1, ann2, bob}, 3, day(21, 0), "ann asked for 4 vacation days in this game; the cap is 3"},
		{"cap of zero refuses any", day(11, 0), []Vacation{bob}, 0, day(11, 0), "bob asked for 3"},
		{"backwards vacation", day(11, 0), []Vacation{{Player: "ann", From: day(12, 0), To: day(10, 0)}}, 5, day(11, 0), "ends"},
		{"no player", day(11, 0), []Vacation{{From: day(10, 0), To: day(12, 0)}}, 5, day(11, 0), "without a player"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Extend(tc.deadline, tc.vacations, tc.cap)
			if tc.wantErr == "" && err != nil {
				t.Fatalf("Extend: %v", err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("Extend error = %v, want one containing %q", err, tc.wantErr)
			}
			if !got.Equal(tc.want) {
				t.Errorf("Extend = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestCapErrorIs(t *testing.T) {
	from := utc("2026-04-06T00:00:00Z")
	err := CheckVacations([]Vacation{{Player: "cyd", From: from, To: from.Add(50 * time.Hour)}}, 2)
	if !errors.Is(err, ErrVacationCap) {
		t.Fatalf("err = %v, want ErrVacationCap", err)
	}
	var ce *CapError
	if !errors.As(err, &ce) || ce.Player != "cyd" || ce.Used != 3 || ce.Cap != 2 {
		t.Fatalf("CapError = %+v", ce)
	}
	if err := CheckVacations([]Vacation{{Player: "cyd", From: from, To: from.Add(48 * time.Hour)}}, 2); err != nil {
		t.Fatalf("two days under a cap of two: %v", err)
	}
}

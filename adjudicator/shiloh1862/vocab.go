package shiloh1862

import (
	"fmt"
	"strconv"
	"strings"
)

// AreaID names an area of the map, e.g. "rea_field".
type AreaID string

// BlockID names a block, e.g. "us_sherman" or "cs_cleburne".
type BlockID string

// RoadID names a road, e.g. "pittsburg_corinth".
type RoadID string

// FormationID names a division or corps, e.g. "us_tn_5" (Sherman's 5th Division).
type FormationID string

// Hour is a game turn: 0 is Day 1 7AM, 11 is Day 1 6PM, 12 is the Night Turn, 13 is
// Day 2 7AM and 24 is Day 2 6PM. Hours compare and sort as integers.
type Hour int

const (
	Day1First Hour = 0
	Day1Last  Hour = 11
	NightHour Hour = 12
	Day2First Hour = 13
	Day2Last  Hour = 24
)

// Day is 1 or 2; the night turn belongs to neither and reports 0.
func (h Hour) Day() int {
	switch {
	case h <= Day1Last:
		return 1
	case h == NightHour:
		return 0
	}
	return 2
}

// IsNight reports whether h is the Night Turn (9.2).
func (h Hour) IsNight() bool { return h == NightHour }

// Clock is the hour of day on a 24-hour clock (7 to 18); 0 for the night turn.
func (h Hour) Clock() int {
	switch {
	case h <= Day1Last:
		return 7 + int(h)
	case h == NightHour:
		return 0
	}
	return 7 + int(h-Day2First)
}

// Short is the hour where room is scarce (a block's face, the casualty chart):
// "10AM", "D2 7AM" on the second day, "Night".
func (h Hour) Short() string {
	s := strings.TrimPrefix(h.String(), "Day 1 ")
	return strings.Replace(s, "Day 2 ", "D2 ", 1)
}

// String gives "Day 1 7AM", "Night", "Day 2 6PM".
func (h Hour) String() string {
	if h.IsNight() {
		return "Night"
	}
	if h < Day1First || h > Day2Last {
		return "Hour(" + strconv.Itoa(int(h)) + ")"
	}
	c := h.Clock()
	suffix := "AM"
	if c >= 12 {
		suffix = "PM"
	}
	if c > 12 {
		c -= 12
	}
	return fmt.Sprintf("Day %d %d%s", h.Day(), c, suffix)
}

// HourAt returns the hour for a day (1 or 2) and a 24-hour clock time (7..18).
func HourAt(day, clock int) (Hour, bool) {
	if clock < 7 || clock > 18 {
		return 0, false
	}
	switch day {
	case 1:
		return Hour(clock - 7), true
	case 2:
		return Day2First + Hour(clock-7), true
	}
	return 0, false
}

// ParseHour reads "D1 7AM", "d1 07:00", "day 2 6pm", "D2 18:00" and "night".
func ParseHour(s string) (Hour, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), " "))
	if t == "night" || t == "n" {
		return NightHour, nil
	}
	t = strings.TrimPrefix(t, "day")
	t = strings.TrimPrefix(t, "d")
	t = strings.TrimSpace(t)
	if len(t) < 3 {
		return 0, fmt.Errorf("adjudicator: bad hour %q", s)
	}
	day, err := strconv.Atoi(t[:1])
	if err != nil {
		return 0, fmt.Errorf("adjudicator: bad hour %q", s)
	}
	rest := strings.TrimSpace(t[1:])
	pm := strings.HasSuffix(rest, "pm")
	am := strings.HasSuffix(rest, "am")
	rest = strings.TrimSuffix(strings.TrimSuffix(rest, "pm"), "am")
	if i := strings.IndexByte(rest, ':'); i >= 0 {
		if strings.Trim(rest[i+1:], "0") != "" {
			return 0, fmt.Errorf("adjudicator: hour %q is not on the hour", s)
		}
		rest = rest[:i]
	}
	clock, err := strconv.Atoi(strings.TrimSpace(rest))
	if err != nil {
		return 0, fmt.Errorf("adjudicator: bad hour %q", s)
	}
	if pm && clock < 12 {
		clock += 12
	}
	if am && clock == 12 {
		clock = 0
	}
	h, ok := HourAt(day, clock)
	if !ok {
		return 0, fmt.Errorf("adjudicator: hour %q is outside the game (7AM to 6PM, day 1 or 2, or night)", s)
	}
	return h, nil
}

func (h Hour) MarshalText() ([]byte, error) {
	if h.IsNight() {
		return []byte("night"), nil
	}
	return []byte(fmt.Sprintf("D%d %02d:00", h.Day(), h.Clock())), nil
}

func (h *Hour) UnmarshalText(b []byte) error {
	v, err := ParseHour(string(b))
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// Firepower is a letter (when a block fires: A before B before C, 4.13) and a number
// (the highest die roll that hits). Value 0 means the block cannot fire.
type Firepower struct {
	Letter byte
	Value  int
}

func (f Firepower) String() string {
	if f.Letter == 0 {
		return ""
	}
	if f.Letter >= 'A' && f.Letter <= 'C' && f.Value >= 0 && f.Value <= 6 {
		return firepowerNames[f.Letter-'A'][f.Value] // no allocation: battles print it for every fire
	}
	return string(f.Letter) + strconv.Itoa(f.Value)
}

var firepowerNames = func() (t [3][7]string) {
	for l := range t {
		for v := range t[l] {
			t[l][v] = string(rune('A'+l)) + strconv.Itoa(v)
		}
	}
	return t
}()

// ParseFirepower reads "A2", "b1", "C4".
func ParseFirepower(s string) (Firepower, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) != 2 || s[0] < 'A' || s[0] > 'C' || s[1] < '0' || s[1] > '6' {
		return Firepower{}, fmt.Errorf("adjudicator: bad firepower %q (want A1..C6)", s)
	}
	return Firepower{Letter: s[0], Value: int(s[1] - '0')}, nil
}

// Minus lowers the number by n, never below 0 (terrain, artillery and pursuit
// penalties: rules sidebar "Firepower Penalties").
func (f Firepower) Minus(n int) Firepower {
	f.Value -= n
	if f.Value < 0 {
		f.Value = 0
	}
	return f
}

func (f Firepower) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

func (f *Firepower) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*f = Firepower{}
		return nil
	}
	v, err := ParseFirepower(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}

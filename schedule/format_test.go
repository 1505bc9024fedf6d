package schedule

import "testing"

func TestFormatIn(t *testing.T) {
	spring := utc("2025-04-07T20:00:00Z") // a Monday
	winter := utc("2025-01-06T21:00:00Z")
	for _, tc := range []struct {
		zone string
		at   string
		want string
	}{
		{"Europe/London", "spring", "Mon 7 Apr 21:00 BST"},
		{"Europe/London", "winter", "Mon 6 Jan 21:00 GMT"},
		{"America/New_York", "spring", "Mon 7 Apr 16:00 EDT"},
		{"America/New_York", "winter", "Mon 6 Jan 16:00 EST"},
		{"Australia/Sydney", "spring", "Tue 8 Apr 06:00 AEST"},
		{"Asia/Dubai", "spring", "Tue 8 Apr 00:00 +04"},
		{"", "spring", "Mon 7 Apr 20:00 UTC"},
		{"Nowhere/Special", "spring", "Mon 7 Apr 20:00 UTC"},
	} {
		when := spring
		if tc.at == "winter" {
			when = winter
		}
		if got := FormatIn(when, tc.zone); got != tc.want {
			t.Errorf("FormatIn(%s, %q) = %q, want %q", when, tc.zone, got, tc.want)
		}
	}
}

package schedule

import "time"

// TextLayout is how FormatIn writes a moment: "Mon 7 Apr 21:00 BST".
const TextLayout = "Mon 2 Jan 15:04 MST"

// FormatIn writes t as a player in zone (an IANA name; empty or unknown means
// UTC) reads it, for the texts of mails: "Mon 7 Apr 21:00 BST". Zones without
// an abbreviation show their offset ("+03").
func FormatIn(t time.Time, zone string) string {
	loc, err := loadZone(zone)
	if err != nil {
		loc = time.UTC
	}
	return t.In(loc).Format(TextLayout)
}

package schedule_test

import (
	"fmt"
	"time"

	"github.com/shiloh-pbem/pbem/schedule"
)

func Example() {
	p := schedule.Policy{
		HourLength:     24 * time.Hour, // at least a day per hour
		At:             "21:00",        // deadlines at 21:00 London time
		Zone:           "Europe/London",
		WeekdaysOnly:   true,
		Grace:          12 * time.Hour,
		ReminderBefore: 6 * time.Hour,
		ChangeOfMind:   30 * time.Minute,
	}
	if err := p.Validate(); err != nil {
		panic(err)
	}
	opened := time.Date(2025, 4, 4, 18, 0, 0, 0, time.UTC) // Friday evening
	deadline := schedule.NextDeadline(p, opened)
	fmt.Println("deadline:", schedule.FormatIn(deadline, "Europe/London"))
	fmt.Println("in Ohio: ", schedule.FormatIn(deadline, "America/New_York"))

	// Saturday: the USA has sent orders, the CSA has not.
	now := time.Date(2025, 4, 5, 12, 0, 0, 0, time.UTC)
	d := schedule.Due(p, opened, deadline, map[string]time.Time{schedule.USA: opened.Add(time.Hour)}, schedule.Sent{}, now)
	fmt.Println("remind:", d.Remind, "sleep until:", schedule.FormatIn(d.Wait, "Europe/London"))
	// Output:
	// deadline: Mon 7 Apr 21:00 BST
	// in Ohio:  Mon 7 Apr 16:00 EDT
	// remind: [] sleep until: Mon 7 Apr 15:00 BST
}

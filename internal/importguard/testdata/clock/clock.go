package clock

import "time"

func since(t time.Time) time.Duration { return time.Since(t) }

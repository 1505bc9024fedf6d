package orders

import "testing"

type guideExample struct {
	line           int
	orders, parsed string
	side           string
}

func guideExamples(tb testing.TB) []guideExample { return nil }

//go:build !unix

package adjudicator_test

func cpuTime() int64 { return 0 }

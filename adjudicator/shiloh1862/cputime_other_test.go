//go:build !unix

package shiloh1862_test

func cpuTime() int64 { return 0 }

//go:build unix

package shiloh1862_test

import "syscall"

// cpuTime is the process's user and system CPU time in nanoseconds, for benchmarks
// on a shared machine, where wall time counts the waits for a core.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

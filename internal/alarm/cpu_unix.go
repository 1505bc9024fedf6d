//go:build unix

package alarm

import "syscall"

// CPUTime is the process's user and system CPU time in nanoseconds (0 if the
// system will not say).
func CPUTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

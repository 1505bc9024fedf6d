//go:build !unix

package orders

func cpuTime() int64 { return 0 }

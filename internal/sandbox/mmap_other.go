//go:build !unix

package sandbox

// mapMemory allocates n zeroed bytes on the Go heap where there is no mmap.
func mapMemory(n int) ([]byte, error) { return make([]byte, n), nil }

func unmapMemory([]byte) {}

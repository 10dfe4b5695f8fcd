//go:build !linux

package pgtest

// releaseSharedMemory is a no-op outside Linux.
func releaseSharedMemory(string) {}

// roomyMemFS is false outside Linux: /dev/shm is not a file system there.
func roomyMemFS(string) bool { return false }

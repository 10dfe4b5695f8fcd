//go:build unix

package sandbox

import (
	"fmt"
	"syscall"
)

// mapMemory reserves n bytes of zeroed, private, anonymous memory; pages
// are committed when first touched.
func mapMemory(n int) ([]byte, error) {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, fmt.Errorf("sandbox: map %d bytes: %w", n, err)
	}
	return b, nil
}

func unmapMemory(b []byte) { _ = syscall.Munmap(b) }

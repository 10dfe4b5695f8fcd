//go:build !unix

package pgtest

import (
	"os"
	"path/filepath"
)

func lockOwner(dir string) (*os.File, error) {
	return os.Create(filepath.Join(dir, "owner.lock"))
}

func ownerGone(string) bool { return false }

//go:build !unix

package pgcluster

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

func platformSupported() error {
	return fmt.Errorf("pgcluster: %w on this operating system; set a database URL instead", errors.ErrUnsupported)
}

func fileOwner(fs.FileInfo) (uid, gid int)        { return -1, -1 }
func procAttr(*account) *syscall.SysProcAttr      { return nil }
func interrupt(p *os.Process) error               { return p.Kill() }
func quit(p *os.Process) error                    { return p.Kill() }
func processAlive(int) bool                       { return false }
func processExists(int) bool                      { return false }
func shmAttached(int) bool                        { return false }
func processInDir(int, string) (ours, known bool) { return false, false }

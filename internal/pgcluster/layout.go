package pgcluster

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// RelocationBase is where clusters live when running as root and the
// postgres user cannot reach Options.DataDir (see the package documentation).
const RelocationBase = "/var/lib/codna/pgcluster"

// serverUser is the system account initdb and postgres run as when the
// current process is root.
const serverUser = "postgres"

// account is the user the server runs as; nil means the current user.
type account struct {
	name   string
	uid    int
	gid    int
	groups []int
}

// serverAccount returns nil when not root, else the postgres system user.
func serverAccount() (*account, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup(serverUser)
	if err != nil {
		return nil, fmt.Errorf("pgcluster: running as root, and initdb and postgres refuse to run as root; "+
			"they would run as the %q system user, which does not exist (%v). Install the PostgreSQL server, which creates it "+
			"(Debian/Ubuntu: apt-get install postgresql), or run as an unprivileged user", serverUser, err)
	}
	a := &account{name: u.Username}
	if a.uid, err = strconv.Atoi(u.Uid); err != nil {
		return nil, fmt.Errorf("pgcluster: user %s: uid %q: %w", u.Username, u.Uid, err)
	}
	if a.gid, err = strconv.Atoi(u.Gid); err != nil {
		return nil, fmt.Errorf("pgcluster: user %s: gid %q: %w", u.Username, u.Gid, err)
	}
	ids, err := u.GroupIds()
	if err != nil {
		ids = []string{u.Gid}
	}
	for _, id := range ids {
		if g, err := strconv.Atoi(id); err == nil {
			a.groups = append(a.groups, g)
		}
	}
	return a, nil
}

// canSearch reports whether a may traverse the directory described by fi.
func (a *account) canSearch(fi fs.FileInfo) bool {
	uid, gid := fileOwner(fi)
	mode := fi.Mode().Perm()
	switch {
	case uid == a.uid:
		return mode&0o100 != 0
	case gid == a.gid || slices.Contains(a.groups, gid):
		return mode&0o010 != 0
	default:
		return mode&0o001 != 0
	}
}

// canWrite reports whether a may create files in the directory fi.
func (a *account) canWrite(fi fs.FileInfo) bool {
	uid, gid := fileOwner(fi)
	mode := fi.Mode().Perm()
	switch {
	case uid == a.uid:
		return mode&0o300 == 0o300
	case gid == a.gid || slices.Contains(a.groups, gid):
		return mode&0o030 == 0o030
	default:
		return mode&0o003 == 0o003
	}
}

// firstBlocked returns the first existing directory on the way from / to dir
// (inclusive) that a cannot traverse, or "" if there is none. Directories
// that do not exist yet are not checked: this package creates them 0755.
func firstBlocked(dir string, a *account) string {
	if a == nil {
		return ""
	}
	var chain []string
	for d := dir; ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if d == filepath.Dir(d) {
			break
		}
	}
	slices.Reverse(chain)
	for _, d := range chain {
		fi, err := os.Stat(d)
		if err != nil {
			return ""
		}
		if !a.canSearch(fi) {
			return d
		}
	}
	return ""
}

// evalExisting resolves symbolic links in the longest existing prefix of abs.
func evalExisting(abs string) (string, error) {
	var rest []string
	d := abs
	for {
		r, err := filepath.EvalSymlinks(d)
		if err == nil {
			return filepath.Join(append([]string{r}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("pgcluster: resolve %s: %w", d, err)
		}
		if d == filepath.Dir(d) {
			return abs, nil
		}
		rest = append([]string{filepath.Base(d)}, rest...)
		d = filepath.Dir(d)
	}
}

func hash12(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:6])
}

// prepareDataDir returns the directory the cluster runs in: dataDir made
// absolute with symbolic links resolved, or, when root and the postgres user
// cannot reach it, a directory under RelocationBase that dataDir then links
// to.
func prepareDataDir(dataDir string, a *account, log *slog.Logger) (string, error) {
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return "", fmt.Errorf("pgcluster: data directory: %w", err)
	}
	dir, err := evalExisting(abs)
	if err != nil {
		return "", err
	}
	blocked := firstBlocked(filepath.Dir(dir), a)
	if blocked == "" {
		return dir, nil
	}
	if openTempParents(dir, a, log) {
		return dir, nil
	}
	// Root, and user postgres cannot reach dir: keep the cluster elsewhere.
	if entries, err := os.ReadDir(dir); err == nil {
		if len(entries) > 0 {
			return "", fmt.Errorf("pgcluster: data directory %s is not empty, and user %s cannot reach it "+
				"(no search permission on %s); move it somewhere %s can reach, or grant search permission (chmod o+x) on its parents",
				dir, a.name, blocked, a.name)
		}
		if err := os.Remove(dir); err != nil {
			return "", fmt.Errorf("pgcluster: replace empty data directory by a link: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("pgcluster: data directory: %w", err)
	}
	name := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, filepath.Base(dir))
	real := filepath.Join(RelocationBase, strings.TrimLeft(name, ".")+"-"+hash12(dir))
	if err := os.MkdirAll(RelocationBase, 0o755); err != nil {
		return "", fmt.Errorf("pgcluster: relocate data directory: %w", err)
	}
	if b := firstBlocked(RelocationBase, a); b != "" {
		return "", fmt.Errorf("pgcluster: relocate data directory: user %s cannot reach %s (no search permission on %s)", a.name, RelocationBase, b)
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", fmt.Errorf("pgcluster: data directory: %w", err)
	}
	if err := os.Symlink(real, dir); err != nil {
		// Someone else may have linked it meanwhile; accept a link to the same place.
		if got, rerr := os.Readlink(dir); rerr != nil || got != real {
			return "", fmt.Errorf("pgcluster: link data directory to its relocated home: %w", err)
		}
	}
	log.Info("data directory relocated: user postgres cannot reach it",
		"data_dir", dir, "blocked_at", blocked, "real_dir", real)
	return real, nil
}

// openTempParents handles a data directory inside the system temporary
// directory (os.TempDir), whose blocking parents are throwaway directories
// made by os.MkdirTemp or t.TempDir: it adds search permission for others
// (o+x, not read) to each of them, if they all belong to the current user.
// It reports whether user a can now reach dir's parent.
func openTempParents(dir string, a *account, log *slog.Logger) bool {
	tmp, err := filepath.EvalSymlinks(os.TempDir())
	if err != nil || firstBlocked(tmp, a) != "" {
		return false
	}
	rel, err := filepath.Rel(tmp, dir)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	type fix struct {
		path string
		mode fs.FileMode
	}
	var fixes []fix
	for d := filepath.Dir(dir); d != tmp; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if errors.Is(err, fs.ErrNotExist) {
			continue // made 0755 later
		}
		if err != nil {
			return false
		}
		if a.canSearch(fi) {
			continue
		}
		if uid, _ := fileOwner(fi); uid != os.Geteuid() {
			return false
		}
		fixes = append(fixes, fix{d, fi.Mode().Perm() | 0o001})
	}
	for _, f := range fixes {
		if err := os.Chmod(f.path, f.mode); err != nil {
			return false
		}
		log.Info("temporary directory opened for search by user "+a.name, "dir", f.path, "mode", f.mode)
	}
	return firstBlocked(filepath.Dir(dir), a) == ""
}

// initCluster runs initdb for a new cluster in dir, which is missing or
// empty. A missing dir is built under a temporary name beside it and renamed
// into place, so a killed initdb never leaves a half-made cluster at dir.
func initCluster(ctx context.Context, bin, dir, superuser string, noSync bool, a *account, log *slog.Logger) error {
	target := dir
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			return fmt.Errorf("pgcluster: data directory: %w", err)
		}
		removeAbandonedInitdbs(dir)
		target, err = os.MkdirTemp(filepath.Dir(dir), "."+filepath.Base(dir)+".initdb-")
		if err != nil {
			return fmt.Errorf("pgcluster: data directory: %w", err)
		}
		defer os.RemoveAll(target) // a no-op once renamed
	case err != nil:
		return fmt.Errorf("pgcluster: data directory: %w", err)
	case len(entries) > 0:
		return fmt.Errorf("pgcluster: data directory %s is not empty and holds no PostgreSQL cluster (no PG_VERSION)", dir)
	}
	if a != nil {
		if err := os.Chown(target, a.uid, a.gid); err != nil {
			return fmt.Errorf("pgcluster: give data directory to user %s: %w", a.name, err)
		}
	}

	args := []string{"-D", target, "-U", superuser, "-E", "UTF8", "--locale=C", "--auth=trust"}
	if noSync {
		args = append(args, "--no-sync")
	}
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), args...)
	cmd.Dir = "/"
	cmd.Env = serverEnv()
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	cmd.SysProcAttr = procAttr(a)
	log.Info("initdb: creating a new cluster", "data_dir", dir, "superuser", superuser)
	if err := runLocked(cmd); err != nil {
		return fmt.Errorf("pgcluster: initdb %s: %w\n%s", dir, err, strings.TrimSpace(out.String()))
	}
	log.Debug("initdb done", "output", out.String())

	hba := "# Written by codna's internal/pgcluster: connections over the unix socket\n" +
		"# only (listen_addresses is empty), trusted: the permissions of the socket\n" +
		"# directory are the access control.\n" +
		"local all all trust\n"
	if err := writeOwned(filepath.Join(target, "pg_hba.conf"), []byte(hba), a); err != nil {
		return err
	}
	m, _ := json.Marshal(meta{Superuser: superuser})
	if err := writeOwned(filepath.Join(target, metaFile), append(m, '\n'), a); err != nil {
		return err
	}
	if target != dir {
		if err := os.Rename(target, dir); err != nil {
			if _, serr := os.Stat(filepath.Join(dir, "PG_VERSION")); serr == nil {
				log.Info("another process created the cluster first; using it", "data_dir", dir)
				return nil
			}
			return fmt.Errorf("pgcluster: move new cluster into place: %w", err)
		}
	}
	return nil
}

// removeAbandonedInitdbs removes temporary directories of initdb runs for
// dir that were killed more than an hour ago.
func removeAbandonedInitdbs(dir string) {
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".initdb-*"))
	for _, d := range old {
		if fi, err := os.Stat(d); err == nil && time.Since(fi.ModTime()) > time.Hour {
			_ = os.RemoveAll(d)
		}
	}
}

func writeOwned(path string, b []byte, a *account) error {
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return fmt.Errorf("pgcluster: %w", err)
	}
	if a != nil {
		if err := os.Chown(path, a.uid, a.gid); err != nil {
			return fmt.Errorf("pgcluster: %w", err)
		}
	}
	return nil
}

// runLocked runs cmd from a goroutine locked to its OS thread (see
// startLocked).
func runLocked(cmd *exec.Cmd) error {
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		done <- cmd.Run()
	}()
	return <-done
}

func lockThread() { runtime.LockOSThread() }

// checkOwnership gives an existing cluster to the server user when root
// (postgres refuses a data directory it does not own).
func checkOwnership(dir string, a *account) error {
	if a == nil {
		return nil
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("pgcluster: data directory: %w", err)
	}
	if uid, _ := fileOwner(fi); uid == a.uid {
		return nil
	}
	err = filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, a.uid, a.gid)
	})
	if err != nil {
		return fmt.Errorf("pgcluster: give data directory to user %s: %w", a.name, err)
	}
	return nil
}

// prepareSocketDir returns the socket directory for a cluster in dataDir,
// creating it if needed and checking the server user can use it.
func prepareSocketDir(dir, dataDir string, a *account) (string, error) {
	fits := func(d string) bool { return len(d)+1+len(socketName) <= maxSocketPath }
	if dir == "" {
		if fits(dataDir) {
			return dataDir, nil
		}
		dir = filepath.Join(os.TempDir(), "codna-pg-"+hash12(dataDir))
		if !fits(dir) {
			dir = filepath.Join("/tmp", "codna-pg-"+hash12(dataDir))
		}
		if fi, err := os.Lstat(dir); err == nil {
			// A predictable name in a shared directory: only trust it if it is
			// a private directory of the server user.
			uid, _ := fileOwner(fi)
			want := os.Geteuid()
			if a != nil {
				want = a.uid
			}
			if !fi.IsDir() || uid != want || fi.Mode().Perm()&0o022 != 0 {
				return "", fmt.Errorf("pgcluster: socket directory %s exists and is not a private directory of the server user; remove it or set Options.SocketDir", dir)
			}
		}
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("pgcluster: socket directory: %w", err)
	}
	if !fits(dir) {
		return "", fmt.Errorf("pgcluster: socket directory %s is too long: %s/%s must fit in %d bytes", dir, dir, socketName, maxSocketPath)
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			return "", fmt.Errorf("pgcluster: socket directory: %w", err)
		}
		if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("pgcluster: socket directory: %w", err)
		}
		if a != nil {
			if err := os.Chown(dir, a.uid, a.gid); err != nil {
				return "", fmt.Errorf("pgcluster: socket directory: %w", err)
			}
		}
	case err != nil:
		return "", fmt.Errorf("pgcluster: socket directory: %w", err)
	case !fi.IsDir():
		return "", fmt.Errorf("pgcluster: socket directory %s is not a directory", dir)
	case a != nil && !a.canWrite(fi):
		return "", fmt.Errorf("pgcluster: socket directory %s is not writable by user %s", dir, a.name)
	}
	if b := firstBlocked(dir, a); b != "" {
		return "", fmt.Errorf("pgcluster: socket directory %s: user %s cannot reach it (no search permission on %s)", dir, a.name, b)
	}
	return dir, nil
}

// findBinDir locates initdb and postgres: /usr/lib/postgresql/<major>/bin when
// the data directory already holds a cluster of that major version, else
// `pg_config --bindir`, else the newest /usr/lib/postgresql/*/bin, else $PATH.
func findBinDir(major string) (string, error) {
	has := func(dir string) bool {
		for _, b := range []string{"initdb", "postgres"} {
			fi, err := os.Stat(filepath.Join(dir, b))
			if err != nil || fi.IsDir() || fi.Mode().Perm()&0o111 == 0 {
				return false
			}
		}
		return true
	}
	if major != "" {
		if d := filepath.Join("/usr/lib/postgresql", major, "bin"); has(d) {
			return d, nil
		}
	}
	if pc, err := exec.LookPath("pg_config"); err == nil {
		if out, err := exec.Command(pc, "--bindir").Output(); err == nil {
			if d := strings.TrimSpace(string(out)); d != "" && has(d) {
				return d, nil
			}
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	version := func(d string) float64 {
		v, _ := strconv.ParseFloat(filepath.Base(filepath.Dir(d)), 64)
		return v
	}
	slices.SortFunc(dirs, func(x, y string) int {
		vx, vy := version(x), version(y)
		switch {
		case vx > vy:
			return -1
		case vx < vy:
			return 1
		}
		return 0
	})
	for _, d := range dirs {
		if has(d) {
			return d, nil
		}
	}
	if p, err := exec.LookPath("postgres"); err == nil {
		if d := filepath.Dir(p); has(d) {
			return d, nil
		}
	}
	return "", fmt.Errorf("pgcluster: %w: looked at `pg_config --bindir`, /usr/lib/postgresql/*/bin and $PATH. "+
		"Install the PostgreSQL server (Debian/Ubuntu: apt-get install postgresql; Fedora: dnf install postgresql-server; "+
		"macOS: brew install postgresql)", ErrNoBinaries)
}

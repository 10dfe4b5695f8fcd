// Package archive reads the zip archives an import brings in (a markdown
// tree, Notion's "Markdown & CSV" export, a Confluence space HTML export, a
// zip of files) into the pages they become. It is pure: it reads the bytes
// it is given and touches no database; the importer (internal/transfer)
// decides where the pages land and writes them.
//
// An archive is untrusted. Open checks it as a whole before anything is
// read: the number of entries and the bytes they declare are capped, and
// entries that could write outside the import's folder or confuse it
// (absolute names, "..", symlinks, names that are not UTF-8, duplicates) are
// skipped with the reason. Reading an entry counts what it really expands
// to against the same caps, so a zip that lies about sizes stops at the cap
// too. A format reader turns the entries into a Tree of Pages whose content
// is read one page at a time (Page.Load), so memory holds one page, not the
// archive.
package archive

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Limits caps what an archive may cost to read. Zero fields take the
// defaults.
type Limits struct {
	// MaxEntries caps the entries of the zip, directories included
	// (default 100,000).
	MaxEntries int
	// MaxBytes caps the uncompressed bytes of all entries, declared and
	// read (default 4 GiB).
	MaxBytes int64
	// MaxBodyBytes caps one page's markdown body (default 1 MiB, a
	// document's limit): a longer page is skipped with the reason.
	MaxBodyBytes int
}

// The defaults of Limits.
const (
	DefaultMaxEntries   = 100_000
	DefaultMaxBytes     = 4 << 30
	DefaultMaxBodyBytes = 1 << 20
)

func (l Limits) withDefaults() Limits {
	if l.MaxEntries <= 0 {
		l.MaxEntries = DefaultMaxEntries
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = DefaultMaxBodyBytes
	}
	return l
}

// LimitError is an archive over one of its caps: Cap says which
// ("entries" or "bytes"), Limit its value and Found what the archive has
// (at least).
type LimitError struct {
	Cap   string
	Limit int64
	Found int64
}

func (e *LimitError) Error() string {
	switch e.Cap {
	case "entries":
		return fmt.Sprintf("the archive has %d entries or more; an import reads at most %d", e.Found, e.Limit)
	default:
		return fmt.Sprintf("the archive expands to %d bytes or more; an import reads at most %d", e.Found, e.Limit)
	}
}

// ErrCorrupt is an archive that cannot be read as a zip (truncated, not a
// zip, a bad entry), wrapped with the reason.
var ErrCorrupt = errors.New("the archive cannot be read")

// ErrFormat is an archive that is a zip but not of the format asked for
// (a Confluence export without its index, say), wrapped with the reason.
var ErrFormat = errors.New("the archive is not in the format given")

// Skip is an entry (or page) left out, and why.
type Skip struct {
	Entry  string `json:"entry"`
	Reason string `json:"reason"`
}

// Archive is an opened zip whose entries passed Open's checks.
type Archive struct {
	lim     Limits
	entries []*Entry          // by name
	byName  map[string]*Entry // by name
	Skipped []Skip            // entries left out by Open

	mu   sync.Mutex
	read int64 // bytes read so far, across entries
}

// Entry is a regular file of an archive. Name is its clean path inside the
// archive ("Space/Page 1a2b.md": no leading slash, no "." or ".."
// segments, '/' separated).
type Entry struct {
	Name string
	// Size is the uncompressed size the zip declares.
	Size    int64
	f       *zip.File
	a       *Archive
	counted int64 // bytes of it counted against the archive's cap (under a.mu)
}

// Open checks the zip in r (size bytes) and returns its entries. Errors:
// *LimitError when it has more entries than lim.MaxEntries or declares more
// bytes than lim.MaxBytes; ErrCorrupt (wrapped) when it is no readable zip.
// Entries that are unsafe or ambiguous are not errors: they are left out
// and listed in Skipped, so one bad name does not lose the rest.
func Open(r io.ReaderAt, size int64, lim Limits) (*Archive, error) {
	lim = lim.withDefaults()
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if len(zr.File) > lim.MaxEntries {
		return nil, &LimitError{Cap: "entries", Limit: int64(lim.MaxEntries), Found: int64(len(zr.File))}
	}
	a := &Archive{lim: lim, byName: make(map[string]*Entry, len(zr.File))}
	var declared int64
	seen := make(map[string]int, len(zr.File))
	for _, f := range zr.File {
		raw := f.Name
		name, reason := cleanName(raw)
		if reason == "" && f.Mode()&fs.ModeSymlink != 0 {
			reason = "a symbolic link: only files and folders are read"
		}
		if f.Mode().IsDir() || strings.HasSuffix(raw, "/") {
			continue // folders are implied by their files
		}
		if reason == "" && !f.Mode().IsRegular() {
			reason = "not a regular file"
		}
		if reason != "" {
			a.Skipped = append(a.Skipped, Skip{Entry: printable(raw), Reason: reason})
			continue
		}
		declared += int64(f.UncompressedSize64)
		if f.UncompressedSize64 > uint64(lim.MaxBytes) || declared > lim.MaxBytes {
			return nil, &LimitError{Cap: "bytes", Limit: lim.MaxBytes, Found: declared}
		}
		// Names equal but for case would be one file on many disks and
		// are two pages' worth of confusion: the first wins.
		key := strings.ToLower(name)
		if _, dup := seen[key]; dup {
			a.Skipped = append(a.Skipped, Skip{Entry: name, Reason: "a duplicate name: an entry of the same name (ignoring case) came first"})
			continue
		}
		seen[key] = len(a.entries)
		e := &Entry{Name: name, Size: int64(f.UncompressedSize64), f: f, a: a}
		a.entries = append(a.entries, e)
		a.byName[name] = e
	}
	slices.SortFunc(a.entries, func(x, y *Entry) int { return strings.Compare(x.Name, y.Name) })
	return a, nil
}

// cleanName returns the clean form of an entry's name, or why it is unsafe.
func cleanName(raw string) (string, string) {
	switch {
	case !utf8.ValidString(raw):
		return "", "the name is not valid UTF-8"
	case strings.ContainsFunc(raw, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return "", "the name holds a control character"
	}
	n := strings.ReplaceAll(raw, `\`, "/")
	if strings.HasPrefix(n, "/") || (len(n) >= 2 && n[1] == ':') {
		return "", "an absolute path: entries must be relative to the archive"
	}
	for _, seg := range strings.Split(strings.TrimSuffix(n, "/"), "/") {
		if seg == ".." {
			return "", "a path with \"..\": it would leave the import's folder"
		}
	}
	c := path.Clean(n)
	if c == "." || c == "" {
		return "", "an empty name"
	}
	return c, ""
}

// printable quotes a name that cannot be shown as it is.
func printable(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return s
	}
	return fmt.Sprintf("%q", s)
}

// Entries returns the archive's entries, by name.
func (a *Archive) Entries() []*Entry { return a.entries }

// Lookup returns the entry of a clean name, or nil.
func (a *Archive) Lookup(name string) *Entry { return a.byName[name] }

// Limits returns the archive's limits, defaults filled in.
func (a *Archive) Limits() Limits { return a.lim }

// Open opens the entry for reading. What it yields is counted against the
// archive's byte cap (once per entry, however often it is read) and the
// entry's declared size: reading past either
// fails with *LimitError (bytes) or ErrCorrupt, so a zip that lies about
// its sizes costs no more than one that tells the truth.
func (e *Entry) Open() (io.ReadCloser, error) {
	rc, err := e.f.Open()
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, e.Name, err)
	}
	return &entryReader{rc: rc, e: e}, nil
}

// ReadAll reads the whole entry, at most max bytes: a longer entry fails
// with ErrTooLong (wrapped, naming it).
func (e *Entry) ReadAll(max int64) ([]byte, error) {
	if e.Size > max {
		return nil, fmt.Errorf("%w: %s is %d bytes; at most %d are read", ErrTooLong, e.Name, e.Size, max)
	}
	rc, err := e.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%w: %s is over %d bytes", ErrTooLong, e.Name, max)
	}
	return b, nil
}

// ErrTooLong is an entry longer than its reader takes.
var ErrTooLong = errors.New("too long")

type entryReader struct {
	rc io.ReadCloser
	e  *Entry
	n  int64
}

func (r *entryReader) Read(p []byte) (int, error) {
	n, err := r.rc.Read(p)
	r.n += int64(n)
	if r.n > r.e.Size {
		return n, fmt.Errorf("%w: %s expands past the %d bytes it declares", ErrCorrupt, r.e.Name, r.e.Size)
	}
	// An entry read again (a reader's first pass, then the page's load)
	// counts once: the cap is on what the archive expands to.
	a := r.e.a
	a.mu.Lock()
	if r.n > r.e.counted {
		a.read += r.n - r.e.counted
		r.e.counted = r.n
	}
	over := a.read > a.lim.MaxBytes
	total := a.read
	a.mu.Unlock()
	if over {
		return n, &LimitError{Cap: "bytes", Limit: a.lim.MaxBytes, Found: total}
	}
	if err != nil && err != io.EOF {
		err = fmt.Errorf("%w: %s: %v", ErrCorrupt, r.e.Name, err)
	}
	return n, err
}

func (r *entryReader) Close() error { return r.rc.Close() }

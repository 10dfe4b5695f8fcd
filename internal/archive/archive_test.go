package archive

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// rawEntry is a zip entry as a hostile archiver may write it.
type rawEntry struct {
	name    string
	body    string
	mode    fs.FileMode
	method  uint16
	declare int64 // when > 0: the uncompressed size the header claims
}

// zipBytes writes entries into a zip, as given (no name checks).
func zipBytes(t *testing.T, entries ...rawEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: e.method}
		if e.mode != 0 {
			h.SetMode(e.mode)
		}
		if e.declare > 0 {
			f, err := w.CreateRaw(&zip.FileHeader{Name: e.name, Method: zip.Store, UncompressedSize64: uint64(e.declare), CompressedSize64: uint64(len(e.body))})
			require.NoError(t, err)
			_, err = f.Write([]byte(e.body))
			require.NoError(t, err)
			continue
		}
		f, err := w.CreateHeader(h)
		require.NoError(t, err)
		_, err = io.WriteString(f, e.body)
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	return buf.Bytes()
}

func openZip(t *testing.T, lim Limits, entries ...rawEntry) (*Archive, error) {
	t.Helper()
	b := zipBytes(t, entries...)
	return Open(bytes.NewReader(b), int64(len(b)), lim)
}

// files builds a zip of plain files, name → body, for the format tests.
func files(t *testing.T, m map[string]string) *Archive {
	t.Helper()
	var es []rawEntry
	for name, body := range m {
		es = append(es, rawEntry{name: name, body: body, method: zip.Deflate})
	}
	a, err := openZip(t, Limits{}, es...)
	require.NoError(t, err)
	return a
}

// Entries that would leave the import's folder or are not plain files are
// skipped with their reason; the rest are kept under clean names.
func TestOpenSkipsUnsafeEntries(t *testing.T) {
	t.Parallel()
	a, err := openZip(t, Limits{},
		rawEntry{name: "docs/ok.md", body: "ok"},
		rawEntry{name: "../evil.md", body: "x"},
		rawEntry{name: "docs/../../evil2.md", body: "x"},
		rawEntry{name: "/etc/passwd", body: "x"},
		rawEntry{name: `C:\windows\x.md`, body: "x"},
		rawEntry{name: "link.md", body: "/etc/passwd", mode: fs.ModeSymlink | 0o777},
		rawEntry{name: "bad\xffname.md", body: "x"},
		rawEntry{name: "ctl\x01.md", body: "x"},
		rawEntry{name: "docs/OK.md", body: "dup"},
		rawEntry{name: "docs/", mode: fs.ModeDir | 0o755},
		rawEntry{name: "./docs/./b.md", body: "b"},
	)
	require.NoError(t, err)
	var names []string
	for _, e := range a.Entries() {
		names = append(names, e.Name)
	}
	require.Equal(t, []string{"docs/b.md", "docs/ok.md"}, names)
	reasons := map[string]string{}
	for _, s := range a.Skipped {
		reasons[s.Entry] = s.Reason
	}
	require.Len(t, reasons, 8)
	require.Contains(t, reasons["../evil.md"], `".."`)
	require.Contains(t, reasons["docs/../../evil2.md"], `".."`)
	require.Contains(t, reasons["/etc/passwd"], "absolute")
	require.Contains(t, reasons[`C:\windows\x.md`], "absolute")
	require.Contains(t, reasons["link.md"], "symbolic link")
	require.Contains(t, reasons[`"bad\xffname.md"`], "UTF-8")
	require.Contains(t, reasons[`"ctl\x01.md"`], "control")
	require.Contains(t, reasons["docs/OK.md"], "duplicate")
	b, err := a.Lookup("docs/ok.md").ReadAll(10)
	require.NoError(t, err)
	require.Equal(t, "ok", string(b))
}

// Too many entries, or more bytes declared than the cap, refuse the whole
// archive naming the cap; a zip that declares little and expands to more
// stops at what it declared; a truncated zip is corrupt.
func TestOpenCapsAndCorruption(t *testing.T) {
	t.Parallel()
	_, err := openZip(t, Limits{MaxEntries: 2}, rawEntry{name: "a"}, rawEntry{name: "b"}, rawEntry{name: "c"})
	var le *LimitError
	require.ErrorAs(t, err, &le)
	require.Equal(t, "entries", le.Cap)
	require.Contains(t, err.Error(), "at most 2")

	_, err = openZip(t, Limits{MaxBytes: 1000}, rawEntry{name: "a", body: strings.Repeat("x", 600), method: zip.Deflate}, rawEntry{name: "b", body: strings.Repeat("x", 600), method: zip.Deflate})
	require.ErrorAs(t, err, &le)
	require.Equal(t, "bytes", le.Cap)

	// A bomb: a megabyte of zeros compresses to about a kilobyte; its
	// reads stop at the byte cap.
	a, err := openZip(t, Limits{MaxBytes: 4 << 20}, rawEntry{name: "z1", body: strings.Repeat("\x00", 3<<20), method: zip.Deflate},
		rawEntry{name: "z2", body: strings.Repeat("\x00", 1<<20), method: zip.Deflate})
	require.NoError(t, err)
	_, err = a.Lookup("z1").ReadAll(8 << 20)
	require.NoError(t, err)
	_, err = a.Lookup("z1").ReadAll(8 << 20)
	require.NoError(t, err, "an entry read twice counts once")
	a.lim.MaxBytes = 3<<20 + 100
	_, err = a.Lookup("z2").ReadAll(8 << 20)
	require.ErrorAs(t, err, &le, "reads count across entries")

	// A header that under-declares: the read stops where the declared
	// size ends.
	a, err = openZip(t, Limits{}, rawEntry{name: "liar", body: "0123456789", declare: 4})
	require.NoError(t, err)
	_, err = a.Lookup("liar").ReadAll(100)
	require.True(t, errors.Is(err, ErrCorrupt), "%v", err)

	b := zipBytes(t, rawEntry{name: "a.md", body: strings.Repeat("hello ", 1000), method: zip.Deflate})
	_, err = Open(bytes.NewReader(b[:len(b)/2]), int64(len(b)/2), Limits{})
	require.ErrorIs(t, err, ErrCorrupt)
	_, err = Open(strings.NewReader("not a zip"), 9, Limits{})
	require.ErrorIs(t, err, ErrCorrupt)
}

func TestSlugifyAndNamer(t *testing.T) {
	t.Parallel()
	require.Equal(t, "getting-started-2026", Slugify("  Getting Started — 2026! ", "x"))
	require.Equal(t, "x", Slugify("!!!", "x"))
	require.Equal(t, 60, len(Slugify(strings.Repeat("a", 100), "x")))
	n := NewNamer()
	require.Equal(t, "a", n.Take("f", "a"))
	require.Equal(t, "a-2", n.Take("f", "a"))
	require.Equal(t, "a", n.Take("g", "a"))
}

package transfer

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/archive"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// benchArchive writes a markdown tree of pages pages in folders of 100,
// each linking to three others, every tenth showing an image of its own.
func benchArchive(b *testing.B, pages int) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	name := func(i int) string { return fmt.Sprintf("f%02d/page-%04d", i/100, i) }
	for i := range pages {
		var body strings.Builder
		fmt.Fprintf(&body, "# Page %d\n\nSome text about page %d, with enough words to look like a page.\n\n", i, i)
		for _, j := range []int{(i + 1) % pages, (i + 37) % pages, (i + 911) % pages} {
			fmt.Fprintf(&body, "- see [page %d](../%s.md)\n", j, name(j))
		}
		if i%10 == 0 {
			fmt.Fprintf(&body, "\n![figure](page-%04d.files/figure.png)\n", i)
			w, err := zw.Create(name(i) + ".files/figure.png")
			require.NoError(b, err)
			img := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte(strconv.Itoa(i)), 2000)...)
			_, err = w.Write(img)
			require.NoError(b, err)
		}
		w, err := zw.Create(name(i) + ".md")
		require.NoError(b, err)
		_, err = io.WriteString(w, body.String())
		require.NoError(b, err)
	}
	require.NoError(b, zw.Close())
	return buf.Bytes()
}

// peakRSS is the process's peak resident set (VmHWM), in MiB; 0 where
// /proc is not there.
func peakRSS() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// BenchmarkImportExport5000Pages imports a 5,000-page markdown archive
// (3 links a page, 500 images) and exports it again (bench/RESULTS.md):
//
//	go test -run '^$' -bench ImportExport5000 -benchtime 1x ./internal/transfer
func BenchmarkImportExport5000Pages(b *testing.B) {
	const pages = 5000
	data := benchArchive(b, pages)
	for b.Loop() {
		t := setup(b)
		rssBefore := peakRSS()
		imp := t.start(b, data, archive.FormatMarkdown, document.SpaceRaw, "bench")
		start := time.Now()
		require.NoError(b, t.worker.Drain(context.Background()))
		imported := time.Since(start)
		require.NoError(b, t.outbox.Drain(context.Background()))
		resolved := time.Since(start)
		got, err := t.svc.GetImport(t.ctx, imp.ID)
		require.NoError(b, err)
		require.Equal(b, StatusDone, got.Status, got.Error)
		require.Equal(b, pages, got.Report.Created)
		require.Equal(b, 3*pages, pgtest.Count(b, t.pool, `SELECT count(*) FROM document_links WHERE state = 'resolved'`))
		require.Equal(b, pages/10, pgtest.Count(b, t.pool, `SELECT count(*) FROM attachments`))

		start = time.Now()
		var w countingWriter
		require.NoError(b, t.svc.WriteTree(t.ctx, &w, document.SpaceRaw, "bench", nil))
		exported := time.Since(start)

		b.ReportMetric(float64(pages)/imported.Seconds(), "import-pages/s")
		b.ReportMetric(resolved.Seconds(), "s-until-links-resolved")
		b.ReportMetric(float64(pages)/exported.Seconds(), "export-pages/s")
		b.ReportMetric(peakRSS()-rssBefore, "MiB-peak-RSS-growth")
		b.ReportMetric(float64(len(data))/(1<<20), "MiB-archive")
		b.ReportMetric(float64(w.n)/(1<<20), "MiB-export")
	}
}

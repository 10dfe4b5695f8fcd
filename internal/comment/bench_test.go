package comment

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// benchPage is a page of about size bytes: paragraphs of random words,
// some not ASCII, as a list of paragraphs of words (markdown without
// markup, so its anchor text is its words joined by spaces).
func benchPage(r *rand.Rand, size int) [][]string {
	var out [][]string
	n := 0
	for n < size-2000 {
		p := words(r, 40+r.IntN(80))
		for _, w := range p {
			n += len(w) + 1
		}
		n++
		out = append(out, p)
	}
	return out
}

func markdownOf(paras [][]string) string {
	ps := make([]string, len(paras))
	for i, p := range paras {
		ps[i] = strings.Join(p, " ")
	}
	return strings.Join(ps, "\n\n") + "\n"
}

// BenchmarkReanchor re-anchors 200 open threads on a 1 MB page after a
// save that inserted a paragraph at the top (every offset moves) and edited
// 10 % of the quoted passages and the words before them (their exact text
// and prefix no longer match: the fuzzy path). It times ReanchorInTx: the
// anchor text of the new revision, 200 locates, one UPDATE (rolled back
// each iteration, so each re-anchors all 200).
func BenchmarkReanchor(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	paras := benchPage(r, 1<<20)
	md := markdownOf(paras)
	d := pgtest.New(b)
	owner := pgtest.CreatePerson(b, d.Pool)
	doc := pgtest.CreateDocument(b, d.Pool, owner.ID, pgtest.Doc{Content: md})
	page := NewPage(AnchorText(md))
	require.Equal(b, strings.ReplaceAll(strings.TrimSpace(md), "\n\n", " "), page.Text())
	rev, err := db.Q.DocumentRevisionGetLatest(context.Background(), d.Pool, doc.ID)
	require.NoError(b, err)

	// Word i of the text is paras[pi][wi]; its byte offset is at[i].
	type pos struct{ p, w, at int }
	var all []pos
	off := 0
	for pi, p := range paras {
		for wi, w := range p {
			all = append(all, pos{pi, wi, off})
			off += len(w) + 1
		}
	}
	edited := 0
	step := len(all) / 201
	for i := range 200 {
		first := step * (i + 1)
		last := first + 10 + r.IntN(20) // 10 to 30 words
		end := all[last].at - 1
		q := page.quoteAt(all[first].at, end)
		_, err := db.Q.ThreadCreate(context.Background(), d.Pool, db.ThreadCreateParams{
			ID: uuid.Must(uuid.NewV7()), DocumentID: doc.ID, AuthorID: owner.ID, Kind: string(KindComment), AnchorState: string(AnchorAttached),
			AnchorExact: &q.Exact, AnchorPrefix: &q.Prefix, AnchorSuffix: &q.Suffix, AnchorRevisionID: &rev.ID,
			AnchorStart: pgtest.Ptr(int32(q.Start)), AnchorEnd: pgtest.Ptr(int32(q.End)),
		})
		require.NoError(b, err)
		if i%10 == 0 { // a word inside the quote, one in its prefix and one in its suffix
			for _, k := range []int{first - 2, (first + last) / 2, last + 1} {
				paras[all[k].p][all[k].w] = "edited"
			}
			edited++
		}
	}
	paras[0] = append([]string{"A", "few", "new", "words", "on", "top."}, paras[0]...)
	paras[len(paras)-1] = paras[len(paras)-1][:len(paras[len(paras)-1])-6]
	newMD := markdownOf(paras)
	_, _, err = document.New(d.Pool, document.DefaultConfig).Update(pgtest.ActingAs(owner), document.UpdateInput{ID: doc.ID, ExpectedVersion: 1, Content: &newMD})
	require.NoError(b, err)

	var methods map[Method]int
	b.ResetTimer()
	for b.Loop() {
		tx, err := d.Pool.Begin(context.Background())
		require.NoError(b, err)
		n, err := ReanchorInTx(context.Background(), tx, doc.ID)
		require.NoError(b, err)
		require.Equal(b, 200, n)
		require.NoError(b, tx.Rollback(context.Background()))
	}
	b.StopTimer()
	// How the quotes were found (outside the timing).
	methods = map[Method]int{}
	np := NewPage(AnchorText(newMD))
	rows, err := db.Q.ThreadListAttachedBefore(context.Background(), d.Pool, db.ThreadListAttachedBeforeParams{DocumentID: doc.ID, Version: 2})
	require.NoError(b, err)
	for _, t := range rows {
		_, m := np.Locate(Quote{Exact: *t.AnchorExact, Prefix: *t.AnchorPrefix, Suffix: *t.AnchorSuffix, Start: int(*t.AnchorStart), End: int(*t.AnchorEnd)})
		methods[m]++
	}
	b.ReportMetric(float64(methods[ByFuzzy]), "fuzzy")
	b.ReportMetric(float64(methods[NotFound]), "detached")
	b.Log(fmt.Sprintf("page %d bytes, %d quotes edited; found exact %d, context %d, fuzzy %d, detached %d",
		len(newMD), edited, methods[ByExact], methods[ByContext], methods[ByFuzzy], methods[NotFound]))
}

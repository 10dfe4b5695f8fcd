package document_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// keysBlock is a frontmatter block of n top-level keys.
func keysBlock(n int) string {
	var b strings.Builder
	b.WriteString("---\n")
	for i := range n {
		fmt.Fprintf(&b, "key%d: value %d\n", i, i)
	}
	b.WriteString("---\nbody\n")
	return b.String()
}

// nestedBlock is a frontmatter block of mappings nested depth deep.
func nestedBlock(depth int) string {
	var b strings.Builder
	b.WriteString("---\n")
	for i := range depth {
		fmt.Fprintf(&b, "%sk%d:\n", strings.Repeat("  ", i), i)
	}
	fmt.Fprintf(&b, "%sleaf: x\n---\nbody\n", strings.Repeat("  ", depth))
	return b.String()
}

func TestFrontmatterBounds(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		body string
	}{
		// 80 000 keys once took a minute of CPU and then answered INTERNAL.
		{"80k keys, 1.2 MB", keysBlock(80_000)},
		{"more keys than allowed", keysBlock(document.MaxFrontmatterKeys + 1)},
		{"nested keys count too", "---\na:\n" + nestedKeys(document.MaxFrontmatterKeys) + "---\n"},
		{"too deep", nestedBlock(document.MaxFrontmatterDepth)},
		{"too deep in lists", "---\na: " + strings.Repeat("[", document.MaxFrontmatterDepth) + strings.Repeat("]", document.MaxFrontmatterDepth) + "\n---\n"},
		{"too large", "---\ntitle: x\nnote: " + strings.Repeat("y", document.MaxFrontmatterBytes) + "\n---\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, _, err := document.SplitFrontmatter(c.body)
			fe := fault.As(err)
			require.NotNil(t, fe, "want BAD_USER_INPUT, got %v", err)
			require.Equal(t, fault.BadInput, fe.Code)
			require.Equal(t, "content", fe.Field)
			require.Less(t, time.Since(start), 5*time.Second)
		})
	}

	// At the bounds, the frontmatter is read.
	fm, content, err := document.SplitFrontmatter(keysBlock(document.MaxFrontmatterKeys))
	require.NoError(t, err)
	require.Len(t, fm.Extra, document.MaxFrontmatterKeys)
	require.Equal(t, "body\n", content)
	fm, _, err = document.SplitFrontmatter(nestedBlock(document.MaxFrontmatterDepth - 1))
	require.NoError(t, err)
	require.Contains(t, fm.Extra, "k0")
	fm, _, err = document.SplitFrontmatter("---\n---\nbody")
	require.NoError(t, err)
	require.Nil(t, fm.Extra)
}

// nestedKeys is n keys under the key "a" of the block.
func nestedKeys(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "  k%d: %d\n", i, i)
	}
	return b.String()
}

// TestFrontmatterTooLargeOverTheService checks the 80 000-key body is
// refused as BAD_USER_INPUT on content by createDocument's service, before
// any transaction.
func TestFrontmatterTooLargeOverTheService(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	body := keysBlock(80_000)[:1<<20-100] + "\n---\nbody\n"
	_, err := b.svc.Create(pgtest.ActingAs(p), document.CreateInput{Space: document.SpaceWiki, Slug: "many-keys", Content: body})
	pgtest.RequireCode(t, err, fault.BadInput, "content")
	require.Zero(t, pgtest.Count(t, b.pool, "SELECT count(*) FROM documents"))
}

// BenchmarkFrontmatter is SplitFrontmatter against the block's size, up to
// its bound (64 KiB): keys, a long list, and nesting.
func BenchmarkFrontmatter(b *testing.B) {
	for _, c := range []struct {
		name string
		gen  func(size int) string
	}{
		{"keys", func(size int) string {
			return keysBlock(min(size/20, document.MaxFrontmatterKeys))
		}},
		{"tags", func(size int) string {
			return "---\ntags:\n" + strings.Repeat("  - some-tag\n", size/13) + "---\nbody\n"
		}},
		{"text", func(size int) string {
			return "---\ntitle: x\nnote: " + strings.Repeat("y", size) + "\n---\nbody\n"
		}},
	} {
		for _, size := range []int{4 << 10, 16 << 10, 60 << 10} {
			body := c.gen(size)
			b.Run(fmt.Sprintf("%s/%dKiB", c.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				for b.Loop() {
					if _, _, err := document.SplitFrontmatter(body); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
	for _, size := range []int{64 << 10, 256 << 10, 1 << 20} {
		body := keysBlock(size / 20)
		b.Run(fmt.Sprintf("refused-keys/%dKiB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if _, _, err := document.SplitFrontmatter(body); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}

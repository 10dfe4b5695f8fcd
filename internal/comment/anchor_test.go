package comment

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/require"
)

func TestAnchorTextFlattensMarkdown(t *testing.T) {
	t.Parallel()
	md := "# Title\n\nSome **bold** and _em_ text with a [link](/x).\n\n- one\n- two\n\n```\ncode here\n```\n"
	require.Equal(t, "Title Some bold and em text with a link. one two code here", AnchorText(md))
	// The same page as the web app's test (frontend/src/lib/anchor.test.ts): both sides agree.
	require.Equal(t, "Plan The release is planned for the second week of March. one two",
		AnchorText("# Plan\n\nThe release is planned for the **second week** of March.\n\n- one\n- two\n"))
}

func TestLocateCountsUTF16(t *testing.T) {
	t.Parallel()
	p := NewPage("héllo 😀 wörld and more")
	q, m := p.Locate(Quote{Exact: "wörld"})
	require.Equal(t, ByExact, m)
	// "héllo " is 6 units, the emoji 2, the space 1.
	require.Equal(t, 9, q.Start)
	require.Equal(t, 14, q.End)
	require.Equal(t, "héllo 😀 ", q.Prefix)
	units := utf16.Encode([]rune(p.Text()))
	require.Equal(t, "wörld", string(utf16.Decode(units[q.Start:q.End])))
}

func TestLocatePrefersContextThenNearest(t *testing.T) {
	t.Parallel()
	p := NewPage("alpha beta gamma. alpha beta delta. alpha beta gamma.")
	q, m := p.Locate(Quote{Exact: "beta", Prefix: "alpha ", Suffix: " delta", Start: 0})
	require.Equal(t, ByExact, m)
	require.Equal(t, 24, q.Start)
	q, _ = p.Locate(Quote{Exact: "beta", Prefix: "alpha ", Suffix: " gamma", Start: 45})
	require.Equal(t, 42, q.Start)
}

func TestLocateByContextAndFuzzy(t *testing.T) {
	t.Parallel()
	p := NewPage("The release is planned for the second week of March, pending review by the board.")
	q, m := p.Locate(Quote{Exact: "the first week of April", Prefix: "release is planned for ", Suffix: ", pending review"})
	require.Equal(t, ByContext, m)
	require.Equal(t, "the second week of March", q.Exact)

	q, m = p.Locate(Quote{Exact: "pending a review by the board", Start: 50})
	require.Equal(t, ByFuzzy, m)
	require.Contains(t, q.Exact, "pending review by the board")

	_, m = p.Locate(Quote{Exact: "something else entirely, nowhere", Start: 10})
	require.Equal(t, NotFound, m)
}

// words makes a random text of n words, some of them not ASCII.
func words(r *rand.Rand, n int) []string {
	vocab := []string{"the", "page", "säve", "anchor", "quote", "wiki", "team", "😀", "réunion", "draft",
		"budget", "plan", "release", "review", "notes", "日本", "agent", "owner", "reader", "writer"}
	out := make([]string, n)
	for i := range out {
		out[i] = vocab[r.IntN(len(vocab))] + string(rune('a'+r.IntN(26)))
	}
	return out
}

// TestLocateProperty edits random texts around and inside quoted passages:
// an untouched quote is found where it moved; an edited one is found in its
// new form near its place, or not at all; a found passage is always the
// text at its offsets.
func TestLocateProperty(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(35, 36))
	for iter := range 400 {
		ws := words(r, 60+r.IntN(200))
		text := strings.Join(ws, " ")
		old := NewPage(text)
		// Quote 3..12 words.
		a := r.IntN(len(ws) - 15)
		b := a + 3 + r.IntN(10)
		exact := strings.Join(ws[a:b], " ")
		s := strings.Index(text, exact)
		for s >= 0 && s != len(strings.Join(ws[:a], " "))+boolInt(a > 0) {
			s2 := strings.Index(text[s+1:], exact)
			if s2 < 0 {
				s = -1
				break
			}
			s = s + 1 + s2
		}
		require.GreaterOrEqual(t, s, 0)
		q := old.quoteAt(s, s+len(exact))

		edit := r.IntN(3)
		nw := append([]string(nil), ws...)
		switch edit {
		case 0: // insert and delete words outside the quote
			ins := words(r, 1+r.IntN(20))
			nw = append(nw[:a:a], append(ins, nw[a:]...)...)
			if len(nw) > b+len(ins)+25 {
				nw = append(nw[:b+len(ins)+20], nw[b+len(ins)+25:]...)
			}
			a, b = a+len(ins), b+len(ins) // where the quote's words are now
		case 1: // change one word inside the quote
			nw[a+1] = "changed"
		case 2: // remove the quote's words
			nw = append(nw[:a:a], nw[b:]...)
		}
		newText := strings.Join(nw, " ")
		got, m := NewPage(newText).Locate(q)
		units := utf16.Encode([]rune(newText))
		if m != NotFound {
			require.Equal(t, got.Exact, string(utf16.Decode(units[got.Start:got.End])), "iter %d", iter)
		}
		switch edit {
		case 0:
			require.Equal(t, ByExact, m, "iter %d", iter)
			require.Equal(t, exact, got.Exact)
			// Found where it moved (its own words, not an equal passage elsewhere).
			want := utf16Len(strings.Join(nw[:a], " ") + " ")
			require.Equal(t, want, got.Start, "iter %d", iter)
		case 1:
			if m != NotFound {
				require.Contains(t, got.Exact, "changed", "iter %d: %q in %q", iter, exact, got.Exact)
			}
		case 2:
			if m != NotFound {
				// Only an identical passage elsewhere, or one near enough to it, may be found.
				require.NotEqual(t, ByContext, m, "iter %d", iter)
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

package typesense

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/search"
)

func TestTranslate(t *testing.T) {
	t.Parallel()
	type br struct {
		q      string
		prefix bool
		filter string
	}
	for _, c := range []struct {
		text string
		want []br
	}{
		{"", nil},
		{"   ", nil},
		{"🙂 *** !!!", nil},
		{"deploy runbook", []br{{q: "deploy runbook", prefix: true}}},
		{"deploy runbook ", []br{{q: "deploy runbook"}}},
		{`"laptop setup" vpn`, []br{{q: `"laptop setup" vpn`, prefix: true}}},
		{`vpn -windows`, []br{{q: "vpn -windows"}}},
		{`-windows vpn`, []br{{q: "-windows vpn", prefix: true}}},
		{`vpn -"windows 10" `, []br{{q: `vpn -"windows 10"`}}},
		{"mac or linux setup", []br{{q: "mac setup", prefix: true}, {q: "linux setup", prefix: true}}},
		{"a or b c or d ", []br{{q: "a c"}, {q: "a d"}, {q: "b c"}, {q: "b d"}}},
		{"laptop-setup", []br{{q: `"laptop-setup"`}}},
		{"e.mail", []br{{q: "e.mail", prefix: true}}},
		{`say"hi"`, []br{{q: "say hi"}}},
		{"-vpn", []br{{q: "*", filter: "(title:!`vpn` && tags:!`vpn` && address:!`vpn` && body:!`vpn`)"}}},
		{"--x y", []br{{q: "-x y", prefix: true}}},
		{"x:=[`y`] && acl_read:*", []br{{q: `x:=[y] "acl_read:"`}}},
	} {
		var got []br
		for _, b := range translate(search.Parse(c.text)) {
			got = append(got, br{q: b.q, prefix: b.prefix, filter: strings.Join(b.filter, " && ")})
		}
		require.Equal(t, c.want, got, c.text)
	}
}

// Past maxBranches the remaining `or` groups become filter clauses of
// tokens only.
func TestTranslateManyOrs(t *testing.T) {
	t.Parallel()
	text := "a1 or a2 b1 or b2 c1 or c2 d1 or d2 e1 or e`2 "
	got := translate(search.Parse(text))
	require.Len(t, got, 16)
	for _, b := range got {
		require.Len(t, strings.Fields(b.q), 4)
		require.Equal(t, []string{"((title:`e1` || tags:`e1` || address:`e1` || body:`e1`) || " +
			"(title:`e2` || tags:`e2` || address:`e2` || body:`e2`))"}, b.filter)
	}
}

func TestCleanWord(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"plain": "plain", "-neg": "neg", "--x": "x", `"q"`: "q", "*": "", "a*b": "ab", "`": "", "🙂": "", "ß": "ß",
		"日本語": "日本語", "x-y": "x-y", "-": "",
	} {
		require.Equal(t, want, cleanWord(in), in)
	}
}

func TestLiteralRefusesWhatItCannotEscape(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"wiki", "user:0192f000-0000-7000-8000-000000000001", "a.b_c"} {
		l, err := literal(ok)
		require.NoError(t, err)
		require.Equal(t, "`"+ok+"`", l)
	}
	for _, bad := range []string{"", "a`b", "a,b", "a b", "a&&b", "a||b", "[x]", "(x)", "é"} {
		_, err := literal(bad)
		require.Error(t, err, bad)
	}
}

func TestRanges(t *testing.T) {
	t.Parallel()
	s, e := markStart, markEnd
	for _, c := range []struct {
		in   string
		text string
		want []search.Range
	}{
		{"plain", "plain", nil},
		{s + "Deploy" + e + " guide", "Deploy guide", []search.Range{{Start: 0, End: 6}}},
		{"🙂 " + s + "x" + e, "🙂 x", []search.Range{{Start: 3, End: 4}}},
		{s + "Malibu," + e + " CA", "Malibu, CA", []search.Range{{Start: 0, End: 6}}},
		{s + "a" + e + s + "b" + e, "ab", []search.Range{{Start: 0, End: 2}}},
		{s + "..." + e + " x", "... x", nil},
		{"x " + s + "open", "x open", []search.Range{{Start: 2, End: 6}}},
		{"x" + e + " y", "x y", nil},
		{"𝔘" + s + "ñ" + e, "𝔘ñ", []search.Range{{Start: 2, End: 3}}},
	} {
		got := ranges(c.in)
		require.Equal(t, c.text, got.Text, c.in)
		require.Equal(t, c.want, got.Ranges, c.in)
	}
}

func TestFolderKeys(t *testing.T) {
	t.Parallel()
	require.Empty(t, folderKeys(""))
	require.Equal(t, []string{key("a"), key("a/b"), key("a/b/c")}, folderKeys("a/b/c"))
}

package search_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/search"
)

// term is a Term written for tests: "a b" a phrase, a trailing * a prefix.
func term(s string) search.Term {
	t := search.Term{}
	if p, ok := strings.CutSuffix(s, "*"); ok {
		s, t.Prefix = p, true
	}
	t.Words = strings.Fields(s)
	return t
}

func groups(gs ...[]string) []search.Group {
	var out []search.Group
	for _, g := range gs {
		var grp search.Group
		for _, s := range g {
			grp = append(grp, term(s))
		}
		out = append(out, grp)
	}
	return out
}

func TestParseWebSearchSyntax(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text string
		all  []search.Group
		not  []search.Term
	}{
		{"", nil, nil},
		{"   \t\n", nil, nil},
		{"deploy runbook", groups([]string{"deploy"}, []string{"runbook*"}), nil},
		{"deploy runbook ", groups([]string{"deploy"}, []string{"runbook"}), nil},
		{`"laptop setup" guide`, groups([]string{"laptop setup"}, []string{"guide*"}), nil},
		{`guide "laptop setup"`, groups([]string{"guide"}, []string{"laptop setup"}), nil},
		{`guide "laptop set`, groups([]string{"guide"}, []string{"laptop set*"}), nil},
		{`"unbalanced`, groups([]string{"unbalanced*"}), nil},
		{`""`, nil, nil},
		{"vpn -windows", groups([]string{"vpn"}), []search.Term{term("windows")}},
		{`vpn -"windows 10" mac`, groups([]string{"vpn"}, []string{"mac*"}), []search.Term{term("windows 10")}},
		{"-only", nil, []search.Term{term("only")}},
		{"mac or linux setup", groups([]string{"mac", "linux"}, []string{"setup*"}), nil},
		{"a b OR c d", groups([]string{"a"}, []string{"b", "c"}, []string{"d*"}), nil},
		{"a or b or c", groups([]string{"a", "b", "c*"}), nil},
		{"or", groups([]string{"or*"}), nil},
		{"or deploy", groups([]string{"or"}, []string{"deploy*"}), nil},
		{"deploy or", groups([]string{"deploy"}, []string{"or*"}), nil},
		{"a or -b", groups([]string{"a"}, []string{"or"}), []search.Term{term("b")}},
		{"- lone", groups([]string{"-"}, []string{"lone*"}), nil},
		{"&|!():*<>", groups([]string{"&|!():*<>*"}), nil},
		{"x'; DROP TABLE documents; --", groups([]string{"x';"}, []string{"DROP"}, []string{"TABLE"}, []string{"documents;"}), []search.Term{term("-")}},
		{"مرحبا بالعالم", groups([]string{"مرحبا"}, []string{"بالعالم*"}), nil},
	} {
		p := search.Parse(c.text)
		require.Equal(t, c.all, p.All, "%q", c.text)
		require.Equal(t, c.not, p.Not, "%q", c.text)
		require.Equal(t, c.all == nil && c.not == nil, p.Empty(), "%q", c.text)
	}
}

func TestParseNeverFails(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"\xff\xfe", "\"\"\"\"\"", "------", "\x00\x01", strings.Repeat(`"a `, 400), "🙂🙃", "-\"\"", "or or or"} {
		p := search.Parse(s)
		for _, g := range p.All {
			require.NotEmpty(t, g)
			for _, tm := range g {
				require.NotEmpty(t, tm.Words, "%q", s)
			}
		}
	}
}

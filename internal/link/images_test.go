package link

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRewriteImageSources(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"![a](old.files/x.png)":                         "![a](new.files/x.png)",
		`![a](<old.files/my x.png> "title")`:            `![a](<new.files/my x.png> "title")`,
		"[![a](old.files/x.png)](old.files/x.png)":      "[![a](new.files/x.png)](old.files/x.png)", // the link is RewriteHrefs'
		"`![a](old.files/x.png)`":                       "`![a](old.files/x.png)`",
		"![a][r]\n\n[r]: old.files/x.png":               "![a][r]\n\n[r]: old.files/x.png",
		"![a](other.files/old.files/x.png)":             "![a](other.files/old.files/x.png)",
		"| ![a](old.files/x.png) | ![b](old.files/y) |": "| ![a](new.files/x.png) | ![b](new.files/y) |",
		"    ![a](old.files/x.png)":                     "    ![a](old.files/x.png)", // code block
		"no images at all":                              "no images at all",
	}
	for in, want := range cases {
		require.Equal(t, want, RewriteImageSources(in, []string{"old.files/"}, "new.files/"), in)
	}
}

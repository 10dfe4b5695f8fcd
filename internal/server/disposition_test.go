package server

import (
	"mime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A download's name with quotes, backslashes, newlines and other control
// characters, and non-ASCII, makes one well-formed header: an ASCII
// filename with the unsafe characters replaced, the exact name (controls
// stripped) in filename*, nothing that could end the header.
func TestAttachmentHeaderEscapesHostileNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, ascii, exact string }{
		{"plan.md", "plan.md", "plan.md"},
		{"The \"big\" plan\r\nSet-Cookie: x=1\x00\x7f.md", "The _big_ planSet-Cookie: x=1.md", "The \"big\" planSet-Cookie: x=1.md"},
		{"Ünïcødé 計画 \\ 'x'.md", "_n_c_d_ __ _ 'x'.md", "Ünïcødé 計画 \\ 'x'.md"},
	} {
		h := attachment(c.name)
		require.False(t, strings.ContainsAny(h, "\r\n\x00\x7f"), "%q", h)
		for _, r := range h {
			require.True(t, r >= 0x20 && r < 0x7f, "only printable ASCII in the header: %q", h)
		}
		require.Contains(t, h, `filename="`+c.ascii+`"`)
		disp, params, err := mime.ParseMediaType(h)
		require.NoError(t, err, h)
		require.Equal(t, "attachment", disp)
		require.Equal(t, c.exact, params["filename"], "filename* decodes to the exact name: %s", h)
	}
}

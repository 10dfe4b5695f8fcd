package mail

import (
	"strings"
	"unicode"
)

// Caps on header values, in characters: far below the 998 bytes a line
// may have, so a long name or title never makes a mail servers refuse.
const (
	maxNameLen    = 100
	maxSubjectLen = 200
)

// headerValue is s made safe for a mail header: CR, LF and every other
// control or line-separating character become a space (a name with a line
// break cannot add a header), spaces are collapsed and trimmed, and the
// result is cut to max characters.
func headerValue(s string, max int) string {
	var b strings.Builder
	space := false
	n := 0
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\ufeff' || unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if n >= max {
			break
		}
		if space {
			b.WriteByte(' ')
			space = false
			n++
			if n >= max {
				break
			}
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

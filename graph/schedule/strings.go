package schedule

import (
	"bytes"
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// String returns the marshaler of the string at s as graphql.MarshalString
// writes it, without allocating: graph/gen's shortcut for a String field
// hands it the address of the struct field, which nothing changes while
// the operation is marshalled. graphql.MarshalString allocates a closure
// per value (a title, an id's state: a tenth of a documents page's
// allocations).
func String(s *string) graphql.Marshaler {
	return (*stringRef)(s)
}

type stringRef string

// MarshalGQL writes the string quoted and escaped exactly as
// graphql.MarshalString does: \t, \r, \n, \\ and \" by name, other control
// characters as \u00XX (upper-case hex), everything else (invalid UTF-8 included) as it is.
func (s *stringRef) MarshalGQL(w io.Writer) {
	writeQuoted(w, string(*s))
}

const hexDigits = "0123456789ABCDEF"

func writeQuoted(w io.Writer, s string) {
	if b, ok := w.(*bytes.Buffer); ok && !needsEscape(s) {
		// The usual case (a title, a path): quotes around it as it is.
		b.Grow(len(s) + 2)
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	_, _ = io.WriteString(w, `"`)
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '\\' && c != '"' {
			continue
		}
		_, _ = io.WriteString(w, s[start:i])
		switch c {
		case '\t':
			_, _ = io.WriteString(w, `\t`)
		case '\r':
			_, _ = io.WriteString(w, `\r`)
		case '\n':
			_, _ = io.WriteString(w, `\n`)
		case '\\':
			_, _ = io.WriteString(w, `\\`)
		case '"':
			_, _ = io.WriteString(w, `\"`)
		default:
			_, _ = io.WriteString(w, `\u00`+hexDigits[c>>4:c>>4+1]+hexDigits[c&0xf:c&0xf+1])
		}
		start = i + 1
	}
	_, _ = io.WriteString(w, s[start:])
	_, _ = io.WriteString(w, `"`)
}

// needsEscape reports whether writeQuoted escapes anything in s.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '\\' || c == '"' {
			return true
		}
	}
	return false
}

// constants holds the enum values' marshalers: a few dozen, each made
// once, then read for every enum field of every response.
var constants readMostly[string, graphql.Marshaler]

// Constant returns graphql.MarshalString(s), made once per distinct s: the
// generated marshalers of enums call it with their values' names, a set
// the schema fixes.
func Constant(s string) graphql.Marshaler {
	if m, ok := constants.load(s); ok {
		return m
	}
	return constants.add(s, func() graphql.Marshaler {
		var b bytes.Buffer
		graphql.MarshalString(s).MarshalGQL(&b)
		return prewritten(b.Bytes())
	})
}

// prewritten is a marshaler writing bytes graphql.MarshalString wrote once:
// one Write where its closure makes three or more.
type prewritten []byte

func (b prewritten) MarshalGQL(w io.Writer) { _, _ = w.Write(b) }

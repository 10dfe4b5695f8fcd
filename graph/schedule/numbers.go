package schedule

import (
	"bytes"
	"io"
	"math"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
)

// Int returns the marshaler of the int at i as graphql.MarshalInt writes it,
// without allocating: graph/gen's shortcut for an Int field hands it the
// address of the struct field, which nothing changes while the operation
// is marshalled. graphql.MarshalInt allocates a closure per value (a
// search's highlight ranges hold four or more a hit).
func Int(i *int) graphql.Marshaler {
	return (*intRef)(i)
}

type intRef int

// MarshalGQL writes the int in decimal, as strconv.FormatInt does.
func (i *intRef) MarshalGQL(w io.Writer) {
	var b [20]byte
	writeBytes(w, strconv.AppendInt(b[:0], int64(*i), 10))
}

// Finite reports whether f is neither infinite nor NaN: what Float can
// write (graphql.MarshalFloatContext refuses the others with an error).
func Finite(f float64) bool {
	return !math.IsInf(f, 0) && !math.IsNaN(f)
}

// Float returns the marshaler of the finite float64 at f as
// graphql.MarshalFloatContext writes it (fmt's %g: the shortest
// representation, strconv's 'g' format), without allocating or going
// through fmt; as Int, for graph/gen's shortcut, which checks Finite first.
func Float(f *float64) graphql.Marshaler {
	return (*floatRef)(f)
}

type floatRef float64

func (f *floatRef) MarshalGQL(w io.Writer) {
	var b [32]byte
	writeBytes(w, strconv.AppendFloat(b[:0], float64(*f), 'g', -1, 64))
}

// writeBytes writes b, which is on the caller's stack: into the executor's
// bytes.Buffer directly, else through a copy (an io.Writer may keep what
// it is given).
func writeBytes(w io.Writer, b []byte) {
	if buf, ok := w.(*bytes.Buffer); ok {
		_, _ = buf.Write(b)
		return
	}
	_, _ = w.Write(append([]byte(nil), b...))
}

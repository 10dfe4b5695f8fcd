// Package scalar holds the GraphQL scalar bindings the API needs beyond
// gqlgen's own.
package scalar

import (
	"bytes"
	"encoding/hex"
	"io"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"

	"codna/internal/fault"
)

// MarshalUUID writes an ID whose Go value is a uuid.UUID, so id fields bound
// to one are plain fields, not resolvers. Unlike gqlgen's
// graphql.MarshalUUID it writes the nil UUID as itself, never as null: an
// ID! must not be null.
func MarshalUUID(id uuid.UUID) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) { writeUUID(w, id) })
}

// UUIDAt is MarshalUUID(*id) without copying the id into a closure: the
// marshaler reads *id when it writes, so nothing may change it until then.
// graph/gen's shortcut for an id field hands it the address of the struct
// field, which nothing changes while the operation is marshalled.
func UUIDAt(id *uuid.UUID) graphql.Marshaler {
	return (*uuidAt)(id)
}

type uuidAt uuid.UUID

func (id *uuidAt) MarshalGQL(w io.Writer) { writeUUID(w, uuid.UUID(*id)) }

// writeUUID writes id quoted, canonical lowercase.
func writeUUID(w io.Writer, id uuid.UUID) {
	var b [38]byte // "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", canonical lowercase
	b[0], b[9], b[14], b[19], b[24], b[37] = '"', '-', '-', '-', '-', '"'
	hex.Encode(b[1:9], id[0:4])
	hex.Encode(b[10:14], id[4:6])
	hex.Encode(b[15:19], id[6:8])
	hex.Encode(b[20:24], id[8:10])
	hex.Encode(b[25:37], id[10:16])
	if buf, ok := w.(*bytes.Buffer); ok { // the executor's: b stays on the stack
		_, _ = buf.Write(b[:])
		return
	}
	_, _ = w.Write(append([]byte(nil), b[:]...))
}

// UnmarshalUUID reads an ID argument or input field into a uuid.UUID, in
// any form uuid.Parse accepts. Anything else is BAD_USER_INPUT; the
// operation's InputGuard (graph/inputs.go) refuses such values before any
// argument is decoded, naming the field, so this is the same answer should
// one ever reach it.
func UnmarshalUUID(v any) (uuid.UUID, error) {
	s, ok := v.(string)
	if !ok {
		return uuid.Nil, fault.Input("", "An id is a string.")
	}
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, fault.Input("", "%q is not a valid id.", s)
	}
	return id, nil
}

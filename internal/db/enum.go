package db

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// enumType is one of the schema's enum types with the Go type sqlc made of
// it.
type enumType struct {
	name  string
	codec func() pgtype.Codec
}

// enumTypes lists every enum of the schema (migrations/000001), each with
// its Go type and labels.
var enumTypes = []enumType{
	{"space", enumCodecOf(AllSpaceValues)},
	{"permission", enumCodecOf(AllPermissionValues)},
	{"principal_type", enumCodecOf(AllPrincipalTypeValues)},
	{"document_status", enumCodecOf(AllDocumentStatusValues)},
	{"link_state", enumCodecOf(AllLinkStateValues)},
	{"decision_status", enumCodecOf(AllDecisionStatusValues)},
	{"automation_kind", enumCodecOf(AllAutomationKindValues)},
	{"run_status", enumCodecOf(AllRunStatusValues)},
}

// enumOIDsQuery finds the enums' oids where the session's queries find the
// types (its search_path); a type not there (a database not yet migrated)
// is NULL.
var enumOIDsQuery = func() string {
	cols := make([]string, len(enumTypes))
	for i, e := range enumTypes {
		cols[i] = "to_regtype('" + e.name + "')::oid"
	}
	return "SELECT " + strings.Join(cols, ", ")
}()

// registerEnums registers the schema's enums on c, by the oids this
// database gave them, so that a column of one scans into its Go type (or a
// pointer to it) as one of the labels, with no string allocated per value:
// without it pgx knows no codec for the oid and goes through the type's
// sql.Scanner with a fresh string. It reads the oids through the
// connection's wire protocol, below pgx's tracer, so statement counts do not
// see it. A database without the enums (not migrated yet) registers none;
// its connections scan as pgx does by default.
func registerEnums(ctx context.Context, c *pgx.Conn) error {
	rows, err := c.PgConn().Exec(ctx, enumOIDsQuery).ReadAll()
	if err != nil {
		return fmt.Errorf("read enum types: %w", err)
	}
	if len(rows) != 1 || len(rows[0].Rows) != 1 || len(rows[0].Rows[0]) != len(enumTypes) {
		return fmt.Errorf("read enum types: unexpected result")
	}
	m := c.TypeMap()
	for i, raw := range rows[0].Rows[0] {
		if raw == nil {
			continue
		}
		oid, err := strconv.ParseUint(string(raw), 10, 32)
		if err != nil {
			return fmt.Errorf("read enum types: %w", err)
		}
		m.RegisterType(&pgtype.Type{Name: enumTypes[i].name, OID: uint32(oid), Codec: enumTypes[i].codec()})
	}
	return nil
}

func enumCodecOf[T ~string](labels func() []T) func() pgtype.Codec {
	return func() pgtype.Codec { return &enumCodec[T]{labels: labels()} }
}

// enumCodec is pgx's enum codec that also reads into T and *T (NULL is
// nil) by handing out the label T already holds, and writes T and *T.
// Other targets and values go to pgtype.EnumCodec.
type enumCodec[T ~string] struct {
	pgtype.EnumCodec
	labels []T
}

func (c *enumCodec[T]) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	switch target.(type) {
	case *T:
		return scanEnum[T]{c}
	case **T:
		return scanEnumPointer[T]{c}
	}
	return c.EnumCodec.PlanScan(m, oid, format, target)
}

func (c *enumCodec[T]) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	switch value.(type) {
	case T, *T:
		return encodeEnum[T]{}
	}
	return c.EnumCodec.PlanEncode(m, oid, format, value)
}

// label is src as a T: one of the labels when it is one (no allocation),
// else a copy (a label added to the type since this process started).
func (c *enumCodec[T]) label(src []byte) T {
	for _, l := range c.labels {
		if string(l) == string(src) {
			return l
		}
	}
	return T(src)
}

type scanEnum[T ~string] struct{ c *enumCodec[T] }

func (p scanEnum[T]) Scan(src []byte, dst any) error {
	if src == nil {
		return fmt.Errorf("cannot scan NULL into %T", dst)
	}
	*dst.(*T) = p.c.label(src)
	return nil
}

type scanEnumPointer[T ~string] struct{ c *enumCodec[T] }

func (p scanEnumPointer[T]) Scan(src []byte, dst any) error {
	d := dst.(**T)
	if src == nil {
		*d = nil
		return nil
	}
	l := p.c.label(src)
	*d = &l
	return nil
}

// encodeEnum writes a label: the same bytes in text and binary.
type encodeEnum[T ~string] struct{}

func (encodeEnum[T]) Encode(value any, buf []byte) ([]byte, error) {
	switch v := value.(type) {
	case T:
		return append(buf, v...), nil
	case *T:
		if v == nil {
			return nil, nil
		}
		return append(buf, *v...), nil
	}
	return nil, fmt.Errorf("enum plan given %T", value)
}

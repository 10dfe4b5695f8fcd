package db

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// RegisterTypes teaches a connection's type map the Go types the generated
// queries use beyond pgx's own: uuid.UUID, *uuid.UUID and []uuid.UUID read
// and written as Postgres uuid in binary, 16 bytes copied each way. Every
// pool that runs the queries must register them (Open does, in
// AfterConnect; so must a test's own pool, see Configure).
//
// Without it, pgx reaches uuid.UUID through its sql.Scanner and
// driver.Valuer: the value is decoded to its 36-character text, allocated
// as a string and parsed again, for every id read. pgx plans a scan by the
// column type's codec first, then a sql.Scanner, and only then the wrapper
// functions of a type map (pgtype.Map.TryWrapScanPlanFuncs), so a wrapper
// cannot catch uuid.UUID: the codec itself must know it.
func RegisterTypes(m *pgtype.Map) {
	t := &pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: UUIDCodec{}}
	m.RegisterType(t)
	m.RegisterType(&pgtype.Type{Name: "_uuid", OID: pgtype.UUIDArrayOID, Codec: uuidArrayCodec{&pgtype.ArrayCodec{ElementType: t}}})
	// For statements whose parameter types the server did not describe
	// (the simple protocol): a uuid.UUID is a uuid, not a 16-byte array.
	m.RegisterDefaultPgType(uuid.UUID{}, "uuid")
	m.RegisterDefaultPgType([]uuid.UUID{}, "_uuid")
}

// uuidArrayCodec is pgx's array codec over UUIDCodec that writes a
// []uuid.UUID in binary itself. pgx's own plan reaches a slice of a type it
// does not know through reflection (an interface value and a plan lookup
// per element): a documents page binds 100 ids that way.
type uuidArrayCodec struct{ *pgtype.ArrayCodec }

// PlanEncode plans writing a []uuid.UUID (nil is NULL) in binary; anything
// else as pgtype.ArrayCodec does.
func (c uuidArrayCodec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	if _, ok := value.([]uuid.UUID); ok && format == pgtype.BinaryFormatCode {
		return encodeUUIDArrayBinary{}
	}
	return c.ArrayCodec.PlanEncode(m, oid, format, value)
}

// encodeUUIDArrayBinary writes a []uuid.UUID as pgx's array codec does: a
// one-dimensional array (an empty one too) with no NULLs, lower bound 1,
// each element its length (16) and its bytes.
type encodeUUIDArrayBinary struct{}

func (encodeUUIDArrayBinary) Encode(value any, buf []byte) ([]byte, error) {
	ids := value.([]uuid.UUID)
	if ids == nil {
		return nil, nil
	}
	buf = slices.Grow(buf, 20+20*len(ids))
	buf = binary.BigEndian.AppendUint32(buf, 1) // dimensions
	buf = binary.BigEndian.AppendUint32(buf, 0) // no NULLs
	buf = binary.BigEndian.AppendUint32(buf, pgtype.UUIDOID)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(ids)))
	buf = binary.BigEndian.AppendUint32(buf, 1) // lower bound
	for i := range ids {
		buf = binary.BigEndian.AppendUint32(buf, 16)
		buf = append(buf, ids[i][:]...)
	}
	return buf, nil
}

// UUIDCodec is pgx's uuid codec that also plans uuid.UUID, *uuid.UUID
// (NULL is nil) and uuid.NullUUID directly, in both formats. Values of
// other types go to pgtype.UUIDCodec.
type UUIDCodec struct{ pgtype.UUIDCodec }

// PlanEncode plans writing a uuid.UUID, a *uuid.UUID (nil is NULL) or a
// uuid.NullUUID; other values as pgtype.UUIDCodec does.
func (c UUIDCodec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	switch value.(type) {
	case uuid.UUID, *uuid.UUID, uuid.NullUUID:
		switch format {
		case pgtype.BinaryFormatCode:
			return encodeUUIDBinary{}
		case pgtype.TextFormatCode:
			return encodeUUIDText{}
		}
	}
	return c.UUIDCodec.PlanEncode(m, oid, format, value)
}

// uuidOf is the uuid a value PlanEncode accepted holds; ok false is NULL.
func uuidOf(value any) (u uuid.UUID, ok bool) {
	switch v := value.(type) {
	case uuid.UUID:
		return v, true
	case *uuid.UUID:
		if v == nil {
			return u, false
		}
		return *v, true
	case uuid.NullUUID:
		return v.UUID, v.Valid
	}
	panic(fmt.Sprintf("db: uuid plan given %T", value))
}

type encodeUUIDBinary struct{}

func (encodeUUIDBinary) Encode(value any, buf []byte) ([]byte, error) {
	u, ok := uuidOf(value)
	if !ok {
		return nil, nil
	}
	return append(buf, u[:]...), nil
}

type encodeUUIDText struct{}

func (encodeUUIDText) Encode(value any, buf []byte) ([]byte, error) {
	u, ok := uuidOf(value)
	if !ok {
		return nil, nil
	}
	var s [36]byte // the canonical form, as uuid.UUID.String writes it, without allocating
	hex.Encode(s[0:8], u[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], u[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], u[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], u[8:10])
	s[23] = '-'
	hex.Encode(s[24:], u[10:])
	return append(buf, s[:]...), nil
}

// PlanScan plans reading into a *uuid.UUID (NULL is an error), a
// **uuid.UUID (NULL is nil) or a *uuid.NullUUID; other targets as
// pgtype.UUIDCodec does.
func (c UUIDCodec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	if format != pgtype.BinaryFormatCode && format != pgtype.TextFormatCode {
		return c.UUIDCodec.PlanScan(m, oid, format, target)
	}
	switch target.(type) {
	case *uuid.UUID:
		return scanUUID{format: format}
	case **uuid.UUID:
		return scanUUIDPointer{format: format}
	case *arenaUUID:
		return scanArenaUUID{format: format}
	case *uuid.NullUUID:
		return scanNullUUID{format: format}
	}
	return c.UUIDCodec.PlanScan(m, oid, format, target)
}

// parseUUID reads a non-NULL uuid in either format.
func parseUUID(format int16, src []byte) (uuid.UUID, error) {
	if format == pgtype.BinaryFormatCode {
		if len(src) != 16 {
			return uuid.UUID{}, fmt.Errorf("invalid length for uuid: %d", len(src))
		}
		return uuid.UUID(src), nil
	}
	return uuid.ParseBytes(src)
}

type scanUUID struct{ format int16 }

func (p scanUUID) Scan(src []byte, dst any) error {
	if src == nil {
		return fmt.Errorf("cannot scan NULL into *uuid.UUID")
	}
	u, err := parseUUID(p.format, src)
	if err != nil {
		return err
	}
	*dst.(*uuid.UUID) = u
	return nil
}

type scanUUIDPointer struct{ format int16 }

func (p scanUUIDPointer) Scan(src []byte, dst any) error {
	d := dst.(**uuid.UUID)
	if src == nil {
		*d = nil
		return nil
	}
	u, err := parseUUID(p.format, src)
	if err != nil {
		return err
	}
	*d = &u
	return nil
}

// scanArenaUUID is scanUUIDPointer for the Each forms' chunked uuids.
type scanArenaUUID struct{ format int16 }

func (p scanArenaUUID) Scan(src []byte, dst any) error {
	d := dst.(*arenaUUID)
	if src == nil {
		*d.dst = nil
		return nil
	}
	u, err := parseUUID(p.format, src)
	if err != nil {
		return err
	}
	d.set(u)
	return nil
}

type scanNullUUID struct{ format int16 }

func (p scanNullUUID) Scan(src []byte, dst any) error {
	d := dst.(*uuid.NullUUID)
	if src == nil {
		*d = uuid.NullUUID{}
		return nil
	}
	u, err := parseUUID(p.format, src)
	if err != nil {
		return err
	}
	*d = uuid.NullUUID{UUID: u, Valid: true}
	return nil
}

// DecodeValue decodes to a uuid.UUID (nil for NULL), so a uuid read into
// an any (rows.Values) is the type the queries use.
func (c UUIDCodec) DecodeValue(m *pgtype.Map, oid uint32, format int16, src []byte) (any, error) {
	if src == nil {
		return nil, nil
	}
	return parseUUID(format, src)
}

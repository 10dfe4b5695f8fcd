// Package fault defines the one application error type that crosses layers.
//
// A service returns a *fault.Error when the caller did something the product
// refuses (bad input, missing permission, a conflict). A database that cannot
// be reached is UNAVAILABLE (FromConn says which errors mean that). Anything
// else is an internal error: it is logged with the request id and shown to
// clients as INTERNAL without its cause.
package fault

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Code is a client-visible error code (GraphQL extensions.code).
type Code string

// The codes a client can see.
const (
	Unauthenticated Code = "UNAUTHENTICATED"
	Forbidden       Code = "FORBIDDEN"
	NotFound        Code = "NOT_FOUND"
	BadInput        Code = "BAD_USER_INPUT"
	Conflict        Code = "CONFLICT"
	RateLimited     Code = "RATE_LIMITED"
	TooComplex      Code = "QUERY_TOO_COMPLEX"
	Unavailable     Code = "UNAVAILABLE" // the database does not answer; retry later
	Internal        Code = "INTERNAL"
)

// Error is an application error with a code, a message safe to show a client,
// and, for BAD_USER_INPUT and CONFLICT, the input field at fault.
type Error struct {
	Code    Code
	Message string
	Field   string
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s: %s (%s)", e.Code, e.Message, e.Field)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// New returns an error with the code and message.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Input returns a BAD_USER_INPUT error naming the field at fault.
func Input(field, format string, args ...any) *Error {
	return &Error{Code: BadInput, Field: field, Message: fmt.Sprintf(format, args...)}
}

// Conflicting returns a CONFLICT error naming the field at fault.
func Conflicting(field, format string, args ...any) *Error {
	return &Error{Code: Conflict, Field: field, Message: fmt.Sprintf(format, args...)}
}

// As returns the *Error in err's chain, or nil.
func As(err error) *Error {
	var fe *Error
	if errors.As(err, &fe) {
		return fe
	}
	return nil
}

// CodeOf returns err's code: its *Error's code, or INTERNAL for anything else.
func CodeOf(err error) Code {
	if fe := As(err); fe != nil {
		return fe.Code
	}
	return Internal
}

// constraintFields maps unique constraint and index names to the input field
// a client should correct. Services add to it with RegisterConstraint.
var constraintFields = map[string]string{}

// RegisterConstraint says which input field a violated constraint blames.
// Call it from package init functions only.
func RegisterConstraint(constraint, field, message string) {
	constraintFields[constraint] = field + "\x00" + message
}

// FromPG turns a Postgres unique or check violation on a registered
// constraint into a CONFLICT or BAD_USER_INPUT error naming its field; other
// errors are returned unchanged.
func FromPG(err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return err
	}
	v, ok := constraintFields[pe.ConstraintName]
	if !ok {
		return err
	}
	var field, msg string
	for i := 0; i < len(v); i++ {
		if v[i] == 0 {
			field, msg = v[:i], v[i+1:]
			break
		}
	}
	switch pe.Code {
	case "23505": // unique_violation
		return &Error{Code: Conflict, Field: field, Message: msg}
	case "23514", "23502", "22P02": // check, not null, invalid text representation
		return &Error{Code: BadInput, Field: field, Message: msg}
	}
	return err
}

// FromConn returns an UNAVAILABLE error when err means the database cannot be
// reached: a connection that could not be made or was lost, or a server
// shutting down, starting up or crashed; other errors (nil included) are
// returned unchanged. This is the one place that decides what counts as the
// database being unavailable.
func FromConn(err error) error {
	if err != nil && connectionLost(err) {
		return &Error{Code: Unavailable, Message: "The service cannot reach its database right now; try again in a moment."}
	}
	return err
}

func connectionLost(err error) bool {
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) || errors.Is(err, pgconn.ErrConnClosed) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case strings.HasPrefix(pe.Code, "08"): // connection_exception
			return true
		case pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03": // admin_shutdown, crash_shutdown, cannot_connect_now
			return true
		}
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) && !ne.Timeout() {
		return true
	}
	// The server went away mid-conversation, or the pool was closed (the
	// process is shutting down; pgxpool has no exported error for it).
	return errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "closed pool")
}

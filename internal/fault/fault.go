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
	"time"

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
	// RetryAfter, for RATE_LIMITED, is how long until the same request may
	// succeed (zero: not known). Clients receive it as whole seconds.
	RetryAfter time.Duration
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

// Later returns a RATE_LIMITED error saying when to try again.
func Later(wait time.Duration, format string, args ...any) *Error {
	return &Error{Code: RateLimited, Message: fmt.Sprintf(format, args...), RetryAfter: wait}
}

// Input returns a BAD_USER_INPUT error naming the field at fault.
func Input(field, format string, args ...any) *Error {
	return &Error{Code: BadInput, Field: field, Message: fmt.Sprintf(format, args...)}
}

// Conflicting returns a CONFLICT error naming the field at fault.
func Conflicting(field, format string, args ...any) *Error {
	return &Error{Code: Conflict, Field: field, Message: fmt.Sprintf(format, args...)}
}

// As returns the *Error in err's chain, or, when err carries a Postgres
// violation of a constraint in the table below, the *Error FromPG makes of
// it; nil otherwise. Every reader of errors (the GraphQL error presenter, the
// HTTP layer, CodeOf) goes through As, so a constraint violation that left
// the database by a path that did not map it is still shown as the client's
// fault, never as INTERNAL.
func As(err error) *Error {
	var fe *Error
	if errors.As(err, &fe) {
		return fe
	}
	return fromPG(err)
}

// Refusal returns err's *Error when it refuses the request itself (any code
// but INTERNAL and UNAVAILABLE): background work acting for someone records
// it as their answer, where an internal error or an unreachable database is
// retried. Nil otherwise.
func Refusal(err error) *Error {
	if fe := As(err); fe != nil && fe.Code != Internal && fe.Code != Unavailable {
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

// constraint is what a violated constraint blames: the input field a client
// should correct and a sentence saying how.
type constraint struct{ field, message string }

// constraints maps the names of the unique indexes and check constraints a
// client's input can violate (migrations/) to the field at fault. It is the
// only such table: db.InTx maps the error it returns through FromPG, and As
// maps whatever else reaches an error reader, so no call site maps by hand.
// A constraint missing here surfaces as INTERNAL: add it when a migration
// adds a constraint that input can violate.
var constraints = map[string]constraint{
	"users_email_key":       {"email", "Someone already has that email address."},
	"groups_slug_key":       {"slug", "A group already has that slug."},
	"agents_slug_key":       {"slug", "A live agent already has that slug."},
	"agents_slug_ck":        {"slug", "A slug is 2 to 40 lowercase letters, digits and hyphens, starting and ending with a letter or digit."},
	"documents_address_key": {"slug", "A live document already has that address. Choose another path or slug."},
}

// Constraints lists the constraint names FromPG maps, for a test that checks
// each exists in the schema.
func Constraints() []string {
	out := make([]string, 0, len(constraints))
	for name := range constraints {
		out = append(out, name)
	}
	return out
}

// FromPG turns a Postgres unique violation on a constraint in the table above
// into a CONFLICT error naming its field, and a check, not-null or
// invalid-text violation into BAD_USER_INPUT; other errors, nil included, are
// returned unchanged.
func FromPG(err error) error {
	if fe := fromPG(err); fe != nil {
		return fe
	}
	return err
}

func fromPG(err error) *Error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return nil
	}
	c, ok := constraints[pe.ConstraintName]
	if !ok {
		return nil
	}
	switch pe.Code {
	case "23505": // unique_violation
		return &Error{Code: Conflict, Field: c.field, Message: c.message}
	case "23514", "23502", "22P02": // check, not null, invalid text representation
		return &Error{Code: BadInput, Field: c.field, Message: c.message}
	}
	return nil
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

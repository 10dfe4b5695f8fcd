package graph

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/google/uuid"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/internal/fault"
	"codna/internal/request"
)

// codeFor maps gqlgen's own codes onto the API's. PERSISTED_QUERY_NOT_FOUND
// passes through unchanged: APQ clients depend on it.
var codeFor = map[string]fault.Code{
	errcode.ParseFailed:             fault.BadInput,
	errcode.ValidationFailed:        fault.BadInput,
	"COMPLEXITY_LIMIT_EXCEEDED":     fault.TooComplex,
	string(fault.TooComplex):        fault.TooComplex,
	"PERSISTED_QUERY_NOT_FOUND":     "PERSISTED_QUERY_NOT_FOUND",
	"PERSISTED_QUERY_NOT_SUPPORTED": fault.BadInput,
}

// PresentError gives every error a client sees an extensions.code. A lost
// or refused database connection is UNAVAILABLE (fault.FromConn). Any other
// error that is not a *fault.Error and not gqlgen's own is internal: it is
// logged with the request id and shown without its cause.
func PresentError(log *slog.Logger) graphql.ErrorPresenterFunc {
	return func(ctx context.Context, err error) *gqlerror.Error {
		var gerr *gqlerror.Error
		if !errors.As(err, &gerr) {
			gerr = gqlerror.WrapPath(graphql.GetPath(ctx), err)
		}
		out := &gqlerror.Error{Message: gerr.Message, Path: gerr.Path, Locations: gerr.Locations, Extensions: map[string]any{}}
		if fault.As(err) == nil {
			if unavailable := fault.FromConn(err); unavailable != err {
				log.WarnContext(ctx, "database unavailable", "error", err, "path", gerr.Path.String())
				err = unavailable
			}
		}
		if fe := fault.As(err); fe != nil {
			out.Message = fe.Message
			out.Extensions["code"] = string(fe.Code)
			if fe.Field != "" {
				out.Extensions["field"] = fe.Field
			}
			if fe.RetryAfter > 0 {
				out.Extensions["retryAfter"] = int(math.Ceil(fe.RetryAfter.Seconds()))
			}
			return out
		}
		if code, ok := gerr.Extensions["code"].(string); ok {
			mapped, known := codeFor[code]
			if !known {
				mapped = fault.BadInput
			}
			if code == errcode.ParseFailed && strings.HasPrefix(gerr.Message, "exceeded token limit") {
				mapped = fault.TooComplex
				out.Message = "The query is too long: it " + gerr.Message + "."
			}
			out.Extensions["code"] = string(mapped)
			if mapped == fault.TooComplex && code == "COMPLEXITY_LIMIT_EXCEEDED" {
				out.Message = "The query is too complex: " + strings.TrimPrefix(gerr.Message, "operation has complexity ")
			}
			return out
		}
		// Errors the transport raised about the request itself (a body that
		// is not JSON, an unknown operation) carry no cause and no path.
		if gerr.Err == nil && len(gerr.Path) == 0 {
			out.Extensions["code"] = string(fault.BadInput)
			out.Message = RequestMessage(gerr.Message)
			return out
		}
		id := request.ID(ctx)
		if id == "" {
			id = uuid.NewString()
		}
		log.ErrorContext(ctx, "internal error", "error", err, "path", gerr.Path.String())
		out.Message = fmt.Sprintf("Something went wrong on our side. Quote request id %s if you report it.", id)
		out.Extensions["code"] = string(fault.Internal)
		out.Extensions["requestId"] = id
		return out
	}
}

// RequestMessage replaces transport messages that would echo the request
// body back with a sentence a person can act on.
func RequestMessage(msg string) string {
	switch {
	case strings.HasPrefix(msg, "json request body could not be decoded"):
		return "The request body is not valid JSON."
	case strings.HasPrefix(msg, "could not read request body"):
		return "The request body could not be read."
	case strings.HasPrefix(msg, "transport not supported"):
		return "Send GraphQL requests as POST with Content-Type: application/json, or as GET for queries."
	}
	return msg
}

// Recover turns a resolver panic into an internal error, logged with its value.
func Recover(log *slog.Logger) graphql.RecoverFunc {
	return func(ctx context.Context, v any) error {
		log.ErrorContext(ctx, "resolver panic", "panic", v)
		return fmt.Errorf("panic: %v", v)
	}
}

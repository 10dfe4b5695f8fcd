package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/request"
)

// mcpRealm names the credentials /mcp asks for in WWW-Authenticate.
const mcpRealm = "codna"

// writeRPCError answers an MCP request with a JSON-RPC error object (no
// id: the request was not read, or not accepted), the code's name leading
// its message as tool errors do.
func writeRPCError(w http.ResponseWriter, status int, rpcCode int, code fault.Code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": rpcCode, "message": string(code) + ": " + msg, "data": map[string]any{"code": string(code)}},
	})
}

// JSON-RPC error codes for requests refused before MCP reads them.
const (
	rpcInvalidRequest = -32600
	rpcInternal       = -32603
	rpcUnauthorized   = -32001 // server-defined range: the credential
)

// refuseMCPCredential answers 401 with the WWW-Authenticate challenge MCP
// clients read (RFC 6750): bearer tokens only; error="invalid_token" when
// one was given and is not good here.
func refuseMCPCredential(w http.ResponseWriter, presented bool, msg string) {
	challenge := fmt.Sprintf(`Bearer realm=%q`, mcpRealm)
	if presented {
		challenge += fmt.Sprintf(`, error="invalid_token", error_description=%q`, msg)
	}
	w.Header().Set("WWW-Authenticate", challenge)
	writeRPCError(w, http.StatusUnauthorized, rpcUnauthorized, fault.Unauthenticated, msg)
}

// mcpGuard enforces, before the MCP transport sees a request: the Origin
// check (as for websockets), the body limit, and a bearer token that is an
// agent's or a person's own (a personal access token). Session cookies,
// manage tokens and no token are refused with 401 and WWW-Authenticate;
// each request is authenticated afresh, so a credential revoked or an
// agent deleted mid-session is refused on the next call. The request then
// runs as that actor, within the request timeout.
func (s *Server) mcpGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		info := request.From(ctx)
		if !s.originAllowed(r) {
			writeRPCError(w, http.StatusForbidden, rpcInvalidRequest, fault.Forbidden, "This origin may not call /mcp here.")
			return
		}
		if r.ContentLength > s.cfg.BodyLimit {
			writeRPCError(w, http.StatusRequestEntityTooLarge, rpcInvalidRequest, fault.BadInput,
				fmt.Sprintf("The request body is larger than %d bytes.", s.cfg.BodyLimit))
			return
		}
		bearer := bearerToken(r)
		switch {
		case bearer == "":
			refuseMCPCredential(w, false, "Send an agent token or a personal access token as Authorization: Bearer.")
			return
		case strings.HasPrefix(bearer, auth.ManageTokenPrefix):
			refuseMCPCredential(w, true, "A manage token reads no content: use an agent token or a personal access token.")
			return
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.RequestTimeout)
		defer cancel()
		actor, err := s.app.Auth.Authenticate(ctx, auth.Credentials{Bearer: bearer})
		switch {
		case err == nil && (actor == nil || actor.Via != auth.ViaAccessToken):
			refuseMCPCredential(w, true, "Use an agent token or a personal access token.")
			return
		case err == nil:
		case fault.As(err) != nil && fault.As(err).Code == fault.Forbidden:
			// A paused agent's token: known, but refused until resumed.
			writeRPCError(w, http.StatusForbidden, rpcInvalidRequest, fault.Forbidden, fault.As(err).Message)
			return
		case fault.As(err) != nil:
			refuseMCPCredential(w, true, fault.As(err).Message)
			return
		case fault.As(fault.FromConn(err)) != nil:
			s.log.WarnContext(ctx, "authenticate: database unavailable", "error", err)
			writeRPCError(w, http.StatusServiceUnavailable, rpcInternal, fault.Unavailable, fault.As(fault.FromConn(err)).Message)
			return
		default:
			s.log.ErrorContext(ctx, "authenticate", "error", err)
			writeRPCError(w, http.StatusInternalServerError, rpcInternal, fault.Internal,
				"Something went wrong on our side. Quote request id "+info.ID+" if you report it.")
			return
		}
		if _, status, msg := s.readWhole(w, r); status != 0 {
			writeRPCError(w, status, rpcInvalidRequest, fault.BadInput, msg)
			return
		}
		next.ServeHTTP(w, r.WithContext(auth.WithActor(ctx, actor)))
	})
}

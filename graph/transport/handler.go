// Package transport serves the GraphQL API (package graph) over HTTP and
// websockets: gqlgen's server with exactly the transports CoDNA speaks
// (JSON POST, GET, multipart uploads, graphql-transport-ws and the legacy
// graphql-ws over gorilla/websocket), the limits on what one request may
// cost, and the rules of a websocket's life (its credential, its limits,
// its end). docs/design.md, "The websocket transport", explains the socket
// transport's shape.
package transport

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/graph"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/request"
)

// Limits bound what one request may cost.
type Limits struct {
	Complexity int // summed field cost, connections multiplied by page size
	Depth      int // selection nesting
	Tokens     int // parser tokens
}

// Options configure the GraphQL handler.
type Options struct {
	Limits        Limits
	Introspection bool
	// OriginPatterns are the host patterns (path.Match syntax) a websocket
	// upgrade's Origin may have besides the request's own host.
	OriginPatterns []string
	WSInitTimeout  time.Duration
	WSKeepAlive    time.Duration
	WSPayloadLimit int64
	// WSMaxSubscriptions caps the subscriptions one websocket may hold at once.
	WSMaxSubscriptions int
	// WSMaxSocketsPerUser caps the websockets one user (person, agent or
	// management) may hold open on this replica; 0 is no cap.
	WSMaxSocketsPerUser int
	// WSMaxAnonymous caps the websockets open without a credential on this
	// replica (after connection_init); 0 is no cap. Such a socket is also
	// closed (4401) once WSInitTimeout passes after its init.
	WSMaxAnonymous int
	// MaxUploadBytes, when positive, accepts multipart requests (file
	// uploads) of up to that many bytes; the server's guard applies the CSRF
	// rule to them first (docs/api.md, Files).
	MaxUploadBytes int64
	// MaxArchiveBytes bounds a multipart startImport instead (an archive);
	// 0 is MaxUploadBytes.
	MaxArchiveBytes int64
	// UploadTempDir holds uploads while their request runs ("" is
	// os.TempDir(); `codna serve` uses CODNA_DATA_DIR/tmp).
	UploadTempDir string
	// Sockets, when it ends, closes every open websocket (the server's
	// shutdown): websockets outlive the HTTP requests that opened them.
	Sockets context.Context
}

// wsReadLimit is the largest client frame read: WSPayloadLimit, 1 MiB
// when unset (gqlgen's default), none when negative.
func wsReadLimit(n int64) int64 {
	switch {
	case n == 0:
		return 1 << 20
	case n < 0:
		return -1
	}
	return n
}

// NewHandler builds the GraphQL server with exactly the transports CoDNA
// serves: JSON POST, GET for queries, websockets (graphql-transport-ws and
// legacy graphql-ws) and, with Options.MaxUploadBytes, multipart uploads.
// handler.NewDefaultServer is avoided on purpose: its urlencoded transport
// would bypass the CSRF rule (the server's guard holds multipart requests
// to it).
func NewHandler(r *graph.Resolver, o Options) *handler.Server {
	es := graph.NewSchema(r)
	srv := handler.New(es)
	srv.AddTransport(newSocketTransport(o, wsInit(r, o.WSMaxSubscriptions), r.Log))
	srv.AddTransport(transport.GET{})
	srv.AddTransport(postTransport{})
	if o.MaxUploadBytes > 0 {
		srv.AddTransport(uploadTransport{maxBytes: o.MaxUploadBytes, maxArchiveBytes: o.MaxArchiveBytes, tempDir: o.UploadTempDir})
	}

	srv.SetQueryCache(newParsedQueries())
	srv.SetParserTokenLimit(o.Limits.Tokens)
	if o.Introspection {
		srv.Use(extension.Introspection{})
	}
	srv.Use(extension.AutomaticPersistedQuery{Cache: newPersistedQueries()})
	// After APQ, which fills in the query text; before gqlgen validates it.
	srv.Use(NewQueryShape(o.Limits))
	srv.Use(DepthLimit{Max: o.Limits.Depth})
	srv.Use(graph.InputGuard{Schema: es.Schema()})
	srv.Use(NewComplexityLimit(o.Limits.Complexity))
	presentAny := graph.PresentError(r.Log)
	presentErr := func(ctx context.Context, err error) *gqlerror.Error {
		// A websocket operation the client completed, or whose socket
		// closed, fails with the cancellation: the client's doing, and the
		// transport sends it nowhere (socket.send drops it), so it is neither
		// logged nor counted as INTERNAL.
		if socketFrom(ctx) != nil && ctx.Err() != nil && errors.Is(err, context.Canceled) {
			return &gqlerror.Error{Message: "The operation was cancelled before it finished.",
				Extensions: map[string]any{"code": string(fault.BadInput)}}
		}
		return presentAny(ctx, err)
	}
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		sock := socketFrom(ctx)
		// An operation on a websocket acts only while the credential the
		// socket opened with holds: it may have ended since.
		if sock != nil {
			if err := sock.recheck(ctx, r.Services().Auth); err != nil {
				return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{presentErr(ctx, err)}})
			}
		}
		subscription := false
		if oc := graphql.GetOperationContext(ctx); oc.Operation != nil && oc.Operation.Operation == ast.Subscription {
			subscription = true
			if slots, ok := ctx.Value(subscriptionSlotsKey{}).(*subscriptionSlots); ok && !slots.take(ctx) {
				return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{{
					Message:    fmt.Sprintf("This connection already holds %d subscriptions; end one first.", slots.max),
					Extensions: map[string]any{"code": string(fault.RateLimited)},
				}}})
			}
		}
		if sock == nil && subscription {
			// gqlgen's HTTP transports would answer a subscription with its
			// first value and end it: a client would take that for a live
			// stream. Subscriptions run on the websocket alone.
			return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{{
				Message:    "Subscriptions run over a websocket at /graphql (graphql-transport-ws or graphql-ws), not a plain HTTP request.",
				Extensions: map[string]any{"code": string(fault.BadInput)},
			}}})
		}
		if sock != nil && subscription {
			g := &pushGuard{s: sock, op: opFrom(ctx)}
			return sock.guardPushes(r.Services().Auth, g, next(graph.WithOperation(graph.WithPusher(ctx, g), r, true)))
		}
		return next(graph.WithOperation(ctx, r, subscription))
	})
	srv.SetErrorPresenter(presentErr)
	srv.SetRecoverFunc(graph.Recover(r.Log))
	return srv
}

// subscriptionSlots counts one websocket's live subscriptions.
type subscriptionSlots struct {
	mu  sync.Mutex
	n   int
	max int
}

type subscriptionSlotsKey struct{}

// take reserves a slot until ctx (the subscription's) ends; false when the
// connection is full.
func (s *subscriptionSlots) take(ctx context.Context) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.max > 0 && s.n >= s.max {
		return false
	}
	s.n++
	context.AfterFunc(ctx, func() {
		s.mu.Lock()
		s.n--
		s.mu.Unlock()
	})
	return true
}

// wsInit authenticates a websocket from its connection_init payload
// ({"authorization": "Bearer …"} or {"token": "…"}); without one the
// connection keeps whoever its upgrade request's cookie named. An invalid
// token closes the socket with 4403. It also gives the connection its
// subscription slots, counts it against its user's sockets (4429 past the
// cap) and watches for the end of its credential (socket.admit).
func wsInit(r *graph.Resolver, maxSubscriptions int) socketInitFunc {
	svc := r.Services().Auth
	return func(ctx context.Context, payload map[string]any) (context.Context, error) {
		p := transport.InitPayload(payload)
		ctx = context.WithValue(ctx, subscriptionSlotsKey{}, &subscriptionSlots{max: maxSubscriptions})
		sock := socketFrom(ctx)
		token := p.Authorization()
		if token == "" {
			if s, ok := p["token"].(string); ok {
				token = s
			}
		}
		if token == "" {
			if s, ok := p["Authorization"].(string); ok {
				token = s
			}
		}
		token = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(token, "Bearer "), "bearer "))
		if token != "" {
			actor, err := svc.Authenticate(ctx, auth.Credentials{Bearer: token})
			if err != nil {
				return ctx, &socketRefusal{code: closeForbidden, reason: "Forbidden", err: errors.New("UNAUTHENTICATED: the token is not valid")}
			}
			info := *request.From(ctx)
			info.SetCookie = nil
			ctx = auth.WithActor(request.With(ctx, &info), actor)
		}
		if sock == nil {
			return ctx, nil
		}
		return sock.admit(ctx, auth.ActorFrom(ctx), svc, r.Services().Live)
	}
}

// OriginHost returns the host of an Origin header value, or "".
func OriginHost(origin string) string {
	u, err := url.Parse(origin)
	if err != nil {
		return ""
	}
	return u.Host
}

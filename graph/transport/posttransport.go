package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/graph/schedule"
)

// postTransport serves GraphQL over JSON POST as gqlgen's transport.POST
// does (the same request decoding, content negotiation between
// application/json and application/graphql-response+json, and status
// codes), but writes a response without errors as `{"data":…}` around the
// executor's bytes. gqlgen's marshals the whole response with
// encoding/json, which re-validates and compacts the data it already wrote
// compact: a tenth of the documents page's CPU (docs/design.md, "Executing
// a query"). The executor's response buffer is the transport's, taken from
// a pool and returned once the response is written (schedule.WithResponseBuffers).
type postTransport struct{}

var _ graphql.Transport = postTransport{}

const (
	mediaJSON            = "application/json"
	mediaGraphQLResponse = "application/graphql-response+json"
)

// Supports reports whether r is a JSON POST (not an upgrade).
func (postTransport) Supports(r *http.Request) bool {
	if r.Header.Get("Upgrade") != "" || r.Method != http.MethodPost {
		return false
	}
	mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mediaType == mediaJSON
}

// Do runs the operation in r's body and writes its response.
func (postTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	contentType := responseContentType(r.Header.Get("Accept"))
	w.Header().Set("Content-Type", contentType)
	start := graphql.Now()

	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeResponse(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("could not read request body: %+v", err)}))
		return
	}
	var params graphql.RawParams
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&params); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeResponse(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("json request body could not be decoded: %+v", err)}))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	execute(ctx, w, exec, &params, contentType)
}

// execute runs a decoded request and writes its response: a refused
// operation with the status errorStatus gives it.
func execute(ctx context.Context, w http.ResponseWriter, exec graphql.GraphExecutor, params *graphql.RawParams, contentType string) {
	oc, opErr := exec.CreateOperationContext(ctx, params)
	if opErr != nil {
		w.WriteHeader(errorStatus(contentType, opErr))
		writeResponse(w, exec.DispatchError(graphql.WithOperationContext(ctx, oc), opErr))
		return
	}
	ctx, release := schedule.WithResponseBuffers(ctx)
	defer release()
	responses, ctx := exec.DispatchOperation(ctx, oc)
	writeResponse(w, responses(ctx))
}

// responseContentType picks the response's media type from an Accept
// header: the first of application/json or application/graphql-response+json
// it names, application/json for none or a wildcard, and
// application/graphql-response+json when it names neither.
func responseContentType(accept string) string {
	if accept == "" {
		return mediaJSON
	}
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mediaType {
		case "*/*", "application/*", mediaJSON:
			return mediaJSON
		case mediaGraphQLResponse:
			return mediaGraphQLResponse
		}
	}
	return mediaGraphQLResponse
}

// errorStatus is the status of a response whose operation could not start:
// a protocol error (unparsable or invalid) is 422 under application/json
// and 400 under application/graphql-response+json; anything else 200.
func errorStatus(contentType string, errs gqlerror.List) int {
	if errcode.GetErrorKind(errs) != errcode.KindProtocol {
		return http.StatusOK
	}
	if contentType == mediaGraphQLResponse {
		return http.StatusBadRequest
	}
	return http.StatusUnprocessableEntity
}

// writeResponse writes resp as JSON. Data is the executor's own output,
// already compact JSON, so a response of data alone is written around it
// as it is; anything else goes through encoding/json.
func writeResponse(w io.Writer, resp *graphql.Response) {
	if resp == nil {
		_, _ = io.WriteString(w, "null")
		return
	}
	if len(resp.Errors) == 0 && resp.Data != nil && len(resp.Extensions) == 0 && resp.Label == "" && resp.Path == nil && resp.HasNext == nil {
		_, _ = io.WriteString(w, `{"data":`)
		_, _ = w.Write(resp.Data)
		_, _ = io.WriteString(w, "}")
		return
	}
	b, err := json.Marshal(resp)
	if err != nil {
		// Only Data can fail to marshal, and the executor wrote it: a
		// bug, reported as gqlgen reports it (a panic the server recovers).
		panic("graph: unable to marshal a response: " + err.Error())
	}
	_, _ = w.Write(b)
}

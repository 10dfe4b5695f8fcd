package transport

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

func TestResponsesAreWrittenAsEncodingJSONWritesThem(t *testing.T) {
	t.Parallel()
	hasNext := false
	for name, resp := range map[string]*graphql.Response{
		"data":                 {Data: []byte(`{"me":{"id":"x","t":"a \"b\""}}`)},
		"data, no extensions":  {Data: []byte(`{"a":1}`), Extensions: map[string]any{}},
		"errors and data":      {Data: []byte(`{"a":null}`), Errors: gqlerror.List{{Message: "no"}}},
		"errors only":          {Errors: gqlerror.List{{Message: "no", Extensions: map[string]any{"code": "X"}}}},
		"extensions":           {Data: []byte(`{}`), Extensions: map[string]any{"k": 1}},
		"incremental":          {Data: []byte(`{}`), HasNext: &hasNext},
		"no response at all":   nil,
		"null data and errors": {Data: []byte(`null`), Errors: gqlerror.List{{Message: "no"}}},
	} {
		want, err := json.Marshal(resp)
		require.NoError(t, err)
		var got bytes.Buffer
		writeResponse(&got, resp)
		require.JSONEq(t, string(want), got.String(), name)
	}
}

func TestResponseContentTypeFollowsAccept(t *testing.T) {
	t.Parallel()
	for accept, want := range map[string]string{
		"":                                  mediaJSON,
		"*/*":                               mediaJSON,
		"application/json":                  mediaJSON,
		"application/graphql-response+json": mediaGraphQLResponse,
		"application/graphql-response+json, application/json;q=0.9": mediaGraphQLResponse,
		"text/html, application/json":                               mediaJSON,
		"text/html":                                                 mediaGraphQLResponse,
		"garbage;;;":                                                mediaGraphQLResponse,
	} {
		require.Equal(t, want, responseContentType(accept), accept)
	}
	protocol := gqlerror.List{{Message: "bad", Extensions: map[string]any{"code": "GRAPHQL_PARSE_FAILED"}}}
	require.Equal(t, http.StatusOK, errorStatus(mediaJSON, gqlerror.List{{Message: "other"}}))
	require.Equal(t, http.StatusUnprocessableEntity, errorStatus(mediaJSON, protocol))
	require.Equal(t, http.StatusBadRequest, errorStatus(mediaGraphQLResponse, protocol))
}

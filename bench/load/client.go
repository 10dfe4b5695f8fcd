package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// gqlClient posts GraphQL requests to one serve over keep-alive connections,
// authenticated by a bearer token.
type gqlClient struct {
	endpoint string
	token    string
	http     *http.Client
}

func newGQLClient(base, token string, conns int) *gqlClient {
	tr := &http.Transport{
		MaxIdleConns:        conns + 8,
		MaxIdleConnsPerHost: conns + 8,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
	}
	return &gqlClient{
		endpoint: strings.TrimSuffix(base, "/") + "/graphql",
		token:    token,
		http:     &http.Client{Transport: tr, Timeout: 60 * time.Second},
	}
}

// gqlError is one entry of a response's errors.
type gqlError struct {
	Message    string         `json:"message"`
	Path       []any          `json:"path"`
	Extensions map[string]any `json:"extensions"`
}

func (e gqlError) code() string {
	c, _ := e.Extensions["code"].(string)
	return c
}

func (e gqlError) String() string {
	return fmt.Sprintf("%s (%s, path %v)", e.Message, e.code(), e.Path)
}

// response is a decoded GraphQL response.
type response struct {
	Data   json.RawMessage `json:"data"`
	Errors []gqlError      `json:"errors"`
}

// errRequest is a failure that is not a GraphQL error: transport, status, or
// an undecodable body.
type errRequest struct{ msg string }

func (e *errRequest) Error() string { return e.msg }

// do posts query with vars and decodes the response. A transport failure,
// a non-200 status or an undecodable body is an *errRequest; GraphQL errors
// come back in response.Errors.
func (c *gqlClient) do(ctx context.Context, query string, vars map[string]any) (*response, error) {
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.http.Do(req)
	if err != nil {
		return nil, &errRequest{err.Error()}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 64<<20))
	if err != nil {
		return nil, &errRequest{"read response: " + err.Error()}
	}
	if res.StatusCode != http.StatusOK {
		return nil, &errRequest{fmt.Sprintf("HTTP %d: %.300s", res.StatusCode, b)}
	}
	var r response
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, &errRequest{fmt.Sprintf("undecodable response: %v: %.300s", err, b)}
	}
	return &r, nil
}

// must runs a query that has to succeed (preparation, not measurement) and
// decodes its data into out.
func (c *gqlClient) must(ctx context.Context, query string, vars map[string]any, out any) error {
	r, err := c.do(ctx, query, vars)
	if err != nil {
		return err
	}
	if len(r.Errors) > 0 {
		return fmt.Errorf("GraphQL error: %s", r.Errors[0])
	}
	return json.Unmarshal(r.Data, out)
}

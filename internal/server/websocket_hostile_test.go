package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// frame is one websocket frame a hostile client sends.
type frame struct {
	binary bool
	data   string
}

func text(s string) frame { return frame{data: s} }

func msg(v map[string]any) frame {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return frame{data: string(b)}
}

// hostileCase is a sequence of frames and what the server must do: close
// with want, or (want 0) stay open and go on answering.
type hostileCase struct {
	name   string
	frames func(protocol, token string) []frame
	want   int
}

// TestWebsocketHostileInput is the websocket part of the hostile-input
// corpus: protocol abuse over both subprotocols. Each case must end in
// bounded time with the close code the protocol gives (or with the socket
// still answering), no message may carry INTERNAL, and the server answers
// afterwards.
func TestWebsocketHostileInput(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.WSPayloadLimit = 8 << 10 })
	token := pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID)

	initWith := func(token string) frame {
		return msg(map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + token}})
	}
	op := func(protocol, id string, payload any) frame {
		return msg(map[string]any{"type": startOf(protocol), "id": id, "payload": payload})
	}
	only := func(fs ...frame) func(string, string) []frame {
		return func(string, string) []frame { return fs }
	}
	big := strings.Repeat("a", 9<<10)

	cases := []hostileCase{
		{"not JSON", only(text("{")), closeBadRequest},
		{"empty frame", only(text("")), closeBadRequest},
		{"JSON array", only(text(`[{"type":"connection_init"}]`)), closeBadRequest},
		{"JSON null", only(text("null")), closeBadRequest},
		{"JSON string", only(text(`"connection_init"`)), closeBadRequest},
		{"no type", only(text(`{"id":"1"}`)), closeBadRequest},
		{"type not a string", only(text(`{"type":5}`)), closeBadRequest},
		{"unknown type", only(text(`{"type":"hello"}`)), closeBadRequest},
		{"a server message from the client", only(text(`{"type":"connection_ack"}`)), closeBadRequest},
		{"a next from the client", only(text(`{"type":"next","id":"1","payload":{}}`)), closeBadRequest},
		{"binary frame", only(frame{binary: true, data: `{"type":"connection_init"}`}), closeBadRequest},
		{"deeply nested", only(text(`{"type":"connection_init","payload":` + strings.Repeat("[", 3000) + strings.Repeat("]", 3000) + `}`)), closeBadRequest},
		{"huge message", only(text(big)), websocket.CloseMessageTooBig},
		{"huge init", only(text(`{"type":"connection_init","payload":{"x":"` + big + `"}}`)), websocket.CloseMessageTooBig},
		{"init payload a string", only(text(`{"type":"connection_init","payload":"x"}`)), closeBadRequest},
		{"init payload an array", only(text(`{"type":"connection_init","payload":[1]}`)), closeBadRequest},
		{"init with a forged token", only(initWith("codp_forged")), closeForbidden},
		{"init with a token of the wrong kind", only(initWith("coda_" + strings.TrimPrefix(token, "codp_"))), closeForbidden},
		{"init with a non-string token", only(text(`{"type":"connection_init","payload":{"authorization":5,"token":[1]}}`)), 0},
		{"init with invalid UTF-8", only(text("{\"type\":\"connection_init\",\"payload\":{\"x\":\"\xff\xfe\"}}")), 0},
		{"operation before init", func(p, _ string) []frame { return []frame{op(p, "1", map[string]any{"query": meQuery})} }, closeUnauthorized},
		{"complete before init", func(p, _ string) []frame { return []frame{msg(map[string]any{"type": stopOf(p), "id": "1"})} }, closeUnauthorized},
		{"double init", func(_, tok string) []frame { return []frame{initWith(tok), initWith(tok)} }, closeTooMany},
		{"operation without id", func(p, tok string) []frame {
			return []frame{initWith(tok), msg(map[string]any{"type": startOf(p), "payload": map[string]any{"query": meQuery}})}
		}, closeBadRequest},
		{"operation id not a string", func(p, tok string) []frame {
			return []frame{initWith(tok), msg(map[string]any{"type": startOf(p), "id": 7, "payload": map[string]any{"query": meQuery}})}
		}, closeBadRequest},
		{"operation id too long", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, strings.Repeat("i", 129), map[string]any{"query": meQuery})}
		}, closeBadRequest},
		{"operation payload a string", func(p, tok string) []frame { return []frame{initWith(tok), op(p, "1", "{ me { id } }")} }, closeBadRequest},
		{"operation without payload", func(p, tok string) []frame { return []frame{initWith(tok), op(p, "1", nil)} }, closeBadRequest},
		{"complete without id", func(p, tok string) []frame {
			return []frame{initWith(tok), msg(map[string]any{"type": stopOf(p)})}
		}, closeBadRequest},
		{"duplicate id", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": countsSub}), op(p, "1", map[string]any{"query": countsSub})}
		}, closeDuplicateID},
		{"payload without a query", func(p, tok string) []frame { return []frame{initWith(tok), op(p, "1", map[string]any{})} }, 0},
		{"query not a string", func(p, tok string) []frame { return []frame{initWith(tok), op(p, "1", map[string]any{"query": 5})} }, 0},
		{"query syntax error", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": "{ me {"})}
		}, 0},
		{"variables not an object", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": meQuery, "variables": "x"})}
		}, 0},
		{"variables of the wrong type", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": `subscription($id: ID!) { documentChanged(id: $id) { id } }`, "variables": map[string]any{"id": []int{1}}})}
		}, 0},
		{"a malformed id variable", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": `subscription($id: ID!) { documentChanged(id: $id) { id } }`, "variables": map[string]any{"id": "not-a-uuid"}})}
		}, 0},
		{"unknown operation name", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": meQuery, "operationName": "Nope"})}
		}, 0},
		{"two operations, no name", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": "query A { me { id } } query B { me { id } }"})}
		}, 0},
		{"too deep", func(p, tok string) []frame {
			q := "{ me { id } " + strings.Repeat("__schema { types { ofType { ", 6) + "name" + strings.Repeat(" } } }", 6) + " }"
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": q})}
		}, 0},
		{"login over the socket", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": `mutation { login(input: {email: "a@b.c", password: "x"}) { user { id } } }`})}
		}, 0},
		{"subscription anonymously", func(p, _ string) []frame {
			return []frame{text(`{"type":"connection_init"}`), op(p, "1", map[string]any{"query": countsSub})}
		}, 0},
		{"complete of an unknown id", func(p, tok string) []frame {
			return []frame{initWith(tok), msg(map[string]any{"type": stopOf(p), "id": "nobody"})}
		}, 0},
		{"complete twice", func(p, tok string) []frame {
			return []frame{initWith(tok), op(p, "1", map[string]any{"query": countsSub}),
				msg(map[string]any{"type": stopOf(p), "id": "1"}), msg(map[string]any{"type": stopOf(p), "id": "1"})}
		}, 0},
		{"subscribe/complete flood", func(p, tok string) []frame {
			fs := []frame{initWith(tok)}
			for i := range 300 {
				id := fmt.Sprint("f", i%3)
				fs = append(fs, op(p, id, map[string]any{"query": countsSub}), msg(map[string]any{"type": stopOf(p), "id": id}))
			}
			return fs
		}, 0},
		{"operation flood", func(p, tok string) []frame {
			fs := []frame{initWith(tok)}
			for i := range 200 {
				fs = append(fs, op(p, fmt.Sprint("q", i), map[string]any{"query": meQuery}))
			}
			return fs
		}, 0},
	}
	tws := []hostileCase{
		{"ping before init", only(text(`{"type":"ping"}`)), 0},
		{"pong before init", only(text(`{"type":"pong","payload":{"x":1}}`)), 0},
		{"ping with a payload", func(_, tok string) []frame {
			return []frame{initWith(tok), text(`{"type":"ping","payload":{"a":[1,2]}}`)}
		}, 0},
		{"a legacy start", only(text(`{"type":"start","id":"1","payload":{}}`)), closeBadRequest},
	}
	legacy := []hostileCase{
		{"a graphql-transport-ws subscribe", only(text(`{"type":"subscribe","id":"1","payload":{}}`)), closeBadRequest},
		{"ping is not legacy", only(text(`{"type":"ping"}`)), closeBadRequest},
		{"terminate before init", only(text(`{"type":"connection_terminate"}`)), websocket.CloseNormalClosure},
	}

	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		all := append([]hostileCase{}, cases...)
		if protocol == "graphql-ws" {
			all = append(all, legacy...)
		} else {
			all = append(all, tws...)
		}
		t.Run(protocol, func(t *testing.T) {
			for _, tc := range all {
				t.Run(tc.name, func(t *testing.T) {
					c, _, err := b.dial(t, protocol, nil)
					require.NoError(t, err)
					ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
					defer cancel()
					fs := tc.frames(protocol, token)
					inited := false
					for _, f := range fs {
						typ := websocket.TextMessage
						if f.binary {
							typ = websocket.BinaryMessage
						}
						inited = inited || strings.Contains(f.data, `"connection_init"`)
						if err := writeMessage(ctx, c, typ, []byte(f.data)); err != nil {
							break // the server closed first
						}
					}
					if tc.want != 0 {
						require.Equal(t, tc.want, closedWith(t, c, 5*time.Second))
						return
					}
					// Still open: it answers an operation, and sent no INTERNAL.
					if !inited {
						write(t, c, map[string]any{"type": "connection_init"})
					}
					// A flood may hold every operation slot for a moment
					// (RATE_LIMITED); the check retries until one is free.
					for try := 0; ; try++ {
						id := fmt.Sprint("check", try)
						write(t, c, map[string]any{"id": id, "type": startOf(protocol), "payload": map[string]any{"query": `{ __typename }`}})
						var m wsMsg
						for m.ID != id || m.Type == "complete" {
							_, data, err := readMessage(ctx, c)
							require.NoError(t, err, "the socket must still answer")
							require.NotContains(t, string(data), `"INTERNAL"`)
							m = wsMsg{}
							require.NoError(t, json.Unmarshal(data, &m))
						}
						if strings.Contains(string(m.Payload), "RATE_LIMITED") {
							time.Sleep(20 * time.Millisecond)
							continue
						}
						require.Contains(t, string(m.Payload), "Query")
						break
					}
				})
			}
		})
	}

	// Broken upgrades are refused with a 4xx, never a 5xx.
	for name, h := range map[string]http.Header{
		"no key":                {"Upgrade": {"websocket"}, "Connection": {"Upgrade"}, "Sec-Websocket-Version": {"13"}},
		"wrong version":         {"Upgrade": {"websocket"}, "Connection": {"Upgrade"}, "Sec-Websocket-Version": {"8"}, "Sec-Websocket-Key": {"dGhlIHNhbXBsZSBub25jZQ=="}},
		"not websocket":         {"Upgrade": {"h2c"}, "Connection": {"Upgrade"}},
		"forged session cookie": {"Upgrade": {"websocket"}, "Connection": {"Upgrade"}, "Sec-Websocket-Version": {"13"}, "Sec-Websocket-Key": {"dGhlIHNhbXBsZSBub25jZQ=="}, "Cookie": {"codna_session=forged"}},
	} {
		hr, err := http.NewRequest(http.MethodGet, b.http.URL+"/graphql", nil)
		require.NoError(t, err)
		hr.Header = h
		resp, err := http.DefaultClient.Do(hr)
		require.NoError(t, err, name)
		require.NoError(t, resp.Body.Close())
		require.GreaterOrEqual(t, resp.StatusCode, 400, name)
		require.Less(t, resp.StatusCode, 500, name)
	}
	c, _, err := b.dial(t, "no-such-protocol", nil)
	if err == nil {
		// No subprotocol agreed: the server speaks legacy graphql-ws, with its rules.
		write(t, c, map[string]any{"type": "subscribe", "id": "1", "payload": map[string]any{}})
		require.Equal(t, closeBadRequest, closedWith(t, c, 5*time.Second))
	}

	// The server still answers, over HTTP and over a fresh socket.
	resp, err := http.Get(b.http.URL + "/healthz")
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	require.Equal(t, http.StatusOK, resp.StatusCode)
	r := b.do(t, req{query: meQuery, bearer: token})
	require.Empty(t, r.Errors)
	c = b.open(t, "graphql-transport-ws", token, nil)
	require.Equal(t, "next", result(t, c, "graphql-transport-ws", "1", meQuery, nil).Type)
	require.Eventually(t, func() bool { return b.app.Live.Subscribers() <= 1 }, 5*time.Second, 10*time.Millisecond,
		"no subscription outlived its socket")
}

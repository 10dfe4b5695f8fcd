package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// Websockets without a credential are capped per replica, and closed (4401)
// once the init timeout passes after their connection_init; a signed-in
// socket is not (issue 31).
func TestAnonymousWebsocketsAreCappedAndClosed(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) {
		c.WSInitTimeout = 500 * time.Millisecond
		c.WSMaxAnonymous = 2
	})
	agent := pgtest.CreateAgent(t, b.pool)
	signedIn, _, err := b.dial(t, "graphql-transport-ws", nil)
	require.NoError(t, err)
	write(t, signedIn, map[string]any{"type": "connection_init", "payload": map[string]any{"authorization": "Bearer " + agent.Token}})
	require.Equal(t, "connection_ack", read(t, signedIn).Type)

	start := time.Now()
	for range 2 {
		c, _, err := b.dial(t, "graphql-transport-ws", nil)
		require.NoError(t, err)
		write(t, c, map[string]any{"type": "connection_init"})
		require.Equal(t, "connection_ack", read(t, c).Type)
		defer func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			for {
				var m wsMsg
				if err := readJSON(ctx, c, &m); err != nil {
					require.Equal(t, 4401, closeStatus(err), "%v", err)
					return
				}
			}
		}()
	}
	third, _, err := b.dial(t, "graphql-transport-ws", nil)
	require.NoError(t, err)
	write(t, third, map[string]any{"type": "connection_init"})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var m wsMsg
	err = readJSON(ctx, third, &m)
	require.Equal(t, 4429, closeStatus(err), "one more than the cap: %v %+v", err, m)

	// Past the timeout, the signed-in socket still serves.
	time.Sleep(time.Until(start.Add(time.Second)))
	write(t, signedIn, map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{"query": meQuery}})
	got := read(t, signedIn, "ping")
	require.Equal(t, "next", got.Type, string(got.Payload))
}

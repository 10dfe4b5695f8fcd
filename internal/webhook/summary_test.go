package webhook_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// A save's change summary reaches a reader's document.updated body; a save
// without one has none.
func TestUpdatedBodyCarriesTheChangeSummary(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	doc := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "eng", Title: "Runbook"})
	rc := newReceiver(t, nil)
	_, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL, Events: []string{"document.updated"}})
	require.NoError(t, err)
	_, _, err = e.a.Document.Update(e.ctx, document.UpdateInput{ID: doc.ID, ExpectedVersion: 1, Content: pgtest.Ptr("v2"), ChangeSummary: pgtest.Ptr("Port 8443 now")})
	require.NoError(t, err)
	_, _, err = e.a.Document.Update(e.ctx, document.UpdateInput{ID: doc.ID, ExpectedVersion: 2, Content: pgtest.Ptr("v3")})
	require.NoError(t, err)
	e.drain()
	e.sender()
	require.Eventually(t, func() bool { return len(rc.got()) == 2 }, 10*time.Second, 10*time.Millisecond)
	first, second := decode(t, rc.got()[0].body), decode(t, rc.got()[1].body)
	require.Equal(t, "document.updated", first.Type)
	require.Equal(t, 2, first.Data.Document.Version)
	require.Equal(t, "Port 8443 now", first.Data.Document.Summary)
	require.Empty(t, second.Data.Document.Summary)
}

package webhook_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/comment"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// comment.created and thread.resolved reach a subscriber who can read the
// page, with the thread's and comment's ids and no text.
func TestCommentEventsCarryIdsOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	doc := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "eng", Title: "Runbook"})
	rc := newReceiver(t, nil)
	_, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL, Events: []string{"comment.created", "thread.resolved"}})
	require.NoError(t, err)
	th, err := e.a.Comment.CreateThread(e.ctx, comment.CreateThreadInput{DocumentID: doc.ID, Body: "Secret remark"})
	require.NoError(t, err)
	_, err = e.a.Comment.Resolve(e.ctx, th.ID)
	require.NoError(t, err)
	e.drain()
	e.sender()
	require.Eventually(t, func() bool { return len(rc.got()) == 2 }, 10*time.Second, 10*time.Millisecond)
	for i, typ := range []string{"comment.created", "thread.resolved"} {
		raw := rc.got()[i].body
		require.NotContains(t, string(raw), "Secret remark")
		var m struct {
			Type string `json:"type"`
			Data struct {
				Document struct{ ID string } `json:"document"`
				Thread   struct {
					ID        string `json:"id"`
					CommentID string `json:"commentId"`
				} `json:"thread"`
			} `json:"data"`
		}
		require.NoError(t, json.Unmarshal(raw, &m))
		require.Equal(t, typ, m.Type)
		require.Equal(t, doc.ID.String(), m.Data.Document.ID)
		require.Equal(t, th.ID.String(), m.Data.Thread.ID)
		if i == 0 {
			require.Equal(t, th.Comments[0].ID.String(), m.Data.Thread.CommentID)
		}
	}
}

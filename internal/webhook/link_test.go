package webhook_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// A link whose target went to the trash is told to the readers of its
// source; the target's id only to those who can still read the target.
func TestLinkStateChangedOmitsAnUnreadableTarget(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	reader := pgtest.CreatePerson(t, e.d.Pool)
	target := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "eng", Slug: "target", Title: "Target"})
	source := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "eng", Slug: "source", Title: "Source", Content: "See [the target](target.md)."})
	pgtest.Grant(t, e.d.Pool, source.ID, "user", reader.ID, "read")
	e.drain()

	mine, theirs := newReceiver(t, nil), newReceiver(t, nil)
	for p, rc := range map[*pgtest.Person]*receiver{&e.p: mine, &reader: theirs} {
		_, _, err := e.a.Webhook.Create(pgtest.ActingAs(*p), webhook.CreateInput{URL: rc.srv.URL, Events: []string{"link.state_changed"}})
		require.NoError(t, err)
	}
	_, err := e.a.Document.Delete(e.ctx, target.ID)
	require.NoError(t, err)
	e.drain()
	e.sender()

	type linkBody struct {
		Type string `json:"type"`
		Data struct {
			Document struct {
				ID string `json:"id"`
			} `json:"document"`
			Link struct {
				From     string  `json:"from"`
				To       string  `json:"to"`
				TargetID *string `json:"targetId"`
			} `json:"link"`
		} `json:"data"`
	}
	for rc, wantTarget := range map[*receiver]bool{mine: true, theirs: false} {
		require.Eventually(t, func() bool { return len(rc.got()) == 1 }, 10*time.Second, 10*time.Millisecond)
		var b linkBody
		require.NoError(t, json.Unmarshal(rc.got()[0].body, &b))
		require.Equal(t, "link.state_changed", b.Type)
		require.Equal(t, source.ID.String(), b.Data.Document.ID)
		require.Equal(t, "resolved", b.Data.Link.From)
		require.NotEmpty(t, b.Data.Link.To)
		if wantTarget {
			require.NotNil(t, b.Data.Link.TargetID, "the owner reads the tombstone")
			require.Equal(t, target.ID.String(), *b.Data.Link.TargetID)
		} else {
			require.Nil(t, b.Data.Link.TargetID, "the reader cannot read the target")
		}
	}
}

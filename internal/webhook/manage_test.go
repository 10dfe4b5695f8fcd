package webhook_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// keys returns the sorted keys of a JSON object.
func keys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &m))
	return slices.Sorted(maps.Keys(m))
}

// object returns a JSON object's member.
func member(t *testing.T, raw json.RawMessage, name string) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &m))
	require.Contains(t, m, name)
	return m[name]
}

// Management's instance-wide webhook gets the events of pages management
// cannot read, with metadata only: exactly the keys type, id, timestamp,
// data.document.{id, space, version} (access events: data.access's
// permission and a principal's type and id) — never a title, address,
// path, slug or text — ordered while the receiver fails and recovers, and
// signed as people's are.
func TestManagementWebhookGetsMetadataOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	mctx := pgtest.ActingAsManagement()
	rc := newReceiver(t, func(n int, w http.ResponseWriter, _ *http.Request) {
		if n < 2 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	w, secret, err := e.a.Webhook.ManagementCreate(mctx, webhook.CreateInput{URL: rc.srv.URL, Events: []string{"document.created", "access.granted", "document.trashed"}, Space: pgtest.Ptr(document.SpaceWiki)})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(secret, "whsec_"))

	var docs []uuid.UUID
	for i := range 3 {
		docs = append(docs, pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "secret/plans", Title: fmt.Sprintf("Private title %d", i), Content: "private text"}).ID)
	}
	pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Space: document.SpaceRaw, Title: "Raw, outside the filter"})
	reader := pgtest.CreatePerson(t, e.d.Pool)
	_, err = e.a.Access.Share(e.ctx, access.ShareInput{DocumentIDs: []uuid.UUID{docs[0]}, Recipients: []string{reader.Email}})
	require.NoError(t, err)
	_, err = e.a.Document.Delete(e.ctx, docs[1])
	require.NoError(t, err)
	e.drain()
	e.sender()

	// Two failures, then the three creations, the grant and the trash.
	require.Eventually(t, func() bool { return len(rc.got()) == 7 }, 20*time.Second, 10*time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	hits := rc.got()
	require.Len(t, hits, 7)
	require.Equal(t, hits[0].id, hits[2].id, "the first delivery retried until it succeeded, the rest waiting")
	var types []string
	var created []uuid.UUID
	for _, h := range hits[2:] {
		verify(t, secret, h)
		for _, banned := range []string{"Private title", "private text", "secret", "plans", reader.Email, reader.Name} {
			require.NotContains(t, string(h.body), banned)
		}
		raw := json.RawMessage(h.body)
		require.Equal(t, []string{"data", "id", "timestamp", "type"}, keys(t, raw))
		var top struct{ Type string }
		require.NoError(t, json.Unmarshal(raw, &top))
		types = append(types, top.Type)
		data := member(t, raw, "data")
		doc := member(t, data, "document")
		require.Equal(t, []string{"id", "space", "version"}, keys(t, doc))
		var d struct {
			ID      uuid.UUID
			Space   string
			Version int
		}
		require.NoError(t, json.Unmarshal(doc, &d))
		require.Equal(t, "wiki", d.Space)
		switch top.Type {
		case "document.created":
			require.Equal(t, []string{"document"}, keys(t, data))
			require.Equal(t, 1, d.Version)
			created = append(created, d.ID)
		case "access.granted":
			require.Equal(t, []string{"access", "document"}, keys(t, data))
			acc := member(t, data, "access")
			require.Equal(t, []string{"permission", "principal"}, keys(t, acc))
			require.Equal(t, []string{"id", "type"}, keys(t, member(t, acc, "principal")))
			require.Equal(t, docs[0], d.ID)
		case "document.trashed":
			require.Equal(t, []string{"document"}, keys(t, data))
			require.Equal(t, docs[1], d.ID)
		}
	}
	require.Equal(t, []string{"document.created", "document.created", "document.created", "access.granted", "document.trashed"}, types, "event order")
	require.Equal(t, docs, created)

	ds, err := e.a.Webhook.ManagementDeliveries(mctx, w.ID, 100, 0)
	require.NoError(t, err)
	require.Len(t, ds, 5)
	require.Equal(t, 3, ds[len(ds)-1].Attempts)
	for _, d := range ds {
		require.Equal(t, webhook.DeliveryDelivered, d.Status)
	}
}

// People neither see nor change management's webhooks (NOT_FOUND through
// their own methods, FORBIDDEN through management's), management cannot
// use people's methods nor reach a person's webhook, management's path
// filter is refused, and management's cap is its own.
func TestManagementWebhooksAreManagements(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	s := e.a.Webhook
	mctx := pgtest.ActingAsManagement()
	rc := newReceiver(t, nil)

	m, _, err := s.ManagementCreate(mctx, webhook.CreateInput{URL: rc.srv.URL + "/m"})
	require.NoError(t, err)
	mine, _, err := s.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL + "/p"})
	require.NoError(t, err)

	// People, through their own methods: management's is nowhere.
	list, err := s.List(e.ctx)
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, mine.ID, list[0].ID)
	_, err = s.Get(e.ctx, m.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.Pause(e.ctx, m.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.Resume(e.ctx, m.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, _, err = s.RotateSecret(e.ctx, m.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.Deliveries(e.ctx, m.ID, 10, 0)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.Ping(e.ctx, m.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	pgtest.RequireCode(t, s.Delete(e.ctx, m.ID), fault.NotFound, "")

	// People and agents, through management's: FORBIDDEN.
	agent := pgtest.ActingAsAgent(pgtest.CreateAgent(t, e.d.Pool))
	for _, c := range []struct {
		name string
		err  func() error
	}{
		{"create", func() error { _, _, err := s.ManagementCreate(e.ctx, webhook.CreateInput{URL: rc.srv.URL}); return err }},
		{"list", func() error { _, err := s.ManagementList(e.ctx); return err }},
		{"pause", func() error { _, err := s.ManagementPause(e.ctx, m.ID); return err }},
		{"resume", func() error { _, err := s.ManagementResume(e.ctx, m.ID); return err }},
		{"rotate", func() error { _, _, err := s.ManagementRotateSecret(e.ctx, m.ID); return err }},
		{"deliveries", func() error { _, err := s.ManagementDeliveries(e.ctx, m.ID, 10, 0); return err }},
		{"redeliver", func() error { _, err := s.ManagementRedeliver(e.ctx, m.ID); return err }},
		{"ping", func() error { _, err := s.ManagementPing(e.ctx, m.ID); return err }},
		{"delete", func() error { return s.ManagementDelete(e.ctx, m.ID) }},
		{"agent list", func() error { _, err := s.ManagementList(agent); return err }},
	} {
		pgtest.RequireCode(t, c.err(), fault.Forbidden, "")
	}

	// Management: not through people's methods, and never a person's.
	_, _, err = s.Create(mctx, webhook.CreateInput{URL: rc.srv.URL})
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = s.ManagementGet(mctx, mine.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.ManagementPause(mctx, mine.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.ManagementDeliveries(mctx, mine.ID, 10, 0)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	pgtest.RequireCode(t, s.ManagementDelete(mctx, mine.ID), fault.NotFound, "")
	all, err := s.ManagementList(mctx)
	require.NoError(t, err)
	require.Len(t, all, 1)
	require.Equal(t, m.ID, all[0].ID)

	// No path: a path is content.
	_, _, err = s.ManagementCreate(mctx, webhook.CreateInput{URL: rc.srv.URL, PathPrefix: "eng"})
	pgtest.RequireCode(t, err, fault.BadInput, "pathPrefix")

	// Pause and resume, ping, rotate, delete.
	p, err := s.ManagementPause(mctx, m.ID)
	require.NoError(t, err)
	require.Equal(t, webhook.StatusPaused, p.Status)
	p, err = s.ManagementResume(mctx, m.ID)
	require.NoError(t, err)
	require.Equal(t, webhook.StatusActive, p.Status)
	_, err = s.ManagementPing(mctx, m.ID)
	require.NoError(t, err)
	r, secret, err := s.ManagementRotateSecret(mctx, m.ID)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(secret, "whsec_"))
	require.NotNil(t, r.PreviousSecretUntil)

	// Its own cap of 50, apart from people's 10.
	for i := 1; i < webhook.MaxManagement; i++ {
		_, _, err := s.ManagementCreate(mctx, webhook.CreateInput{URL: fmt.Sprintf("%s/%d", rc.srv.URL, i)})
		require.NoError(t, err)
	}
	_, _, err = s.ManagementCreate(mctx, webhook.CreateInput{URL: rc.srv.URL + "/over"})
	pgtest.RequireCode(t, err, fault.BadInput, "url")
	_, _, err = s.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL + "/second"})
	require.NoError(t, err, "management's do not count against a person's cap")

	require.NoError(t, s.ManagementDelete(mctx, m.ID))
	_, err = s.ManagementGet(mctx, m.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
}

package webhook_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// A person subscribes their own endpoints (secret shown once, checked URL
// and event names, at most ten); nobody else sees, changes or deletes them.
func TestSubscriptionsArePeoplesOwn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	s := e.a.Webhook
	rc := newReceiver(t, nil)

	w, secret, err := s.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL + "/hook", Events: []string{"document.updated", "document.created"}, Space: pgtest.Ptr(document.SpaceWiki), PathPrefix: "/eng/"})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(secret, "whsec_"))
	_, err = webhook.ParseSecret(secret)
	require.NoError(t, err)
	require.Equal(t, []string{"document.created", "document.updated"}, w.Events)
	require.Equal(t, "eng", w.PathPrefix)
	require.Equal(t, webhook.StatusActive, w.Status)

	_, _, err = s.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL, Events: []string{"document.exploded"}})
	pgtest.RequireCode(t, err, fault.BadInput, "events")
	_, _, err = s.Create(e.ctx, webhook.CreateInput{URL: "http://10.0.0.1/hook"})
	pgtest.RequireCode(t, err, fault.BadInput, "url")
	_, _, err = s.Create(e.ctx, webhook.CreateInput{URL: "ftp://example.com/hook"})
	pgtest.RequireCode(t, err, fault.BadInput, "url")
	_, _, err = s.Create(pgtest.ActingAsAgent(pgtest.CreateAgent(t, e.d.Pool)), webhook.CreateInput{URL: rc.srv.URL})
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, _, err = s.Create(pgtest.ActingAsManagement(), webhook.CreateInput{URL: rc.srv.URL})
	pgtest.RequireCode(t, err, fault.Forbidden, "")

	for i := 1; i < webhook.MaxPerPerson; i++ {
		_, _, err := s.Create(e.ctx, webhook.CreateInput{URL: fmt.Sprintf("%s/%d", rc.srv.URL, i)})
		require.NoError(t, err)
	}
	_, _, err = s.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL + "/eleventh"})
	pgtest.RequireCode(t, err, fault.BadInput, "url")
	mine, err := s.List(e.ctx)
	require.NoError(t, err)
	require.Len(t, mine, webhook.MaxPerPerson)

	other := pgtest.ActingAs(pgtest.CreatePerson(t, e.d.Pool))
	theirs, err := s.List(other)
	require.NoError(t, err)
	require.Empty(t, theirs)
	_, err = s.Get(other, w.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	pgtest.RequireCode(t, s.Delete(other, w.ID), fault.NotFound, "")
	_, err = s.Pause(other, w.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, _, err = s.RotateSecret(other, w.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.Deliveries(other, w.ID, 10, 0)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.Ping(other, w.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = s.Redeliver(other, uuid.New())
	pgtest.RequireCode(t, err, fault.NotFound, "")

	p, err := s.Pause(e.ctx, w.ID)
	require.NoError(t, err)
	require.Equal(t, webhook.StatusPaused, p.Status)
	r, err := s.Resume(e.ctx, w.ID)
	require.NoError(t, err)
	require.Equal(t, webhook.StatusActive, r.Status)
	rot, secret2, err := s.RotateSecret(e.ctx, w.ID)
	require.NoError(t, err)
	require.NotEqual(t, secret, secret2)
	require.NotNil(t, rot.PreviousSecretUntil)
	require.NoError(t, s.Delete(e.ctx, w.ID))
	_, err = s.Get(e.ctx, w.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
}

// Deactivating a person pauses their webhooks; reactivating resumes none.
func TestDeactivationPausesWebhooks(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rc := newReceiver(t, nil)
	w, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: rc.srv.URL})
	require.NoError(t, err)
	_, err = e.a.Manage.SetPersonActive(pgtest.ActingAsManagement(), e.p.ID, false)
	require.NoError(t, err)
	_, err = e.a.Manage.SetPersonActive(pgtest.ActingAsManagement(), e.p.ID, true)
	require.NoError(t, err)
	g, err := e.a.Webhook.Get(e.ctx, w.ID)
	require.NoError(t, err)
	require.Equal(t, webhook.StatusPaused, g.Status)
	require.Contains(t, g.StatusReason, "deactivated")
}

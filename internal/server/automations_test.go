package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

const automationFields = `id name kind enabled disabledReason ownerActive triggerEvents scope { space pathPrefix tags } schedule timezone nextRunAt script owner { id }
	lastRun { status proposals { kind documentId recipient permission applied reason } logs error durationMs memoryPeak reads limitHit eventType }`

// The automation API over GraphQL: an owner creates, dry-runs, watches the
// runs of, changes, disables and deletes an automation; management sees
// metadata only and can disable it; bad definitions name their field.
func TestAutomationsOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, colleague := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	mgmt := pgtest.CreateManageToken(t, b.pool)
	script := `if (event.document.tags.includes('runbook')) codna.share(event.documentId, '` + colleague.Email + `', 'read'); console.log('saw', event.document.title)`

	created := b.gql(t, tok, `mutation($i: CreateAutomationInput!) { createAutomation(input: $i) { automation { `+automationFields+` } } }`, map[string]any{"i": map[string]any{
		"name": "Share runbooks", "kind": "EVENT", "script": script, "triggerEvents": []string{"document.created", "document.updated"},
		"scope": map[string]any{"space": "WIKI", "tags": []string{"runbook"}},
	}})
	a := obj(created, "createAutomation", "automation").(map[string]any)
	id := a["id"].(string)
	require.Equal(t, "EVENT", a["kind"])
	require.Equal(t, true, a["enabled"])
	require.Equal(t, script, a["script"])
	require.Equal(t, []any{"runbook"}, obj(a, "scope", "tags"))
	require.Nil(t, a["lastRun"])

	doc := b.create(t, tok, "ops", "restart", "Restart it.")
	b.drain(t) // created without the tag: outside the scope
	dry := b.gql(t, tok, `mutation($i: DryRunAutomationInput!) { dryRunAutomation(input: $i) { proposals { kind applied } logs limitHit error durationMs } }`, map[string]any{"i": map[string]any{
		"script": `codna.tag(event.documentId, 'x'); console.log(event.document.title)`, "event": map[string]any{"type": "document.updated", "documentId": doc},
	}})
	require.Equal(t, "Restart\n", obj(dry, "dryRunAutomation", "logs"))
	require.Equal(t, "TAG", obj(obj(dry, "dryRunAutomation", "proposals").([]any)[0], "kind"))
	require.Nil(t, obj(obj(dry, "dryRunAutomation", "proposals").([]any)[0], "applied"))
	timeout := b.gql(t, tok, `mutation { dryRunAutomation(input: {script: "for(;;){}"}) { limitHit } }`, nil)
	require.Equal(t, "EXECUTION_TIME", obj(timeout, "dryRunAutomation", "limitHit"))

	b.gql(t, tok, `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`, map[string]any{"i": map[string]any{"id": doc, "expectedVersion": 1, "tags": []string{"runbook"}}})
	b.drain(t)
	require.NoError(t, b.app.AutomationRunner.Drain(context.Background()))
	list := b.gql(t, tok, `{ automations { `+automationFields+` } }`, nil)
	got := list["automations"].([]any)
	require.Len(t, got, 1)
	last := obj(got[0], "lastRun").(map[string]any)
	require.Equal(t, "OK", last["status"], last["error"])
	require.Equal(t, "saw Restart\n", last["logs"])
	require.Equal(t, "document.updated", last["eventType"])
	p := last["proposals"].([]any)[0].(map[string]any)
	require.Equal(t, "SHARE", p["kind"])
	require.Equal(t, colleague.Email, p["recipient"])
	require.Equal(t, "READ", p["permission"])
	require.Equal(t, true, p["applied"])
	runs := b.gql(t, tok, `query($id: ID!) { automation(id: $id) { runs(first: 5) { edges { cursor node { status } } pageInfo { hasNextPage } } } }`, map[string]any{"id": id})
	require.Len(t, obj(runs, "automation", "runs", "edges").([]any), 1)

	// Management: metadata, never the script or what runs did; may disable.
	m := b.gql(t, mgmt, `{ managedAutomations(first: 10) { edges { node { `+automationFields+` } } } }`, nil)
	node := obj(obj(m, "managedAutomations", "edges").([]any)[0], "node").(map[string]any)
	require.Equal(t, "Share runbooks", node["name"])
	require.Nil(t, node["script"])
	require.Empty(t, obj(node, "lastRun", "proposals"))
	require.Nil(t, obj(node, "lastRun", "logs"))
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: `mutation($id: ID!) { enableAutomation(id: $id) { automation { id } } }`, bearer: mgmt, variables: map[string]any{"id": id}}).code())
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: `{ automations { id } }`, bearer: mgmt}).code())
	off := b.gql(t, mgmt, `mutation($id: ID!) { disableAutomation(id: $id) { automation { enabled disabledReason script } } }`, map[string]any{"id": id})
	require.Equal(t, false, obj(off, "disableAutomation", "automation", "enabled"))
	require.Nil(t, obj(off, "disableAutomation", "automation", "script"))

	// Someone else sees nothing of it.
	otherTok := pgtest.CreatePersonToken(t, b.pool, colleague.ID)
	require.Nil(t, b.gql(t, otherTok, `query($id: ID!) { automation(id: $id) { id } }`, map[string]any{"id": id})["automation"])
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: `mutation($id: ID!) { deleteAutomation(id: $id) { id } }`, bearer: otherTok, variables: map[string]any{"id": id}}).code())

	// The owner changes it, enables it, deletes it.
	up := b.gql(t, tok, `mutation($i: UpdateAutomationInput!) { updateAutomation(input: $i) { automation { name script enabled } } }`, map[string]any{"i": map[string]any{"id": id, "name": "Renamed"}})
	require.Equal(t, "Renamed", obj(up, "updateAutomation", "automation", "name"))
	require.Equal(t, script, obj(up, "updateAutomation", "automation", "script"))
	on := b.gql(t, tok, `mutation($id: ID!) { enableAutomation(id: $id) { automation { enabled disabledReason } } }`, map[string]any{"id": id})
	require.Equal(t, true, obj(on, "enableAutomation", "automation", "enabled"))
	b.gql(t, tok, `mutation($id: ID!) { deleteAutomation(id: $id) { id } }`, map[string]any{"id": id})
	require.Empty(t, b.gql(t, tok, `{ automations { id } }`, nil)["automations"])
}

func TestBadAutomationInputNamesItsField(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	agentTok := agent.Token
	const create = `mutation($i: CreateAutomationInput!) { createAutomation(input: $i) { automation { id } } }`
	sched := func(cron, tz string) map[string]any {
		return map[string]any{"i": map[string]any{"name": "n", "kind": "SCHEDULE", "script": "1", "schedule": cron, "timezone": tz}}
	}
	ev := func(events []string, scope map[string]any) map[string]any {
		return map[string]any{"i": map[string]any{"name": "n", "kind": "EVENT", "script": "1", "triggerEvents": events, "scope": scope}}
	}
	cases := []struct {
		vars  map[string]any
		field string
	}{
		{sched("61 * * * *", "UTC"), "schedule"},
		{sched("0 9 * * 1", "Nowhere/Atlantis"), "timezone"},
		{ev([]string{"document.vanished"}, nil), "triggerEvents"},
		{ev([]string{"document.created"}, map[string]any{"pathPrefix": "a/../../b"}), "scope.pathPrefix"},
		{ev([]string{"document.created"}, map[string]any{"tags": []string{"#bad tag"}}), "scope.tags"},
	}
	for _, c := range cases {
		r := b.do(t, req{query: create, bearer: tok, variables: c.vars})
		require.Equal(t, "BAD_USER_INPUT", r.code(), "%v", c.vars)
		require.Equal(t, c.field, r.Errors[0].Extensions["field"], "%v", c.vars)
	}
	// A scope of the wrong shape is refused before the resolver runs.
	r := b.do(t, req{query: create, bearer: tok, variables: ev([]string{"document.created"}, map[string]any{"space": "ATTIC"})})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	r = b.do(t, req{query: create, bearer: tok, variables: ev([]string{"document.created"}, map[string]any{"folder": "x"})})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	r = b.do(t, req{query: `mutation { dryRunAutomation(input: {script: "1", event: {type: "document.updated", extra: 1}}) { logs } }`, bearer: tok})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.Equal(t, "event", r.Errors[0].Extensions["field"])
	r = b.do(t, req{query: `mutation { dryRunAutomation(input: {script: "1", event: "document.updated"}) { logs } }`, bearer: tok})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	r = b.do(t, req{query: `mutation($e: JSON) { dryRunAutomation(input: {script: "1", event: $e}) { logs } }`, bearer: tok, variables: map[string]any{"e": []any{1}}})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.Equal(t, "event", r.Errors[0].Extensions["field"])
	r = b.do(t, req{query: `mutation { dryRunAutomation(input: {script: "1", event: {type: "document.updated", documentId: "nope"}}) { logs } }`, bearer: tok})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	r = b.do(t, req{query: create, bearer: agentTok, variables: sched("0 9 * * 1", "UTC")})
	require.Equal(t, "FORBIDDEN", r.code())
	require.True(t, strings.Contains(r.Errors[0].Message, "people"))
}

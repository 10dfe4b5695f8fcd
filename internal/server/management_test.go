package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// TestManagementNeverReceivesContent runs every management query and
// mutation and checks that no response carries a word of any document:
// documents are seeded with unique markers in title, path, slug, body and
// tags, and every response body is searched for them.
func TestManagementNeverReceivesContent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, b.pool)
	heir := pgtest.CreatePerson(t, b.pool)
	dana := pgtest.CreatePerson(t, b.pool)
	ownerTok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	mt := pgtest.CreateManageToken(t, b.pool)
	markers := []string{"zqxtitlemarker", "zqxpathmarker", "zqxslugmarker", "zqxbodymarker", "zqxtagmarker"}
	d := b.gql(t, ownerTok, `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
		"space": "WIKI", "path": markers[1], "slug": markers[2], "title": markers[0], "content": markers[3], "tags": []string{markers[4]},
	}})
	doc := obj(d, "createDocument", "document", "id").(string)
	b.gql(t, ownerTok, `mutation($i: ShareInput!) { share(input: $i) { batchId } }`, map[string]any{"i": map[string]any{
		"documentIds": []string{doc}, "recipients": []string{dana.Email}, "permission": "READ"}})
	b.drain(t)

	var responses []string
	m := func(q string, vars map[string]any) map[string]any {
		t.Helper()
		r := b.do(t, req{query: q, variables: vars, bearer: mt})
		raw, _ := json.Marshal(r)
		responses = append(responses, string(raw))
		require.Empty(t, r.Errors, "%s", q)
		return r.Data
	}

	g := m(`mutation { createGroup(input: {slug: "ops", name: "Ops"}) { group { id slug members } } }`, nil)
	gid := obj(g, "createGroup", "group", "id").(string)
	m(`mutation($i: UpdateGroupInput!) { updateGroup(input: $i) { group { name } } }`, map[string]any{"i": map[string]any{"id": gid, "name": "Operations"}})
	m(`mutation($i: GroupMemberInput!) { addGroupMember(input: $i) { group { members } } }`, map[string]any{"i": map[string]any{"groupId": gid, "userId": dana.ID.String()}})
	m(`query($g: ID!) { manageGroups { slug members } manageGroupMembers(groupId: $g) { email } }`, map[string]any{"g": gid})
	m(`mutation($i: GroupMemberInput!) { removeGroupMember(input: $i) { group { members } } }`, map[string]any{"i": map[string]any{"groupId": gid, "userId": dana.ID.String()}})
	ag := m(`mutation($i: CreateAgentInput!) { createAgent(input: $i) { token agent { id slug responsible { id } } } }`, map[string]any{"i": map[string]any{
		"slug": "helper", "name": "Helper", "responsible": []string{owner.ID.String()}}})
	agentID := obj(ag, "createAgent", "agent", "id").(string)
	agentToken := obj(ag, "createAgent", "token").(string)
	me := b.gql(t, agentToken, `{ me { id kind } }`, nil)
	require.Equal(t, "AGENT", obj(me, "me", "kind"), "the agent's token works")
	m(`mutation($i: SetAgentResponsibleInput!) { setAgentResponsible(input: $i) { agent { responsible { id } } } }`, map[string]any{"i": map[string]any{"agentId": agentID, "add": []string{heir.ID.String()}}})
	m(`mutation($i: IssueAgentTokenInput!) { issueAgentToken(input: $i) { token } }`, map[string]any{"i": map[string]any{"agentId": agentID, "name": "second"}})
	m(`{ manageAgents { slug } manageServiceTokens { prefix } managedUsers { edges { node { email } } } }`, nil)
	inv := m(`mutation { invitePerson(input: {email: "new@example.com", name: "New"}) { invitationToken user { id } } }`, nil)
	m(`mutation($i: ResetPasswordInput!) { resetPassword(input: $i) { user { id } } }`, map[string]any{"i": map[string]any{"id": heir.ID.String(), "password": "a new long password"}})
	st := m(`mutation { createServiceToken(input: {name: "ci", validFor: "24h"}) { token serviceToken { id prefix } } }`, nil)
	m(`mutation($i: ServiceTokenInput!) { revokeServiceToken(input: $i) { serviceToken { revokedAt } } }`, map[string]any{"i": map[string]any{"id": obj(st, "createServiceToken", "serviceToken", "id")}})
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: `{ me { id } }`, bearer: obj(st, "createServiceToken", "token").(string)}).code(), "a revoked manage token")

	meta := m(`query($id: ID!) { manageDocument(id: $id) { id space status versions owner { email } grants { recipient permission reason } } }`, map[string]any{"id": doc})
	require.Equal(t, owner.Email, obj(meta, "manageDocument", "owner", "email"))
	require.Len(t, obj(meta, "manageDocument", "grants").([]any), 1)
	m(`mutation($i: QuarantineInput!) { quarantineDocument(input: $i) { document { quarantinedAt grants { recipient } } } }`, map[string]any{"i": map[string]any{"documentId": doc, "reason": "Reported: a password."}})
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: `query($id: ID!) { document(id: $id) { id } }`, bearer: pgtest.CreatePersonToken(t, b.pool, dana.ID), variables: map[string]any{"id": doc}}).code(),
		"a quarantined document is its owner's alone")
	rel := m(`mutation($i: ReleaseInput!) { releaseDocument(input: $i) { notRestored { recipient } document { grants { recipient } } } }`, map[string]any{"i": map[string]any{"documentId": doc, "restoreSharing": true}})
	require.Len(t, obj(rel, "releaseDocument", "document", "grants").([]any), 1)
	m(`mutation($i: TakeAwayShareInput!) { takeAwayShare(input: $i) { document { grants { recipient } } } }`, map[string]any{"i": map[string]any{
		"documentId": doc, "principalType": "USER", "principalId": dana.ID.String()}})
	tr := m(`mutation($i: TransferInput!) { transferOwnership(input: $i) { transferId documents } }`, map[string]any{"i": map[string]any{"fromUserId": owner.ID.String(), "toUserId": heir.ID.String()}})
	require.EqualValues(t, 1, obj(tr, "transferOwnership", "documents"))
	m(`mutation($i: GroupInput!) { deleteGroup(input: $i) { group { slug } } }`, map[string]any{"i": map[string]any{"id": gid}})
	m(`mutation($i: AgentInput!) { deleteAgent(input: $i) { agent { deletedAt } } }`, map[string]any{"i": map[string]any{"id": agentID}})
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: `{ me { id } }`, bearer: agentToken}).code(), "a deleted agent's token dies")
	audit := m(`{ manageAudit(first: 100) { edges { node { action via targetDocumentId details } } } }`, nil)
	require.NotEmpty(t, obj(audit, "manageAudit", "edges"))
	day := time.Now().UTC().Format("2006-01-02")
	m(`query($d: String!) { manageUsage(from: $d, to: $d) { day activity count user { email } } }`, map[string]any{"d": day})
	m(`mutation($i: CreatePersonInput!) { createPerson(input: $i) { user { id } } }`, map[string]any{"i": map[string]any{"email": "p2@example.com", "name": "P2", "password": "long enough password"}})

	for _, body := range responses {
		for _, marker := range markers {
			require.NotContains(t, body, marker, "management must never receive content")
		}
	}

	// Management gets NOT_FOUND on every ordinary document query.
	for _, q := range []string{
		`query($id: ID!) { document(id: $id) { id } }`,
		`query($id: ID!) { linkGraph(rootId: $id) { nodes { depth } } }`,
	} {
		require.Equal(t, "NOT_FOUND", b.do(t, req{query: q, bearer: mt, variables: map[string]any{"id": doc}}).code())
	}
	r := b.do(t, req{query: `{ documents { edges { node { id } } } folders(space: WIKI) { path } }`, bearer: mt})
	require.Empty(t, obj(r.Data, "documents", "edges"))
	require.Empty(t, r.Data["folders"])

	// Persons cannot manage; accepting an invitation signs the invited person in.
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: `{ manageGroups { slug } }`, bearer: ownerTok}).code())
	// The invitation screen reads who is invited, then accepts with a name of their own.
	invToken := obj(inv, "invitePerson", "invitationToken")
	preview := b.do(t, req{query: `query($t: String!) { invitation(token: $t) { email name expiresAt } }`, variables: map[string]any{"t": invToken}})
	require.Empty(t, preview.Errors)
	require.Equal(t, "new@example.com", obj(preview.Data, "invitation", "email"))
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: `query($t: String!) { invitation(token: $t) { email } }`, variables: map[string]any{"t": "not-a-token"}}).code())
	acc := b.do(t, req{query: `mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) { user { email name } } }`,
		variables: map[string]any{"i": map[string]any{"token": invToken, "password": "my own long password", "name": "  Nova Newcomer "}}})
	require.Empty(t, acc.Errors)
	require.Equal(t, "new@example.com", obj(acc.Data, "acceptInvitation", "user", "email"))
	require.Equal(t, "Nova Newcomer", obj(acc.Data, "acceptInvitation", "user", "name"))
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: `query($t: String!) { invitation(token: $t) { email } }`, variables: map[string]any{"t": invToken}}).code(), "a used invitation is not shown")
	var audits int
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM management_audit WHERE via = 'token' AND request_id IS NOT NULL`).Scan(&audits))
	require.GreaterOrEqual(t, audits, 15)
	require.False(t, strings.Contains(strings.Join(responses, ""), "content"), "no field named content is ever returned to management")
}

// Sign-ins, hours of web use and agent reads are counted — never what was read.
func TestUsageIsRecorded(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	p := pgtest.CreatePerson(t, b.pool)
	_, cookie := b.login(t, p.Email, pgtest.Password)
	for range 3 {
		require.Empty(t, b.do(t, req{query: meQuery, cookie: cookie}).Errors)
	}
	count := func(activity string) int {
		var n int
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT coalesce(sum(count), 0) FROM usage_daily WHERE user_id = $1 AND activity = $2`, p.ID, activity).Scan(&n))
		return n
	}
	require.Equal(t, 1, count("sign_in"))
	require.Equal(t, 1, count("web"), "one hour of web use, however many requests")

	agent := pgtest.CreateAgent(t, b.pool, p.ID)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	_, err := b.pool.Exec(ctx, `INSERT INTO document_access (id, document_id, principal_type, principal_id) VALUES (gen_random_uuid(), $1, 'user', $2)`, d.ID, agent.ID)
	require.NoError(t, err)
	for range 2 {
		b.gql(t, agent.Token, `query($id: ID!) { document(id: $id) { id } }`, map[string]any{"id": d.ID.String()})
	}
	var reads int
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count FROM agent_reads WHERE agent_id = $1 AND document_id = $2`, agent.ID, d.ID).Scan(&reads))
	require.Equal(t, 2, reads)
}

func TestExpiredTokensAreRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	mt := pgtest.CreateManageToken(t, b.pool)
	p := pgtest.CreatePerson(t, b.pool)
	pt := pgtest.CreatePersonToken(t, b.pool, p.ID)
	agent := pgtest.CreateAgent(t, b.pool, p.ID)
	require.Equal(t, "MANAGEMENT", obj(b.gql(t, mt, meQuery, nil), "me", "kind"))
	_, err := b.pool.Exec(context.Background(), `UPDATE service_tokens SET expires_at = now() - interval '1 minute'`)
	require.NoError(t, err)
	_, err = b.pool.Exec(context.Background(), `UPDATE access_tokens SET expires_at = now() - interval '1 minute'`)
	require.NoError(t, err)
	for _, tok := range []string{mt, pt, agent.Token} {
		require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, bearer: tok}).code())
	}
}

package access_test

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/linkgraph"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

// shareBundle is a database with the link resolver on the outbox (links
// are what suggestions walk), the sharing service, and Tornike and Dana.
type shareBundle struct {
	url     string
	pool    *pgxpool.Pool
	svc     *access.Service
	worker  *outbox.Worker
	tornike pgtest.Person
	dana    pgtest.Person
}

func shareSetup(t *testing.T) *shareBundle {
	t.Helper()
	d := pgtest.New(t)
	w := outbox.New(d.Pool, outbox.Config{}, nil)
	w.Register(linkgraph.ConsumerName, linkgraph.NewConsumer(d.Pool).Handle, outbox.Lane{Budget: time.Minute})
	return &shareBundle{
		url: d.URL, pool: d.Pool, svc: access.New(d.Pool), worker: w,
		tornike: pgtest.CreatePerson(t, d.Pool), dana: pgtest.CreatePerson(t, d.Pool),
	}
}

func (b *shareBundle) person(t *testing.T) pgtest.Person {
	t.Helper()
	return pgtest.CreatePerson(t, b.pool)
}

// drain resolves every pending link, failing on any consumer error.
func (b *shareBundle) drain(t *testing.T) {
	t.Helper()
	require.NoError(t, b.worker.Drain(context.Background()))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM outbox_deliveries WHERE last_error IS NOT NULL`), "a consumer failed")
}

func (b *shareBundle) doc(t *testing.T, owner pgtest.Person, slug, title, content string, tags ...string) uuid.UUID {
	t.Helper()
	return pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Slug: slug, Title: title, Content: content, Tags: tags}).ID
}

func (b *shareBundle) share(t *testing.T, as pgtest.Person, in access.ShareInput) *access.ShareResult {
	t.Helper()
	res, err := b.svc.Share(pgtest.ActingAs(as), in)
	require.NoError(t, err)
	return res
}

// permission is p's grant on doc ("" for none).
func (b *shareBundle) permission(t *testing.T, doc uuid.UUID, p access.Principal) string {
	t.Helper()
	var perm string
	err := b.pool.QueryRow(context.Background(), `SELECT permission::text FROM document_access
		WHERE document_id = $1 AND principal_type = $2 AND principal_id = $3`, doc, p.Type, p.ID).Scan(&perm)
	if errors.Is(err, pgx.ErrNoRows) {
		return ""
	}
	require.NoError(t, err)
	return perm
}

type shareNote struct {
	Recipient uuid.UUID
	Type      string
	Count     int
	Documents []string
}

// notes lists the notifications of a batch, by recipient then type.
func (b *shareBundle) notes(t *testing.T, batch uuid.UUID) []shareNote {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT recipient_id, type, payload FROM notifications
		WHERE batch_id = $1 ORDER BY recipient_id, type`, batch)
	require.NoError(t, err)
	defer rows.Close()
	var out []shareNote
	for rows.Next() {
		var n shareNote
		var raw []byte
		require.NoError(t, rows.Scan(&n.Recipient, &n.Type, &raw))
		var p struct {
			Count     int      `json:"count"`
			Documents []string `json:"documents"`
		}
		require.NoError(t, json.Unmarshal(raw, &p))
		n.Count, n.Documents = p.Count, p.Documents
		sort.Strings(n.Documents)
		out = append(out, n)
	}
	require.NoError(t, rows.Err())
	return out
}

func shareIDs(ids ...uuid.UUID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	sort.Strings(out)
	return out
}

// shareTables counts the rows a share with suggestions writes
// (docs/design.md#trace-share-with-suggestions).
func (b *shareBundle) shareTables(t *testing.T) [5]int {
	t.Helper()
	return [5]int{
		pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access`),
		pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events`),
		pgtest.Count(t, b.pool, `SELECT count(*) FROM share_suggestion_decisions`),
		pgtest.Count(t, b.pool, `SELECT count(*) FROM events`),
		pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications`),
	}
}

// shareCounting returns a Service over a pool that counts statements.
func (b *shareBundle) shareCounting(t *testing.T) (*access.Service, *db.Counter) {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(b.url)
	require.NoError(t, err)
	db.Configure(cfg)
	c := &db.Counter{}
	cfg.ConnConfig.Tracer = c
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	require.NoError(t, pool.Ping(context.Background()))
	return access.New(pool), c
}

// docs/design.md#trace-share-by-tag: share everything tagged runbook with
// the ops team, once.
func TestShareByTag(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	erin, frank := b.person(t), b.person(t)
	ops := pgtest.CreateGroup(t, b.pool, b.dana.ID, frank.ID, b.tornike.ID)
	r1 := b.doc(t, b.tornike, "r1", "Deploy", "", "runbook")
	r2 := b.doc(t, b.tornike, "r2", "Rollback", "", "runbook", "ops")
	r3 := b.doc(t, erin, "r3", "Erin's runbook", "", "runbook")   // Tornike may write
	r4 := b.doc(t, erin, "r4", "Erin's other one", "", "runbook") // Tornike reads only
	r5 := b.doc(t, b.tornike, "r5", "Archived", "", "runbook")
	r6 := b.doc(t, b.tornike, "r6", "Deleted", "", "runbook")
	b.doc(t, b.tornike, "other", "Other", "", "notes")
	b.share(t, erin, access.ShareInput{DocumentIDs: []uuid.UUID{r3}, Recipients: []string{b.tornike.Email}, Permission: access.PermissionWrite})
	b.share(t, erin, access.ShareInput{DocumentIDs: []uuid.UUID{r4}, Recipients: []string{b.tornike.Email}})
	pgtest.Exec(t, b.pool, `UPDATE documents SET status = 'archived' WHERE id = $1`, r5)
	pgtest.Exec(t, b.pool, `UPDATE documents SET deleted_at = now() WHERE id = $1`, r6)

	res, err := b.svc.ShareByTag(pgtest.ActingAs(b.tornike), " Runbook ", []string{"group:" + ops.Slug}, access.PermissionRead)
	require.NoError(t, err)
	var shared []uuid.UUID
	for _, g := range res.Grants {
		require.Equal(t, access.Created, g.Outcome)
		require.Equal(t, access.BulkTag, g.Reason)
		shared = append(shared, g.DocumentID)
	}
	require.ElementsMatch(t, []uuid.UUID{r1, r2, r3}, shared)
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE batch_id = $1 AND grant_reason = 'bulk_tag'
		AND principal_type = 'group' AND principal_id = $2`, res.BatchID, ops.ID))
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE batch_id = $1 AND action = 'granted'`, res.BatchID))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE document_id = ANY($1) AND principal_type = 'group'`,
		[]uuid.UUID{r4, r5, r6}))

	wantNotes := []shareNote{
		{Recipient: b.dana.ID, Type: "access.granted", Count: 3, Documents: shareIDs(r1, r2, r3)},
		{Recipient: frank.ID, Type: "access.granted", Count: 3, Documents: shareIDs(r1, r2, r3)},
		{Recipient: erin.ID, Type: "access.reshared", Count: 1, Documents: shareIDs(r3)},
	}
	sort.Slice(wantNotes, func(i, j int) bool {
		return wantNotes[i].Recipient.String() < wantNotes[j].Recipient.String()
	})
	require.Equal(t, wantNotes, b.notes(t, res.BatchID), "one per member (not Tornike himself), and Erin hears hers was reshared")

	// A document tagged tomorrow is not shared: the set was resolved once.
	r7 := b.doc(t, b.tornike, "r7", "New runbook", "", "runbook")
	require.Equal(t, "", b.permission(t, r7, pgtest.GroupPrincipal(ops.ID)))

	// Errors; a tag reaching nothing shares nothing.
	_, err = b.svc.ShareByTag(pgtest.ActingAs(b.tornike), "not a tag!", []string{"group:" + ops.Slug}, access.PermissionRead)
	pgtest.RequireCode(t, err, fault.BadInput, "tag")
	res, err = b.svc.ShareByTag(pgtest.ActingAs(b.tornike), "nothing-has-this", []string{"group:" + ops.Slug}, access.PermissionRead)
	require.NoError(t, err)
	require.Empty(t, res.Grants)
}

// A write grantee re-shares up to write and the owner hears of it; a read
// grantee cannot share; a stranger finds nothing.
func TestShareReshare(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	erin, frank, stranger := b.person(t), b.person(t), b.person(t)
	d := b.doc(t, erin, "plan", "Plan", "")
	b.share(t, erin, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.tornike.Email}, Permission: access.PermissionWrite})
	b.share(t, erin, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{frank.Email}})

	res := b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email, erin.Email}, Permission: access.PermissionWrite})
	require.Len(t, res.Grants, 2)
	require.Equal(t, access.Created, res.Grants[0].Outcome)
	require.Equal(t, access.Unchanged, res.Grants[1].Outcome, "sharing with the owner is a no-op")
	require.Equal(t, "write", b.permission(t, d, pgtest.UserPrincipal(b.dana.ID)))
	require.Equal(t, "", b.permission(t, d, pgtest.UserPrincipal(erin.ID)))
	notes := b.notes(t, res.BatchID)
	require.Len(t, notes, 2)
	for _, n := range notes {
		switch n.Recipient {
		case erin.ID:
			require.Equal(t, "access.reshared", n.Type)
		case b.dana.ID:
			require.Equal(t, "access.granted", n.Type)
		default:
			t.Fatalf("unexpected notification to %s", n.Recipient)
		}
		require.Equal(t, 1, n.Count)
	}

	_, err := b.svc.Share(pgtest.ActingAs(frank), access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{stranger.Email}})
	pgtest.RequireCode(t, err, fault.Forbidden, "documentIds")
	_, err = b.svc.Share(pgtest.ActingAs(stranger), access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{frank.Email}})
	pgtest.RequireCode(t, err, fault.NotFound, "documentIds")
	_, err = b.svc.Share(pgtest.ActingAs(b.tornike), access.ShareInput{Suggested: []uuid.UUID{uuid.Must(uuid.NewV7())}, Recipients: []string{frank.Email}})
	pgtest.RequireCode(t, err, fault.NotFound, "suggested")
	_, err = b.svc.Share(pgtest.ActingAs(frank), access.ShareInput{DocumentIDs: []uuid.UUID{b.doc(t, frank, "f", "F", "")}, Recipients: []string{b.dana.Email},
		Declined: []uuid.UUID{d}})
	pgtest.RequireCode(t, err, fault.NotFound, "declined")
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM share_suggestion_decisions`), "a refused share writes nothing")
}

// A share never lowers a grant; read → write is permission_changed.
func TestShareNeverLowers(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	d := b.doc(t, b.tornike, "d", "D", "")
	ctx := pgtest.ActingAs(b.tornike)
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}, Permission: access.PermissionWrite})
	events := pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events`)

	res, err := b.svc.Share(ctx, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}, Permission: access.PermissionRead})
	require.NoError(t, err)
	require.Equal(t, access.Unchanged, res.Grants[0].Outcome)
	require.Equal(t, "write", b.permission(t, d, pgtest.UserPrincipal(b.dana.ID)))
	require.Equal(t, events, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events`))
	require.Empty(t, b.notes(t, res.BatchID), "nothing changed, nobody is told")

	erin := b.person(t)
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{erin.Email}})
	res = b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{erin.Email}, Permission: access.PermissionWrite})
	require.Equal(t, access.Upgraded, res.Grants[0].Outcome)
	require.Equal(t, "write", b.permission(t, d, pgtest.UserPrincipal(erin.ID)))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE batch_id = $1 AND action = 'permission_changed'
		AND principal_id = $2 AND actor_id = $3`, res.BatchID, erin.ID, b.tornike.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE event_type = 'access.permission_changed' AND document_id = $1`, d))
	require.Equal(t, []shareNote{{Recipient: erin.ID, Type: "access.granted", Count: 1, Documents: shareIDs(d)}}, b.notes(t, res.BatchID))
}

// Sharing with groups tells each member once per batch, however many
// groups and direct mentions reach them; Everyone tells nobody.
func TestShareGroupsAndEveryone(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	erin, frank := b.person(t), b.person(t)
	g1 := pgtest.CreateGroup(t, b.pool, b.dana.ID, erin.ID, b.tornike.ID)
	g2 := pgtest.CreateGroup(t, b.pool, erin.ID, frank.ID)
	d1 := b.doc(t, b.tornike, "d1", "D1", "")
	d2 := b.doc(t, b.tornike, "d2", "D2", "")

	res := b.share(t, b.tornike, access.ShareInput{
		DocumentIDs: []uuid.UUID{d1, d2}, Recipients: []string{"group:" + g1.Slug, "group:" + g2.Slug, b.dana.Email, "GROUP:" + g1.Slug},
	})
	require.Len(t, res.Grants, 6, "2 documents × 3 principals (the repeated group collapses)")
	want := []shareNote{
		{Recipient: b.dana.ID, Type: "access.granted", Count: 2, Documents: shareIDs(d1, d2)},
		{Recipient: erin.ID, Type: "access.granted", Count: 2, Documents: shareIDs(d1, d2)},
		{Recipient: frank.ID, Type: "access.granted", Count: 2, Documents: shareIDs(d1, d2)},
	}
	sort.Slice(want, func(i, j int) bool { return want[i].Recipient.String() < want[j].Recipient.String() })
	require.Equal(t, want, b.notes(t, res.BatchID))

	d3 := b.doc(t, b.tornike, "d3", "D3", "")
	before := pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications`)
	res = b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d3}, Recipients: []string{"group:everyone"}})
	require.Equal(t, access.Created, res.Grants[0].Outcome)
	require.Equal(t, "read", b.permission(t, d3, pgtest.GroupPrincipal(auth.EveryoneID)))
	require.Equal(t, before, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications`), "Everyone notifies nobody")
}

// Only an agent's responsible people may share with it, by agent:<slug>
// only; an agent's email is not a person's.
func TestShareAgents(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	agent := pgtest.CreateAgent(t, b.pool, b.tornike.ID)
	d := b.doc(t, b.tornike, "d", "D", "")
	dd := b.doc(t, b.dana, "dd", "DD", "")

	res := b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{"Agent:" + agent.Slug}})
	require.Equal(t, access.Created, res.Grants[0].Outcome)
	require.Equal(t, "agent:"+agent.Slug, res.Grants[0].Label)
	require.Equal(t, "read", b.permission(t, d, pgtest.UserPrincipal(agent.ID)))
	require.Equal(t, []shareNote{{Recipient: agent.ID, Type: "access.granted", Count: 1, Documents: shareIDs(d)}}, b.notes(t, res.BatchID))

	_, err := b.svc.Share(pgtest.ActingAs(b.dana), access.ShareInput{DocumentIDs: []uuid.UUID{dd}, Recipients: []string{"agent:" + agent.Slug}})
	fe := pgtest.RequireCode(t, err, fault.Forbidden, "recipients")
	require.Contains(t, fe.Message, agent.Slug)
	_, err = b.svc.Share(pgtest.ActingAs(b.tornike), access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{agent.Email}})
	fe = pgtest.RequireCode(t, err, fault.BadInput, "recipients")
	require.Contains(t, fe.Message, agent.Email)

	// A deleted agent is gone.
	pgtest.Exec(t, b.pool, `UPDATE agents SET deleted_at = now() WHERE user_id = $1`, agent.ID)
	_, err = b.svc.Share(pgtest.ActingAs(b.tornike), access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{"agent:" + agent.Slug}})
	pgtest.RequireCode(t, err, fault.BadInput, "recipients")
}

// Recipients that cannot be shared with are refused, and a refused share
// writes nothing.
func TestShareRecipientErrors(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	frank := b.person(t)
	d := b.doc(t, b.tornike, "d", "D", "")
	ctx := pgtest.ActingAs(b.tornike)
	pgtest.Exec(t, b.pool, `UPDATE users SET is_active = false WHERE id = $1`, frank.ID)

	for _, tc := range []struct {
		recipients []string
		code       fault.Code
		contains   string
	}{
		{nil, fault.BadInput, "at least one"},
		{[]string{b.dana.Email, frank.Email}, fault.BadInput, "deactivated"},
		{[]string{""}, fault.BadInput, "empty"}, // management's email is ''
		{[]string{"  "}, fault.BadInput, "empty"},
		{[]string{"nobody@example.com"}, fault.BadInput, "nobody@example.com"},
		{[]string{"Management"}, fault.BadInput, "Management"},
		{[]string{"group:no-such-group"}, fault.BadInput, "group:no-such-group"},
		{[]string{"agent:no-such-agent"}, fault.BadInput, "agent:no-such-agent"},
		{[]string{"group:"}, fault.BadInput, "group:"},
	} {
		_, err := b.svc.Share(ctx, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: tc.recipients})
		fe := pgtest.RequireCode(t, err, tc.code, "recipients")
		require.Contains(t, fe.Message, tc.contains, tc.recipients)
	}
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access`))

	// Duplicates collapse, however they are spelt.
	rs, err := access.ResolveRecipients(context.Background(), b.pool, &auth.Actor{UserID: b.tornike.ID, Kind: auth.KindPerson},
		[]string{b.dana.Email, " " + strings.ToUpper(b.dana.Email), "group:everyone", "group:everyone"})
	require.NoError(t, err)
	require.Equal(t, []access.Recipient{
		{Principal: pgtest.UserPrincipal(b.dana.ID), Label: b.dana.Email, Kind: access.RecipientPerson, Name: b.dana.Name},
		{Principal: pgtest.GroupPrincipal(auth.EveryoneID), Label: "group:everyone", Kind: access.RecipientEveryone, Name: "Everyone"},
	}, rs)

	// Management shares nothing.
	_, err = b.svc.Share(pgtest.ActingAsManagement(),
		access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}})
	require.Equal(t, fault.Forbidden, fault.CodeOf(err))
}

// Input a client may not choose is refused.
func TestShareInputErrors(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	d := b.doc(t, b.tornike, "d", "D", "")
	e := b.doc(t, b.tornike, "e", "E", "")
	ctx := pgtest.ActingAs(b.tornike)
	for _, reason := range []string{access.BulkTag, access.Folder, access.Script, access.Import, "whatever"} {
		_, err := b.svc.Share(ctx, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}, Reason: reason})
		pgtest.RequireCode(t, err, fault.BadInput, "reason")
	}
	_, err := b.svc.Share(ctx, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}, Permission: "owner"})
	pgtest.RequireCode(t, err, fault.BadInput, "permission")
	_, err = b.svc.Share(ctx, access.ShareInput{Recipients: []string{b.dana.Email}})
	pgtest.RequireCode(t, err, fault.BadInput, "documentIds")
	_, err = b.svc.Share(ctx, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}, Declined: []uuid.UUID{d}})
	pgtest.RequireCode(t, err, fault.BadInput, "declined")
	_, err = b.svc.Share(context.Background(), access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}})
	require.Equal(t, fault.Unauthenticated, fault.CodeOf(err))

	res, err := b.svc.Share(ctx, access.ShareInput{DocumentIDs: []uuid.UUID{d, e}, Recipients: []string{b.dana.Email}, Reason: access.LinkSuggestion})
	require.NoError(t, err)
	for _, g := range res.Grants {
		require.Equal(t, access.LinkSuggestion, g.Reason)
	}

	// The trash.
	pgtest.Exec(t, b.pool, `UPDATE documents SET deleted_at = now() WHERE id = $1`, e)
	_, err = b.svc.Share(ctx, access.ShareInput{DocumentIDs: []uuid.UUID{e}, Recipients: []string{b.dana.Email}})
	pgtest.RequireCode(t, err, fault.NotFound, "documentIds")
}

// A quarantined document cannot be shared: its owner hears it is held, a
// grantee finds nothing.
func TestShareQuarantined(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	erin := b.person(t)
	d := b.doc(t, b.tornike, "d", "D", "")
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{erin.Email}, Permission: access.PermissionWrite})
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, d)

	_, err := b.svc.Share(pgtest.ActingAs(b.tornike), access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}})
	fe := pgtest.RequireCode(t, err, fault.Conflict, "documentIds")
	require.Contains(t, fe.Message, "held by management")
	_, err = b.svc.Share(pgtest.ActingAs(erin), access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}})
	pgtest.RequireCode(t, err, fault.NotFound, "documentIds")
	require.Equal(t, "", b.permission(t, d, pgtest.UserPrincipal(b.dana.ID)))
}

// A share racing a quarantine waits for the document's row lock, then sees
// the quarantine: no grant lands on a quarantined document.
func TestShareRacingQuarantine(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	d := b.doc(t, b.tornike, "d", "D", "")
	other := b.doc(t, b.tornike, "other", "Other", "")
	ctx := context.Background()

	tx, err := b.pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(ctx) }()
	_, err = tx.Exec(ctx, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, d)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `DELETE FROM document_access WHERE document_id = $1`, d)
	require.NoError(t, err)

	done := make(chan error, 1)
	go func() {
		_, err := b.svc.Share(pgtest.ActingAs(b.tornike), access.ShareInput{DocumentIDs: []uuid.UUID{other, d}, Recipients: []string{b.dana.Email}})
		done <- err
	}()
	// Wait until the share is blocked on the row lock.
	deadline := time.Now().Add(20 * time.Second)
	for {
		var waiting int
		// Not in tx: a transaction sees one snapshot of pg_stat_activity.
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting))
		if waiting > 0 {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("the share did not wait for the row lock: %v", err)
		default:
		}
		require.True(t, time.Now().Before(deadline), "the share never waited for the row lock")
		time.Sleep(10 * time.Millisecond)
	}
	require.NoError(t, tx.Commit(ctx))

	err = <-done
	pgtest.RequireCode(t, err, fault.Conflict, "documentIds")
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE document_id = ANY($1)`, []uuid.UUID{d, other}),
		"the whole share was refused")

	// Released, it shares again.
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = NULL WHERE id = $1`, d)
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{other, d}, Recipients: []string{b.dana.Email}})
	require.Equal(t, "read", b.permission(t, d, pgtest.UserPrincipal(b.dana.ID)))
}

// An upgrade is what was last given: recentlyShared shows the WRITE grant
// and who raised it, as whyCanISee does, not the first READ grant.
func TestRecentlySharedShowsTheUpgrade(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	writer := b.person(t)
	d := b.doc(t, b.tornike, "upgraded", "Upgraded", "")
	since := time.Now().Add(-time.Minute)
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{writer.Email}, Permission: access.PermissionWrite})
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}, Permission: access.PermissionRead})
	mid := time.Now()
	b.share(t, writer, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}, Permission: access.PermissionWrite})

	got, err := b.svc.RecentlyShared(pgtest.ActingAs(b.dana), since, 50)
	require.NoError(t, err)
	require.Len(t, got, 1, "one document, listed once")
	require.Equal(t, d, got[0].DocumentID)
	require.Equal(t, access.PermissionWrite, got[0].Permission)
	require.Equal(t, writer.ID, *got[0].GrantedBy)

	why, err := b.svc.WhyCanISee(pgtest.ActingAs(b.dana), d)
	require.NoError(t, err)
	require.Len(t, why.Grants, 1)
	require.Equal(t, why.Grants[0].Permission, got[0].Permission)

	// An upgrade after `since` of a grant made before it is news too.
	got, err = b.svc.RecentlyShared(pgtest.ActingAs(b.dana), mid, 50)
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Equal(t, access.PermissionWrite, got[0].Permission)
	got, err = b.svc.RecentlyShared(pgtest.ActingAs(b.dana), time.Now(), 50)
	require.NoError(t, err)
	require.Empty(t, got)
}

// A share waits for no transaction that merely references its documents:
// the link resolver inserts links (each holding its target row with KEY
// SHARE) in no particular order, and a share that locked its documents
// FOR UPDATE in id order deadlocked against it.
func TestShareDoesNotWaitForRowsReferencingItsDocuments(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	d := b.doc(t, b.tornike, "target", "Target", "")
	src := b.doc(t, b.tornike, "source", "Source", "")
	ctx := context.Background()
	tx, err := b.pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(ctx) }()
	_, err = tx.Exec(ctx, `INSERT INTO document_links (id, source_id, target_id, href_as_written, resolved_address, state)
		VALUES (gen_random_uuid(), $1, $2, 'target.md', 'wiki:/target', 'resolved')`, src, d)
	require.NoError(t, err)

	shareCtx, cancel := context.WithTimeout(pgtest.ActingAs(b.tornike), 5*time.Second)
	defer cancel()
	res, err := b.svc.Share(shareCtx, access.ShareInput{DocumentIDs: []uuid.UUID{d}, Recipients: []string{b.dana.Email}})
	require.NoError(t, err, "the share waited for the transaction holding a link to its document")
	require.Len(t, res.Grants, 1)
	require.Equal(t, "read", b.permission(t, d, pgtest.UserPrincipal(b.dana.ID)))
}

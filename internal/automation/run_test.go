package automation

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
)

const shareWithOps = `if (event.document) codna.share(event.document.id, 'group:ops', 'read');`

// A tag-triggered automation shares a tagged page with a team, as its
// owner: the grant's reason is script, the team is told, and the grant's
// own event starts no automation.
func TestTaggedPageIsSharedByItsOwnersAutomation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tornike, dana, erin := b.person(t), b.person(t), b.person(t)
	pgtest.Exec(t, b.pool.Pool, `INSERT INTO groups (id, slug, name) VALUES (gen_random_uuid(), 'ops', 'Ops')`)
	pgtest.Exec(t, b.pool.Pool, `INSERT INTO group_members (group_id, user_id) SELECT id, $1 FROM groups WHERE slug = 'ops'`, erin.ID)
	a := b.onTag(t, tornike, "runbook", shareWithOps)
	// A second automation listening to grants: a share made by a script
	// must not start it.
	onGrant := b.create(t, tornike, Input{Kind: KindEvent, TriggerEvents: []string{"access.granted"}, Script: `codna.tag(event.documentId, 'granted')`})

	doc := b.doc(t, tornike, pgtest.Doc{Path: "ops", Content: "Restart the queue."})
	other := b.doc(t, tornike, pgtest.Doc{Path: "ops", Content: "Not a runbook."})
	b.drain(t)
	require.Empty(t, b.runs(t, tornike, a.ID), "untagged pages are outside the scope: no run is queued")

	b.tag(t, tornike, doc.ID, "runbook")
	b.drain(t)
	runs := b.runs(t, tornike, a.ID)
	require.Len(t, runs, 1)
	r := runs[0]
	require.Equal(t, StatusOK, r.Status, r.Error)
	require.Len(t, r.Proposals, 1)
	require.True(t, applied(r.Proposals[0]), r.Proposals[0].Reason)
	require.Equal(t, "document.updated", r.EventType)
	require.NotNil(t, r.DurationMs)
	require.NotNil(t, r.MemoryPeak)

	require.Equal(t, 1, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM document_access WHERE document_id = $1 AND grant_reason = 'script'`, doc.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND action = 'granted' AND grant_reason = 'script'`, doc.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM events WHERE document_id = $1 AND event_type = 'access.granted' AND automation_id = $2`, doc.ID, a.ID))
	require.Len(t, b.notifications(t, erin.ID, "access.granted"), 1)
	require.Empty(t, b.runs(t, tornike, onGrant.ID), "an event caused by an automation triggers none")

	// Dana can read Tornike's page but not share it: her automation's
	// proposal is rejected with the reason, and nothing is granted.
	pgtest.Grant(t, b.pool.Pool, other.ID, "user", dana.ID, "read")
	da := b.onTag(t, dana, "runbook", shareWithOps)
	b.tag(t, tornike, other.ID, "runbook")
	b.drain(t)
	runs = b.runs(t, dana, da.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusRejected, runs[0].Status)
	require.False(t, applied(runs[0].Proposals[0]))
	require.NotEmpty(t, runs[0].Proposals[0].Reason)
	require.Equal(t, 0, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND actor_id = $2`, other.ID, dana.ID),
		"nothing was granted by Dana (Tornike's own automation shared his page)")
}

// The scope and the owner's permission are checked in SQL: no run is even
// queued for an event outside the scope or on a page the owner cannot read.
func TestMatcherQueuesOnlyWhatTheOwnerMayReadInScope(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, stranger := b.person(t), b.person(t)
	a := b.create(t, owner, Input{Kind: KindEvent, TriggerEvents: []string{"document.created"},
		Scope: Scope{Space: document.SpaceWiki, PathPrefix: "eng", Tags: []string{"x", "y"}}, Script: `console.log(event.document.title)`})
	in := b.doc(t, owner, pgtest.Doc{Path: "eng/deep", Tags: []string{"x", "y", "z"}, Title: "In scope"})
	b.doc(t, owner, pgtest.Doc{Path: "eng", Tags: []string{"x"}})                                   // lacks a tag
	b.doc(t, owner, pgtest.Doc{Path: "engineering", Tags: []string{"x", "y"}})                      // another folder
	b.doc(t, owner, pgtest.Doc{Space: document.SpaceOutput, Path: "eng", Tags: []string{"x", "y"}}) // another space
	b.doc(t, stranger, pgtest.Doc{Path: "eng", Tags: []string{"x", "y"}})                           // unreadable
	b.drain(t)
	runs := b.runs(t, owner, a.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusOK, runs[0].Status)
	require.Equal(t, "In scope\n", runs[0].Logs)
	_ = in
}

// Tag, untag, write and notify are applied as the owner, and applying a
// run's proposals again (a retry) changes nothing more.
func TestProposalsAreAppliedAsTheOwner(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, colleague := b.person(t), b.person(t)
	doc := b.doc(t, owner, pgtest.Doc{Tags: []string{"old"}, Content: "Body"})
	script := `
		const d = codna.get(event.documentId);
		codna.tag(d.id, 'reviewed');
		codna.untag(d.id, 'OLD');
		codna.write({space: 'output', path: 'reports', slug: 'summary', title: 'Summary', content: '# ' + d.title + '\n' + d.content.length});
		codna.notify('` + colleague.Email + `', 'Reviewed ' + d.title);
		console.log('done', d.tags.join(','));`
	a := b.create(t, owner, Input{Kind: KindEvent, TriggerEvents: []string{"document.restored"}, Script: script})
	_, err := b.docs.Delete(pgtest.ActingAs(owner), doc.ID)
	require.NoError(t, err)
	_, err = b.docs.Restore(pgtest.ActingAs(owner), document.RestoreInput{ID: doc.ID})
	require.NoError(t, err)
	b.drain(t)

	runs := b.runs(t, owner, a.ID)
	require.Len(t, runs, 1)
	r := runs[0]
	require.Equal(t, StatusOK, r.Status, r.Error)
	require.Equal(t, 1, r.Reads)
	require.Len(t, r.Proposals, 4)
	for _, v := range r.Proposals {
		require.True(t, applied(v), "%s: %s", v.Kind, v.Reason)
	}
	got, err := b.docs.Get(pgtest.ActingAs(owner), doc.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"reviewed"}, got.Tags)
	out, err := b.docs.GetByAddress(pgtest.ActingAs(owner), document.SpaceOutput, "reports", "summary")
	require.NoError(t, err)
	require.Equal(t, owner.ID, out.OwnerID)
	require.Contains(t, out.Content, "# "+doc.Title)
	msgs := b.notifications(t, colleague.ID, "automation.message")
	require.Len(t, msgs, 1)
	require.Equal(t, "Reviewed "+doc.Title, msgs[0]["message"])
	require.Equal(t, a.ID.String(), msgs[0]["automationId"])

	// Apply the same proposals again, as a retry after a crash would.
	ownerCtx := asOwner(context.Background(), pgtest.ActingAsActor(owner), a.ID)
	ar := applyRun{automation: a, runID: r.ID, owner: ownerCtx}
	for i, v := range r.Proposals {
		_, err := ar.apply(context.Background(), b.svc, i, v.Proposal)
		require.NoError(t, err, v.Kind)
	}
	got, err = b.docs.Get(pgtest.ActingAs(owner), doc.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"reviewed"}, got.Tags)
	again, err := b.docs.GetByAddress(pgtest.ActingAs(owner), document.SpaceOutput, "reports", "summary")
	require.NoError(t, err)
	require.Equal(t, out.Version, again.Version, "the same write writes no new version")
	require.Len(t, b.notifications(t, colleague.ID, "automation.message"), 1, "the same message coalesces")
}

// A run whose script result was recorded is not run again when it is
// retried: the next worker applies what is left.
func TestRetriedRunDoesNotRunItsScriptAgain(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.person(t)
	a := b.onTag(t, owner, "go", `console.log('ran'); codna.tag(event.documentId, 'done');`)
	doc := b.doc(t, owner, pgtest.Doc{Tags: []string{"go"}})
	require.NoError(t, b.outbox.Drain(context.Background()))
	// Redelivering the event queues nothing more.
	ev := pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automation_runs WHERE automation_id = $1`, a.ID)
	require.Equal(t, 1, ev)
	pgtest.Exec(t, b.pool.Pool, `UPDATE events SET processed_at = NULL, handled_by = '{}', fanned_to = NULL`)
	require.NoError(t, b.outbox.Drain(context.Background()))
	require.Equal(t, 1, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automation_runs WHERE automation_id = $1`, a.ID))

	// A worker runs the script, records it, and dies before applying.
	ctx := context.Background()
	run, err := db.Q.AutomationRunClaim(ctx, b.pool.Pool, db.AutomationRunClaimParams{WorkerID: "dying", LeaseMs: 60000})
	require.NoError(t, err)
	x := &execution{r: b.runner, s: b.svc, run: run, worker: "dying"}
	proceed, err := x.load(ctx)
	require.NoError(t, err)
	require.True(t, proceed)
	verdicts, _, err := x.script(ctx)
	require.NoError(t, err)
	require.Len(t, verdicts, 1)
	pgtest.Exec(t, b.pool.Pool, `UPDATE automation_runs SET lease_until = now() - interval '1 second' WHERE id = $1`, run.ID)

	b.drain(t)
	runs := b.runs(t, owner, a.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusOK, runs[0].Status)
	require.Equal(t, 2, runs[0].Attempts)
	require.Equal(t, "ran\n", runs[0].Logs, "the script ran once")
	got, err := b.docs.Get(pgtest.ActingAs(owner), doc.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"go", "done"}, got.Tags)
}

// Five failed runs in a row disable the automation; the owner is told each
// time (coalesced) and why it stopped.
func TestFailingAutomationIsDisabledAndItsOwnerTold(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.person(t)
	a := b.onTag(t, owner, "x", `throw new TypeError('nope')`)
	doc := b.doc(t, owner, pgtest.Doc{Tags: []string{"x"}})
	for i := range FailuresToPause + 1 {
		b.tag(t, owner, doc.ID, "x", "n"+string(rune('a'+i)))
		b.drain(t)
	}
	runs := b.runs(t, owner, a.ID)
	require.Len(t, runs, FailuresToPause, "the sixth save found it disabled: nothing queued")
	for _, r := range runs {
		require.Equal(t, StatusFailed, r.Status)
		require.Contains(t, r.Error, "TypeError: nope")
	}
	got, err := b.svc.Get(pgtest.ActingAs(owner), a.ID)
	require.NoError(t, err)
	require.False(t, got.Enabled)
	require.Contains(t, got.DisabledReason, "5 runs in a row")
	notes := b.notifications(t, owner.ID, "automation.failed")
	require.Len(t, notes, 1, "failures of one automation coalesce")
	require.Equal(t, true, notes[0]["disabled"])

	// Enabling it again starts a fresh count.
	_, err = b.svc.SetEnabled(pgtest.ActingAs(owner), a.ID, true)
	require.NoError(t, err)
	b.tag(t, owner, doc.ID, "x")
	b.drain(t)
	got, err = b.svc.Get(pgtest.ActingAs(owner), a.ID)
	require.NoError(t, err)
	require.True(t, got.Enabled, "one failure after enabling is not five")
}

// A deactivated owner's automations do not run: a queued run is skipped,
// and no new run is queued.
func TestDeactivatedOwnersAutomationsAreSkipped(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.person(t)
	a := b.onTag(t, owner, "x", `codna.tag(event.documentId, 'y')`)
	b.doc(t, owner, pgtest.Doc{Tags: []string{"x"}})
	require.NoError(t, b.outbox.Drain(context.Background()))
	pgtest.Exec(t, b.pool.Pool, `UPDATE users SET is_active = false WHERE id = $1`, owner.ID)
	b.drain(t)
	b.doc(t, owner, pgtest.Doc{Tags: []string{"x"}})
	b.drain(t)
	runs := b.runs(t, owner, a.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusSkipped, runs[0].Status)
	require.Contains(t, runs[0].Error, "deactivated")
	require.Empty(t, runs[0].Proposals)
	got, err := b.svc.Get(pgtest.ActingAsManagement(), a.ID)
	require.NoError(t, err)
	require.False(t, got.OwnerActive)
	require.Nil(t, got.Script, "management never gets the script")
	require.Equal(t, 0, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM documents WHERE 'y' = ANY(tags)`))
}

// The owner losing the event's document between the event and the run:
// the run is skipped, and not even the id reaches the script.
func TestRunIsSkippedWhenTheOwnerLostTheDocument(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, dana := b.person(t), b.person(t)
	a := b.create(t, dana, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `console.log(event.documentId)`})
	doc := b.doc(t, owner, pgtest.Doc{})
	pgtest.Grant(t, b.pool.Pool, doc.ID, "user", dana.ID, "read")
	b.tag(t, owner, doc.ID, "t")
	require.NoError(t, b.outbox.Drain(context.Background()))
	require.NoError(t, b.share.RevokeGrant(pgtest.ActingAs(owner), doc.ID, access.Principal{Type: access.PrincipalUser, ID: dana.ID}))
	b.drain(t)
	runs := b.runs(t, dana, a.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusSkipped, runs[0].Status)
	require.Empty(t, runs[0].Logs)
}

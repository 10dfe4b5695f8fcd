package access_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// suggestionsGraph builds the graph of
// docs/design.md#trace-share-with-suggestions: onboarding → laptop-setup → vpn-access,
// onboarding → x → payroll; x is already shared with Everyone.
type suggestionsGraph struct {
	onboarding, laptop, vpn, x, payroll uuid.UUID
}

func (b *shareBundle) suggestionsGraph(t *testing.T) suggestionsGraph {
	t.Helper()
	g := suggestionsGraph{
		onboarding: b.doc(t, b.tornike, "onboarding", "Onboarding", "Start with [the laptop](laptop-setup.md) and [x](x.md)."),
		laptop:     b.doc(t, b.tornike, "laptop-setup", "Laptop setup", "Then [the VPN](vpn-access.md)."),
		vpn:        b.doc(t, b.tornike, "vpn-access", "VPN access", "Done."),
		x:          b.doc(t, b.tornike, "x", "X", "See [payroll](payroll.md)."),
		payroll:    b.doc(t, b.tornike, "payroll", "Payroll", "Numbers."),
	}
	b.drain(t)
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{g.x}, Recipients: []string{"group:everyone"}})
	return g
}

func shareVia(s access.Suggestion) []uuid.UUID {
	out := make([]uuid.UUID, len(s.Via))
	for i, v := range s.Via {
		out[i] = v.ID
	}
	return out
}

// docs/design.md#trace-share-with-suggestions, exactly: the suggestions at
// depth 2 and the rows the share writes.
func TestShareWithSuggestionsTrace(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	g := b.suggestionsGraph(t)
	counted, counter := b.shareCounting(t)
	ctx := pgtest.ActingAs(b.tornike)

	counter.Reset()
	sugs, err := counted.ShareSuggestions(ctx, []uuid.UUID{g.onboarding}, []string{b.dana.Email}, 2)
	require.NoError(t, err)
	t.Logf("ShareSuggestions (1 root, depth 2, 1 recipient): %d statements", counter.Count())
	require.LessOrEqual(t, counter.Count(), int64(6)) // begin, recipients, levels, 1 walk, filter+titles, commit
	require.Len(t, sugs, 3)
	require.Equal(t, g.laptop, sugs[0].DocumentID)
	require.Equal(t, "Laptop setup", sugs[0].Title)
	require.Equal(t, 1, sugs[0].Depth)
	require.Equal(t, []uuid.UUID{g.onboarding, g.laptop}, shareVia(sugs[0]))
	require.Equal(t, "Onboarding", sugs[0].Via[0].Title)
	require.Equal(t, "Onboarding links to Laptop setup.", sugs[0].Explanation)
	require.Equal(t, []string{b.dana.Email}, sugs[0].Recipients)
	require.Equal(t, g.payroll, sugs[1].DocumentID)
	require.Equal(t, 2, sugs[1].Depth)
	require.Equal(t, []uuid.UUID{g.onboarding, g.x, g.payroll}, shareVia(sugs[1]), "x is walked through, though not suggested")
	require.Equal(t, g.vpn, sugs[2].DocumentID)
	require.Equal(t, 2, sugs[2].Depth)
	require.Equal(t, []uuid.UUID{g.onboarding, g.laptop, g.vpn}, shareVia(sugs[2]))
	require.Equal(t, "Onboarding links to Laptop setup, which links to VPN access.", sugs[2].Explanation)

	// Depth 1 (the default) is direct links only.
	sugs, err = b.svc.ShareSuggestions(ctx, []uuid.UUID{g.onboarding}, []string{b.dana.Email}, 0)
	require.NoError(t, err)
	require.Len(t, sugs, 1)
	require.Equal(t, g.laptop, sugs[0].DocumentID)

	before := b.shareTables(t)
	counter.Reset()
	res, err := counted.Share(ctx, access.ShareInput{
		DocumentIDs: []uuid.UUID{g.onboarding}, Recipients: []string{strings.ToUpper(b.dana.Email)}, Permission: access.PermissionRead,
		Suggested: []uuid.UUID{g.laptop, g.vpn}, Declined: []uuid.UUID{g.payroll},
	})
	require.NoError(t, err)
	t.Logf("Share (1 document, 2 accepted, 1 declined, 1 recipient): %d statements", counter.Count())
	require.LessOrEqual(t, counter.Count(), int64(20))
	after := b.shareTables(t)
	require.Equal(t, [5]int{3, 3, 1, 3, 1}, [5]int{after[0] - before[0], after[1] - before[1], after[2] - before[2], after[3] - before[3], after[4] - before[4]},
		"document_access, access_events, share_suggestion_decisions, events, notifications")

	batch := res.BatchID
	require.Len(t, res.Grants, 3)
	for i, want := range []struct {
		doc    uuid.UUID
		reason string
	}{{g.onboarding, access.Direct}, {g.laptop, access.LinkSuggestion}, {g.vpn, access.LinkSuggestion}} {
		gr := res.Grants[i]
		require.Equal(t, want.doc, gr.DocumentID)
		require.Equal(t, want.reason, gr.Reason)
		require.Equal(t, access.Created, gr.Outcome)
		require.Equal(t, pgtest.UserPrincipal(b.dana.ID), gr.Principal)
		require.Equal(t, b.dana.Email, gr.Label)
		require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE document_id = $1 AND principal_type = 'user'
			AND principal_id = $2 AND permission = 'read' AND grant_reason = $3 AND batch_id = $4 AND granted_by = $5`,
			want.doc, b.dana.ID, want.reason, batch, b.tornike.ID))
		require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND principal_id = $2
			AND action = 'granted' AND batch_id = $3 AND grant_reason = $4 AND actor_id = $5`, want.doc, b.dana.ID, batch, want.reason, b.tornike.ID))
		require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE event_type = 'access.granted' AND document_id = $1
			AND payload->>'batchId' = $2`, want.doc, batch.String()))
	}
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM share_suggestion_decisions WHERE document_id = $1 AND principal_type = 'user'
		AND principal_id = $2 AND status = 'rejected' AND decided_by = $3`, g.payroll, b.dana.ID, b.tornike.ID))
	require.Equal(t, []shareNote{{Recipient: b.dana.ID, Type: "access.granted", Count: 3, Documents: shareIDs(g.onboarding, g.laptop, g.vpn)}},
		b.notes(t, batch))

	// payroll is not suggested for Dana again; the others she reads now.
	sugs, err = b.svc.ShareSuggestions(ctx, []uuid.UUID{g.onboarding}, []string{b.dana.Email}, 2)
	require.NoError(t, err)
	require.Empty(t, sugs)
}

// A declined suggestion never comes back for that recipient, but does for
// another; a suggestion lists only the recipients it applies to.
func TestShareDeclinedSuggestionStaysDeclined(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	g := b.suggestionsGraph(t)
	erin := b.person(t)
	ctx := pgtest.ActingAs(b.tornike)
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{g.onboarding}, Recipients: []string{b.dana.Email}, Declined: []uuid.UUID{g.payroll}})

	sugs, err := b.svc.ShareSuggestions(ctx, []uuid.UUID{g.onboarding}, []string{b.dana.Email, erin.Email}, 3)
	require.NoError(t, err)
	got := map[uuid.UUID][]string{}
	for _, s := range sugs {
		got[s.DocumentID] = s.Recipients
	}
	require.Equal(t, map[uuid.UUID][]string{
		g.laptop:  {b.dana.Email, erin.Email},
		g.vpn:     {b.dana.Email, erin.Email},
		g.payroll: {erin.Email},
	}, got)

	sugs, err = b.svc.ShareSuggestions(ctx, []uuid.UUID{g.onboarding}, []string{b.dana.Email}, 3)
	require.NoError(t, err)
	for _, s := range sugs {
		require.NotEqual(t, g.payroll, s.DocumentID)
	}
	// Declining again (it is idempotent) and for a group.
	ops := pgtest.CreateGroup(t, b.pool, erin.ID)
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{g.onboarding}, Recipients: []string{b.dana.Email, "group:" + ops.Slug}, Declined: []uuid.UUID{g.payroll}})
	sugs, err = b.svc.ShareSuggestions(ctx, []uuid.UUID{g.onboarding}, []string{"group:" + ops.Slug, erin.Email}, 2)
	require.NoError(t, err)
	got = map[uuid.UUID][]string{}
	for _, s := range sugs {
		got[s.DocumentID] = s.Recipients
	}
	require.Equal(t, []string{erin.Email}, got[g.payroll], "declined for the group, not for Erin")
	require.Equal(t, []string{"group:" + ops.Slug, erin.Email}, got[g.laptop])
}

// Suggestions keep only what the sharer may share, and leave out what the
// recipient reads already, through a group or Everyone; agents see only
// their own grants.
func TestShareSuggestionsFilter(t *testing.T) {
	t.Parallel()
	b := shareSetup(t)
	erin := b.person(t)
	agent := pgtest.CreateAgent(t, b.pool, b.tornike.ID)
	team := pgtest.CreateGroup(t, b.pool, b.dana.ID)
	root := b.doc(t, b.tornike, "root", "Root", "[a](a.md) [b](b.md) [c](c.md) [e](e.md) [q](q.md) [o](o.md)")
	a := b.doc(t, b.tornike, "a", "A", "")                // shared with Dana's team
	bb := b.doc(t, b.tornike, "b", "B", "")               // shared with Everyone
	c := b.doc(t, erin, "c", "C", "")                     // Erin's; Tornike reads it only
	e := b.doc(t, erin, "e", "E", "")                     // Erin's; Tornike may write
	q := b.doc(t, b.tornike, "q", "Q", "")                // quarantined
	o := b.doc(t, b.tornike, "o", "O", "[root](root.md)") // links back: cycles are safe
	b.drain(t)
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{a}, Recipients: []string{"group:" + team.Slug}})
	b.share(t, b.tornike, access.ShareInput{DocumentIDs: []uuid.UUID{bb}, Recipients: []string{"group:everyone"}})
	b.share(t, erin, access.ShareInput{DocumentIDs: []uuid.UUID{c}, Recipients: []string{b.tornike.Email}})
	b.share(t, erin, access.ShareInput{DocumentIDs: []uuid.UUID{e}, Recipients: []string{b.tornike.Email}, Permission: access.PermissionWrite})
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, q)

	sugs, err := b.svc.ShareSuggestions(pgtest.ActingAs(b.tornike), []uuid.UUID{root}, []string{b.dana.Email, "agent:" + agent.Slug, "group:" + team.Slug}, 3)
	require.NoError(t, err)
	got := map[uuid.UUID][]string{}
	for _, s := range sugs {
		got[s.DocumentID] = s.Recipients
	}
	require.Equal(t, map[uuid.UUID][]string{
		a:  {"agent:" + agent.Slug},                                     // Dana and the team read it
		bb: {"agent:" + agent.Slug},                                     // Everyone reaches Dana and the team, not the agent
		e:  {b.dana.Email, "agent:" + agent.Slug, "group:" + team.Slug}, // a write grant may be shared on
		o:  {b.dana.Email, "agent:" + agent.Slug, "group:" + team.Slug},
	}, got, "c is only readable, q quarantined, root is shared itself")

	// Errors.
	_, err = b.svc.ShareSuggestions(pgtest.ActingAs(b.tornike), []uuid.UUID{root}, []string{b.dana.Email}, 4)
	pgtest.RequireCode(t, err, fault.BadInput, "depth")
	_, err = b.svc.ShareSuggestions(pgtest.ActingAs(b.tornike), nil, []string{b.dana.Email}, 1)
	pgtest.RequireCode(t, err, fault.BadInput, "documentIds")
	_, err = b.svc.ShareSuggestions(pgtest.ActingAs(b.dana), []uuid.UUID{root}, []string{erin.Email}, 1)
	pgtest.RequireCode(t, err, fault.NotFound, "documentIds")
	_, err = b.svc.ShareSuggestions(pgtest.ActingAs(b.tornike), []uuid.UUID{c}, []string{b.dana.Email}, 1)
	pgtest.RequireCode(t, err, fault.Forbidden, "documentIds")
}

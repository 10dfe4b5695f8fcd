package automation

import (
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/fault"
	"codna/internal/pgtest"
)

// Every bad definition is BAD_USER_INPUT naming its field, and nothing is
// written.
func TestBadDefinitionsAreRefusedWithTheirField(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.person(t)
	ev := func(f func(*Input)) Input {
		in := Input{Name: "n", Kind: KindEvent, TriggerEvents: []string{"document.created"}, Script: "1"}
		f(&in)
		return in
	}
	sched := func(f func(*Input)) Input {
		in := Input{Name: "n", Kind: KindSchedule, Schedule: "0 9 * * 1", Script: "1"}
		f(&in)
		return in
	}
	cases := []struct {
		name  string
		in    Input
		field string
	}{
		{"minute 61", sched(func(i *Input) { i.Schedule = "61 * * * *" }), "schedule"},
		{"hour 25", sched(func(i *Input) { i.Schedule = "0 25 * * *" }), "schedule"},
		{"six fields", sched(func(i *Input) { i.Schedule = "0 0 9 * * 1" }), "schedule"},
		{"a word", sched(func(i *Input) { i.Schedule = "every monday" }), "schedule"},
		{"empty schedule", sched(func(i *Input) { i.Schedule = "" }), "schedule"},
		{"February 30th", sched(func(i *Input) { i.Schedule = "0 0 30 2 *" }), "schedule"},
		{"unknown time zone", sched(func(i *Input) { i.TimeZone = "Mars/Olympus_Mons" }), "timezone"},
		{"Local", sched(func(i *Input) { i.TimeZone = "Local" }), "timezone"},
		{"path as time zone", sched(func(i *Input) { i.TimeZone = "../../etc/passwd" }), "timezone"},
		{"schedule with triggers", sched(func(i *Input) { i.TriggerEvents = []string{"document.created"} }), "triggerEvents"},
		{"schedule with scope", sched(func(i *Input) { i.Scope.Tags = []string{"x"} }), "scope"},
		{"unknown trigger", ev(func(i *Input) { i.TriggerEvents = []string{"document.exploded"} }), "triggerEvents"},
		{"no triggers", ev(func(i *Input) { i.TriggerEvents = nil }), "triggerEvents"},
		{"event with schedule", ev(func(i *Input) { i.Schedule = "* * * * *" }), "schedule"},
		{"scope space", ev(func(i *Input) { i.Scope.Space = "attic" }), "scope.space"},
		{"scope path", ev(func(i *Input) { i.Scope.PathPrefix = "../etc" }), "scope.pathPrefix"},
		{"scope tag", ev(func(i *Input) { i.Scope.Tags = []string{"not a tag!"} }), "scope.tags"},
		{"too many scope tags", ev(func(i *Input) { i.Scope.Tags = strings.Split(strings.Repeat("t,", 21)+"t", ",") }), "scope.tags"},
		{"no kind", ev(func(i *Input) { i.Kind = "" }), "kind"},
		{"no name", ev(func(i *Input) { i.Name = " " }), "name"},
		{"long name", ev(func(i *Input) { i.Name = strings.Repeat("n", MaxNameLength+1) }), "name"},
		{"no script", ev(func(i *Input) { i.Script = "  " }), "script"},
		{"huge script", ev(func(i *Input) { i.Script = strings.Repeat("x", 256<<10+1) }), "script"},
		{"NUL in script", ev(func(i *Input) { i.Script = "1\x00" }), "script"},
	}
	for _, c := range cases {
		_, err := b.svc.Create(pgtest.ActingAs(owner), c.in)
		pgtest.RequireCode(t, err, fault.BadInput, c.field)
	}
	require.Equal(t, 0, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automations`))
}

// Only people own automations; each sees and changes only their own;
// management sees metadata and may disable, never enable or read scripts.
func TestWhoMayDoWhatWithAutomations(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, other := b.person(t), b.person(t)
	agent := pgtest.CreateAgent(t, b.pool.Pool, owner.ID)
	in := Input{Name: "weekly", Kind: KindSchedule, Schedule: "0 9 * * 1", TimeZone: "Asia/Tbilisi", Script: "secret()"}

	_, err := b.svc.Create(pgtest.ActingAsAgent(agent), in)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.svc.Create(pgtest.ActingAsManagement(), in)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.svc.DryRun(pgtest.ActingAsManagement(), "1", nil)
	pgtest.RequireCode(t, err, fault.Forbidden, "")

	a := b.create(t, owner, in)
	require.Equal(t, "secret()", *a.Script)
	require.True(t, a.Enabled)

	for _, call := range []func() error{
		func() error { _, err := b.svc.Get(pgtest.ActingAs(other), a.ID); return err },
		func() error {
			_, err := b.svc.Update(pgtest.ActingAs(other), a.ID, Patch{Name: pgtest.Ptr("mine")})
			return err
		},
		func() error { _, err := b.svc.SetEnabled(pgtest.ActingAs(other), a.ID, false); return err },
		func() error { return b.svc.Delete(pgtest.ActingAs(other), a.ID) },
		func() error { _, _, err := b.svc.Runs(pgtest.ActingAs(other), a.ID, 10, nil); return err },
		func() error { _, err := b.svc.Get(pgtest.ActingAs(owner), uuid.Must(uuid.NewV7())); return err },
	} {
		pgtest.RequireCode(t, call(), fault.NotFound, "id")
	}
	mine, err := b.svc.Mine(pgtest.ActingAs(other))
	require.NoError(t, err)
	require.Empty(t, mine)

	all, more, err := b.svc.All(pgtest.ActingAsManagement(), 10, nil)
	require.NoError(t, err)
	require.False(t, more)
	require.Len(t, all, 1)
	require.Nil(t, all[0].Script)
	require.Equal(t, "weekly", all[0].Name)
	_, _, err = b.svc.All(pgtest.ActingAs(owner), 10, nil)
	pgtest.RequireCode(t, err, fault.Forbidden, "")

	_, err = b.svc.SetEnabled(pgtest.ActingAsManagement(), a.ID, true)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	off, err := b.svc.SetEnabled(pgtest.ActingAsManagement(), a.ID, false)
	require.NoError(t, err)
	require.False(t, off.Enabled)
	require.Nil(t, off.Script)
	require.Equal(t, "Disabled by management.", off.DisabledReason)
	require.Nil(t, off.NextRunAt, "a disabled schedule has no next tick")
	require.Equal(t, 1, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM management_audit WHERE action = 'automation.disable' AND target_user_id = $1`, owner.ID))

	// The owner changes it (the kind stays), enables it again, deletes it.
	up, err := b.svc.Update(pgtest.ActingAs(owner), a.ID, Patch{Schedule: pgtest.Ptr("30 8 * * *"), TimeZone: pgtest.Ptr("Europe/Berlin")})
	require.NoError(t, err)
	require.Equal(t, "30 8 * * *", up.Schedule)
	require.Equal(t, "secret()", *up.Script)
	_, err = b.svc.Update(pgtest.ActingAs(owner), a.ID, Patch{TriggerEvents: []string{"document.created"}})
	pgtest.RequireCode(t, err, fault.BadInput, "triggerEvents")
	on, err := b.svc.SetEnabled(pgtest.ActingAs(owner), a.ID, true)
	require.NoError(t, err)
	require.True(t, on.Enabled)
	require.Empty(t, on.DisabledReason)
	require.NotNil(t, on.NextRunAt)
	require.NoError(t, b.svc.Delete(pgtest.ActingAs(owner), a.ID))
	_, err = b.svc.Get(pgtest.ActingAs(owner), a.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "id")
}

// A dry run applies and records nothing, reads as its person, and reports
// proposals, logs and the limit it hit.
func TestDryRunAppliesNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, stranger := b.person(t), b.person(t)
	doc := b.doc(t, owner, pgtest.Doc{Title: "Handbook", Content: "Hello"})
	res, err := b.svc.DryRun(pgtest.ActingAs(owner), `
		console.log(event.type, event.document.title, event.document.content);
		codna.tag(event.documentId, 'seen');
		codna.share(event.documentId, 'someone@example.com', 'write');`,
		&SampleEvent{Type: "document.updated", DocumentID: &doc.ID, Payload: map[string]any{"version": 2}})
	require.NoError(t, err)
	require.Empty(t, res.Error)
	require.Equal(t, "document.updated Handbook Hello\n", res.Logs)
	require.Len(t, res.Proposals, 2)
	got, err := b.docs.Get(pgtest.ActingAs(owner), doc.ID)
	require.NoError(t, err)
	require.Empty(t, got.Tags, "nothing applied")
	require.Equal(t, 0, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automation_runs`))

	res, err = b.svc.DryRun(pgtest.ActingAs(owner), `while (true) {}`, nil)
	require.NoError(t, err)
	require.Equal(t, "execution_time", string(res.LimitHit))

	_, err = b.svc.DryRun(pgtest.ActingAs(stranger), `1`, &SampleEvent{Type: "document.updated", DocumentID: &doc.ID})
	pgtest.RequireCode(t, err, fault.NotFound, "event.documentId")
	_, err = b.svc.DryRun(pgtest.ActingAs(owner), `1`, &SampleEvent{Type: "document.exploded"})
	pgtest.RequireCode(t, err, fault.BadInput, "event.type")
	_, err = b.svc.DryRun(pgtest.ActingAs(owner), ``, nil)
	pgtest.RequireCode(t, err, fault.BadInput, "script")
}

package automation

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	require.NoError(t, err)
	return loc
}

// Cron expressions are read on the automation's wall clock, across daylight
// saving changes.
func TestNextTickFollowsTheWallClock(t *testing.T) {
	t.Parallel()
	ny, tb := mustLoc(t, "America/New_York"), mustLoc(t, "Asia/Tbilisi")
	cases := []struct {
		name, expr string
		loc        *time.Location
		after      time.Time
		want       time.Time
	}{
		{"weekly in Tbilisi", "0 9 * * 1", tb, time.Date(2026, 12, 2, 17, 0, 0, 0, time.UTC), time.Date(2026, 12, 7, 9, 0, 0, 0, tb)},
		{"a missing wall time runs when the clock has passed it", "30 2 * * *", ny,
			time.Date(2027, 3, 14, 1, 0, 0, 0, ny), time.Date(2027, 3, 14, 3, 30, 0, 0, ny)},
		{"the day after the jump, as usual", "30 2 * * *", ny,
			time.Date(2027, 3, 14, 4, 0, 0, 0, ny), time.Date(2027, 3, 15, 2, 30, 0, 0, ny)},
		{"a doubled wall time runs at the first", "30 1 * * *", ny,
			time.Date(2027, 11, 7, 0, 0, 0, 0, ny), time.Date(2027, 11, 7, 5, 30, 0, 0, time.UTC)},
		{"and not again at the second", "30 1 * * *", ny,
			time.Date(2027, 11, 7, 5, 30, 0, 0, time.UTC), time.Date(2027, 11, 8, 1, 30, 0, 0, ny)},
		{"hourly through the doubled hour", "0 * * * *", ny,
			time.Date(2027, 11, 7, 5, 0, 0, 0, time.UTC), time.Date(2027, 11, 7, 7, 0, 0, 0, time.UTC)},
	}
	for _, c := range cases {
		got, err := nextTick(c.expr, c.loc, c.after)
		require.NoError(t, err, c.name)
		require.True(t, c.want.Equal(got), "%s: want %s, got %s", c.name, c.want.UTC(), got)
	}
}

// Two schedulers over one database: every due tick is queued exactly once,
// and next_run_at moves to the future.
func TestTwoSchedulersNeverQueueOneTickTwice(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const n = 250
	owners := []pgtest.Person{b.person(t), b.person(t), b.person(t)}
	for i := range n {
		b.create(t, owners[i%len(owners)], Input{Kind: KindSchedule, Schedule: "*/5 * * * *", TimeZone: "Europe/Berlin", Script: `1`})
	}
	pgtest.Exec(t, b.pool.Pool, `UPDATE automations SET next_run_at = date_trunc('minute', now()) - interval '5 minutes'`)
	one, two := b.svc.NewScheduler(0, nil, nil), b.svc.NewScheduler(0, nil, nil)
	var wg sync.WaitGroup
	var counts [2]int64
	for i, sc := range []*Scheduler{one, two} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := sc.Tick(context.Background())
			require.NoError(t, err)
			counts[i] = c
		}()
	}
	wg.Wait()
	require.EqualValues(t, n, counts[0]+counts[1])
	require.Equal(t, n, pgtest.Count(t, b.pool.Pool, `SELECT count(DISTINCT automation_id) FROM automation_runs WHERE scheduled_for IS NOT NULL`))
	require.Equal(t, 0, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automations WHERE next_run_at <= now() OR last_run_at IS NULL`))
	// Ticking again queues nothing: nothing is due.
	c, err := one.Tick(context.Background())
	require.NoError(t, err)
	require.Zero(t, c)
}

// Ticks missed while every replica was down run once, not once per missed
// tick; a run queued for a tick is found again if the tick is retried.
func TestMissedTicksRunOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.person(t)
	a := b.create(t, owner, Input{Kind: KindSchedule, Schedule: "0 * * * *", Script: `
		const stale = codna.find({space: 'wiki', updatedBefore: '-1d', limit: 5});
		console.log(event === null, stale.length);`})
	require.NotNil(t, a.NextRunAt)
	require.True(t, a.NextRunAt.After(time.Now()))
	pgtest.Exec(t, b.pool.Pool, `UPDATE automations SET next_run_at = now() - interval '3 days' WHERE id = $1`, a.ID)
	sc := b.svc.NewScheduler(0, nil, nil)
	c, err := sc.Tick(context.Background())
	require.NoError(t, err)
	require.EqualValues(t, 1, c)
	// Replaying the same tick (a retried transaction) queues nothing more.
	pgtest.Exec(t, b.pool.Pool, `UPDATE automations SET next_run_at = (SELECT scheduled_for FROM automation_runs WHERE automation_id = $1) WHERE id = $1`, a.ID)
	c, err = sc.Tick(context.Background())
	require.NoError(t, err)
	require.Zero(t, c)
	b.drain(t)
	runs := b.runs(t, owner, a.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusOK, runs[0].Status, runs[0].Error)
	require.Equal(t, "true 0\n", runs[0].Logs)
	require.Equal(t, 1, runs[0].Reads)
	require.NotNil(t, runs[0].ScheduledFor)
}

// A scheduled run reads as its owner: codna.find sees what the owner could
// find, with the relative dates and the filters of the contract, and a
// message per stale page reaches its author (the weekly review).
func TestScheduledReviewNotifiesAuthorsOfStalePages(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, author, stranger := b.person(t), b.person(t), b.person(t)
	stale := b.doc(t, author, pgtest.Doc{Path: "ops", Tags: []string{"runbook"}, Title: "Old runbook"})
	fresh := b.doc(t, author, pgtest.Doc{Path: "ops", Tags: []string{"runbook"}, Title: "New runbook"})
	hidden := b.doc(t, stranger, pgtest.Doc{Path: "ops", Tags: []string{"runbook"}, Title: "Hidden runbook"})
	for _, d := range []uuid.UUID{stale.ID, fresh.ID} {
		pgtest.Grant(t, b.pool.Pool, d, "user", owner.ID, "read")
	}
	pgtest.Exec(t, b.pool.Pool, `UPDATE documents SET updated_at = now() - interval '200 days' WHERE id = ANY($1)`, []uuid.UUID{stale.ID, hidden.ID})
	a := b.create(t, owner, Input{Kind: KindSchedule, Schedule: "0 9 * * 1", TimeZone: "Asia/Tbilisi", Script: `
		for (const d of codna.find({space: 'wiki', updatedBefore: '-180d', tags: ['runbook']})) {
			codna.notify('` + author.Email + `', d.title + ' has not changed in 180 days: is it still right?');
		}`})
	pgtest.Exec(t, b.pool.Pool, `UPDATE automations SET next_run_at = now() - interval '1 minute' WHERE id = $1`, a.ID)
	_, err := b.svc.NewScheduler(0, nil, nil).Tick(context.Background())
	require.NoError(t, err)
	b.drain(t)
	runs := b.runs(t, owner, a.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusOK, runs[0].Status, runs[0].Error)
	require.Len(t, runs[0].Proposals, 1, "only the stale page the owner can read")
	msgs := b.notifications(t, author.ID, "automation.message")
	require.Len(t, msgs, 1)
	require.Contains(t, msgs[0]["message"], "Old runbook")
}

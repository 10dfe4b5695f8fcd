package automation

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/periodic"
)

// DefaultSchedulerPoll is how often the scheduler looks for due schedules.
const DefaultSchedulerPoll = time.Second

// schedulerBatch is how many due schedules one transaction claims.
const schedulerBatch = 100

// Scheduler queues the runs of due schedules. Each tick claims due
// automations with FOR UPDATE SKIP LOCKED, queues one run per automation
// for the tick it was due at (UNIQUE (automation_id, scheduled_for)) and
// moves next_run_at to the first tick after now, in one transaction: any
// number of replicas may run a Scheduler, and none runs a tick twice. Ticks
// missed while every replica was down run once: next_run_at is computed
// from now, not from the missed tick.
type Scheduler struct {
	s      *Service
	job    *periodic.Job
	queued func()
}

// NewScheduler returns a scheduler polling every poll (0: the default);
// queued is called after a pass queued runs.
func (s *Service) NewScheduler(poll time.Duration, queued func(), log *slog.Logger) *Scheduler {
	if poll <= 0 {
		poll = DefaultSchedulerPoll
	}
	sc := &Scheduler{s: s, queued: queued}
	sc.job = periodic.New("queue due automation schedules", poll, sc.Tick, log)
	return sc
}

// Start starts polling until ctx ends or Stop. It never fails.
func (sc *Scheduler) Start(ctx context.Context) error { return sc.job.Start(ctx) }

// Stop stops polling; it is idempotent.
func (sc *Scheduler) Stop() { sc.job.Stop() }

// Tick queues the runs of every schedule due now and returns how many it
// queued.
func (sc *Scheduler) Tick(ctx context.Context) (int64, error) {
	var total int64
	for {
		var claimed int
		err := db.InTx(ctx, sc.s.pool, func(tx db.DBTX) error {
			due, err := db.Q.AutomationListDue(ctx, tx, schedulerBatch)
			if err != nil {
				return err
			}
			claimed = len(due)
			if claimed == 0 {
				return nil
			}
			now := sc.s.now()
			adv := db.AutomationAdvanceParams{Ids: make([]uuid.UUID, 0, len(due)), NextRunAts: make([]time.Time, 0, len(due)), Queued: make([]bool, 0, len(due))}
			var ticks db.AutomationRunQueueTicksParams
			for _, a := range due {
				adv.Ids = append(adv.Ids, a.ID)
				adv.NextRunAts = append(adv.NextRunAts, sc.next(a, now))
				queue := a.OwnerActive && a.NextRunAt != nil
				adv.Queued = append(adv.Queued, queue)
				if queue {
					ticks.AutomationIds = append(ticks.AutomationIds, a.ID)
					ticks.Ticks = append(ticks.Ticks, *a.NextRunAt)
				}
			}
			if err := db.Q.AutomationAdvance(ctx, tx, adv); err != nil {
				return err
			}
			if len(ticks.AutomationIds) == 0 {
				return nil
			}
			n, err := db.Q.AutomationRunQueueTicks(ctx, tx, ticks)
			total += n
			return err
		})
		if err != nil {
			return total, err
		}
		if claimed < schedulerBatch {
			break
		}
	}
	if total > 0 && sc.queued != nil {
		sc.queued()
	}
	return total, nil
}

// next is a due schedule's next tick after now. A schedule that cannot be
// computed (it was valid when saved, so only a time zone database changed
// under it) is retried in an hour rather than every poll.
func (sc *Scheduler) next(a db.AutomationListDueRow, now time.Time) time.Time {
	if a.Schedule != nil {
		if _, loc, err := checkTimeZone(a.Timezone); err == nil {
			if t, err := nextTick(*a.Schedule, loc, now); err == nil {
				return t
			}
		}
	}
	sc.s.log.Warn("automation schedule: next tick not computable; trying again in an hour", "automation", a.ID, "schedule", a.Schedule, "timezone", a.Timezone)
	return now.Add(time.Hour)
}

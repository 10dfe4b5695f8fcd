package automation

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/outbox"
	"codna/internal/periodic"
	"codna/internal/sandbox"
)

// RunnerConfig configures a Runner.
type RunnerConfig struct {
	// Concurrency is how many runs this replica executes at once
	// (CODNA_AUTOMATION_WORKERS); 0 means DefaultConcurrency.
	Concurrency int
	// Lease is how long a claimed run is this worker's before another may
	// take it over, renewed every Lease/4 while it runs (docs/operations.md,
	// "Leases"); 0 means DefaultLease.
	Lease time.Duration
	// Poll is how often an idle loop looks for runs queued by other
	// replicas (this replica's matcher and scheduler wake it at once); 0
	// means DefaultPoll.
	Poll time.Duration
	// WorkerID names this replica's leases; "" means host name and pid.
	WorkerID string
}

// Runner defaults.
const (
	DefaultConcurrency = 2
	DefaultLease       = periodic.DefaultLease // a script ends within its 2 s CPU budget and the lease is renewed
	DefaultPoll        = time.Second
)

// Runner executes queued runs: it claims one under a lease, runs the
// script in the sandbox as the owner, records the result, applies the
// proposals one by one recording each verdict, and finishes the run. The
// lease is renewed while the run lasts, so a worker that dies leaves it to
// run out within Lease. Every write after the claim is conditional on
// still holding the lease, so a worker that lost its run stops writing.
// A run that fails because the host failed (the database, the sandbox) is
// given back and retried with backoff, at most MaxRunAttempts times; a
// retry whose script result was recorded does not run the script again.
type Runner struct {
	s     *Service
	cfg   RunnerConfig
	log   *slog.Logger
	loops *periodic.Loops
}

// NewRunner returns a Runner of the service's runs.
func (s *Service) NewRunner(cfg RunnerConfig) *Runner {
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = DefaultConcurrency
	}
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	r := &Runner{s: s, cfg: cfg, log: s.log}
	r.loops = periodic.NewLoops("automation run", cfg.Concurrency, cfg.Poll, cfg.WorkerID, r.runOne, s.log)
	r.cfg.WorkerID = r.loops.Prefix()
	return r
}

// Wake tells an idle loop that runs were queued.
func (r *Runner) Wake() { r.loops.Wake() }

// Start starts Concurrency loops claiming and executing runs until ctx
// ends or Stop. Starting a started Runner does nothing. It never fails.
func (r *Runner) Start(ctx context.Context) error { return r.loops.Start(ctx) }

// Stop stops the loops and waits for the runs in hand (a script ends by its
// wall time). A run stopped before its verdicts were recorded is taken up
// again when its lease runs out. Stop is idempotent.
func (r *Runner) Stop() { r.loops.Stop() }

// Drain executes queued runs in this goroutine until none can be claimed
// (tests and benchmarks call it instead of waiting for the loops).
func (r *Runner) Drain(ctx context.Context) error { return r.loops.Drain(ctx) }

// runOne claims one run and executes it; false when there was none.
func (r *Runner) runOne(ctx context.Context, worker string) (bool, error) {
	run, err := db.Q.AutomationRunClaim(ctx, r.s.pool, db.AutomationRunClaimParams{WorkerID: worker, LeaseMs: r.cfg.Lease.Milliseconds()})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("claim a run: %w", err)
	}
	x := &execution{r: r, s: r.s, run: run, worker: worker}
	work, stop := periodic.Renew(ctx, r.cfg.Lease/4, func(ctx context.Context) (bool, error) {
		n, err := db.Q.AutomationRunRenew(ctx, r.s.pool, db.AutomationRunRenewParams{ID: run.ID, WorkerID: worker, LeaseMs: r.cfg.Lease.Milliseconds()})
		return n > 0, err
	}, r.log)
	err = x.execute(work)
	stop()
	if errors.Is(context.Cause(work), periodic.ErrLeaseLost) {
		return true, nil // whoever holds it now goes on
	}
	if err != nil {
		x.release(ctx, err)
		return true, err
	}
	return true, nil
}

// execution is one claimed run being executed.
type execution struct {
	r      *Runner
	s      *Service
	run    db.AutomationRun
	worker string
	a      *Automation
	owner  context.Context // acting as the owner, for this automation
}

func (x *execution) execute(ctx context.Context) error {
	proceed, err := x.load(ctx)
	if err != nil || !proceed {
		return err
	}
	verdicts, res, err := x.script(ctx)
	if err != nil || verdicts == nil {
		return err
	}
	return x.applyAll(ctx, verdicts, res)
}

// load reads the run's automation and owner; false when the run ended
// there (the automation deleted, or the run finished as skipped or given
// up).
func (x *execution) load(ctx context.Context) (bool, error) {
	row, err := db.Q.AutomationGet(ctx, x.s.pool, x.run.AutomationID)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil // deleted: its runs went with it
	}
	if err != nil {
		return false, err
	}
	x.a = fromRow(row.Automation, row.OwnerActive, true)
	switch {
	case x.run.Attempts > MaxRunAttempts:
		return false, x.finish(ctx, StatusFailed, fmt.Sprintf("Given up after %d attempts: the server kept failing to run it.", MaxRunAttempts))
	case !row.OwnerActive || row.OwnerKind != string(auth.KindPerson):
		return false, x.finish(ctx, StatusSkipped, "Skipped: the automation's owner was deactivated.")
	case !row.Automation.Enabled:
		return false, x.finish(ctx, StatusSkipped, "Skipped: the automation was disabled before this run started.")
	}
	owner := &auth.Actor{UserID: row.Automation.OwnerID, Kind: auth.KindPerson, Email: row.OwnerEmail, Name: row.OwnerName}
	x.owner = asOwner(ctx, owner, x.a.ID)
	return true, nil
}

// asOwner is ctx acting as the owner for the automation id: reads and
// proposals are checked against the owner, and the events they write carry
// the automation.
func asOwner(ctx context.Context, owner *auth.Actor, id uuid.UUID) context.Context {
	return outbox.WithAutomation(auth.AsAutomation(ctx, owner), id)
}

// script runs the script unless an earlier attempt recorded its result, and
// returns the proposals (nil after finishing a run that could not start).
func (x *execution) script(ctx context.Context) ([]Verdict, *scriptOutcome, error) {
	if x.run.ScriptEndedAt != nil {
		var verdicts []Verdict
		if err := json.Unmarshal(x.run.Actions, &verdicts); err != nil {
			return nil, nil, fmt.Errorf("run %s: recorded proposals: %w", x.run.ID, err)
		}
		return nonNilVerdicts(verdicts), outcomeOf(x.run), nil
	}
	var ev *sandbox.Event
	if x.run.Event != nil {
		var err error
		if ev, err = x.event(ctx); err != nil || ev == nil {
			return nil, nil, err
		}
	}
	res, err := x.s.sandbox.Run(ctx, sandbox.Input{Script: *x.a.Script, Event: ev, Caps: ownerReads{s: x.s, owner: x.owner}})
	if err != nil {
		return nil, nil, err
	}
	verdicts := make([]Verdict, len(res.Proposals))
	for i, p := range res.Proposals {
		verdicts[i] = Verdict{Proposal: p}
		if !res.OK() {
			no := false
			verdicts[i].Applied, verdicts[i].Reason = &no, "Not applied: the script did not finish."
		}
	}
	actions, err := json.Marshal(verdicts)
	if err != nil {
		return nil, nil, err
	}
	out := &scriptOutcome{ok: res.OK(), limit: res.LimitHit, err: scriptErrorText(res.Err)}
	logs, ms, peak := res.Logs, int32(res.Duration.Milliseconds()), res.MemoryPeak
	if res.LogsTruncated {
		logs += "\n… (output beyond the log limit was dropped)"
	}
	p := db.AutomationRunRecordScriptParams{
		ID: x.run.ID, WorkerID: x.worker, Actions: actions, Reads: int32(res.Reads), Logs: &logs, DurationMs: &ms, MemoryPeak: &peak,
	}
	if out.err != "" {
		p.Error = &out.err
	}
	if res.LimitHit != sandbox.LimitNone {
		l := string(res.LimitHit)
		p.LimitHit = &l
	}
	n, err := db.Q.AutomationRunRecordScript(ctx, x.s.pool, p)
	if err != nil {
		return nil, nil, err
	}
	if n == 0 {
		return nil, nil, nil // the lease was lost: whoever holds it now goes on
	}
	return verdicts, out, nil
}

func nonNilVerdicts(v []Verdict) []Verdict {
	if v == nil {
		return []Verdict{}
	}
	return v
}

// scriptOutcome is how the script ended, as recorded.
type scriptOutcome struct {
	ok    bool
	limit sandbox.Limit
	err   string
}

func outcomeOf(r db.AutomationRun) *scriptOutcome {
	out := &scriptOutcome{ok: r.Error == nil && r.LimitHit == nil}
	if r.LimitHit != nil {
		out.limit = sandbox.Limit(*r.LimitHit)
	}
	if r.Error != nil {
		out.err = *r.Error
	}
	return out
}

func scriptErrorText(e *sandbox.ScriptError) string {
	if e == nil {
		return ""
	}
	s := e.Error()
	if e.Stack != "" {
		s += "\n" + e.Stack
	}
	return s
}

// event is the run's event as the script sees it, with the event's
// document read as the owner; nil after finishing the run as skipped when
// the owner can no longer read it (not even its id reaches the script).
func (x *execution) event(ctx context.Context) (*sandbox.Event, error) {
	var ev sandbox.Event
	if err := json.Unmarshal(x.run.Event, &ev); err != nil {
		return nil, fmt.Errorf("run %s: queued event: %w", x.run.ID, err)
	}
	if ev.DocumentID != nil {
		d, err := x.s.docs.Get(withActorOf(ctx, x.owner), *ev.DocumentID)
		if fault.CodeOf(err) == fault.NotFound {
			return nil, x.finish(ctx, StatusSkipped, "Skipped: the owner can no longer read the event's document.")
		}
		if err != nil {
			return nil, err
		}
		doc := scriptDoc(d, true)
		ev.Document = &doc
	}
	return &ev, nil
}

// applyAll applies the proposals without a verdict, one by one, recording
// each verdict, then finishes the run.
func (x *execution) applyAll(ctx context.Context, verdicts []Verdict, out *scriptOutcome) error {
	ar := applyRun{automation: x.a, runID: x.run.ID, owner: withActorOf(ctx, x.owner)}
	for i := range verdicts {
		v := &verdicts[i]
		if v.Applied != nil {
			continue
		}
		note, err := ar.apply(ctx, x.s, i, v.Proposal)
		applied := err == nil
		var rej *rejected
		switch {
		case errors.As(err, &rej):
			v.Reason = rej.reason
		case err != nil:
			return err // the host failed: retry the run from this proposal
		default:
			v.Reason = note
		}
		v.Applied = &applied
		verdict, err := json.Marshal(map[string]any{"applied": applied, "reason": v.Reason})
		if err != nil {
			return err
		}
		n, err := db.Q.AutomationRunSetVerdict(ctx, x.s.pool, db.AutomationRunSetVerdictParams{ID: x.run.ID, WorkerID: x.worker, Position: int32(i), Verdict: verdict})
		if err != nil {
			return err
		}
		if n == 0 {
			return nil // the lease was lost
		}
	}
	status := StatusOK
	switch {
	case out.limit == sandbox.LimitExecutionTime:
		status = StatusTimeout
	case !out.ok:
		status = StatusFailed
	case len(verdicts) > 0 && !anyApplied(verdicts):
		status = StatusRejected
	}
	return x.finish(ctx, status, "")
}

func anyApplied(vs []Verdict) bool {
	for _, v := range vs {
		if v.Applied != nil && *v.Applied {
			return true
		}
	}
	return false
}

// finish records the run's final status (and an error for a run that did
// not run its script) and, in the same transaction, tells the owner of a
// failure and disables an automation whose last FailuresToPause runs since
// its last change all failed or had every proposal rejected.
func (x *execution) finish(ctx context.Context, status Status, why string) error {
	return db.InTx(ctx, x.s.pool, func(tx db.DBTX) error {
		p := db.AutomationRunFinishParams{ID: x.run.ID, WorkerID: x.worker, Status: db.RunStatus(status)}
		if why != "" {
			p.Error = &why
		}
		n, err := db.Q.AutomationRunFinish(ctx, tx, p)
		if err != nil || n == 0 {
			return err // n == 0: the lease was lost
		}
		if status == StatusOK || status == StatusSkipped {
			return nil
		}
		a := x.a
		if status != StatusRejected {
			if err := x.notifyOwner(ctx, tx, map[string]any{"status": string(status), "disabled": false}); err != nil {
				return err
			}
		}
		if !a.Enabled {
			return nil
		}
		outcomes, err := db.Q.AutomationRunListOutcomes(ctx, tx, db.AutomationRunListOutcomesParams{AutomationID: a.ID, Since: a.UpdatedAt, RowLimit: FailuresToPause})
		if err != nil {
			return err
		}
		if len(outcomes) < FailuresToPause {
			return nil
		}
		for _, o := range outcomes {
			if o == db.RunStatusOk {
				return nil
			}
		}
		reason := fmt.Sprintf("Disabled after %d runs in a row that failed or had every proposal rejected: look at its runs, fix the script, then enable it.", FailuresToPause)
		if n, err := db.Q.AutomationDisableFailing(ctx, tx, db.AutomationDisableFailingParams{ID: a.ID, DisabledReason: &reason}); err != nil || n == 0 {
			return err
		}
		return x.notifyOwner(ctx, tx, map[string]any{"status": string(status), "disabled": true, "reason": reason})
	})
}

// notifyOwner tells the owner about a failed run (automation.failed,
// coalesced per automation).
func (x *execution) notifyOwner(ctx context.Context, tx db.DBTX, payload map[string]any) error {
	payload["automationId"], payload["automationName"], payload["runId"] = x.a.ID, x.a.Name, x.run.ID
	_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
		RecipientID: x.a.OwnerID, Type: inbox.TypeAutomationFailed, SubjectType: "automation", SubjectID: &x.a.ID, Payload: payload,
	})
	return err
}

// release gives a run the host failed on back, to be retried after a
// backoff (1 s doubling, at most a minute).
func (x *execution) release(ctx context.Context, cause error) {
	if ctx.Err() != nil {
		ctx = context.WithoutCancel(ctx) // stopping: give it back now rather than at the lease's end
	}
	wait := periodic.Backoff(int(x.run.Attempts))
	if _, err := db.Q.AutomationRunRelease(ctx, x.s.pool, db.AutomationRunReleaseParams{ID: x.run.ID, WorkerID: x.worker, RetryMs: wait.Milliseconds()}); err != nil {
		x.r.log.Warn("automation run: give back", "run", x.run.ID, "error", err, "cause", cause)
	}
}

// withActorOf returns ctx (its deadline and cancellation) acting as the
// actor of as, for the automation as acts for.
func withActorOf(ctx, as context.Context) context.Context {
	ctx = auth.WithActor(ctx, auth.ActorFrom(as))
	if id := outbox.AutomationFrom(as); id != nil {
		ctx = outbox.WithAutomation(ctx, *id)
	}
	return ctx
}

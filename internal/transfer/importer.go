package transfer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"codna/internal/archive"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/periodic"
)

// MaxImportAttempts is how many times an import is picked up before it
// fails: a worker that keeps dying on it must not hold the queue forever.
const MaxImportAttempts = 5

// ImportWorker reads queued imports into their folders (docs/design.md,
// "Imports"). It claims an import with a lease, renews it as pages land,
// and records each page in import_pages in the transaction that writes it,
// so a worker that dies is replaced by one that resumes where it stopped
// without writing any page twice.
type ImportWorker struct {
	worker
	s   *Service
	log *slog.Logger
	// afterPage, when set (tests), is called after each page a run
	// handles, with how many it has handled.
	afterPage func(done int)
}

// NewImportWorker returns the import worker, woken by StartImport.
func (s *Service) NewImportWorker(cfg WorkerConfig, log *slog.Logger) *ImportWorker {
	w := &ImportWorker{s: s, log: log}
	w.worker = newWorker("import", cfg, w.runOne, log)
	if w.log == nil {
		w.log = slog.Default()
	}
	s.queued = w.loops.Wake
	return w
}

func (w *ImportWorker) runOne(ctx context.Context, worker string) (bool, error) {
	row, err := db.Q.ImportClaim(ctx, w.s.pool, db.ImportClaimParams{WorkerID: worker, LeaseMs: w.cfg.Lease.Milliseconds()})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("claim an import: %w", err)
	}
	r := &importRun{w: w, imp: importOf(row), worker: worker}
	work, stop := w.renew(ctx, func(ctx context.Context) (int64, error) {
		return db.Q.ImportRenew(ctx, w.s.pool, db.ImportRenewParams{ID: r.imp.ID, WorkerID: worker, LeaseMs: w.cfg.Lease.Milliseconds()})
	})
	err = r.run(work)
	stop()
	if err != nil {
		if errors.Is(err, errLeaseLost) || errors.Is(context.Cause(work), periodic.ErrLeaseLost) {
			return true, nil
		}
		retry := periodic.Backoff(r.imp.Attempts)
		if _, rerr := db.Q.ImportRelease(context.WithoutCancel(ctx), w.s.pool, db.ImportReleaseParams{ID: r.imp.ID, WorkerID: worker, RetryMs: retry.Milliseconds()}); rerr != nil {
			w.log.Warn("import: give back", "import", r.imp.ID, "error", rerr)
		}
		return true, err
	}
	return true, nil
}

// errLeaseLost stops a run whose lease another worker took.
var errLeaseLost = errors.New("transfer: the lease was lost")

// failure is an import that cannot succeed (the archive's fault).
type failure struct{ reason string }

func (f *failure) Error() string { return f.reason }

// importRun is one claimed import being read.
type importRun struct {
	w      *ImportWorker
	imp    *Import
	worker string
	owner  context.Context // acting as the importer, for the files
	report Report
	saved  time.Time // when progress was last recorded
	done   int
	total  int
}

func (r *importRun) run(ctx context.Context) error {
	r.report = r.imp.Report
	if r.imp.Attempts > MaxImportAttempts {
		return r.finish(ctx, fmt.Sprintf("Gave up after %d attempts: the server kept failing to import it.", MaxImportAttempts))
	}
	r.owner = auth.WithActor(ctx, &auth.Actor{UserID: r.imp.UserID, Kind: auth.KindPerson})
	a, closeArchive, err := r.open(ctx)
	var f *failure
	if errors.As(err, &f) {
		return r.finish(ctx, f.reason)
	}
	if err != nil {
		return err
	}
	defer closeArchive()
	tree, err := archive.Read(a, r.imp.Format)
	if err != nil {
		if errors.Is(err, archive.ErrFormat) || errors.Is(err, archive.ErrCorrupt) || errors.As(err, new(*archive.LimitError)) {
			return r.finish(ctx, err.Error())
		}
		return err
	}
	r.skip(tree.Skipped...)
	// The pages of a run before this one (a worker that died) count as
	// they were written; this run passes over them.
	counts, err := db.Q.ImportPageCountOutcomes(ctx, r.w.s.pool, r.imp.ID)
	if err != nil {
		return err
	}
	r.report.Created, r.report.Updated, r.report.Unchanged = int(counts.Created), int(counts.Updated), int(counts.Unchanged)
	plan, err := r.plan(ctx, tree)
	if err != nil {
		return err
	}
	r.total = len(tree.Pages)
	for i, p := range tree.Pages {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := r.page(ctx, plan, p); err != nil {
			return err
		}
		r.done = i + 1
		if err := r.progress(ctx, false); err != nil {
			return err
		}
		if r.w.afterPage != nil {
			r.w.afterPage(r.done)
		}
	}
	return r.finish(ctx, "")
}

// open copies the kept archive to a temporary file (a zip is read at
// random, and a store may stream it only from the start) and opens it.
func (r *importRun) open(ctx context.Context) (*archive.Archive, func(), error) {
	s := r.w.s
	ing, err := db.Q.IngestionGet(ctx, s.pool, r.imp.ArchiveID)
	if err != nil {
		return nil, nil, err
	}
	if ing.StorageKey == nil {
		return nil, nil, &failure{"The archive is no longer kept."}
	}
	src, err := s.store.Open(ctx, *ing.StorageKey)
	if errors.Is(err, files.ErrNoFile) {
		return nil, nil, &failure{"The archive is no longer kept."}
	}
	if err != nil {
		return nil, nil, err
	}
	defer src.Close()
	tmp, err := os.CreateTemp(s.cfg.TempDir, "import-*.zip")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { tmp.Close(); os.Remove(tmp.Name()) }
	n, err := io.Copy(tmp, src)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	a, err := archive.Open(tmp, n, s.cfg.Archive)
	if err != nil {
		cleanup()
		return nil, nil, &failure{err.Error()}
	}
	return a, cleanup, nil
}

// skip adds entries left out to the report, once each.
func (r *importRun) skip(skips ...archive.Skip) {
	for _, sk := range skips {
		if !slices.Contains(r.report.Skipped, sk) {
			r.report.Skipped = append(r.report.Skipped, sk)
		}
	}
}

// progress records how far the run got and renews the lease, at most
// every second unless final; a lost lease stops the run.
func (r *importRun) progress(ctx context.Context, force bool) error {
	if !force && time.Since(r.saved) < time.Second && r.done < r.total {
		return nil
	}
	rep, err := json.Marshal(r.report)
	if err != nil {
		return err
	}
	n, err := db.Q.ImportProgress(ctx, r.w.s.pool, db.ImportProgressParams{
		ID: r.imp.ID, WorkerID: r.worker, Done: int32(r.done), Total: int32(r.total), Report: rep, LeaseMs: r.w.cfg.Lease.Milliseconds(),
	})
	if err != nil {
		return err
	}
	if n == 0 {
		return errLeaseLost
	}
	r.saved = time.Now()
	return nil
}

// finish ends the run: done (reason "") or failed with the reason, and
// tells the importer.
func (r *importRun) finish(ctx context.Context, reason string) error {
	rep, err := json.Marshal(r.report)
	if err != nil {
		return err
	}
	status, typ := StatusDone, inbox.TypeImportDone
	var errText *string
	if reason != "" {
		status, typ, errText = StatusFailed, inbox.TypeImportFailed, &reason
	}
	return db.InTx(ctx, r.w.s.pool, func(tx db.DBTX) error {
		n, err := db.Q.ImportFinish(ctx, tx, db.ImportFinishParams{
			ID: r.imp.ID, WorkerID: r.worker, Status: string(status), Done: int32(r.done), Total: int32(r.total), Report: rep, Error: errText,
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return errLeaseLost
		}
		payload := map[string]any{
			"importId": r.imp.ID.String(), "path": r.imp.Path, "space": string(r.imp.Space),
			"created": r.report.Created, "updated": r.report.Updated, "unchanged": r.report.Unchanged, "skipped": len(r.report.Skipped),
		}
		if reason != "" {
			payload["reason"] = reason
		}
		_, err = inbox.NotifyInTx(ctx, tx, inbox.Notice{RecipientID: r.imp.UserID, Type: typ, SubjectType: "import", SubjectID: &r.imp.ID, Payload: payload})
		return err
	})
}

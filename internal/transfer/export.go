package transfer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/periodic"
)

// ExportTTL is how long a finished export can be downloaded.
const ExportTTL = 24 * time.Hour

// ExportStatus is where an export stands.
type ExportStatus string

// The statuses of an export (exports_status_ck).
const (
	ExportQueued  ExportStatus = "queued"
	ExportRunning ExportStatus = "running"
	ExportReady   ExportStatus = "ready"
	ExportFailed  ExportStatus = "failed"
)

// Export is an export as its requester sees it.
type Export struct {
	ID          uuid.UUID
	RequesterID uuid.UUID
	Space       document.Space
	Path        string
	Status      ExportStatus
	Done, Total int
	Error       string
	ByteSize    int64
	ExpiresAt   *time.Time
	CreatedAt   time.Time
	FinishedAt  *time.Time
	storageKey  string
}

// URL is where the requester downloads a ready export, with their session
// or token.
func (e *Export) URL() string { return "/exports/" + e.ID.String() }

func exportOf(r db.Export) *Export {
	out := &Export{
		ID: r.ID, RequesterID: r.RequesterID, Space: document.Space(r.Space), Path: r.Path, Status: ExportStatus(r.Status),
		Done: int(r.Done), Total: int(r.Total), ExpiresAt: r.ExpiresAt, CreatedAt: r.CreatedAt, FinishedAt: r.FinishedAt,
	}
	if r.Error != nil {
		out.Error = *r.Error
	}
	if r.ByteSize != nil {
		out.ByteSize = *r.ByteSize
	}
	if r.StorageKey != nil {
		out.storageKey = *r.StorageKey
	}
	return out
}

// StartExport queues an export of the folder (space, path) for the acting
// person: only the pages they can read go in it. Errors: UNAUTHENTICATED;
// FORBIDDEN for management and agents; BAD_USER_INPUT on space and path.
func (s *Service) StartExport(ctx context.Context, space document.Space, path string) (*Export, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	sp, err := document.ParseSpace("space", string(space))
	if err != nil {
		return nil, err
	}
	if path, err = document.NormalizePath(path); err != nil {
		return nil, err
	}
	row, err := db.Q.ExportCreate(ctx, s.pool, db.ExportCreateParams{ID: uuid.Must(uuid.NewV7()), RequesterID: actor.UserID, Space: db.Space(sp), Path: path})
	if err != nil {
		return nil, err
	}
	if s.asked != nil {
		s.asked()
	}
	return exportOf(row), nil
}

var errNoExport = &fault.Error{Code: fault.NotFound, Field: "id", Message: "No export of yours has that id."}

// GetExport reads one of the acting person's exports (an expired one is
// gone). Errors: UNAUTHENTICATED; FORBIDDEN for management and agents;
// NOT_FOUND on id for anyone else's.
func (s *Service) GetExport(ctx context.Context, id uuid.UUID) (*Export, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.ExportGet(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && (row.RequesterID != actor.UserID || (row.ExpiresAt != nil && row.ExpiresAt.Before(time.Now())))) {
		return nil, errNoExport
	}
	if err != nil {
		return nil, err
	}
	return exportOf(row), nil
}

// ListExports pages through the acting person's exports that have not
// expired, newest first (first 1–100). Errors: as ListImports'.
func (s *Service) ListExports(ctx context.Context, first int, after *uuid.UUID) ([]*Export, bool, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, false, err
	}
	if first < 1 || first > 100 {
		return nil, false, fault.Input("first", "Ask for 1 to 100 exports.")
	}
	rows, err := db.Q.ExportList(ctx, s.pool, db.ExportListParams{RequesterID: actor.UserID, BeforeID: after, RowLimit: int32(first + 1)})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > first
	if more {
		rows = rows[:first]
	}
	out := make([]*Export, len(rows))
	for i, r := range rows {
		out[i] = exportOf(r)
	}
	return out, more, nil
}

// OpenExport opens a ready export's zip for its requester. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and agents; NOT_FOUND for
// anyone else's, an expired one, or one not ready.
func (s *Service) OpenExport(ctx context.Context, id uuid.UUID) (*Export, files.File, error) {
	e, err := s.GetExport(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if e.Status != ExportReady || e.storageKey == "" {
		return nil, nil, &fault.Error{Code: fault.NotFound, Field: "id", Message: "The export is not ready."}
	}
	f, err := s.store.Open(ctx, e.storageKey)
	if err != nil {
		return nil, nil, fmt.Errorf("transfer: open export %s: %w", e.ID, err)
	}
	return e, f, nil
}

// ExportWorker builds queued exports (WriteTree as their requester) into
// the file store, and deletes expired ones.
type ExportWorker struct {
	worker
	s   *Service
	log *slog.Logger
}

// NewExportWorker returns the export worker, woken by StartExport.
func (s *Service) NewExportWorker(cfg WorkerConfig, log *slog.Logger) *ExportWorker {
	w := &ExportWorker{s: s, log: log}
	w.worker = newWorker("export", cfg, w.runOne, log)
	if w.log == nil {
		w.log = slog.Default()
	}
	s.asked = w.loops.Wake
	return w
}

// Sweep deletes up to limit expired exports (their bytes queued for the
// files' maintenance) and returns how many.
func (w *ExportWorker) Sweep(ctx context.Context, limit int) (int, error) {
	n, err := db.Q.ExportDeleteExpired(ctx, w.s.pool, int32(limit))
	return int(n), err
}

func (w *ExportWorker) runOne(ctx context.Context, worker string) (bool, error) {
	row, err := db.Q.ExportClaim(ctx, w.s.pool, db.ExportClaimParams{WorkerID: worker, LeaseMs: w.cfg.Lease.Milliseconds()})
	if errors.Is(err, pgx.ErrNoRows) {
		n, err := w.Sweep(ctx, 100)
		return n > 0, err
	}
	if err != nil {
		return false, fmt.Errorf("claim an export: %w", err)
	}
	e := exportOf(row)
	work, stop := w.renew(ctx, func(ctx context.Context) (int64, error) {
		return db.Q.ExportRenew(ctx, w.s.pool, db.ExportRenewParams{ID: e.ID, WorkerID: worker, LeaseMs: w.cfg.Lease.Milliseconds()})
	})
	err = w.build(work, e, worker)
	stop()
	if err != nil {
		if errors.Is(err, errLeaseLost) || errors.Is(context.Cause(work), periodic.ErrLeaseLost) {
			return true, nil
		}
		if fe := fault.Refusal(err); fe != nil || int(row.Attempts) > MaxImportAttempts {
			reason := fmt.Sprintf("Gave up after %d attempts: the server kept failing to export it.", MaxImportAttempts)
			if fe != nil {
				reason = fe.Message
			}
			return true, w.finish(ctx, e, worker, nil, 0, reason)
		}
		retry := periodic.Backoff(int(row.Attempts))
		if _, rerr := db.Q.ExportRelease(context.WithoutCancel(ctx), w.s.pool, db.ExportReleaseParams{ID: e.ID, WorkerID: worker, RetryMs: retry.Milliseconds()}); rerr != nil {
			w.log.Warn("export: give back", "export", e.ID, "error", rerr)
		}
		return true, err
	}
	return true, nil
}

// build writes the tree to a temporary file, keeps it in the store and
// finishes the export.
func (w *ExportWorker) build(ctx context.Context, e *Export, worker string) error {
	s := w.s
	as := auth.WithActor(ctx, &auth.Actor{UserID: e.RequesterID, Kind: auth.KindPerson})
	tmp, err := os.CreateTemp(s.cfg.TempDir, "export-*.zip")
	if err != nil {
		return err
	}
	defer func() { tmp.Close(); os.Remove(tmp.Name()) }()
	var last time.Time
	var lost bool
	err = s.WriteTree(as, tmp, e.Space, e.Path, func(done, total int) {
		e.Done, e.Total = done, total
		if time.Since(last) < time.Second && done < total {
			return
		}
		last = time.Now()
		n, err := db.Q.ExportProgress(ctx, s.pool, db.ExportProgressParams{ID: e.ID, WorkerID: worker, Done: int32(done), Total: int32(total), LeaseMs: w.cfg.Lease.Milliseconds()})
		if err == nil && n == 0 {
			lost = true
		}
	})
	if lost {
		return errLeaseLost
	}
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, 0); err != nil {
		return err
	}
	key := "export-" + e.ID.String() + ".zip"
	in, err := files.Keep(ctx, s.pool, s.store, key, tmp, 1<<62)
	if err != nil {
		return err
	}
	return w.finish(ctx, e, worker, &key, in.Size(), "")
}

// finish ends an export: ready with its zip (key), or failed with the
// reason; the requester is told when it is ready.
func (w *ExportWorker) finish(ctx context.Context, e *Export, worker string, key *string, size int64, reason string) error {
	return db.InTx(ctx, w.s.pool, func(tx db.DBTX) error {
		p := db.ExportFinishParams{ID: e.ID, WorkerID: worker, Status: string(ExportReady), Done: int32(e.Done), Total: int32(e.Total), StorageKey: key}
		if reason != "" {
			p.Status, p.Error = string(ExportFailed), &reason
		} else {
			expires := time.Now().Add(ExportTTL)
			p.ByteSize, p.ExpiresAt = &size, &expires
		}
		n, err := db.Q.ExportFinish(ctx, tx, p)
		if err != nil {
			return err
		}
		if n == 0 {
			return errLeaseLost
		}
		if key != nil {
			if err := files.KeptInTx(ctx, tx, *key); err != nil {
				return err
			}
		}
		if reason != "" {
			return nil
		}
		_, err = inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: e.RequesterID, Type: inbox.TypeExportReady, SubjectType: "export", SubjectID: &e.ID,
			Payload: map[string]any{"exportId": e.ID.String(), "space": string(e.Space), "path": e.Path, "pages": e.Total, "url": e.URL()},
		})
		return err
	})
}

// NotifyExportWritten tells the person acting in ctx, in their inbox, that
// the folder (space, path) was written for them outside the export queue —
// by `codna export` on the host (WriteTree), which by names — with pages
// pages. Errors: UNAUTHENTICATED; FORBIDDEN unless a person acts; the
// database's.
func (s *Service) NotifyExportWritten(ctx context.Context, space document.Space, path string, pages int, by string) error {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		_, err := inbox.NotifyInTx(auth.SystemContext(ctx), tx, inbox.Notice{
			RecipientID: actor.UserID, Type: inbox.TypeExportReady, SubjectType: "export",
			Payload: map[string]any{"space": string(space), "path": path, "pages": pages, "by": by},
		})
		return err
	})
}

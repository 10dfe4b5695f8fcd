package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/convert"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/outbox"
	"codna/internal/periodic"
)

// WorkerConfig configures a Worker.
type WorkerConfig struct {
	// Concurrency is how many conversions a replica runs at once; 0 is 1.
	Concurrency int
	// Lease is how long a claimed conversion is this worker's, renewed
	// every Lease/4 while it runs; 0 is periodic.DefaultLease.
	Lease time.Duration
	// Budget bounds one conversion; 0 is a minute. Past it the ingestion
	// fails with the reason.
	Budget time.Duration
	// Poll is how often an idle worker looks for ingestions queued on
	// other replicas; 0 is 2 seconds.
	Poll time.Duration
	// MaxBodyBytes is the documents' body limit (a conversion's output
	// over it fails); 0 is document.DefaultMaxBodyBytes.
	MaxBodyBytes int
	// WorkerID names this replica's leases; "" is host name and pid.
	WorkerID string
}

// MaxAttempts is how many times a conversion is taken up before it fails
// for good (the server kept failing on it).
const MaxAttempts = 5

// The outbox events of a finished ingestion (an automation may trigger on
// ingestion.ready: it has the document).
const (
	EventReady  = "ingestion.ready"
	EventFailed = "ingestion.failed"
)

// Worker converts queued ingestions: it claims one under a lease, converts
// its kept original, and in one transaction writes the raw document (or
// its next revision), finishes the ingestion and tells the uploader. A
// worker that dies mid-way leaves the lease (renewed while it lives) to
// run out within Lease; the next one finds document_id set when the
// document was made, so it never makes a second.
type Worker struct {
	s     *Service
	cfg   WorkerConfig
	log   *slog.Logger
	loops *periodic.Loops
	// converted, when set (tests), is called after a conversion and
	// before its page is written.
	converted func()
}

// NewWorker returns a Worker of the service's ingestions, woken by Ingest
// and Reconvert (Service.OnQueued).
func (s *Service) NewWorker(cfg WorkerConfig, log *slog.Logger) *Worker {
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	if cfg.Lease <= 0 {
		cfg.Lease = periodic.DefaultLease
	}
	if cfg.Budget <= 0 {
		cfg.Budget = time.Minute
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 2 * time.Second
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = document.DefaultMaxBodyBytes
	}
	if log == nil {
		log = slog.Default()
	}
	w := &Worker{s: s, cfg: cfg, log: log}
	w.loops = periodic.NewLoops("ingestion", cfg.Concurrency, cfg.Poll, cfg.WorkerID, w.runOne, log)
	w.cfg.WorkerID = w.loops.Prefix()
	s.OnQueued(w.Wake)
	return w
}

// Wake tells an idle loop that an ingestion was queued.
func (w *Worker) Wake() { w.loops.Wake() }

// Start starts the loops until ctx ends or Stop. It never fails.
func (w *Worker) Start(ctx context.Context) error { return w.loops.Start(ctx) }

// Stop stops the loops and waits for the conversions in hand (each within
// its Budget). Idempotent.
func (w *Worker) Stop() { w.loops.Stop() }

// Drain converts queued ingestions in this goroutine until none can be
// claimed (tests).
func (w *Worker) Drain(ctx context.Context) error { return w.loops.Drain(ctx) }

func (w *Worker) runOne(ctx context.Context, worker string) (bool, error) {
	row, err := db.Q.IngestionClaim(ctx, w.s.pool, db.IngestionClaimParams{WorkerID: worker, LeaseMs: w.cfg.Lease.Milliseconds()})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("claim an ingestion: %w", err)
	}
	c := &conversion{w: w, ing: fromRow(row), worker: worker}
	work, stop := periodic.Renew(ctx, w.cfg.Lease/4, func(ctx context.Context) (bool, error) {
		n, err := db.Q.IngestionRenew(ctx, w.s.pool, db.IngestionRenewParams{ID: c.ing.ID, WorkerID: worker, LeaseMs: w.cfg.Lease.Milliseconds()})
		return n > 0, err
	}, w.log)
	err = c.run(work)
	stop()
	if errors.Is(context.Cause(work), periodic.ErrLeaseLost) {
		return true, nil // whoever holds it now goes on
	}
	if err != nil {
		retry := periodic.Backoff(c.ing.Attempts)
		if _, rerr := db.Q.IngestionRelease(context.WithoutCancel(ctx), w.s.pool, db.IngestionReleaseParams{ID: c.ing.ID, WorkerID: worker, RetryMs: retry.Milliseconds()}); rerr != nil {
			w.log.Warn("ingestion: give back", "ingestion", c.ing.ID, "error", rerr)
		}
		return true, err
	}
	return true, nil
}

// conversion is one claimed ingestion being converted.
type conversion struct {
	w      *Worker
	ing    *Ingestion
	worker string
}

// failure is a conversion that cannot succeed (the file's fault): the
// ingestion fails with it, and the original stays for a reconversion.
type failure struct{ reason string }

func (f *failure) Error() string { return f.reason }

func (c *conversion) run(ctx context.Context) error {
	if c.ing.Attempts > MaxAttempts {
		return c.fail(ctx, fmt.Sprintf("Gave up after %d attempts: the server kept failing to convert it.", MaxAttempts))
	}
	owner := auth.WithActor(ctx, &auth.Actor{UserID: c.ing.UserID, Kind: auth.KindPerson})
	if c.ing.Kind == convert.KindImage {
		return c.image(ctx, owner)
	}
	title, body, err := c.convert(ctx)
	var f *failure
	if errors.As(err, &f) {
		return c.fail(ctx, f.reason)
	}
	if err != nil {
		return err
	}
	if c.w.converted != nil {
		c.w.converted()
	}
	return c.write(ctx, title, body)
}

// convert reads the kept original and converts it within the budget.
func (c *conversion) convert(ctx context.Context) (title, body string, err error) {
	if c.ing.Kind == convert.KindUnknown {
		return "", "", &failure{fmt.Sprintf("%s files cannot be converted: bring markdown, text, HTML, PDF, DOCX or an image.", c.ing.MimeType)}
	}
	f, err := c.w.s.store.Open(ctx, c.ing.storageKey)
	if err != nil {
		return "", "", fmt.Errorf("ingestion %s: open the original: %w", c.ing.ID, err)
	}
	defer f.Close()
	budget, cancel := context.WithTimeout(ctx, c.w.cfg.Budget)
	defer cancel()
	lim := convert.DefaultLimits
	lim.MaxOutputBytes = c.w.cfg.MaxBodyBytes
	res, err := convert.Convert(budget, c.ing.Kind, &readerAt{f: f}, f.Size(), lim)
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return "", "", ctx.Err() // stopping: someone else converts it
	case errors.Is(err, context.DeadlineExceeded):
		return "", "", &failure{fmt.Sprintf("Converting it took longer than %s.", c.w.cfg.Budget)}
	case errors.Is(err, convert.ErrTooLarge), errors.Is(err, convert.ErrCorrupt), errors.Is(err, convert.ErrUnsupported):
		return "", "", &failure{strings.TrimPrefix(err.Error(), "convert: ")}
	default:
		return "", "", err
	}
	title = strings.TrimSpace(res.Title)
	if title == "" {
		title = strings.TrimSuffix(c.ing.Filename, path.Ext(c.ing.Filename))
	}
	if t, err := document.CheckTitle(title); err == nil {
		title = t
	} else {
		title = "Untitled"
	}
	return title, res.Markdown, nil
}

// write makes the raw document, or its next revision, and finishes the
// ingestion in the same transaction.
func (c *conversion) write(ctx context.Context, title, body string) error {
	sys := auth.SystemContext(ctx)
	docs := c.w.s.docs
	if c.ing.DocumentID != nil {
		return db.InTx(ctx, c.w.s.pool, func(tx db.DBTX) error {
			if _, _, err := docs.ReplaceIngested(sys, tx, *c.ing.DocumentID, c.ing.UserID, title, body); err != nil {
				if fe := fault.Refusal(err); fe != nil {
					return c.failTx(ctx, tx, "The page it made cannot take the new version: "+fe.Message)
				}
				return err
			}
			return c.finishTx(ctx, tx, c.ing.DocumentID)
		})
	}
	_, err := c.createPage(ctx, title, func(string) string { return body }, true)
	return err
}

// createPage makes the ingestion's raw page at the first free address
// (the file name's slug, then slug-2, …), each try a transaction of its own
// that also records the page on the ingestion — and, with finish, ends the
// ingestion ready. body gives the page's body for a slug. It returns nil
// after ending the ingestion failed (no free address, a body CoDNA cannot
// keep).
func (c *conversion) createPage(ctx context.Context, title string, body func(slug string) string, finish bool) (*uuid.UUID, error) {
	sys := auth.SystemContext(ctx)
	base := slugOf(c.ing.Filename)
	for i := 1; i <= 50; i++ {
		slug := base
		if i > 1 {
			slug = fmt.Sprintf("%s-%d", base, i)
		}
		var made *uuid.UUID
		err := db.InTx(ctx, c.w.s.pool, func(tx db.DBTX) error {
			d, err := c.w.s.docs.CreateIngested(sys, tx, c.ing.UserID, c.ing.ID, document.CreateInput{
				Space: document.SpaceRaw, Path: c.ing.Path, Slug: slug, Title: &title, Content: body(slug),
			})
			if err != nil {
				return err
			}
			if n, err := db.Q.IngestionSetDocument(ctx, tx, db.IngestionSetDocumentParams{ID: c.ing.ID, WorkerID: c.worker, DocumentID: &d.ID}); err != nil || n == 0 {
				return errLeaseLost(err)
			}
			made = &d.ID
			if finish {
				return c.finishTx(ctx, tx, &d.ID)
			}
			return nil
		})
		if fe := fault.As(err); fe != nil && fe.Code == fault.Conflict && fe.Field == "slug" {
			continue // the address is taken: the next one
		}
		if fe := fault.Refusal(err); fe != nil && fe.Code == fault.BadInput {
			return nil, c.fail(ctx, "The converted page is not one CoDNA can keep: "+fe.Message)
		}
		if err != nil {
			return nil, err
		}
		return made, nil
	}
	return nil, c.fail(ctx, "No free address for it in "+c.ing.Path+": rename the file or choose another folder.")
}

// image makes a page embedding the image as its attachment: the page
// first (recorded on the ingestion), then the file — uploaded again on a
// retry, which gives back the file the page has.
func (c *conversion) image(ctx, owner context.Context) error {
	if c.ing.DocumentID == nil {
		title := strings.TrimSuffix(c.ing.Filename, path.Ext(c.ing.Filename))
		if t, err := document.CheckTitle(title); err == nil {
			title = t
		} else {
			title = "Image"
		}
		made, err := c.createPage(ctx, title, func(slug string) string {
			return fmt.Sprintf("![%s](%s.files/%s)\n", title, slug, c.ing.Filename)
		}, false)
		if made == nil || err != nil {
			return err
		}
		c.ing.DocumentID = made
	}
	f, err := c.w.s.store.Open(ctx, c.ing.storageKey)
	if err != nil {
		return fmt.Errorf("ingestion %s: open the original: %w", c.ing.ID, err)
	}
	defer f.Close()
	if _, _, err := c.w.s.files.Upload(owner, *c.ing.DocumentID, c.ing.Filename, f); err != nil {
		if fe := fault.Refusal(err); fe != nil {
			return c.fail(ctx, "The image could not be attached to its page: "+fe.Message)
		}
		return err
	}
	return db.InTx(ctx, c.w.s.pool, func(tx db.DBTX) error { return c.finishTx(ctx, tx, c.ing.DocumentID) })
}

func errLeaseLost(err error) error {
	if err != nil {
		return err
	}
	return errors.New("ingestion: the lease was lost to another worker")
}

// finishTx marks the ingestion ready, writes ingestion.ready and tells the
// uploader, in tx.
func (c *conversion) finishTx(ctx context.Context, tx db.DBTX, docID *uuid.UUID) error {
	n, err := db.Q.IngestionFinish(ctx, tx, db.IngestionFinishParams{ID: c.ing.ID, WorkerID: c.worker, Status: string(StatusReady)})
	if err != nil || n == 0 {
		return errLeaseLost(err)
	}
	return c.tell(ctx, tx, EventReady, inbox.TypeIngestionReady, docID, "")
}

// fail ends the ingestion as failed with the reason (the original stays).
func (c *conversion) fail(ctx context.Context, reason string) error {
	return db.InTx(ctx, c.w.s.pool, func(tx db.DBTX) error { return c.failTx(ctx, tx, reason) })
}

func (c *conversion) failTx(ctx context.Context, tx db.DBTX, reason string) error {
	n, err := db.Q.IngestionFinish(ctx, tx, db.IngestionFinishParams{ID: c.ing.ID, WorkerID: c.worker, Status: string(StatusFailed), Error: &reason})
	if err != nil || n == 0 {
		return errLeaseLost(err)
	}
	return c.tell(ctx, tx, EventFailed, inbox.TypeIngestionFailed, c.ing.DocumentID, reason)
}

func (c *conversion) tell(ctx context.Context, tx db.DBTX, event, note string, docID *uuid.UUID, reason string) error {
	payload := map[string]any{"ingestionId": c.ing.ID, "filename": c.ing.Filename}
	if docID != nil {
		payload["documentId"] = docID.String()
	}
	if reason != "" {
		payload["error"] = reason
	}
	if _, err := outbox.WriteInTx(ctx, tx, outbox.Event{
		Type: event, SubjectType: "ingestion", SubjectID: &c.ing.ID, DocumentID: docID, ActorID: &c.ing.UserID, Payload: payload,
	}); err != nil {
		return err
	}
	_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
		RecipientID: c.ing.UserID, Type: note, SubjectType: "ingestion", SubjectID: &c.ing.ID, Payload: payload,
	})
	return err
}

// slugOf makes a slug of a file name: its base, lowercased, every run of
// other characters than letters and digits a hyphen; "document" when
// nothing is left.
func slugOf(name string) string {
	base := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	var b strings.Builder
	dash := false
	for _, r := range base {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimRight(b.String(), "-")
	if len(s) > 60 {
		s = strings.TrimRight(s[:60], "-")
	}
	if s == "" || document.CheckSlug(s) != nil {
		return "document"
	}
	return s
}

// readerAt reads a stored file at offsets (the converters want random
// access; a store's file seeks).
type readerAt struct {
	mu sync.Mutex
	f  io.ReadSeeker
}

func (r *readerAt) ReadAt(p []byte, off int64) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, err := r.f.Seek(off, io.SeekStart); err != nil {
		return 0, err
	}
	n, err := io.ReadFull(r.f, p)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF // fewer bytes than asked: the end, as ReaderAt says it
	}
	return n, err
}

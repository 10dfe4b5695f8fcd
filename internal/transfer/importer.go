package transfer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/archive"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/link"
	"codna/internal/periodic"
)

// MaxImportAttempts is how many times an import is picked up before it
// fails: a worker that keeps dying on it must not hold the queue forever.
const MaxImportAttempts = 5

// WorkerConfig tunes a worker (imports' or exports').
type WorkerConfig struct {
	Concurrency int           // loops per replica (1)
	Lease       time.Duration // renewed as the work goes (2 minutes)
	Poll        time.Duration // how often idle loops look for work (2 s)
	WorkerID    string        // lease name prefix ("" is the host and pid)
}

func (c WorkerConfig) withDefaults() WorkerConfig {
	if c.Concurrency <= 0 {
		c.Concurrency = 1
	}
	if c.Lease <= 0 {
		c.Lease = 2 * time.Minute
	}
	if c.Poll <= 0 {
		c.Poll = 2 * time.Second
	}
	return c
}

// worker is what both workers are: loops that claim one piece of work at
// a time with a step, with the Start/Stop lifecycle and a Drain for tests
// and the CLI.
type worker struct {
	cfg   WorkerConfig
	loops *periodic.Loops
	step  periodic.Step
}

func newWorker(name string, cfg WorkerConfig, step periodic.Step, log *slog.Logger) worker {
	cfg = cfg.withDefaults()
	if log == nil {
		log = slog.Default()
	}
	loops := periodic.NewLoops(name, cfg.Concurrency, cfg.Poll, cfg.WorkerID, step, log)
	cfg.WorkerID = loops.Prefix()
	return worker{cfg: cfg, loops: loops, step: step}
}

// Start starts the loops until ctx ends or Stop. It never fails.
func (w *worker) Start(ctx context.Context) error { return w.loops.Start(ctx) }

// Stop stops the loops and waits for the work in hand: an import stops at
// its next page (its lease then runs out and another worker resumes it),
// an export finishes. Idempotent.
func (w *worker) Stop() { w.loops.Stop() }

// Drain does queued work in this goroutine, as the system actor, until
// none can be claimed (tests, and `codna import`).
func (w *worker) Drain(ctx context.Context) error {
	ctx = auth.SystemContext(ctx)
	for {
		did, err := w.step(ctx, w.cfg.WorkerID+"/drain")
		if err != nil || !did {
			return err
		}
	}
}

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
	if err := r.run(ctx); err != nil {
		if errors.Is(err, errLeaseLost) {
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
		_, err = inbox.Notify(ctx, tx, inbox.Notice{RecipientID: r.imp.UserID, Type: typ, SubjectType: "import", SubjectID: &r.imp.ID, Payload: payload})
		return err
	})
}

// plan is where each page of a tree lands: planned is the address the
// archive gives it below the import's folder, actual the address it has
// (a page an earlier import made, wherever it was moved since; a new page's
// planned address, or a free slug beside it when that is taken).
type plan struct {
	planned, actual map[string]link.Address // by page key
	known           map[string]db.ImportPageListForFolderRow
	moved           map[string]link.Address // planned address → actual, where they differ
}

func (r *importRun) address(p archive.Page) link.Address {
	return link.Address{Space: string(r.imp.Space), Path: strings.Trim(path.Join(r.imp.Path, p.Path), "/"), Slug: p.Slug}
}

// plan finds, in three statements or so, the pages earlier imports into the
// folder made and the planned addresses other documents hold.
func (r *importRun) plan(ctx context.Context, tree *archive.Tree) (*plan, error) {
	s := r.w.s
	rows, err := db.Q.ImportPageListForFolder(ctx, s.pool, db.ImportPageListForFolderParams{
		Space: db.Space(r.imp.Space), Path: r.imp.Path, Format: string(r.imp.Format), ImportID: r.imp.ID,
	})
	if err != nil {
		return nil, err
	}
	pl := &plan{planned: map[string]link.Address{}, actual: map[string]link.Address{}, known: map[string]db.ImportPageListForFolderRow{}, moved: map[string]link.Address{}}
	for _, row := range rows {
		pl.known[row.SourceKey] = row
	}
	held := map[string]bool{} // addresses the known pages hold: free for their own pages
	for _, row := range pl.known {
		held[link.Address{Space: string(row.Space), Path: row.Path, Slug: row.Slug}.String()] = true
	}
	var fresh []archive.Page
	for _, p := range tree.Pages {
		a := r.address(p)
		pl.planned[p.Key] = a
		if k, ok := pl.known[p.Key]; ok {
			pl.actual[p.Key] = link.Address{Space: string(k.Space), Path: k.Path, Slug: k.Slug}
			continue
		}
		fresh = append(fresh, p)
	}
	// A new page whose address another document holds gets a free slug
	// beside it: ask for the planned addresses, then for up to 20
	// alternatives of those taken.
	taken, err := r.taken(ctx, fresh, 0)
	if err != nil {
		return nil, err
	}
	var clash []archive.Page
	for _, p := range fresh {
		a := pl.planned[p.Key]
		if taken[a.String()] && !held[a.String()] {
			clash = append(clash, p)
			continue
		}
		pl.actual[p.Key] = a
		held[a.String()] = true
	}
	if len(clash) > 0 {
		alt, err := r.taken(ctx, clash, 20)
		if err != nil {
			return nil, err
		}
		for _, p := range clash {
			a := pl.planned[p.Key]
			for i := 2; ; i++ {
				c := a
				c.Slug = fmt.Sprintf("%s-%d", a.Slug, i)
				if (!alt[c.String()] || i > 21) && !held[c.String()] {
					pl.actual[p.Key] = c
					held[c.String()] = true
					break
				}
			}
		}
	}
	for key, a := range pl.planned {
		if b := pl.actual[key]; b != a {
			pl.moved[a.String()] = b
		}
	}
	return pl, nil
}

// taken reports which of the pages' planned addresses (and, with alts > 0,
// their "-2" … "-<alts+1>" alternatives) a live document holds, in one
// statement.
func (r *importRun) taken(ctx context.Context, pages []archive.Page, alts int) (map[string]bool, error) {
	out := map[string]bool{}
	if len(pages) == 0 {
		return out, nil
	}
	var q db.DocumentListAtAddressesParams
	var keys []string
	for _, p := range pages {
		a := r.address(p)
		for i := 0; i <= alts; i++ {
			c := a
			if alts > 0 {
				c.Slug = fmt.Sprintf("%s-%d", a.Slug, i+2)
			}
			q.Spaces, q.Paths, q.Slugs = append(q.Spaces, c.Space), append(q.Paths, c.Path), append(q.Slugs, c.Slug)
			keys = append(keys, c.String())
		}
	}
	rows, err := db.Q.DocumentListAtAddresses(ctx, r.w.s.pool, q)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		if row.LiveID != uuid.Nil {
			out[keys[row.I-1]] = true
		}
	}
	return out, nil
}

// page writes one page: created, updated or left as it is, with its files;
// a page that cannot be written is skipped with the reason.
func (r *importRun) page(ctx context.Context, pl *plan, p archive.Page) error {
	s := r.w.s
	known, isKnown := pl.known[p.Key]
	if isKnown && known.DeletedAt != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: "its page is in the trash: restore it and import again"})
		return nil
	}
	resumed := isKnown && known.ImportID == r.imp.ID
	c, err := p.Load()
	if err != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: err.Error()})
		return nil
	}
	for _, k := range c.Dropped {
		if !slices.Contains(r.report.DroppedKeys, k) {
			r.report.DroppedKeys = append(r.report.DroppedKeys, k)
		}
	}
	from, to := pl.planned[p.Key], pl.actual[p.Key]
	names := fileNames(c.Files)
	body := relink(c.Body, from, to, pl.moved, names)
	in := document.CreateInput{
		Space: r.imp.Space, Path: to.Path, Slug: to.Slug, Title: &c.Title, Content: body, Tags: cleanTags(c.Tags),
	}
	if in.Tags == nil {
		in.Tags = []string{}
	}
	if st, err := document.ParseStatus(c.Status); err == nil && c.Status != "" {
		in.Status = &st
	}
	if t, err := document.CheckTitle(c.Title); err != nil || t == "" {
		title := p.Slug
		in.Title = &title
	}
	switch {
	case resumed:
		// Written before this worker took over: only its files may be
		// missing (uploading the same bytes again stores nothing).
		_, err := r.files(ctx, known.DocumentID, c.Files, names)
		return err
	case isKnown:
		return r.update(ctx, p, known.DocumentID, in, c.Files, names)
	}
	var doc *document.Doc
	for attempt := 0; ; attempt++ {
		err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
			d, err := s.docs.CreateImported(ctx, tx, r.imp.UserID, r.imp.ArchiveID, in)
			if err != nil {
				return err
			}
			doc = d
			return db.Q.ImportPageCreate(ctx, tx, db.ImportPageCreateParams{ImportID: r.imp.ID, SourceKey: p.Key, DocumentID: d.ID, Outcome: "created"})
		})
		if fe := fault.Refusal(err); fe != nil && fe.Code == fault.Conflict && attempt < 5 {
			in.Slug = fmt.Sprintf("%s-%d", to.Slug, attempt+2+20) // taken meanwhile: links to it stay pending
			continue
		}
		break
	}
	if fe := fault.Refusal(err); fe != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: fe.Message})
		return nil
	}
	if err != nil {
		return err
	}
	r.report.Created++
	renamed, err := r.files(ctx, doc.ID, c.Files, names)
	if err != nil || len(renamed) == 0 {
		return err
	}
	// The same bytes twice under two names: the page keeps one file, and
	// its body names it.
	in.Content = renameFiles(in.Content, to, renamed)
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		_, _, err := s.docs.WriteImported(ctx, tx, doc.ID, r.imp.UserID, in)
		return err
	})
}

// update writes a page an earlier import made: its files first (their
// names may come back changed: a file never changes, so new bytes under a
// taken name get a free one), then its content where it changed.
func (r *importRun) update(ctx context.Context, p archive.Page, id uuid.UUID, in document.CreateInput, fs []archive.File, names map[string]string) error {
	s := r.w.s
	renamed, err := r.files(ctx, id, fs, names)
	if fe := fault.Refusal(err); fe != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: "its page cannot take the files: " + fe.Message})
		return nil
	}
	if err != nil {
		return err
	}
	in.Content = renameFiles(in.Content, link.Address{Space: string(in.Space), Path: in.Path, Slug: in.Slug}, renamed)
	var changed bool
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, err := s.docs.GetTx(r.owner, tx, id)
		if err != nil {
			return err
		}
		in.Path, in.Slug = cur.Path, cur.Slug
		_, changed, err = s.docs.WriteImported(ctx, tx, id, r.imp.UserID, in)
		if err != nil {
			return err
		}
		outcome := "unchanged"
		if changed {
			outcome = "updated"
		}
		return db.Q.ImportPageCreate(ctx, tx, db.ImportPageCreateParams{ImportID: r.imp.ID, SourceKey: p.Key, DocumentID: id, Outcome: outcome})
	})
	if fe := fault.Refusal(err); fe != nil {
		r.skip(archive.Skip{Entry: p.Entry, Reason: "its page cannot be written: " + fe.Message})
		return nil
	}
	if err != nil {
		return err
	}
	if changed {
		r.report.Updated++
	} else {
		r.report.Unchanged++
	}
	return nil
}

// files uploads a page's files as the importer, under the names names
// gives, and returns those that came back under another name (the same
// bytes already there under it, or the name taken by other bytes).
func (r *importRun) files(ctx context.Context, doc uuid.UUID, fs []archive.File, names map[string]string) (map[string]string, error) {
	renamed := map[string]string{}
	for _, f := range fs {
		name := names[f.Name]
		rc, err := f.Entry.Open()
		if err != nil {
			r.skip(archive.Skip{Entry: f.Entry.Name, Reason: err.Error()})
			continue
		}
		a, _, err := r.w.s.files.Upload(r.owner, doc, name, rc)
		rc.Close()
		if fe := fault.Refusal(err); fe != nil && fe.Field == "file" {
			r.skip(archive.Skip{Entry: f.Entry.Name, Reason: fe.Message})
			continue
		}
		if err != nil {
			return nil, err
		}
		if a.Name != name {
			renamed[name] = a.Name
		}
	}
	return renamed, nil
}

// fileNames gives each of a page's files the name an upload would keep
// (files.NormalizeName), unique within the page.
func fileNames(fs []archive.File) map[string]string {
	out := map[string]string{}
	used := map[string]bool{}
	for _, f := range fs {
		n := files.NormalizeName(f.Name)
		base, ext := strings.TrimSuffix(n, path.Ext(n)), path.Ext(n)
		for i := 2; used[n]; i++ {
			n = fmt.Sprintf("%s-%d%s", base, i, ext)
		}
		used[n] = true
		out[f.Name] = n
	}
	return out
}

// cleanTags makes tags a document takes: lowercase letters, digits and
// "_/.-", every run of other characters one hyphen, starting with a letter
// or digit, at most 50 characters; empty ones dropped.
func cleanTags(tags []string) []string {
	var out []string
	for _, t := range tags {
		var b strings.Builder
		dash := false
		for _, r := range strings.ToLower(t) {
			switch {
			case (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || (b.Len() > 0 && strings.ContainsRune("_/.", r)):
				b.WriteRune(r)
				dash = false
			case b.Len() > 0 && !dash:
				b.WriteByte('-')
				dash = true
			}
		}
		c := strings.TrimRight(b.String(), "-")
		if len(c) > 50 {
			c = strings.TrimRight(c[:50], "-")
		}
		if c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// Package app is CoDNA's composition root: New builds every service,
// worker and store exactly once from the configuration, and internal/server,
// graph, internal/mcpserver, the CLI commands (cmd/codna), the test helpers
// (internal/app/apptest) and the benchmarks take them from here. Nothing
// else calls a service's constructor (`make lint` checks it: see
// wiring_test.go); a new service is wired in New, once.
//
// New is cheap — no goroutine, no file, no query — so a CLI command builds
// an App as `codna serve` does and calls its services. Start starts the
// background work (workers, periodic jobs, the live hub) and Stop stops it;
// internal/server starts and stops the App it serves around its own HTTP
// server.
package app

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/access"
	"codna/internal/activity"
	"codna/internal/agent"
	"codna/internal/auth"
	"codna/internal/automation"
	"codna/internal/collab"
	"codna/internal/comment"
	"codna/internal/crdt"
	"codna/internal/document"
	"codna/internal/favorite"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/ingest"
	"codna/internal/linkgraph"
	"codna/internal/live"
	"codna/internal/mail"
	"codna/internal/manage"
	"codna/internal/mention"
	"codna/internal/outbox"
	"codna/internal/periodic"
	"codna/internal/sandbox"
	"codna/internal/search"
	pgsearch "codna/internal/search/postgres"
	"codna/internal/space"
	"codna/internal/sso"
	"codna/internal/transfer"
	"codna/internal/watch"
	"codna/internal/webhook"
)

// Config configures the services and the background work (the HTTP
// server's own settings are internal/server's Config).
type Config struct {
	Auth       auth.Config
	Documents  document.Config
	Outbox     outbox.Config
	Automation AutomationConfig
	Files      FilesConfig
	// Mail is the SMTP server, sender address and public address mail
	// uses (CODNA_SMTP_URL, …: docs/operations.md, "Mail"); no SMTPURL is
	// mail off.
	Mail mail.Config
	// MailSender tunes the mail sender (tests shorten its backoff).
	MailSender mail.SenderConfig
	// SSO is the team's OpenID Connect provider (CODNA_OIDC_*:
	// docs/operations.md, "Single sign-on"); no Issuer is single sign-on
	// off. Its Only turns password sign-in off (auth's SSOOnly).
	SSO sso.Config
	// Webhooks configures people's webhooks: the SSRF guard's allow-list
	// and http switch, and the sender's pace.
	Webhooks webhook.Config
	// SearchBackend is the search engine (`codna serve` chooses it:
	// docs/operations.md#search); nil is the postgres backend over the
	// App's pool.
	SearchBackend search.Backend
	// PurgeEvery is how often tombstones past Documents.PurgeAfter are
	// purged (CODNA_PURGE_INTERVAL); 0 never purges.
	PurgeEvery time.Duration
	// ActivityRetention is how long activity entries are kept
	// (CODNA_ACTIVITY_RETENTION; 0 is activity.DefaultRetention, 365 days).
	ActivityRetention time.Duration
	// Collab configures the co-editing rooms (docs/operations.md
	// "Co-editing"); CoeditingOff turns co-editing off (CODNA_COEDITING=false):
	// /collab answers 404 and the app saves with expectedVersion.
	Collab       collab.Config
	CoeditingOff bool
	// ShutdownTimeout bounds Stop: background work gets this long to
	// finish, then is abandoned. (internal/server's Stop bounds its requests
	// and the App's work together by its own ShutdownTimeout.)
	ShutdownTimeout time.Duration
}

// DefaultConfig is the configuration `codna serve` starts from.
var DefaultConfig = Config{
	Auth:            auth.DefaultConfig,
	Documents:       document.DefaultConfig,
	Outbox:          outbox.Config{Workers: DefaultOutboxWorkers},
	PurgeEvery:      time.Hour,
	ShutdownTimeout: 20 * time.Second,
}

// AutomationConfig configures the automations a replica runs.
type AutomationConfig struct {
	// Workers is how many runs the replica executes at once
	// (CODNA_AUTOMATION_WORKERS); 0 means automation.DefaultConcurrency.
	Workers int
	// CacheDir keeps the script engine compiled across restarts (`codna
	// serve` uses CODNA_DATA_DIR/cache/qjs); "" compiles it once per process.
	CacheDir string
	// RunPoll and SchedulerPoll are how often the run worker and the
	// scheduler look for work queued elsewhere; 0 means a second.
	RunPoll, SchedulerPoll time.Duration
}

// FilesConfig configures attachments, ingestions and imports.
type FilesConfig struct {
	// Store keeps the bytes (`codna serve` chooses it with CODNA_FILE_STORE:
	// docs/operations.md#files); nil is the Postgres store over the pool.
	Store files.Store
	// MaxFileBytes caps one file (CODNA_MAX_FILE_BYTES); 0 is 25 MiB.
	MaxFileBytes int64
	// TempDir holds uploads and imports' archives while they are read
	// (`codna serve`: CODNA_DATA_DIR/tmp); "" is the system's.
	TempDir string
	// MaxImportBytes caps an import's archive (CODNA_MAX_IMPORT_BYTES); 0
	// is 1 GiB.
	MaxImportBytes int64
}

// DefaultOutboxWorkers is how many delivery loops each outbox consumer's
// lane runs in a replica (CODNA_OUTBOX_WORKERS): with every lane running
// side by side, one each keeps up with the saves two cores accept, and
// each holds at most one of the pool's connections (bench/RESULTS.md,
// "Outbox lanes", which also gives a large backlog's drain rate).
const DefaultOutboxWorkers = 1

// Services are the services, each named after its package: what the
// transports (graph, internal/mcpserver, internal/server's file routes) and
// the CLI call. Each public method checks the actor in its context. Only
// pointers to services belong here (no pool, no database types): tests walk
// the fields by reflection.
type Services struct {
	Auth       *auth.Service
	Manage     *manage.Service
	Document   *document.Service
	Inbox      *inbox.Service
	LiveCounts *inbox.LiveCounts // the inboxCounts subscriptions' counts, over Live
	Live       *live.Hub
	Linkgraph  *linkgraph.Service
	Access     *access.Service
	Space      *space.Service
	Folders    *access.FolderService
	Agent      *agent.Service
	Search     *search.Service
	Files      *files.Service
	Ingest     *ingest.Service
	Transfer   *transfer.Service
	Automation *automation.Service
	Mail       *mail.Service
	Webhook    *webhook.Service
	SSO        *sso.Service
	Favorite   *favorite.Service
	Comment    *comment.Service
	Mention    *mention.Service
	Watch      *watch.Service
	Activity   *activity.Service
	Collab     *collab.Service
}

// App is the services over one database pool and the background work that
// serves them.
type App struct {
	Services

	// Outbox drains the events services write; its consumers are
	// registered by New, and a test may register more before Start.
	Outbox *outbox.Worker
	// AutomationRunner executes queued automation runs and
	// AutomationScheduler queues their schedules' ticks.
	AutomationRunner    *automation.Runner
	AutomationScheduler *automation.Scheduler
	// IngestWorker converts uploaded originals into documents.
	IngestWorker *ingest.Worker
	// ImportWorker and ExportWorker run the imports and exports Transfer
	// queues (`codna import` drains ImportWorker itself).
	ImportWorker *transfer.ImportWorker
	ExportWorker *transfer.ExportWorker
	// FileMaintenance marks referenced files, deletes those never
	// referenced, and deletes the bytes of rows gone (one replica at a time).
	FileMaintenance *files.Maintenance
	// MailSender sends the queued mail (nothing when mail is off).
	MailSender *mail.Sender
	// FileRefBackfill records the file references of bodies written
	// before they were tracked (linkgraph.Backfill).
	FileRefBackfill *periodic.Loops
	// WebhookSender sends the webhook deliveries the webhook consumer
	// queues.
	WebhookSender *webhook.Sender

	cfg       Config
	pool      *pgxpool.Pool
	log       *slog.Logger
	sandbox   *sandbox.Sandbox // automations' script engine, made on first use
	crdt      *crdt.Engine     // co-editing's yjs, in the sandbox's runtimes
	consumers int
	sessions  *periodic.Job    // deletes expired sessions
	counts    *periodic.Job    // writes the MCP usage counts and agent reads
	notices   *periodic.Job    // queues decision, mention and digest mail
	backfill  *search.Backfill // builds a search index never built
	purger    *periodic.Job    // purges tombstones past their time
	views     *periodic.Job    // writes the recorded page views
	activity  *periodic.Job    // prunes activity entries past the retention

	mu      sync.Mutex
	state   lifecycle
	stopped chan struct{} // closed when the first Stop has finished
}

// New builds every service and worker over pool from cfg. It starts
// nothing (see Start) and cannot fail. log may be nil (slog.Default).
func New(pool *pgxpool.Pool, cfg Config, log *slog.Logger) *App {
	if log == nil {
		log = slog.Default()
	}
	a := &App{cfg: cfg, pool: pool, log: log}
	s := &a.Services
	if cfg.SSO.Enabled() {
		cfg.Auth.SSOOnly, cfg.Auth.SSOName = cfg.SSO.Only, cfg.SSO.ButtonName()
		cfg.Mail.SSOName = cfg.SSO.ButtonName()
	}
	s.Auth = auth.New(pool, cfg.Auth, log)
	a.sessions = periodic.New("delete expired sessions", cfg.Auth.SessionSweep, s.Auth.DeleteExpiredSessions, log.With("component", "sessions"))
	a.counts = periodic.New("write usage counts", cfg.Auth.CountFlush, func(ctx context.Context) (int64, error) {
		_, err := s.Auth.FlushCounts(ctx)
		return 0, err // every second: not worth a log line
	}, log.With("component", "usage-counts"))
	// Password reset mails carry a token auth mints as the mail is
	// rendered; auth queues them through the mail service (with mail off,
	// requestPasswordReset answers FORBIDDEN, "ask management").
	s.Mail = mail.New(pool, cfg.Mail, s.Auth.MintPasswordResetInTx, log.With("component", "mail"))
	s.Auth.UseMailer(s.Mail)
	a.MailSender = s.Mail.NewSender(cfg.MailSender, log.With("component", "mail-sender"))
	// Notification mail is queued by a scan of new notifications, not in
	// each producer's transaction (docs/design.md, "Mail"): every poll,
	// like the sender's.
	noticePoll := cfg.Mail.Poll
	if noticePoll <= 0 {
		noticePoll = mail.DefaultPoll
	}
	if !s.Mail.Enabled() {
		noticePoll = 0 // never starts
	}
	a.notices = periodic.New("queue notification mail", noticePoll, s.Mail.QueueNotices, log.With("component", "mail-notices"))
	s.Manage = manage.New(pool, cfg.Auth.Argon2, s.Mail)
	s.SSO = sso.New(pool, cfg.SSO, s.Auth, s.Mail, log.With("component", "sso"))
	s.Document = document.New(pool, cfg.Documents)
	a.purger = document.NewPurger(s.Document, cfg.PurgeEvery, log.With("component", "purger"))
	s.Inbox = inbox.New(pool)
	s.Favorite = favorite.New(pool, log.With("component", "favorites"))
	s.Comment = comment.New(pool, comment.Config{})
	s.Mention = mention.New(pool)
	s.Watch = watch.New(pool)
	s.Activity = activity.New(pool, cfg.ActivityRetention)
	a.activity = periodic.New("prune activity", time.Hour, s.Activity.Prune, log.With("component", "activity"))
	a.views = periodic.New("write page views", favorite.FlushEvery, func(ctx context.Context) (int64, error) {
		_, err := s.Favorite.FlushViews(ctx)
		return 0, err // every few seconds: not worth a log line
	}, log.With("component", "page-views"))
	s.Linkgraph = linkgraph.New(pool, s.Document)
	s.Access = access.New(pool)
	s.Folders = access.NewFolderService(pool)
	s.Space = space.New(pool, s.Document)
	s.Agent = agent.New(pool)
	backend := cfg.SearchBackend
	if backend == nil {
		backend = pgsearch.New(pool)
	}
	s.Search = search.New(pool, backend, s.Document)
	a.backfill = search.NewBackfill(s.Search, log.With("component", "search-backfill"))
	store := cfg.Files.Store
	if store == nil {
		store = files.NewPostgres(pool)
	}
	s.Files = files.New(pool, store, s.Document, cfg.Files.MaxFileBytes)
	s.Ingest = ingest.New(pool, store, s.Document, s.Files, cfg.Files.MaxFileBytes)
	s.Transfer = transfer.New(pool, store, s.Document, s.Files, s.Ingest, s.Linkgraph, transfer.Config{
		MaxArchiveBytes: cfg.Files.MaxImportBytes, TempDir: cfg.Files.TempDir, MaxBodyBytes: cfg.Documents.MaxBodyBytes, MaxFileBytes: cfg.Files.MaxFileBytes,
	})
	a.ImportWorker = s.Transfer.NewImportWorker(transfer.WorkerConfig{}, log.With("component", "import"))
	a.ExportWorker = s.Transfer.NewExportWorker(transfer.WorkerConfig{}, log.With("component", "export"))
	a.FileMaintenance = files.NewMaintenance(pool, store, files.MaintenanceConfig{}, log.With("component", "files-maintenance"))
	a.FileRefBackfill = linkgraph.NewBackfiller(pool, log.With("component", "file-ref-backfill"))
	a.IngestWorker = s.Ingest.NewWorker(ingest.WorkerConfig{MaxBodyBytes: cfg.Documents.MaxBodyBytes}, log.With("component", "ingestion"))
	// No Config is refused (sandbox.New makes nothing until its first use).
	a.sandbox, _ = sandbox.New(sandbox.Config{CacheDir: cfg.Automation.CacheDir, Warm: cfg.Automation.Workers})
	s.Automation = automation.New(pool, automation.Services{Docs: s.Document, Sharing: s.Access, Search: s.Search}, a.sandbox, log.With("component", "automations"))
	a.AutomationRunner = s.Automation.NewRunner(automation.RunnerConfig{Concurrency: cfg.Automation.Workers, Poll: cfg.Automation.RunPoll})
	a.AutomationScheduler = s.Automation.NewScheduler(cfg.Automation.SchedulerPoll, a.AutomationRunner.Wake, log.With("component", "automation-scheduler"))
	s.Live = live.New(pool, log.With("component", "live"))
	a.crdt = crdt.NewEngine(a.sandbox, crdt.EngineConfig{})
	collabCfg := cfg.Collab
	collabCfg.Off = cfg.CoeditingOff
	if collabCfg.MaxBodyBytes == 0 {
		collabCfg.MaxBodyBytes = cfg.Documents.MaxBodyBytes
	}
	s.Collab = collab.New(pool, s.Document, s.Auth, a.crdt, s.Live, collabCfg, log.With("component", "collab"))
	s.LiveCounts = inbox.NewLiveCounts(pool, s.Live, s.Auth, log.With("component", "live-counts"))
	s.Webhook = webhook.New(pool, cfg.Webhooks, log.With("component", "webhooks"))
	a.WebhookSender = s.Webhook.NewSender()
	a.Outbox = outbox.New(pool, cfg.Outbox, log.With("component", "outbox"))
	a.consumers = a.registerConsumers()
	return a
}

// Config is the configuration the App was built from.
func (a *App) Config() Config { return a.cfg }

// Pool is the database pool the App was built over, for what reads the
// database itself rather than through a service: internal/server's
// readiness check and pool metrics, and the CLI closing it.
func (a *App) Pool() *pgxpool.Pool { return a.pool }

// registerConsumers registers the outbox consumers the App runs and says
// how many there are. The link consumer, the decision keeper, the
// folder-share applier, the search indexer, the automation matcher, the
// webhook enqueuer and the mentions consumer register here, as batch consumers, each in its own lane with the time
// budget it states (docs/design.md, "The worker"): each handles a batch of
// its lane in one transaction, and a slow one delays only its own lane.
// A consumer added later states its budget here too.
func (a *App) registerConsumers() int {
	consumers := []struct {
		name   string
		handle outbox.BatchConsumer
		// budget is the consumer's time budget per event (a batch call
		// gets it for the whole batch, and each event of a split batch
		// alone).
		budget time.Duration
		// events are the event types it acts on: its lane gets no other.
		events []string
		// loops is the least number of delivery loops of its lane (0:
		// CODNA_OUTBOX_WORKERS, outbox.Lane.Loops).
		loops int
	}{
		// A resync of the largest pages (tens of thousands of targets)
		// takes seconds.
		{linkgraph.ConsumerName, linkgraph.NewConsumer(a.pool).HandleBatch, 30 * time.Second, linkgraph.ConsumerEvents(), 0},
		// A few statements per moved or created document.
		{access.FolderConsumerName, access.NewFolderApplier(a.pool).HandleBatch, 10 * time.Second, access.FolderEvents(), 0},
		// A few statements per document whose access changed.
		{linkgraph.KeeperConsumerName, linkgraph.NewKeeper(a.pool).HandleBatch, 10 * time.Second, linkgraph.KeeperEvents(), 0},
		// Indexing a batch of bodies of up to the body cap each.
		{search.IndexerName, a.Search.Indexer().HandleBatch, 30 * time.Second, search.IndexerEvents(), 0},
		// Matching only: the runs execute in the automation runner.
		{automation.MatcherName, a.Automation.NewMatcher(a.AutomationRunner.Wake).HandleBatch, 10 * time.Second, slices.Clone(automation.TriggerEvents), 0},
		// Matching and a few statements per event and subscription; the
		// requests are the webhook sender's, never the lane's.
		{webhook.ConsumerName, a.Webhook.Consumer().HandleBatch, 10 * time.Second, webhook.ConsumerEvents(), 0},
		// Locating up to a few hundred quotes in each saved page: tens of
		// milliseconds for the largest (bench/RESULTS.md).
		{comment.ReanchorerName, comment.NewReanchorer(a.pool).HandleBatch, 10 * time.Second, comment.ReanchorerEvents(), 0},
		// Parsing one body (up to the body cap) per page or comment, then a
		// notification per person newly mentioned (a group at most 200).
		{mention.ConsumerName, mention.NewConsumer(a.pool).HandleBatch, 10 * time.Second, mention.ConsumerEvents(), 0},
		// One INSERT…SELECT per event over the page's watchers (a page with
		// thousands of folder watchers is one statement); its own lane so a
		// burst of saves never waits behind indexing or link resolving, and
		// two loops so a batch of large fan-outs in hand does not hold back
		// the next save's watchers (p99 632 ms with one, 90 ms with two at 50
		// saves/s; bench/RESULTS.md).
		{watch.FanOutName, a.Watch.FanOut().HandleBatch, 10 * time.Second, watch.FanOutEvents(), 2},
		// One statement per event; its own lane so the log never holds up
		// the fan-out or the other way round.
		{activity.RecorderName, a.Activity.Recorder().HandleBatch, 10 * time.Second, activity.RecorderEvents(), 0},
	}
	for _, c := range consumers {
		a.Outbox.RegisterBatch(c.name, c.handle, outbox.Lane{Budget: c.budget, Events: c.events, Loops: c.loops})
	}
	return len(consumers)
}

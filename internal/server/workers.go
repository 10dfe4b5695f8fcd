package server

import (
	"context"
	"errors"

	"codna/internal/access"
	"codna/internal/automation"
	"codna/internal/linkgraph"
	"codna/internal/outbox"
	"codna/internal/sandbox"
	"codna/internal/search"
)

// startWorkers starts the background workers beside the outbox: the
// sandbox (compiling the script engine, or loading it from the cache
// directory, in the background: a run or dry run before then compiles it
// itself), the automation run worker and scheduler, and the ingestion
// worker, the files' maintenance, the file reference back-fill, and the
// import and export workers.
func (s *Server) startWorkers(ctx context.Context) {
	go func() {
		if err := s.sandbox.Start(ctx); err != nil && !errors.Is(err, sandbox.ErrStopped) {
			s.log.Error("automation sandbox: start", "error", err)
		}
	}()
	_ = s.AutomationRunner.Start(ctx) // never fails
	_ = s.AutomationScheduler.Start(ctx)
	_ = s.IngestWorker.Start(ctx)
	_ = s.FileMaintenance.Start(ctx)
	_ = s.FileRefBackfill.Start(ctx)
	_ = s.ImportWorker.Start(ctx)
	_ = s.ExportWorker.Start(ctx)
}

// stopWorkers stops the export and import workers, the file reference back-fill, the files' maintenance, the ingestion worker, the scheduler, then the run
// worker (runs in hand end by their wall time), then the sandbox.
func (s *Server) stopWorkers() {
	s.ExportWorker.Stop()
	s.ImportWorker.Stop()
	s.FileRefBackfill.Stop()
	s.FileMaintenance.Stop()
	s.IngestWorker.Stop()
	s.AutomationScheduler.Stop()
	s.AutomationRunner.Stop()
	s.sandbox.Stop()
}

// registerConsumers registers the outbox consumers this server runs and
// says how many there are. The link consumer, the decision keeper, the
// folder-share applier and, as they are built, the notifier, the search
// indexer and the automation matcher register here, as batch consumers:
// each handles a claimed batch in one transaction.
func (s *Server) registerConsumers() int {
	consumers := []struct {
		name   string
		handle outbox.BatchConsumer
	}{
		{linkgraph.ConsumerName, linkgraph.NewConsumer(s.pool).HandleBatch},
		{access.FolderConsumerName, access.NewFolderApplier(s.pool).HandleBatch},
		{linkgraph.KeeperConsumerName, linkgraph.NewKeeper(s.pool).HandleBatch},
		{search.IndexerName, s.Search.Indexer().HandleBatch},
		{automation.MatcherName, s.Automations.NewMatcher(s.AutomationRunner.Wake).HandleBatch},
	}
	for _, c := range consumers {
		s.Outbox.RegisterBatch(c.name, c.handle)
	}
	return len(consumers)
}

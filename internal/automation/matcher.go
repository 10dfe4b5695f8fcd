package automation

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/outbox"
)

// MatcherName is the automation matcher's outbox consumer name.
const MatcherName = "automation-matcher"

// Matcher is the outbox consumer that queues event automations' runs. It
// only queues (one statement a batch: AutomationRunQueueEvents does the
// trigger, scope, owner and permission filtering in SQL), so a slow script
// never holds the outbox; the Runner executes the runs. A redelivered event
// finds its runs already queued (UNIQUE (automation_id, event_id)).
type Matcher struct {
	s      *Service
	queued func() // wakes the runner
}

// NewMatcher returns the matcher; queued is called after a batch queued
// runs (nil: nobody is woken, the runner's poll finds them).
func (s *Service) NewMatcher(queued func()) *Matcher {
	return &Matcher{s: s, queued: queued}
}

// HandleBatch is an outbox.BatchConsumer.
func (m *Matcher) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	ids := make([]uuid.UUID, 0, len(events))
	for _, e := range events {
		if e.DocumentID != nil && slices.Contains(TriggerEvents, e.Type) {
			ids = append(ids, e.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	runs, err := db.Q.AutomationRunQueueEvents(ctx, m.s.pool, ids)
	if err != nil {
		return err
	}
	if len(runs) > 0 && m.queued != nil {
		m.queued()
	}
	return nil
}

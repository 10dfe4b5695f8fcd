package inbox_test

import (
	"testing"

	"codna/internal/inbox"
	"codna/internal/pgtest"
)

// TestEveryMethodChecksItsActor calls every exported Service method with no
// actor and with the system actor over no database: each is refused before
// anything else. Management has an inbox of its own, so it is admitted.
func TestEveryMethodChecksItsActor(t *testing.T) {
	t.Parallel()
	all := []string{"a person", "management"}
	admits := map[string][]string{}
	for _, m := range []string{"Counts", "MyCounts", "List", "MarkRead", "MarkAllRead", "Dismiss", "Resolve", "NewSince", "Latest"} {
		admits[m] = all
	}
	pgtest.RequireEveryMethodRefuses(t, inbox.NewService(nil), admits)
}

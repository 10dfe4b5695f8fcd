package document_test

import (
	"testing"

	"codna/internal/document"
	"codna/internal/pgtest"
)

// TestEveryMethodChecksItsActor calls every exported Service method with no
// actor and with the wrong kinds (management, the system actor; a person
// for the purge) over no database: each is refused before anything else.
func TestEveryMethodChecksItsActor(t *testing.T) {
	t.Parallel()
	pgtest.RequireEveryMethodRefuses(t, document.New(nil, document.Config{}), map[string][]string{
		"PurgeDue": {"system"},
	})
}

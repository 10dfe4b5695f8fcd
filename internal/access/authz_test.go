package access_test

import (
	"testing"

	"codna/internal/access"
	"codna/internal/pgtest"
)

// TestEveryMethodChecksItsActor calls every exported method of the sharing
// and folder-share services with no actor and with the wrong kinds
// (management, the system actor) over no database: each is refused before
// anything else.
func TestEveryMethodChecksItsActor(t *testing.T) {
	t.Parallel()
	pgtest.RequireEveryMethodRefuses(t, access.NewService(nil), nil)
	pgtest.RequireEveryMethodRefuses(t, access.NewFolderService(nil), nil)
}

package linkgraph_test

import (
	"testing"

	"codna/internal/document"
	"codna/internal/linkgraph"
	"codna/internal/pgtest"
)

// TestEveryMethodChecksItsActor calls every exported Service method with no
// actor and with the wrong kinds (management, the system actor) over no
// database: each is refused before anything else.
func TestEveryMethodChecksItsActor(t *testing.T) {
	t.Parallel()
	pgtest.RequireEveryMethodRefuses(t, linkgraph.NewService(nil, document.New(nil, document.Config{})), nil)
}

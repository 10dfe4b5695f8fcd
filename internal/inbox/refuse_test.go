package inbox_test

import (
	"testing"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/pgtest"
)

// TestInboxMethodsRefuseTheWrongActor calls every exported Service method
// — found by reflection, so a new one is covered without a change here —
// over no database (a method that touched it before checking its actor
// would panic): nobody is UNAUTHENTICATED and the system actor, which has
// no inbox, FORBIDDEN. Management reads its own inbox, so it is served.
func TestInboxMethodsRefuseTheWrongActor(t *testing.T) {
	t.Parallel()
	svc := inbox.New(nil)
	pgtest.RequireRefused(t, svc, nil, fault.Unauthenticated)
	pgtest.RequireRefused(t, svc, auth.ActorFrom(auth.SystemContext(t.Context())), fault.Forbidden)
}

package linkgraph_test

import (
	"testing"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/linkgraph"
	"codna/internal/pgtest"
)

// TestLinkgraphMethodsRefuseTheWrongActor calls every exported Service
// method — found by reflection, so a new one is covered without a change
// here — over no database (a method that touched it before checking its
// actor would panic): nobody is UNAUTHENTICATED; management sees nothing;
// the system actor is FORBIDDEN.
func TestLinkgraphMethodsRefuseTheWrongActor(t *testing.T) {
	t.Parallel()
	svc := linkgraph.New(nil, document.New(nil, document.Config{}))
	pgtest.RequireRefused(t, svc, nil, fault.Unauthenticated)
	pgtest.RequireSeesNothing(t, svc, auth.ActorFrom(pgtest.ActingAsManagement()))
	pgtest.RequireRefused(t, svc, auth.ActorFrom(auth.SystemContext(t.Context())), fault.Forbidden)
}

package access_test

import (
	"testing"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// TestAccessMethodsRefuseTheWrongActor calls every exported method of the
// sharing and folder-share services — found by reflection, so a new one is
// covered without a change here — over no database (a method that touched
// it before checking its actor would panic): nobody is UNAUTHENTICATED,
// management and the system actor FORBIDDEN.
func TestAccessMethodsRefuseTheWrongActor(t *testing.T) {
	t.Parallel()
	management := auth.ActorFrom(pgtest.ActingAsManagement())
	system := auth.ActorFrom(auth.SystemContext(t.Context()))
	for _, svc := range []any{access.New(nil), access.NewFolderService(nil)} {
		pgtest.RequireRefused(t, svc, nil, fault.Unauthenticated)
		pgtest.RequireRefused(t, svc, management, fault.Forbidden)
		pgtest.RequireRefused(t, svc, system, fault.Forbidden)
	}
}

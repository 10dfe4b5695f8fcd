package document_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// TestDocumentMethodsRefuseTheWrongActor calls every exported Service
// method — found by reflection, so a new one is covered without a change
// here — over no database (a method that touched it before checking its
// actor would panic): nobody is UNAUTHENTICATED; management sees nothing;
// the system actor is FORBIDDEN everywhere but the purge and the ingestion and import
// worker's writes, which are the system's alone.
func TestDocumentMethodsRefuseTheWrongActor(t *testing.T) {
	t.Parallel()
	svc := document.New(nil, document.Config{})
	management := auth.ActorFrom(pgtest.ActingAsManagement())
	system := auth.ActorFrom(auth.SystemContext(t.Context()))
	person := &auth.Actor{UserID: uuid.Must(uuid.NewV7()), Kind: auth.KindPerson, Via: auth.ViaSession}
	systems := []string{"PurgeDue", "CreateIngested", "ReplaceIngested", "CreateImported", "WriteImported"}
	var allButPurge []string
	for m := range reflect.TypeOf(svc).Methods() {
		if !slices.Contains(systems, m.Name) {
			allButPurge = append(allButPurge, m.Name)
		}
	}
	slices.Sort(allButPurge)

	pgtest.RequireRefused(t, svc, nil, fault.Unauthenticated)
	pgtest.RequireSeesNothing(t, svc, management)
	pgtest.RequireRefused(t, svc, system, fault.Forbidden, systems...)
	pgtest.RequireRefused(t, svc, person, fault.Forbidden, allButPurge...)
}

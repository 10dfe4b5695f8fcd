package document

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
)

// Access is what an actor may do to a document.
type Access int

// Levels of access, weakest first. The numbers are the ones the SQL
// function document_access_level returns.
const (
	None  Access = 0 // the document does not exist for the actor
	Read  Access = 1 // read it, its revisions, diffs, links and history
	Write Access = 2 // also edit body, title, tags, status, and move it
	Owner Access = 3 // also delete, restore and share it
)

// CanRead reports whether the document exists for the actor at all.
func (a Access) CanRead() bool { return a >= Read }

// CanWrite reports whether the actor may edit and move the document.
func (a Access) CanWrite() bool { return a >= Write }

// IsOwner reports whether the actor owns the document.
func (a Access) IsOwner() bool { return a == Owner }

func (a Access) String() string {
	switch a {
	case Read:
		return "read"
	case Write:
		return "write"
	case Owner:
		return "owner"
	}
	return "none"
}

// Viewer is who a visibility query is asked for: the actor's user id and
// whether group grants (Everyone included) reach them, which is true for
// people only.
type Viewer struct {
	ID       uuid.UUID
	IsPerson bool
}

// ViewerOf returns the Viewer for an actor. ok is false for nobody and for
// management, who can read no document whatever the rows say.
func ViewerOf(a *auth.Actor) (v Viewer, ok bool) {
	if a == nil || a.Kind == auth.KindManagement || a.Kind == auth.KindSystem {
		return Viewer{}, false
	}
	return Viewer{ID: a.UserID, IsPerson: a.Kind == auth.KindPerson}, true
}

// Levels answers, in one statement, what the actor may do to each of ids.
// Ids that do not exist, and every id for nobody or management, are None
// (absent from the map). q may be a pool or a transaction.
func Levels(ctx context.Context, q db.DBTX, actor *auth.Actor, ids []uuid.UUID) (map[uuid.UUID]Access, error) {
	out := make(map[uuid.UUID]Access, len(ids))
	v, ok := ViewerOf(actor)
	if !ok || len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.DocumentListAccessLevels(ctx, q, db.DocumentListAccessLevelsParams{ActorID: v.ID, ActorIsPerson: v.IsPerson, Ids: ids})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if r.Level > 0 {
			out[r.ID] = Access(r.Level)
		}
	}
	return out, nil
}

// NoteAgentRead records that the acting agent opened a document
// (auth.RecordAgentRead: a row per agent per document per day). It does
// nothing for anyone but an agent. Errors: UNAUTHENTICATED for nobody.
func (s *Service) NoteAgentRead(ctx context.Context, documentID uuid.UUID) error {
	actor, err := auth.RequireActor(ctx)
	if err != nil || actor.Kind != auth.KindAgent {
		return err
	}
	return auth.RecordAgentRead(ctx, s.pool, actor.UserID, documentID)
}

package linkgraph

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// MaxDecideAll bounds how many decisions one DecideAll answers; the caller
// asks again for the rest (Decided.More).
const MaxDecideAll = 200

// Decided is what DecideAll did: how many decisions it answered, the
// linking documents after the answers (each once, in the order first
// answered), and whether decisions to the target remain beyond the bound.
type Decided struct {
	Count     int
	Documents []*document.Doc
	More      bool
}

// DecideAll answers every decision of the actor's whose link points at
// target the same way — "the same for every page of mine linking here"
// after a rename or a deletion — as Decide answers one, each link in a
// transaction of its own (a revision of its source for update, drop and
// repoint). restore_target restores the target once, which mends every
// link to it. At most MaxDecideAll links are answered per call. A link
// that stopped needing a decision meanwhile is skipped.
//
// Errors: UNAUTHENTICATED for nobody; NOT_FOUND on targetId when no
// decision of the actor's points at target (or they cannot read it); the
// errors of Decide for the first link that fails otherwise (the ones
// answered before it stay answered).
func (s *Service) DecideAll(ctx context.Context, target uuid.UUID, answer Answer, newTarget *uuid.UUID) (Decided, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return Decided{}, err
	}
	ids, err := db.Q.DocumentLinkListDecisionIDsToTarget(ctx, s.pool, db.DocumentLinkListDecisionIDsToTargetParams{
		TargetID: target, ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, RowLimit: MaxDecideAll + 1,
	})
	if err != nil {
		return Decided{}, err
	}
	if len(ids) == 0 {
		return Decided{}, &fault.Error{Code: fault.NotFound, Field: "targetId", Message: "None of your links to that document wait for a decision."}
	}
	out := Decided{More: len(ids) > MaxDecideAll}
	if out.More {
		ids = ids[:MaxDecideAll]
	}
	all := len(ids)
	if answer == RestoreTarget {
		// Restoring the target mends every link to it at once.
		ids = ids[:1]
	}
	seen := map[uuid.UUID]int{}
	for _, id := range ids {
		d, err := s.decide(ctx, &links, id, answer, newTarget)
		if fault.CodeOf(err) == fault.Conflict {
			continue // answered meanwhile (a restore, a move back, another tab)
		}
		if err != nil {
			return out, err
		}
		out.Count++
		if i, ok := seen[d.ID]; ok {
			out.Documents[i] = d // the later revision
			continue
		}
		seen[d.ID] = len(out.Documents)
		out.Documents = append(out.Documents, d)
	}
	if answer == RestoreTarget && out.Count > 0 {
		out.Count = all
	}
	return out, nil
}

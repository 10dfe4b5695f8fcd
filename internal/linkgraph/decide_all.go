package linkgraph

import (
	"context"
	"errors"
	"slices"

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

// Answered is what DecideMany did: the links it answered, those given that
// no longer needed a decision, and the linking documents after the answers
// (each once, in the order first answered).
type Answered struct {
	Answered  []uuid.UUID
	Skipped   []uuid.UUID
	Documents []*document.Doc
}

// DecideMany answers several of the actor's link decisions the same way
// ("Update all", "Keep all" for the links a rename touched), all in one
// transaction: each link is checked as Decide checks it, and when one
// fails nothing is answered. A link that no longer needs a decision
// (answered meanwhile, mended) is skipped. answer is Update, Keep or Drop;
// ids at most MaxDecideAll, repeats counted once.
//
// Errors: UNAUTHENTICATED for nobody; BAD_USER_INPUT on "linkIds" for none
// or more than MaxDecideAll, on "answer" for another answer (or Update of a
// link whose target was deleted); NOT_FOUND on "linkIds" for a link the
// actor cannot see; FORBIDDEN on "linkIds" for one whose page they cannot
// edit.
func (s *Service) DecideMany(ctx context.Context, ids []uuid.UUID, answer Answer) (Answered, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return Answered{}, err
	}
	ids = sortedIDs(ids) // one lock order for every caller
	if len(ids) == 0 || len(ids) > MaxDecideAll {
		return Answered{}, fault.Input("linkIds", "Give between 1 and %d links.", MaxDecideAll)
	}
	if !slices.Contains([]Answer{Update, Keep, Drop}, answer) {
		return Answered{}, fault.Input("answer", "Answer many links at once with update, keep or drop.")
	}
	var out Answered
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		out = Answered{}
		seen := map[uuid.UUID]int{}
		for _, id := range ids {
			d, _, _, err := s.answerInTx(ctx, tx, actor, &links, id, answer, nil)
			if fault.CodeOf(err) == fault.Conflict {
				out.Skipped = append(out.Skipped, id)
				continue
			}
			if err != nil {
				return onLinkIDs(err)
			}
			out.Answered = append(out.Answered, id)
			if i, ok := seen[d.ID]; ok {
				out.Documents[i] = d // the later revision
				continue
			}
			seen[d.ID] = len(out.Documents)
			out.Documents = append(out.Documents, d)
		}
		return nil
	})
	if err != nil {
		return Answered{}, err
	}
	return out, nil
}

// onLinkIDs names "linkIds" as the field of a refusal about one link
// (NOT_FOUND, FORBIDDEN): which of many failed is the input at fault.
func onLinkIDs(err error) error {
	var f *fault.Error
	if !errors.As(err, &f) || f.Field == "answer" {
		return err
	}
	return &fault.Error{Code: f.Code, Field: "linkIds", Message: f.Message}
}

package linkgraph

import (
	"context"
	"errors"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/link"
)

// Suggestion is a proposed link.
type Suggestion struct {
	ID          uuid.UUID
	SourceID    uuid.UUID
	TargetID    uuid.UUID
	Reason      string
	Score       *float32
	Rationale   *string
	SuggestedBy *uuid.UUID
	Status      db.DecisionStatus
	DecidedBy   *uuid.UUID
	DecidedAt   *time.Time
	CreatedAt   time.Time
}

func suggestionOf(r db.LinkSuggestion) *Suggestion {
	return &Suggestion{ID: r.ID, SourceID: r.SourceID, TargetID: r.TargetID, Reason: r.Reason, Score: r.Score, Rationale: r.Rationale,
		SuggestedBy: r.SuggestedBy, Status: r.Status, DecidedBy: r.DecidedBy, DecidedAt: r.DecidedAt, CreatedAt: r.CreatedAt}
}

var reasons = map[string]bool{"vector_similar": true, "tag_overlap": true, "co_citation": true, "agent_proposed": true}

// Propose suggests a link from source to target, for people and agents who
// can edit the source and read the target. The source's owner gets a
// link.suggested decision. A pair proposed before — pending, accepted or
// rejected — is returned as it is, with created=false: a rejected
// suggestion stays rejected. Errors: NOT_FOUND on sourceId or targetId;
// FORBIDDEN when the actor cannot edit the source; BAD_USER_INPUT naming the
// field.
func (s *Service) Propose(ctx context.Context, source, target uuid.UUID, reason string, rationale *string, score *float32) (*Suggestion, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	if source == target {
		return nil, false, fault.Input("targetId", "A document cannot link to itself.")
	}
	if reason == "" {
		reason = "agent_proposed"
	}
	if !reasons[reason] {
		return nil, false, fault.Input("reason", "The reason must be vector_similar, tag_overlap, co_citation or agent_proposed.")
	}
	if rationale != nil && utf8.RuneCountInString(*rationale) > 2000 {
		return nil, false, fault.Input("rationale", "A rationale has at most 2000 characters.")
	}
	var out *Suggestion
	created := false
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		src, err := s.docs.GetTx(ctx, tx, source)
		if err != nil || src.DeletedAt != nil {
			return &fault.Error{Code: fault.NotFound, Field: "sourceId", Message: "No document you can read has that id."}
		}
		if !src.Access.CanWrite() {
			return fault.New(fault.Forbidden, "Only someone who can edit the source can propose links in it.")
		}
		if src.Space == document.SpaceRaw {
			return fault.Input("sourceId", "A raw original is never edited, so no link can be added to it.")
		}
		tgt, err := s.docs.GetTx(ctx, tx, target)
		if err != nil || tgt.DeletedAt != nil {
			return &fault.Error{Code: fault.NotFound, Field: "targetId", Message: "No document you can read has that id."}
		}
		row, err := db.Q.LinkSuggestionCreate(ctx, tx, db.LinkSuggestionCreateParams{
			ID: uuid.Must(uuid.NewV7()), SourceID: source, TargetID: target, Reason: reason, Score: score, Rationale: rationale, SuggestedBy: &actor.UserID,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			row, err = db.Q.LinkSuggestionGetPair(ctx, tx, db.LinkSuggestionGetPairParams{SourceID: source, TargetID: target})
			if err != nil {
				return err
			}
			out = suggestionOf(row)
			return nil
		} else if err != nil {
			return err
		}
		out, created = suggestionOf(row), true
		payload := map[string]any{"sourceId": source.String(), "targetId": target.String(), "reason": reason}
		if rationale != nil {
			payload["rationale"] = *rationale
		}
		_, err = inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: src.OwnerID, ActorID: &actor.UserID, Type: inbox.TypeLinkSuggested, SubjectType: "link_suggestion",
			SubjectID: &row.ID, RequiresDecision: true, Payload: payload,
		})
		return err
	})
	return out, created, err
}

// Accept adds the suggested link to the end of the source body as a
// revision by the actor (the resolver turns it into an edge) and resolves
// the decision. Errors: NOT_FOUND; FORBIDDEN when the actor cannot edit the
// source; CONFLICT on id when the suggestion was already decided.
func (s *Service) Accept(ctx context.Context, id uuid.UUID) (*Suggestion, *document.Doc, error) {
	return s.decideSuggestion(ctx, id, db.DecisionStatusAccepted)
}

// Reject declines a suggestion for good: proposing the pair again does
// nothing. Errors: as Accept.
func (s *Service) Reject(ctx context.Context, id uuid.UUID) (*Suggestion, *document.Doc, error) {
	return s.decideSuggestion(ctx, id, db.DecisionStatusRejected)
}

func (s *Service) decideSuggestion(ctx context.Context, id uuid.UUID, status db.DecisionStatus) (*Suggestion, *document.Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, nil, err
	}
	notFound := fault.New(fault.NotFound, "No link suggestion has that id.")
	var sug *Suggestion
	var src *document.Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		row, err := db.Q.LinkSuggestionGetForUpdate(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return notFound
		} else if err != nil {
			return err
		}
		levels, err := document.Levels(ctx, tx, actor, []uuid.UUID{row.SourceID, row.TargetID})
		if err != nil {
			return err
		}
		if !levels[row.SourceID].CanRead() || !levels[row.TargetID].CanRead() {
			return notFound
		}
		if !levels[row.SourceID].CanWrite() {
			return fault.New(fault.Forbidden, "Only someone who can edit the source can decide on links proposed into it.")
		}
		if row.Status != db.DecisionStatusPending {
			return fault.Conflicting("id", "This suggestion was already %s.", row.Status)
		}
		if status == db.DecisionStatusAccepted {
			tgt, err := s.docs.GetTx(ctx, tx, row.TargetID)
			if err != nil {
				return err
			}
			to := link.Address{Space: string(tgt.Space), Path: tgt.Path, Slug: tgt.Slug}
			if src, _, err = s.docs.EditBody(ctx, tx, row.SourceID, func(space document.Space, path, body string) (string, error) {
				return link.Append(body, tgt.Title, to, string(space), path), nil
			}, "Accepted a link suggestion"); err != nil {
				return err
			}
		} else if src, err = s.docs.GetTx(ctx, tx, row.SourceID); err != nil {
			return err
		}
		decided, err := db.Q.LinkSuggestionDecide(ctx, tx, db.LinkSuggestionDecideParams{ID: id, Status: status, DecidedBy: &actor.UserID})
		if err != nil {
			return err
		}
		sug = suggestionOf(decided)
		if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "link_suggestion", []uuid.UUID{id}); err != nil {
			return err
		}
		if status == db.DecisionStatusAccepted {
			return ResyncInTx(ctx, tx, row.SourceID)
		}
		return nil
	})
	return sug, src, err
}

// Pending pages through the pending suggestions the actor can decide (on
// documents they can edit, towards documents they can read), optionally for
// one source, after the given id.
func (s *Service) Pending(ctx context.Context, source *uuid.UUID, after *uuid.UUID, limit int) ([]Suggestion, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	rows, err := db.Q.LinkSuggestionListPending(ctx, s.pool, db.LinkSuggestionListPendingParams{
		ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, SourceID: source, AfterID: after, RowLimit: int32(limit + 1),
	})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	out := make([]Suggestion, len(rows))
	for i, r := range rows {
		out[i] = *suggestionOf(r)
	}
	return out, more, nil
}

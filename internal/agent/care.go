package agent

// What the people who answer for an agent do for it: its tokens one by
// one, resuming it when it was paused, and choosing whom it may share its
// own pages with (docs/design.md, "Agents over MCP").

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/manage"
)

// MaxShareTargets is the most people and groups one agent may share with.
const MaxShareTargets = access.MaxRecipients

// ShareTarget is someone an agent may share its own pages with: a person
// or a group.
type ShareTarget struct {
	Principal access.Principal
	Label     string // as a share names it: an email or group:<slug>
	Name      string
	AddedAt   time.Time
}

// answerFor checks that the acting person answers for the agent, inside q.
// Errors: UNAUTHENTICATED; FORBIDDEN for anyone but a person; NOT_FOUND on
// agentId when they do not answer for it.
func answerFor(ctx context.Context, q db.DBTX, agentID uuid.UUID, why string) (*auth.Actor, error) {
	a, err := auth.RequirePerson(ctx, why)
	if err != nil {
		return nil, err
	}
	ok, err := db.Q.AgentResponsibleHas(ctx, q, db.AgentResponsibleHasParams{AgentID: agentID, UserID: a.UserID})
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errNoAgent
	}
	return a, nil
}

// onlyResponsible is why an agent is refused its own care.
const onlyResponsible = "Only the people who answer for an agent look after it."

// Tokens lists the tokens of an agent the acting person answers for,
// revoked ones included, newest first: name, prefix and dates, never a
// secret. Errors: UNAUTHENTICATED; FORBIDDEN for anyone but a person;
// NOT_FOUND on agentId when they do not answer for it.
func (s *Service) Tokens(ctx context.Context, agentID uuid.UUID) ([]auth.AccessToken, error) {
	if _, err := answerFor(ctx, s.pool, agentID, onlyResponsible); err != nil {
		return nil, err
	}
	if _, err := db.Q.AgentGet(ctx, s.pool, agentID); errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoAgent
	} else if err != nil {
		return nil, err
	}
	return auth.TokensOf(ctx, s.pool, agentID)
}

// RevokeToken revokes one token of an agent the acting person answers for
// (a revoked one keeps its first revocation time); requests with it are
// refused from then on and its websockets close. The agent's other tokens
// keep working. Errors: those of Tokens; NOT_FOUND on tokenId when the
// agent has no such token.
func (s *Service) RevokeToken(ctx context.Context, agentID, tokenID uuid.UUID) (auth.AccessToken, error) {
	if _, err := auth.RequirePerson(ctx, onlyResponsible); err != nil {
		return auth.AccessToken{}, err
	}
	var out auth.AccessToken
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if _, err := answerFor(ctx, tx, agentID, onlyResponsible); err != nil {
			return err
		}
		if _, err := db.Q.AgentGetForUpdate(ctx, tx, agentID); errors.Is(err, pgx.ErrNoRows) {
			return errNoAgent
		} else if err != nil {
			return err
		}
		var err error
		out, err = manage.RevokeAgentTokenInTx(ctx, tx, agentID, tokenID)
		return err
	})
	return out, err
}

// Resume resumes a paused agent the acting person answers for: its tokens
// work again. Resuming one that is not paused changes nothing. Errors:
// those of Tokens (NOT_FOUND too for a deleted agent).
func (s *Service) Resume(ctx context.Context, agentID uuid.UUID) (Agent, error) {
	if _, err := auth.RequirePerson(ctx, onlyResponsible); err != nil {
		return Agent{}, err
	}
	var out Agent
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if _, err := answerFor(ctx, tx, agentID, onlyResponsible); err != nil {
			return err
		}
		if _, err := manage.ResumeAgentInTx(ctx, tx, agentID); err != nil {
			if fe := fault.As(err); fe != nil && fe.Code == fault.NotFound {
				return errNoAgent
			}
			return err
		}
		r, err := db.Q.AgentGet(ctx, tx, agentID)
		if err != nil {
			return err
		}
		out = Agent{ID: r.UserID, Slug: r.Slug, Name: r.Name, Description: r.Description, CreatedAt: r.CreatedAt, PausedAt: r.PausedAt}
		return nil
	})
	return out, err
}

// ShareTargets lists whom an agent the acting person answers for may share
// its own pages with (the MCP share_document tool): groups first, then
// people, by name. Errors: those of Tokens.
func (s *Service) ShareTargets(ctx context.Context, agentID uuid.UUID) ([]ShareTarget, error) {
	if _, err := answerFor(ctx, s.pool, agentID, onlyResponsible); err != nil {
		return nil, err
	}
	return ShareTargetsOf(ctx, s.pool, agentID)
}

// ShareTargetsOf lists whom the agent may share its own pages with, as
// ShareTargets does, in q. It checks no actor: its callers did (the agent
// itself, sharing; a responsible person, reading).
func ShareTargetsOf(ctx context.Context, q db.DBTX, agentID uuid.UUID) ([]ShareTarget, error) {
	rows, err := db.Q.AgentShareTargetList(ctx, q, agentID)
	if err != nil {
		return nil, err
	}
	out := make([]ShareTarget, len(rows))
	for i, r := range rows {
		t := ShareTarget{Principal: access.Principal{Type: access.PrincipalType(r.PrincipalType), ID: r.PrincipalID}, Name: r.PrincipalName, AddedAt: r.CreatedAt, Label: r.UserEmail}
		if r.PrincipalType == db.PrincipalTypeGroup {
			t.Label = "group:" + r.GroupSlug
		}
		out[i] = t
	}
	return out, nil
}

// SetShareTargets replaces whom an agent the acting person answers for may
// share its own pages with: recipients as a share names them — a person's
// email or group:<slug> (group:everyone too); an empty list lets it share
// with nobody. Pages it shared before stay shared. Errors: those of Tokens;
// BAD_USER_INPUT on principals for more than MaxShareTargets, a recipient
// a share refuses (access.ResolveRecipients), or an agent (an agent shares
// with people and groups only).
func (s *Service) SetShareTargets(ctx context.Context, agentID uuid.UUID, recipients []string) ([]ShareTarget, error) {
	if _, err := auth.RequirePerson(ctx, onlyResponsible); err != nil {
		return nil, err
	}
	if len(recipients) > MaxShareTargets {
		return nil, fault.Input("principals", "An agent shares with at most %d people and groups; name a group for more.", MaxShareTargets)
	}
	var out []ShareTarget
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		a, err := answerFor(ctx, tx, agentID, onlyResponsible)
		if err != nil {
			return err
		}
		if _, err := db.Q.AgentGetForUpdate(ctx, tx, agentID); errors.Is(err, pgx.ErrNoRows) {
			return errNoAgent
		} else if err != nil {
			return err
		}
		var rcpts []access.Recipient
		if len(recipients) > 0 {
			if rcpts, err = access.ResolveRecipients(ctx, tx, a, recipients); err != nil {
				if fe := fault.As(err); fe != nil {
					return &fault.Error{Code: fe.Code, Field: "principals", Message: fe.Message}
				}
				return err
			}
		}
		if err := db.Q.AgentShareTargetDeleteAll(ctx, tx, agentID); err != nil {
			return err
		}
		for _, r := range rcpts {
			if r.Kind == access.RecipientAgent {
				return fault.Input("principals", "An agent shares with people and groups, not with %s.", r.Label)
			}
			if err := db.Q.AgentShareTargetAdd(ctx, tx, db.AgentShareTargetAddParams{
				AgentID: agentID, PrincipalType: db.PrincipalType(r.Type), PrincipalID: r.ID, AddedBy: &a.UserID,
			}); err != nil {
				return err
			}
		}
		out, err = ShareTargetsOf(ctx, tx, agentID)
		return err
	})
	return out, err
}

package manage

// Looking after an agent: its tokens one by one, and pausing and resuming
// it (docs/design.md, "Agents over MCP"). An agent nobody active answers
// for any more is paused: its tokens are refused with FORBIDDEN "agent
// paused" (internal/auth) until management or a person who answers for it
// resumes it. Agents own no automations (only people do), so there are
// none to disable.

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// pausedAgent is an agent pauseUnansweredInTx paused.
type pausedAgent struct {
	ID       uuid.UUID
	Slug     string
	PausedAt *time.Time
}

// pauseUnansweredInTx pauses those of the live, unpaused agents ids that no
// active person answers for any more, in the caller's transaction (which
// acts as management): each gets paused_at, an agent.paused
// management_audit row (target_user_id the agent, details {slug}) and its
// open websockets close. It returns the agents it paused.
func pauseUnansweredInTx(ctx context.Context, tx db.DBTX, ids []uuid.UUID) ([]pausedAgent, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := db.Q.AgentPauseUnanswered(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]pausedAgent, len(rows))
	now := time.Now()
	for i, r := range rows {
		out[i] = pausedAgent{ID: r.UserID, Slug: r.Slug, PausedAt: &now}
		if err := auth.CredentialsEndedInTx(ctx, tx, r.UserID); err != nil {
			return nil, err
		}
		if err := audit.WriteInTx(ctx, tx, audit.Entry{Action: "agent.paused", TargetUser: &out[i].ID, Details: map[string]any{
			"slug": r.Slug, "reason": "no active responsible person",
		}}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// pauseAgentsOfInTx pauses, as pauseUnansweredInTx, the agents person
// answered for that nobody active answers for now (person was just
// deactivated in tx).
func pauseAgentsOfInTx(ctx context.Context, tx db.DBTX, person uuid.UUID) error {
	agents, err := db.Q.AgentListByResponsible(ctx, tx, person)
	if err != nil {
		return err
	}
	ids := make([]uuid.UUID, len(agents))
	for i, a := range agents {
		ids[i] = a.UserID
	}
	_, err = pauseUnansweredInTx(ctx, tx, ids)
	return err
}

// ResumeAgentInTx resumes a paused live agent in the caller's transaction,
// when at least one active person answers for it. It reports whether it
// was paused. It checks no actor: management's ResumeAgent and the
// responsible people's agent.Service.Resume did. Errors: NOT_FOUND when
// agentID is not a live agent; BAD_USER_INPUT on agentId when no active
// person answers for it.
func ResumeAgentInTx(ctx context.Context, tx db.DBTX, agentID uuid.UUID) (bool, error) {
	if _, err := lockLiveAgent(ctx, tx, agentID); err != nil {
		return false, err
	}
	people, err := db.Q.AgentResponsibleListActive(ctx, tx, agentID)
	if err != nil {
		return false, err
	}
	if len(people) == 0 {
		return false, fault.Input("agentId", "Nobody active answers for this agent: name someone who does first, then resume it.")
	}
	n, err := db.Q.AgentResume(ctx, tx, agentID)
	return n > 0, err
}

// ResumeAgent resumes a paused agent: its tokens work again. Resuming an
// agent that is not paused changes nothing.
//
// Audit: agent.resume, target_user_id the agent, details {slug}, when it
// was paused.
//
// Errors: NOT_FOUND when agentID is not a live agent; BAD_USER_INPUT on
// agentId when no active person answers for it.
func (s *Service) ResumeAgent(ctx context.Context, agentID uuid.UUID) (Agent, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Agent{}, err
	}
	var out Agent
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		resumed, err := ResumeAgentInTx(ctx, tx, agentID)
		if err != nil {
			return err
		}
		a, err := lockLiveAgent(ctx, tx, agentID)
		if err != nil {
			return err
		}
		list := []Agent{a}
		if err := fillResponsible(ctx, tx, list); err != nil {
			return err
		}
		out = list[0]
		if !resumed {
			return nil
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "agent.resume", TargetUser: &a.ID, Details: map[string]any{"slug": a.Slug}})
	})
	return out, err
}

// AgentTokens lists a live agent's tokens, revoked ones included, newest
// first: name, prefix and dates, never a secret. Errors: NOT_FOUND when
// agentID is not a live agent.
func (s *Service) AgentTokens(ctx context.Context, agentID uuid.UUID) ([]auth.AccessToken, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	if _, err := db.Q.AgentGet(ctx, s.pool, agentID); errors.Is(err, pgx.ErrNoRows) {
		return nil, errAgentNotFound
	} else if err != nil {
		return nil, err
	}
	return auth.TokensOf(ctx, s.pool, agentID)
}

// RevokeAgentToken revokes one of a live agent's tokens (a revoked one
// keeps its first revocation time); requests with it are refused from then
// on and its websockets close. The agent's other tokens keep working.
//
// Audit: agent.token_revoke, target_user_id the agent, details {slug,
// token_id}.
//
// Errors: NOT_FOUND when agentID is not a live agent or has no such token.
func (s *Service) RevokeAgentToken(ctx context.Context, agentID, tokenID uuid.UUID) (auth.AccessToken, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return auth.AccessToken{}, err
	}
	var out auth.AccessToken
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		a, err := lockLiveAgent(ctx, tx, agentID)
		if err != nil {
			return err
		}
		if out, err = RevokeAgentTokenInTx(ctx, tx, a.ID, tokenID); err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "agent.token_revoke", TargetUser: &a.ID, Details: map[string]any{"slug": a.Slug, "token_id": tokenID}})
	})
	return out, err
}

// RevokeAgentTokenInTx revokes one token of the agent in the caller's
// transaction and closes its websockets. It checks no actor: its callers
// (RevokeAgentToken, agent.Service.RevokeToken) did. Errors: NOT_FOUND on
// tokenId when the agent has no such token.
func RevokeAgentTokenInTx(ctx context.Context, tx db.DBTX, agentID, tokenID uuid.UUID) (auth.AccessToken, error) {
	return auth.RevokeTokenInTx(ctx, tx, agentID, tokenID, &fault.Error{Code: fault.NotFound, Field: "tokenId", Message: "That agent has no token with that id."})
}

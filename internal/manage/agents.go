package manage

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/access"
	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
)

// AgentIdentityProvider is identities.provider of an agent's service account;
// its subject is the agent's id.
const AgentIdentityProvider = "service"

// AgentEmailDomain is the domain of every agent's email, <id>@agents.invalid:
// an address nothing can be sent to.
const AgentEmailDomain = "agents.invalid"

// AgentFirstTokenName is the name of the token CreateAgent issues.
const AgentFirstTokenName = "default"

// MaxResponsible caps how many people one call names as responsible.
const MaxResponsible = 100

// Agent is an agent as management sees it: never what it read or was asked.
type Agent struct {
	ID          uuid.UUID // its users.id
	Slug        string    // agent:<slug> in a share
	Name        string
	Description string
	CreatedAt   time.Time
	DeletedAt   *time.Time  // set by DeleteAgent
	PausedAt    *time.Time  // set when nobody active answers for it any more; ResumeAgent clears it
	Responsible []auth.User // who answers for it, by name
}

// AgentToken is an agent's access token as listed (never its secret).
type AgentToken struct {
	ID        uuid.UUID
	AgentID   uuid.UUID
	Name      string
	Prefix    string // "coda_" and six more characters
	ExpiresAt *time.Time
	CreatedAt time.Time
}

var errAgentNotFound = fault.New(fault.NotFound, "No agent has that id.")

func newAgent(id uuid.UUID, slug, name, description string, created time.Time, deleted, paused *time.Time) Agent {
	return Agent{ID: id, Slug: slug, Name: name, Description: description, CreatedAt: created, DeletedAt: deleted, PausedAt: paused}
}

// lockLiveAgent reads and locks a live agent. Errors: NOT_FOUND.
func lockLiveAgent(ctx context.Context, q db.DBTX, id uuid.UUID) (Agent, error) {
	r, err := db.Q.AgentGetForUpdate(ctx, q, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Agent{}, errAgentNotFound
	} else if err != nil {
		return Agent{}, err
	}
	return newAgent(r.UserID, r.Slug, r.Name, r.Description, r.CreatedAt, r.DeletedAt, r.PausedAt), nil
}

// fillResponsible sets Responsible on each agent, in one statement.
func fillResponsible(ctx context.Context, q db.DBTX, agents []Agent) error {
	if len(agents) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(agents))
	for i, a := range agents {
		ids[i] = a.ID
	}
	rows, err := db.Q.AgentResponsibleList(ctx, q, ids)
	if err != nil {
		return err
	}
	by := make(map[uuid.UUID][]auth.User, len(agents))
	for _, r := range rows {
		by[r.AgentID] = append(by[r.AgentID], auth.User{
			ID: r.ID, Email: r.Email, Name: r.Name, Kind: auth.Kind(r.Kind), Active: r.IsActive, CreatedAt: r.CreatedAt,
		})
	}
	for i := range agents {
		agents[i].Responsible = by[agents[i].ID]
		if agents[i].Responsible == nil {
			agents[i].Responsible = []auth.User{}
		}
	}
	return nil
}

// distinctIDs drops repeated ids, keeping the first of each.
func distinctIDs(ids []uuid.UUID) []uuid.UUID {
	out := make([]uuid.UUID, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// checkActivePeople checks that every id is an active person.
// Errors: BAD_USER_INPUT on field otherwise.
func checkActivePeople(ctx context.Context, q db.DBTX, field string, ids []uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	users, err := db.Q.UserGetMany(ctx, q, ids)
	if err != nil {
		return err
	}
	ok := make(map[uuid.UUID]bool, len(users))
	for _, u := range users {
		ok[u.ID] = u.Kind == string(auth.KindPerson) && u.IsActive
	}
	for _, id := range ids {
		if !ok[id] {
			return fault.Input(field, "Only an active person can answer for an agent, and %s is not one.", id)
		}
	}
	return nil
}

func agentPayload(a Agent) map[string]any {
	return map[string]any{"agentId": a.ID, "agentSlug": a.Slug, "agentName": a.Name}
}

// notifyResponsible tells a person they now answer, or no longer answer, for an agent.
func notifyResponsible(ctx context.Context, tx db.DBTX, typ string, person uuid.UUID, a Agent) error {
	_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
		RecipientID: person, ActorID: managementID(), Type: typ,
		SubjectType: "agent", SubjectID: &a.ID, Payload: agentPayload(a),
	})
	return err
}

// insertAgentToken stores a new agent token in q's transaction, hashed and
// prefixed as auth.Service.CreateAccessToken does, and returns its secret.
func insertAgentToken(ctx context.Context, q db.DBTX, agentID uuid.UUID, name string) (AgentToken, string, error) {
	secret := auth.NewSecret(auth.AgentTokenPrefix)
	t, err := db.Q.AccessTokenCreate(ctx, q, db.AccessTokenCreateParams{
		ID: uuid.Must(uuid.NewV7()), UserID: agentID, Kind: string(auth.KindAgent), Name: name,
		TokenHash: auth.HashSecret(secret), Prefix: auth.DisplayPrefix(secret),
	})
	if err != nil {
		return AgentToken{}, "", err
	}
	return AgentToken{ID: t.ID, AgentID: t.UserID, Name: t.Name, Prefix: t.Prefix, ExpiresAt: t.ExpiresAt, CreatedAt: t.CreatedAt}, secret, nil
}

// CreateAgent makes an agent: a users row of kind agent (email
// <id>@agents.invalid, no password), its agents row, its service-account
// identity (provider "service", subject its id), the people who answer for
// it, and a first agent token (named AgentFirstTokenName, no expiry) whose
// secret is returned once. Each responsible person is told with an
// agent.responsible_added notification.
//
// Audit: agent.create, target_user_id the agent, details {slug,
// responsible, token_id}.
//
// Errors: BAD_USER_INPUT naming the field for a malformed slug (as
// CreateGroup), an empty or long name, a description over 2,000
// characters, no responsible person, more than MaxResponsible, or one
// that is not an active person (field "responsible"); CONFLICT on slug when
// a live agent has it.
func (s *Service) CreateAgent(ctx context.Context, slug, name, description string, responsible []uuid.UUID) (Agent, string, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Agent{}, "", err
	}
	slug = strings.TrimSpace(slug)
	if err := checkSlug(slug); err != nil {
		return Agent{}, "", err
	}
	name, err := checkName(name)
	if err != nil {
		return Agent{}, "", err
	}
	if description, err = checkDescription(description); err != nil {
		return Agent{}, "", err
	}
	responsible = distinctIDs(responsible)
	if len(responsible) == 0 {
		return Agent{}, "", fault.Input("responsible", "Name at least one person who answers for the agent.")
	}
	if len(responsible) > MaxResponsible {
		return Agent{}, "", fault.Input("responsible", "Name at most %d people who answer for the agent.", MaxResponsible)
	}
	var out Agent
	var secret string
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if err := checkActivePeople(ctx, tx, "responsible", responsible); err != nil {
			return err
		}
		id := uuid.Must(uuid.NewV7())
		u, err := db.Q.UserCreate(ctx, tx, db.UserCreateParams{
			ID: id, Email: id.String() + "@" + AgentEmailDomain, Name: name, Kind: string(auth.KindAgent),
		})
		if err != nil {
			return err
		}
		a, err := db.Q.AgentCreate(ctx, tx, db.AgentCreateParams{UserID: u.ID, Slug: slug, Description: description})
		if err != nil {
			return err
		}
		out = newAgent(u.ID, a.Slug, u.Name, a.Description, a.CreatedAt, nil, nil)
		if err := db.Q.IdentityCreate(ctx, tx, db.IdentityCreateParams{
			ID: uuid.Must(uuid.NewV7()), UserID: u.ID, Provider: AgentIdentityProvider, Subject: u.ID.String(),
		}); err != nil {
			return err
		}
		for _, p := range responsible {
			if _, err := db.Q.AgentResponsibleAdd(ctx, tx, db.AgentResponsibleAddParams{AgentID: u.ID, UserID: p}); err != nil {
				return err
			}
			if err := notifyResponsible(ctx, tx, inbox.TypeAgentResponsibleAdded, p, out); err != nil {
				return err
			}
		}
		var tok AgentToken
		if tok, secret, err = insertAgentToken(ctx, tx, u.ID, AgentFirstTokenName); err != nil {
			return err
		}
		list := []Agent{out}
		if err := fillResponsible(ctx, tx, list); err != nil {
			return err
		}
		out = list[0]
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "agent.create", TargetUser: &u.ID, Details: map[string]any{
			"slug": a.Slug, "responsible": responsible, "token_id": tok.ID,
		}})
	})
	if err != nil {
		return Agent{}, "", err
	}
	return out, secret, nil
}

// SetResponsible changes who answers for a live agent: it adds the people
// in add and removes those in remove. Adding someone who answers already,
// or removing someone who does not, changes nothing for them. Each person
// actually added or removed is told (agent.responsible_added or
// agent.responsible_removed), and the agent_responsible rule follows in the
// same transaction: a person added is granted read on the agent's pages, a
// person removed loses the rule's grants (access.AgentResponsibleAddedInTx,
// access.AgentResponsibleRemovedInTx). An agent left with no active
// responsible person is paused (see pauseUnansweredInTx); adding someone to
// a paused agent does not resume it (ResumeAgent does).
//
// Audit: one row per person added (agent.responsible_add) or removed
// (agent.responsible_remove), target_user_id the agent, details {slug,
// user_id: the person}; agent.paused when the change paused it.
//
// Errors: NOT_FOUND when agentID is not a live agent; BAD_USER_INPUT on
// "add" when both lists are empty or someone to add is not an active
// person, on "remove" when someone is in both lists.
func (s *Service) SetResponsible(ctx context.Context, agentID uuid.UUID, add, remove []uuid.UUID) (Agent, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Agent{}, err
	}
	add, remove = distinctIDs(add), distinctIDs(remove)
	if len(add) == 0 && len(remove) == 0 {
		return Agent{}, fault.Input("add", "Name someone to add or remove.")
	}
	if len(add) > MaxResponsible || len(remove) > MaxResponsible {
		return Agent{}, fault.Input("add", "Change at most %d people at once.", MaxResponsible)
	}
	for _, id := range add {
		if slices.Contains(remove, id) {
			return Agent{}, fault.Input("remove", "The same person cannot be added and removed at once.")
		}
	}
	var out Agent
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		a, err := lockLiveAgent(ctx, tx, agentID)
		if err != nil {
			return err
		}
		if err := checkActivePeople(ctx, tx, "add", add); err != nil {
			return err
		}
		for _, p := range add {
			n, err := db.Q.AgentResponsibleAdd(ctx, tx, db.AgentResponsibleAddParams{AgentID: a.ID, UserID: p})
			if err != nil {
				return err
			}
			if n == 0 {
				continue
			}
			if err := notifyResponsible(ctx, tx, inbox.TypeAgentResponsibleAdded, p, a); err != nil {
				return err
			}
			if _, err := access.AgentResponsibleAddedInTx(ctx, tx, a.ID, p); err != nil {
				return err
			}
			if err := audit.WriteInTx(ctx, tx, audit.Entry{Action: "agent.responsible_add", TargetUser: &a.ID, Details: map[string]any{"slug": a.Slug, "user_id": p}}); err != nil {
				return err
			}
		}
		for _, p := range remove {
			n, err := db.Q.AgentResponsibleRemove(ctx, tx, db.AgentResponsibleRemoveParams{AgentID: a.ID, UserID: p})
			if err != nil {
				return err
			}
			if n == 0 {
				continue
			}
			if err := notifyResponsible(ctx, tx, inbox.TypeAgentResponsibleRemoved, p, a); err != nil {
				return err
			}
			if _, err := access.AgentResponsibleRemovedInTx(ctx, tx, a.ID, p); err != nil {
				return err
			}
			if err := audit.WriteInTx(ctx, tx, audit.Entry{Action: "agent.responsible_remove", TargetUser: &a.ID, Details: map[string]any{"slug": a.Slug, "user_id": p}}); err != nil {
				return err
			}
		}
		paused, err := pauseUnansweredInTx(ctx, tx, []uuid.UUID{a.ID})
		if err != nil {
			return err
		}
		if len(paused) > 0 {
			a.PausedAt = paused[0].PausedAt
		}
		list := []Agent{a}
		if err := fillResponsible(ctx, tx, list); err != nil {
			return err
		}
		out = list[0]
		return nil
	})
	return out, err
}

// DeleteAgent deletes a live agent: it sets agents.deleted_at (which frees
// its slug for a new agent), revokes every token of its, and removes its
// identity, so it is nobody from then on; its open websockets close. Its
// users row, its responsible people and the grants made to it stay, for
// history.
//
// Audit: agent.delete, target_user_id the agent, details {slug,
// tokens_revoked}.
//
// Errors: NOT_FOUND when agentID is not a live agent.
func (s *Service) DeleteAgent(ctx context.Context, agentID uuid.UUID) (Agent, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Agent{}, err
	}
	var out Agent
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		a, err := lockLiveAgent(ctx, tx, agentID)
		if err != nil {
			return err
		}
		row, err := db.Q.AgentDelete(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		a.DeletedAt = row.DeletedAt
		n, err := db.Q.AccessTokenRevokeAllByUser(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		if err := auth.CredentialsEndedInTx(ctx, tx, a.ID); err != nil {
			return err
		}
		if _, err := db.Q.IdentityDeleteByUser(ctx, tx, a.ID); err != nil {
			return err
		}
		list := []Agent{a}
		if err := fillResponsible(ctx, tx, list); err != nil {
			return err
		}
		out = list[0]
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "agent.delete", TargetUser: &a.ID, Details: map[string]any{"slug": a.Slug, "tokens_revoked": n}})
	})
	return out, err
}

// ListAgents lists the live agents by slug, each with who answers for it.
func (s *Service) ListAgents(ctx context.Context) ([]Agent, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	rows, err := db.Q.AgentList(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	out := make([]Agent, len(rows))
	for i, r := range rows {
		out[i] = newAgent(r.UserID, r.Slug, r.Name, r.Description, r.CreatedAt, r.DeletedAt, r.PausedAt)
	}
	if err := fillResponsible(ctx, s.pool, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Agent reads one live agent with who answers for it. Errors: NOT_FOUND.
func (s *Service) Agent(ctx context.Context, id uuid.UUID) (Agent, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Agent{}, err
	}
	r, err := db.Q.AgentGet(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Agent{}, errAgentNotFound
	} else if err != nil {
		return Agent{}, err
	}
	list := []Agent{newAgent(r.UserID, r.Slug, r.Name, r.Description, r.CreatedAt, r.DeletedAt, r.PausedAt)}
	if err := fillResponsible(ctx, s.pool, list); err != nil {
		return Agent{}, err
	}
	return list[0], nil
}

// IssueAgentToken issues another token for a live agent, without expiry;
// its secret is returned once.
//
// Audit: agent.token_create, target_user_id the agent, details {slug,
// token_id, name}.
//
// Errors: BAD_USER_INPUT on name for an empty name or one over 100
// characters; NOT_FOUND when agentID is not a live agent.
func (s *Service) IssueAgentToken(ctx context.Context, agentID uuid.UUID, name string) (AgentToken, string, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return AgentToken{}, "", err
	}
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 100 {
		return AgentToken{}, "", fault.Input("name", "Give the token a name of 1 to 100 characters.")
	}
	var out AgentToken
	var secret string
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		a, err := lockLiveAgent(ctx, tx, agentID)
		if err != nil {
			return err
		}
		if out, secret, err = insertAgentToken(ctx, tx, a.ID, name); err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "agent.token_create", TargetUser: &a.ID, Details: map[string]any{
			"slug": a.Slug, "token_id": out.ID, "name": name,
		}})
	})
	if err != nil {
		return AgentToken{}, "", err
	}
	return out, secret, nil
}

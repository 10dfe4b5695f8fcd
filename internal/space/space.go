// Package space is the per-space settings (docs/design.md, "Space
// defaults"): who may read the pages people create in a space, set by
// management; and the creation of a page with the author's choice of who
// will see it, applied in the creation's transaction, with the answer to
// "who will see a page I create here?" that the new-page form shows first.
//
// A space's default is private (the owner alone, as before the setting
// existed, and what an absent space_settings row means) or everyone_read:
// a page a person creates there gets, in its creation's transaction, a read
// grant to Everyone with reason space_default — an ordinary grant, explained
// by whyCanISee and revocable by the owner. Changing the default never
// rewrites existing pages. The default applies to the pages people create
// through Create (the new-page form and GraphQL createDocument, a person's
// MCP write_document); an agent's pages follow the agent rules (private
// until shared), and imports, ingestions and automations' pages do not go
// through it.
package space

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/access"
	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// Access is a space's default: who may read the pages people create there.
type Access string

// The defaults (space_settings.default_access).
const (
	Private      Access = "private"       // the owner alone; also a space never set
	EveryoneRead Access = "everyone_read" // Everyone reads, through a space_default grant
)

// Spaces are every space, in the order the defaults are listed.
var Spaces = []document.Space{document.SpaceWiki, document.SpaceRaw, document.SpaceOutput}

// Default is one space's default.
type Default struct {
	Space  document.Space
	Access Access
	// UpdatedAt is when management last set it; nil for a space never set.
	UpdatedAt *time.Time
}

// Service reads and sets the space defaults and creates pages under them.
type Service struct {
	pool *pgxpool.Pool
	docs *document.Service
}

// New returns a Service over pool, creating pages through docs.
func New(pool *pgxpool.Pool, docs *document.Service) *Service {
	return &Service{pool: pool, docs: docs}
}

// ParseAccess reads a default as the API and CLI write it (private,
// everyone_read or everyone-read, any case). Errors: BAD_USER_INPUT on
// field.
func ParseAccess(field, s string) (Access, error) {
	switch strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "-", "_") {
	case string(Private):
		return Private, nil
	case string(EveryoneRead):
		return EveryoneRead, nil
	}
	return "", fault.Input(field, "A space's default access is private or everyone-read, not %q.", s)
}

// SetDefault sets who may read the pages people create in a space from
// now on, with a management_audit row (space.default, with the previous
// default) in the same transaction. Existing pages keep their grants.
// Errors: UNAUTHENTICATED; FORBIDDEN unless management; BAD_USER_INPUT on
// space or access.
func (s *Service) SetDefault(ctx context.Context, sp document.Space, acc Access) (Default, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Default{}, err
	}
	sp, err := document.ParseSpace("space", string(sp))
	if err != nil {
		return Default{}, err
	}
	if acc, err = ParseAccess("access", string(acc)); err != nil {
		return Default{}, err
	}
	var out Default
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		before, err := db.Q.SpaceSettingGetAccess(ctx, tx, db.Space(sp))
		if err != nil {
			return err
		}
		row, err := db.Q.SpaceSettingUpsert(ctx, tx, db.SpaceSettingUpsertParams{
			Space: db.Space(sp), DefaultAccess: string(acc), UpdatedBy: &auth.ManagementID,
		})
		if err != nil {
			return err
		}
		out = Default{Space: sp, Access: acc, UpdatedAt: &row.UpdatedAt}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "space.default", Details: map[string]any{
			"space": sp, "access": acc, "previous": before,
		}})
	})
	return out, err
}

// Defaults lists every space's default (wiki, raw, output), private where
// management never set one. It is not content: people, agents and
// management read the same answer. Errors: UNAUTHENTICATED; FORBIDDEN for
// the system actor.
func (s *Service) Defaults(ctx context.Context) ([]Default, error) {
	if _, err := auth.RequireActor(ctx); err != nil {
		return nil, err
	}
	rows, err := db.Q.SpaceSettingList(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	out := make([]Default, len(Spaces))
	for i, sp := range Spaces {
		out[i] = Default{Space: sp, Access: Private}
		for _, r := range rows {
			if document.Space(r.Space) == sp {
				out[i].Access, out[i].UpdatedAt = Access(r.DefaultAccess), &r.UpdatedAt
			}
		}
	}
	return out, nil
}

// defaultFor is the default that applies to actor's new page in sp: the
// space's for a person, private for an agent (agents' pages follow the
// agent rules: private until shared).
func defaultFor(ctx context.Context, q db.DBTX, actor *auth.Actor, sp document.Space) (Access, error) {
	if actor.Kind != auth.KindPerson {
		return Private, nil
	}
	a, err := db.Q.SpaceSettingGetAccess(ctx, q, db.Space(sp))
	if err != nil {
		return "", err
	}
	return Access(a), nil
}

// Choice is the author's choice of who reads a new page.
type Choice string

// The choices.
const (
	ChoiceDefault      Choice = "default"       // the space's default (an agent: private)
	ChoicePrivate      Choice = "private"       // the owner alone, whatever the default
	ChoiceEveryoneRead Choice = "everyone_read" // Everyone reads, whatever the default
)

// NewPage is a page to create with the author's choice of readers.
type NewPage struct {
	document.CreateInput
	// Access is the choice; empty means ChoiceDefault.
	Access Choice
	// ShareWith are recipients granted read at creation, as a share names
	// them (an email, group:<slug>, agent:<slug>), with reason direct and
	// the share's notifications. At most access.MaxRecipients.
	ShareWith []string
}

// Create creates a page as document.Service.Create does and, in the same
// transaction, gives it the readers chosen: with Everyone reading (the
// choice, or the default the choice left) a read grant to Everyone —
// reason space_default when that is the space's default, else direct, as
// if the author shared it — and ShareWith's grants (reason direct, one
// batch, the recipients told as a share tells them). A page an agent
// creates is also read by each person who answers for it (the
// agent_responsible rule: access.AgentPageCreatedInTx). A private page
// has no other document_access row. The standing folder shares covering the page apply
// as always, after it is created (the folder-share applier).
//
// Errors: document.Service.Create's; BAD_USER_INPUT on access, and on
// shareWith for recipients a share refuses.
func (s *Service) Create(ctx context.Context, in NewPage) (*document.Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	choice := in.Access
	switch choice {
	case "":
		choice = ChoiceDefault
	case ChoiceDefault, ChoicePrivate, ChoiceEveryoneRead:
	default:
		return nil, fault.Input("access", "A new page's access is default, private or everyone_read.")
	}
	if len(in.ShareWith) > access.MaxRecipients {
		return nil, fault.Input("shareWith", "Share a new page with at most %d recipients; use a group for more.", access.MaxRecipients)
	}
	return s.docs.CreateThen(ctx, in.CreateInput, func(ctx context.Context, tx db.DBTX, d *document.Doc) error {
		def, err := defaultFor(ctx, tx, actor, d.Space)
		if err != nil {
			return err
		}
		recipients := in.ShareWith
		switch {
		case choice == ChoicePrivate:
		case def == EveryoneRead:
			if _, err := access.GrantInTx(ctx, tx, access.GrantSpec{
				DocumentID: d.ID, Principal: access.Principal{Type: access.PrincipalGroup, ID: auth.EveryoneID},
				Permission: access.PermissionRead, GrantedBy: &actor.UserID, Reason: access.SpaceDefault,
			}); err != nil {
				return err
			}
		case choice == ChoiceEveryoneRead:
			recipients = append([]string{"group:everyone"}, recipients...)
		}
		if actor.Kind == auth.KindAgent {
			// The agent_responsible rule: its people read what it writes.
			if err := access.AgentPageCreatedInTx(ctx, tx, actor.UserID, d.ID); err != nil {
				return err
			}
		}
		if len(recipients) == 0 {
			return nil
		}
		_, err = access.ShareNewInTx(ctx, tx, actor, d.ID, recipients)
		var fe *fault.Error
		if errors.As(err, &fe) && fe.Field == "recipients" {
			return &fault.Error{Code: fe.Code, Field: "shareWith", Message: fe.Message}
		}
		return err
	})
}

// FolderAudience is one standing folder share of the asker's that will
// share a page they create at the address.
type FolderAudience struct {
	// Path is the rule's folder ("" is the whole space).
	Path       string
	Principal  access.Principal
	Label      string // as a share names it: email, group:<slug>, agent:<slug>
	Name       string // the display name
	Permission access.Permission
}

// Audience is who will see a page the asker creates at an address, before
// it is created.
type Audience struct {
	Space document.Space
	Path  string
	// Default is the default that applies to the asker's page there: the
	// space's for a person, private for an agent.
	Default Access
	// Folders are the asker's own folder shares covering the path, by path
	// and principal: a page is shared only by its owner's rules, so nobody
	// else's rules are looked at (or told).
	Folders []FolderAudience
}

// Audience says who will see a page the actor creates at (sp, path): the
// default that applies and the actor's folder shares covering the path.
// Errors: UNAUTHENTICATED; FORBIDDEN for management; BAD_USER_INPUT on
// space or path.
func (s *Service) Audience(ctx context.Context, sp document.Space, path string) (*Audience, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if sp, err = document.ParseSpace("space", string(sp)); err != nil {
		return nil, err
	}
	if path, err = document.NormalizePath(path); err != nil {
		return nil, err
	}
	out := &Audience{Space: sp, Path: path, Folders: []FolderAudience{}}
	if out.Default, err = defaultFor(ctx, s.pool, actor, sp); err != nil {
		return nil, err
	}
	dsp := db.Space(sp)
	rules, err := db.Q.FolderShareList(ctx, s.pool, db.FolderShareListParams{OwnerID: actor.UserID, Space: &dsp})
	if err != nil {
		return nil, err
	}
	var users []uuid.UUID
	for _, r := range rules {
		if r.Path != "" && r.Path != path && !strings.HasPrefix(path, r.Path+"/") {
			continue
		}
		out.Folders = append(out.Folders, FolderAudience{
			Path: r.Path, Principal: access.Principal{Type: access.PrincipalType(r.PrincipalType), ID: r.PrincipalID},
			Permission: access.Permission(r.Permission),
		})
		if r.PrincipalType == db.PrincipalTypeUser {
			users = append(users, r.PrincipalID)
		}
	}
	return out, s.nameFolders(ctx, out.Folders, users)
}

// nameFolders fills the folder audiences' labels and names.
func (s *Service) nameFolders(ctx context.Context, fs []FolderAudience, users []uuid.UUID) error {
	if len(fs) == 0 {
		return nil
	}
	people, err := db.Q.UserGetMany(ctx, s.pool, users)
	if err != nil {
		return err
	}
	byID := map[uuid.UUID]db.User{}
	for _, u := range people {
		byID[u.ID] = u
	}
	for i := range fs {
		f := &fs[i]
		if f.Principal.Type == access.PrincipalGroup {
			g, err := db.Q.GroupGet(ctx, s.pool, f.Principal.ID)
			if err != nil {
				return err
			}
			f.Label, f.Name = "group:"+g.Slug, g.Name
			continue
		}
		u := byID[f.Principal.ID]
		f.Label, f.Name = u.Email, u.Name
		if u.Kind == string(auth.KindAgent) {
			a, err := db.Q.AgentGet(ctx, s.pool, u.ID)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			f.Label = "agent:" + a.Slug
		}
	}
	return nil
}

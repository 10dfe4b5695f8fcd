package manage

import (
	"context"
	"errors"
	"regexp"
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
	"codna/internal/mention"
)

// slugPattern is what a group's or an agent's slug looks like (the
// agents_slug_ck CHECK): 2 to 40 lowercase letters, digits and hyphens,
// starting and ending with a letter or digit.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$`)

// checkSlug checks a slug. Errors: BAD_USER_INPUT on slug.
func checkSlug(slug string) error {
	if !slugPattern.MatchString(slug) {
		return fault.Input("slug", "A slug is 2 to 40 lowercase letters, digits and hyphens, starting and ending with a letter or digit.")
	}
	return nil
}

// checkDescription trims and checks a group's or an agent's description.
// Errors: BAD_USER_INPUT on description.
func checkDescription(d string) (string, error) {
	d = strings.TrimSpace(d)
	if len(d) > 2000 {
		return "", fault.Input("description", "Keep the description under 2,000 characters.")
	}
	return d, nil
}

// GroupReasonDeleted is the grant_reason of the access_events rows that
// record the grants taken away when their group was deleted.
const GroupReasonDeleted = "group_deleted"

// The kinds of group (groups.kind).
const (
	GroupKindCustom   = "custom"
	GroupKindEveryone = "everyone"
)

// Group is a group as management sees it: never what is shared with it.
type Group struct {
	ID          uuid.UUID
	Slug        string
	Name        string
	Description string
	Kind        string // GroupKindCustom or GroupKindEveryone
	// Members is how many people are in it: its group_members rows, or for
	// Everyone every active person.
	Members   int
	CreatedAt time.Time
}

// IsEveryone reports whether g is the Everyone group.
func (g Group) IsEveryone() bool { return g.Kind == GroupKindEveryone }

func groupFromRow(g db.Group, members int32) Group {
	out := Group{ID: g.ID, Slug: g.Slug, Name: g.Name, Kind: g.Kind, Members: int(members), CreatedAt: g.CreatedAt}
	if g.Description != nil {
		out.Description = *g.Description
	}
	return out
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

var errGroupNotFound = fault.New(fault.NotFound, "No group has that id.")

// lockGroup reads and locks a group. Errors: NOT_FOUND.
func lockGroup(ctx context.Context, q db.DBTX, id uuid.UUID) (db.Group, error) {
	g, err := db.Q.GroupGetForUpdate(ctx, q, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return g, errGroupNotFound
	}
	return g, err
}

func readGroup(ctx context.Context, q db.DBTX, id uuid.UUID) (Group, error) {
	r, err := db.Q.GroupGet(ctx, q, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Group{}, errGroupNotFound
	} else if err != nil {
		return Group{}, err
	}
	return groupFromRow(db.Group{ID: r.ID, Slug: r.Slug, Name: r.Name, Description: r.Description, Kind: r.Kind, CreatedAt: r.CreatedAt}, r.Members), nil
}

func groupPayload(g db.Group) map[string]any {
	return map[string]any{"groupId": g.ID, "groupSlug": g.Slug, "groupName": g.Name}
}

// CreateGroup makes a custom group with no members. Shares name it as
// group:<slug>.
//
// Audit: group.create, target_group_id the group, details {slug}.
//
// Errors: BAD_USER_INPUT naming the field for a malformed slug (2 to 40 of
// a-z, 0-9 and '-', not starting or ending with '-'), an empty or long name
// or a description over 2,000 characters; CONFLICT on slug when a group has
// it already (Everyone's is "everyone").
func (s *Service) CreateGroup(ctx context.Context, slug, name, description string) (Group, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Group{}, err
	}
	slug = strings.TrimSpace(slug)
	if err := checkSlug(slug); err != nil {
		return Group{}, err
	}
	name, err := checkName(name)
	if err != nil {
		return Group{}, err
	}
	if description, err = checkDescription(description); err != nil {
		return Group{}, err
	}
	var out Group
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		g, err := db.Q.GroupCreate(ctx, tx, db.GroupCreateParams{
			ID: uuid.Must(uuid.NewV7()), Slug: slug, Name: name, Description: nilIfEmpty(description), CreatedBy: managementID(),
		})
		if err != nil {
			return err
		}
		out = groupFromRow(g, 0)
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "group.create", TargetGroup: &g.ID, Details: map[string]any{"slug": slug}})
	})
	return out, err
}

// RenameGroup changes a group's name, its description, or both (a nil
// pointer leaves that one as it is; an empty description clears it). The
// slug never changes. Everyone may be renamed too. Changing nothing writes
// nothing.
//
// Audit: group.rename, target_group_id the group, details {name} when the
// name changed and {description_changed: true} when the description did.
//
// Errors: BAD_USER_INPUT on name when both are nil or the name is empty or
// long, on description when it is over 2,000 characters; NOT_FOUND.
func (s *Service) RenameGroup(ctx context.Context, id uuid.UUID, name, description *string) (Group, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Group{}, err
	}
	if name == nil && description == nil {
		return Group{}, fault.Input("name", "Give the group a new name or description.")
	}
	var newName, newDesc string
	var err error
	if name != nil {
		if newName, err = checkName(*name); err != nil {
			return Group{}, err
		}
	}
	if description != nil {
		if newDesc, err = checkDescription(*description); err != nil {
			return Group{}, err
		}
	}
	var out Group
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		g, err := lockGroup(ctx, tx, id)
		if err != nil {
			return err
		}
		p := db.GroupUpdateParams{ID: g.ID, Name: g.Name, Description: g.Description}
		details := map[string]any{}
		if name != nil && newName != g.Name {
			p.Name = newName
			details["name"] = newName
		}
		if description != nil {
			old := ""
			if g.Description != nil {
				old = *g.Description
			}
			if newDesc != old {
				p.Description = nilIfEmpty(newDesc)
				details["description_changed"] = true
			}
		}
		if len(details) > 0 {
			if _, err := db.Q.GroupUpdate(ctx, tx, p); err != nil {
				return err
			}
			if err := audit.WriteInTx(ctx, tx, audit.Entry{Action: "group.rename", TargetGroup: &g.ID, Details: details}); err != nil {
				return err
			}
		}
		out, err = readGroup(ctx, tx, g.ID)
		return err
	})
	return out, err
}

// GroupDeletion is what DeleteGroup did.
type GroupDeletion struct {
	Group               Group // as it was just before
	GrantsRevoked       int   // document_access rows taken away
	FolderSharesDeleted int   // folder_shares rows deleted
}

// DeleteGroup deletes a custom group with everything given to it, in one
// transaction: each of its grants is revoked through access.RevokeInTx (an
// access_events "revoked" row with grant_reason GroupReasonDeleted, all in
// one batch, and an access.revoked outbox event), its folder shares and its
// declined share suggestions are deleted, and its active members are each
// told with a group.removed notification (payload groupDeleted: true).
// Documents holding its grants are locked in id order, and the folder-share
// lock of each owner with a rule for it is taken first, as Share and the
// folder-share applier do.
//
// Audit: group.delete, target_group_id the group, details {slug, name,
// members, grants_revoked, folder_shares_deleted}.
//
// Errors: NOT_FOUND; BAD_USER_INPUT on id for Everyone, which is never
// deleted.
func (s *Service) DeleteGroup(ctx context.Context, id uuid.UUID) (GroupDeletion, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return GroupDeletion{}, err
	}
	var out GroupDeletion
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		g, err := lockGroup(ctx, tx, id)
		if err != nil {
			return err
		}
		if g.Kind == GroupKindEveryone {
			return fault.Input("id", "Everyone cannot be deleted.")
		}
		if out.Group, err = readGroup(ctx, tx, g.ID); err != nil {
			return err
		}
		owners, err := db.Q.FolderShareListOwnersByGroup(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		for _, o := range owners {
			if err := db.LockXact(ctx, tx, db.LockFolderShares.Of(o.String())); err != nil {
				return err
			}
		}
		n, err := db.Q.FolderShareDeleteByGroup(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		out.FolderSharesDeleted = int(n)
		docs, err := db.Q.DocumentLockGrantedToGroup(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		batch := uuid.Must(uuid.NewV7())
		principal := access.Principal{Type: access.PrincipalGroup, ID: g.ID}
		for _, d := range docs {
			ok, err := access.RevokeInTx(ctx, tx, d, principal, managementID(), GroupReasonDeleted, &batch)
			if err != nil {
				return err
			}
			if ok {
				out.GrantsRevoked++
			}
		}
		if _, err := db.Q.ShareSuggestionDecisionDeleteByGroup(ctx, tx, g.ID); err != nil {
			return err
		}
		members, err := db.Q.GroupMemberListActiveIDs(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		payload := groupPayload(g)
		payload["groupDeleted"] = true
		for _, m := range members {
			if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
				RecipientID: m, ActorID: managementID(), Type: inbox.TypeGroupRemoved,
				SubjectType: "group", SubjectID: &g.ID, Payload: payload,
			}); err != nil {
				return err
			}
		}
		if _, err := db.Q.GroupDelete(ctx, tx, g.ID); err != nil {
			return err
		}
		// Its mentions reach nobody now: a decision about one clears.
		if err := mention.ResolveInTx(ctx, tx, nil, []uuid.UUID{g.ID}); err != nil {
			return err
		}
		return audit.WriteInTx(ctx, tx, audit.Entry{Action: "group.delete", TargetGroup: &g.ID, Details: map[string]any{
			"slug": g.Slug, "name": g.Name, "members": out.Group.Members,
			"grants_revoked": out.GrantsRevoked, "folder_shares_deleted": out.FolderSharesDeleted,
		}})
	})
	return out, err
}

// memberToChange reads the user to put in or take out of a group.
// Errors: NOT_FOUND when no user has the id; BAD_USER_INPUT on userId for
// an agent or management.
func memberToChange(ctx context.Context, q db.DBTX, userID uuid.UUID) (db.User, error) {
	u, err := db.Q.UserGetByID(ctx, q, userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, fault.New(fault.NotFound, "No person has that id.")
	} else if err != nil {
		return u, err
	}
	switch auth.Kind(u.Kind) {
	case auth.KindAgent:
		return u, fault.Input("userId", "Agents belong to no group: share with the agent itself instead.")
	case auth.KindManagement:
		return u, fault.Input("userId", "Management belongs to no group.")
	}
	return u, nil
}

// AddMember puts a person in a custom group and tells them with a
// group.added notification. Adding someone already in it changes nothing
// and writes nothing.
//
// Audit: group.member_add, target_group_id the group, target_user_id the
// person, details {slug}.
//
// Errors: NOT_FOUND when there is no such group or user; BAD_USER_INPUT on
// groupId for Everyone (every person is in it already), on userId for an
// agent, management or a deactivated person.
func (s *Service) AddMember(ctx context.Context, groupID, userID uuid.UUID) (Group, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Group{}, err
	}
	var out Group
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		g, err := lockGroup(ctx, tx, groupID)
		if err != nil {
			return err
		}
		if g.Kind == GroupKindEveryone {
			return fault.Input("groupId", "Everyone includes every person already; it has no members to add.")
		}
		u, err := memberToChange(ctx, tx, userID)
		if err != nil {
			return err
		}
		if !u.IsActive {
			return fault.Input("userId", "That person is deactivated.")
		}
		n, err := db.Q.GroupMemberAdd(ctx, tx, db.GroupMemberAddParams{GroupID: g.ID, UserID: u.ID})
		if err != nil {
			return err
		}
		if n > 0 {
			if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
				RecipientID: u.ID, ActorID: managementID(), Type: inbox.TypeGroupAdded,
				SubjectType: "group", SubjectID: &g.ID, Payload: groupPayload(g),
			}); err != nil {
				return err
			}
			if err := audit.WriteInTx(ctx, tx, audit.Entry{Action: "group.member_add", TargetGroup: &g.ID, TargetUser: &u.ID, Details: map[string]any{"slug": g.Slug}}); err != nil {
				return err
			}
			// They may read, through the group, pages they were mentioned on.
			if err := mention.ResolveInTx(ctx, tx, nil, []uuid.UUID{u.ID}); err != nil {
				return err
			}
		}
		out, err = readGroup(ctx, tx, g.ID)
		return err
	})
	return out, err
}

// RemoveMember takes a person out of a custom group and tells them with a
// group.removed notification. Their grants through the group stop reaching
// them at once; grants made to them directly stay. Each document they lose
// (or can no longer write) gets an access.lost outbox event
// (access.LoseGroupInTx).
//
// Audit: group.member_remove, target_group_id the group, target_user_id the
// person, details {slug}.
//
// Errors: NOT_FOUND when there is no such group or user, or the person is
// not in the group; BAD_USER_INPUT on groupId for Everyone, on userId for an
// agent or management.
func (s *Service) RemoveMember(ctx context.Context, groupID, userID uuid.UUID) (Group, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Group{}, err
	}
	var out Group
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		g, err := lockGroup(ctx, tx, groupID)
		if err != nil {
			return err
		}
		if g.Kind == GroupKindEveryone {
			return fault.Input("groupId", "Everyone includes every person; no one can be taken out of it.")
		}
		u, err := memberToChange(ctx, tx, userID)
		if err != nil {
			return err
		}
		n, err := db.Q.GroupMemberRemove(ctx, tx, db.GroupMemberRemoveParams{GroupID: g.ID, UserID: u.ID})
		if err != nil {
			return err
		}
		if n == 0 {
			return fault.New(fault.NotFound, "That person is not in this group.")
		}
		// What they lose through the group is an access change like any
		// other: the decision keeper clears what they can no longer answer.
		if _, err := access.LoseGroupInTx(ctx, tx, g.ID, u.ID, managementID()); err != nil {
			return err
		}
		if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: u.ID, ActorID: managementID(), Type: inbox.TypeGroupRemoved,
			SubjectType: "group", SubjectID: &g.ID, Payload: groupPayload(g),
		}); err != nil {
			return err
		}
		if err := audit.WriteInTx(ctx, tx, audit.Entry{Action: "group.member_remove", TargetGroup: &g.ID, TargetUser: &u.ID, Details: map[string]any{"slug": g.Slug}}); err != nil {
			return err
		}
		out, err = readGroup(ctx, tx, g.ID)
		return err
	})
	return out, err
}

// ListGroups lists every group with its member count: Everyone first, then
// by slug.
func (s *Service) ListGroups(ctx context.Context) ([]Group, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	rows, err := db.Q.GroupList(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	out := make([]Group, len(rows))
	for i, r := range rows {
		out[i] = groupFromRow(db.Group{ID: r.ID, Slug: r.Slug, Name: r.Name, Description: r.Description, Kind: r.Kind, CreatedAt: r.CreatedAt}, r.Members)
	}
	return out, nil
}

// Group reads one group with its member count. Errors: NOT_FOUND.
func (s *Service) Group(ctx context.Context, id uuid.UUID) (Group, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return Group{}, err
	}
	return readGroup(ctx, s.pool, id)
}

// GroupMembers lists the people in a group by name, deactivated ones
// included (Active false). Everyone's members are every active person.
// Errors: NOT_FOUND.
func (s *Service) GroupMembers(ctx context.Context, groupID uuid.UUID) ([]auth.User, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	g, err := readGroup(ctx, s.pool, groupID)
	if err != nil {
		return nil, err
	}
	var rows []db.User
	if g.IsEveryone() {
		rows, err = db.Q.UserListActivePeople(ctx, s.pool)
	} else {
		rows, err = db.Q.GroupMemberList(ctx, s.pool, g.ID)
	}
	if err != nil {
		return nil, err
	}
	out := make([]auth.User, len(rows))
	for i, r := range rows {
		out[i] = auth.UserFromRow(r)
	}
	return out, nil
}

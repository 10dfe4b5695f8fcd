package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"

	"codna/internal/access"
	"codna/internal/db"
	"codna/internal/manage"
)

// extraFlags are the flags of the management commands beyond users and tokens.
type extraFlags struct {
	slug, description, group, user, agent, add, remove *string
	from, to, document, reason, principalType, action  *string
	restoreSharing                                     *bool
	validFor                                           *time.Duration
	since, until                                       *string
}

func moreFlags(fs *flag.FlagSet) *extraFlags {
	return &extraFlags{
		slug:           fs.String("slug", "", "a group's or agent's slug"),
		description:    fs.String("description", "", "a description"),
		group:          fs.String("group", "", "a group's id"),
		user:           fs.String("user", "", "a person's email or id"),
		agent:          fs.String("agent", "", "an agent's id"),
		add:            fs.String("add", "", "comma-separated people (emails or ids) to add"),
		remove:         fs.String("remove", "", "comma-separated people (emails or ids) to remove"),
		from:           fs.String("from", "", "the person who left (email or id); for usage: first day YYYY-MM-DD"),
		to:             fs.String("to", "", "the person who takes over (email or id); for usage: last day YYYY-MM-DD"),
		document:       fs.String("document", "", "a document's id"),
		reason:         fs.String("reason", "", "the reason, shown to the owner"),
		principalType:  fs.String("principal-type", "user", "user or group"),
		action:         fs.String("action", "", "an audit action, like user.create"),
		restoreSharing: fs.Bool("restore-sharing", false, "give the shares moved aside back on release"),
		validFor:       fs.Duration("valid-for", 0, "how long an invitation is valid (default 168h)"),
		since:          fs.String("since", "", "audit: only after this RFC 3339 time"),
		until:          fs.String("until", "", "audit: only before this RFC 3339 time"),
	}
}

func mustID(flag, s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, usageError{fmt.Sprintf("--%s %q is not a valid id", flag, s)}
	}
	return id, nil
}

func peopleIDs(ctx context.Context, svc *manage.Service, list string) ([]uuid.UUID, error) {
	var out []uuid.UUID
	for _, v := range strings.Split(list, ",") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		email, id := v, ""
		if _, err := uuid.Parse(v); err == nil {
			email, id = "", v
		}
		pid, err := personID(ctx, svc, email, id)
		if err != nil {
			return nil, err
		}
		out = append(out, pid)
	}
	return out, nil
}

func personRef(ctx context.Context, svc *manage.Service, ref string) (uuid.UUID, error) {
	ids, err := peopleIDs(ctx, svc, ref)
	if err != nil {
		return uuid.Nil, err
	}
	if len(ids) != 1 {
		return uuid.Nil, usageError{"name one person, by email or id"}
	}
	return ids[0], nil
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// moreManage returns the action for the management commands beyond users
// and tokens, or nil for an unknown command.
func moreManage(cmd string, f *extraFlags, email, name, id string, passwordStdin bool, stdin io.Reader, stdout io.Writer) (func(context.Context, *manage.Service) error, error) {
	c := manage.CLI
	switch cmd {
	case "user invite":
		if email == "" || name == "" {
			return nil, usageError{"user invite needs --email and --name"}
		}
		return func(ctx context.Context, svc *manage.Service) error {
			u, secret, err := svc.Invite(ctx, c, email, name, *f.validFor)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "invited %s <%s> id %s\ninvitation token (shown once): %s\n", u.Name, u.Email, u.ID, secret)
			return nil
		}, nil
	case "user reset-password":
		if (email == "" && id == "") || !passwordStdin {
			return nil, usageError{"user reset-password needs --email or --id, and --password-stdin"}
		}
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("read the password from standard input: %w", err)
		}
		password := strings.TrimRight(line, "\r\n")
		return func(ctx context.Context, svc *manage.Service) error {
			pid, err := personID(ctx, svc, email, id)
			if err != nil {
				return err
			}
			u, err := svc.ResetPassword(ctx, c, pid, password)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "password of %s <%s> reset; their sessions ended\n", u.Name, u.Email)
			return nil
		}, nil
	case "user transfer":
		if *f.from == "" || *f.to == "" {
			return nil, usageError{"user transfer needs --from and --to (emails or ids)"}
		}
		return func(ctx context.Context, svc *manage.Service) error {
			from, err := personRef(ctx, svc, *f.from)
			if err != nil {
				return err
			}
			to, err := personRef(ctx, svc, *f.to)
			if err != nil {
				return err
			}
			tr, err := svc.Transfer(ctx, c, from, to)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "transfer %s: %d documents, %d automations (disabled)\n", tr.ID, len(tr.DocumentIDs), len(tr.AutomationIDs))
			return nil
		}, nil
	case "group create":
		if *f.slug == "" || name == "" {
			return nil, usageError{"group create needs --slug and --name"}
		}
		return func(ctx context.Context, svc *manage.Service) error {
			g, err := svc.CreateGroup(ctx, c, *f.slug, name, *f.description)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "created group %s (%s) id %s\n", g.Slug, g.Name, g.ID)
			return nil
		}, nil
	case "group rename", "group delete", "group add-member", "group remove-member", "group members":
		if *f.group == "" {
			return nil, usageError{cmd + " needs --group ID"}
		}
		gid, err := mustID("group", *f.group)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, svc *manage.Service) error {
			switch cmd {
			case "group rename":
				var n, d *string
				if name != "" {
					n = &name
				}
				if *f.description != "" {
					d = f.description
				}
				g, err := svc.RenameGroup(ctx, c, gid, n, d)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "group %s is now %q\n", g.Slug, g.Name)
			case "group delete":
				del, err := svc.DeleteGroup(ctx, c, gid)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "deleted group %s: %d grants and %d folder shares taken away\n", del.Group.Slug, del.GrantsRevoked, del.FolderSharesDeleted)
			case "group members":
				us, err := svc.GroupMembers(ctx, gid)
				if err != nil {
					return err
				}
				for _, u := range us {
					fmt.Fprintf(stdout, "%s\t%s\t%s\n", u.ID, u.Email, u.Name)
				}
			default:
				if *f.user == "" {
					return usageError{cmd + " needs --user (email or id)"}
				}
				uid, err := personRef(ctx, svc, *f.user)
				if err != nil {
					return err
				}
				var g manage.Group
				if cmd == "group add-member" {
					g, err = svc.AddMember(ctx, c, gid, uid)
				} else {
					g, err = svc.RemoveMember(ctx, c, gid, uid)
				}
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "group %s has %d members\n", g.Slug, g.Members)
			}
			return nil
		}, nil
	case "group list":
		return func(ctx context.Context, svc *manage.Service) error {
			gs, err := svc.ListGroups(ctx)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tSLUG\tNAME\tMEMBERS")
			for _, g := range gs {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", g.ID, g.Slug, g.Name, g.Members)
			}
			return tw.Flush()
		}, nil
	case "agent create":
		if *f.slug == "" || name == "" || *f.add == "" {
			return nil, usageError{"agent create needs --slug, --name and --add (its responsible people)"}
		}
		return func(ctx context.Context, svc *manage.Service) error {
			resp, err := peopleIDs(ctx, svc, *f.add)
			if err != nil {
				return err
			}
			a, token, err := svc.CreateAgent(ctx, c, *f.slug, name, *f.description, resp)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "created agent %s id %s\nits token (shown once): %s\n", a.Slug, a.ID, token)
			return nil
		}, nil
	case "agent responsible", "agent delete", "agent token":
		if *f.agent == "" {
			return nil, usageError{cmd + " needs --agent ID"}
		}
		aid, err := mustID("agent", *f.agent)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, svc *manage.Service) error {
			switch cmd {
			case "agent responsible":
				add, err := peopleIDs(ctx, svc, *f.add)
				if err != nil {
					return err
				}
				remove, err := peopleIDs(ctx, svc, *f.remove)
				if err != nil {
					return err
				}
				a, err := svc.SetResponsible(ctx, c, aid, add, remove)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "agent %s now answers to %d people\n", a.Slug, len(a.Responsible))
			case "agent delete":
				a, err := svc.DeleteAgent(ctx, c, aid)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "deleted agent %s; its tokens are revoked\n", a.Slug)
			default:
				if name == "" {
					return usageError{"agent token needs --name"}
				}
				_, token, err := svc.IssueAgentToken(ctx, c, aid, name)
				if err != nil {
					return err
				}
				fmt.Fprintln(stdout, token)
			}
			return nil
		}, nil
	case "agent list":
		return func(ctx context.Context, svc *manage.Service) error {
			as, err := svc.ListAgents(ctx)
			if err != nil {
				return err
			}
			for _, a := range as {
				fmt.Fprintf(stdout, "%s\t%s\t%s\t%d responsible\n", a.ID, a.Slug, a.Name, len(a.Responsible))
			}
			return nil
		}, nil
	case "document show", "document quarantine", "document release", "document unshare":
		if *f.document == "" {
			return nil, usageError{cmd + " needs --document ID"}
		}
		did, err := mustID("document", *f.document)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, svc *manage.Service) error {
			switch cmd {
			case "document quarantine":
				if _, err := svc.Quarantine(ctx, c, did, *f.reason); err != nil {
					return err
				}
				fmt.Fprintln(stdout, "quarantined: its owner alone can see it; its shares are moved aside")
				return nil
			case "document release":
				rel, err := svc.Release(ctx, c, did, *f.restoreSharing)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "released; %d shares given back, %d could not be\n", len(rel.Restored), len(rel.NotRestored))
				return nil
			case "document unshare":
				if *f.user == "" {
					return usageError{"document unshare needs --user (a person's or agent's id, or a group's id with --principal-type group)"}
				}
				pid, err := mustID("user", *f.user)
				if err != nil {
					return err
				}
				if err := svc.TakeAwayShare(ctx, c, did, access.Principal{Type: db.PrincipalType(*f.principalType), ID: pid}); err != nil {
					return err
				}
				fmt.Fprintln(stdout, "share taken away; the owner is told")
				return nil
			}
			m, err := svc.DocumentMetadata(ctx, c, did)
			if err != nil {
				return err
			}
			return printJSON(stdout, m)
		}, nil
	case "audit list":
		return func(ctx context.Context, svc *manage.Service) error {
			var filt manage.AuditFilter
			if *f.action != "" {
				filt.Action = f.action
			}
			for flag, dst := range map[string]**time.Time{"since": &filt.Since, "until": &filt.Until} {
				v := map[string]string{"since": *f.since, "until": *f.until}[flag]
				if v == "" {
					continue
				}
				t, err := time.Parse(time.RFC3339, v)
				if err != nil {
					return usageError{fmt.Sprintf("--%s %q is not an RFC 3339 time", flag, v)}
				}
				*dst = &t
			}
			entries, _, err := svc.Audit(ctx, filt, nil, 100)
			if err != nil {
				return err
			}
			for _, e := range entries {
				fmt.Fprintf(stdout, "%s\t%s\t%s\n", e.CreatedAt.Format(time.RFC3339), e.Via, e.Action)
			}
			return nil
		}, nil
	case "usage report":
		if *f.from == "" || *f.to == "" {
			return nil, usageError{"usage report needs --from and --to (YYYY-MM-DD)"}
		}
		from, err1 := time.Parse("2006-01-02", *f.from)
		to, err2 := time.Parse("2006-01-02", *f.to)
		if err1 != nil || err2 != nil {
			return nil, usageError{"--from and --to are dates like 2026-11-30"}
		}
		return func(ctx context.Context, svc *manage.Service) error {
			rows, err := svc.UsageReport(ctx, from, to, nil)
			if err != nil {
				return err
			}
			for _, r := range rows {
				fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%d\n", r.Day.Format("2006-01-02"), r.Email, r.Activity, r.Tool, r.Count)
			}
			return nil
		}, nil
	}
	return nil, nil
}

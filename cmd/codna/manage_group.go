package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/google/uuid"

	"codna/internal/manage"
)

// groupCommands are `codna manage group …`: groups and their members.
var groupCommands = []manageCommand{
	{"group", "create", "--slug S --name N [--description D]", "create a custom group, with no members",
		func() manageVerb { return &groupCreate{} }},
	{"group", "rename", "--group ID [--name N] [--description D]", "change a group's name or description",
		func() manageVerb { return &groupRename{} }},
	{"group", "delete", "--group ID", "delete a custom group and everything shared with it",
		func() manageVerb { return &groupDelete{} }},
	{"group", "members", "--group ID", "list the people in a group",
		func() manageVerb { return &groupMembers{} }},
	{"group", "add-member", "--group ID --user E", "put a person (email or id) in a group",
		func() manageVerb { return &groupMember{add: true} }},
	{"group", "remove-member", "--group ID --user E", "take a person (email or id) out of a group",
		func() manageVerb { return &groupMember{add: false} }},
	{"group", "list", "", "list the groups with their member counts",
		func() manageVerb { return &groupList{} }},
}

// groupFlag is --group ID.
type groupFlag struct {
	group string
	gid   uuid.UUID
}

func (g *groupFlag) register(fs *flag.FlagSet) { fs.StringVar(&g.group, "group", "", "the group's id") }

func (g *groupFlag) parse(cmd string) (err error) {
	if g.group == "" {
		return usagef("%s needs --group ID", cmd)
	}
	g.gid, err = parseIDFlag("group", g.group)
	return err
}

type groupCreate struct{ slug, name, description string }

func (c *groupCreate) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.slug, "slug", "", "the group's slug (shares name it group:<slug>)")
	fs.StringVar(&c.name, "name", "", "the group's name")
	fs.StringVar(&c.description, "description", "", "a description")
}

func (c *groupCreate) check(io.Reader) error {
	if c.slug == "" || c.name == "" {
		return usagef("group create needs --slug and --name")
	}
	return nil
}

func (c *groupCreate) run(ctx context.Context, m *manageEnv) error {
	g, err := m.svc.CreateGroup(ctx, c.slug, c.name, c.description)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "created group %s (%s) id %s\n", g.Slug, g.Name, g.ID)
	return nil
}

type groupRename struct {
	groupFlag
	name, description string
}

func (c *groupRename) flags(fs *flag.FlagSet) {
	c.register(fs)
	fs.StringVar(&c.name, "name", "", "the new name")
	fs.StringVar(&c.description, "description", "", "the new description")
}

func (c *groupRename) check(io.Reader) error { return c.parse("group rename") }

func (c *groupRename) run(ctx context.Context, m *manageEnv) error {
	var n, d *string
	if c.name != "" {
		n = &c.name
	}
	if c.description != "" {
		d = &c.description
	}
	g, err := m.svc.RenameGroup(ctx, c.gid, n, d)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "group %s is now %q\n", g.Slug, g.Name)
	return nil
}

type groupDelete struct{ groupFlag }

func (c *groupDelete) flags(fs *flag.FlagSet) { c.register(fs) }
func (c *groupDelete) check(io.Reader) error  { return c.parse("group delete") }

func (c *groupDelete) run(ctx context.Context, m *manageEnv) error {
	del, err := m.svc.DeleteGroup(ctx, c.gid)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "deleted group %s: %d grants and %d folder shares taken away\n", del.Group.Slug, del.GrantsRevoked, del.FolderSharesDeleted)
	return nil
}

type groupMembers struct{ groupFlag }

func (c *groupMembers) flags(fs *flag.FlagSet) { c.register(fs) }
func (c *groupMembers) check(io.Reader) error  { return c.parse("group members") }

func (c *groupMembers) run(ctx context.Context, m *manageEnv) error {
	us, err := m.svc.GroupMembers(ctx, c.gid)
	if err != nil {
		return err
	}
	for _, u := range us {
		fmt.Fprintf(m.stdout, "%s\t%s\t%s\n", u.ID, u.Email, u.Name)
	}
	return nil
}

type groupMember struct {
	groupFlag
	user string
	add  bool
}

func (c *groupMember) flags(fs *flag.FlagSet) {
	c.register(fs)
	fs.StringVar(&c.user, "user", "", "the person's email or id")
}

func (c *groupMember) check(io.Reader) error {
	cmd := "group remove-member"
	if c.add {
		cmd = "group add-member"
	}
	if err := c.parse(cmd); err != nil {
		return err
	}
	if c.user == "" {
		return usagef("%s needs --user (email or id)", cmd)
	}
	return nil
}

func (c *groupMember) run(ctx context.Context, m *manageEnv) error {
	uid, err := personRef(ctx, m.svc, c.user)
	if err != nil {
		return err
	}
	var g manage.Group
	if c.add {
		g, err = m.svc.AddMember(ctx, c.gid, uid)
	} else {
		g, err = m.svc.RemoveMember(ctx, c.gid, uid)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "group %s has %d members\n", g.Slug, g.Members)
	return nil
}

type groupList struct {
	noFlags
	noCheck
}

func (groupList) run(ctx context.Context, m *manageEnv) error {
	gs, err := m.svc.ListGroups(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(m.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSLUG\tNAME\tMEMBERS")
	for _, g := range gs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", g.ID, g.Slug, g.Name, g.Members)
	}
	return tw.Flush()
}

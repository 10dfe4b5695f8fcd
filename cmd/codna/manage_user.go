package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"
)

// userCommands are `codna manage user …`: people.
var userCommands = []manageCommand{
	{"user", "create", "--email E --name N --password-stdin", "create a person who signs in with a password (read from standard input)",
		func() manageVerb { return &userCreate{} }},
	{"user", "deactivate", "--email E | --id ID", "deactivate a person: their sessions end, their tokens stop working",
		func() manageVerb { return &userSetActive{active: false} }},
	{"user", "reactivate", "--email E | --id ID", "reactivate a deactivated person",
		func() manageVerb { return &userSetActive{active: true} }},
	{"user", "list", "", "list the people and agents",
		func() manageVerb { return &userList{} }},
	{"user", "invite", "--email E --name N [--valid-for 168h]", "create a person without a password and print a single-use invitation token",
		func() manageVerb { return &userInvite{} }},
	{"user", "reset-password", "--email E | --id ID --password-stdin", "give a person a new password (read from standard input); their sessions end",
		func() manageVerb { return &userResetPassword{} }},
	{"user", "reset-link", "--email E | --id ID", "print a single-use password reset link (good for an hour) to hand a person when the instance sends no mail",
		func() manageVerb { return &userResetLink{} }},
	{"user", "transfer", "--from E --to E", "hand everything one person owned to another",
		func() manageVerb { return &userTransfer{} }},
	{"user", "tokens", "--email E | --id ID [--revoke TOKEN_ID]", "list a person's personal access tokens (never their secrets), or revoke one; people issue their own",
		func() manageVerb { return &userTokens{} }},
}

// personFlags are --email E | --id ID: one person.
type personFlags struct {
	email, id string
	pid       uuid.UUID // parsed from --id
}

func (p *personFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.email, "email", "", "the person's email address")
	fs.StringVar(&p.id, "id", "", "the person's id (instead of --email)")
}

// parse checks that one of them is given; cmd names the command in the error.
func (p *personFlags) parse(cmd string) (err error) {
	switch {
	case p.id != "":
		p.pid, err = parseIDFlag("id", p.id)
		return err
	case p.email == "":
		return usagef("%s needs --email or --id", cmd)
	}
	return nil
}

// resolve returns the person's id, looking the email up when --id was not given.
func (p *personFlags) resolve(ctx context.Context, m *manageEnv) (uuid.UUID, error) {
	if p.pid != uuid.Nil {
		return p.pid, nil
	}
	u, err := m.svc.PersonByEmail(ctx, p.email)
	return u.ID, err
}

type userCreate struct {
	email, name, password string
	passwordStdin         bool
}

func (c *userCreate) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.email, "email", "", "the person's email address")
	fs.StringVar(&c.name, "name", "", "the person's name")
	fs.BoolVar(&c.passwordStdin, "password-stdin", false, "read the password from standard input (first line)")
}

func (c *userCreate) check(stdin io.Reader) (err error) {
	if c.email == "" || c.name == "" || !c.passwordStdin {
		return usagef("user create needs --email, --name and --password-stdin")
	}
	c.password, err = readPassword(stdin)
	return err
}

func (c *userCreate) run(ctx context.Context, m *manageEnv) error {
	u, err := m.svc.CreatePerson(ctx, c.email, c.name, c.password)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "created person %s <%s> id %s\n", u.Name, u.Email, u.ID)
	return nil
}

type userSetActive struct {
	person personFlags
	active bool
}

func (c *userSetActive) flags(fs *flag.FlagSet) { c.person.register(fs) }

func (c *userSetActive) check(io.Reader) error {
	verb := "deactivate"
	if c.active {
		verb = "reactivate"
	}
	return c.person.parse("user " + verb)
}

func (c *userSetActive) run(ctx context.Context, m *manageEnv) error {
	pid, err := c.person.resolve(ctx, m)
	if err != nil {
		return err
	}
	u, err := m.svc.SetPersonActive(ctx, pid, c.active)
	if err != nil {
		return err
	}
	state := "deactivated"
	if u.Active {
		state = "active"
	}
	fmt.Fprintf(m.stdout, "%s <%s> is now %s\n", u.Name, u.Email, state)
	return nil
}

type userList struct {
	noFlags
	noCheck
}

func (userList) run(ctx context.Context, m *manageEnv) error {
	tw := tabwriter.NewWriter(m.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tEMAIL\tNAME\tACTIVE\tCREATED")
	var after *uuid.UUID
	for {
		page, err := m.svc.ListUsers(ctx, after, 100)
		if err != nil {
			return err
		}
		for _, u := range page.Users {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%v\t%s\n", u.ID, u.Kind, u.Email, u.Name, u.Active, u.CreatedAt.Format(time.RFC3339))
			after = &u.ID
		}
		if !page.HasMore {
			return tw.Flush()
		}
	}
}

type userInvite struct {
	email, name string
	validFor    time.Duration
}

func (c *userInvite) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.email, "email", "", "the person's email address")
	fs.StringVar(&c.name, "name", "", "the person's name")
	fs.DurationVar(&c.validFor, "valid-for", 0, "how long the invitation is valid (default 168h)")
}

func (c *userInvite) check(io.Reader) error {
	if c.email == "" || c.name == "" {
		return usagef("user invite needs --email and --name")
	}
	return nil
}

func (c *userInvite) run(ctx context.Context, m *manageEnv) error {
	u, secret, err := m.svc.Invite(ctx, c.email, c.name, c.validFor)
	if err != nil {
		return err
	}
	if secret == "" { // mail is on: the link goes by mail, sent by `codna serve`
		fmt.Fprintf(m.stdout, "invited %s <%s> id %s\ninvitation mail queued: the running server sends it\n", u.Name, u.Email, u.ID)
		return nil
	}
	fmt.Fprintf(m.stdout, "invited %s <%s> id %s\ninvitation token (shown once): %s\n", u.Name, u.Email, u.ID, secret)
	return nil
}

type userResetPassword struct {
	person        personFlags
	passwordStdin bool
	password      string
}

func (c *userResetPassword) flags(fs *flag.FlagSet) {
	c.person.register(fs)
	fs.BoolVar(&c.passwordStdin, "password-stdin", false, "read the new password from standard input (first line)")
}

func (c *userResetPassword) check(stdin io.Reader) (err error) {
	if (c.person.email == "" && c.person.id == "") || !c.passwordStdin {
		return usagef("user reset-password needs --email or --id, and --password-stdin")
	}
	if err := c.person.parse("user reset-password"); err != nil {
		return err
	}
	c.password, err = readPassword(stdin)
	return err
}

func (c *userResetPassword) run(ctx context.Context, m *manageEnv) error {
	pid, err := c.person.resolve(ctx, m)
	if err != nil {
		return err
	}
	u, err := m.svc.ResetPassword(ctx, pid, c.password)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "password of %s <%s> reset; their sessions ended\n", u.Name, u.Email)
	return nil
}

type userResetLink struct{ person personFlags }

func (c *userResetLink) flags(fs *flag.FlagSet) { c.person.register(fs) }

func (c *userResetLink) check(io.Reader) error { return c.person.parse("user reset-link") }

func (c *userResetLink) run(ctx context.Context, m *manageEnv) error {
	pid, err := c.person.resolve(ctx, m)
	if err != nil {
		return err
	}
	token, err := m.svc.PasswordResetLink(ctx, pid)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "password reset link (shown once; good once, for an hour; it replaces any earlier one):\n%s/reset/%s\n", m.base, token)
	return nil
}

type userTransfer struct{ from, to string }

func (c *userTransfer) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.from, "from", "", "the person who left (email or id)")
	fs.StringVar(&c.to, "to", "", "the person who takes over (email or id)")
}

func (c *userTransfer) check(io.Reader) error {
	if c.from == "" || c.to == "" {
		return usagef("user transfer needs --from and --to (emails or ids)")
	}
	return nil
}

func (c *userTransfer) run(ctx context.Context, m *manageEnv) error {
	from, err := personRef(ctx, m.svc, c.from)
	if err != nil {
		return err
	}
	to, err := personRef(ctx, m.svc, c.to)
	if err != nil {
		return err
	}
	tr, err := m.svc.Transfer(ctx, from, to)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "transfer %s: %d documents, %d automations (disabled)\n", tr.ID, len(tr.DocumentIDs), len(tr.AutomationIDs))
	return nil
}

type userTokens struct {
	person   personFlags
	revoke   string
	revokeID uuid.UUID
}

func (c *userTokens) flags(fs *flag.FlagSet) {
	c.person.register(fs)
	fs.StringVar(&c.revoke, "revoke", "", "revoke the token with this id instead of listing")
}

func (c *userTokens) check(io.Reader) (err error) {
	if err := c.person.parse("user tokens"); err != nil {
		return err
	}
	if c.revoke != "" {
		c.revokeID, err = parseIDFlag("revoke", c.revoke)
	}
	return err
}

func (c *userTokens) run(ctx context.Context, m *manageEnv) error {
	pid, err := c.person.resolve(ctx, m)
	if err != nil {
		return err
	}
	if c.revokeID != uuid.Nil {
		t, err := m.svc.RevokePersonToken(ctx, pid, c.revokeID)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.stdout, "revoked personal token %q (%s)\n", t.Name, t.ID)
		return nil
	}
	ts, err := m.svc.PersonTokens(ctx, pid)
	if err != nil {
		return err
	}
	rows := make([]tokenRow, len(ts))
	for i, t := range ts {
		rows[i] = tokenRow{t.ID, t.Name, t.Prefix, t.CreatedAt, t.ExpiresAt, t.LastUsedAt, t.RevokedAt}
	}
	return printTokenRows(m.stdout, rows)
}

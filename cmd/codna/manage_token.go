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

// tokenCommands are `codna manage token …`: manage tokens, which act as
// management over the API.
var tokenCommands = []manageCommand{
	{"token", "create", "--name N [--expires 720h]", "issue a manage token and print it, once",
		func() manageVerb { return &tokenCreate{} }},
	{"token", "revoke", "--id ID", "revoke a manage token; websockets opened with it close",
		func() manageVerb { return &tokenRevoke{} }},
	{"token", "list", "", "list the manage tokens (never their secrets)",
		func() manageVerb { return &tokenList{} }},
}

type tokenCreate struct {
	fs      *flag.FlagSet
	name    string
	expires time.Duration
}

func (c *tokenCreate) flags(fs *flag.FlagSet) {
	c.fs = fs
	fs.StringVar(&c.name, "name", "", "the token's name")
	fs.DurationVar(&c.expires, "expires", 0, "token lifetime, e.g. 720h; left out: never expires")
}

func (c *tokenCreate) check(io.Reader) error {
	if c.name == "" {
		return usagef("token create needs --name")
	}
	// As the API refuses a validFor that is not positive: a token must
	// not silently never expire because its lifetime was mistyped.
	if flagGiven(c.fs, "expires") && c.expires <= 0 {
		return usagef("--expires %v: give a positive lifetime such as 720h, or leave --expires out for a token that never expires", c.expires)
	}
	return nil
}

func (c *tokenCreate) run(ctx context.Context, m *manageEnv) error {
	var exp *time.Time
	if c.expires > 0 {
		t := time.Now().Add(c.expires)
		exp = &t
	}
	t, secret, err := m.svc.CreateServiceToken(ctx, c.name, exp)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stderr, "manage token %q (id %s) created; it is shown once:\n", t.Name, t.ID)
	fmt.Fprintln(m.stdout, secret)
	return nil
}

type tokenRevoke struct {
	id  string
	tid uuid.UUID
}

func (c *tokenRevoke) flags(fs *flag.FlagSet) { fs.StringVar(&c.id, "id", "", "the manage token's id") }

func (c *tokenRevoke) check(io.Reader) (err error) {
	if c.id == "" {
		return usagef("token revoke needs --id")
	}
	c.tid, err = parseIDFlag("id", c.id)
	return err
}

func (c *tokenRevoke) run(ctx context.Context, m *manageEnv) error {
	t, err := m.svc.RevokeServiceToken(ctx, c.tid)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "revoked manage token %q (%s)\n", t.Name, t.ID)
	return nil
}

type tokenList struct {
	noFlags
	noCheck
}

func (tokenList) run(ctx context.Context, m *manageEnv) error {
	ts, err := m.svc.ListServiceTokens(ctx)
	if err != nil {
		return err
	}
	rows := make([]tokenRow, len(ts))
	for i, t := range ts {
		rows[i] = tokenRow{t.ID, t.Name, t.Prefix, t.CreatedAt, t.ExpiresAt, t.LastUsedAt, t.RevokedAt}
	}
	return printTokenRows(m.stdout, rows)
}

// tokenRow is a token as the token lists show it: never its secret.
type tokenRow struct {
	id                   uuid.UUID
	name, prefix         string
	created              time.Time
	expires, used, ended *time.Time
}

// printTokenRows prints tokens as a table.
func printTokenRows(w io.Writer, rows []tokenRow) error {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tPREFIX\tCREATED\tEXPIRES\tLAST USED\tREVOKED")
	for _, t := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.id, t.name, t.prefix, t.created.Format(time.RFC3339),
			timeOrDash(t.expires), timeOrDash(t.used), timeOrDash(t.ended))
	}
	return tw.Flush()
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/google/uuid"
)

// agentCommands are `codna manage agent …`: agents, who answers for them,
// and their tokens.
var agentCommands = []manageCommand{
	{"agent", "create", "--slug S --name N --add E[,E…] [--description D]", "create an agent with the people who answer for it, and print its first token",
		func() manageVerb { return &agentCreate{} }},
	{"agent", "responsible", "--agent ID [--add E,…] [--remove E,…]", "change who answers for an agent",
		func() manageVerb { return &agentResponsible{} }},
	{"agent", "delete", "--agent ID", "delete an agent; its tokens are revoked",
		func() manageVerb { return &agentDelete{} }},
	{"agent", "token", "--agent ID --name N", "issue another token for an agent and print it, once",
		func() manageVerb { return &agentToken{} }},
	{"agent", "list", "", "list the agents (a paused one says so)",
		func() manageVerb { return &agentList{} }},
	{"agent", "tokens", "--agent ID [--revoke TOKEN_ID]", "list an agent's tokens (never their secrets), or revoke one; its other tokens keep working",
		func() manageVerb { return &agentTokens{} }},
	{"agent", "resume", "--agent ID", "resume a paused agent (someone active must answer for it)",
		func() manageVerb { return &agentResume{} }},
}

// agentFlag is --agent ID.
type agentFlag struct {
	agent string
	aid   uuid.UUID
}

func (a *agentFlag) register(fs *flag.FlagSet) { fs.StringVar(&a.agent, "agent", "", "the agent's id") }

func (a *agentFlag) parse(cmd string) (err error) {
	if a.agent == "" {
		return usagef("%s needs --agent ID", cmd)
	}
	a.aid, err = parseIDFlag("agent", a.agent)
	return err
}

type agentCreate struct{ slug, name, description, add string }

func (c *agentCreate) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.slug, "slug", "", "the agent's slug (shares name it agent:<slug>)")
	fs.StringVar(&c.name, "name", "", "the agent's name")
	fs.StringVar(&c.description, "description", "", "a description")
	fs.StringVar(&c.add, "add", "", "comma-separated people (emails or ids) who answer for it")
}

func (c *agentCreate) check(io.Reader) error {
	if c.slug == "" || c.name == "" || c.add == "" {
		return usagef("agent create needs --slug, --name and --add (its responsible people)")
	}
	return nil
}

func (c *agentCreate) run(ctx context.Context, m *manageEnv) error {
	resp, err := personRefs(ctx, m.svc, c.add)
	if err != nil {
		return err
	}
	a, token, err := m.svc.CreateAgent(ctx, c.slug, c.name, c.description, resp)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "created agent %s id %s\nits token (shown once): %s\n", a.Slug, a.ID, token)
	return nil
}

type agentResponsible struct {
	agentFlag
	add, remove string
}

func (c *agentResponsible) flags(fs *flag.FlagSet) {
	c.register(fs)
	fs.StringVar(&c.add, "add", "", "comma-separated people (emails or ids) to add")
	fs.StringVar(&c.remove, "remove", "", "comma-separated people (emails or ids) to remove")
}

func (c *agentResponsible) check(io.Reader) error { return c.parse("agent responsible") }

func (c *agentResponsible) run(ctx context.Context, m *manageEnv) error {
	add, err := personRefs(ctx, m.svc, c.add)
	if err != nil {
		return err
	}
	remove, err := personRefs(ctx, m.svc, c.remove)
	if err != nil {
		return err
	}
	a, err := m.svc.SetResponsible(ctx, c.aid, add, remove)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "agent %s now answers to %d people\n", a.Slug, len(a.Responsible))
	return nil
}

type agentDelete struct{ agentFlag }

func (c *agentDelete) flags(fs *flag.FlagSet) { c.register(fs) }
func (c *agentDelete) check(io.Reader) error  { return c.parse("agent delete") }

func (c *agentDelete) run(ctx context.Context, m *manageEnv) error {
	a, err := m.svc.DeleteAgent(ctx, c.aid)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "deleted agent %s; its tokens are revoked\n", a.Slug)
	return nil
}

type agentToken struct {
	agentFlag
	name string
}

func (c *agentToken) flags(fs *flag.FlagSet) {
	c.register(fs)
	fs.StringVar(&c.name, "name", "", "the token's name")
}

func (c *agentToken) check(io.Reader) error {
	if err := c.parse("agent token"); err != nil {
		return err
	}
	if c.name == "" {
		return usagef("agent token needs --name")
	}
	return nil
}

func (c *agentToken) run(ctx context.Context, m *manageEnv) error {
	_, token, err := m.svc.IssueAgentToken(ctx, c.aid, c.name)
	if err != nil {
		return err
	}
	fmt.Fprintln(m.stdout, token)
	return nil
}

type agentList struct {
	noFlags
	noCheck
}

func (agentList) run(ctx context.Context, m *manageEnv) error {
	as, err := m.svc.ListAgents(ctx)
	if err != nil {
		return err
	}
	for _, a := range as {
		state := ""
		if a.PausedAt != nil {
			state = "\tpaused"
		}
		fmt.Fprintf(m.stdout, "%s\t%s\t%s\t%d responsible%s\n", a.ID, a.Slug, a.Name, len(a.Responsible), state)
	}
	return nil
}

type agentTokens struct {
	agentFlag
	revoke   string
	revokeID uuid.UUID
}

func (c *agentTokens) flags(fs *flag.FlagSet) {
	c.register(fs)
	fs.StringVar(&c.revoke, "revoke", "", "revoke the token with this id instead of listing")
}

func (c *agentTokens) check(io.Reader) (err error) {
	if err := c.parse("agent tokens"); err != nil {
		return err
	}
	if c.revoke != "" {
		c.revokeID, err = parseIDFlag("revoke", c.revoke)
	}
	return err
}

func (c *agentTokens) run(ctx context.Context, m *manageEnv) error {
	if c.revokeID != uuid.Nil {
		t, err := m.svc.RevokeAgentToken(ctx, c.aid, c.revokeID)
		if err != nil {
			return err
		}
		fmt.Fprintf(m.stdout, "revoked agent token %q (%s)\n", t.Name, t.ID)
		return nil
	}
	ts, err := m.svc.AgentTokens(ctx, c.aid)
	if err != nil {
		return err
	}
	rows := make([]tokenRow, len(ts))
	for i, t := range ts {
		rows[i] = tokenRow{t.ID, t.Name, t.Prefix, t.CreatedAt, t.ExpiresAt, t.LastUsedAt, t.RevokedAt}
	}
	return printTokenRows(m.stdout, rows)
}

type agentResume struct{ agentFlag }

func (c *agentResume) flags(fs *flag.FlagSet) { c.register(fs) }
func (c *agentResume) check(io.Reader) error  { return c.parse("agent resume") }

func (c *agentResume) run(ctx context.Context, m *manageEnv) error {
	a, err := m.svc.ResumeAgent(ctx, c.aid)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "agent %s is working\n", a.Slug)
	return nil
}

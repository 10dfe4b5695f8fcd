package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"codna/internal/manage"
)

// auditCommands are `codna manage audit …`: what management did.
var auditCommands = []manageCommand{
	{"audit", "list", "[--action A] [--since T] [--until T]", "list the latest 100 management audit entries, newest first",
		func() manageVerb { return &auditList{} }},
}

type auditList struct {
	action, since, until string
	filter               manage.AuditFilter
}

func (c *auditList) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.action, "action", "", "only this action, like user.create")
	fs.StringVar(&c.since, "since", "", "only at or after this RFC 3339 time")
	fs.StringVar(&c.until, "until", "", "only before this RFC 3339 time")
}

func (c *auditList) check(io.Reader) error {
	if c.action != "" {
		c.filter.Action = &c.action
	}
	for _, f := range []struct {
		name, value string
		dst         **time.Time
	}{{"since", c.since, &c.filter.Since}, {"until", c.until, &c.filter.Until}} {
		if f.value == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339, f.value)
		if err != nil {
			return usagef("--%s %q is not an RFC 3339 time", f.name, f.value)
		}
		*f.dst = &t
	}
	return nil
}

func (c *auditList) run(ctx context.Context, m *manageEnv) error {
	entries, _, err := m.svc.Audit(ctx, c.filter, nil, 100)
	if err != nil {
		return err
	}
	for _, e := range entries {
		fmt.Fprintf(m.stdout, "%s\t%s\t%s\n", e.CreatedAt.Format(time.RFC3339), e.Via, e.Action)
	}
	return nil
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"
)

// usageCommands are `codna manage usage …`: how much people and agents
// used the instance — never what they read or wrote.
var usageCommands = []manageCommand{
	{"usage", "report", "--from YYYY-MM-DD --to YYYY-MM-DD", "print usage per person, UTC day and activity",
		func() manageVerb { return &usageReport{} }},
}

type usageReport struct {
	from, to       string
	fromDay, toDay time.Time
}

func (c *usageReport) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.from, "from", "", "the first day, YYYY-MM-DD")
	fs.StringVar(&c.to, "to", "", "the last day, YYYY-MM-DD")
}

func (c *usageReport) check(io.Reader) error {
	if c.from == "" || c.to == "" {
		return usagef("usage report needs --from and --to (YYYY-MM-DD)")
	}
	var err1, err2 error
	c.fromDay, err1 = time.Parse("2006-01-02", c.from)
	c.toDay, err2 = time.Parse("2006-01-02", c.to)
	if err1 != nil || err2 != nil {
		return usagef("--from and --to are dates like 2026-11-30")
	}
	return nil
}

func (c *usageReport) run(ctx context.Context, m *manageEnv) error {
	rows, err := m.svc.UsageReport(ctx, c.fromDay, c.toDay, nil)
	if err != nil {
		return err
	}
	for _, r := range rows {
		fmt.Fprintf(m.stdout, "%s\t%s\t%s\t%s\t%d\n", r.Day.Format("2006-01-02"), r.Email, r.Activity, r.Tool, r.Count)
	}
	return nil
}

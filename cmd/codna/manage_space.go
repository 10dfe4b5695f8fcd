package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"codna/internal/document"
	"codna/internal/space"
)

// spaceCommands are `codna manage space …`: who may read the pages people
// create in each space (docs/operations.md, "Space defaults").
var spaceCommands = []manageCommand{
	{"space", "default", "[--space SPACE] [--access private|everyone-read]",
		"set who may read new pages in a space (with --access), or list the defaults (without)",
		func() manageVerb { return &spaceDefault{} }},
}

type spaceDefault struct{ space, access string }

func (c *spaceDefault) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.space, "space", "", "the space: wiki, raw or output (required with --access; without it, list every space)")
	fs.StringVar(&c.access, "access", "", "private (the owner alone) or everyone-read (Everyone reads each new page); leave out to list")
}

func (c *spaceDefault) check(io.Reader) error {
	if c.space != "" {
		if _, err := document.ParseSpace("space", c.space); err != nil {
			return usagef("--space %q is not a space: wiki, raw or output", c.space)
		}
	}
	if c.access == "" {
		return nil
	}
	if c.space == "" {
		return usagef("space default --access needs --space (wiki, raw or output)")
	}
	if _, err := space.ParseAccess("access", c.access); err != nil {
		return usagef("--access %q is private or everyone-read", c.access)
	}
	return nil
}

func (c *spaceDefault) run(ctx context.Context, m *manageEnv) error {
	if c.access != "" {
		d, err := m.space.SetDefault(ctx, document.Space(c.space), space.Access(c.access))
		if err != nil {
			return err
		}
		fmt.Fprintf(m.stdout, "new pages in %s are now %s (existing pages keep their access)\n", d.Space, accessWords(d.Access))
		return nil
	}
	ds, err := m.space.Defaults(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(m.stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SPACE\tDEFAULT\tSET")
	for _, d := range ds {
		if c.space == "" || string(d.Space) == c.space {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", d.Space, accessFlag(d.Access), timeOrDash(d.UpdatedAt))
		}
	}
	return tw.Flush()
}

// accessFlag writes a default as --access takes it.
func accessFlag(a space.Access) string {
	if a == space.EveryoneRead {
		return "everyone-read"
	}
	return string(a)
}

// accessWords says a default in a sentence.
func accessWords(a space.Access) string {
	if a == space.EveryoneRead {
		return "readable by everyone"
	}
	return "private to their owner"
}

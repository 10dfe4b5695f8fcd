package main

import (
	"context"
	"flag"
	"fmt"
	"io"
)

// mailCommands are `codna manage mail …`: the configured SMTP server
// (docs/operations.md, "Mail").
var mailCommands = []manageCommand{
	{"mail", "test", "--to EMAIL", "send a test mail through CODNA_SMTP_URL now and report the server's answer",
		func() manageVerb { return &mailTest{} }},
}

type mailTest struct{ to string }

func (c *mailTest) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.to, "to", "", "the address to send the test mail to")
}

func (c *mailTest) check(io.Reader) error {
	if c.to == "" {
		return usagef("mail test needs --to (an e-mail address)")
	}
	return nil
}

func (c *mailTest) run(ctx context.Context, m *manageEnv) error {
	answer, err := m.mail.SendTest(ctx, c.to)
	if err != nil {
		return err
	}
	fmt.Fprintln(m.stdout, answer)
	return nil
}

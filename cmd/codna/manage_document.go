package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/google/uuid"

	"codna/internal/access"
)

// documentCommands are `codna manage document …`: break-glass on one
// document, by id. None of them shows content.
var documentCommands = []manageCommand{
	{"document", "show", "--document ID", "print a document's metadata: owner, status, dates, shares — never its content (audited)",
		func() manageVerb { return &documentShow{} }},
	{"document", "quarantine", "--document ID --reason R", "hold a document out of circulation: its shares are moved aside, its owner is told the reason",
		func() manageVerb { return &documentQuarantine{} }},
	{"document", "release", "--document ID [--restore-sharing]", "end a document's quarantine, giving its shares back with --restore-sharing",
		func() manageVerb { return &documentRelease{} }},
	{"document", "unshare", "--document ID --user ID [--principal-type user|group]", "take one share of a document away; the owner is told",
		func() manageVerb { return &documentUnshare{} }},
}

// documentFlag is --document ID.
type documentFlag struct {
	document string
	did      uuid.UUID
}

func (d *documentFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&d.document, "document", "", "the document's id")
}

func (d *documentFlag) parse(cmd string) (err error) {
	if d.document == "" {
		return usagef("%s needs --document ID", cmd)
	}
	d.did, err = parseIDFlag("document", d.document)
	return err
}

type documentShow struct{ documentFlag }

func (c *documentShow) flags(fs *flag.FlagSet) { c.register(fs) }
func (c *documentShow) check(io.Reader) error  { return c.parse("document show") }

func (c *documentShow) run(ctx context.Context, m *manageEnv) error {
	md, err := m.svc.DocumentMetadata(ctx, c.did)
	if err != nil {
		return err
	}
	return printJSON(m.stdout, md)
}

type documentQuarantine struct {
	documentFlag
	reason string
}

func (c *documentQuarantine) flags(fs *flag.FlagSet) {
	c.register(fs)
	fs.StringVar(&c.reason, "reason", "", "the reason, shown to the owner")
}

func (c *documentQuarantine) check(io.Reader) error { return c.parse("document quarantine") }

func (c *documentQuarantine) run(ctx context.Context, m *manageEnv) error {
	if _, err := m.svc.Quarantine(ctx, c.did, c.reason); err != nil {
		return err
	}
	fmt.Fprintln(m.stdout, "quarantined: its owner alone can see it; its shares are moved aside")
	return nil
}

type documentRelease struct {
	documentFlag
	restoreSharing bool
}

func (c *documentRelease) flags(fs *flag.FlagSet) {
	c.register(fs)
	fs.BoolVar(&c.restoreSharing, "restore-sharing", false, "give the shares moved aside back")
}

func (c *documentRelease) check(io.Reader) error { return c.parse("document release") }

func (c *documentRelease) run(ctx context.Context, m *manageEnv) error {
	rel, err := m.svc.Release(ctx, c.did, c.restoreSharing)
	if err != nil {
		return err
	}
	fmt.Fprintf(m.stdout, "released; %d shares given back, %d could not be\n", len(rel.Restored), len(rel.NotRestored))
	return nil
}

type documentUnshare struct {
	documentFlag
	user, principalType string
	pid                 uuid.UUID
}

func (c *documentUnshare) flags(fs *flag.FlagSet) {
	c.register(fs)
	fs.StringVar(&c.user, "user", "", "whose share: a person's or agent's id, or a group's id with --principal-type group")
	fs.StringVar(&c.principalType, "principal-type", "user", "user or group")
}

func (c *documentUnshare) check(io.Reader) (err error) {
	if err := c.parse("document unshare"); err != nil {
		return err
	}
	if c.user == "" {
		return usagef("document unshare needs --user (a person's or agent's id, or a group's id with --principal-type group)")
	}
	c.pid, err = parseIDFlag("user", c.user)
	return err
}

func (c *documentUnshare) run(ctx context.Context, m *manageEnv) error {
	if err := m.svc.TakeAwayShare(ctx, c.did, access.Principal{Type: access.PrincipalType(c.principalType), ID: c.pid}); err != nil {
		return err
	}
	fmt.Fprintln(m.stdout, "share taken away; the owner is told")
	return nil
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/mail"
	"codna/internal/manage"
	"codna/internal/space"
	"codna/internal/webhook"
)

// A manageCommand is one `codna manage <noun> <verb>`: its own flags (a
// flag of another command is refused) and its own usage text (-h lists its
// flags alone). The commands of a noun live in manage_<noun>.go.
type manageCommand struct {
	noun, verb string
	synopsis   string            // its flags as the usage shows them, e.g. "--id ID"
	summary    string            // what it does, in one line
	new        func() manageVerb // a fresh command, its flags not yet parsed
}

// manageVerb is what a command does.
type manageVerb interface {
	// flags registers the command's flags on fs.
	flags(fs *flag.FlagSet)
	// check validates the parsed flags — and reads standard input, for a
	// password — before any database is opened. Mistakes are usageErrors.
	check(stdin io.Reader) error
	// run carries the command out as management (auth.ManagementContext).
	run(ctx context.Context, m *manageEnv) error
}

// manageEnv is what a running command works with.
type manageEnv struct {
	svc  *manage.Service
	base string        // the instance's address for links (config.publicBase)
	mail *mail.Service // `manage mail test`
	// webhook is for `manage webhook …`.
	webhook *webhook.Service
	// space is for `manage space …`.
	space  *space.Service
	stdout io.Writer
	stderr io.Writer
}

// noFlags and noCheck are for commands without flags, or with nothing to check.
type (
	noFlags struct{}
	noCheck struct{}
)

func (noFlags) flags(*flag.FlagSet)   {}
func (noCheck) check(io.Reader) error { return nil }

// manageNouns is every noun, in the order the usage lists them.
var manageNouns = []string{"user", "token", "group", "agent", "document", "audit", "usage", "outbox", "mail", "webhook", "space"}

// manageCommands is every command, by noun, in the order the usage lists them.
func manageCommands() []manageCommand {
	var all []manageCommand
	for _, cmds := range [][]manageCommand{userCommands, tokenCommands, groupCommands, agentCommands,
		documentCommands, auditCommands, usageCommands, outboxCommands, mailCommands, webhookCommands, spaceCommands} {
		all = append(all, cmds...)
	}
	return all
}

// manageUsageLines is the manage part of the top-level usage: one line per command.
func manageUsageLines() string {
	var b strings.Builder
	for _, c := range manageCommands() {
		fmt.Fprintln(&b, strings.TrimRight(fmt.Sprintf("  manage %s %s %s", c.noun, c.verb, c.synopsis), " "))
	}
	return b.String()
}

// nounUsage lists a noun's commands.
func nounUsage(noun string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: codna manage %s <verb> [flags]\n\nVerbs:\n", noun)
	for _, c := range manageCommands() {
		if c.noun == noun {
			fmt.Fprintf(&b, "%s\n  %-15s %s\n", strings.TrimRight(fmt.Sprintf("  %-15s %s", c.verb, c.synopsis), " "), "", c.summary)
		}
	}
	fmt.Fprintf(&b, "\n'codna manage %s <verb> -h' lists a verb's flags.\n", noun)
	return b.String()
}

// manageUsage lists the nouns.
func manageUsage() string {
	return "Usage: codna manage <noun> <verb> [flags]\n\nNouns: " + strings.Join(manageNouns, ", ") +
		"\n\n'codna manage <noun> -h' lists a noun's verbs; 'codna manage <noun> <verb> -h' a verb's flags.\n"
}

// commandUsage is a command's usage text, with its flags.
func commandUsage(c manageCommand, fs *flag.FlagSet) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\n%s.\n", strings.TrimRight("Usage: codna manage "+c.noun+" "+c.verb+" "+c.synopsis, " "),
		strings.ToUpper(c.summary[:1])+c.summary[1:])
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		b.WriteString("\nFlags:\n")
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return b.String()
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "--help" || arg == "-help" || arg == "help"
}

// manageCmd runs `codna manage <noun> <verb> [flags]` as management on the
// host: it parses the command's own flags, checks them, then opens (and,
// when it started it, migrates) the database and runs the command with
// auth.ManagementContext.
func manageCmd(ctx context.Context, cfg config, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{msg: "manage needs a noun and a verb, e.g. 'manage user list'", usage: manageUsage()}
	}
	if isHelp(args[0]) {
		_, err := io.WriteString(stdout, manageUsage())
		return err
	}
	noun := args[0]
	known := false
	for _, n := range manageNouns {
		known = known || n == noun
	}
	if !known {
		return usageError{msg: fmt.Sprintf("unknown manage noun %q", noun), usage: manageUsage()}
	}
	if len(args) < 2 {
		return usageError{msg: fmt.Sprintf("manage %s needs a verb", noun), usage: nounUsage(noun)}
	}
	if isHelp(args[1]) {
		_, err := io.WriteString(stdout, nounUsage(noun))
		return err
	}
	var cmd *manageCommand
	for _, c := range manageCommands() {
		if c.noun == noun && c.verb == args[1] {
			cmd = &c
			break
		}
	}
	if cmd == nil {
		return usageError{msg: fmt.Sprintf("unknown manage command %q", noun+" "+args[1]), usage: nounUsage(noun)}
	}

	v := cmd.new()
	fs := flag.NewFlagSet("manage "+noun+" "+cmd.verb, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	v.flags(fs)
	usage := commandUsage(*cmd, fs)
	if err := fs.Parse(args[2:]); errors.Is(err, flag.ErrHelp) {
		_, err := io.WriteString(stdout, usage)
		return err
	} else if err != nil {
		return usageError{msg: err.Error(), usage: usage}
	}
	if fs.NArg() > 0 {
		return usageError{msg: fmt.Sprintf("unexpected arguments %q", fs.Args()), usage: usage}
	}
	if err := v.check(stdin); err != nil {
		var ue usageError
		if errors.As(err, &ue) && ue.usage == "" {
			ue.usage = usage
			return ue
		}
		return err
	}

	dbase, log, err := openLogged(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer dbase.Close()
	// A cluster started just for this command may be brand new.
	a, err := connect(ctx, dbase, dbase.cluster != nil, cfg.App, log)
	if err != nil {
		return err
	}
	defer a.Pool().Close()
	m := &manageEnv{svc: a.Manage, base: cfg.publicBase(), mail: a.Mail, webhook: a.Webhook, space: a.Space, stdout: stdout, stderr: stderr}
	return v.run(auth.ManagementContext(ctx), m)
}

// usagef is a usageError for a command's flags; manageCmd adds its usage.
func usagef(format string, args ...any) error {
	return usageError{msg: fmt.Sprintf(format, args...)}
}

// readPassword reads a password from the first line of stdin (--password-stdin).
func readPassword(stdin io.Reader) (string, error) {
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("read the password from standard input: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// parseIDFlag parses the value of --name as an id. Errors: a usageError.
func parseIDFlag(name, value string) (uuid.UUID, error) {
	id, err := uuid.Parse(value)
	if err != nil {
		return uuid.Nil, usagef("--%s %q is not a valid id", name, value)
	}
	return id, nil
}

// personRefs resolves comma-separated people, each an email or an id, to ids.
func personRefs(ctx context.Context, svc *manage.Service, list string) ([]uuid.UUID, error) {
	var out []uuid.UUID
	for _, v := range strings.Split(list, ",") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		id, err := uuid.Parse(v)
		if err != nil {
			u, err := svc.PersonByEmail(ctx, v)
			if err != nil {
				return nil, err
			}
			id = u.ID
		}
		out = append(out, id)
	}
	return out, nil
}

// personRef resolves one person, by email or id.
func personRef(ctx context.Context, svc *manage.Service, ref string) (uuid.UUID, error) {
	ids, err := personRefs(ctx, svc, ref)
	if err != nil {
		return uuid.Nil, err
	}
	if len(ids) != 1 {
		return uuid.Nil, usagef("name one person, by email or id")
	}
	return ids[0], nil
}

func timeOrDash(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.Format(time.RFC3339)
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// flagGiven reports whether the flag was given on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

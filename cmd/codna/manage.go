package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/manage"
)

func manageCmd(ctx context.Context, cfg config, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) < 2 {
		return usageError{"manage needs a noun and a verb, e.g. 'manage user list'"}
	}
	noun, verb, rest := args[0], args[1], args[2:]
	fs := flag.NewFlagSet("manage "+noun+" "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "the person's email address")
	name := fs.String("name", "", "a name")
	id := fs.String("id", "", "an id")
	passwordStdin := fs.Bool("password-stdin", false, "read the password from standard input (first line)")
	expires := fs.Duration("expires", 0, "token lifetime, e.g. 720h; left out: never expires")
	more := moreFlags(fs)
	outboxF := newOutboxFlags(fs)
	if err := fs.Parse(rest); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("unexpected arguments %q", fs.Args())}
	}

	type action func(ctx context.Context, svc *manage.Service) error
	var act action
	switch noun + " " + verb {
	case "user create":
		if *email == "" || *name == "" || !*passwordStdin {
			return usageError{"user create needs --email, --name and --password-stdin"}
		}
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && err != io.EOF {
			return fmt.Errorf("read the password from standard input: %w", err)
		}
		password := strings.TrimRight(line, "\r\n")
		act = func(ctx context.Context, svc *manage.Service) error {
			u, err := svc.CreatePerson(ctx, manage.CLI, *email, *name, password)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "created person %s <%s> id %s\n", u.Name, u.Email, u.ID)
			return nil
		}
	case "user deactivate", "user reactivate":
		if *email == "" && *id == "" {
			return usageError{"user " + verb + " needs --email or --id"}
		}
		act = func(ctx context.Context, svc *manage.Service) error {
			pid, err := personID(ctx, svc, *email, *id)
			if err != nil {
				return err
			}
			u, err := svc.SetPersonActive(ctx, manage.CLI, pid, verb == "reactivate")
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s <%s> is now %s\n", u.Name, u.Email, map[bool]string{true: "active", false: "deactivated"}[u.Active])
			return nil
		}
	case "user list":
		act = func(ctx context.Context, svc *manage.Service) error {
			tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tKIND\tEMAIL\tNAME\tACTIVE\tCREATED")
			var after *uuid.UUID
			for {
				page, err := svc.ListUsers(ctx, after, 100)
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
	case "token create":
		if *name == "" {
			return usageError{"token create needs --name"}
		}
		// As the API refuses a validFor that is not positive: a token must
		// not silently never expire because its lifetime was mistyped.
		if flagSet(fs, "expires") && *expires <= 0 {
			return usageError{fmt.Sprintf("--expires %v: give a positive lifetime such as 720h, or leave --expires out for a token that never expires", *expires)}
		}
		act = func(ctx context.Context, svc *manage.Service) error {
			var exp *time.Time
			if *expires > 0 {
				t := time.Now().Add(*expires)
				exp = &t
			}
			t, secret, err := svc.CreateServiceToken(ctx, manage.CLI, *name, exp)
			if err != nil {
				return err
			}
			fmt.Fprintf(stderr, "manage token %q (id %s) created; it is shown once:\n", t.Name, t.ID)
			fmt.Fprintln(stdout, secret)
			return nil
		}
	case "token revoke":
		if *id == "" {
			return usageError{"token revoke needs --id"}
		}
		tid, err := uuid.Parse(*id)
		if err != nil {
			return usageError{fmt.Sprintf("--id %q is not a valid id", *id)}
		}
		act = func(ctx context.Context, svc *manage.Service) error {
			t, err := svc.RevokeServiceToken(ctx, manage.CLI, tid)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "revoked manage token %q (%s)\n", t.Name, t.ID)
			return nil
		}
	case "token list":
		act = func(ctx context.Context, svc *manage.Service) error {
			ts, err := svc.ListServiceTokens(ctx)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tPREFIX\tCREATED\tEXPIRES\tLAST USED\tREVOKED")
			for _, t := range ts {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, t.Name, t.Prefix, t.CreatedAt.Format(time.RFC3339),
					timeOrDash(t.ExpiresAt), timeOrDash(t.LastUsedAt), timeOrDash(t.RevokedAt))
			}
			return tw.Flush()
		}
	default:
		m, err := moreManage(noun+" "+verb, more, *email, *name, *id, *passwordStdin, stdin, stdout)
		if err != nil {
			return err
		}
		if m == nil {
			if m, err = outboxManage(noun+" "+verb, outboxF, *id, stdout); err != nil {
				return err
			}
		}
		if m == nil {
			return usageError{fmt.Sprintf("unknown manage command %q", noun+" "+verb)}
		}
		act = m
	}

	dbase, _, err := openLogged(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer dbase.Close()
	if dbase.cluster != nil {
		// A cluster started just for this command may be brand new.
		if err := db.MigrateUp(ctx, dbase.URL); err != nil {
			return err
		}
	}
	pool, err := db.Open(ctx, dbase.URL, nil)
	if err != nil {
		return err
	}
	defer pool.Close()
	return act(ctx, manage.New(pool, cfg.Server.Auth.Argon2))
}

func personID(ctx context.Context, svc *manage.Service, email, id string) (uuid.UUID, error) {
	if id != "" {
		pid, err := uuid.Parse(id)
		if err != nil {
			return uuid.Nil, usageError{fmt.Sprintf("--id %q is not a valid id", id)}
		}
		return pid, nil
	}
	u, err := svc.PersonByEmail(ctx, email)
	if err != nil {
		return uuid.Nil, err
	}
	return u.ID, nil
}

func timeOrDash(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.Format(time.RFC3339)
}

// flagSet reports whether the flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

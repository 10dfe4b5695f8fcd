package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// These tests set process environment, so they do not run in parallel.

func runCLI(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestManageUsersAndTokensFromTheCLI(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	t.Setenv("CODNA_ARGON2_MEMORY_KIB", "8")
	t.Setenv("CODNA_ARGON2_ITERATIONS", "1")
	ctx := context.Background()

	_, _, err := runCLI(t, "short\n", "manage", "user", "create", "--email", "dana@example.com", "--name", "Dana", "--password-stdin")
	require.ErrorContains(t, err, "BAD_USER_INPUT")
	out, _, err := runCLI(t, "a long enough password\n", "manage", "user", "create", "--email", "dana@example.com", "--name", "Dana", "--password-stdin")
	require.NoError(t, err)
	require.Contains(t, out, "created person Dana <dana@example.com>")
	_, _, err = runCLI(t, "a long enough password\n", "manage", "user", "create", "--email", "DANA@example.com", "--name", "Dana", "--password-stdin")
	require.ErrorContains(t, err, "CONFLICT")

	var danaID uuid.UUID
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT id FROM users WHERE email = 'dana@example.com' AND kind = 'person'`).Scan(&danaID))
	_, err = d.Pool.Exec(ctx, `INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES (gen_random_uuid(), $1, 'h', now() + interval '1 day')`, danaID)
	require.NoError(t, err)

	out, _, err = runCLI(t, "", "manage", "user", "deactivate", "--email", "dana@example.com")
	require.NoError(t, err)
	require.Contains(t, out, "deactivated")
	var sessions int
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE user_id = $1`, danaID).Scan(&sessions))
	require.Zero(t, sessions, "deactivating ends every session")
	out, _, err = runCLI(t, "", "manage", "user", "reactivate", "--id", danaID.String())
	require.NoError(t, err)
	require.Contains(t, out, "now active")
	out, _, err = runCLI(t, "", "manage", "user", "list")
	require.NoError(t, err)
	require.Contains(t, out, "dana@example.com")
	_, _, err = runCLI(t, "", "manage", "user", "deactivate", "--email", "nobody@example.com")
	require.ErrorContains(t, err, "NOT_FOUND")

	secret, _, err := runCLI(t, "", "manage", "token", "create", "--name", "ops-bot", "--expires", "24h")
	require.NoError(t, err)
	secret = strings.TrimSpace(secret)
	require.True(t, strings.HasPrefix(secret, "codna_"))
	list, _, err := runCLI(t, "", "manage", "token", "list")
	require.NoError(t, err)
	require.Contains(t, list, secret[:12], "the list shows the prefix")
	require.NotContains(t, list, secret, "never the secret")
	var tokenID string
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT id::text FROM service_tokens WHERE name = 'ops-bot'`).Scan(&tokenID))
	out, _, err = runCLI(t, "", "manage", "token", "revoke", "--id", tokenID)
	require.NoError(t, err)
	require.Contains(t, out, "revoked")

	rows, err := d.Pool.Query(ctx, `SELECT action FROM management_audit WHERE via = 'cli' ORDER BY id`)
	require.NoError(t, err)
	actions, err := collect(rows)
	require.NoError(t, err)
	require.Equal(t, []string{"user.create", "user.deactivate", "user.reactivate", "token.create", "token.revoke"}, actions)
}

func collect(rows interface {
	Next() bool
	Scan(...any) error
	Close()
	Err() error
}) ([]string, error) {
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func TestCLIRefusesBadInput(t *testing.T) {
	_, _, err := runCLI(t, "")
	var ue usageError
	require.ErrorAs(t, err, &ue)
	_, _, err = runCLI(t, "", "frobnicate")
	require.ErrorAs(t, err, &ue)
	_, _, err = runCLI(t, "", "manage", "user", "create", "--email", "x@example.com")
	require.ErrorAs(t, err, &ue, "create without --name and --password-stdin")
	_, _, err = runCLI(t, "", "manage", "token", "revoke", "--id", "nope")
	require.ErrorAs(t, err, &ue)
	_, _, err = runCLI(t, "", "migrate", "sideways")
	require.ErrorAs(t, err, &ue)

	t.Setenv("CODNA_BODY_LIMIT", "lots")
	_, _, err = runCLI(t, "", "manage", "user", "list")
	require.ErrorContains(t, err, "CODNA_BODY_LIMIT")
}

// With no CODNA_DATABASE_URL the CLI starts the embedded database itself,
// creates and migrates it, and stops it again.
func TestManageOnTheEmbeddedDatabase(t *testing.T) {
	t.Setenv("CODNA_DATABASE_URL", "")
	t.Setenv("CODNA_DATA_DIR", t.TempDir())
	t.Setenv("CODNA_ARGON2_MEMORY_KIB", "8")
	t.Setenv("CODNA_ARGON2_ITERATIONS", "1")
	_, _, err := runCLI(t, "a long enough password\n", "manage", "user", "create", "--email", "e@example.com", "--name", "E", "--password-stdin")
	require.NoError(t, err)
	// A second command finds the same cluster and data.
	out, _, err := runCLI(t, "", "manage", "user", "list")
	require.NoError(t, err)
	require.Contains(t, out, "e@example.com")
	out, _, err = runCLI(t, "", "migrate", "version")
	require.NoError(t, err)
	require.Contains(t, out, "(dirty=false)")
	require.NotContains(t, out, "schema version 0 ")
}

func TestManageGroupsAgentsAndDocumentsFromTheCLI(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	p := pgtest.CreatePerson(t, d.Pool)
	doc := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Title: "Secret title"})

	out, _, err := runCLI(t, "", "manage", "group", "create", "--slug", "ops", "--name", "Ops")
	require.NoError(t, err)
	require.Contains(t, out, "created group ops")
	var gid string
	require.NoError(t, d.Pool.QueryRow(context.Background(), `SELECT id::text FROM groups WHERE slug = 'ops'`).Scan(&gid))
	out, _, err = runCLI(t, "", "manage", "group", "add-member", "--group", gid, "--user", p.Email)
	require.NoError(t, err)
	require.Contains(t, out, "1 members")
	out, _, err = runCLI(t, "", "manage", "agent", "create", "--slug", "helper", "--name", "Helper", "--add", p.Email)
	require.NoError(t, err)
	require.Contains(t, out, "coda_")

	_, _, err = runCLI(t, "", "manage", "document", "quarantine", "--document", doc.ID.String(), "--reason", "reported")
	require.NoError(t, err)
	out, _, err = runCLI(t, "", "manage", "document", "show", "--document", doc.ID.String())
	require.NoError(t, err)
	require.NotContains(t, out, "Secret title", "management never sees content")
	require.Contains(t, out, p.Email)
	out, _, err = runCLI(t, "", "manage", "document", "release", "--document", doc.ID.String(), "--restore-sharing")
	require.NoError(t, err)
	require.Contains(t, out, "released")
	out, _, err = runCLI(t, "", "manage", "audit", "list")
	require.NoError(t, err)
	for _, action := range []string{"group.create", "group.member_add", "agent.create", "document.quarantine", "document.release"} {
		require.Contains(t, out, action)
	}
	_, _, err = runCLI(t, "", "manage", "group", "delete", "--group", "not-an-id")
	var ue usageError
	require.ErrorAs(t, err, &ue)
}

// A manage token with a lifetime that is not positive would never expire;
// it is refused, as the API refuses such a validFor.
func TestTokenCreateRefusesNonPositiveExpiry(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	for _, exp := range []string{"-5s", "0s", "0"} {
		_, _, err := runCLI(t, "", "manage", "token", "create", "--name", "bot", "--expires", exp)
		var ue usageError
		require.ErrorAs(t, err, &ue, "--expires %s", exp)
		require.ErrorContains(t, err, "positive lifetime")
	}
	var n int
	require.NoError(t, d.Pool.QueryRow(context.Background(), `SELECT count(*) FROM service_tokens`).Scan(&n))
	require.Zero(t, n, "no token was created")

	// Left out, the token never expires.
	_, _, err := runCLI(t, "", "manage", "token", "create", "--name", "bot")
	require.NoError(t, err)
	var never bool
	require.NoError(t, d.Pool.QueryRow(context.Background(), `SELECT expires_at IS NULL FROM service_tokens WHERE name = 'bot'`).Scan(&never))
	require.True(t, never)
}

// Every manage command has its own flags: -h prints its usage alone (to
// stdout, no error), a flag of another command is refused with that
// command's usage, and no two commands share a name.
func TestEachManageCommandHasItsOwnFlags(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range manageCommands() {
		name := c.noun + " " + c.verb
		require.False(t, seen[name], "%s is defined twice", name)
		seen[name] = true
		out, _, err := runCLI(t, "", "manage", c.noun, c.verb, "-h")
		require.NoError(t, err, name)
		require.True(t, strings.HasPrefix(out, "Usage: codna manage "+name), "%s -h: %s", name, out)
		out, _, err = runCLI(t, "", "manage", c.noun, "-h")
		require.NoError(t, err, name)
		require.Contains(t, out, "  "+c.verb, "the noun's help lists %s", name)
	}

	out, _, err := runCLI(t, "", "manage", "token", "create", "-h")
	require.NoError(t, err)
	require.Contains(t, out, "-name")
	require.Contains(t, out, "-expires")
	for _, other := range []string{"-email", "-slug", "-group", "-document", "-consumer", "-password-stdin"} {
		require.NotContains(t, out, other, "token create -h lists its own flags alone")
	}

	_, _, err = runCLI(t, "a long enough password\n", "manage", "user", "create", "--email", "x@example.com", "--name", "X", "--password-stdin", "--slug", "ops")
	var ue usageError
	require.ErrorAs(t, err, &ue, "a flag of another command is refused")
	require.ErrorContains(t, err, "-slug")
	require.ErrorContains(t, err, "Usage: codna manage user create")
	require.NotContains(t, err.Error(), "manage group create", "with the command's usage, not every command's")

	for _, args := range [][]string{{"manage"}, {"manage", "user"}, {"manage", "frobnicate", "list"}, {"manage", "user", "frobnicate"}} {
		_, _, err := runCLI(t, "", args...)
		require.ErrorAs(t, err, &ue, "%q", args)
	}
	out, _, err = runCLI(t, "", "help")
	require.NoError(t, err)
	for name := range seen {
		require.Contains(t, out, "manage "+name, "codna help lists every command")
	}
}

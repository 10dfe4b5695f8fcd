package inbox_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/inbox"
	"codna/internal/pgtest"
)

type bundle struct {
	url  string
	pool *pgxpool.Pool
	svc  *inbox.Service
	docs *document.Service
}

func newBundle(t *testing.T) *bundle {
	t.Helper()
	d := pgtest.New(t)
	return &bundle{url: d.URL, pool: d.Pool, svc: inbox.New(d.Pool), docs: document.New(d.Pool, document.DefaultConfig)}
}

func newID() uuid.UUID { return uuid.Must(uuid.NewV7()) }

// notify runs NotifyInTx in its own committed transaction.
func (b *bundle) notify(t *testing.T, n inbox.Notice) *inbox.Notification {
	t.Helper()
	var out *inbox.Notification
	require.NoError(t, db.InTx(context.Background(), b.pool, func(tx db.DBTX) error {
		var err error
		out, err = inbox.NotifyInTx(context.Background(), tx, n)
		return err
	}))
	return out
}

// info is an information notification about a fresh subject.
func info(to pgtest.Person, typ string) inbox.Notice {
	return inbox.Notice{RecipientID: to.ID, Type: typ, SubjectType: "document", SubjectID: pgtest.Ptr(newID()), Payload: map[string]any{"title": "x"}}
}

// decision is a link decision about a fresh edge.
func decision(to pgtest.Person) inbox.Notice {
	return inbox.Notice{RecipientID: to.ID, Type: inbox.TypeLinkTargetMoved, SubjectType: "link", SubjectID: pgtest.Ptr(newID()), RequiresDecision: true}
}

func (b *bundle) status(t *testing.T, id uuid.UUID) string {
	t.Helper()
	var s string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT status FROM notifications WHERE id = $1`, id).Scan(&s))
	return s
}

func (b *bundle) link(t *testing.T, source uuid.UUID, target *uuid.UUID, state string, kept bool) {
	t.Helper()
	var keptAt *time.Time
	if kept {
		keptAt = pgtest.Ptr(time.Now())
	}
	pgtest.Exec(t, b.pool, `INSERT INTO document_links (id, source_id, target_id, href_as_written, state, kept_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		newID(), source, target, fmt.Sprintf("link-%s.md", newID()), state, keptAt)
}

func (b *bundle) suggest(t *testing.T, source, target uuid.UUID, status string) {
	t.Helper()
	pgtest.Exec(t, b.pool, `INSERT INTO link_suggestions (id, source_id, target_id, reason, status) VALUES ($1, $2, $3, 'agent_proposed', $4)`,
		newID(), source, target, status)
}

func (b *bundle) trash(t *testing.T, owner pgtest.Person, id uuid.UUID) {
	t.Helper()
	_, err := b.docs.Delete(pgtest.ActingAs(owner), id)
	require.NoError(t, err)
}

// listen opens a connection of its own listening on the inbox channel.
func (b *bundle) listen(t *testing.T) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), b.url)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	_, err = conn.Exec(context.Background(), "LISTEN "+inbox.Channel)
	require.NoError(t, err)
	return conn
}

// next waits for the next inbox signal and returns its payload.
func next(t *testing.T, conn *pgx.Conn) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	n, err := conn.WaitForNotification(ctx)
	require.NoError(t, err, "no inbox signal arrived")
	require.Equal(t, inbox.Channel, n.Channel)
	return n.Payload
}

// marker commits a notification for a fresh person and returns their id:
// a signal that must come after any signal sent before it.
func (b *bundle) marker(t *testing.T) string {
	t.Helper()
	p := pgtest.CreatePerson(t, b.pool)
	b.notify(t, info(p, inbox.TypeIngestionReady))
	return p.ID.String()
}

func idsOf(ns []inbox.Notification) []uuid.UUID {
	out := make([]uuid.UUID, len(ns))
	for i := range ns {
		out[i] = ns[i].ID
	}
	return out
}

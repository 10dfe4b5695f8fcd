package mention_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/inbox"
	"codna/internal/mention"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

type world struct {
	pool     *pgxpool.Pool
	worker   *outbox.Worker
	docs     *document.Service
	access   *access.Service
	mentions *mention.Service
	inbox    *inbox.Service
	owner    pgtest.Person
}

func setup(t *testing.T) *world {
	t.Helper()
	d := pgtest.New(t)
	w := outbox.New(d.Pool, outbox.Config{}, nil)
	w.RegisterBatch(mention.ConsumerName, mention.NewConsumer(d.Pool).HandleBatch, outbox.Lane{Budget: time.Minute, Events: mention.ConsumerEvents()})
	return &world{
		pool: d.Pool, worker: w, docs: document.New(d.Pool, document.DefaultConfig), access: access.New(d.Pool),
		mentions: mention.New(d.Pool), inbox: inbox.New(d.Pool), owner: pgtest.CreatePerson(t, d.Pool),
	}
}

func (w *world) drain(t *testing.T) {
	t.Helper()
	require.NoError(t, w.worker.Drain(context.Background()))
}

func userMention(p uuid.UUID, text string) string {
	return fmt.Sprintf("[@%s](mention:user/%s)", text, p)
}

// page creates a page of the owner's with body, and drains.
func (w *world) page(t *testing.T, body string) uuid.UUID {
	t.Helper()
	id := pgtest.CreateDocument(t, w.pool, w.owner.ID, pgtest.Doc{Content: body}).ID
	w.drain(t)
	return id
}

// edit saves a new body as actor, and drains.
func (w *world) edit(t *testing.T, ctx context.Context, id uuid.UUID, body string) {
	t.Helper()
	cur, err := w.docs.Get(ctx, id)
	require.NoError(t, err)
	_, _, err = w.docs.Update(ctx, document.UpdateInput{ID: id, ExpectedVersion: cur.Version, Content: &body})
	require.NoError(t, err)
	w.drain(t)
}

// share shares the page at read with a person, as its owner.
func (w *world) share(t *testing.T, id uuid.UUID, p pgtest.Person, perm access.Permission) {
	t.Helper()
	_, err := w.access.Share(pgtest.ActingAs(w.owner), access.ShareInput{DocumentIDs: []uuid.UUID{id}, Recipients: []string{p.Email}, Permission: perm})
	require.NoError(t, err)
	w.drain(t)
}

// comment adds a comment by author on the page, writing comment.created as
// the comments service does, and drains.
func (w *world) comment(t *testing.T, doc uuid.UUID, author uuid.UUID, body string) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	thread, id := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	require.NoError(t, db.InTx(ctx, w.pool, func(tx db.DBTX) error {
		if _, err := tx.Exec(ctx, `INSERT INTO threads (id, document_id, author_id) VALUES ($1, $2, $3)`, thread, doc, author); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO comments (id, thread_id, document_id, author_id, body) VALUES ($1, $2, $3, $4, $5)`, id, thread, doc, author, body); err != nil {
			return err
		}
		_, err := outbox.WriteInTx(ctx, tx, outbox.Event{
			Type: "comment.created", SubjectType: "comment", SubjectID: &id, DocumentID: &doc, ActorID: &author,
			Payload: map[string]any{"thread_id": thread.String(), "comment_id": id.String(), "first": true, "kind": "comment"},
		})
		return err
	}))
	w.drain(t)
	return id
}

// editComment replaces a comment's body, writing comment.edited, and drains.
func (w *world) editComment(t *testing.T, id uuid.UUID, body string) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, db.InTx(ctx, w.pool, func(tx db.DBTX) error {
		var doc, author, thread uuid.UUID
		if err := tx.QueryRow(ctx, `UPDATE comments SET body = $2, edited_at = now() WHERE id = $1 RETURNING document_id, author_id, thread_id`, id, body).Scan(&doc, &author, &thread); err != nil {
			return err
		}
		_, err := outbox.WriteInTx(ctx, tx, outbox.Event{
			Type: "comment.edited", SubjectType: "comment", SubjectID: &id, DocumentID: &doc, ActorID: &author,
			Payload: map[string]any{"thread_id": thread.String(), "comment_id": id.String()},
		})
		return err
	}))
	w.drain(t)
}

type note struct {
	ID       uuid.UUID
	Type     string
	Decision bool
	Status   string
	Payload  map[string]any
}

// notes lists a user's notifications of the mention types, oldest first.
func (w *world) notes(t *testing.T, user uuid.UUID) []note {
	t.Helper()
	rows, err := w.pool.Query(context.Background(), `SELECT id, type, requires_decision, status, payload FROM notifications
		WHERE recipient_id = $1 AND type LIKE 'mention%' ORDER BY created_at, id`, user)
	require.NoError(t, err)
	defer rows.Close()
	var out []note
	for rows.Next() {
		var n note
		var raw []byte
		require.NoError(t, rows.Scan(&n.ID, &n.Type, &n.Decision, &n.Status, &raw))
		require.NoError(t, json.Unmarshal(raw, &n.Payload))
		out = append(out, n)
	}
	require.NoError(t, rows.Err())
	return out
}

// allNotes counts every notification of a user, of any type.
func (w *world) allNotes(t *testing.T, user uuid.UUID) int {
	t.Helper()
	return pgtest.Count(t, w.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1`, user)
}

func (w *world) decisions(t *testing.T, p pgtest.Person) int {
	t.Helper()
	c, err := w.inbox.Counts(pgtest.ActingAs(p), p.ID, true)
	require.NoError(t, err)
	return c.Decisions
}

func (w *world) canRead(t *testing.T, p pgtest.Person, doc uuid.UUID) bool {
	t.Helper()
	_, err := w.docs.Get(pgtest.ActingAs(p), doc)
	return err == nil
}

func agentCtx(a pgtest.Agent) context.Context {
	return auth.WithActor(context.Background(), &auth.Actor{UserID: a.ID, Kind: auth.KindAgent})
}

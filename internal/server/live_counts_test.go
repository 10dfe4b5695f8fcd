package server_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/pgtest"
)

// uncounted is a pool on b's database whose statements b's counter does not
// see: the writes of a test, apart from what the server runs.
func uncounted(t testing.TB, b *bundle) *pgxpool.Pool {
	t.Helper()
	cfg := b.pool.Config().Copy()
	cfg.ConnConfig.Tracer = nil
	p, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// notifyAll commits one notification to each recipient in one transaction:
// one burst.
func notifyAll(t testing.TB, pool *pgxpool.Pool, recipients []uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, db.InTx(ctx, pool, func(tx db.DBTX) error {
		for _, r := range recipients {
			subject := uuid.Must(uuid.NewV7())
			if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{RecipientID: r, Type: inbox.TypeAccessGranted, SubjectType: "document", SubjectID: &subject, Payload: map[string]any{}}); err != nil {
				return err
			}
		}
		return nil
	}))
}

// A burst of notifications to many people, each with several subscribers,
// is read in one count statement for all of them, plus one statement
// re-checking every socket's credential — not one of each per subscriber —
// and every subscriber gets its own person's count.
func TestInboxCountsBurstIsOneCountStatement(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// Wide enough that the burst is never split on a loaded machine.
	b.app.LiveCounts.Window = 200 * time.Millisecond
	writer := uncounted(t, b)
	const people, perPerson = 12, 3
	ids := make([]uuid.UUID, people)
	subs := make([][]*subscription, people)
	for i := range ids {
		p := pgtest.CreatePerson(t, b.pool)
		ids[i] = p.ID
		token := pgtest.CreatePersonToken(t, b.pool, p.ID)
		for range perPerson {
			protocol := "graphql-transport-ws"
			if len(subs[i])%2 == 1 {
				protocol = "graphql-ws"
			}
			s := b.subscribe(t, protocol, token, countsSub, nil)
			require.Zero(t, obj(s.next(5*time.Second), "inboxCounts", "unread"))
			subs[i] = append(subs[i], s)
		}
	}
	// Person 0 has one more unread than the others, so a count given to the
	// wrong person shows.
	notifyAll(t, writer, ids[:1])
	for _, s := range subs[0] {
		require.EqualValues(t, 1, obj(s.next(5*time.Second), "inboxCounts", "unread"))
	}
	time.Sleep(300 * time.Millisecond) // nothing in flight

	b.counter.Reset()
	notifyAll(t, writer, ids)
	for i, ss := range subs {
		want := 1.0
		if i == 0 {
			want = 2
		}
		for _, s := range ss {
			got := s.next(5 * time.Second)
			require.Equal(t, want, obj(got, "inboxCounts", "unread"), "person %d", i)
			require.Equal(t, want, obj(got, "inboxCounts", "total"), "person %d", i)
		}
	}
	time.Sleep(300 * time.Millisecond)
	require.EqualValues(t, 2, b.counter.Count(),
		"one count statement for the %d people and one credential re-check for their %d sockets", people, people*perPerson)
	for _, ss := range subs {
		for _, s := range ss {
			_, more := s.try(50 * time.Millisecond)
			require.False(t, more, "one push per subscriber for one burst")
		}
	}
}

// A credential that ended without the replica hearing of it (no
// codna_credential notification: the token was revoked behind its back) gets
// nothing more: the burst's re-check refuses it and closes its socket with
// 4403, while another person's subscription in the same burst gets its push.
func TestInboxCountsPushNothingToAnEndedCredential(t *testing.T) {
	t.Parallel()
	b := setup(t)
	writer := uncounted(t, b)
	for _, protocol := range []string{"graphql-transport-ws", "graphql-ws"} {
		t.Run(protocol, func(t *testing.T) {
			gone, kept := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
			goneToken := pgtest.CreatePersonToken(t, b.pool, gone.ID)
			s := b.subscribe(t, protocol, goneToken, countsSub, nil)
			before := obj(s.next(5*time.Second), "inboxCounts", "unread").(float64)
			other := b.subscribe(t, protocol, pgtest.CreatePersonToken(t, b.pool, kept.ID), countsSub, nil)
			otherBefore := obj(other.next(5*time.Second), "inboxCounts", "unread").(float64)

			pgtest.Exec(t, writer, `UPDATE access_tokens SET revoked_at = now() WHERE token_hash = $1`, auth.HashSecret(goneToken))
			notifyAll(t, writer, []uuid.UUID{gone.ID, kept.ID})
			require.Equal(t, otherBefore+1, obj(other.next(5*time.Second), "inboxCounts", "unread"))
			require.Equal(t, closeForbidden, closedWith(t, s.c, 5*time.Second, fmt.Sprintf(`"unread":%d`, int(before)+1)))
		})
	}
}

package mail_test

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/mail"
	"codna/internal/pgtest"
)

// invite makes a person with an unused invitation and returns both ids.
func (e env) invite(t *testing.T) (person, invitation uuid.UUID) {
	t.Helper()
	p := pgtest.CreatePerson(t, e.pool)
	inv, err := db.Q.InvitationCreate(context.Background(), e.pool, db.InvitationCreateParams{
		ID: uuid.Must(uuid.NewV7()), UserID: p.ID, TokenHash: auth.HashSecret(auth.NewSecret("")), ExpiresAt: time.Now().Add(time.Hour),
	})
	require.NoError(t, err)
	return p.ID, inv.ID
}

// A 451 puts the mail back with a backoff; the next attempt delivers it,
// with the Message-ID it was queued with.
func TestA451IsRetriedThenDelivered(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	p, inv := e.invite(t)
	e.enqueue(t, p, mail.KindInvitation, &inv)
	e.smtp.FailNext(1, 451)

	require.Equal(t, 1, e.drain(t))
	r := e.row(t, p)
	require.Equal(t, "queued", r.Status)
	require.EqualValues(t, 1, r.Attempts)
	require.Contains(t, *r.LastError, "451")
	require.Empty(t, e.smtp.Messages())

	require.Eventually(t, func() bool { return e.drain(t) == 1 }, 10*time.Second, 20*time.Millisecond, "due again after the backoff")
	msgs := e.smtp.Wait(t, 1, 10*time.Second)
	r = e.row(t, p)
	require.Equal(t, "sent", r.Status)
	require.Equal(t, "<"+r.MessageID+">", parse(t, msgs[0]).Header.Get("Message-Id"))
	refused := e.smtp.Refused()
	require.Len(t, refused, 1)
	require.Equal(t, "<"+r.MessageID+">", parse(t, refused[0]).Header.Get("Message-Id"), "the same Message-ID on every attempt")
}

// A server that cannot be reached is tried again later, after
// min(1 min·2^attempts, 1 h); a mail that keeps failing for now fails once
// its next try would come more than 72 hours after it was queued.
func TestConnectionErrorsAreRetriedWithBackoffUntil72Hours(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	ctx := context.Background()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := l.Addr().String()
	require.NoError(t, l.Close()) // nothing listens there now
	down := mail.New(e.pool, mail.Config{
		SMTPURL: "smtp://u:p@" + closed, From: "codna@example.com", PublicURL: publicURL, Timeout: 5 * time.Second,
	}, nil, nil)
	sender := down.NewSender(mail.SenderConfig{}, nil)
	p, inv := e.invite(t)
	e.enqueue(t, p, mail.KindInvitation, &inv)
	try := func() (status string, attempts int, wait time.Duration) {
		t.Helper()
		n, err := sender.Drain(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		var secs float64
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT status, attempts, extract(epoch FROM next_attempt_at - now())::float8 FROM mail_outbox WHERE recipient_id = $1`, p).
			Scan(&status, &attempts, &secs))
		return status, attempts, time.Duration(secs * float64(time.Second))
	}

	status, attempts, wait := try()
	require.Equal(t, "queued", status)
	require.Equal(t, 1, attempts)
	require.InDelta(t, time.Minute.Seconds(), wait.Seconds(), 10, "1 minute after the first failure")
	require.NotEmpty(t, *e.row(t, p).LastError)

	_, err = e.pool.Exec(ctx, `UPDATE mail_outbox SET next_attempt_at = now(), attempts = 3`)
	require.NoError(t, err)
	_, attempts, wait = try()
	require.Equal(t, 4, attempts)
	require.InDelta(t, (8 * time.Minute).Seconds(), wait.Seconds(), 10, "1 min·2^3")

	_, err = e.pool.Exec(ctx, `UPDATE mail_outbox SET next_attempt_at = now(), attempts = 9, created_at = now() - interval '70 hours'`)
	require.NoError(t, err)
	_, _, wait = try()
	require.InDelta(t, time.Hour.Seconds(), wait.Seconds(), 10, "at most an hour apart")

	_, err = e.pool.Exec(ctx, `UPDATE mail_outbox SET next_attempt_at = now(), created_at = now() - interval '71 hours 30 minutes'`)
	require.NoError(t, err)
	status, attempts, _ = try()
	require.Equal(t, "failed", status, "the next try, an hour on, would come after 72 hours")
	require.Equal(t, 11, attempts)
}

// A sender sends at most CODNA_SMTP_RATE mails a second.
func TestTheSenderHonoursTheRate(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	slow := mail.New(e.pool, mail.Config{
		SMTPURL: e.smtp.URL(), From: "codna@example.com", PublicURL: publicURL, TLSConfig: e.smtp.TLSConfig(), Rate: 10,
	}, nil, nil)
	for range 6 {
		p, inv := e.invite(t)
		e.enqueue(t, p, mail.KindInvitation, &inv)
	}
	start := time.Now()
	n, err := slow.NewSender(mail.SenderConfig{}, nil).Drain(context.Background())
	require.NoError(t, err)
	require.Equal(t, 6, n)
	require.Len(t, e.smtp.Messages(), 6)
	require.GreaterOrEqual(t, time.Since(start), 500*time.Millisecond, "six sends at 10 a second take half a second at least")
}

// A 550 fails the mail at once.
func TestA550FailsTheMail(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	reg := prometheus.NewRegistry()
	reg.MustRegister(e.mail.Collector())
	p, inv := e.invite(t)
	e.enqueue(t, p, mail.KindInvitation, &inv)
	e.smtp.FailNext(1, 550)

	require.Equal(t, 1, e.drain(t))
	r := e.row(t, p)
	require.Equal(t, "failed", r.Status)
	require.EqualValues(t, 1, r.Attempts)
	require.Contains(t, *r.LastError, "550")
	require.LessOrEqual(t, len([]rune(*r.LastError)), 255)
	require.Zero(t, e.drain(t), "nothing left to send")
	require.Empty(t, e.smtp.Messages())
	require.Equal(t, 1.0, metric(t, reg, "codna_mail_failed_total"))
}

// A deactivated recipient's queued mail is dropped, not sent.
func TestADeactivatedRecipientsMailIsDropped(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	p, inv := e.invite(t)
	e.enqueue(t, p, mail.KindInvitation, &inv)
	_, err := e.pool.Exec(context.Background(), `UPDATE users SET is_active = false WHERE id = $1`, p)
	require.NoError(t, err)

	require.Equal(t, 1, e.drain(t))
	r := e.row(t, p)
	require.Equal(t, "dropped", r.Status)
	require.Equal(t, "the recipient is deactivated", *r.LastError)
	require.Empty(t, e.smtp.Messages())
}

// Two senders on one database, running side by side, send each mail once:
// with leases that hold, and with leases so short that the senders take
// each other's claims all the time (the row lock of the send keeps it
// once).
func TestTwoSendersSendEachMailOnce(t *testing.T) {
	t.Parallel()
	for name, lease := range map[string]time.Duration{"leases held": 2 * time.Second, "leases running out": 20 * time.Millisecond} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := setup(t, nil)
			const n = 30
			for range n {
				p, inv := e.invite(t)
				e.enqueue(t, p, mail.KindInvitation, &inv)
			}
			ctx := context.Background()
			svc := mail.New(e.pool, mail.Config{
				SMTPURL: e.smtp.URL(), From: "codna@example.com", PublicURL: publicURL,
				TLSConfig: e.smtp.TLSConfig(), Rate: 1000, Poll: 5 * time.Millisecond, Lease: lease,
			}, nil, nil)
			senders := []*mail.Sender{svc.NewSender(mail.SenderConfig{}, nil), svc.NewSender(mail.SenderConfig{}, nil)}
			for _, s := range senders {
				require.NoError(t, s.Start(ctx))
			}
			e.smtp.Wait(t, n, 30*time.Second)
			// A duplicate would come within a few polls.
			time.Sleep(300 * time.Millisecond)
			for _, s := range senders {
				s.Stop()
			}
			msgs := e.smtp.Messages()
			require.Len(t, msgs, n, "each mail once")
			ids := map[string]bool{}
			for _, m := range msgs {
				id := parse(t, m).Header.Get("Message-Id")
				require.False(t, ids[id], "Message-ID %s twice", id)
				ids[id] = true
			}
			var sent int
			require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM mail_outbox WHERE status = 'sent' AND claimed_by IS NULL`).Scan(&sent))
			require.Equal(t, n, sent)
		})
	}
}

// The metrics count the queue and its oldest row's age, and what was sent.
func TestMetricsCountTheQueue(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	reg := prometheus.NewRegistry()
	reg.MustRegister(e.mail.Collector())
	for range 2 {
		p, inv := e.invite(t)
		e.enqueue(t, p, mail.KindInvitation, &inv)
	}
	_, err := e.pool.Exec(context.Background(), `UPDATE mail_outbox SET created_at = now() - interval '90 seconds'`)
	require.NoError(t, err)
	require.Equal(t, 2.0, metric(t, reg, "codna_mail_queued"))
	require.GreaterOrEqual(t, metric(t, reg, "codna_mail_oldest_queued_age_seconds"), 90.0)
	require.Equal(t, 2, e.drain(t))
	require.Equal(t, 0.0, metric(t, reg, "codna_mail_queued"))
	require.Equal(t, 0.0, metric(t, reg, "codna_mail_oldest_queued_age_seconds"))
	require.Equal(t, 2.0, metric(t, reg, "codna_mail_sent_total"))
}

// Finished rows go after 30 days; queued ones stay whatever their age.
func TestCleanupDeletesOldFinishedRows(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	ctx := context.Background()
	old, inv := e.invite(t)
	e.enqueue(t, old, mail.KindInvitation, &inv)
	waiting, inv2 := e.invite(t)
	e.enqueue(t, waiting, mail.KindInvitation, &inv2)
	_, err := e.pool.Exec(ctx, `UPDATE mail_outbox SET created_at = now() - interval '31 days', status = CASE WHEN recipient_id = $1 THEN 'sent' ELSE 'queued' END`, old)
	require.NoError(t, err)
	n, err := e.sender.Cleanup(ctx)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)
	var left uuid.UUID
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT recipient_id FROM mail_outbox`).Scan(&left))
	require.Equal(t, waiting, left)
}

// metric is the value of the one series named name in reg.
func metric(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() == name {
			m := mf.GetMetric()[0]
			if m.GetCounter() != nil {
				return m.GetCounter().GetValue()
			}
			return m.GetGauge().GetValue()
		}
	}
	t.Fatalf("no series %s", name)
	return 0
}

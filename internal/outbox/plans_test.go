package outbox_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

// explained is a db.DBTX that explains the statement run through it instead
// of running it: its plan's lines, from EXPLAIN sent through the DBTX it
// wraps.
type explained struct {
	db.DBTX
	lines []string
}

var errExplained = errors.New("explained, not run")

func (e *explained) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	rows, err := e.DBTX.Query(ctx, "EXPLAIN "+sql, args...)
	if err != nil {
		return nil, err
	}
	if e.lines, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
		return nil, err
	}
	return nil, errExplained
}

func (e *explained) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	_, err := e.Query(ctx, sql, args...)
	return pgconn.CommandTag{}, err
}

// deliveryScan is a plan node reading outbox_deliveries: its kind, and the
// index it uses if it is an index scan.
var deliveryScan = regexp.MustCompile(`((?:\w+ )*Scan)(?: using (\w+))? on outbox_deliveries\b`)

// TestLanePlansDoNotDependOnStatistics: every statement a lane runs on
// outbox_deliveries reaches it through the index meant for it — never a
// sequential or bitmap scan, a sort, or another index — whether ANALYZE
// last saw the table empty (as it does between bursts) and it now holds a
// backlog, or saw the backlog. Planned from the empty table's statistics,
// the claim read and sorted the whole table and the settle walked a whole
// index for every event (bench/RESULTS.md, "The outbox's plans").
func TestLanePlansDoNotDependOnStatistics(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ids := []uuid.UUID{uuid.New(), uuid.New()}
	statements := []struct {
		name string
		uses []string // the indexes of outbox_deliveries its plan may use
		run  func(db.DBTX) error
	}{
		{"claim", []string{"outbox_deliveries_lane_idx", "outbox_deliveries_pkey"}, func(q db.DBTX) error {
			_, err := db.Q.OutboxDeliveryClaim(e.ctx, q, db.OutboxDeliveryClaimParams{Worker: "w/0", Consumer: "c3", BatchSize: 100})
			return err
		}},
		{"expire", []string{"outbox_deliveries_leased_idx"}, func(q db.DBTX) error {
			return db.Q.OutboxDeliveryExpire(e.ctx, q, 30_000)
		}},
		{"renew", []string{"outbox_deliveries_pkey"}, func(q db.DBTX) error {
			_, err := db.Q.OutboxDeliveryRenew(e.ctx, q, db.OutboxDeliveryRenewParams{Consumer: "c3", Ids: ids, Worker: "w/0"})
			return err
		}},
		{"remove", []string{"outbox_deliveries_pkey"}, func(q db.DBTX) error {
			_, err := db.Q.OutboxDeliveryDelete(e.ctx, q, db.OutboxDeliveryDeleteParams{Consumer: "c3", Ids: ids, Worker: "w/0"})
			return err
		}},
		{"fail", []string{"outbox_deliveries_pkey"}, func(q db.DBTX) error {
			_, err := db.Q.OutboxDeliveryFail(e.ctx, q, db.OutboxDeliveryFailParams{Counted: 1, LastError: "x", RetryMs: 1000, Consumer: "c3", EventID: ids[0], Worker: "w/0"})
			return err
		}},
		{"release", []string{"outbox_deliveries_pkey"}, func(q db.DBTX) error {
			_, err := db.Q.OutboxDeliveryRelease(e.ctx, q, db.OutboxDeliveryReleaseParams{Consumer: "c3", Ids: ids, Worker: "w/0"})
			return err
		}},
		{"settle", []string{"outbox_deliveries_pkey"}, func(q db.DBTX) error {
			_, err := db.Q.EventSettle(e.ctx, q, ids)
			return err
		}},
		{"metrics", []string{"outbox_deliveries_lane_idx", "outbox_deliveries_leased_idx"}, func(q db.DBTX) error {
			_, err := db.Q.OutboxDeliveryGetStats(e.ctx, q, db.OutboxDeliveryGetStatsParams{DepthCap: 10_000, Consumers: []string{"c1", "c3"}})
			return err
		}},
	}
	check := func(state string) {
		t.Helper()
		for _, s := range statements {
			x := &explained{DBTX: outbox.LanePlans(e.ctx, e.pool).Last()}
			require.ErrorIs(t, s.run(x), errExplained, "%s: %s", state, s.name)
			plan := strings.Join(x.lines, "\n")
			require.NotContains(t, plan, "Sort", "%s: %s sorts:\n%s", state, s.name, plan)
			scans := deliveryScan.FindAllStringSubmatch(plan, -1)
			require.NotEmpty(t, scans, "%s: %s:\n%s", state, s.name, plan)
			for _, m := range scans {
				require.Contains(t, []string{"Index Scan", "Index Only Scan"}, m[1], "%s: %s reads outbox_deliveries by %s:\n%s", state, s.name, m[1], plan)
				require.Contains(t, s.uses, m[2], "%s: %s:\n%s", state, s.name, plan)
			}
		}
	}

	pgtest.Exec(t, e.pool, `ANALYZE outbox_deliveries`)
	check("analyzed empty")
	pgtest.Exec(t, e.pool, `INSERT INTO outbox_deliveries (consumer, event_id, created_at, claimed_at, claimed_by)
		SELECT 'c' || (i % 10), gen_random_uuid(), now() - i * interval '1 ms',
			CASE WHEN i % 100 = 0 THEN now() END, CASE WHEN i % 100 = 0 THEN 'w/' || (i % 7) END
		FROM generate_series(1, 20000) i`)
	check("a backlog after an empty table's ANALYZE")
	pgtest.Exec(t, e.pool, `ANALYZE outbox_deliveries`)
	check("a backlog analyzed")
}

package auth

import (
	"context"
	"fmt"

	"codna/internal/db"
)

// DeleteExpiredSessions deletes every session past its expiry, in one
// statement, and returns how many it deleted. An expired session already
// signs nobody in (SessionGetLive checks the expiry); this keeps the table
// from growing with every abandoned browser. Background work only:
// UNAUTHENTICATED for nobody, FORBIDDEN for anyone but the system actor
// (SystemContext).
func (s *Service) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	if _, err := RequireSystem(ctx); err != nil {
		return 0, err
	}
	n, err := db.Q.SessionDeleteExpired(ctx, s.pool)
	if err != nil {
		return 0, fmt.Errorf("delete expired sessions: %w", err)
	}
	return n, nil
}

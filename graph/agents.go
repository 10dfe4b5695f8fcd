package graph

import (
	"time"

	"github.com/google/uuid"
)

// agentPeriod parses an agent query's agent id and its period of days.
func agentPeriod(agentID, from, to string) (uuid.UUID, time.Time, time.Time, error) {
	id, err := parseID("agentId", agentID)
	if err != nil {
		return uuid.Nil, time.Time{}, time.Time{}, err
	}
	f, err := parseDay("from", from)
	if err != nil {
		return uuid.Nil, time.Time{}, time.Time{}, err
	}
	t, err := parseDay("to", to)
	if err != nil {
		return uuid.Nil, time.Time{}, time.Time{}, err
	}
	return id, f, t, nil
}

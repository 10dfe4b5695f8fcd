package server_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEveryTopLevelQueryRefusesNobody asks every top-level query with no
// credentials at all: each answers UNAUTHENTICATED (me alone answers null),
// never an empty list that reads as "you have nothing".
func TestEveryTopLevelQueryRefusesNobody(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := "00000000-0000-7000-8000-000000000000"
	queries := map[string]string{
		"document":            `{ document(id: "` + id + `") { id } }`,
		"documentByAddress":   `{ documentByAddress(space: WIKI, slug: "x") { id } }`,
		"documents":           `{ documents { edges { node { id } } } }`,
		"folderTree":          `{ folderTree(space: WIKI) { path } }`,
		"folders":             `{ folders(space: WIKI) { path } }`,
		"trash":               `{ trash { edges { node { id } } } }`,
		"inbox":               `{ inbox { edges { node { id } } } }`,
		"inboxCounts":         `{ inboxCounts { total } }`,
		"linkDecisions":       `{ linkDecisions { edges { node { kind } } } }`,
		"linkSuggestions":     `{ linkSuggestions { edges { node { id } } } }`,
		"linkGraph":           `{ linkGraph(rootId: "` + id + `") { nodes { depth } } }`,
		"recentlyShared":      `{ recentlyShared(since: "2020-01-01T00:00:00Z") { permission } }`,
		"batch":               `{ batch(id: "` + id + `") { id } }`,
		"people":              `{ people(query: "ab") { id } }`,
		"groups":              `{ groups { id } }`,
		"shareSuggestions":    `{ shareSuggestions(documentIds: ["` + id + `"], recipients: ["a@example.com"]) { depth } }`,
		"folderShares":        `{ folderShares { id } }`,
		"managedUsers":        `{ managedUsers { edges { node { id } } } }`,
		"manageGroups":        `{ manageGroups { id } }`,
		"manageGroupMembers":  `{ manageGroupMembers(groupId: "` + id + `") { id } }`,
		"manageAgents":        `{ manageAgents { id } }`,
		"manageServiceTokens": `{ manageServiceTokens { id } }`,
		"manageAudit":         `{ manageAudit { edges { node { id } } } }`,
		"manageDocument":      `{ manageDocument(id: "` + id + `") { id } }`,
		"search":              `{ search(query: "x") { totalCount } }`,
		"manageUsage":         `{ manageUsage(from: "2024-01-01", to: "2024-01-02") { day } }`,
	}
	for name, q := range queries {
		r := b.do(t, req{query: q})
		if r.code() != "UNAUTHENTICATED" {
			t.Errorf("%s answered %q, not UNAUTHENTICATED: %+v %v", name, r.code(), r.Errors, r.Data)
		}
	}
	r := b.do(t, req{query: meQuery})
	require.Empty(t, r.Errors)
	require.Nil(t, r.Data["me"])
}

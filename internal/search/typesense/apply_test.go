package typesense

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/search"
	"codna/internal/search/typesense/tsfake"
)

// The first write creates the collection <alias>_0 with the schema below
// and points the alias at it, then imports the entry as one JSONL line of
// exactly this form.
func TestFirstApplyCreatesTheCollectionAndImportsJSONL(t *testing.T) {
	t.Parallel()
	f, b := onFake(t)

	e := search.Entry{
		ID: uuid.MustParse("0192f000-0000-7000-8000-0000000000aa"), Space: "wiki", Path: "eng/ops", Slug: "laptop-setup",
		Title: "Laptop <setup> & \uE000marks\uE001", Tags: []string{"onboarding", "it"}, Status: "active", OwnerID: owner,
		UpdatedAt: time.Date(2026, 3, 1, 12, 0, 0, 123456000, time.UTC), Body: "Install the VPN.",
		ACLRead: []string{search.UserACL(owner), search.EveryoneACL}, Version: 7, AccessSeq: 3,
	}
	put(t, b, e)

	reqs := f.Requests()
	var shape []string
	for _, r := range reqs {
		shape = append(shape, r.Method+" "+r.Path)
	}
	require.Equal(t, []string{
		"GET /aliases/codna_test",
		"POST /collections",
		"PUT /aliases/codna_test",
		"POST /multi_search",
		"POST /collections/codna_test/documents/import",
	}, shape)

	var schema tsfake.Schema
	require.NoError(t, json.Unmarshal(reqs[1].Body, &schema))
	require.Equal(t, "codna_test_0", schema.Name)
	require.Equal(t, "updated_at", schema.DefaultSortingField)
	require.Equal(t, []string{"-", "_", "/"}, schema.TokenSeparators)
	types := map[string]string{}
	optional := map[string]bool{}
	for _, fd := range schema.Fields {
		types[fd.Name] = fd.Type
		optional[fd.Name] = fd.Optional != nil && *fd.Optional
	}
	require.Equal(t, map[string]string{
		"space": "string", "title": "string", "tags": "string[]", "tag_keys": "string[]", "address": "string",
		"folder_keys": "string[]", "body": "string", "status": "string", "owner": "string", "updated_at": "int64",
		"acl_read": "string[]", "version": "int64", "access_seq": "int64",
	}, types)
	require.False(t, optional["acl_read"])
	require.True(t, optional["tags"])
	require.JSONEq(t, `{"collection_name": "codna_test_0"}`, string(reqs[2].Body))
	require.Equal(t, "codna_test_0", f.Alias("codna_test"))

	imp := reqs[4]
	require.Equal(t, "upsert", imp.Query.Get("action"))
	require.Equal(t, "application/octet-stream", imp.Header.Get("Content-Type"))
	lines := strings.Split(strings.TrimRight(string(imp.Body), "\n"), "\n")
	require.Len(t, lines, 1)
	require.JSONEq(t, `{
		"id": "0192f000-0000-7000-8000-0000000000aa", "space": "wiki",
		"title": "Laptop <setup> & \ufffdmarks\ufffd", "tags": ["onboarding", "it"], "tag_keys": ["6f6e626f617264696e67", "6974"],
		"address": "eng/ops/laptop-setup", "folder_keys": ["656e67", "656e672f6f7073"], "body": "Install the VPN.",
		"status": "active", "owner": "0192f000-0000-7000-8000-000000000001", "updated_at": 1772366400123456,
		"acl_read": ["user:0192f000-0000-7000-8000-000000000001", "group:00000000-0000-0000-0000-000000000002"],
		"version": 7, "access_seq": 3}`, lines[0])
	require.NotContains(t, lines[0], `\u003c`, "HTML is not escaped in the JSONL")

	// The lookup before the write asked for the id's stored versions.
	var ms struct {
		Searches []map[string]any `json:"searches"`
	}
	require.NoError(t, json.Unmarshal(reqs[3].Body, &ms))
	require.Len(t, ms.Searches, 1)
	require.Equal(t, "id:[`0192f000-0000-7000-8000-0000000000aa`]", ms.Searches[0]["filter_by"])
	require.Equal(t, "id,version,access_seq", ms.Searches[0]["include_fields"])

	// The next write finds the alias and creates nothing.
	f.ResetRequests()
	e.Version = 8
	put(t, b, e)
	for _, r := range f.Requests() {
		require.NotEqual(t, "/collections", r.Path)
		require.NotEqual(t, "/aliases/codna_test", r.Path)
	}
}

// An entry older than the stored one (a smaller version or access
// sequence) is not written; an equal or newer one is.
func TestApplyNeverRegressesAnEntry(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		cur := entry("Release notes", "version two")
		cur.Version, cur.AccessSeq = 2, 5
		put(t, e.b, cur)

		stale := cur
		stale.Title, stale.Version = "Release notes (old)", 1
		put(t, e.b, stale)
		staleACL := cur
		staleACL.Title, staleACL.Version, staleACL.AccessSeq = "Release notes (old acl)", 3, 4
		put(t, e.b, staleACL)
		res := find(t, e.b, "release", search.Filter{})
		require.Len(t, res.Hits, 1)
		require.Equal(t, "Release notes", res.Hits[0].Title.Text)

		newer := cur
		newer.Title, newer.Version = "Release notes three", 3
		put(t, e.b, newer)
		require.Equal(t, "Release notes three", find(t, e.b, "release", search.Filter{}).Hits[0].Title.Text)

		// Of two upserts of one id in one call the newer wins, in either order.
		a, b := newer, newer
		a.Title, a.Version = "Release notes five", 5
		b.Title, b.Version = "Release notes four", 4
		require.NoError(t, e.b.Apply(ctx, nil, []search.Entry{a, b}, nil))
		require.Equal(t, "Release notes five", find(t, e.b, "release", search.Filter{}).Hits[0].Title.Text)

		if f := e.fake; f != nil {
			// A skipped entry costs no import request.
			f.ResetRequests()
			put(t, e.b, stale)
			for _, r := range f.Requests() {
				require.NotContains(t, r.Path, "/import")
			}
		}
	})
}

// A remove deletes by id filter; ids not in the index cost no request.
func TestApplyRemoves(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		keep, gone := entry("Keep me", "x"), entry("Remove me", "x")
		put(t, e.b, keep, gone)
		require.NoError(t, e.b.Apply(ctx, nil, nil, []uuid.UUID{gone.ID, uuid.New()}))
		require.Equal(t, []uuid.UUID{keep.ID}, ids(find(t, e.b, "me", search.Filter{})))

		if f := e.fake; f != nil {
			var deletes []string
			for _, r := range f.Requests() {
				if r.Method == "DELETE" {
					deletes = append(deletes, r.Path+"?"+r.Query.Get("filter_by"))
				}
			}
			require.Equal(t, []string{"/collections/codna_test/documents?id:[`" + gone.ID.String() + "`]"}, deletes)

			f.ResetRequests()
			require.NoError(t, e.b.Apply(ctx, nil, nil, []uuid.UUID{gone.ID}))
			for _, r := range f.Requests() {
				require.NotEqual(t, "DELETE", r.Method)
			}
		}
		// Removing again, and writing nothing, are harmless.
		require.NoError(t, e.b.Apply(ctx, nil, nil, []uuid.UUID{gone.ID}))
		require.NoError(t, e.b.Apply(ctx, nil, nil, nil))
	})
}

// An import line Typesense refuses fails Apply with its code and message
// (the import endpoint answers 200 regardless).
func TestApplyFailsOnARefusedImportLine(t *testing.T) {
	t.Parallel()
	f, b := onFake(t)
	put(t, b, entry("warm", "up"))
	f.Hook(func(r *tsfake.Request) (int, string, bool) {
		if strings.HasSuffix(r.Path, "/import") {
			return 200, `{"success": true}` + "\n" + `{"success": false, "code": 400, "error": "Field ` + "`version`" + ` must be an int64.", "document": "{}"}`, true
		}
		return 0, "", false
	})
	err := b.Apply(context.Background(), nil, []search.Entry{entry("a", "b"), entry("c", "d")}, nil)
	require.ErrorContains(t, err, "status 400")
	require.ErrorContains(t, err, "document 2 of 2")
	require.ErrorContains(t, err, "must be an int64")

	// A short answer (fewer lines than documents) is a failure too.
	f.Hook(func(r *tsfake.Request) (int, string, bool) {
		if strings.HasSuffix(r.Path, "/import") {
			return 200, `{"success": true}`, true
		}
		return 0, "", false
	})
	require.ErrorContains(t, b.Apply(context.Background(), nil, []search.Entry{entry("a", "b"), entry("c", "d")}, nil), "1 answer lines for 2 documents")
}

// The alias dropped behind the backend's back: the failed call makes the
// next one create it again.
func TestApplyRecoversFromADroppedCollection(t *testing.T) {
	t.Parallel()
	f, b := onFake(t)
	put(t, b, entry("one", "x"))
	b2, err := New(f.URL, testKey, WithAlias("codna_test"))
	require.NoError(t, err)
	dropAll(b2)
	require.Error(t, b.Apply(context.Background(), nil, []search.Entry{entry("two", "x")}, nil))
	put(t, b, entry("three", "x"))
	require.Equal(t, "codna_test_0", f.Alias("codna_test"))
	require.Len(t, find(t, b, "three", search.Filter{}).Hits, 1)
}

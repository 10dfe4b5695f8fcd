package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
)

// pageQuery is the documents page of issue 12: 50 documents, each with its
// links (and their targets' titles) and backlinks (and their sources').
const pageQuery = `query Page($after: String, $order: DocumentOrder, $filter: DocumentFilter) {
  documents(first: 50, after: $after, orderBy: $order, filter: $filter) {
    edges { node { id title links { state target { title } } backlinks { state source { title } } } }
  }
}`

const walkQuery = `query Walk($after: String, $order: DocumentOrder) {
  documents(first: 50, after: $after, orderBy: $order) {
    edges { node { id path } }
    pageInfo { endCursor hasNextPage }
  }
}`

const documentQuery = `query Doc($id: ID!) {
  document(id: $id) { id title version content links { state target { title } } backlinks { state source { title } } }
}`

// maxWalkPages bounds the preparation walk (50 documents a page).
const maxWalkPages = 10_000

// page is one documents page a client may ask for.
type page map[string]any

// pageData is the part of a page's answer the driver checks.
type pageData struct {
	Documents struct {
		Edges []struct {
			Node struct {
				ID        string            `json:"id"`
				Links     []json.RawMessage `json:"links"`
				Backlinks []json.RawMessage `json:"backlinks"`
			} `json:"node"`
		} `json:"edges"`
	} `json:"documents"`
}

// readablePages walks every page the token can read and returns the
// variables of each page (the first, and one per after-cursor), and every
// document id seen: pages that differ from request to request, so link
// targets are mostly off the page. kinds chooses the pages: updated (the
// default order), title (orderBy TITLE), folders (the first page of each of
// up to 50 folders, by title), all (the three together).
func readablePages(ctx context.Context, c *gqlClient, kinds string) ([]page, []string, error) {
	var pages []page
	ids := map[string]bool{}
	folders := map[string]bool{}
	orders := []string{"UPDATED"}
	switch kinds {
	case "title":
		orders = []string{"TITLE"}
	case "all":
		orders = []string{"UPDATED", "TITLE"}
	}
	for _, order := range orders {
		after := ""
		for range maxWalkPages {
			vars := page{"order": order}
			if after != "" {
				vars["after"] = after
			}
			var d struct {
				Documents struct {
					Edges []struct {
						Node struct{ ID, Path string }
					}
					PageInfo struct {
						EndCursor   *string
						HasNextPage bool
					}
				}
			}
			if err := c.must(ctx, walkQuery, map[string]any(vars), &d); err != nil {
				return nil, nil, fmt.Errorf("walking the documents (order %s): %w", order, err)
			}
			if len(d.Documents.Edges) == 0 {
				break
			}
			pages = append(pages, vars)
			for _, e := range d.Documents.Edges {
				ids[e.Node.ID] = true
				folders[e.Node.Path] = true
			}
			if !d.Documents.PageInfo.HasNextPage || d.Documents.PageInfo.EndCursor == nil {
				break
			}
			after = *d.Documents.PageInfo.EndCursor
		}
	}
	fs := make([]string, 0, len(folders))
	for f := range folders {
		fs = append(fs, f)
	}
	slices.Sort(fs)
	if kinds == "folders" {
		pages = pages[:0]
	}
	for _, f := range fs[:min(len(fs), 50)] {
		if f != "" && (kinds == "all" || kinds == "folders") {
			pages = append(pages, page{"order": "TITLE", "filter": map[string]any{"pathPrefix": f}})
		}
	}
	out := make([]string, 0, len(ids))
	for id := range ids {
		out = append(out, id)
	}
	slices.Sort(out)
	if len(out) == 0 {
		return nil, nil, errors.New("the token reads no documents: seed the database first (load seed)")
	}
	return pages, out, nil
}

func runDocuments(ctx context.Context, env *runEnv) (*result, error) {
	pages, ids, err := readablePages(ctx, env.gql, env.cfg.pages)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "load: %d readable documents, %d distinct pages\n", len(ids), len(pages))
	return measure(ctx, env, func(ctx context.Context, rng *rand.Rand, _ int) (outcome, error) {
		r, err := env.gql.do(ctx, pageQuery, map[string]any(pages[rng.IntN(len(pages))]))
		if err != nil {
			return outcome{}, err
		}
		if err := gqlFailure(r); err != nil {
			return outcome{}, err
		}
		var d pageData
		if err := json.Unmarshal(r.Data, &d); err != nil {
			return outcome{}, fmt.Errorf("undecodable page: %w", err)
		}
		o := outcome{docs: len(d.Documents.Edges)}
		if o.docs == 0 {
			return o, errors.New("an empty page")
		}
		for _, e := range d.Documents.Edges {
			o.links += len(e.Node.Links) + len(e.Node.Backlinks)
		}
		return o, nil
	})
}

func runDocument(ctx context.Context, env *runEnv) (*result, error) {
	_, ids, err := readablePages(ctx, env.gql, "updated")
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "load: %d readable documents\n", len(ids))
	return measure(ctx, env, func(ctx context.Context, rng *rand.Rand, _ int) (outcome, error) {
		r, err := env.gql.do(ctx, documentQuery, map[string]any{"id": ids[rng.IntN(len(ids))]})
		if err != nil {
			return outcome{}, err
		}
		if err := gqlFailure(r); err != nil {
			return outcome{}, err
		}
		var d struct {
			Document *struct {
				Links     []json.RawMessage `json:"links"`
				Backlinks []json.RawMessage `json:"backlinks"`
			} `json:"document"`
		}
		if err := json.Unmarshal(r.Data, &d); err != nil || d.Document == nil {
			return outcome{}, fmt.Errorf("no document in the answer (%v)", err)
		}
		return outcome{docs: 1, links: len(d.Document.Links) + len(d.Document.Backlinks)}, nil
	})
}

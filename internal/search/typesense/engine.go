package typesense

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/google/uuid"
	"github.com/typesense/typesense-go/v2/typesense/api"
)

// hitDoc is what the backend reads of a stored document in a search answer
// (include_fields keeps the rest, the body above all, on the server).
type hitDoc struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Space     string   `json:"space"`
	Tags      []string `json:"tags"`
	UpdatedAt int64    `json:"updated_at"`
	Version   int64    `json:"version"`
	AccessSeq int64    `json:"access_seq"`
}

type rawHit struct {
	Document  hitDoc                     `json:"document"`
	TextMatch uint64                     `json:"text_match"`
	Highlight map[string]json.RawMessage `json:"highlight"`
}

// searchResult is one search's answer in a multi_search response.
type searchResult struct {
	Found int      `json:"found"`
	Hits  []rawHit `json:"hits"`
}

// multiSearch runs searches in one POST /multi_search (its body has no
// length limit, where a GET search's query string may not exceed 4,000
// characters) and returns their answers in order. A search Typesense
// refuses fails the call with its code and message.
func (b *Backend) multiSearch(ctx context.Context, op string, searches []api.MultiSearchCollectionParameters) ([]searchResult, error) {
	out := make([]searchResult, 0, len(searches))
	for len(searches) > 0 {
		n := min(len(searches), 50) // Typesense's default limit_multi_searches
		res, err := b.multiSearchOnce(ctx, op, searches[:n])
		if err != nil {
			return nil, err
		}
		out = append(out, res...)
		searches = searches[n:]
	}
	return out, nil
}

func (b *Backend) multiSearchOnce(ctx context.Context, op string, searches []api.MultiSearchCollectionParameters) ([]searchResult, error) {
	noV1 := false
	resp, err := b.client.MultiSearch.PerformWithContentType(ctx,
		&api.MultiSearchParams{EnableHighlightV1: &noV1},
		api.MultiSearchSearchesParameter{Searches: searches}, "application/json")
	if err != nil {
		return nil, b.wrap(op, err)
	}
	if resp.StatusCode() != http.StatusOK {
		return nil, b.wrap(op, &apiError{status: resp.StatusCode(), message: messageOf(resp.Body)})
	}
	var body struct {
		Results []json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(resp.Body, &body); err != nil || len(body.Results) != len(searches) {
		return nil, b.wrap(op, &apiError{status: resp.StatusCode(), message: "malformed multi_search answer"})
	}
	out := make([]searchResult, len(searches))
	for i, raw := range body.Results {
		var failed struct {
			Code  int     `json:"code"`
			Error *string `json:"error"`
		}
		if err := json.Unmarshal(raw, &failed); err == nil && failed.Error != nil {
			if failed.Code == http.StatusNotFound {
				b.forget()
			}
			return nil, b.wrap(op, &apiError{status: failed.Code, message: *failed.Error})
		}
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			return nil, b.wrap(op, &apiError{status: resp.StatusCode(), message: fmt.Sprintf("malformed search answer: %v", err)})
		}
	}
	return out, nil
}

// stored is what the index holds of a document for a conditional write.
type stored struct{ version, accessSeq int64 }

// lookup reads the stored version and access sequence of ids (absent ones
// are not in the map), pageSize ids per search, all in one multi_search.
func (b *Backend) lookup(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]stored, error) {
	out := map[uuid.UUID]stored{}
	var searches []api.MultiSearchCollectionParameters
	for start := 0; start < len(ids); start += pageSize {
		chunk := ids[start:min(start+pageSize, len(ids))]
		searches = append(searches, api.MultiSearchCollectionParameters{
			Collection:    b.alias,
			Q:             ptr("*"),
			FilterBy:      ptr(idList(chunk)),
			IncludeFields: ptr("id," + fieldVersion + "," + fieldAccessSeq),
			Limit:         ptr(pageSize),
		})
	}
	results, err := b.multiSearch(ctx, "read stored versions", searches)
	if err != nil {
		return nil, err
	}
	for _, r := range results {
		for _, h := range r.Hits {
			id, err := uuid.Parse(h.Document.ID)
			if err != nil {
				continue // not an entry of this backend's
			}
			out[id] = stored{version: h.Document.Version, accessSeq: h.Document.AccessSeq}
		}
	}
	return out, nil
}

func ptr[T any](v T) *T { return &v }

package typesense

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/typesense/typesense-go/v2/typesense/api"

	"codna/internal/db"
	"codna/internal/search"
)

// An import request holds at most importDocs documents and about
// importBytes of JSONL (a body is up to search.MaxBodyBytes).
const (
	importDocs  = 200
	importBytes = 16 << 20
	deleteIDs   = 100 // ids per delete-by-filter request (they go in its URL)
)

// Apply writes upserts and removes removes through the alias, before it
// returns (tx is not used: the index is not in Postgres). Writes are
// conditional: it first reads the stored version and access sequence of
// every id, and an upsert whose entry is older than the stored one
// (search.Entry.Newer is false) is skipped; of two upserts of one id in a
// call, the newer is written. A remove of an id not in the index is a no-op.
// Upserts are imported as JSONL with action=upsert (whole documents), so
// an entry is always replaced entirely. On first use it creates the
// collection and alias. Repeating a call is harmless. Errors are *Error.
func (b *Backend) Apply(ctx context.Context, _ db.DBTX, upserts []search.Entry, removes []uuid.UUID) error {
	if len(upserts) == 0 && len(removes) == 0 {
		return nil
	}
	if err := b.ensure(ctx); err != nil {
		return err
	}
	latest := map[uuid.UUID]*search.Entry{}
	var order []uuid.UUID
	for i := range upserts {
		e := &upserts[i]
		cur, ok := latest[e.ID]
		if !ok {
			order = append(order, e.ID)
		}
		if !ok || e.Newer(cur.Version, cur.AccessSeq) {
			latest[e.ID] = e
		}
	}
	ids := append([]uuid.UUID{}, order...)
	var gone []uuid.UUID
	for _, id := range removes {
		if _, upserted := latest[id]; !upserted {
			ids = append(ids, id)
			gone = append(gone, id)
		}
	}
	have, err := b.lookup(ctx, ids)
	if err != nil {
		return err
	}
	var docs []document
	for _, id := range order {
		e := latest[id]
		if s, ok := have[id]; ok && !e.Newer(s.version, s.accessSeq) {
			continue // the index holds a later state
		}
		docs = append(docs, encode(e))
	}
	if err := b.importAll(ctx, b.alias, docs); err != nil {
		return err
	}
	var del []uuid.UUID
	for _, id := range gone {
		if _, ok := have[id]; ok {
			del = append(del, id)
		}
	}
	for start := 0; start < len(del); start += deleteIDs {
		chunk := del[start:min(start+deleteIDs, len(del))]
		_, err := b.client.Collection(b.alias).Documents().Delete(ctx, &api.DeleteDocumentsParams{FilterBy: ptr(idList(chunk))})
		if err != nil {
			if status(err) == 404 {
				b.forget()
			}
			return b.wrap("delete documents", err)
		}
	}
	return nil
}

// importAll imports docs into collection (a name or the alias) with
// action=upsert, in requests of at most importDocs documents or about
// importBytes. Every line of Typesense's answer must say success (the
// import endpoint answers 200 whatever each line's fate); the first failed
// line fails the call with its code and message.
func (b *Backend) importAll(ctx context.Context, collection string, docs []document) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		err := b.importOnce(ctx, collection, buf.Bytes(), n)
		buf.Reset()
		n = 0
		return err
	}
	for i := range docs {
		if err := enc.Encode(&docs[i]); err != nil {
			return fmt.Errorf("typesense: encode %s: %w", docs[i].ID, err)
		}
		n++
		if n >= importDocs || buf.Len() >= importBytes {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

func (b *Backend) importOnce(ctx context.Context, collection string, body []byte, n int) error {
	action := "upsert"
	rc, err := b.bulk.Collection(collection).Documents().ImportJsonl(ctx, bytes.NewReader(body),
		&api.ImportDocumentsParams{Action: &action})
	if err != nil {
		if status(err) == 404 {
			b.forget()
		}
		return b.wrap("import", err)
	}
	defer rc.Close()
	sc := bufio.NewScanner(rc)
	sc.Buffer(make([]byte, 0, 64<<10), 2*importBytes)
	lines := 0
	var first *apiError
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		lines++
		var line struct {
			Success bool   `json:"success"`
			Error   string `json:"error"`
			Code    int    `json:"code"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return b.wrap("import", &apiError{status: 200, message: "malformed import answer line"})
		}
		if !line.Success && first == nil {
			first = &apiError{status: line.Code, message: fmt.Sprintf("document %d of %d: %s", lines, n, line.Error)}
		}
	}
	if err := sc.Err(); err != nil {
		return b.wrap("import", err)
	}
	if first != nil {
		return b.wrap("import", first)
	}
	if lines != n {
		return b.wrap("import", &apiError{status: 200, message: fmt.Sprintf("%d answer lines for %d documents", lines, n)})
	}
	return nil
}

// Rebuild writes every entry of src into a new collection
// (<alias>_<unix nanos>), calling progress after each batch (and once
// before the first), then points the alias at it and drops the collection
// the alias pointed at before. Until the swap, searches and Apply use the
// old collection, so nobody sees a half-built index; the caller re-applies
// what changed since Rebuild began. When anything fails before the swap
// the new collection is dropped and the old one stays in service. A
// failure to drop the old collection after the swap is logged, not
// returned (the index is complete; the old collection only takes room).
func (b *Backend) Rebuild(ctx context.Context, src search.Source, progress func(search.Progress)) (err error) {
	if progress == nil {
		progress = func(search.Progress) {}
	}
	name := fmt.Sprintf("%s_%d", b.alias, time.Now().UnixNano())
	if _, err := b.client.Collections().Create(ctx, collectionSchema(name)); err != nil {
		return b.wrap("create collection", err)
	}
	swapped := false
	defer func() {
		if !swapped {
			b.drop(context.WithoutCancel(ctx), name)
		}
	}()
	total, err := src.Count(ctx)
	if err != nil {
		return err
	}
	done := 0
	progress(search.Progress{Done: 0, Total: total})
	err = src.Each(ctx, func(batch []search.Entry) error {
		docs := make([]document, len(batch))
		for i := range batch {
			docs[i] = encode(&batch[i])
		}
		if err := b.importAll(ctx, name, docs); err != nil {
			return err
		}
		done += len(batch)
		progress(search.Progress{Done: done, Total: max(total, done)})
		return nil
	})
	if err != nil {
		return err
	}
	old := ""
	if a, err := b.client.Alias(b.alias).Retrieve(ctx); err == nil {
		old = a.CollectionName
	} else if status(err) != 404 {
		return b.wrap("read alias", err)
	}
	if _, err := b.client.Aliases().Upsert(ctx, b.alias, aliasTo(name)); err != nil {
		return b.wrap("swap alias", err)
	}
	swapped = true
	b.mu.Lock()
	b.ready = true
	b.mu.Unlock()
	if old != "" && old != name {
		b.drop(context.WithoutCancel(ctx), old)
	}
	return nil
}

// drop deletes a collection, logging a failure (a missing one is fine).
func (b *Backend) drop(ctx context.Context, name string) {
	ctx, cancel := context.WithTimeout(ctx, b.timeout)
	defer cancel()
	if _, err := b.client.Collection(name).Delete(ctx); err != nil && status(err) != 404 {
		b.log.Warn("typesense: could not drop a collection; drop it by hand", "collection", name, "err", b.wrap("drop collection", err))
	}
}

package linkgraph

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/inbox"
	"codna/internal/link"
	"codna/internal/outbox"
)

// EventLinkStateChanged is the outbox event ResyncInTx writes for every existing
// edge whose state it changed (not for edges it creates or removes: the
// source's own document event tells of those). Subject: the edge
// (subject_type link); document_id: the edge's source; payload, ids and
// states only: {"from", "to", "sourceId", "targetId" (absent when the edge
// has no target)}.
const EventLinkStateChanged = "link.state_changed"

// ResyncInTx recomputes, inside tx, every edge and file reference touching the
// given documents (docs/design.md#transitions, #file-references): the
// outgoing ones of the live documents from their bodies (added, removed
// with their decisions resolved, counts and text updated), those into any
// of them, and the pending ones naming a live one's address; it raises and
// clears the decisions the state changes call for and writes a
// link.state_changed event per edge (not file reference) whose state
// changed. A document named twice is resynced once; a purged one (no row)
// is skipped (the purge moved its edges already).
//
// It is set-based: whatever the number of documents, a fixed number of
// statements (the locks, the documents, the edges locked in id order, one
// address lookup, one target lookup, then one statement per kind of write),
// plus one NotifyInTx per decision raised. Runs over overlapping sets are
// serialised by per-document advisory locks taken in id order, then by
// per-address locks (the live documents' addresses and those their links
// name) taken in order, so two workers resyncing documents that link to each
// other neither race nor deadlock on the locks, and an edge created towards
// an address is never missed by the resync of the document arriving there.
//
// It checks no actor: it recomputes from the documents' current state for
// whoever changed them, as the caller's transaction (the link consumer's, a
// decision's, the back-fill's) says.
func ResyncInTx(ctx context.Context, tx db.DBTX, ids ...uuid.UUID) error {
	ids = sortedIDs(ids)
	if len(ids) == 0 {
		return nil
	}
	if err := lockLinks(ctx, tx, ids); err != nil {
		return err
	}
	docs, err := db.Q.DocumentListForResolver(ctx, tx, ids)
	if err != nil || len(docs) == 0 {
		return err
	}
	p := &resyncPlan{ctx: ctx, tx: tx, targets: map[uuid.UUID]*target{}, found: map[string]*uuid.UUID{}}
	var present, live []uuid.UUID
	var addresses []string
	for _, d := range docs {
		present = append(present, d.ID)
		if d.DeletedAt == nil {
			live = append(live, d.ID)
			addresses = append(addresses, document.FormatAddress(spaceFromDB(d.Space), d.Path, d.Slug))
		}
	}
	// The bodies' links, and the address locks: a resync that creates an
	// edge naming an address and one resolving the pending edges at that
	// address (its document just arrived) must not run at once, or the
	// second would miss the first's edge, not yet committed, and leave it
	// pending for good.
	bodies := map[uuid.UUID][]bodyLink{}
	files := map[uuid.UUID][]bodyFile{}
	locks := slices.Clone(addresses)
	for _, d := range docs {
		if d.DeletedAt != nil {
			continue
		}
		for _, edge := range link.Extract(d.Content) {
			if addr, ok := link.Resolve(string(d.Space), d.Path, edge.Href); ok {
				bodies[d.ID] = append(bodies[d.ID], bodyLink{edge: edge, address: addr})
				locks = append(locks, addr.String())
			}
		}
		for _, ref := range link.ExtractFiles(d.Content) {
			if addr, name, ok := link.ResolveFile(string(d.Space), d.Path, ref.Href); ok {
				files[d.ID] = append(files[d.ID], bodyFile{ref: ref, address: addr, name: name})
				locks = append(locks, addr.String())
			}
		}
	}
	if err := lockAddresses(ctx, tx, locks); err != nil {
		return err
	}
	edges, err := db.Q.DocumentLinkListForResync(ctx, tx, db.DocumentLinkListForResyncParams{
		SourceIds: nonNil(live), TargetIds: present, Addresses: nonNil(addresses),
	})
	if err != nil {
		return err
	}
	refs, err := db.Q.AttachmentRefListForResync(ctx, tx, db.AttachmentRefListForResyncParams{
		SourceIds: nonNil(live), TargetIds: present, Addresses: nonNil(addresses),
	})
	if err != nil {
		return err
	}
	p.outgoing(docs, bodies, edges)
	p.outgoingFiles(docs, files, refs)
	if err := p.lookUp(edges, refs); err != nil {
		return err
	}
	p.recompute(edges)
	p.recomputeFiles(refs)
	if err := p.write(); err != nil {
		return err
	}
	return p.writeFiles()
}

// bodyLink is an internal link of a body that resolves to an address.
type bodyLink struct {
	edge    link.Edge
	address link.Address
}

// lockAddresses takes, until tx ends, the locks of addresses (in order,
// after the documents' locks: see ResyncInTx), at most db.LockBuckets of
// them however many addresses a page names (docs/design.md#bounded-locks).
func lockAddresses(ctx context.Context, tx db.DBTX, addresses []string) error {
	if len(addresses) == 0 {
		return nil
	}
	return db.LockXactEach(ctx, tx, db.LockLinkAddress, addresses)
}

// newEdge is an edge a body gained.
type newEdge struct {
	source  uuid.UUID
	href    string
	address link.Address
	text    string
	count   int
}

// stateChange is an existing edge moving to another state or target.
type stateChange struct {
	edge     db.DocumentLink // as it was
	state    State
	targetID *uuid.UUID
}

// resyncPlan is what one ResyncInTx computes before it writes.
type resyncPlan struct {
	ctx     context.Context
	tx      db.DBTX
	targets map[uuid.UUID]*target // by id; nil: no such document
	found   map[string]*uuid.UUID // address → the document an edge naming it would take
	gone    map[uuid.UUID]bool    // edges whose hrefs left their source's body
	creates []newEdge             // edges to add
	texts   db.DocumentLinkUpdateTextManyParams
	changes []stateChange
	files   filePlan // the same for file references
	// touched are the documents whose links or backlinks this resync
	// changes: their live subscribers (documentChanged) are woken on
	// commit, as no event of theirs tells of it.
	touched map[uuid.UUID]bool
}

// touch notes documents whose link ends change.
func (p *resyncPlan) touch(ids ...*uuid.UUID) {
	if p.touched == nil {
		p.touched = map[uuid.UUID]bool{}
	}
	for _, id := range ids {
		if id != nil {
			p.touched[*id] = true
		}
	}
}

// outgoing compares each live document's body with its edges: new hrefs,
// hrefs gone, counts and texts.
func (p *resyncPlan) outgoing(docs []db.DocumentListForResolverRow, bodies map[uuid.UUID][]bodyLink, edges []db.DocumentLink) {
	bySource := map[uuid.UUID]map[string]db.DocumentLink{}
	for _, e := range edges {
		if bySource[e.SourceID] == nil {
			bySource[e.SourceID] = map[string]db.DocumentLink{}
		}
		bySource[e.SourceID][e.HrefAsWritten] = e
	}
	p.gone = map[uuid.UUID]bool{}
	for _, d := range docs {
		if d.DeletedAt != nil {
			continue
		}
		existing := bySource[d.ID]
		seen := map[string]bool{}
		for _, b := range bodies[d.ID] {
			edge, addr := b.edge, b.address
			seen[edge.Href] = true
			if cur, ok := existing[edge.Href]; ok {
				if int(cur.OccurrenceCount) != edge.Count || deref(cur.LinkText) != edge.Text || cur.LinkText == nil {
					p.texts.Ids = append(p.texts.Ids, cur.ID)
					p.texts.Occurrences = append(p.texts.Occurrences, int32(edge.Count))
					p.texts.LinkTexts = append(p.texts.LinkTexts, edge.Text)
				}
				continue // its state is recomputed with the others, with the target it keeps
			}
			p.creates = append(p.creates, newEdge{source: d.ID, href: edge.Href, address: addr, text: edge.Text, count: edge.Count})
		}
		for href, e := range existing {
			if !seen[href] {
				p.gone[e.ID] = true
				p.touch(&e.SourceID, e.TargetID)
			}
		}
	}
}

// lookUp finds, in two statements, the documents the new and the pending
// edges and file references would take and what the state table needs of
// every target.
func (p *resyncPlan) lookUp(edges []db.DocumentLink, refs []db.AttachmentRef) error {
	var find db.DocumentListAtAddressesParams
	var keys []string
	ask := func(a link.Address) {
		k := a.String()
		if _, ok := p.found[k]; ok {
			return
		}
		p.found[k] = nil
		keys = append(keys, k)
		find.Spaces = append(find.Spaces, a.Space)
		find.Paths = append(find.Paths, a.Path)
		find.Slugs = append(find.Slugs, a.Slug)
	}
	for _, c := range p.creates {
		ask(c.address)
	}
	for _, c := range p.files.creates {
		ask(c.address)
	}
	var targetIDs []uuid.UUID
	// note asks for what an existing edge or reference that stays needs:
	// its target, or the document at its address while it has none.
	note := func(gone bool, targetID *uuid.UUID, address *string) {
		switch {
		case gone || address == nil:
		case targetID != nil:
			targetIDs = append(targetIDs, *targetID)
		default:
			if a, ok := link.ParseAddress(*address); ok {
				ask(a)
			}
		}
	}
	for _, e := range edges {
		note(p.gone[e.ID], e.TargetID, e.ResolvedAddress)
	}
	for _, r := range refs {
		note(p.files.gone[r.ID], r.TargetID, &r.ResolvedAddress)
	}
	if len(keys) > 0 {
		rows, err := db.Q.DocumentListAtAddresses(p.ctx, p.tx, find)
		if err != nil {
			return err
		}
		for _, r := range rows {
			id := r.LiveID
			if id == uuid.Nil {
				id = r.VacatedID
			}
			if id != uuid.Nil {
				p.found[keys[r.I-1]] = &id
				targetIDs = append(targetIDs, id)
			}
		}
	}
	targetIDs = sortedIDs(targetIDs)
	if len(targetIDs) == 0 {
		return nil
	}
	rows, err := db.Q.DocumentListLinkTargets(p.ctx, p.tx, targetIDs)
	if err != nil {
		return err
	}
	for _, id := range targetIDs {
		p.targets[id] = nil
	}
	for _, r := range rows {
		p.targets[r.ID] = &target{id: r.ID, address: document.FormatAddress(spaceFromDB(r.Space), r.Path, r.Slug), deleted: r.DeletedAt != nil}
	}
	return nil
}

// targetOf is the target an edge takes: its own while it has one, else the
// one its address finds (nil: none).
func (p *resyncPlan) targetOf(targetID *uuid.UUID, address string) *target {
	if targetID != nil {
		return p.targets[*targetID]
	}
	if id := p.found[address]; id != nil {
		return p.targets[*id]
	}
	return nil
}

// recompute applies the state table to every edge that stays.
func (p *resyncPlan) recompute(edges []db.DocumentLink) {
	for _, e := range edges {
		if p.gone[e.ID] || e.ResolvedAddress == nil {
			continue
		}
		state, targetID := stateFor(p.targetOf(e.TargetID, *e.ResolvedAddress), *e.ResolvedAddress)
		if state == stateFromDB(e.State) && sameID(targetID, e.TargetID) {
			continue
		}
		p.changes = append(p.changes, stateChange{edge: e, state: state, targetID: targetID})
	}
}

// write carries the plan out: removals, text updates, creations and state
// changes one statement each, then the decisions and the events.
func (p *resyncPlan) write() error {
	ctx, tx := p.ctx, p.tx
	if len(p.gone) > 0 {
		gone := make([]uuid.UUID, 0, len(p.gone))
		for id := range p.gone {
			gone = append(gone, id)
		}
		gone = sortedIDs(gone)
		if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "link", gone); err != nil {
			return err
		}
		if err := db.Q.DocumentLinkDelete(ctx, tx, gone); err != nil {
			return err
		}
	}
	if len(p.texts.Ids) > 0 {
		if err := db.Q.DocumentLinkUpdateTextMany(ctx, tx, p.texts); err != nil {
			return err
		}
	}
	// Edges that enter a decision state, to ask their source's owner about.
	var ask []decision
	if len(p.creates) > 0 {
		var c db.DocumentLinkCreateManyParams
		made := map[uuid.UUID]db.DocumentLink{}
		for _, n := range p.creates {
			addr := n.address.String()
			state, targetID := stateFor(p.targetOf(nil, addr), addr)
			id := uuid.Must(uuid.NewV7())
			c.Ids = append(c.Ids, id)
			c.SourceIds = append(c.SourceIds, n.source)
			c.TargetIds = append(c.TargetIds, orNil(targetID))
			c.Hrefs = append(c.Hrefs, n.href)
			c.Addresses = append(c.Addresses, addr)
			c.LinkTexts = append(c.LinkTexts, n.text)
			c.Occurrences = append(c.Occurrences, int32(n.count))
			c.States = append(c.States, string(state))
			made[id] = db.DocumentLink{ID: id, SourceID: n.source, TargetID: targetID, State: dbState(state)}
			p.touch(&n.source, targetID)
		}
		added, err := db.Q.DocumentLinkCreateMany(ctx, tx, c)
		if err != nil {
			return err
		}
		for _, id := range added { // an edge created meanwhile is left alone
			if e := made[id]; isDecision(stateFromDB(e.State)) && e.TargetID != nil {
				ask = append(ask, linkDecision(e))
			}
		}
	}
	for _, c := range p.changes {
		p.touch(&c.edge.SourceID, c.edge.TargetID, c.targetID)
	}
	if len(p.touched) > 0 {
		ids := make([]uuid.UUID, 0, len(p.touched))
		for id := range p.touched {
			ids = append(ids, id)
		}
		if err := db.Q.DocumentLinkNotifyEnds(ctx, tx, sortedIDs(ids)); err != nil {
			return err
		}
	}
	if len(p.changes) == 0 && len(ask) == 0 {
		return nil
	}
	var set db.DocumentLinkSetStateManyParams
	var mended []uuid.UUID
	var events []outbox.Event
	for _, c := range p.changes {
		set.Ids = append(set.Ids, c.edge.ID)
		set.TargetIds = append(set.TargetIds, orNil(c.targetID))
		set.States = append(set.States, string(c.state))
		from := stateFromDB(c.edge.State)
		if from == c.state {
			continue // a new target, the same state: no transition
		}
		if isDecision(from) {
			mended = append(mended, c.edge.ID)
		}
		after := c.edge
		after.State, after.TargetID, after.KeptAt = dbState(c.state), c.targetID, nil // a change of state clears kept_at
		if isDecision(c.state) && c.targetID != nil {
			ask = append(ask, linkDecision(after))
		}
		payload := map[string]any{"from": string(from), "to": string(c.state), "sourceId": c.edge.SourceID.String()}
		if c.targetID != nil {
			payload["targetId"] = c.targetID.String()
		}
		edgeID, source := c.edge.ID, c.edge.SourceID
		events = append(events, outbox.Event{Type: EventLinkStateChanged, SubjectType: "link", SubjectID: &edgeID, DocumentID: &source, Payload: payload})
	}
	if len(set.Ids) > 0 {
		if err := db.Q.DocumentLinkSetStateMany(ctx, tx, set); err != nil {
			return err
		}
	}
	if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "link", mended); err != nil {
		return err
	}
	if err := p.raise(ask); err != nil {
		return err
	}
	_, err := outbox.WriteManyInTx(ctx, tx, events)
	return err
}

// raise asks the source's owner about each of ds (edges or file
// references in a decision state, with a target) where they are to be
// asked: the source live and not raw, the target readable by them. It takes
// one statement per subject type among ds.
func (p *resyncPlan) raise(ds []decision) error {
	if len(ds) == 0 {
		return nil
	}
	byID := make(map[uuid.UUID]decision, len(ds))
	var links, files []uuid.UUID
	for _, d := range ds {
		byID[d.id] = d
		if d.subjectType == subjectFile {
			files = append(files, d.id)
		} else {
			links = append(links, d.id)
		}
	}
	type owned struct{ id, owner uuid.UUID }
	var ask []owned
	if len(links) > 0 {
		rows, err := db.Q.DocumentLinkListDecisionOwners(p.ctx, p.tx, links)
		if err != nil {
			return err
		}
		for _, r := range rows {
			ask = append(ask, owned{r.ID, r.OwnerID})
		}
	}
	if len(files) > 0 {
		rows, err := db.Q.AttachmentRefListDecisionOwners(p.ctx, p.tx, files)
		if err != nil {
			return err
		}
		for _, r := range rows {
			ask = append(ask, owned{r.ID, r.OwnerID})
		}
	}
	for _, o := range ask {
		if err := raiseDecision(p.ctx, p.tx, byID[o.id], o.owner); err != nil {
			return err
		}
	}
	return nil
}

func sameID(a, b *uuid.UUID) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func orNil(id *uuid.UUID) uuid.UUID {
	if id == nil {
		return uuid.Nil
	}
	return *id
}

// nonNil returns s, or an empty slice for nil (which pgx would send as a
// NULL array rather than an empty one).
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

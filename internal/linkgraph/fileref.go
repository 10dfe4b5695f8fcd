package linkgraph

import (
	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/link"
)

// File references (docs/design.md#file-references) are resynced with the
// links, in the same transaction, under the same locks and from the same
// address and target lookups: a reference "<slug>.files/<name>" is an edge
// to the page the file belongs to, and takes that page's states by the
// same table (stateFor). Its decisions are file.target_moved and
// file.target_deleted, about subject_type attachment_ref. A state change
// writes no event of its own: the source's document event tells of it.

// bodyFile is a file reference of a body whose page part resolves to an
// address.
type bodyFile struct {
	ref     link.FileRef
	address link.Address
	name    string
}

// newFileRef is a file reference a body gained.
type newFileRef struct {
	source  uuid.UUID
	href    string
	name    string
	address link.Address
	count   int
}

// fileChange is an existing file reference moving to another state or
// target.
type fileChange struct {
	ref      db.AttachmentRef // as it was
	state    State
	targetID *uuid.UUID
}

// filePlan is what one ResyncInTx computes of file references before it writes.
type filePlan struct {
	gone    map[uuid.UUID]bool // references whose hrefs left their source's body
	creates []newFileRef
	counts  db.AttachmentRefUpdateCountManyParams
	changes []fileChange
}

// outgoingFiles compares each live document's body with its file
// references: new hrefs, hrefs gone, counts.
func (p *resyncPlan) outgoingFiles(docs []db.DocumentListForResolverRow, bodies map[uuid.UUID][]bodyFile, refs []db.AttachmentRef) {
	f := &p.files
	f.gone = map[uuid.UUID]bool{}
	bySource := map[uuid.UUID]map[string]db.AttachmentRef{}
	for _, r := range refs {
		if bySource[r.SourceID] == nil {
			bySource[r.SourceID] = map[string]db.AttachmentRef{}
		}
		bySource[r.SourceID][r.HrefAsWritten] = r
	}
	for _, d := range docs {
		if d.DeletedAt != nil {
			continue
		}
		existing := bySource[d.ID]
		seen := map[string]bool{}
		for _, b := range bodies[d.ID] {
			seen[b.ref.Href] = true
			if cur, ok := existing[b.ref.Href]; ok {
				if int(cur.OccurrenceCount) != b.ref.Count {
					f.counts.Ids = append(f.counts.Ids, cur.ID)
					f.counts.Occurrences = append(f.counts.Occurrences, int32(b.ref.Count))
				}
				continue
			}
			f.creates = append(f.creates, newFileRef{source: d.ID, href: b.ref.Href, name: b.name, address: b.address, count: b.ref.Count})
		}
		for href, r := range existing {
			if !seen[href] {
				f.gone[r.ID] = true
			}
		}
	}
}

// recomputeFiles applies the state table to every file reference that
// stays.
func (p *resyncPlan) recomputeFiles(refs []db.AttachmentRef) {
	for _, r := range refs {
		if p.files.gone[r.ID] {
			continue
		}
		state, targetID := stateFor(p.targetOf(r.TargetID, r.ResolvedAddress), r.ResolvedAddress)
		if state == stateFromDB(r.State) && sameID(targetID, r.TargetID) {
			continue
		}
		p.files.changes = append(p.files.changes, fileChange{ref: r, state: state, targetID: targetID})
	}
}

// writeFiles carries the file references' plan out: removals, counts,
// creations and state changes one statement each, then the decisions.
func (p *resyncPlan) writeFiles() error {
	ctx, tx, f := p.ctx, p.tx, &p.files
	if len(f.gone) > 0 {
		gone := make([]uuid.UUID, 0, len(f.gone))
		for id := range f.gone {
			gone = append(gone, id)
		}
		gone = sortedIDs(gone)
		if _, err := inbox.ResolveDecisionsInTx(ctx, tx, subjectFile, gone); err != nil {
			return err
		}
		if err := db.Q.AttachmentRefDelete(ctx, tx, gone); err != nil {
			return err
		}
	}
	if len(f.counts.Ids) > 0 {
		if err := db.Q.AttachmentRefUpdateCountMany(ctx, tx, f.counts); err != nil {
			return err
		}
	}
	var ask []decision
	if len(f.creates) > 0 {
		var c db.AttachmentRefCreateManyParams
		made := map[uuid.UUID]decision{}
		for _, n := range f.creates {
			addr := n.address.String()
			state, targetID := stateFor(p.targetOf(nil, addr), addr)
			id := uuid.Must(uuid.NewV7())
			c.Ids = append(c.Ids, id)
			c.SourceIds = append(c.SourceIds, n.source)
			c.TargetIds = append(c.TargetIds, orNil(targetID))
			c.Hrefs = append(c.Hrefs, n.href)
			c.Addresses = append(c.Addresses, addr)
			c.Names = append(c.Names, n.name)
			c.Occurrences = append(c.Occurrences, int32(n.count))
			c.States = append(c.States, string(state))
			made[id] = decision{subjectType: subjectFile, id: id, source: n.source, target: targetID, state: state}
		}
		added, err := db.Q.AttachmentRefCreateMany(ctx, tx, c)
		if err != nil {
			return err
		}
		for _, id := range added {
			if d := made[id]; isDecision(d.state) && d.target != nil {
				ask = append(ask, d)
			}
		}
	}
	var set db.AttachmentRefSetStateManyParams
	var mended []uuid.UUID
	for _, c := range f.changes {
		set.Ids = append(set.Ids, c.ref.ID)
		set.TargetIds = append(set.TargetIds, orNil(c.targetID))
		set.States = append(set.States, string(c.state))
		from := stateFromDB(c.ref.State)
		if from == c.state {
			continue // a new target, the same state: no transition
		}
		if isDecision(from) {
			mended = append(mended, c.ref.ID)
		}
		if isDecision(c.state) && c.targetID != nil {
			ask = append(ask, decision{subjectType: subjectFile, id: c.ref.ID, source: c.ref.SourceID, target: c.targetID, state: c.state})
		}
	}
	if len(set.Ids) > 0 {
		if err := db.Q.AttachmentRefSetStateMany(ctx, tx, set); err != nil {
			return err
		}
	}
	if _, err := inbox.ResolveDecisionsInTx(ctx, tx, subjectFile, mended); err != nil {
		return err
	}
	return p.raise(ask)
}

// fileDecision is the decision a file reference's row calls for.
func fileDecision(r db.AttachmentRef) decision {
	return decision{subjectType: subjectFile, id: r.ID, source: r.SourceID, target: r.TargetID, state: stateFromDB(r.State)}
}

package access

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/graphwalk"
)

// ViaStep is one document on the path that led to a share suggestion.
type ViaStep struct {
	ID    uuid.UUID
	Title string
}

// Suggestion is a document suggested while sharing, because a shared
// document links to it (directly, or through documents in between).
type Suggestion struct {
	DocumentID uuid.UUID
	Title      string
	// Depth is how many links away from a shared document it is (1: a
	// direct link).
	Depth int
	// Via is the path that found it: the shared document first, the
	// suggested document last (Depth+1 steps). Of the paths from every
	// shared document the shallowest wins; of equally shallow ones, the one
	// from the document given first.
	Via []ViaStep
	// Explanation says why in words: "Onboarding links to Laptop setup,
	// which links to VPN access."
	Explanation string
	// Recipients are the labels (as ResolveRecipients makes them) of the
	// recipients it applies to: those who cannot read it yet and did not
	// decline it before. Never empty.
	Recipients []string
}

// ShareSuggestions is the data model's traversal for a share about to be
// made: from each of documentIDs, documents reachable over resolved and
// stale_text links (graphwalk.Walk, outgoing, through documents the actor
// can read), at most depth links away (0 or less means 1, direct links
// only; at most graphwalk.MaxDepth), kept when the actor may share them
// (owner or write grantee), they are not quarantined and they are not
// among documentIDs; then, per recipient, minus what that recipient can
// already read — a grant of their own or, for a person, one to any of
// their groups or Everyone; for a group, one to that group or Everyone; for
// an agent, only its own — and minus what was declined for them before
// (share_suggestion_decisions). A document no recipient is left for is
// dropped. The result is ordered by depth, then title.
//
// Statements: one for the recipients, one for the shared documents'
// access, one walk per shared document, and one for the filter and the
// titles, in one read-only repeatable-read transaction — however many
// documents are found and recipients named.
//
// Errors: BAD_USER_INPUT on documentIds (none, or more than
// MaxShareDocuments), on depth (above graphwalk.MaxDepth) and
// ResolveRecipients' errors; NOT_FOUND on documentIds for a document the
// actor cannot read; FORBIDDEN on documentIds for one they can only read
// (they could not share it).
func (s *Service) ShareSuggestions(ctx context.Context, documentIDs []uuid.UUID, recipients []string, depth int) ([]Suggestion, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	viewer, ok := document.ViewerOf(actor)
	if !ok {
		return nil, fault.New(fault.Forbidden, "Management cannot do this.")
	}
	var roots []uuid.UUID
	for _, id := range documentIDs {
		if !slices.Contains(roots, id) {
			roots = append(roots, id)
		}
	}
	if len(roots) == 0 {
		return nil, fault.Input("documentIds", "Choose at least one document to share.")
	}
	if len(roots) > MaxShareDocuments {
		return nil, fault.Input("documentIds", "One share covers at most %d documents.", MaxShareDocuments)
	}
	if depth > graphwalk.MaxDepth {
		return nil, fault.Input("depth", "Suggestions reach at most %d links away.", graphwalk.MaxDepth)
	}

	// One read-only snapshot: the levels, the walk and the rows agree.
	var (
		rcpts    []Recipient
		best     = map[uuid.UUID]graphwalk.Reached{}
		found    []uuid.UUID // in the order first reached
		titleIDs []uuid.UUID
		rows     []db.DocumentListShareSuggestionsRow
	)
	notFound := &fault.Error{Code: fault.NotFound, Field: "documentIds", Message: "No document you can read has that id."}
	err = db.InTxWith(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx db.DBTX) error {
		var err error
		rcpts, err = ResolveRecipients(ctx, tx, actor, recipients)
		if err != nil {
			return err
		}
		levels, err := document.Levels(ctx, tx, actor, roots)
		if err != nil {
			return err
		}
		for _, id := range roots {
			if !levels[id].CanRead() {
				return notFound
			}
			if !levels[id].CanWrite() {
				return &fault.Error{Code: fault.Forbidden, Field: "documentIds", Message: "You can read that document but not share it: only its owner and those who can edit it can."}
			}
		}

		for _, root := range roots {
			reached, err := graphwalk.Walk(ctx, tx, viewer, root, depth, graphwalk.Outgoing)
			if errors.Is(err, graphwalk.ErrNotReadable) {
				return notFound
			} else if err != nil {
				return err
			}
			for _, r := range reached {
				if slices.Contains(roots, r.ID) {
					continue
				}
				cur, seen := best[r.ID]
				if !seen {
					found = append(found, r.ID)
				}
				if !seen || r.Depth < cur.Depth {
					best[r.ID] = r
				}
			}
		}
		if len(found) == 0 {
			return nil
		}

		titleIDs = slices.Clone(found)
		for _, id := range found {
			for _, v := range best[id].Via {
				if !slices.Contains(titleIDs, v) {
					titleIDs = append(titleIDs, v)
				}
			}
		}
		params := db.DocumentListShareSuggestionsParams{
			RcptOrds: make([]int32, len(rcpts)), RcptTypes: make([]string, len(rcpts)), RcptIds: make([]uuid.UUID, len(rcpts)), RcptPersons: make([]bool, len(rcpts)),
			CandidateIds: found, TitleIds: titleIDs, ActorID: actor.UserID, ActorIsPerson: viewer.IsPerson,
		}
		for i, r := range rcpts {
			params.RcptOrds[i], params.RcptTypes[i], params.RcptIds[i], params.RcptPersons[i] = int32(i+1), string(r.Type), r.ID, r.seesThroughGroups()
		}
		rows, err = db.Q.DocumentListShareSuggestions(ctx, tx, params)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return []Suggestion{}, nil
	}
	n := len(rcpts)
	titles := make(map[uuid.UUID]string, len(titleIDs))
	applies := map[uuid.UUID][]string{}
	for _, r := range rows {
		titles[r.ID] = r.Title
		if r.Ord > 0 && int(r.Ord) <= n {
			applies[r.ID] = append(applies[r.ID], rcpts[r.Ord-1].Label)
		}
	}

	out := []Suggestion{}
	for _, id := range found {
		if len(applies[id]) == 0 {
			continue
		}
		r := best[id]
		sg := Suggestion{DocumentID: id, Title: titles[id], Depth: r.Depth, Recipients: applies[id], Via: make([]ViaStep, len(r.Via))}
		for i, v := range r.Via {
			sg.Via[i] = ViaStep{ID: v, Title: titles[v]}
		}
		sg.Explanation = shareExplain(sg.Via)
		out = append(out, sg)
	}
	slices.SortFunc(out, func(a, b Suggestion) int {
		return cmp.Or(cmp.Compare(a.Depth, b.Depth), cmp.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title)),
			shareCompareID(a.DocumentID, b.DocumentID))
	})
	return out, nil
}

// shareExplain puts a suggestion's path into words.
func shareExplain(via []ViaStep) string {
	if len(via) < 2 {
		return ""
	}
	var b strings.Builder
	b.WriteString(via[0].Title)
	b.WriteString(" links to ")
	b.WriteString(via[1].Title)
	for _, v := range via[2:] {
		b.WriteString(", which links to ")
		b.WriteString(v.Title)
	}
	b.WriteString(".")
	return b.String()
}

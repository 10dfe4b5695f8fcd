// Package graphwalk walks the link graph: the depth-limited, cycle-safe
// traversal behind share suggestions and related documents
// (docs/design.md#traversal), and the neighbourhood of a document for a
// graph view.
//
// Rules every function here keeps:
//
//   - Edges are walked only when their target is set and their state is
//     resolved or stale_text. Stale text says nothing about whether two
//     documents belong together; pending edges have no target and broken ones
//     point at a tombstone.
//   - The walk steps only onto live documents (deleted_at IS NULL) that the
//     viewer can read (access level above none, the one permission rule).
//     The check is inside the recursion, so an unreadable document is never
//     stepped through and never named, not in a Reached.Via, not as a Node,
//     not as an Edge end.
//   - Tombstones are not walked, not even by their owner. The owner still
//     sees a tombstone of their own by id, so a tombstoned root is readable
//     for its owner: Walk returns nothing and Graph the root alone, without an
//     error. For everyone else a tombstone does not exist (ErrNotReadable).
//   - A quarantined document is live and readable by its owner alone, so
//     only its owner walks through it.
//   - Depth is 1 to MaxDepth; 0 or less means DefaultDepth (1: direct links
//     only, as docs/design.md#traversal says).
//
// Management never gets a document.Viewer (document.ViewerOf), so it never
// walks; a Viewer carrying the management id reads nothing anyway.
//
// sqlc cannot type a WITH RECURSIVE … UNION select (sqlc-dev/sqlc#1912), so
// the statements are written here for pgx directly. Each function is one
// statement: pass the transaction of db.InTx as q to see it consistent with
// other reads.
package graphwalk

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/document"
)

// Direction is which way a walk follows edges.
type Direction int

// The directions. The zero value is Outgoing.
const (
	// Outgoing follows edges from source to target: what the root links to.
	Outgoing Direction = iota
	// Incoming follows edges backwards, from target to source: what links
	// to the root (backlinks, and backlinks of backlinks).
	Incoming
	// Both follows edges either way.
	Both
)

// String is the direction's lower-case name.
func (d Direction) String() string {
	switch d {
	case Outgoing:
		return "outgoing"
	case Incoming:
		return "incoming"
	case Both:
		return "both"
	}
	return fmt.Sprintf("Direction(%d)", int(d))
}

// Depth limits.
const (
	// DefaultDepth is the depth of a walk asked for with depth 0 or less:
	// direct links only.
	DefaultDepth = 1
	// MaxDepth is the deepest walk allowed; deeper is ErrDepth.
	MaxDepth = 3
)

var (
	// ErrDepth is returned for a depth above MaxDepth. Callers map it to
	// BAD_USER_INPUT.
	ErrDepth = fmt.Errorf("graphwalk: depth must be at most %d", MaxDepth)
	// ErrNotReadable is returned when the root does not exist or the viewer
	// cannot read it. Callers map it to NOT_FOUND.
	ErrNotReadable = errors.New("graphwalk: root not found")
	// ErrDirection is returned for a Direction that is none of Outgoing,
	// Incoming and Both: a programming error.
	ErrDirection = errors.New("graphwalk: unknown direction")
)

// Reached is a document the walk reached: its shallowest depth and the path
// of ids from the root (root first, it last; Depth+1 ids), so a suggestion
// can say why. The path is in the order walked: for Incoming each id links
// to the one before it; for Both, either way. Every id in it is a live
// document the viewer reads.
type Reached struct {
	ID    uuid.UUID
	Depth int
	Via   []uuid.UUID
}

// Node is a document in a Graph: its id and its shallowest depth from the
// root (0 for the root itself).
type Node struct {
	ID    uuid.UUID
	Depth int
}

// Edge is a link between two Nodes of a Graph, as stored in document_links.
// State is "resolved" or "stale_text".
type Edge struct {
	ID            uuid.UUID
	SourceID      uuid.UUID
	TargetID      uuid.UUID
	State         string
	HrefAsWritten string
}

// neighbours are, by direction, the documents one step from the document
// r.id: the far ends of its walkable edges (target set, state resolved or
// stale_text), each once however many edges lead there (a page often links
// to sections of one other page), so that repeated edges do not multiply
// the paths below them.
var neighbours = [...]string{
	Outgoing: `SELECT DISTINCT l.target_id AS id FROM document_links l
        WHERE l.source_id = r.id AND l.target_id IS NOT NULL AND l.state IN ('resolved', 'stale_text')`,
	Incoming: `SELECT DISTINCT l.source_id AS id FROM document_links l
        WHERE l.target_id = r.id AND l.state IN ('resolved', 'stale_text')`,
	// Two index scans rather than one join ON (source_id = r.id OR
	// target_id = r.id) with a CASE for the far end.
	Both: `SELECT l.target_id AS id FROM document_links l
        WHERE l.source_id = r.id AND l.target_id IS NOT NULL AND l.state IN ('resolved', 'stale_text')
        UNION
        SELECT l.source_id FROM document_links l
        WHERE l.target_id = r.id AND l.state IN ('resolved', 'stale_text')`,
}

// walkSQL is the data model's traversal with the readability filter inside
// the recursion. The root is row 0 (depth 0): present exactly when the
// viewer can read it, so one statement answers both "is the root readable"
// and "what does it reach". live stops the walk at a tombstoned root (which
// only its owner can read). $1 root, $2 viewer id, $3 viewer is a person,
// $4 depth.
const walkSQL = `WITH RECURSIVE reachable(id, depth, via, live) AS (
    SELECT d.id, 0, ARRAY[d.id], d.deleted_at IS NULL
    FROM documents d
    WHERE d.id = $1
      AND {{readable}}
  UNION ALL
    SELECT d.id, r.depth + 1, r.via || d.id, true
    FROM reachable r
    CROSS JOIN LATERAL ({{neighbours}}) n
    JOIN documents d ON d.id = n.id
    WHERE r.live
      AND r.depth < $4
      AND NOT d.id = ANY(r.via)                -- cycle guard; also keeps the root out
      AND d.deleted_at IS NULL
      AND {{readable}}
)
SELECT DISTINCT ON (id) id, depth, via
FROM reachable
ORDER BY id, depth, via                        -- shallowest path wins; via breaks ties`

// graphSQL finds the same documents as walkSQL, without paths: UNION (not
// UNION ALL) over (id, depth) keeps one row per document and depth however
// many paths reach it, and the depth limit ends cycles. It returns the
// nodes (source_id NULL) and, in the same statement, the walkable edges
// whose two ends are both nodes. Same parameters as walkSQL.
const graphSQL = `WITH RECURSIVE reachable(id, depth, live) AS (
    SELECT d.id, 0, d.deleted_at IS NULL
    FROM documents d
    WHERE d.id = $1
      AND {{readable}}
  UNION
    SELECT d.id, r.depth + 1, true
    FROM reachable r
    CROSS JOIN LATERAL ({{neighbours}}) n
    JOIN documents d ON d.id = n.id
    WHERE r.live
      AND r.depth < $4
      AND d.id <> $1
      AND d.deleted_at IS NULL
      AND {{readable}}
),
nodes AS (
    SELECT DISTINCT ON (id) id, depth FROM reachable ORDER BY id, depth
)
SELECT n.id, n.depth, NULL::uuid, NULL::uuid, NULL::text, NULL::text
FROM nodes n
UNION ALL
SELECT l.id, 0, l.source_id, l.target_id, l.state::text, l.href_as_written
FROM nodes s
JOIN document_links l ON l.source_id = s.id
JOIN nodes t ON t.id = l.target_id
WHERE l.state IN ('resolved', 'stale_text')`

// readable is the readability test of a document d for the viewer ($2 its
// id, $3 whether it is a person): the access level above none, through
// document_level (migration 000010), the set-returning form of the one
// permission rule that the planner inlines, so each test is a sub-plan of the
// walk rather than a function call with its own executor start and stop
// (document_access_level, which dominated a walk's time: bench/RESULTS.md).
const readable = `(SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, $2, $3) AS a(level)) > 0`

var walkSQLs, graphSQLs [len(neighbours)]string

func init() {
	for d, n := range neighbours {
		r := strings.NewReplacer("{{neighbours}}", n, "{{readable}}", readable)
		walkSQLs[d] = r.Replace(walkSQL)
		graphSQLs[d] = r.Replace(graphSQL)
	}
}

// args checks depth and dir and returns the statement's parameters.
func args(v document.Viewer, root uuid.UUID, depth int, dir Direction) ([]any, error) {
	if depth > MaxDepth {
		return nil, ErrDepth
	}
	if depth <= 0 {
		depth = DefaultDepth
	}
	if dir < Outgoing || dir > Both {
		return nil, ErrDirection
	}
	return []any{root, v.ID, v.IsPerson, depth}, nil
}

// Walk is the data model's traversal from root, in one statement: over
// edges whose target is set and whose state is resolved or stale_text, in
// direction dir, cycle-safe, at most depth steps (0 or less means
// DefaultDepth; above MaxDepth is ErrDepth), stepping only onto live
// documents v can read. It never returns root. Each document reached
// appears once, with its shallowest depth and that path (of equally short
// paths, the least by id, element by element). The result is ordered by
// depth, then id; it is empty, not an error, when root links nowhere
// readable.
//
// A root that does not exist, or that v cannot read, is ErrNotReadable; a
// tombstoned root read by its owner reaches nothing (see the package
// documentation).
func Walk(ctx context.Context, q db.DBTX, v document.Viewer, root uuid.UUID, depth int, dir Direction) ([]Reached, error) {
	a, err := args(v, root, depth, dir)
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, walkSQLs[dir], a...)
	if err != nil {
		return nil, fmt.Errorf("graphwalk: walk: %w", err)
	}
	defer rows.Close()
	out := []Reached{}
	found := false
	for rows.Next() {
		var r Reached
		var d int32
		if err := rows.Scan(&r.ID, &d, &r.Via); err != nil {
			return nil, fmt.Errorf("graphwalk: walk: %w", err)
		}
		if d == 0 {
			found = true
			continue
		}
		r.Depth = int(d)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("graphwalk: walk: %w", err)
	}
	if !found {
		return nil, ErrNotReadable
	}
	slices.SortFunc(out, func(a, b Reached) int {
		return cmp.Or(cmp.Compare(a.Depth, b.Depth), compareID(a.ID, b.ID))
	})
	return out, nil
}

// Graph returns what a graph view of root shows, in one statement: the
// nodes are root (depth 0) and every document Walk would reach with the
// same arguments, each at its shallowest depth; the edges are the walkable
// ones (target set, state resolved or stale_text) whose source and target
// are both nodes, whichever way they point. An edge to or from a document
// v cannot read is not returned at all. Nodes are ordered by depth, then
// id; edges by source, target, then id. Errors are Walk's.
func Graph(ctx context.Context, q db.DBTX, v document.Viewer, root uuid.UUID, depth int, dir Direction) ([]Node, []Edge, error) {
	a, err := args(v, root, depth, dir)
	if err != nil {
		return nil, nil, err
	}
	rows, err := q.Query(ctx, graphSQLs[dir], a...)
	if err != nil {
		return nil, nil, fmt.Errorf("graphwalk: graph: %w", err)
	}
	defer rows.Close()
	nodes, edges := []Node{}, []Edge{}
	found := false
	for rows.Next() {
		var (
			id               uuid.UUID
			d                int32
			source, target   *uuid.UUID
			state, hrefWrote *string
		)
		if err := rows.Scan(&id, &d, &source, &target, &state, &hrefWrote); err != nil {
			return nil, nil, fmt.Errorf("graphwalk: graph: %w", err)
		}
		if source == nil {
			found = found || d == 0
			nodes = append(nodes, Node{ID: id, Depth: int(d)})
			continue
		}
		edges = append(edges, Edge{ID: id, SourceID: *source, TargetID: *target, State: *state, HrefAsWritten: *hrefWrote})
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("graphwalk: graph: %w", err)
	}
	if !found {
		return nil, nil, ErrNotReadable
	}
	slices.SortFunc(nodes, func(a, b Node) int {
		return cmp.Or(cmp.Compare(a.Depth, b.Depth), compareID(a.ID, b.ID))
	})
	slices.SortFunc(edges, func(a, b Edge) int {
		return cmp.Or(compareID(a.SourceID, b.SourceID), compareID(a.TargetID, b.TargetID), compareID(a.ID, b.ID))
	})
	return nodes, edges, nil
}

// compareID orders ids as Postgres orders uuid: byte by byte.
func compareID(a, b uuid.UUID) int {
	return slices.Compare(a[:], b[:])
}

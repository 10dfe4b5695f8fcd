package sandbox

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
)

// Capabilities is what a script may read, answered by the host as the
// automation's owner. The sandbox validates every argument before it calls a
// method (a FindQuery here is well formed: Limit in 1..MaxFindLimit, dates
// resolved), counts the call against Limits.Reads, and copies what comes back
// into the script as frozen plain data. Proposals (share, notify, tag, untag,
// write) are not part of it: the sandbox records them in Result.Proposals and
// never applies anything.
//
// An implementation filters by the owner's access: a document the owner
// cannot read is not found (Get returns nil, nil; Find leaves it out). An
// error it returns is a failure of the host, not of the script: the run
// stops and Run returns that error (wrapped), so the caller can retry the
// run. ctx is cancelled when the run ends (wall time, a limit, the caller).
type Capabilities interface {
	Find(ctx context.Context, q FindQuery) ([]Document, error)
	Get(ctx context.Context, id uuid.UUID) (*Document, error)
}

// FindQuery is codna.find's argument, validated: every condition given must
// hold (Tags: the document has all of them).
type FindQuery struct {
	Space         string     // "" (any), raw, wiki or output
	PathPrefix    string     // folder path the document is in or under; "" for any
	Tags          []string   // at most MaxFindTags
	Text          string     // full-text search terms; "" for none
	UpdatedBefore *time.Time // relative dates ('-180d') resolved against Config.Now
	UpdatedAfter  *time.Time
	Limit         int // 1..MaxFindLimit; DefaultFindLimit when the script gives none
}

// Document is a document as a script sees it. Find results carry no Content
// (the sandbox clears it); Get and the event's document carry it.
type Document struct {
	ID        uuid.UUID `json:"id"`
	Space     string    `json:"space"`
	Path      string    `json:"path"`
	Slug      string    `json:"slug"`
	Address   string    `json:"address"`
	Title     string    `json:"title"`
	Tags      []string  `json:"tags"`
	Version   int       `json:"version"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	Content   *string   `json:"content,omitempty"`
}

// Event is the global `event` of a run triggered by an outbox event (a
// scheduled run has none: `event` is null). Document is the event's
// document as the owner may read it, with its content, or nil. Payload must
// be a JSON object (nil: {}).
type Event struct {
	ID         uuid.UUID       `json:"id"`
	Type       string          `json:"type"`
	DocumentID *uuid.UUID      `json:"documentId"`
	ActorID    *uuid.UUID      `json:"actorId"`
	Payload    json.RawMessage `json:"payload"`
	CreatedAt  time.Time       `json:"createdAt"`
	Document   *Document       `json:"document"`
}

// Kind names a proposal.
type Kind string

// The proposals a script can make.
const (
	KindShare  Kind = "share"  // DocumentID, Recipient, Permission
	KindNotify Kind = "notify" // Recipient, Message
	KindTag    Kind = "tag"    // DocumentID, Tag
	KindUntag  Kind = "untag"  // DocumentID, Tag
	KindWrite  Kind = "write"  // Write
)

// Proposal is one thing a script asked for, in call order. The sandbox has
// checked its shape (ids are ids, a recipient is an email, group:<slug> or
// agent:<slug>, a permission is read or write, sizes within the caps below);
// whether the owner may do it is for the host to decide when it applies it.
type Proposal struct {
	Kind       Kind      `json:"kind"`
	DocumentID uuid.UUID `json:"documentId,omitzero"`
	Recipient  string    `json:"recipient,omitempty"`
	Permission string    `json:"permission,omitempty"`
	Message    string    `json:"message,omitempty"`
	Tag        string    `json:"tag,omitempty"`
	Write      *Write    `json:"write,omitempty"`
}

// Write is codna.write's argument: a document to create (or update) in the
// output space.
type Write struct {
	Space   string `json:"space"` // always "output"
	Path    string `json:"path"`
	Slug    string `json:"slug"`
	Title   string `json:"title"`
	Content string `json:"content"`
}

// Caps on what crosses the boundary, checked by the sandbox.
const (
	MaxScriptBytes   = 256 << 10 // a script's source
	MaxFindLimit     = 200       // rows one codna.find returns
	DefaultFindLimit = 50
	MaxFindTags      = 20
	MaxContentBytes  = 1 << 20 // codna.write's content (the documents' default body limit)
	MaxMessageBytes  = 4 << 10 // codna.notify's message
	MaxFieldBytes    = 1 << 10 // any other string argument (ids, recipients, tags, paths, titles, query text)
	MaxProposalBytes = 4 << 20 // all proposals of a run together
)

// ErrorKind classifies how a script failed.
type ErrorKind string

// The ways a script fails (Result.Err.Kind).
const (
	// ErrSyntax: the source did not parse (or uses import); nothing ran.
	ErrSyntax ErrorKind = "syntax"
	// ErrThrown: the script threw (or its returned promise rejected) and
	// nothing caught it; Name is empty for a thrown non-Error value.
	ErrThrown ErrorKind = "thrown"
	// ErrLimit: a limit ended the run (Result.LimitHit says which).
	ErrLimit ErrorKind = "limit"
	// ErrEngine: the engine itself failed (a wasm trap, such as the C stack
	// overflowing under deep recursion); the runtime was thrown away.
	ErrEngine ErrorKind = "engine"
	// ErrUnsettled: the script returned a promise that never settled.
	ErrUnsettled ErrorKind = "unsettled"
)

// ScriptError is why a script failed, as safe to show its owner as the
// script itself (it holds nothing of the host).
type ScriptError struct {
	Kind    ErrorKind `json:"kind"`
	Name    string    `json:"name,omitempty"` // the Error's name (TypeError, SyntaxError…)
	Message string    `json:"message"`
	Stack   string    `json:"stack,omitempty"` // frames in script.js only
}

func (e *ScriptError) Error() string {
	if e.Name != "" {
		return e.Name + ": " + e.Message
	}
	return e.Message
}

// Result is what one run did. The sandbox applied none of it.
type Result struct {
	// Proposals the script recorded, in order; also those recorded before a
	// limit or an error ended the run (the host decides what to apply).
	Proposals []Proposal
	Reads     int    // find/get calls answered
	Logs      string // console output, one line per call, at most Limits.LogBytes
	// LogsTruncated: output beyond Limits.LogBytes was dropped.
	LogsTruncated bool
	LimitHit      Limit        // which limit ended the run, or LimitNone
	Err           *ScriptError // nil when the script ran to its end
	Duration      time.Duration
	// MemoryPeak is the size in bytes the runtime's linear memory reached (it
	// only grows): the engine's heap at its peak plus its static data and stack.
	MemoryPeak int64
}

// OK reports whether the script ran to its end without error or limit.
func (r *Result) OK() bool { return r.Err == nil && r.LimitHit == LimitNone }

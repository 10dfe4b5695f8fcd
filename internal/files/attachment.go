// Package files is what pages hold beyond their markdown: attachments (a
// file belongs to one page and has exactly that page's permission, in the
// page's <slug>.files/ folder), with their bytes in a Store — the local
// disk or Postgres (docs/design.md, "Files").
package files

import (
	"bufio"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"net/http"
	"path"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// DefaultMaxFileBytes is CODNA_MAX_FILE_BYTES' default: 25 MiB.
const DefaultMaxFileBytes = 25 << 20

// MaxNameBytes is the longest file name kept (longer ones are cut, keeping
// the extension).
const MaxNameBytes = 200

// Attachment is a file of a page.
type Attachment struct {
	ID         uuid.UUID
	DocumentID uuid.UUID
	Name       string // in the page's <slug>.files/ folder
	MimeType   string // sniffed from the bytes
	ByteSize   int64
	SHA256     []byte
	CreatedBy  *uuid.UUID
	CreatedAt  time.Time
	storageKey string
}

func fromRow(r db.Attachment) *Attachment {
	return &Attachment{
		ID: r.ID, DocumentID: r.DocumentID, Name: r.Name, MimeType: r.MimeType, ByteSize: r.ByteSize, SHA256: r.Sha256,
		CreatedBy: r.CreatedBy, CreatedAt: r.CreatedAt, storageKey: r.StorageKey,
	}
}

// Service owns attachments.
type Service struct {
	pool     *pgxpool.Pool
	store    Store
	docs     *document.Service
	maxBytes int64
}

// New returns a Service keeping bytes in store; maxBytes (0: the default)
// caps one file.
func New(pool *pgxpool.Pool, store Store, docs *document.Service, maxBytes int64) *Service {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxFileBytes
	}
	return &Service{pool: pool, store: store, docs: docs, maxBytes: maxBytes}
}

// MaxBytes is the largest file Upload takes.
func (s *Service) MaxBytes() int64 { return s.maxBytes }

// Store is where the bytes are.
func (s *Service) Store() Store { return s.store }

// page reads the page as the actor, without its body (a download needs
// only to know the actor may read it). Errors: UNAUTHENTICATED; NOT_FOUND
// when they cannot read it (management included).
func (s *Service) page(ctx context.Context, documentID uuid.UUID) (*document.Doc, error) {
	docs, err := s.docs.GetMany(ctx, []uuid.UUID{documentID})
	if err != nil {
		return nil, err
	}
	d := docs[documentID]
	if d == nil {
		return nil, fault.New(fault.NotFound, "No document has that id.")
	}
	return d, nil
}

// writable reads the page as the actor and checks they may add to or take
// from its files. Errors: NOT_FOUND when they cannot read it; FORBIDDEN
// when they can only read it; CONFLICT when it is in the trash or held by
// management.
func (s *Service) writable(ctx context.Context, documentID uuid.UUID) (*document.Doc, error) {
	d, err := s.page(ctx, documentID)
	if err != nil {
		return nil, err
	}
	switch {
	case !d.Access.CanWrite():
		return nil, &fault.Error{Code: fault.Forbidden, Field: "documentId", Message: "You can read this page but not change its files."}
	case d.DeletedAt != nil:
		return nil, fault.Conflicting("documentId", "The page is in the trash. Restore it first.")
	case d.QuarantinedAt != nil:
		return nil, fault.Conflicting("documentId", "The page is held by management.")
	}
	return d, nil
}

// Upload adds a file to a page the actor may edit, streaming r into the
// store (never whole in memory) while hashing it and sniffing its type from
// its first bytes. name is normalised (NormalizeName); empty, it is
// "file". The same bytes uploaded to the page again give back the file it
// has (existing true, nothing stored); another file under a taken name
// gets a free one (diagram-2.png). Errors: UNAUTHENTICATED; FORBIDDEN for
// management; the page's (writable); BAD_USER_INPUT on file for an empty
// file or one over MaxBytes (refused as soon as the limit is passed).
func (s *Service) Upload(ctx context.Context, documentID uuid.UUID, name string, r io.Reader) (a *Attachment, existing bool, err error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	if _, err := s.writable(ctx, documentID); err != nil {
		return nil, false, err
	}
	name = NormalizeName(name)
	id, err := uuid.NewV7()
	if err != nil {
		return nil, false, err
	}
	key := id.String() + storageExt(name)
	in, err := Keep(ctx, s.pool, s.store, key, r, s.maxBytes)
	if err != nil {
		return nil, false, err
	}
	defer func() {
		if err != nil || existing {
			_ = s.store.Delete(context.WithoutCancel(ctx), key) // not needed: give the bytes back now
		}
	}()
	sum := in.SHA256()
	if row, err := db.Q.AttachmentGetBySHA(ctx, s.pool, db.AttachmentGetBySHAParams{DocumentID: documentID, Sha256: sum}); err == nil {
		return fromRow(row), true, nil
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return nil, false, err
	}
	mimeType := Sniff(in.Head())
	for i := 1; i <= 100; i++ {
		var row db.Attachment
		err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
			var err error
			row, err = db.Q.AttachmentCreate(ctx, tx, db.AttachmentCreateParams{
				ID: id, DocumentID: documentID, Name: numbered(name, i), MimeType: mimeType, ByteSize: in.Size(), Sha256: sum,
				StorageKey: key, CreatedBy: &actor.UserID,
			})
			if err != nil {
				return err
			}
			return KeptInTx(ctx, tx, key) // the row names the bytes now
		})
		if errors.Is(err, pgx.ErrNoRows) {
			continue // the name is taken by another file: try the next
		}
		if err != nil {
			return nil, false, err
		}
		return fromRow(row), false, nil
	}
	return nil, false, fault.Input("name", "The page has too many files named like %q: choose another name.", name)
}

// Open finds a page's file for reading, by the page's read permission:
// NOT_FOUND, as for an unreadable page, when the actor cannot read the page
// or it has no such file. The caller closes the File.
func (s *Service) Open(ctx context.Context, documentID uuid.UUID, name string) (*Attachment, File, error) {
	if _, err := s.page(ctx, documentID); err != nil {
		return nil, nil, err
	}
	if !Nameable(name) {
		return nil, nil, fault.New(fault.NotFound, "The page has no file of that name.")
	}
	row, err := db.Q.AttachmentGetByName(ctx, s.pool, db.AttachmentGetByNameParams{DocumentID: documentID, Name: name})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, fault.New(fault.NotFound, "The page has no file of that name.")
	}
	if err != nil {
		return nil, nil, err
	}
	a := fromRow(row)
	f, err := s.store.Open(ctx, a.storageKey)
	if err != nil {
		return nil, nil, fmt.Errorf("files: open %s: %w", a.storageKey, err)
	}
	return a, f, nil
}

// OpenListed opens the bytes of a file ForDocuments returned to the actor
// in ctx (which checked the page then): an export reads a folder's files
// without a statement per file. The caller closes the file. Errors:
// UNAUTHENTICATED for nobody; FORBIDDEN for management and the system.
func (s *Service) OpenListed(ctx context.Context, a Attachment) (File, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	f, err := s.store.Open(ctx, a.storageKey)
	if err != nil {
		return nil, fmt.Errorf("files: open %s: %w", a.storageKey, err)
	}
	return f, nil
}

// ForDocuments lists the files of pages (Docs the documents service
// returned to the same actor), each page's by name, in one statement. A
// page the actor cannot read has none.
func (s *Service) ForDocuments(ctx context.Context, docs []*document.Doc) (map[*document.Doc][]Attachment, error) {
	if _, err := auth.RequireActor(ctx); err != nil {
		return nil, err
	}
	out := make(map[*document.Doc][]Attachment, len(docs))
	ids := make([]uuid.UUID, 0, len(docs))
	for _, d := range docs {
		if d != nil && d.Access.CanRead() {
			ids = append(ids, d.ID)
			out[d] = []Attachment{}
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.AttachmentListForDocuments(ctx, s.pool, ids)
	if err != nil {
		return nil, err
	}
	byDoc := make(map[uuid.UUID][]Attachment, len(ids))
	for _, r := range rows {
		byDoc[r.DocumentID] = append(byDoc[r.DocumentID], *fromRow(r))
	}
	for d := range out {
		if as := byDoc[d.ID]; as != nil {
			out[d] = as
		}
	}
	return out, nil
}

// Delete deletes a file of a page the actor may edit, unless a revision of
// any page names it (<slug>.files/<name>): revisions are kept forever, and
// what they show must stay. Its bytes go when maintenance next runs.
// Errors: UNAUTHENTICATED; NOT_FOUND on id when there is no such file or
// the actor cannot read its page; the page's (writable); CONFLICT on id
// when a revision names it.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) (*Attachment, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	notFound := &fault.Error{Code: fault.NotFound, Field: "id", Message: "No file you can see has that id."}
	row, err := db.Q.AttachmentGet(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, notFound
	}
	if err != nil {
		return nil, err
	}
	d, err := s.writable(ctx, row.DocumentID)
	if fault.CodeOf(err) == fault.NotFound {
		return nil, notFound
	}
	if err != nil {
		return nil, err
	}
	named, err := db.Q.AttachmentIsNamed(ctx, s.pool, d.Slug+".files/"+row.Name)
	if err != nil {
		return nil, err
	}
	if named {
		return nil, fault.Conflicting("id", "A revision of a page shows this file: it stays, as history does. Remove it from the page; it remains in the history.")
	}
	if _, err := db.Q.AttachmentDelete(ctx, s.pool, id); err != nil {
		return nil, err
	}
	return fromRow(row), nil
}

// Keep writes an upload r (at most max bytes) to store under key and
// returns what passed. The key is queued for deletion before the bytes
// exist, and the caller takes it off with KeptInTx in the transaction that
// writes the row naming them: a crash in between leaves bytes maintenance
// deletes, never bytes nobody knows of. Errors: BAD_USER_INPUT on file for
// an empty file (its bytes deleted at once) or one over max (refused as
// soon as the limit is passed); the store's and the database's.
func Keep(ctx context.Context, q db.DBTX, store Store, key string, r io.Reader, max int64) (*Intake, error) {
	if err := db.Q.FileDeletionQueue(ctx, q, key); err != nil {
		return nil, err
	}
	in := NewIntake(r, max)
	if err := store.Put(ctx, key, in); err != nil {
		if errors.Is(err, ErrTooLarge) {
			return nil, fault.Input("file", "The file is larger than %d bytes, the most one file may be.", max)
		}
		return nil, fmt.Errorf("files: store %s: %w", key, err)
	}
	if in.Size() == 0 {
		_ = store.Delete(context.WithoutCancel(ctx), key)
		return nil, fault.Input("file", "The file is empty.")
	}
	return in, nil
}

// KeptInTx takes key off the deletion queue, in the transaction tx that writes
// the row naming its bytes (see Keep). It checks no actor: the caller
// decided the bytes are kept.
func KeptInTx(ctx context.Context, tx db.DBTX, key string) error {
	return db.Q.FileDeletionDelete(ctx, tx, key)
}

// ErrTooLarge is an Intake's error once more than its limit came.
var ErrTooLarge = errors.New("files: over the size limit")

// Intake passes an upload on to a store while counting it, hashing it
// (sha256) and keeping its first 512 bytes (to sniff its type), and fails
// with ErrTooLarge as soon as more than its limit came — the rest is never
// read.
type Intake struct {
	r    io.Reader
	max  int64
	n    int64
	sum  hash.Hash
	head []byte
}

// NewIntake reads r, allowing at most max bytes.
func NewIntake(r io.Reader, max int64) *Intake {
	return &Intake{r: bufio.NewReaderSize(r, 64<<10), max: max, sum: sha256.New()}
}

// Size is how many bytes passed.
func (in *Intake) Size() int64 { return in.n }

// SHA256 is the sum of the bytes that passed.
func (in *Intake) SHA256() []byte { return in.sum.Sum(nil) }

// Head is the first (up to 512) bytes that passed.
func (in *Intake) Head() []byte { return in.head }

func (in *Intake) Read(p []byte) (int, error) {
	if in.n > in.max {
		// Sticky: a reader such as io.ReadFull drops an error that comes
		// with a full buffer, so it must come again.
		return 0, ErrTooLarge
	}
	n, err := in.r.Read(p)
	if n > 0 {
		in.sum.Write(p[:n])
		if len(in.head) < 512 {
			in.head = append(in.head, p[:min(n, 512-len(in.head))]...)
		}
		in.n += int64(n)
		if in.n > in.max {
			return n, ErrTooLarge
		}
	}
	return n, err
}

// Sniff is a file's type from its first bytes (never from the client).
// SVG, which the standard sniffer calls XML or text, is named: it is served
// with care (a sandbox, as a download).
func Sniff(head []byte) string {
	t := http.DetectContentType(head)
	if strings.HasPrefix(t, "text/xml") || strings.HasPrefix(t, "text/plain") {
		if strings.Contains(strings.ToLower(string(head)), "<svg") {
			return "image/svg+xml"
		}
	}
	return t
}

// NormalizeName makes a safe file name of what a client sent: its last
// path element, every character that is not a letter, digit, space or one
// of "._-+()" replaced by '-', no leading dots or spaces, at most
// MaxNameBytes (the extension kept); "file" when nothing is left.
func NormalizeName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	var b strings.Builder
	for _, r := range name {
		switch {
		case r == utf8.RuneError:
			b.WriteByte('-')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("._-+() ", r):
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	out := strings.TrimLeft(strings.TrimSpace(b.String()), ". ")
	for strings.Contains(out, "..") {
		out = strings.ReplaceAll(out, "..", ".")
	}
	if len(out) > MaxNameBytes {
		ext := path.Ext(out)
		if len(ext) > 20 {
			ext = ""
		}
		base := out[:MaxNameBytes-len(ext)]
		for !utf8.ValidString(base) {
			base = base[:len(base)-1]
		}
		out = base + ext
	}
	if out == "" || out == "." {
		return "file"
	}
	return out
}

// Nameable reports whether a file could have this name (NormalizeName's,
// numbered): valid UTF-8 without control characters, at most MaxNameBytes
// and a "-100" suffix. A name that could not be is not looked up (the
// database refuses NUL and invalid UTF-8 as errors, not as no match).
func Nameable(name string) bool {
	if name == "" || len(name) > MaxNameBytes+len("-100") || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// numbered is the i-th name tried for a file: name itself, then
// name-2.ext, name-3.ext, …
func numbered(name string, i int) string {
	if i == 1 {
		return name
	}
	ext := path.Ext(name)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(name, ext), i, ext)
}

// storageExt is the extension a storage key keeps (for people looking at a
// store's directory): the name's, if it is short and plain.
func storageExt(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if len(ext) < 2 || len(ext) > 10 {
		return ""
	}
	for _, r := range ext[1:] {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return ""
		}
	}
	return ext
}

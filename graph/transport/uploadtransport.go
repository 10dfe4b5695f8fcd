package transport

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"

	"codna/internal/auth"
	"codna/internal/fault"
)

// uploadTransport serves multipart requests by the GraphQL multipart
// request spec (docs/api.md, Files): an "operations" part (the JSON
// request, with null where files go), a "map" part (which file goes where)
// and the files. Each file is streamed to a temporary file in tempDir
// (CODNA_DATA_DIR/tmp for `codna serve`) and removed when the request ends:
// nothing is held whole in memory. The whole body is bounded by maxBytes,
// or by maxArchiveBytes for a startImport (an archive is larger than a
// file): a request whose length says more is refused once its operations
// part is read, before any file, and one that turns out longer as soon as
// the bound is passed. Only a signed-in sender's parts are read at all.
// The server's guard has applied the CSRF rule, authentication, the larger
// bound, the per-person cap and the request's deadlines before.
type uploadTransport struct {
	maxBytes        int64
	maxArchiveBytes int64  // 0: as maxBytes
	tempDir         string // "" is os.TempDir()
}

var _ graphql.Transport = uploadTransport{}

// Bounds on the parts that are not files.
const (
	maxOperationsBytes = 1 << 20
	maxMapBytes        = 64 << 10
	maxUploadFiles     = 10
)

func (uploadTransport) Supports(r *http.Request) bool {
	if r.Header.Get("Upgrade") != "" || r.Method != http.MethodPost {
		return false
	}
	mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mediaType == "multipart/form-data"
}

func (t uploadTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	w.Header().Set("Content-Type", mediaJSON)
	start := graphql.Now()
	fail := func(status int, format string, args ...any) {
		w.WriteHeader(status)
		writeResponse(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf(format, args...)}))
	}
	// Nobody's parts are read before their sender is known: an anonymous
	// request could only be refused after spooling its files.
	if auth.ActorFrom(ctx) == nil {
		w.WriteHeader(http.StatusUnauthorized)
		writeResponse(w, exec.DispatchError(ctx, gqlerror.List{{Message: "Sign in first.",
			Extensions: map[string]any{"code": string(fault.Unauthenticated)}}}))
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, max(t.maxBytes, t.maxArchiveBytes))
	mr, err := r.MultipartReader()
	if err != nil {
		fail(http.StatusBadRequest, "The multipart request could not be read: %v", err)
		return
	}

	var params graphql.RawParams
	if err := readJSONPart(mr, "operations", maxOperationsBytes, &params); err != nil {
		fail(http.StatusBadRequest, "%v", err)
		return
	}
	limit := t.maxBytes
	if t.maxArchiveBytes > 0 && startsImport(params.Query, params.OperationName) {
		limit = t.maxArchiveBytes
	}
	if r.ContentLength > limit {
		fail(http.StatusRequestEntityTooLarge, "The request body is larger than %d bytes.", limit)
		return
	}
	var fileMap map[string][]string
	if err := readJSONPart(mr, "map", maxMapBytes, &fileMap); err != nil {
		fail(http.StatusBadRequest, "%v", err)
		return
	}
	if len(fileMap) > maxUploadFiles {
		fail(http.StatusBadRequest, "A request carries at most %d files.", maxUploadFiles)
		return
	}
	var temps []*os.File
	var read int64 // file bytes so far, against limit
	defer func() {
		for _, f := range temps {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}()
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			status := http.StatusBadRequest
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				status = http.StatusRequestEntityTooLarge
			}
			fail(status, "The multipart request could not be read: %v", err)
			return
		}
		paths, ok := fileMap[part.FormName()]
		if !ok {
			fail(http.StatusBadRequest, "The part %q is not in the map.", truncateText(part.FormName(), 64))
			return
		}
		delete(fileMap, part.FormName())
		f, err := os.CreateTemp(t.tempDir, "upload-")
		if err != nil {
			fail(http.StatusInternalServerError, "The upload could not be stored for the request.")
			return
		}
		temps = append(temps, f)
		n, err := io.Copy(f, io.LimitReader(part, limit-read+1))
		read += n
		if err == nil && read > limit {
			fail(http.StatusRequestEntityTooLarge, "The request body is larger than %d bytes.", limit)
			return
		}
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				fail(http.StatusRequestEntityTooLarge, "The request body is larger than %d bytes.", limit)
				return
			}
			fail(http.StatusBadRequest, "The upload could not be read: %v", err)
			return
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			fail(http.StatusInternalServerError, "The upload could not be stored for the request.")
			return
		}
		up := graphql.Upload{File: f, Filename: part.FileName(), Size: n, ContentType: part.Header.Get("Content-Type")}
		for _, path := range paths {
			if err := setVariable(params.Variables, path, up); err != nil {
				fail(http.StatusBadRequest, "%v", err)
				return
			}
		}
	}
	if len(fileMap) > 0 {
		fail(http.StatusBadRequest, "The map names files the request does not carry.")
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	execute(ctx, w, exec, &params, mediaJSON)
}

// readJSONPart reads the next part, which must be the named field, as at
// most max bytes of JSON into v.
func readJSONPart(mr *multipart.Reader, name string, max int64, v any) error {
	part, err := mr.NextPart()
	if err != nil {
		return fmt.Errorf("The multipart request has no %q part: %v", name, err)
	}
	if part.FormName() != name {
		return fmt.Errorf("The multipart request's part %q must come before the files.", name)
	}
	raw, err := io.ReadAll(io.LimitReader(part, max+1))
	if err != nil {
		return fmt.Errorf("The %q part could not be read: %v", name, err)
	}
	if int64(len(raw)) > max {
		return fmt.Errorf("The %q part is larger than %d bytes.", name, max)
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("The %q part is not valid JSON: %v", name, err)
	}
	return nil
}

// setVariable puts up at a map path such as "variables.input.file" or
// "variables.files.0": only paths into the variables, through objects and
// list indexes that exist, leading to null (where the spec puts a file).
func setVariable(vars map[string]any, path string, up graphql.Upload) error {
	bad := fmt.Errorf("The map path %q does not lead to a file variable.", truncateText(path, 100))
	segs := strings.Split(path, ".")
	if len(segs) < 2 || segs[0] != "variables" || vars == nil {
		return bad
	}
	var cur any = vars
	for i, seg := range segs[1:] {
		last := i == len(segs)-2
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[seg]
			if !ok {
				return bad
			}
			if last {
				if v != nil {
					return bad
				}
				c[seg] = up
				return nil
			}
			cur = v
		case []any:
			k, err := strconv.Atoi(seg)
			if err != nil || k < 0 || k >= len(c) {
				return bad
			}
			if last {
				if c[k] != nil {
					return bad
				}
				c[k] = up
				return nil
			}
			cur = c[k]
		default:
			return bad
		}
	}
	return bad
}

// startsImport reports whether the operation to run (by name, or the only
// one) of a query selects startImport at its top: it may carry an archive,
// which has a bound of its own. A query that does not parse does not: the
// executor refuses it anyway.
func startsImport(query, operation string) bool {
	doc, err := parser.ParseQuery(&ast.Source{Input: query})
	if err != nil {
		return false
	}
	for _, op := range doc.Operations {
		if operation != "" && op.Name != operation || op.Operation != ast.Mutation {
			continue
		}
		for _, sel := range op.SelectionSet {
			if f, ok := sel.(*ast.Field); ok && f.Name == "startImport" {
				return true
			}
		}
	}
	return false
}

// truncateText cuts s to n bytes, marking the cut: a client's names are
// echoed in errors only so far.
func truncateText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

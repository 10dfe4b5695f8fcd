package typesense

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/typesense/typesense-go/v2/typesense/api"

	"codna/internal/search"
)

// The collection's fields. Free text a filter must match exactly (tags,
// folders) is also stored hex-encoded (tag_keys, folder_keys): Typesense
// filters strings through its tokenizer, which folds case and drops
// punctuation, and a backtick cannot be escaped in filter_by, so the
// filter compares hex digits instead, which are their own tokens.
const (
	fieldSpace      = "space"
	fieldTitle      = "title"
	fieldTags       = "tags"
	fieldTagKeys    = "tag_keys"
	fieldAddress    = "address" // path/slug, split into words by the token separators
	fieldFolderKeys = "folder_keys"
	fieldBody       = "body"
	fieldStatus     = "status"
	fieldOwner      = "owner"
	fieldUpdatedAt  = "updated_at" // unix microseconds
	fieldACL        = "acl_read"
	fieldVersion    = "version"
	fieldAccessSeq  = "access_seq"
)

// tokenSeparators split words beside white space: a slug's, a folder's
// and a snake_case name's parts are words of their own.
var tokenSeparators = []string{"-", "_", "/"}

// collectionSchema is the schema of every collection the backend creates.
func collectionSchema(name string) *api.CollectionSchema {
	t, f := true, false
	str := func(n string) api.Field { return api.Field{Name: n, Type: "string"} }
	strs := func(n string) api.Field { return api.Field{Name: n, Type: "string[]", Optional: &t} }
	i64 := func(n string) api.Field { return api.Field{Name: n, Type: "int64"} }
	fields := []api.Field{
		str(fieldSpace), str(fieldTitle), strs(fieldTags), strs(fieldTagKeys), str(fieldAddress),
		strs(fieldFolderKeys), str(fieldBody), str(fieldStatus), str(fieldOwner), i64(fieldUpdatedAt),
		{Name: fieldACL, Type: "string[]", Optional: &f}, i64(fieldVersion), i64(fieldAccessSeq),
	}
	sortBy := fieldUpdatedAt
	seps := tokenSeparators
	return &api.CollectionSchema{Name: name, Fields: fields, DefaultSortingField: &sortBy, TokenSeparators: &seps}
}

func aliasTo(collection string) *api.CollectionAliasSchema {
	return &api.CollectionAliasSchema{CollectionName: collection}
}

// document is an entry as the collection stores it.
type document struct {
	ID         string   `json:"id"`
	Space      string   `json:"space"`
	Title      string   `json:"title"`
	Tags       []string `json:"tags"`
	TagKeys    []string `json:"tag_keys"`
	Address    string   `json:"address"`
	FolderKeys []string `json:"folder_keys"`
	Body       string   `json:"body"`
	Status     string   `json:"status"`
	Owner      string   `json:"owner"`
	UpdatedAt  int64    `json:"updated_at"`
	ACL        []string `json:"acl_read"`
	Version    int64    `json:"version"`
	AccessSeq  int64    `json:"access_seq"`
}

// The highlight marks the backend asks Typesense for: two private-use
// characters, which are taken out of every indexed text (replaced by
// U+FFFD), so a mark in an answer is always the engine's.
const (
	markStart = "\uE000"
	markEnd   = "\uE001"
)

var unmark = strings.NewReplacer(markStart, "\uFFFD", markEnd, "\uFFFD")

// encode turns an entry into its stored document.
func encode(e *search.Entry) document {
	tags := make([]string, 0, len(e.Tags))
	keys := make([]string, 0, len(e.Tags))
	for _, t := range e.Tags {
		tags = append(tags, unmark.Replace(t))
		keys = append(keys, key(t))
	}
	body := e.Body
	if len(body) > search.MaxBodyBytes {
		body = body[:search.MaxBodyBytes]
		for !utf8.ValidString(body) {
			body = body[:len(body)-1]
		}
	}
	address := e.Slug
	if e.Path != "" {
		address = e.Path + "/" + e.Slug
	}
	return document{
		ID:         e.ID.String(),
		Space:      e.Space,
		Title:      unmark.Replace(e.Title),
		Tags:       tags,
		TagKeys:    keys,
		Address:    unmark.Replace(address),
		FolderKeys: folderKeys(e.Path),
		Body:       unmark.Replace(body),
		Status:     e.Status,
		Owner:      e.OwnerID.String(),
		UpdatedAt:  e.UpdatedAt.UnixMicro(),
		ACL:        append([]string{}, e.ACLRead...),
		Version:    e.Version,
		AccessSeq:  e.AccessSeq,
	}
}

// key is the filterable form of a free-text value: its bytes in hex.
func key(s string) string { return hex.EncodeToString([]byte(s)) }

// folderKeys are the keys of a path's folder and each folder above it
// ("a/b" → key("a"), key("a/b")); the space root has none.
func folderKeys(path string) []string {
	keys := []string{}
	if path == "" {
		return keys
	}
	for i := 0; i < len(path); i++ {
		if path[i] == '/' {
			keys = append(keys, key(path[:i]))
		}
	}
	return append(keys, key(path))
}

func jsonUnmarshal(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}

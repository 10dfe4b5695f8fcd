package document

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"codna/internal/fault"
)

// Frontmatter is what a body's leading YAML block said.
type Frontmatter struct {
	Title  *string
	Tags   []string // nil when absent
	Status *string
	Extra  map[string]any // keys CoDNA does not own, kept as written
}

// Bounds of a frontmatter block (docs/api.md). They keep the work of reading
// one linear in its size and small: yaml.v3 checks every key of a mapping
// against every other when it decodes into Go values, so 80 000 keys took a
// minute.
const (
	// MaxFrontmatterBytes bounds the block between the "---" lines.
	MaxFrontmatterBytes = 64 << 10
	// MaxFrontmatterKeys bounds the keys of all the block's mappings
	// together, nested ones included.
	MaxFrontmatterKeys = 1000
	// MaxFrontmatterDepth bounds the nesting of mappings and lists: the
	// top-level mapping is depth 1.
	MaxFrontmatterDepth = 20
)

// SplitFrontmatter separates a leading YAML frontmatter block ("---" on the
// first line, closed by a "---" or "..." line) from the body. A body without
// one is returned whole with an empty Frontmatter. Errors: BAD_USER_INPUT on
// content when the block is not a YAML mapping, a known key has the wrong
// type, or the block exceeds MaxFrontmatterBytes, MaxFrontmatterKeys or
// MaxFrontmatterDepth.
func SplitFrontmatter(body string) (Frontmatter, string, error) {
	var fm Frontmatter
	rest, ok := strings.CutPrefix(body, "---\n")
	if !ok {
		if rest, ok = strings.CutPrefix(body, "---\r\n"); !ok {
			return fm, body, nil
		}
	}
	var block, content string
	found := false
	for off := 0; off <= len(rest); {
		end := strings.IndexByte(rest[off:], '\n')
		line := rest[off:]
		next := len(rest)
		if end >= 0 {
			line = rest[off : off+end]
			next = off + end + 1
		}
		if l := strings.TrimRight(line, " \t\r"); l == "---" || l == "..." {
			block, content, found = rest[:off], rest[next:], true
			break
		}
		if end < 0 {
			break
		}
		off = next
	}
	if !found {
		return fm, body, nil // an unclosed '---' is a horizontal rule, not frontmatter
	}
	raw, err := parseFrontmatter(block)
	if err != nil {
		return fm, "", err
	}
	if holdsNUL(raw) {
		// A YAML escape ("\0", "\u0000") makes one; Postgres text and jsonb cannot hold it.
		return fm, "", fault.Input("content", "The frontmatter may not contain NUL characters.")
	}
	for k, v := range raw {
		switch k {
		case "title":
			s, ok := scalarString(v)
			if !ok {
				return fm, "", fault.Input("content", "The frontmatter's title must be text.")
			}
			fm.Title = &s
		case "status":
			s, ok := scalarString(v)
			if !ok {
				return fm, "", fault.Input("content", "The frontmatter's status must be draft, active or archived.")
			}
			fm.Status = &s
		case "tags":
			tags, ok := tagList(v)
			if !ok {
				return fm, "", fault.Input("content", "The frontmatter's tags must be a list of words.")
			}
			fm.Tags = tags
		default:
			if fm.Extra == nil {
				fm.Extra = map[string]any{}
			}
			fm.Extra[k] = v
		}
	}
	if fm.Extra != nil {
		if _, err := json.Marshal(fm.Extra); err != nil {
			return fm, "", fault.Input("content", "The frontmatter holds values that cannot be stored (%v).", err)
		}
	}
	return fm, content, nil
}

// parseFrontmatter reads a frontmatter block into a map, within the bounds:
// the size is checked before parsing, keys and depth on yaml.v3's node tree
// (whose parse is linear) before decoding it into Go values.
func parseFrontmatter(block string) (map[string]any, error) {
	if len(block) > MaxFrontmatterBytes {
		return nil, fault.Input("content", "The frontmatter is %d bytes; at most %d are allowed.", len(block), MaxFrontmatterBytes)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(block), &doc); err != nil {
		return nil, fault.Input("content", "The frontmatter is not valid YAML: %s", yamlMessage(err))
	}
	keys := 0
	var walk func(n *yaml.Node, depth int) error
	walk = func(n *yaml.Node, depth int) error {
		switch n.Kind {
		case yaml.MappingNode, yaml.SequenceNode:
			if depth > MaxFrontmatterDepth {
				return fault.Input("content", "The frontmatter nests deeper than %d levels.", MaxFrontmatterDepth)
			}
			if n.Kind == yaml.MappingNode {
				if keys += len(n.Content) / 2; keys > MaxFrontmatterKeys {
					return fault.Input("content", "The frontmatter has more than %d keys.", MaxFrontmatterKeys)
				}
			}
			for _, c := range n.Content {
				if err := walk(c, depth+1); err != nil {
					return err
				}
			}
		case yaml.DocumentNode:
			for _, c := range n.Content {
				if err := walk(c, depth); err != nil {
					return err
				}
			}
		}
		// An alias is not followed: what it names is counted where it is
		// defined, and yaml.v3 refuses documents that alias excessively.
		return nil
	}
	if err := walk(&doc, 1); err != nil {
		return nil, err
	}
	raw := map[string]any{}
	if doc.Kind == 0 {
		return raw, nil // an empty block
	}
	if err := doc.Decode(&raw); err != nil {
		return nil, fault.Input("content", "The frontmatter is not valid YAML: %s", yamlMessage(err))
	}
	return raw, nil
}

func yamlMessage(err error) string {
	return strings.TrimPrefix(err.Error(), "yaml: ")
}

func scalarString(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case int, int64, float64, bool:
		return fmt.Sprint(t), true
	}
	return "", false
}

func tagList(v any) ([]string, bool) {
	switch t := v.(type) {
	case nil:
		return []string{}, true
	case string: // "a, b" is a common way to write a short list
		var out []string
		for _, s := range strings.Split(t, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
		return out, true
	case []any:
		out := make([]string, 0, len(t))
		for _, e := range t {
			s, ok := scalarString(e)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// Markdown reassembles a document's source: a YAML frontmatter block with
// its title, tags, status and extra keys (sorted), then the body. It is what
// export writes, and SplitFrontmatter of it gives the same columns back.
func Markdown(title string, tags []string, status string, extra map[string]any, content string) (string, error) {
	var buf bytes.Buffer
	buf.WriteString("---\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	doc := &yaml.Node{Kind: yaml.MappingNode}
	add := func(k string, v any) error {
		var kn, vn yaml.Node
		if err := kn.Encode(k); err != nil {
			return err
		}
		if err := vn.Encode(v); err != nil {
			return err
		}
		doc.Content = append(doc.Content, &kn, &vn)
		return nil
	}
	if tags == nil {
		tags = []string{}
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if err := add("title", title); err != nil {
		return "", err
	}
	if err := add("tags", tags); err != nil {
		return "", err
	}
	if err := add("status", status); err != nil {
		return "", err
	}
	for _, k := range keys {
		if err := add(k, extra[k]); err != nil {
			return "", err
		}
	}
	if err := enc.Encode(doc); err != nil {
		return "", err
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	buf.WriteString("---\n")
	buf.WriteString(content)
	return buf.String(), nil
}

// holdsNUL reports whether a decoded YAML value has a NUL character in any
// string or key.
func holdsNUL(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.IndexByte(v, 0) >= 0
	case map[string]any:
		for k, e := range v {
			if holdsNUL(k) || holdsNUL(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if holdsNUL(e) {
				return true
			}
		}
	}
	return false
}

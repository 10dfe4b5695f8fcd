package tsfake

import (
	"slices"
	"strings"
)

// present renders a hit as Typesense does: the document (include_fields /
// exclude_fields applied), text_match, the highlight object (one entry per
// highlighted field with matches: snippet, matched_tokens, and value for a
// highlight_full_fields field; a string[] field gets one entry per
// element) and the older highlights list.
func (c *collection) present(p searchParams, words []string, h hit) map[string]any {
	doc := map[string]any{}
	for k, v := range h.d.doc {
		if len(p.include) > 0 && !slices.Contains(p.include, k) {
			continue
		}
		if slices.Contains(p.exclude, k) {
			continue
		}
		doc[k] = v
	}
	highlight := map[string]any{}
	highlights := []any{}
	if !p.q.wildcard {
		for _, f := range p.hlFields {
			fd, ok := c.fields[f]
			if !ok || !isString(fd.Type) {
				continue
			}
			full := slices.Contains(p.hlFull, f)
			vals := strs(h.d.doc[f])
			if fd.Type == "string[]" {
				var entries []any
				var indices []int
				var snippets []string
				var matched []any
				for i, v := range vals {
					snip, val, toks := c.mark(p, words, v)
					e := map[string]any{"matched_tokens": nonNil(toks), "snippet": snip}
					if full {
						e["value"] = val
					}
					entries = append(entries, e)
					if len(toks) > 0 {
						indices = append(indices, i)
						snippets = append(snippets, snip)
						matched = append(matched, toks)
					}
				}
				if len(indices) > 0 {
					highlight[f] = entries
					highlights = append(highlights, map[string]any{"field": f, "indices": indices,
						"snippets": snippets, "matched_tokens": matched})
				}
				continue
			}
			if len(vals) == 0 {
				continue
			}
			snip, val, toks := c.mark(p, words, vals[0])
			if len(toks) == 0 {
				continue
			}
			e := map[string]any{"matched_tokens": toks, "snippet": snip}
			v1 := map[string]any{"field": f, "matched_tokens": toks, "snippet": snip}
			if full {
				e["value"] = val
				v1["value"] = val
			}
			highlight[f] = e
			highlights = append(highlights, v1)
		}
	}
	return map[string]any{
		"document":   doc,
		"text_match": h.score,
		"highlight":  highlight,
		"highlights": highlights,
		"text_match_info": map[string]any{
			"best_field_score": "0", "best_field_weight": 0, "fields_matched": 1,
			"score": h.score, "tokens_matched": len(words),
		},
	}
}

// mark returns text's snippet and full value with the matched words between
// the highlight tags, and the matched words as they appear in text. The
// snippet is the whole text below snippet_threshold tokens, else the
// highlight_affix_num_tokens tokens on each side of the first match.
func (c *collection) mark(p searchParams, words []string, text string) (snippet, value string, matched []string) {
	spans := c.tok.spans(text)
	hit := make([]bool, len(spans))
	first := -1
	for i, sp := range spans {
		if c.highlights(p, words, sp.norm) {
			hit[i] = true
			matched = append(matched, text[sp.start:sp.end])
			if first < 0 {
				first = i
			}
		}
	}
	for _, ph := range p.q.phrases {
		for i := 0; i+len(ph) <= len(spans); i++ {
			ok := true
			for j := range ph {
				if spans[i+j].norm != ph[j] {
					ok = false
					break
				}
			}
			if ok {
				for j := range ph {
					if !hit[i+j] {
						hit[i+j] = true
						matched = append(matched, text[spans[i+j].start:spans[i+j].end])
					}
				}
				if first < 0 || i < first {
					first = i
				}
			}
		}
	}
	render := func(from, to int) string {
		if len(spans) == 0 {
			return text
		}
		start, end := spans[from].start, spans[to].end
		if from == 0 {
			start = 0
		}
		if to == len(spans)-1 {
			end = len(text)
		}
		var b strings.Builder
		pos := start
		for i := from; i <= to; i++ {
			if !hit[i] {
				continue
			}
			b.WriteString(text[pos:spans[i].start])
			b.WriteString(p.startTag)
			b.WriteString(text[spans[i].start:spans[i].end])
			b.WriteString(p.endTag)
			pos = spans[i].end
		}
		b.WriteString(text[pos:end])
		return b.String()
	}
	if len(spans) == 0 {
		return text, text, nil
	}
	value = render(0, len(spans)-1)
	if len(spans) < p.snippetMin || first < 0 {
		snippet = value
		if first < 0 && len(spans) >= p.snippetMin {
			snippet = render(0, min(len(spans)-1, 2*p.affix))
		}
		return snippet, value, matched
	}
	from, to := max(0, first-p.affix), min(len(spans)-1, first+p.affix)
	return render(from, to), value, matched
}

// highlights reports whether a normalized token is marked: a query word
// itself, the last word as a prefix, or within the word's typo budget.
func (c *collection) highlights(p searchParams, words []string, tok string) bool {
	for i, w := range words {
		if tok == w || (i == len(words)-1 && len(p.prefix) > 0 && p.prefix[0] && strings.HasPrefix(tok, w)) {
			return true
		}
		if len(p.numTypos) > 0 && typos(tok, w) <= c.allowedTypos(p, 0, w) {
			return true
		}
	}
	return false
}

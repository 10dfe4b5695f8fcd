package link

import (
	"slices"
	"sort"
	"strings"
)

type edit struct {
	start, end int
	repl       string
	defStart   int // for the removal of a definition, its Start
}

// sortedEdits is a copy of edits in the order they apply: by start, then by
// end, so an insertion comes before a deletion at the same offset.
func sortedEdits(edits []edit) []edit {
	out := append([]edit(nil), edits...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].start != out[j].start {
			return out[i].start < out[j].start
		}
		return out[i].end < out[j].end
	})
	return out
}

// applyEdits applies non-overlapping edits to body.
func applyEdits(body string, edits []edit) string {
	if len(edits) == 0 {
		return body
	}
	edits = sortedEdits(edits)
	var b strings.Builder
	b.Grow(len(body))
	at := 0
	for _, e := range edits {
		if e.start < at {
			continue // overlapping: cannot happen for links, which never nest
		}
		b.WriteString(body[at:e.start])
		b.WriteString(e.repl)
		at = e.end
	}
	b.WriteString(body[at:])
	return b.String()
}

// settle applies edits to body and then looks for small insertions so that
// the links and definitions of the result are those of keep (by start,
// kind and extent of the text): a changed destination or a dropped link can
// let brackets around it pair differently. "[x [a](href)](y.md)" is one
// link, to href, since a link may not contain a link; "[x]([a](<my doc.md>))"
// is one link, to "my doc.md", since the space ends the outer destination.
// A link or definition that appears or changes so gets its ']' or its '['
// escaped (a literal bracket either way), or, when it was a shortcut
// reference now read together with what follows, "[]" after it ("[label][]"
// is the same link); whichever brings back the others (a greedy search of a
// few rounds at most).
func settle(body string, dels []edit, keep map[int]Occurrence) string {
	type result struct {
		out   string
		bad   int    // links and definitions gained, lost or changed
		fixes []edit // candidate insertions (at offsets of body)
	}
	eval := func(fixes []edit) result {
		out, origin := applyEditsMapped(body, append(append([]edit(nil), dels...), fixes...))
		r := result{out: out}
		present := 0
		for _, o := range Scan(out) {
			at := origin[o.Start]
			was, kept := keep[at]
			if at >= 0 && kept && was.Kind == o.Kind && o.TextEnd >= 0 && origin[o.TextEnd] == was.TextEnd {
				present++
				continue
			}
			r.bad++
			if kept && was.Kind == Reference && was.End == was.TextEnd+1 {
				// A shortcut reference now read with what follows it:
				// "[label][]" is the same link and stops there.
				r.fixes = append(r.fixes, edit{start: was.End, end: was.End, repl: "[]"})
			}
			if o.Kind != Definition && o.TextEnd >= 0 && origin[o.TextEnd] >= 0 {
				r.fixes = append(r.fixes, edit{start: origin[o.TextEnd], end: origin[o.TextEnd], repl: "\\"})
			}
			if at >= 0 {
				r.fixes = append(r.fixes, edit{start: at, end: at, repl: "\\"})
			}
		}
		r.bad += len(keep) - present
		return r
	}
	// Greedy, but a step that gains nothing is allowed (escaping one bracket
	// can uncover the next link to escape); the best result seen wins.
	cur := eval(nil)
	best := cur
	var fixes []edit
	for round := 0; round < 8 && cur.bad > 0 && len(cur.fixes) > 0; round++ {
		var next result
		var nextFixes []edit
		for _, f := range cur.fixes {
			if slices.Contains(fixes, f) {
				continue
			}
			try := append(append([]edit(nil), fixes...), f)
			if r := eval(try); nextFixes == nil || r.bad < next.bad {
				next, nextFixes = r, try
			}
		}
		if nextFixes == nil || next.bad > cur.bad {
			break
		}
		cur, fixes = next, nextFixes
		if cur.bad < best.bad {
			best = cur
		}
	}
	return best.out
}

// applyEditsMapped is applyEdits that also returns, for each byte of the
// result, its offset in body (-1 for inserted bytes). Insertions sort before
// a deletion at the same offset.
func applyEditsMapped(body string, edits []edit) (string, []int) {
	edits = sortedEdits(edits)
	var b strings.Builder
	origin := make([]int, 0, len(body)+1)
	at := 0
	for _, e := range edits {
		if e.start < at {
			continue
		}
		b.WriteString(body[at:e.start])
		for i := at; i < e.start; i++ {
			origin = append(origin, i)
		}
		b.WriteString(e.repl)
		for range len(e.repl) {
			origin = append(origin, -1)
		}
		at = e.end
	}
	b.WriteString(body[at:])
	for i := at; i < len(body); i++ {
		origin = append(origin, i)
	}
	origin = append(origin, len(body))
	return b.String(), origin
}

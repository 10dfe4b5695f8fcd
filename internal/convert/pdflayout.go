package convert

import (
	"math"
	"slices"
	"strings"
)

// layoutPDF joins a page's chunks into text. Chunks on one baseline join
// on that line, with a space where the gap between them is wider than a
// letter's spacing; a step down to the next line is a newline; a step
// clearly larger than the page's usual line spacing, or a step up (a new
// column), is a paragraph break.
func layoutPDF(chunks []pdfChunk) string {
	if len(chunks) == 0 {
		return ""
	}
	// The usual line spacing, in font sizes: the lower quartile of the
	// steps down, since lines within paragraphs outnumber paragraph gaps.
	var steps []float64
	for i := 1; i < len(chunks); i++ {
		p, c := chunks[i-1], chunks[i]
		s := max(p.size, c.size, 1)
		if r := (p.y - c.y) / s; r > 0.5 && r < 4 {
			steps = append(steps, r)
		}
	}
	lead := 1.2
	if len(steps) >= 2 {
		slices.Sort(steps)
		lead = steps[len(steps)/4]
	}
	var b strings.Builder
	for i, c := range chunks {
		if i > 0 {
			p := chunks[i-1]
			s := max(p.size, c.size, 1)
			dy := p.y - c.y
			switch {
			case math.Abs(dy) <= 0.5*s:
				gap := c.x0 - p.x1
				if (p.spaceAfter || gap > 0.15*s || gap < -3*s) && !strings.HasSuffix(p.text, " ") && !strings.HasPrefix(c.text, " ") {
					b.WriteByte(' ')
				}
			case dy > 0 && dy/s <= lead*1.3:
				b.WriteByte('\n')
			default:
				b.WriteString("\n\n")
			}
		}
		b.WriteString(c.text)
	}
	return tidyText(b.String())
}

// tidyText drops control characters (what a font without a usable encoding
// decodes to) except newlines and tabs, trims each line (a line indented
// by four spaces would be markdown code), collapses runs of blank lines
// into one.
func tidyText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7F {
			return -1
		}
		return r
	}, s)
	lines := strings.Split(s, "\n")
	var b strings.Builder
	blank := 0
	for _, l := range lines {
		l = strings.Trim(l, " \t\u00A0")
		if strings.TrimSpace(l) == "" {
			blank++
			continue
		}
		if b.Len() > 0 {
			if blank > 0 {
				b.WriteString("\n\n")
			} else {
				b.WriteByte('\n')
			}
		}
		blank = 0
		b.WriteString(l)
	}
	return b.String()
}

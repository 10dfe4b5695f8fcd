package convert

import (
	"bufio"
	"fmt"
	"math"
	"strings"

	"github.com/ledongthuc/pdf"
)

// mat is a PDF transformation matrix [a b c d e f], applied to row vectors
// as the PDF format does.
type mat [6]float64

var ident = mat{1, 0, 0, 1, 0, 0}

// mul returns m then n: the matrix product m×n.
func (m mat) mul(n mat) mat {
	return mat{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func translate(tx, ty float64) mat { return mat{1, 0, 0, 1, tx, ty} }

// pdfState is the graphics and text state the extractor tracks.
type pdfState struct {
	ctm, tm, tlm              mat
	font                      *pdfFont
	tfs, tc, tw, th, tl, rise float64
}

// run interprets a content stream (a page's or a form's) with its
// resources, starting from the transformation ctm.
func (x *pdfExtractor) run(strm, res pdf.Value, ctm mat, depth int) {
	if strm.Kind() != pdf.Stream && strm.Kind() != pdf.Array {
		return
	}
	lex := &contentLexer{r: bufio.NewReaderSize(x.contentReader(strm), 32<<10), maxStr: x.lim.MaxOutputBytes + 1}
	g := pdfState{ctm: ctm, tm: ident, tlm: ident, th: 1}
	var saved []pdfState
	unsaved := 0 // q operators beyond maxPDFStateSave, matched by Q first
	fonts := x.fonts
	if depth > 0 {
		fonts = map[string]*pdfFont{} // a form's font names are its own
	}
	lex.interpret(func(op string, args []operand) {
		x.ops++
		if x.ops%pdfCheckEvery == 0 {
			x.checkContext()
		}
		num := func(i int) float64 {
			if i < len(args) && args[i].kind == opNum {
				return args[i].num
			}
			return 0
		}
		str := func(i int) string {
			if i < len(args) && args[i].kind == opStr {
				return args[i].str
			}
			return ""
		}
		matrix := func() mat {
			return mat{num(0), num(1), num(2), num(3), num(4), num(5)}
		}
		switch op {
		case "q":
			if len(saved) < maxPDFStateSave {
				saved = append(saved, g)
			} else {
				unsaved++
			}
		case "Q":
			switch {
			case unsaved > 0:
				unsaved--
			case len(saved) > 0:
				g = saved[len(saved)-1]
				saved = saved[:len(saved)-1]
			}
		case "cm":
			if len(args) == 6 {
				g.ctm = matrix().mul(g.ctm)
			}
		case "BT":
			g.tm, g.tlm = ident, ident
		case "Tc":
			g.tc = num(0)
		case "Tw":
			g.tw = num(0)
		case "Tz":
			g.th = num(0) / 100
		case "TL":
			g.tl = num(0)
		case "Ts":
			g.rise = num(0)
		case "Tf":
			if len(args) == 2 && args[0].kind == opName {
				g.font = x.font(fonts, res, args[0].str)
				g.tfs = num(1)
			}
		case "TD":
			g.tl = -num(1)
			g.tlm = translate(num(0), num(1)).mul(g.tlm)
			g.tm = g.tlm
		case "Td":
			g.tlm = translate(num(0), num(1)).mul(g.tlm)
			g.tm = g.tlm
		case "Tm":
			if len(args) == 6 {
				g.tm = matrix()
				g.tlm = g.tm
			}
		case "T*":
			g.tlm = translate(0, -g.tl).mul(g.tlm)
			g.tm = g.tlm
		case "Tj":
			x.show(&g, str(0))
		case "'":
			g.tlm = translate(0, -g.tl).mul(g.tlm)
			g.tm = g.tlm
			x.show(&g, str(0))
		case "\"":
			g.tw, g.tc = num(0), num(1)
			g.tlm = translate(0, -g.tl).mul(g.tlm)
			g.tm = g.tlm
			x.show(&g, str(2))
		case "TJ":
			if len(args) != 1 || args[0].kind != opArray {
				return
			}
			for _, e := range args[0].arr {
				switch e.kind {
				case opStr:
					x.show(&g, e.str)
				case opNum:
					g.tm = translate(-e.num/1000*g.tfs*g.th, 0).mul(g.tm)
				}
			}
		case "Do":
			if len(args) != 1 || args[0].kind != opName || depth >= maxPDFFormDepth {
				return
			}
			xo := res.Key("XObject").Key(args[0].str)
			if xo.Kind() != pdf.Stream || xo.Key("Subtype").Name() != "Form" {
				return
			}
			m := ident
			if fm := xo.Key("Matrix"); fm.Len() == 6 {
				for i := range m {
					m[i] = fm.Index(i).Float64()
				}
			}
			formRes := xo.Key("Resources")
			if formRes.IsNull() {
				formRes = res
			}
			x.run(xo, formRes, m.mul(g.ctm), depth+1)
		}
	})
	if lex.err != nil && depth == 0 {
		// A damaged stream (bad compressed data): keep the text before the
		// damage, but say the page failed.
		panic(fmt.Sprintf("the page content cannot be read: %v", lex.err))
	}
}

// show records a string drawn with the current state and moves the text
// position past it.
func (x *pdfExtractor) show(g *pdfState, raw string) {
	if raw == "" {
		return
	}
	f := g.font
	if f == nil {
		f = &defaultPDFFont
	}
	start := g.tm.mul(g.ctm)
	text := f.enc.Decode(raw)
	step := 1
	if f.twoByte {
		step = 2
	}
	advance := 0.0
	for i := 0; i+step <= len(raw); i += step {
		code := int(raw[i])
		if step == 2 {
			code = code<<8 | int(raw[i+1])
		}
		tx := f.width(code)/1000*g.tfs + g.tc
		if step == 1 && code == ' ' {
			tx += g.tw
		}
		advance += tx * g.th
	}
	g.tm = translate(advance, 0).mul(g.tm)
	end := g.tm.mul(g.ctm)

	if strings.TrimSpace(text) == "" {
		if len(x.chunks) > 0 && text != "" {
			x.chunks[len(x.chunks)-1].spaceAfter = true
		}
		return
	}
	for _, r := range text {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			x.textBytes++ // counts bytes of runes, close enough: ASCII mostly
		}
	}
	if x.textBytes > x.lim.MaxOutputBytes {
		panic(stop{tooLargeSoFar(x.lim)})
	}
	size := math.Abs(g.tfs) * math.Hypot(start[2], start[3])
	x.chunks = append(x.chunks, pdfChunk{
		x0: start[4], y: start[5] + g.rise*math.Hypot(start[2], start[3]),
		x1: end[4], size: size, text: text,
	})
}

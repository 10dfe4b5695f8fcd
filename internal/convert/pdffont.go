package convert

import (
	"github.com/ledongthuc/pdf"
)

// pdfFont is what extraction needs of a font: how its codes decode to
// text and how wide each is (in thousandths of the font size).
type pdfFont struct {
	enc     pdf.TextEncoding
	twoByte bool // a composite (Type0) font: 2-byte codes
	first   int
	widths  []float64
	cid     map[int]float64
	missing float64 // width of a code without one
	scale   float64 // widths × scale are thousandths of an em (Type3 fonts)
}

// defaultPDFFont stands for a missing font: bytes decode as themselves
// (then sanitized) and are half an em wide, about a Latin letter.
var defaultPDFFont = pdfFont{enc: nopEncoding{}, missing: 500, scale: 1}

type nopEncoding struct{}

func (nopEncoding) Decode(raw string) string { return raw }

func (f *pdfFont) width(code int) float64 {
	if f.cid != nil {
		if w, ok := f.cid[code]; ok {
			return w * f.scale
		}
		return f.missing * f.scale
	}
	if i := code - f.first; i >= 0 && i < len(f.widths) && f.widths[i] > 0 {
		return f.widths[i] * f.scale
	}
	return f.missing * f.scale
}

// font loads the font named in the resources, once per page (or form). A
// font that fails to load (a broken ToUnicode map) decodes bytes as
// themselves rather than failing the page.
func (x *pdfExtractor) font(cache map[string]*pdfFont, res pdf.Value, name string) (f *pdfFont) {
	if f, ok := cache[name]; ok {
		return f
	}
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(stop); ok {
				panic(s)
			}
			f = &defaultPDFFont
		}
		cache[name] = f
	}()
	fv := res.Key("Font").Key(name)
	if fv.Kind() != pdf.Dict {
		return &defaultPDFFont
	}
	f = &pdfFont{scale: 1}
	lf := pdf.Font{V: fv}
	f.enc = lf.Encoder()
	if f.enc == nil {
		f.enc = nopEncoding{}
	}
	switch fv.Key("Subtype").Name() {
	case "Type0":
		f.twoByte = true
		desc := fv.Key("DescendantFonts").Index(0)
		f.missing = 1000
		if dw := desc.Key("DW"); !dw.IsNull() {
			f.missing = dw.Float64()
		}
		f.cid = cidWidths(desc.Key("W"))
		return f
	case "Type3":
		if fm := fv.Key("FontMatrix"); fm.Len() == 6 {
			f.scale = fm.Index(0).Float64() * 1000
		}
	}
	f.first = int(fv.Key("FirstChar").Int64())
	f.widths = lf.Widths()
	f.missing = fv.Key("FontDescriptor").Key("MissingWidth").Float64()
	if len(f.widths) == 0 || f.missing <= 0 {
		// The standard 14 fonts may come without widths: half an em is
		// about a Latin letter, good enough to tell gaps from glyphs.
		f.missing = 500
	}
	return f
}

// cidWidths reads a composite font's W array: "c [w1 w2 ...]" gives codes
// from c on their widths, "c1 c2 w" gives codes c1 to c2 one width.
func cidWidths(w pdf.Value) map[int]float64 {
	m := map[int]float64{}
	const maxCodes = 1 << 16 // two-byte codes
	for i := 0; i < w.Len(); {
		c := int(w.Index(i).Int64())
		next := w.Index(i + 1)
		if next.Kind() == pdf.Array {
			for j := 0; j < next.Len() && c+j < maxCodes; j++ {
				m[c+j] = next.Index(j).Float64()
			}
			i += 2
			continue
		}
		hi := int(next.Int64())
		wd := w.Index(i + 2).Float64()
		for code := max(c, 0); code <= hi && code < maxCodes; code++ {
			m[code] = wd
		}
		i += 3
	}
	return m
}

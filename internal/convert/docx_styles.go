package convert

// The styles, numbering and relationships a DOCX conversion looks up.

import (
	"strconv"
	"strings"
)

type docxRels struct {
	Rel []struct {
		ID     string `xml:"Id,attr"`
		Type   string `xml:"Type,attr"`
		Target string `xml:"Target,attr"`
		Mode   string `xml:"TargetMode,attr"`
	} `xml:"Relationship"`
}

type xVal struct {
	Val string `xml:"val,attr"`
}

type xNumPr struct {
	Ilvl  *xVal `xml:"ilvl"`
	NumID *xVal `xml:"numId"`
}

func (x *docx) loadStyles(name string) {
	var s struct {
		Style []struct {
			ID      string `xml:"styleId,attr"`
			Name    xVal   `xml:"name"`
			BasedOn xVal   `xml:"basedOn"`
			PPr     struct {
				OutlineLvl *xVal   `xml:"outlineLvl"`
				NumPr      *xNumPr `xml:"numPr"`
			} `xml:"pPr"`
			RPr struct {
				B *xVal `xml:"b"`
				I *xVal `xml:"i"`
			} `xml:"rPr"`
		} `xml:"style"`
	}
	if !x.unmarshal(name, &s) {
		return
	}
	for _, st := range s.Style {
		ds := &docxStyle{name: strings.ToLower(st.Name.Val), basedOn: st.BasedOn.Val, outline: -1}
		if o := st.PPr.OutlineLvl; o != nil {
			if n, err := strconv.Atoi(o.Val); err == nil && n >= 0 && n < 9 {
				ds.outline = n
			}
		}
		if np := st.PPr.NumPr; np != nil {
			if np.NumID != nil {
				ds.numID = np.NumID.Val
			}
			if np.Ilvl != nil {
				ds.ilvl, _ = strconv.Atoi(np.Ilvl.Val)
			}
		}
		if st.RPr.B != nil {
			b := onOff(st.RPr.B.Val)
			ds.bold = &b
		}
		if st.RPr.I != nil {
			i := onOff(st.RPr.I.Val)
			ds.italic = &i
		}
		x.styles[st.ID] = ds
	}
}

func (x *docx) loadNumbering(name string) {
	var n struct {
		Abstract []struct {
			ID  string `xml:"abstractNumId,attr"`
			Lvl []struct {
				Ilvl   string `xml:"ilvl,attr"`
				Start  *xVal  `xml:"start"`
				NumFmt xVal   `xml:"numFmt"`
			} `xml:"lvl"`
		} `xml:"abstractNum"`
		Num []struct {
			ID       string `xml:"numId,attr"`
			Abstract xVal   `xml:"abstractNumId"`
			Override []struct {
				Ilvl  string `xml:"ilvl,attr"`
				Start *xVal  `xml:"startOverride"`
			} `xml:"lvlOverride"`
		} `xml:"num"`
	}
	if !x.unmarshal(name, &n) {
		return
	}
	for _, a := range n.Abstract {
		for _, l := range a.Lvl {
			lv := docxLevel{format: l.NumFmt.Val, start: 1}
			if l.Start != nil {
				if s, err := strconv.Atoi(l.Start.Val); err == nil {
					lv.start = s
				}
			}
			x.lvls["a"+a.ID+"/"+l.Ilvl] = lv
		}
	}
	for _, num := range n.Num {
		x.nums[num.ID] = num.Abstract.Val
		for _, o := range num.Override {
			if o.Start == nil {
				continue
			}
			if s, err := strconv.Atoi(o.Start.Val); err == nil {
				lv := x.level(num.ID, o.Ilvl)
				lv.start = s
				x.lvls["n"+num.ID+"/"+o.Ilvl] = lv
			}
		}
	}
}

// level is a list level's format and start: bullets when numbering.xml
// does not say.
func (x *docx) level(numID, ilvl string) docxLevel {
	if lv, ok := x.lvls["n"+numID+"/"+ilvl]; ok {
		return lv
	}
	if lv, ok := x.lvls["a"+x.nums[numID]+"/"+ilvl]; ok {
		return lv
	}
	return docxLevel{format: "bullet", start: 1}
}

// onOff reads a WordprocessingML toggle: present means on unless its val
// says otherwise.
func onOff(val string) bool {
	switch strings.ToLower(val) {
	case "0", "false", "off", "none":
		return false
	}
	return true
}

// styleChain calls f on a style and the styles it is based on, nearest
// first, until f returns true.
func (x *docx) styleChain(id string, f func(*docxStyle) bool) {
	for i := 0; i < 16 && id != ""; i++ {
		s := x.styles[id]
		if s == nil {
			return
		}
		if f(s) {
			return
		}
		id = s.basedOn
	}
}

// headingLevel is a paragraph's heading level (1-6), or 0: from a "Title"
// or "heading N" style (built-in styles keep their English names in
// w:name whatever the language of the document; without styles.xml the
// style id says it), else from an outline level.
func (x *docx) headingLevel(p *docxPara) int {
	if lvl := headingName(strings.ToLower(p.style)); lvl > 0 && x.styles[p.style] == nil {
		return lvl
	}
	lvl := 0
	x.styleChain(p.style, func(s *docxStyle) bool {
		if l := headingName(s.name); l > 0 {
			lvl = l
			return true
		}
		if s.outline >= 0 {
			lvl = s.outline + 1
			return true
		}
		return false
	})
	if lvl == 0 && p.outline >= 0 {
		lvl = p.outline + 1
	}
	return min(lvl, 6)
}

func headingName(name string) int {
	if name == "title" {
		return 1
	}
	rest, ok := strings.CutPrefix(name, "heading")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(rest))
	if err != nil || n < 1 || n > 9 {
		return 0
	}
	return min(n, 6)
}

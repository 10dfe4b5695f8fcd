package convert

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// A PDF content stream is a postfix program: operands, then the operator
// that takes them ("72 720 Td", "(Hello) Tj"). contentLexer reads one from
// the decoded stream with bounded memory: pdf.Interpret, the library's
// reader, keeps every operand until an operator comes, so a stream of
// millions of bare numbers would hold them all; here the operand stack,
// arrays and strings are capped, and an inline image's binary data is
// skipped rather than read as tokens.

// Caps of the content lexer. No operator takes more than six operands, and
// a TJ array holds one line's text.
const (
	maxPDFOperands   = 32
	maxPDFArrayItems = 1 << 16
)

type operandKind int

const (
	opNum operandKind = iota
	opStr
	opName
	opArray
	opOther // a dictionary, boolean or null: counted, not kept
)

// operand is one operand of a content-stream operator.
type operand struct {
	kind operandKind
	num  float64
	str  string // a string's bytes or a name
	arr  []operand
}

type tokKind int

const (
	tokEOF tokKind = iota
	tokOperand
	tokOp
	tokArrayStart
	tokArrayEnd
	tokDictStart
	tokDictEnd
)

type contentLexer struct {
	r      *bufio.Reader
	maxStr int    // longest string kept
	err    error  // the read error that ended the stream early, if any
	word   []byte // the regular token being read
}

func isPDFSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isPDFDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (l *contentLexer) readByte() (byte, bool) {
	c, err := l.r.ReadByte()
	if err != nil {
		if err != io.EOF && l.err == nil {
			l.err = err
		}
		return 0, false
	}
	return c, true
}

// next returns the next token: an operand (in o), an operator (its name in
// o.str), an array or dictionary bracket, or tokEOF.
func (l *contentLexer) next(o *operand) tokKind {
	for {
		c, ok := l.readByte()
		if !ok {
			return tokEOF
		}
		switch {
		case isPDFSpace(c):
			continue
		case c == '%':
			for {
				c, ok := l.readByte()
				if !ok {
					return tokEOF
				}
				if c == '\n' || c == '\r' {
					break
				}
			}
			continue
		case c == '(':
			*o = operand{kind: opStr, str: l.literalString()}
			return tokOperand
		case c == '<':
			if c2, ok := l.readByte(); ok && c2 == '<' {
				return tokDictStart
			} else if ok {
				_ = l.r.UnreadByte()
			}
			*o = operand{kind: opStr, str: l.hexString()}
			return tokOperand
		case c == '>':
			if c2, ok := l.readByte(); ok && c2 != '>' {
				_ = l.r.UnreadByte()
			}
			return tokDictEnd
		case c == '[':
			return tokArrayStart
		case c == ']':
			return tokArrayEnd
		case c == '{' || c == '}' || c == ')':
			continue // not in content streams; ignored
		case c == '/':
			*o = operand{kind: opName, str: l.name()}
			return tokOperand
		default:
			word := l.regular(c)
			if isNumberLike(word) {
				n, _ := strconv.ParseFloat(string(word), 64) // malformed: 0
				*o = operand{kind: opNum, num: n}
				return tokOperand
			}
			switch string(word) {
			case "true", "false", "null":
				*o = operand{kind: opOther}
				return tokOperand
			}
			if op, ok := pdfOperators[string(word)]; ok {
				o.str = op
			} else {
				o.str = string(word)
			}
			return tokOp
		}
	}
}

// isNumberLike reports whether w is a number, or what PDF writers emit as
// one but ParseFloat refuses ("--5", "1.2.3", "-"): those read as 0 rather
// than as operators.
func isNumberLike(w []byte) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+') {
			return false
		}
	}
	return true
}

// regular reads a run of regular characters starting with c into l.word.
func (l *contentLexer) regular(c byte) []byte {
	l.word = append(l.word[:0], c)
	for len(l.word) < 128 {
		c, ok := l.readByte()
		if !ok {
			break
		}
		if isPDFSpace(c) || isPDFDelim(c) {
			_ = l.r.UnreadByte()
			break
		}
		l.word = append(l.word, c)
	}
	return l.word
}

// pdfOperators interns the operators the extractor acts on, so that
// reading one allocates nothing.
var pdfOperators = func() map[string]string {
	m := map[string]string{}
	for _, op := range strings.Fields(`q Q cm BT ET Tc Tw Tz TL Ts Tf TD Td Tm T* Tj ' " TJ Do BI ID EI
		m l c v y h re S s f F f* B B* b b* n W W* gs CS cs SC SCN sc scn G g RG rg K k sh BMC BDC EMC MP DP d0 d1 w J j M d ri i`) {
		m[op] = op
	}
	return m
}()

func (l *contentLexer) name() string {
	var buf []byte
	for len(buf) < 128 {
		c, ok := l.readByte()
		if !ok {
			break
		}
		if isPDFSpace(c) || isPDFDelim(c) {
			_ = l.r.UnreadByte()
			break
		}
		if c == '#' {
			h, ok1 := l.readByte()
			g, ok2 := l.readByte()
			if ok1 && ok2 && unhex(h) >= 0 && unhex(g) >= 0 {
				c = byte(unhex(h)<<4 | unhex(g))
			} else {
				if ok2 {
					_ = l.r.UnreadByte()
				}
			}
		}
		buf = append(buf, c)
	}
	return string(buf)
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// literalString reads a (string) after its '(': nested parentheses
// balance, backslash escapes are decoded.
func (l *contentLexer) literalString() string {
	var buf []byte
	add := func(c byte) {
		if len(buf) < l.maxStr {
			buf = append(buf, c)
		}
	}
	depth := 1
	for {
		c, ok := l.readByte()
		if !ok {
			return string(buf)
		}
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return string(buf)
			}
		case '\\':
			e, ok := l.readByte()
			if !ok {
				return string(buf)
			}
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r': // a line continuation
				if n, ok := l.readByte(); ok && n != '\n' {
					_ = l.r.UnreadByte()
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for i := 0; i < 2; i++ {
						d, ok := l.readByte()
						if !ok {
							break
						}
						if d < '0' || d > '7' {
							_ = l.r.UnreadByte()
							break
						}
						v = v*8 + int(d-'0')
					}
					c = byte(v)
				} else {
					c = e // \( \) \\ and unknown escapes: the character
				}
			}
		}
		add(c)
	}
}

// hexString reads a <hex string> after its '<'.
func (l *contentLexer) hexString() string {
	var buf []byte
	hi := -1
	for {
		c, ok := l.readByte()
		if !ok || c == '>' {
			break
		}
		v := unhex(c)
		if v < 0 {
			continue // white space (or junk) between digits
		}
		if hi < 0 {
			hi = v
			continue
		}
		if len(buf) < l.maxStr {
			buf = append(buf, byte(hi<<4|v))
		}
		hi = -1
	}
	if hi >= 0 && len(buf) < l.maxStr {
		buf = append(buf, byte(hi<<4)) // an odd final digit is followed by 0
	}
	return string(buf)
}

// skipInlineImage skips an inline image's data after its ID operator, up
// to the EI operator: white space, "EI", then white space, a delimiter or
// the end.
func (l *contentLexer) skipInlineImage() {
	prev := byte(' ')
	state := 0 // 1: after " E", 2: after " EI"
	for {
		c, ok := l.readByte()
		if !ok {
			return
		}
		switch {
		case state == 2 && (isPDFSpace(c) || isPDFDelim(c)):
			_ = l.r.UnreadByte()
			return
		case state == 1 && c == 'I':
			state = 2
		case c == 'E' && isPDFSpace(prev):
			state = 1
		default:
			state = 0
		}
		prev = c
	}
}

// interpret reads the stream and calls do for each operator with its
// operands (oldest first). Arrays are collected as one operand;
// dictionaries (marked-content properties) count as one opaque operand.
func (l *contentLexer) interpret(do func(op string, args []operand)) {
	var stack []operand
	push := func(o operand) {
		if len(stack) >= maxPDFOperands {
			copy(stack, stack[1:])
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, o)
	}
	var o operand
	for {
		switch l.next(&o) {
		case tokEOF:
			return
		case tokOperand:
			push(o)
		case tokArrayStart:
			push(l.array(0))
		case tokDictStart:
			l.skipDict()
			push(operand{kind: opOther})
		case tokArrayEnd, tokDictEnd:
			// unbalanced: ignored
		case tokOp:
			if o.str == "ID" {
				l.skipInlineImage()
				stack = stack[:0]
				continue
			}
			do(o.str, stack)
			stack = stack[:0]
		}
	}
}

// maxPDFArrayDepth bounds nested arrays, read recursively.
const maxPDFArrayDepth = 8

// array reads an array's elements after its '['. Nested arrays and
// dictionaries are kept as opaque elements.
func (l *contentLexer) array(depth int) operand {
	arr := operand{kind: opArray}
	var o operand
	for {
		switch l.next(&o) {
		case tokEOF, tokArrayEnd:
			return arr
		case tokOperand:
			if len(arr.arr) < maxPDFArrayItems {
				arr.arr = append(arr.arr, o)
			}
		case tokArrayStart:
			if depth < maxPDFArrayDepth {
				l.array(depth + 1)
			} else {
				l.skipArray()
			}
			if len(arr.arr) < maxPDFArrayItems {
				arr.arr = append(arr.arr, operand{kind: opOther})
			}
		case tokDictStart:
			l.skipDict()
		case tokOp, tokDictEnd:
			// not valid inside an array: ignored
		}
	}
}

// skipArray skips an array's contents after its '[', without recursion.
func (l *contentLexer) skipArray() {
	depth := 1
	var o operand
	for {
		switch l.next(&o) {
		case tokEOF:
			return
		case tokArrayStart:
			depth++
		case tokArrayEnd:
			if depth--; depth == 0 {
				return
			}
		}
	}
}

// skipDict skips a dictionary's contents after its "<<".
func (l *contentLexer) skipDict() {
	depth := 1
	var o operand
	for {
		switch l.next(&o) {
		case tokEOF:
			return
		case tokDictStart:
			depth++
		case tokDictEnd:
			if depth--; depth == 0 {
				return
			}
		}
	}
}

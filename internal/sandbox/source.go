package sandbox

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// importWord finds the word import; checkSource decides from what follows it.
var importWord = regexp.MustCompile(`\bimport\b`)

// checkSource refuses, before any runtime exists, a source that is too
// large, not UTF-8, or that could load a module.
//
// Modules: qjs registers its native modules (qjs:std, qjs:os, qjs:bjson) in
// every context, and a dynamic import('qjs:std') in a classic script reaches
// them even after the globals are deleted — and with them the file system
// and os.setTimeout, whose sleep no deadline interrupts. No engine option
// turns dynamic import off, so the source may not contain an import call:
// the word import followed by '(' , '.', or what could hide one (a comment
// start '/', '<' or '-' of an HTML-like comment) is refused wherever it is,
// even inside a string or a comment. Escapes cannot spell the keyword
// (\u0069mport is a syntax error), and the prelude removes eval and the
// Function constructors, so code cannot be assembled at run time either.
// The word in prose ("import the file") is allowed.
func checkSource(src string) *ScriptError {
	switch {
	case len(src) > MaxScriptBytes:
		return &ScriptError{Kind: ErrSyntax, Name: "SyntaxError", Message: fmt.Sprintf("the script has %d bytes; at most %d are allowed", len(src), MaxScriptBytes)}
	case !utf8.ValidString(src):
		return &ScriptError{Kind: ErrSyntax, Name: "SyntaxError", Message: "the script is not valid UTF-8"}
	case strings.IndexByte(src, 0) >= 0:
		return &ScriptError{Kind: ErrSyntax, Name: "SyntaxError", Message: "the script contains a NUL character"}
	}
	for _, m := range importWord.FindAllStringIndex(src, -1) {
		if importCall(src[m[1]:]) {
			line := strings.Count(src[:m[0]], "\n") + 1
			return &ScriptError{Kind: ErrSyntax, Name: "SyntaxError",
				Message: "import is not available in automation scripts (no modules), at script.js:" + strconv.Itoa(line)}
		}
	}
	return nil
}

// importCall reports whether what follows the word import could make it an
// import call or import.meta: after skipping every space, control and
// non-ASCII character (which over-skips, so it errs towards refusing), the
// next character is '(', '.', '/', '<', '-', or nothing.
func importCall(rest string) bool {
	for _, r := range rest {
		if r <= ' ' || r >= utf8.RuneSelf {
			continue
		}
		return strings.ContainsRune("(./<-", r)
	}
	return true
}

package sandbox

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// thrown is how the prelude describes a value the script threw.
type thrown struct {
	Error   bool   `json:"error"`
	Type    string `json:"type"`
	Name    string `json:"name"`
	Message string `json:"message"`
	Stack   string `json:"stack"`
}

func thrownError(t thrown) *ScriptError {
	if !t.Error {
		return &ScriptError{Kind: ErrThrown, Message: fmt.Sprintf("the script threw a non-Error value (%s): %s", t.Type, t.Message)}
	}
	if t.Name == "InternalError" && t.Message == "out of memory" {
		return &ScriptError{Kind: ErrLimit, Name: t.Name, Message: t.Message}
	}
	return &ScriptError{Kind: ErrThrown, Name: t.Name, Message: t.Message, Stack: scriptStack(t.Stack)}
}

// inputPos is a position in the evaluated text, which is the script with
// `"use strict";` in front of its first line.
var inputPos = regexp.MustCompile(`<input>:(\d+):(\d+)`)

const strictPrefix = len(`"use strict";`)

// scriptStack keeps the stack frames in the script, named script.js, with
// line 1's columns corrected for the strict prefix (and 1-based, as the
// other lines' are).
func scriptStack(stack string) string {
	var out []string
	for _, line := range strings.Split(stack, "\n") {
		if !strings.Contains(line, "<input>:") {
			continue
		}
		line = inputPos.ReplaceAllStringFunc(line, func(m string) string {
			p := inputPos.FindStringSubmatch(m)
			col, _ := strconv.Atoi(p[2])
			if p[1] == "1" && col >= strictPrefix {
				// QuickJS counts line 1's columns from 0 (the others from 1).
				col -= strictPrefix - 1
			}
			return "script.js:" + p[1] + ":" + strconv.Itoa(col)
		})
		out = append(out, strings.TrimSpace(line))
	}
	return strings.Join(out, "\n")
}

// syntaxError reads qjs's compile error: "SyntaxError: message" then frames
// such as "    at script.js:3:9".
func syntaxError(msg string) *ScriptError {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	name, message, found := strings.Cut(lines[0], ": ")
	if !found {
		name, message = "SyntaxError", lines[0]
	}
	for _, l := range lines[1:] {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "at script.js:") {
			message += " (" + strings.TrimPrefix(l, "at ") + ")"
			break
		}
	}
	return &ScriptError{Kind: ErrSyntax, Name: name, Message: truncate(message, 1000)}
}
